/**
 * The default `siwx` option (spec §3 "siwx", "sign-in auth token, nonce token"; §4 "Sign-in (SIWX)"):
 * a {@link SiwxConfig} on the SIWX API (`openapi/siwx.yaml`, served by `dev/api` in the demo and the tests).
 * Nonces come from the server; the message is CAIP-122 (EIP-4361 for eip155); the server verifies the signature
 * on the chain the message names and issues a session token. Sessions are kept in storage, so they survive a
 * reload, and are checked with the server before they are reused: one for another address or chain never is.
 */
import * as v from 'valibot'
import { BaseError } from '../kernel/errors.ts'
import { httpProtocols, parseConnectionUrl } from '../kernel/urls.ts'
import type { InvalidSiwxMessageError, SiwxConfig, SiwxFormatter, SiwxSession } from '../kernel/siwx.ts'
import { ApiError } from './api.ts'
import type { SiwxApi } from './siwx.ts'
import { createStorage, storageKeys, type StorageLike } from './storage.ts'

/** How long a message (and so its session) is valid by default, in ms: 24 hours. */
export const defaultSiwxExpiry = 24 * 60 * 60_000

/** What {@link createSiwx} takes. */
export type CreateSiwxParameters = {
  /** The SIWX API's base URL, e.g. `http://127.0.0.1:8600/siwx` (the reference server). */
  url: string
  /** Sent as `projectId` (the client's common middleware). Default `''`. */
  projectId?: string
  /** The message's statement (one line, shown by the wallet). Default none. */
  statement?: string
  /** Resources (URIs) the visitor authorises, listed in the message. */
  resources?: string[]
  /** How long the message is valid, in ms (its expiration time). Default {@link defaultSiwxExpiry}; `0` for no expiry. */
  expiresIn?: number
  /** The message's domain: default the page's host (`location.host`). */
  domain?: string
  /** The message's URI: default the page's origin (`location.origin`). */
  uri?: string
  /** Sign-in is required: the modal cannot close without a session (spec §2). Default false. */
  required?: boolean
  /** Sign out when the wallet disconnects. Default true. */
  signOutOnDisconnect?: boolean
  /** Where sessions and the nonce token are kept; default `localStorage` (keys under `@latchkey/`). */
  storage?: StorageLike
  /** Formatters by namespace for messages other than the built-in ones (eip155 is EIP-4361). */
  formatters?: Record<string, SiwxFormatter>
  /** The fetch the API calls go through. */
  fetch?: typeof globalThis.fetch
  /** The clock (Unix ms) for `issuedAt` and `expirationTime`. Default `Date.now`. */
  now?: () => number
}
/** {@link createSiwx} returns a {@link SiwxConfig} whose `addSession` resolves with the stored session and its token. */
export type CreateSiwxReturnType = Omit<SiwxConfig, 'addSession'> & { addSession(session: SiwxSession): Promise<SiwxSession & { token: string }> }
/**
 * What the config's methods reject with: `ApiError` (a refusal is a 422 with `body.code`, see `siwxErrorCode`),
 * `InvalidResponseError`, {@link InvalidSiwxMessageError}, {@link SiwxNonceError}.
 */
export type CreateSiwxErrorType = ApiError | InvalidSiwxMessageError | SiwxNonceError | BaseError

/** The message to add does not carry the nonce this client was issued (or no nonce was issued). */
export class SiwxNonceError extends BaseError {
  static override docsPath = '/errors/SiwxNonceError'
  override name = 'SiwxNonceError'
}

const nonceTokenSchema = v.object({ nonce: v.string(), token: v.pipe(v.string(), v.minLength(1)), expiresAt: v.string() })
const messageSchema = v.object({
  accountAddress: v.pipe(v.string(), v.minLength(1)),
  chainId: v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/)),
  domain: v.string(),
  uri: v.string(),
  version: v.string(),
  nonce: v.string(),
  notBefore: v.optional(v.string()),
  statement: v.optional(v.string()),
  resources: v.optional(v.array(v.string())),
  requestId: v.optional(v.string()),
  issuedAt: v.optional(v.string()),
  expirationTime: v.optional(v.string()),
  serializedMessage: v.string(),
})
/** What the sign-in auth-token key holds: the sessions this browser has, each with its session token. */
const storedSessionsSchema = v.array(v.object({ data: messageSchema, message: v.string(), signature: v.string(), token: v.pipe(v.string(), v.minLength(1)) }))
type StoredSession = v.InferOutput<typeof storedSessionsSchema>[number]

const sameAccount = (s: { data: { chainId: string; accountAddress: string } }, chainId: string, address: string) => s.data.chainId === chainId && s.data.accountAddress.toLowerCase() === address.toLowerCase()

/**
 * The default SIWX config on the project's SIWX API. Its client (openapi-fetch and the schemas) loads with the
 * first call, not with the page; so does the message formatting (viem's SIWE utilities).
 *
 * - `createMessage`: a fresh nonce from the server (its nonce token kept under `siwx_nonce_token`), the message
 *   with this page's domain and origin, issued now, expiring after `expiresIn`.
 * - `addSession`: the server verifies message and signature with that nonce token; the session (with its token)
 *   joins the list under `siwx_auth_token`; the nonce token is dropped (nonces are single use).
 * - `getSessions`: the stored sessions of exactly this CAIP-2 network and address that the server still knows;
 *   one the server answers 401 for (signed out, expired) is dropped. Malformed storage is dropped, never thrown.
 * - `revokeSession`: forgets the session here, then ends it on the server.
 *
 * @param parameters see {@link CreateSiwxParameters}.
 * @returns a {@link SiwxConfig} for `createModal({ siwx })`.
 * @throws InvalidUrlError at once when `url` is not an absolute http(s) base URL (spec §5: the connection layer
 *   accepts only http(s) or ws(s) URLs; parsed with `URL`, no credentials, query or fragment).
 * @throws (from its methods) see {@link CreateSiwxErrorType}; `getSessions` rejects only when the server cannot
 *   be asked (network failure, 5xx, an answer that breaks the contract).
 * @example
 * const modal = createModal({ projectId, networks: [mainnet], siwx: createSiwx({ url: 'https://api.example/siwx', required: true }) })
 */
export function createSiwx(parameters: CreateSiwxParameters): CreateSiwxReturnType {
  parseConnectionUrl(parameters.url, { protocols: httpProtocols, base: true })
  const storage = createStorage({ storage: parameters.storage })
  const now = parameters.now ?? Date.now
  const expiresIn = parameters.expiresIn ?? defaultSiwxExpiry
  // The message formatting (viem's SIWE utilities) and the client load with the first sign-in, not with the page.
  const messages = () => import('../kernel/siwx.ts')
  let apiPromise: Promise<SiwxApi> | undefined
  const api = () => (apiPromise ??= import('./siwx.ts').then((m) => m.createSiwxApi({ baseUrl: parameters.url, projectId: parameters.projectId ?? '', ...(parameters.fetch ? { fetch: parameters.fetch } : {}) })))

  const readSessions = (): StoredSession[] => storage.read(storageKeys.siwxAuthToken, storedSessionsSchema) ?? []
  const writeSessions = (list: StoredSession[]) => (list.length ? storage.write(storageKeys.siwxAuthToken, list) : storage.remove(storageKeys.siwxAuthToken))
  const forget = (chainId: string, address: string) => writeSessions(readSessions().filter((s) => !sameAccount(s, chainId, address)))

  return {
    ...(parameters.required !== undefined ? { required: parameters.required } : {}),
    ...(parameters.signOutOnDisconnect !== undefined ? { signOutOnDisconnect: parameters.signOutOnDisconnect } : {}),

    async createMessage({ accountAddress, chainId }) {
      const { nonce, token, expiresAt } = await (await api()).getNonce()
      storage.write(storageKeys.siwxNonceToken, { nonce, token, expiresAt })
      const issued = now()
      const location = globalThis.location as Location | undefined
      const { toSiwxMessage, siwxFormatters } = await messages()
      return toSiwxMessage(
        {
          accountAddress,
          chainId,
          domain: parameters.domain ?? location?.host ?? '',
          uri: parameters.uri ?? location?.origin ?? '',
          version: '1',
          nonce,
          issuedAt: new Date(issued).toISOString(),
          ...(expiresIn > 0 ? { expirationTime: new Date(issued + expiresIn).toISOString() } : {}),
          ...(parameters.statement ? { statement: parameters.statement } : {}),
          ...(parameters.resources?.length ? { resources: parameters.resources } : {}),
        },
        parameters.formatters ? { ...siwxFormatters, ...parameters.formatters } : siwxFormatters,
      )
    },

    async addSession(session) {
      const issued = storage.read(storageKeys.siwxNonceToken, nonceTokenSchema)
      if (!issued || issued.nonce !== session.data.nonce) {
        throw new SiwxNonceError('This message was not made with a nonce issued to this page', { details: session.data.nonce })
      }
      if (!/^0x[0-9a-fA-F]+$/.test(session.signature)) {
        const { InvalidSiwxMessageError } = await messages()
        throw new InvalidSiwxMessageError('The signature is not hex', { details: session.signature })
      }
      // Spent whatever the answer: the server spends the nonce on every verification.
      storage.remove(storageKeys.siwxNonceToken)
      const verified = await (await api()).verify({
        message: session.message,
        signature: session.signature as `0x${string}`,
        token: issued.token,
        chainId: session.data.chainId,
      })
      const stored: StoredSession = { data: session.data, message: session.message, signature: session.signature, token: verified.token }
      writeSessions([...readSessions().filter((s) => !sameAccount(s, session.data.chainId, session.data.accountAddress)), stored])
      return stored
    },

    async getSessions(chainId, address) {
      const client = await api()
      const held: SiwxSession[] = []
      for (const stored of readSessions().filter((s) => sameAccount(s, chainId, address))) {
        try {
          const server = await client.getSession(stored.token)
          // The server's word on whose session it is wins over what storage claims.
          if (server.chainId === chainId && server.address.toLowerCase() === address.toLowerCase()) held.push(stored)
          else forget(chainId, address)
        } catch (error) {
          if (error instanceof ApiError && error.status === 401) forget(chainId, address)
          else throw error
        }
      }
      return held
    },

    async revokeSession(chainId, address) {
      const ending = readSessions().filter((s) => sameAccount(s, chainId, address))
      forget(chainId, address)
      const client = await api()
      await Promise.all(ending.map((s) => client.signOut(s.token)))
    },
  }
}
