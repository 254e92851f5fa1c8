/**
 * The SIWX part of the reference server (`openapi/siwx.yaml`, mounted under `/siwx`): single-use
 * nonces, verification of signed EIP-4361 messages with viem on the chain the message names, and sessions.
 * Every refusal has its own code (contract `RefusalCode`). All state is in memory, one per server. Dev-only.
 */
import { randomBytes } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { getAddress } from 'viem'
import type { Hex } from 'viem'
import { parseSiweMessage, validateSiweMessage, verifySiweMessage } from 'viem/siwe'
import type { components, operations as SiwxOperations } from '../../openapi/siwx.d.ts'
import type { ChainReader } from './chain.ts'
import { ApiHttpError } from './handlers.ts'
import type { Handlers, Reply } from './handlers.ts'

/** A signed-in session (contract `Session`). */
export type SiwxSession = components['schemas']['Session']
/** Why a sign-in was refused (contract `RefusalCode`). */
export type SiwxRefusalCode = components['schemas']['RefusalCode']
/** Why there is no session (contract `SessionErrorCode`). */
export type SiwxSessionErrorCode = components['schemas']['SessionErrorCode']

/** How long a nonce (and its nonce token) is kept after issue, in ms: 10 minutes. */
export const siwxNonceTtl = 10 * 60_000

/** Options of the SIWX routes: `startApiServer({ siwx })`. */
export type SiwxOptions = {
  /**
   * The origins (`scheme://host:port`, exact) the server signs in for. A message's domain must be the host of one
   * of them (and its scheme, when the message has one, that origin's scheme); its URI must be on that origin.
   * Default: the dataset's allowed origins (the demo and e2e pages on 127.0.0.1 and localhost).
   */
  origins?: readonly string[]
  /** The clock, in Unix ms: nonce expiry, the message's expiration and not-before times, session expiry. Default `Date.now`. */
  now?: () => number
}

/** A nonce the server issued: spent by the first verification that names it. */
type IssuedNonce = { nonce: string; expiresAt: number; spent: boolean }

/** The mutable SIWX state of one server. */
export type SiwxState = {
  /** The origins of {@link SiwxOptions.origins}, parsed. */
  origins: URL[]
  now: () => number
  /** Issued nonces by nonce token. */
  nonces: Map<string, IssuedNonce>
  /** Sessions by session token; `expiresAt` (Unix ms) when the message had an expiration time. */
  sessions: Map<string, { session: SiwxSession; expiresAt?: number }>
  /** Chain readers by CAIP-2 id: the chains a message may name. */
  readers: Map<string, ChainReader>
}

/** A refusal of the SIWX routes: a 422 `{ code, message }` (or a 401 for the session codes). */
export class SiwxHttpError extends ApiHttpError {
  override name = 'SiwxHttpError'
  code: SiwxRefusalCode | SiwxSessionErrorCode
  /**
   * @param code the contract's refusal or session error code.
   * @param message what was wrong, for people.
   */
  constructor(code: SiwxRefusalCode | SiwxSessionErrorCode, message: string) {
    super(code === 'NO_SESSION' || code === 'SESSION_EXPIRED' ? 401 : 422, message)
    this.code = code
  }
}

/**
 * A fresh SIWX state: no nonces, no sessions.
 *
 * @param options the origins and the clock, see {@link SiwxOptions}; `origins` is required here (the server
 *   passes its dataset's allowed origins when the caller gave none).
 * @param readers the chains the server verifies on, by CAIP-2 id.
 * @returns the state, see {@link SiwxState}.
 * @throws TypeError when an origin is not an absolute `http(s)` URL.
 */
export function createSiwxState(options: { origins: readonly string[]; now?: (() => number) | undefined }, readers: Map<string, ChainReader>): SiwxState {
  const origins = options.origins.map((text) => {
    let url: URL
    try {
      url = new URL(text)
    } catch {
      throw new TypeError(`Invalid SIWX origin '${text}': expected scheme://host:port`)
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`Invalid SIWX origin '${text}': expected an http or https origin`)
    return url
  })
  return { origins, now: options.now ?? Date.now, nonces: new Map(), sessions: new Map(), readers }
}

const json = <T>(body: T): Reply<T> => ({ kind: 'json', status: 200, body })

/** A random opaque token: 32 bytes, base64url (43 characters). */
function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** The bearer token of an `Authorization` header, if any. */
function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1]
}

function forgetExpired(state: SiwxState): void {
  const now = state.now()
  for (const [token, issued] of state.nonces) if (issued.expiresAt <= now) state.nonces.delete(token)
}

/** The fields of an EIP-4361 message that verification needs, or a `MALFORMED` refusal. */
function parseMessage(message: string): {
  address: Hex
  domain: string
  scheme?: string
  uri: string
  chainId: number
  nonce: string
  expirationTime?: Date
  notBefore?: Date
} {
  const parsed = parseSiweMessage(message)
  const missing = (['domain', 'address', 'uri', 'version', 'chainId', 'nonce', 'issuedAt'] as const).filter((field) => parsed[field] === undefined)
  if (missing.length) throw new SiwxHttpError('MALFORMED', `The message is not an EIP-4361 message: ${missing.join(', ')} missing`)
  const { expirationTime, notBefore, scheme } = parsed
  for (const [field, date] of [
    ['Issued At', parsed.issuedAt],
    ['Expiration Time', expirationTime],
    ['Not Before', notBefore],
  ] as const) {
    if (date !== undefined && Number.isNaN(date.getTime())) throw new SiwxHttpError('MALFORMED', `The message's ${field} is not an RFC 3339 date-time`)
  }
  // Version 1, a nonce of 8+ letters and digits, a valid address: the checks of viem's validator that no other code names.
  if (!validateSiweMessage({ message: { address: parsed.address, version: parsed.version, nonce: parsed.nonce } })) {
    throw new SiwxHttpError('MALFORMED', `The message's version (${String(parsed.version)}), nonce or address is not what EIP-4361 allows`)
  }
  return {
    address: parsed.address!,
    domain: parsed.domain!,
    uri: parsed.uri!,
    chainId: parsed.chainId!,
    nonce: parsed.nonce!,
    ...(scheme ? { scheme } : {}),
    ...(expirationTime ? { expirationTime } : {}),
    ...(notBefore ? { notBefore } : {}),
  }
}

/** Spends the nonce of `token` if it is the message's nonce; refuses an unknown, foreign or spent one. */
function spendNonce(state: SiwxState, token: string, nonce: string): void {
  const issued = state.nonces.get(token)
  if (!issued) throw new SiwxHttpError('UNKNOWN_NONCE', 'The nonce token was never issued by this server or has expired: ask for a new nonce')
  if (issued.nonce !== nonce) throw new SiwxHttpError('UNKNOWN_NONCE', "The message's nonce is not the nonce of this nonce token")
  if (issued.spent) throw new SiwxHttpError('NONCE_REUSED', 'The nonce was used already: ask for a new nonce')
  issued.spent = true
}

/** The origin the message's domain (and scheme) names; refuses a domain the server does not sign in for. */
function originOf(state: SiwxState, domain: string, scheme: string | undefined): URL {
  const origin = state.origins.find((o) => o.host === domain.toLowerCase() && (scheme === undefined || o.protocol === `${scheme.toLowerCase()}:`))
  if (!origin) {
    const expected = state.origins.map((o) => o.origin).join(', ') || 'no origin'
    throw new SiwxHttpError('WRONG_DOMAIN', `The message is for ${scheme ? `${scheme}://` : ''}${domain}; this server signs in for ${expected}`)
  }
  return origin
}

function checkUri(uri: string, origin: URL): void {
  let url: URL | undefined
  try {
    url = new URL(uri)
  } catch {
    url = undefined
  }
  if (url?.origin !== origin.origin) throw new SiwxHttpError('WRONG_URI', `The message's URI ${uri} is not on ${origin.origin}`)
}

/**
 * Handlers of `openapi/siwx.yaml`.
 *
 * - `createNonce`: 32 random hex characters and a random nonce token, kept {@link siwxNonceTtl}.
 * - `verifySignIn`: checks, in this order, the message (`MALFORMED`), the nonce (`UNKNOWN_NONCE`,
 *   `NONCE_REUSED`; from here on the nonce is spent), the domain and scheme (`WRONG_DOMAIN`), the URI
 *   (`WRONG_URI`), the chain (`CHAIN_MISMATCH`: not one of the server's chains, or not the request's `chainId`),
 *   the times (`EXPIRED`, `NOT_YET_VALID`) and last the signature with viem's `verifySiweMessage` on a public
 *   client of the message's chain (`BAD_SIGNATURE`). Each refusal is a {@link SiwxHttpError}: 422 `{ code, message }`.
 * - `getSession` / `signOut`: by `Authorization: Bearer <session token>`; 401 `NO_SESSION` or
 *   `SESSION_EXPIRED` (the session is forgotten at the message's expiration time). Signing out an unknown token
 *   answers 204 too.
 *
 * @param state the server's SIWX state, see {@link createSiwxState}.
 * @returns one handler per operation.
 */
export function siwxHandlers(state: SiwxState): Handlers<SiwxOperations> {
  return {
    createNonce: () => {
      forgetExpired(state)
      const nonce = randomBytes(16).toString('hex')
      const token = randomToken()
      const expiresAt = state.now() + siwxNonceTtl
      state.nonces.set(token, { nonce, expiresAt, spent: false })
      return json({ nonce, token, expiresAt: new Date(expiresAt).toISOString() })
    },

    verifySignIn: async ({ body }) => {
      forgetExpired(state)
      const message = parseMessage(body.message)
      spendNonce(state, body.token, message.nonce)
      const origin = originOf(state, message.domain, message.scheme)
      checkUri(message.uri, origin)

      const caipNetworkId = `eip155:${message.chainId}`
      const reader = state.readers.get(caipNetworkId)
      if (!reader) {
        throw new SiwxHttpError('CHAIN_MISMATCH', `The message names ${caipNetworkId}, a chain this server does not verify on (${[...state.readers.keys()].join(', ') || 'none'})`)
      }
      if (body.chainId !== undefined && body.chainId !== caipNetworkId) {
        throw new SiwxHttpError('CHAIN_MISMATCH', `The message names ${caipNetworkId}, not ${body.chainId}`)
      }

      const now = state.now()
      if (message.expirationTime && now >= message.expirationTime.getTime()) {
        throw new SiwxHttpError('EXPIRED', `The message expired at ${message.expirationTime.toISOString()}`)
      }
      if (message.notBefore && now < message.notBefore.getTime()) {
        throw new SiwxHttpError('NOT_YET_VALID', `The message is not valid before ${message.notBefore.toISOString()}`)
      }

      let valid: boolean
      try {
        valid = await verifySiweMessage(reader.client, {
          message: body.message,
          signature: body.signature as Hex,
          address: message.address,
          domain: message.domain,
          nonce: message.nonce,
          time: new Date(now),
        })
      } catch (error) {
        const reason = error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error)
        throw new ApiHttpError(502, `The signature could not be verified on ${caipNetworkId} (${reader.rpcUrl}): ${reason}`)
      }
      if (!valid) throw new SiwxHttpError('BAD_SIGNATURE', `The signature is not ${getAddress(message.address)} signing this message on ${caipNetworkId}`)

      const session: SiwxSession = {
        token: randomToken(),
        address: getAddress(message.address),
        chainId: caipNetworkId,
        domain: message.domain,
        uri: message.uri,
        issuedAt: new Date(now).toISOString(),
        ...(message.expirationTime ? { expirationTime: message.expirationTime.toISOString() } : {}),
        message: body.message,
        signature: body.signature,
      }
      state.sessions.set(session.token, { session, ...(message.expirationTime ? { expiresAt: message.expirationTime.getTime() } : {}) })
      return json({ session })
    },

    getSession: ({ headers }) => {
      const token = bearerToken(headers)
      if (!token) throw new SiwxHttpError('NO_SESSION', 'No session token: send Authorization: Bearer <token>')
      const kept = state.sessions.get(token)
      if (!kept) throw new SiwxHttpError('NO_SESSION', 'No session for this token: it was never issued or has signed out')
      if (kept.expiresAt !== undefined && state.now() >= kept.expiresAt) {
        state.sessions.delete(token)
        throw new SiwxHttpError('SESSION_EXPIRED', `The session expired at ${new Date(kept.expiresAt).toISOString()}`)
      }
      return json({ session: kept.session })
    },

    signOut: ({ headers }) => {
      const token = bearerToken(headers)
      if (!token) throw new SiwxHttpError('NO_SESSION', 'No session token: send Authorization: Bearer <token>')
      state.sessions.delete(token)
      return { kind: 'empty', status: 204 }
    },
  }
}
