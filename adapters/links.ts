import { BaseError } from './errors.ts'

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
  override name = 'InvalidWalletLinkError'
  constructor(link: unknown, reason: string) {
    super('Invalid wallet link', { details: `${reason} Received: ${truncate(String(link))}` })
  }
}
/** Thrown for a pairing URI that is not a WalletConnect v2 URI (`wc:<topic>@2?…`). */
export class InvalidPairingUriError extends BaseError {
  override name = 'InvalidPairingUriError'
  constructor(uri: unknown) {
    super('Invalid WalletConnect URI', { details: `Expected wc:<topic>@2?relay-protocol=…&symKey=…; received ${truncate(String(uri))}` })
  }
}

function truncate(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}…` : s
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
 *   with whitespace or control characters, an http(s) link that does not parse or carries credentials,
 *   or a link with no scheme.
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
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(link)) throw new InvalidWalletLinkError(link, 'A wallet link may not contain whitespace or control characters.')
  const scheme = linkScheme(link)
  if (!scheme) throw new InvalidWalletLinkError(link, 'A wallet link needs a scheme (https:// or the wallet’s own).')
  if ((forbiddenLinkSchemes as readonly string[]).includes(scheme)) {
    throw new InvalidWalletLinkError(link, `The ${scheme}: scheme is never opened.`)
  }
  if (scheme === 'http' || scheme === 'https') {
    let url: URL
    try {
      url = new URL(link)
    } catch {
      throw new InvalidWalletLinkError(link, 'The link does not parse as a URL.')
    }
    if (!url.hostname) throw new InvalidWalletLinkError(link, 'The link has no host.')
    if (url.username || url.password) throw new InvalidWalletLinkError(link, 'The link may not carry credentials.')
    return { href: url.href, kind: 'universal' }
  }
  // A native scheme: only the scheme is used, so nothing after it can change where the link goes.
  return { href: `${scheme}://`, kind: 'native' }
}
