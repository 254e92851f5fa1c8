/**
 * A signed-in start (spec §4 "Sign-in (SIWX)", §3 "sign-in auth token"): the sign-in a visitor made earlier, as the
 * default `siwx` config (`createSiwx` of `latchkey`) keeps it. A real EIP-4361 message is made with a nonce of the
 * dapp's SIWX server, signed with the test wallet's key, verified by that server, and the session it issues is written
 * where the config reads it (`@latchkey/siwx_auth_token`). On load the modal's restore asks the server about that
 * token (`getSessions`), finds the session and skips the sign-in prompt: the real restore, no private hook.
 */
import { ConnectedStartError } from './errors.ts'
import { type SiwxMessage, toSiwxMessage } from '../kernel/siwx.ts'
import { createSiwxApi, siwxErrorCode } from '../services/siwx.ts'
import { storageKeys, storagePrefix } from '../services/storage.ts'
import { preview } from './wallet/keys.ts'

/** How long the seeded message (and so its session) is valid by default, in ms: 24 hours, as `createSiwx`'s default. */
const DEFAULT_EXPIRY = 24 * 60 * 60_000

/** Where the dapp signs in, as its `createSiwx({ url, projectId, statement })` was given. */
export type SignedInStartOptions = {
  /** The SIWX API's base URL (the `url` given to `createSiwx`), e.g. `http://127.0.0.1:8600/siwx`. */
  url: string
  /**
   * The page's origin (`scheme://host:port`): the message's domain is its host and its URI the origin, as the modal
   * makes them. The server refuses a domain it does not sign in for (`WRONG_DOMAIN`).
   */
  origin: string
  /** Sent as `projectId`, as `createSiwx({ projectId })`. Default `''`. */
  projectId?: string
  /** The message's statement. Default none. */
  statement?: string
  /** How long the message is valid, in ms; default 24 hours; `0` for no expiration time. */
  expiresIn?: number
  /** The fetch the server calls go through (default the global one). */
  fetch?: typeof globalThis.fetch
}

/** What {@link signedInStorage} takes: where to sign in, who, and how the wallet signs. */
export type SignedInStorageParameters = SignedInStartOptions & {
  /** The CAIP-2 network signed in on; eip155 only (the message is EIP-4361). */
  caipNetworkId: string
  /** The signer's address (0x, 20 bytes). */
  address: string
  /** Signs the message's text as the wallet's `personal_sign` would (EIP-191). */
  sign: (message: string) => Promise<string>
}

/** A session the server issued, as the default config stores it: the message, its signature, the session token. */
export type SignedInSession = { data: SiwxMessage; message: string; signature: string; token: string }

/** {@link signedInStorage} resolves with the entries to write (key → raw value) and the session they hold. */
export type SignedInStorageReturnType = { storage: Record<string, string>; session: SignedInSession }

/**
 * Signs in once against the dapp's SIWX server and answers the localStorage entry that holds the session.
 *
 * @param parameters see {@link SignedInStorageParameters}.
 * @returns `{ storage, session }`: `storage` maps `@latchkey/siwx_auth_token` to the stored session list.
 * @throws ConnectedStartError for a network that is not eip155 CAIP-2, an address that is not 0x + 40 hex digits, a
 *   URL or origin that is not http(s), an `expiresIn` that is not a non-negative number of ms, a signature that is not
 *   hex, or a refusal of the server (`details` carries its code, `cause` the error).
 * @example
 * const { storage } = await signedInStorage({ url: `${api}/siwx`, origin: 'http://127.0.0.1:4173', caipNetworkId: 'eip155:31337', address, sign: (m) => wallet.signMessage(m) })
 */
export async function signedInStorage(parameters: SignedInStorageParameters): Promise<SignedInStorageReturnType> {
  const { url, origin, caipNetworkId, address, sign, projectId = '', statement, expiresIn = DEFAULT_EXPIRY } = parameters
  if (typeof caipNetworkId !== 'string' || !/^eip155:[1-9][0-9]*$/.test(caipNetworkId)) {
    throw new ConnectedStartError('A signed-in start is on an EVM network', { details: `siwx needs an eip155 network (EIP-4361), got ${preview(caipNetworkId)}` })
  }
  if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) throw new ConnectedStartError('Invalid address', { details: `the signer must be 0x + 40 hex digits, got ${preview(address)}` })
  const page = httpUrl(origin, 'siwx.origin')
  httpUrl(url, 'siwx.url')
  if (typeof expiresIn !== 'number' || !Number.isFinite(expiresIn) || expiresIn < 0) {
    throw new ConnectedStartError('Invalid siwx option', { details: `siwx.expiresIn must be a non-negative number of ms, got ${preview(expiresIn)}` })
  }
  const api = createSiwxApi({ baseUrl: url, projectId, ...(parameters.fetch ? { fetch: parameters.fetch } : {}) })
  const refused = (step: string) => (cause: unknown) => {
    const code = siwxErrorCode(cause)
    return new ConnectedStartError(`The SIWX server refused the signed-in start (${step})`, { details: code ? `code ${code}` : `${url}`, cause })
  }
  const { nonce, token } = await api.getNonce().catch((cause: unknown) => {
    throw refused('nonce')(cause)
  })
  const issued = Date.now()
  const data = toSiwxMessage({
    accountAddress: address,
    chainId: caipNetworkId,
    domain: page.host,
    uri: page.origin,
    version: '1',
    nonce,
    issuedAt: new Date(issued).toISOString(),
    ...(expiresIn > 0 ? { expirationTime: new Date(issued + expiresIn).toISOString() } : {}),
    ...(statement ? { statement } : {}),
  })
  const signature = await sign(data.serializedMessage)
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature)) throw new ConnectedStartError('Invalid signature', { details: `sign must answer hex, got ${preview(signature)}` })
  const verified = await api.verify({ message: data.serializedMessage, signature: signature as `0x${string}`, token, chainId: caipNetworkId }).catch((cause: unknown) => {
    throw refused('verify')(cause)
  })
  const session: SignedInSession = { data, message: data.serializedMessage, signature, token: verified.token }
  return { storage: { [`${storagePrefix}${storageKeys.siwxAuthToken}`]: JSON.stringify([session]) }, session }
}

function httpUrl(text: unknown, field: string): URL {
  let url: URL | undefined
  try {
    url = typeof text === 'string' ? new URL(text) : undefined
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new ConnectedStartError('Invalid siwx option', { details: `${field} must be an absolute http(s) URL, got ${preview(text)}` })
  return url
}
