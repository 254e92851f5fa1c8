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
