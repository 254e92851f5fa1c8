/**
 * Session tokens of the secure site (spec §8 "Provider error mapping"): HS256 JWTs signed with `jose`
 * under a key generated at server start, carrying the session id, the user and the device; `nbf` and `exp` are
 * checked against the server's clock. A token not yet valid is refused with the spec's own words, which the frame
 * passes on and the dapp turns into the Session Expired alert.
 */
import { errors, jwtVerify, SignJWT } from 'jose'
import { randomBytes } from 'node:crypto'

/** How long a session lasts, in ms: 7 days. */
export const sessionTtl = 7 * 24 * 60 * 60_000

/** The refusal message of a token whose `nbf` is in the future (spec §8, word for word). */
export const JWT_NOT_YET_VALID = 'JWT validation error: JWT Token is not yet valid'
/** The refusal message of a token past its `exp`. */
export const JWT_EXPIRED = 'JWT validation error: JWT Token has expired'
/** The refusal message of a token that is malformed, badly signed, or whose session was revoked. */
export const JWT_INVALID = 'Unauthorized: invalid session'

/** Why a token is refused. */
export type SessionRefusal = 'not-yet-valid' | 'expired' | 'invalid' | 'revoked'

/** The claims the secure site puts in a session token. */
export type SessionClaims = { sid: string; sub: string; did: string }

const issuer = 'latchkey-secure-site'
const audience = 'latchkey-frame'

/** Signs and verifies session tokens with one key. */
export type SessionSigner = {
  /** Signs a token for `claims` issued at `now` (Unix ms): `iat` = `nbf` = now, `exp` = now + {@link sessionTtl}. */
  sign(claims: SessionClaims, now: number): Promise<string>
  /**
   * Verifies `token` at `now` (Unix ms).
   *
   * @returns the claims, or the reason it is refused.
   */
  verify(token: string, now: number): Promise<{ ok: true; claims: SessionClaims } | { ok: false; reason: SessionRefusal }>
}

/**
 * A signer with a fresh random 256-bit HS256 key (tokens die with the server, like its in-memory database).
 *
 * @example
 * const signer = createSessionSigner()
 * const jwt = await signer.sign({ sid: 's1', sub: '1', did: 'device' }, Date.now())
 * await signer.verify(jwt, Date.now()) // { ok: true, claims: { sid: 's1', sub: '1', did: 'device' } }
 */
export function createSessionSigner(key: Uint8Array = randomBytes(32)): SessionSigner {
  return {
    async sign(claims, now) {
      const seconds = Math.floor(now / 1000)
      return new SignJWT({ sid: claims.sid, did: claims.did })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(seconds)
        .setNotBefore(seconds)
        .setExpirationTime(seconds + sessionTtl / 1000)
        .sign(key)
    },
    async verify(token, now) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer,
          audience,
          currentDate: new Date(now),
          requiredClaims: ['sub', 'nbf', 'exp', 'iat'],
        })
        const { sid, did, sub } = payload as { sid?: unknown; did?: unknown; sub?: unknown }
        if (typeof sid !== 'string' || typeof did !== 'string' || typeof sub !== 'string') return { ok: false, reason: 'invalid' }
        return { ok: true, claims: { sid, did, sub } }
      } catch (error) {
        if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' }
        if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'nbf') return { ok: false, reason: 'not-yet-valid' }
        return { ok: false, reason: 'invalid' }
      }
    },
  }
}

/** The message the secure site answers for a refused token. */
export function refusalMessage(reason: SessionRefusal): string {
  if (reason === 'not-yet-valid') return JWT_NOT_YET_VALID
  if (reason === 'expired') return JWT_EXPIRED
  return JWT_INVALID
}
