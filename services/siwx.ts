/**
 * The SIWX session client (`openapi/siwx.yaml`, spec §3 "sign-in auth token, nonce token"): asks for a
 * nonce, sends the signed message for verification, reads and ends the session. No state of its own: the caller
 * keeps the nonce token between `getNonce` and `verify` (storage key `siwxNonceToken`) and the session token
 * afterwards (storage key `siwxAuthToken`).
 */
import * as v from 'valibot'
import type { BaseError } from '../kernel/errors.ts'
import type { paths } from '../openapi/siwx.d.ts'
import { ApiError, call, createApiClient } from './api.ts'
import { isoTimestampSchema } from './schemas.ts'
import type { ApiClientParameters, InvalidResponseError } from './api.ts'

/** Why the server refused a sign-in (contract `RefusalCode`), answered with HTTP 422. */
export const siwxRefusalCodes = ['MALFORMED', 'UNKNOWN_NONCE', 'NONCE_REUSED', 'WRONG_DOMAIN', 'WRONG_URI', 'CHAIN_MISMATCH', 'EXPIRED', 'NOT_YET_VALID', 'BAD_SIGNATURE'] as const
/** Why there is no session (contract `SessionErrorCode`), answered with HTTP 401. */
export const siwxSessionErrorCodes = ['NO_SESSION', 'SESSION_EXPIRED'] as const
/** A refusal or session error code of the SIWX API. */
export type SiwxErrorCode = (typeof siwxRefusalCodes)[number] | (typeof siwxSessionErrorCodes)[number]

const caipNetworkIdSchema = v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/))

/** Mirrors the contract's `Nonce`. */
export const siwxNonceSchema = v.object({
  nonce: v.pipe(v.string(), v.regex(/^[a-zA-Z0-9]{8,}$/)),
  token: v.pipe(v.string(), v.minLength(16)),
  expiresAt: isoTimestampSchema,
})
/** A nonce to put in the message, the nonce token that binds it, and when the server forgets it (ISO 8601). */
export type SiwxNonce = v.InferOutput<typeof siwxNonceSchema>

/** Mirrors the contract's `Session`. */
export const siwxSessionSchema = v.object({
  token: v.pipe(v.string(), v.minLength(16)),
  address: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/)),
  chainId: caipNetworkIdSchema,
  domain: v.string(),
  uri: v.string(),
  issuedAt: isoTimestampSchema,
  expirationTime: v.optional(isoTimestampSchema),
  message: v.string(),
  signature: v.string(),
})
/**
 * A session the server trusts: `token` (the sign-in auth token, sent as `Authorization: Bearer`), the signer's
 * checksummed `address`, the CAIP-2 `chainId` the message names, the message's `domain` and `uri`, `issuedAt`
 * (ISO 8601, server time), `expirationTime` (ISO 8601, the message's; absent when it has none), and the signed
 * `message` and its `signature` as sent.
 */
export type SiwxSession = v.InferOutput<typeof siwxSessionSchema>

const sessionResponseSchema = v.object({ session: siwxSessionSchema })

/** What {@link createSiwxApi} takes: the common client parameters (the `/siwx` base URL, project id, fetch). */
export type CreateSiwxApiParameters = Omit<ApiClientParameters, 'postQuery'>

/** What `verify` sends. */
export type VerifySiwxParameters = {
  /** The signed text: the EIP-4361 message for `eip155`. */
  message: string
  /** The wallet's `personal_sign` signature of `message`, hex. */
  signature: `0x${string}`
  /** The nonce token `getNonce` answered with the message's nonce. */
  token: string
  /** The CAIP-2 network the client signs in on; the server refuses a message naming another one (`CHAIN_MISMATCH`). */
  chainId?: string
}

/** `getNonce` resolves to a {@link SiwxNonce}. */
export type GetSiwxNonceReturnType = SiwxNonce
/** `verify` and `getSession` resolve to a {@link SiwxSession}. */
export type VerifySiwxReturnType = SiwxSession
/**
 * What the calls reject with: {@link ApiError} for a non-2xx status (a refusal is a 422 and a missing session a
 * 401, each with `body.code`, see {@link siwxErrorCode}); {@link InvalidResponseError} for an answer that breaks the
 * contract or is not JSON; `BaseError` when the request did not complete (network failure).
 */
export type SiwxApiErrorType = ApiError | InvalidResponseError | BaseError

/** The client made by {@link createSiwxApi}. */
export type SiwxApi = ReturnType<typeof createSiwxApi>

/**
 * The SIWX error code of an error thrown by the client: the `code` of a 422 refusal or of a 401.
 *
 * @param error anything a {@link SiwxApi} call rejected with.
 * @returns the code, or `undefined` when `error` is not an {@link ApiError} carrying one (a 5xx, a network failure).
 * @example
 * try { await siwx.verify({ message, signature, token }) } catch (error) {
 *   if (siwxErrorCode(error) === 'NONCE_REUSED') … // ask for a new nonce and sign again
 * }
 */
export function siwxErrorCode(error: unknown): SiwxErrorCode | undefined {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return undefined
  const code = (error.body as { code?: unknown }).code
  return [...siwxRefusalCodes, ...siwxSessionErrorCodes].find((known) => known === code)
}

/**
 * Creates the SIWX client on {@link createApiClient} (the `st`, `sv` and `projectId` middleware; a non-2xx status
 * thrown as {@link ApiError}). Every answer is validated; one that breaks the contract is an
 * {@link InvalidResponseError}. One per modal instance.
 *
 * The flow: `getNonce()` → keep `token` as the nonce token → put `nonce` in the message, have the
 * wallet sign it → `verify({ message, signature, token })` → keep `session.token` as the sign-in auth token →
 * `getSession(token)` after a reload (a 401 means signed out or expired) → `signOut(token)` on disconnect.
 *
 * @param parameters see {@link CreateSiwxApiParameters}; `baseUrl` is the contract's mount, e.g.
 *   `http://127.0.0.1:8600/siwx`.
 * @returns `getNonce`, `verify`, `getSession`, `signOut`; each rejects with {@link SiwxApiErrorType}.
 * @example
 * const siwx = createSiwxApi({ baseUrl: `${apiUrl}/siwx`, projectId: 'p' })
 * const { nonce, token } = await siwx.getNonce()
 * const message = createSiweMessage({ address, chainId: 31337, domain: location.host, uri: location.href, version: '1', nonce })
 * const session = await siwx.verify({ message, signature: await account.signMessage({ message }), token })
 * await siwx.getSession(session.token)
 * await siwx.signOut(session.token)
 */
export function createSiwxApi(parameters: CreateSiwxApiParameters) {
  const client = createApiClient<paths>(parameters)
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

  return {
    /**
     * Asks for a fresh single-use nonce (kept by the server 10 minutes).
     * @returns `{ nonce, token, expiresAt }`, see {@link SiwxNonce}.
     * @throws {@link SiwxApiErrorType}.
     */
    getNonce: (): Promise<GetSiwxNonceReturnType> => call('createNonce', siwxNonceSchema, () => client.POST('/v1/nonce')),
    /**
     * Sends a signed message for verification on the chain it names.
     * @param body see {@link VerifySiwxParameters}.
     * @returns the new session, see {@link SiwxSession}.
     * @throws {@link ApiError} 422 with `body.code` one of {@link siwxRefusalCodes}; see {@link SiwxApiErrorType}.
     */
    verify: async (body: VerifySiwxParameters): Promise<VerifySiwxReturnType> => (await call('verifySignIn', sessionResponseSchema, () => client.POST('/v1/verify', { body }))).session,
    /**
     * The session of a session token (after a reload, to know whether it still holds).
     * @param token the session's `token` (the sign-in auth token).
     * @returns the session, see {@link SiwxSession}.
     * @throws {@link ApiError} 401 with `body.code` `NO_SESSION` or `SESSION_EXPIRED`; see {@link SiwxApiErrorType}.
     */
    getSession: async (token: string): Promise<VerifySiwxReturnType> => (await call('getSession', sessionResponseSchema, () => client.GET('/v1/session', { headers: bearer(token) }))).session,
    /**
     * Ends the session of a session token. Idempotent: an unknown or expired token resolves too.
     * @param token the session's `token`.
     * @throws {@link SiwxApiErrorType}.
     */
    signOut: async (token: string): Promise<void> => {
      await call('signOut', v.undefined(), () => client.DELETE('/v1/session', { headers: bearer(token) }))
    },
  }
}
