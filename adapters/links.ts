import { BaseError } from './errors.ts'
import { httpProtocols, InvalidUrlError, parseConnectionUrl, preview } from '../kernel/urls.ts'

/**
 * Wallet links (spec §5 "Links: http or https are universal links; otherwise a native scheme link is built").
 * A wallet's `mobile_link` / `desktop_link` from the directory (or a custom wallet) plus a WalletConnect pairing
 * URI give the link that opens the wallet on the pairing. Anything that could run script in the page or leave the
 * wallet's own scheme is refused: `javascript:`, `data:`, `vbscript:`, `file:`, `blob:`, `about:`, and links that
 * do not parse.
 */

/** Schemes a wallet link may never use, whatever the directory says. */
export const forbiddenLinkSchemes = ['javascript', 'data', 'vbscript', 'file', 'blob', 'about', 'filesystem', 'view-source', 'chrome', 'intent'] as const

/** Thrown for a wallet link that is malformed or could run script (spec §5 links). Never opened. */
export class InvalidWalletLinkError extends BaseError {
  static override docsPath = '/errors/InvalidWalletLinkError'
  override name = 'InvalidWalletLinkError'
  constructor(link: unknown, reason: string) {
    super('Invalid wallet link', { details: `${reason} Received: ${preview(link)}` })
  }
}
/** Thrown for a pairing URI that is not a WalletConnect v2 URI (`wc:<topic>@2?…`). */
export class InvalidPairingUriError extends BaseError {
  static override docsPath = '/errors/InvalidPairingUriError'
  override name = 'InvalidPairingUriError'
  constructor(uri: unknown) {
    super('Invalid WalletConnect URI', { details: `Expected wc:<topic>@2?relay-protocol=…&symKey=…; received ${preview(uri)}` })
  }
}

/** A link to open, with how it was built. */
export type WalletLink = {
  /** The URL to navigate to (or to put in an anchor's href). */
  href: string
  /** `universal`: an http(s) link; `native`: the wallet's own URL scheme. */
  kind: 'universal' | 'native'
  /** The wallet's name, kept with the link (the deep-link choice of spec §3 stores `{ href, name }`). */
  name: string
}

export type FormatWalletLinkParameters = {
  /** The wallet's link from the directory: `https://…` (universal) or `scheme://` / `scheme:` (native). */
  appUrl: string
  /** The pairing URI (`wc:…@2?…`). */
  wcUri: string
  /** The wallet's name. */
  name: string
}
export type FormatWalletLinkReturnType = WalletLink
export type FormatWalletLinkErrorType = InvalidWalletLinkError | InvalidPairingUriError

const wcUriPattern = /^wc:[0-9a-fA-F]{64}@2\?[^\s]*$/

/**
 * Whether `uri` is a WalletConnect v2 pairing URI: `wc:` + a 32-byte hex topic + `@2?` + query with
 * `relay-protocol` and `symKey` (64 hex). Whitespace is refused.
 */
export function isPairingUri(uri: unknown): uri is string {
  if (typeof uri !== 'string' || !wcUriPattern.test(uri)) return false
  const query = new URLSearchParams(uri.slice(uri.indexOf('?') + 1))
  return Boolean(query.get('relay-protocol')) && /^[0-9a-fA-F]{64}$/.test(query.get('symKey') ?? '')
}

/**
 * The scheme of a wallet link, lower-case, without the colon; undefined when the link has none.
 * @example linkScheme('metamask://') // 'metamask'
 */
export function linkScheme(link: string): string | undefined {
  return /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(link)?.[1]?.toLowerCase()
}

/**
 * Builds the link that opens a wallet on a pairing (spec §5): an http(s) `appUrl` gives a universal link
 * `https://host/path/wc?uri=<encoded>`; any other scheme a native link `scheme://wc?uri=<encoded>`.
 *
 * @throws InvalidWalletLinkError for a forbidden scheme (javascript:, data:, vbscript:, file:, …), a link
 *   with whitespace or control characters, an http(s) link that the connection layer's URL policy refuses (does not
 *   parse, no `//` and host, credentials, a backslash), or a link with no scheme.
 * @throws InvalidPairingUriError when `wcUri` is not a WalletConnect v2 URI.
 * @example
 * formatWalletLink({ appUrl: 'https://wallet.example/app', wcUri, name: 'Example' }).href
 * // 'https://wallet.example/app/wc?uri=wc%3A…'
 * formatWalletLink({ appUrl: 'examplewallet://', wcUri, name: 'Example' }).href // 'examplewallet://wc?uri=wc%3A…'
 */
export function formatWalletLink({ appUrl, wcUri, name }: FormatWalletLinkParameters): FormatWalletLinkReturnType {
  if (!isPairingUri(wcUri)) throw new InvalidPairingUriError(wcUri)
  const encoded = encodeURIComponent(wcUri)
  const base = checkWalletLink(appUrl)
  if (base.kind === 'universal') {
    const url = new URL(base.href)
    const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`
    return { href: `${url.origin}${path}wc?uri=${encoded}`, kind: 'universal', name }
  }
  const scheme = linkScheme(base.href)!
  return { href: `${scheme}://wc?uri=${encoded}`, kind: 'native', name }
}

/**
 * Checks a wallet link without a pairing (for an "open the app" button): returns it with its kind.
 * @throws InvalidWalletLinkError as {@link formatWalletLink} does.
 */
export function checkWalletLink(link: unknown): { href: string; kind: 'universal' | 'native' } {
  if (typeof link !== 'string' || link.length === 0) throw new InvalidWalletLinkError(link, 'A wallet link must be a non-empty string.')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern exists to reject control characters in a wallet link
  if (/[\s\u0000-\u001f\u007f]/.test(link)) throw new InvalidWalletLinkError(link, 'A wallet link may not contain whitespace or control characters.')
  const scheme = linkScheme(link)
  if (!scheme) throw new InvalidWalletLinkError(link, 'A wallet link needs a scheme (https:// or the wallet’s own).')
  if ((forbiddenLinkSchemes as readonly string[]).includes(scheme)) {
    throw new InvalidWalletLinkError(link, `The ${scheme}: scheme is never opened.`)
  }
  if (scheme === 'http' || scheme === 'https') {
    // The connection layer's URL policy (kernel/urls.ts): parsed with URL, `scheme://` and a host, no credentials
    // (`https://wallet.example@evil.example/` goes to evil.example), no backslash; a web app may have a fragment.
    let url: URL
    try {
      url = parseConnectionUrl(link, { protocols: httpProtocols, allowFragment: true })
    } catch (error) {
      throw new InvalidWalletLinkError(link, error instanceof InvalidUrlError ? error.reason : 'The link does not parse as a URL.')
    }
    return { href: url.href, kind: 'universal' }
  }
  // A native scheme: only the scheme is used, so nothing after it can change where the link goes.
  return { href: `${scheme}://`, kind: 'native' }
}

/** Parameters of {@link phoneWalletLink}: the wallet's phone links and the dapp's universal-links preference. */
export type PhoneWalletLinkParameters = {
  /** The directory's deep link (a native scheme or a universal link). */
  mobile_link?: string | null | undefined
  /** The directory's universal link of the wallet (`https://…`), if it has one. */
  link_mode?: string | null | undefined
  /** The universal-links preference (`preferUniversalLinks` option; spec §9: off by default). */
  preferUniversalLinks?: boolean | undefined
}

/**
 * The link a phone opens a wallet by (spec §9 "No universal links by default"): the wallet's `mobile_link`, unless
 * the dapp prefers universal links and the wallet has a universal (http(s)) `link_mode`. Undefined when the wallet has
 * neither. Never throws: the link is checked where it is built ({@link formatWalletLink}).
 * @example phoneWalletLink({ mobile_link: 'trust://', link_mode: 'https://link.trustwallet.com' }) // 'trust://'
 * @example phoneWalletLink({ mobile_link: 'trust://', link_mode: 'https://link.trustwallet.com', preferUniversalLinks: true }) // 'https://link.trustwallet.com'
 */
export function phoneWalletLink({ mobile_link, link_mode, preferUniversalLinks = false }: PhoneWalletLinkParameters): string | undefined {
  const universal = link_mode && /^https?:/i.test(link_mode) ? link_mode : undefined
  return (preferUniversalLinks ? (universal ?? mobile_link) : (mobile_link ?? undefined)) ?? undefined
}

/** A catalogue wallet's links, as the directory (or the dapp's `customWallets`) gives them. */
export type CatalogueWalletLinks = {
  name: string
  homepage?: string | null | undefined
  webapp_link?: string | null | undefined
  desktop_link?: string | null | undefined
  mobile_link?: string | null | undefined
}
export type CatalogueWalletLinkParameters = CatalogueWalletLinks
/**
 * What a catalogue row may do without WalletConnect: `open` an http(s) page in a new tab, show the wallet as
 * `refused` (a link of the wallet breaks the link policy: the row is disabled and says why, nothing is opened), or
 * `none` (no page to open, e.g. only a native app link).
 */
export type CatalogueWalletLinkReturnType = { kind: 'open'; link: WalletLink } | { kind: 'refused'; field: keyof Omit<CatalogueWalletLinks, 'name'>; error: InvalidWalletLinkError } | { kind: 'none' }
export type CatalogueWalletLinkErrorType = never

/** The link fields of a catalogue wallet, in the order a row without WalletConnect opens them. */
const catalogueLinkFields = ['webapp_link', 'homepage', 'desktop_link', 'mobile_link'] as const

/**
 * The link policy for a catalogue row when WalletConnect is off (spec §5 links): every link the
 * wallet has — `webapp_link`, `homepage`, `desktop_link`, `mobile_link` — goes through {@link checkWalletLink}, the
 * same check the WalletConnect views make. One refused link (a forbidden scheme such as `javascript:`, whitespace, a
 * link that does not parse, or credentials before the host such as `https://wallet.example@evil.example/`, a
 * look-alike that goes to `evil.example`) refuses the wallet: nothing of it is opened or rendered as a link.
 * Otherwise the first universal (http(s)) link among web app, homepage and desktop link is opened; native app links
 * are not opened in a tab. Empty and absent links are skipped. Never throws.
 *
 * @example
 * catalogueWalletLink({ name: 'W', homepage: 'https://wallet.example' }) // { kind: 'open', link: { href: 'https://wallet.example/', … } }
 * catalogueWalletLink({ name: 'W', homepage: 'https://wallet.example@evil.example/' }).kind // 'refused'
 */
export function catalogueWalletLink(wallet: CatalogueWalletLinkParameters): CatalogueWalletLinkReturnType {
  let open: WalletLink | undefined
  for (const field of catalogueLinkFields) {
    const value = wallet[field]
    if (value === undefined || value === null || value === '') continue
    let checked: { href: string; kind: 'universal' | 'native' }
    try {
      checked = checkWalletLink(value)
    } catch (error) {
      return { kind: 'refused', field, error: error instanceof InvalidWalletLinkError ? error : new InvalidWalletLinkError(value, 'The link could not be checked.') }
    }
    if (!open && checked.kind === 'universal' && field !== 'mobile_link') open = { href: checked.href, kind: 'universal', name: wallet.name }
  }
  return open ? { kind: 'open', link: open } : { kind: 'none' }
}
