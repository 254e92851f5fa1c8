import { BaseError } from './errors.ts'

/**
 * The URL policy of the connection layer (spec §5 "Connection layer accepts only http(s) or ws(s) URLs"): a URL the
 * modal connects to (an API base URL, a network's RPC URL, the WalletConnect relay) is parsed with the WHATWG `URL`
 * parser, never matched with a pattern, and must be absolute, of an allowed protocol, with a host, without
 * credentials (a look-alike such as `https://wallet.example@evil.example/` goes to `evil.example`) and without
 * whitespace or control characters anywhere (the parser would silently drop a newline or a tab, so
 * `'ws://relay.example\njavascript:…'` must be refused before it gets there).
 */

/** The protocols of the connection layer, with their colon as `URL.protocol` spells them. */
export type ConnectionProtocol = 'http:' | 'https:' | 'ws:' | 'wss:'

/** Why a URL was refused, in words for a developer. */
export class InvalidUrlError extends BaseError {
  static override docsPath = '/errors/InvalidUrlError'
  override name = 'InvalidUrlError'
  /** The reason alone (also in `details`). */
  reason: string
  constructor(url: unknown, reason: string) {
    super('Invalid URL', { details: `${reason} Received: ${preview(url)}` })
    this.reason = reason
  }
}

/** A value as it may be shown in an error: strings JSON-quoted (control characters visible), cut at 80 characters. */
export function preview(value: unknown): string {
  let text: string
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : typeof value === 'function' ? 'a function' : typeof value === 'object' && value !== null ? (JSON.stringify(value) ?? String(value)) : String(value) // NaN, Infinity, undefined, bigint, symbol as themselves
  } catch {
    text = Object.prototype.toString.call(value)
  }
  return text.length > 80 ? `${text.slice(0, 77)}…` : text
}

export type ParseConnectionUrlParameters = {
  /** The protocols accepted, e.g. `['ws:', 'wss:']` for a relay. */
  protocols: readonly ConnectionProtocol[]
  /** A base URL that paths are appended to: a query or a fragment would swallow them, so both are refused. */
  base?: boolean | undefined
  /** A page to open (a wallet's web app) may have a fragment (`#/connect`); a URL to connect to may not. */
  allowFragment?: boolean | undefined
}
export type ParseConnectionUrlReturnType = URL
export type ParseConnectionUrlErrorType = InvalidUrlError

// biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern exists to reject control characters in a URL
const whitespaceOrControl = /[\s\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/

/**
 * Parses a URL of the connection layer (spec §5) with `URL`.
 *
 * @param value the URL as configured (a string; anything else is refused).
 * @returns the parsed `URL`; its `href` is the normalised form (`'ws://127.0.0.1:8700'` → `'ws://127.0.0.1:8700/'`).
 * @throws InvalidUrlError when `value` is not a string, holds whitespace, a control character or a backslash, does not
 *   parse as an absolute URL, has another protocol, does not start with `<protocol>//` (`ws:/host`), has no host, carries credentials, or (with `base`) has a query or fragment.
 * @example
 * parseConnectionUrl('wss://relay.walletconnect.org', { protocols: ['ws:', 'wss:'] }).host // 'relay.walletconnect.org'
 * parseConnectionUrl('ws://127.0.0.1:8700 evil', { protocols: ['ws:', 'wss:'] }) // throws InvalidUrlError
 */
export function parseConnectionUrl(value: unknown, { protocols, base = false, allowFragment = false }: ParseConnectionUrlParameters): ParseConnectionUrlReturnType {
  const expected = `Expected an absolute ${protocols.map((p) => `${p}//`).join(' or ')} URL.`
  if (typeof value !== 'string' || value.length === 0) throw new InvalidUrlError(value, `${expected} It must be a non-empty string.`)
  if (whitespaceOrControl.test(value)) throw new InvalidUrlError(value, 'A URL may not contain whitespace or control characters.')
  // The parser reads `https:\\evil.example` and `ws:/host` as `https://evil.example/` and `ws://host/`: neither is what it says.
  if (value.includes('\\')) throw new InvalidUrlError(value, 'A URL may not contain a backslash.')
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new InvalidUrlError(value, `${expected} It does not parse as a URL.`)
  }
  if (!(protocols as readonly string[]).includes(url.protocol)) throw new InvalidUrlError(value, `${expected} The ${url.protocol} protocol is not accepted.`)
  if (value.slice(0, url.protocol.length + 2).toLowerCase() !== `${url.protocol}//`) throw new InvalidUrlError(value, `${expected} It must start with ${url.protocol}//.`)
  if (!url.hostname) throw new InvalidUrlError(value, `${expected} It has no host.`)
  if (url.username || url.password) throw new InvalidUrlError(value, 'A URL may not carry credentials (user:password@): the host would be the part after the @.')
  if (base && (url.search || value.includes('?'))) throw new InvalidUrlError(value, 'A base URL may not have a query: paths are appended to it.')
  if ((base || !allowFragment) && (url.hash || value.includes('#'))) throw new InvalidUrlError(value, 'A URL may not have a fragment.')
  return url
}

/** The http(s) protocols (API base URLs, HTTP RPC URLs). */
export const httpProtocols: readonly ConnectionProtocol[] = ['http:', 'https:']
/** The ws(s) protocols (the relay, WebSocket RPC URLs). */
export const wsProtocols: readonly ConnectionProtocol[] = ['ws:', 'wss:']

/** `data:` image types a wallet or token icon may use (EIP-6963 announces icons as data URIs). */
const dataImage = /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i

/**
 * Whether `value` may be used as an image source: an http(s) URL (as {@link parseConnectionUrl} accepts it, a fragment
 * allowed: `sprite.svg#icon`) or a
 * `data:image/…` URI of a raster or SVG type. Never throws.
 * @example isImageUrl('https://example.org/icon.png') // true
 * isImageUrl('javascript:alert(1)') // false
 */
export function isImageUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false
  // An image source cannot run script: a data: image is fine whatever its content.
  if (dataImage.test(value)) return true
  try {
    parseConnectionUrl(value, { protocols: httpProtocols, allowFragment: true })
    return true
  } catch {
    return false
  }
}
