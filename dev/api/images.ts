/**
 * The images of the reference server: a network's, token's or fiat currency's own mark from the icon sets of
 * `marks.ts`, and, where a set has none, a monogram (the initials of a label on a colour taken from a hash of the id).
 * Deterministic (same id, same bytes). Dev-only.
 */
import { createHash } from 'node:crypto'
import { devWalletIconSvg } from '../../testing/wallet/announce.ts'
import { fiatMark, networkMark, tokenMark, walletMark } from './marks.ts'

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

/**
 * The letters of a network's monogram: the {@link initials} of its name, except that a name ending in a number keeps
 * that number (`'Anvil Local'` → `'AL'`, `'Anvil Local 2'` → `'A2'`), so two numbered networks differ.
 *
 * @param name the network's display name.
 * @returns 1 to 3 characters.
 */
export function networkInitials(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean)
  const last = words.at(-1) ?? ''
  return words.length >= 2 && /^\d{1,2}$/.test(last) ? `${(words[0]?.[0] ?? '').toUpperCase()}${last}` : initials(name)
}

/**
 * A network's image (spec §7 `/public/getAssetImage/{id}`): its own mark from the icon set (`marks.ts`), or, for a
 * network the set has no mark of (the local anvil chains), a tinted monogram: {@link networkInitials} in white on a
 * rounded square in a colour derived from `seed`.
 *
 * @param caipNetworkId the network's CAIP-2 id (what its mark is found by).
 * @param seed what the monogram's colour is derived from (the network's image id).
 * @param name the network's display name (the monogram's letters).
 * @returns the SVG document as a string.
 */
export function networkSvg(caipNetworkId: string, seed: string, name: string): string {
  const mark = networkMark(caipNetworkId)
  if (mark) return mark
  const { hue, saturation, lightness } = tint(seed)
  const text = networkInitials(name).replace(/[<>&"']/g, '')
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
    `<rect width="96" height="96" rx="48" fill="hsl(${hue} ${saturation}% ${lightness}%)"/>` +
    `<text x="48" y="50" dominant-baseline="middle" text-anchor="middle" font-family="system-ui, sans-serif" font-size="36" font-weight="600" fill="#fff">${text}</text>` +
    '</svg>'
  )
}

/**
 * A token's image (spec §7 `/public/getTokenImage/{id}`, and the `iconUrl` of balances): its own mark from the icon
 * set (`ETH` is the same diamond as the Ethereum network), or, for a token the set has no mark of (`DEV`, `dUSDT`,
 * `WETH`), a coin: a disc in a colour derived from the symbol with a lighter rim and the symbol (up to 5 characters).
 *
 * @param symbol the token's symbol (`ETH`, `DEV`, `dUSDT`).
 * @returns the SVG document as a string.
 */
export function tokenSvg(symbol: string): string {
  const mark = tokenMark(symbol)
  if (mark) return mark
  const { hue, saturation, lightness } = tint(`token:${symbol}`)
  const text = symbol.replace(/[^\p{L}\p{N}]/gu, '').slice(0, 5)
  const size = text.length <= 3 ? 30 : text.length === 4 ? 24 : 20
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
    `<circle cx="48" cy="48" r="46" fill="hsl(${hue} ${saturation}% ${lightness + 14}%)"/>` +
    `<circle cx="48" cy="48" r="39" fill="hsl(${hue} ${saturation}% ${lightness}%)"/>` +
    `<text x="48" y="50" dominant-baseline="middle" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${size}" font-weight="700" fill="#fff">${text}</text>` +
    '</svg>'
  )
}

/**
 * A fiat currency's image (spec §7 `/public/getCurrencyImage/{id}`): its mark from the icon set (a disc with the
 * currency's sign), or the {@link initialsSvg} of its name for a currency the set lacks.
 *
 * @param code ISO 4217 code (`USD`).
 * @param name the currency's name (`US Dollar`), for the monogram.
 * @returns the SVG document as a string.
 */
export function currencySvg(code: string, name: string): string {
  return fiatMark(code) ?? initialsSvg(`currency:${code}`, name)
}

/**
 * A wallet's image (spec §7 `/getWalletImage/{id}`): the development wallet's own key mark (the icon it announces), a
 * known wallet's mark from the icon set (`marks.ts`, by rdns), or, where the set has none, the {@link initialsSvg} of
 * its name.
 *
 * @param wallet the directory entry: its `rdns` finds the mark, its `image_id` and `name` make the monogram.
 * @returns the SVG document as a string.
 */
export function walletSvg(wallet: { name: string; image_id: string; rdns?: string | null }): string {
  if (wallet.rdns === devWalletRdnsForImage) return devWalletIconSvg
  return (wallet.rdns ? walletMark(wallet.rdns) : undefined) ?? initialsSvg(wallet.image_id, wallet.name)
}

/** The development wallet's reverse-DNS id (as `dataset.ts` `devWalletRdns`, kept here to spare an import cycle). */
const devWalletRdnsForImage = 'dev.latchkey.wallet'
