/**
 * Generated images of the reference server: a rounded square in a colour taken from a hash of the id, with
 * the initials of a label. Deterministic (same id, same bytes). Dev-only.
 */
import { createHash } from 'node:crypto'

/**
 * The initials of a label: the first letter of its first two words (`'Metal Pay'` → `'MP'`), or its first
 * two characters for one word (`'MetaVault'` → `'ME'`), upper case, letters and digits only.
 *
 * @param label any display name.
 * @returns 1 or 2 characters, `'?'` when the label has no letter or digit.
 */
export function initials(label: string): string {
  const words = label.split(/[^\p{L}\p{N}]+/u).filter(Boolean)
  const text = words.length >= 2 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : (words[0] ?? '').slice(0, 2)
  return text.toUpperCase() || '?'
}

/**
 * An SVG image (96×96, rounded corners) with the initials of `label` on a colour derived from `seed`.
 *
 * @param seed what the colour is derived from (a wallet's image id, a token symbol…).
 * @param label the text whose {@link initials} are drawn.
 * @returns the SVG document as a string (UTF-8, `image/svg+xml`).
 */
export function initialsSvg(seed: string, label: string): string {
  const digest = createHash('sha256').update(seed).digest()
  const hue = ((digest[0] ?? 0) * 256 + (digest[1] ?? 0)) % 360
  const saturation = 55 + ((digest[2] ?? 0) % 25)
  const lightness = 38 + ((digest[3] ?? 0) % 14)
  const text = initials(label).replace(/[<>&"']/g, '')
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
    `<rect width="96" height="96" rx="24" fill="hsl(${hue} ${saturation}% ${lightness}%)"/>` +
    `<text x="48" y="50" dominant-baseline="middle" text-anchor="middle" font-family="system-ui, sans-serif" font-size="38" font-weight="600" fill="#fff">${text}</text>` +
    '</svg>'
  )
}

/**
 * An SVG as a `data:` URI (for avatars and token icons embedded in JSON answers).
 *
 * @param svg the SVG document.
 * @returns `data:image/svg+xml;base64,…`.
 */
export function svgDataUri(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`
}

/** Hue, saturation and lightness derived from a seed (the same for the same seed). */
function tint(seed: string): { hue: number; saturation: number; lightness: number } {
  const digest = createHash('sha256').update(seed).digest()
  return { hue: ((digest[0] ?? 0) * 256 + (digest[1] ?? 0)) % 360, saturation: 55 + ((digest[2] ?? 0) % 25), lightness: 38 + ((digest[3] ?? 0) % 14) }
}

/** White glyphs on a 96×96 canvas, one per chain namespace (drawn for this project). */
const namespaceGlyphs: Readonly<Record<string, string>> = {
  // A faceted diamond (the usual mark of an EVM chain).
  eip155: '<path d="M48 14 26 50l22 13 22-13z" fill="#fff"/><path d="M48 68 26 55l22 29 22-29z" fill="#fff" opacity=".8"/>',
  // Three slanted bars.
  solana: '<g fill="#fff"><path d="M30 30h42l-8 8H22z"/><path d="M22 44h42l8 8H30z" opacity=".85"/><path d="M30 58h42l-8 8H22z"/></g>',
  // A coin with two notches (a UTXO chain).
  bip122: '<circle cx="48" cy="48" r="24" fill="none" stroke="#fff" stroke-width="7"/><path d="M44 30v-8M52 30v-8M44 74v-8M52 74v-8" stroke="#fff" stroke-width="5" stroke-linecap="round"/>',
}
/** Any other namespace: a globe. */
const globeGlyph = '<g fill="none" stroke="#fff" stroke-width="5"><circle cx="48" cy="48" r="24"/><ellipse cx="48" cy="48" rx="10" ry="24"/><path d="M24 48h48"/></g>'

/**
 * A network's image (96×96, rounded corners): its namespace's glyph in white on a colour derived from `seed`, no
 * letters.
 *
 * @param seed what the colour is derived from (the network's image id).
 * @param namespace the CAIP-2 namespace (`eip155`, `solana`, `bip122`); another one draws a globe.
 * @returns the SVG document as a string.
 */
export function networkSvg(seed: string, namespace: string): string {
  const { hue, saturation, lightness } = tint(seed)
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
    `<rect width="96" height="96" rx="24" fill="hsl(${hue} ${saturation}% ${lightness}%)"/>` +
    (namespaceGlyphs[namespace] ?? globeGlyph) +
    '</svg>'
  )
}

/**
 * A token's image (96×96 coin): a disc in a colour derived from the symbol with a lighter rim and the symbol
 * (up to 5 characters) written on it; ETH gets the diamond glyph.
 *
 * @param symbol the token's symbol (`DEV`, `dUSDT`).
 * @returns the SVG document as a string.
 */
export function tokenSvg(symbol: string): string {
  const { hue, saturation, lightness } = tint(`token:${symbol}`)
  const text = symbol.replace(/[^\p{L}\p{N}]/gu, '').slice(0, 5)
  const size = text.length <= 3 ? 30 : text.length === 4 ? 24 : 20
  const face =
    symbol === 'ETH' || symbol === 'WETH'
      ? (namespaceGlyphs.eip155 ?? '')
      : `<text x="48" y="50" dominant-baseline="middle" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${size}" font-weight="700" fill="#fff">${text}</text>`
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
    `<circle cx="48" cy="48" r="46" fill="hsl(${hue} ${saturation}% ${lightness + 14}%)"/>` +
    `<circle cx="48" cy="48" r="39" fill="hsl(${hue} ${saturation}% ${lightness}%)"/>` +
    face +
    '</svg>'
  )
}
