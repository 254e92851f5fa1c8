/**
 * A JWT read on the client (spec §3 "A decoded JWT is read as header or payload JSON"): the compact serialization
 * (`header.payload.signature`, each part base64url) decoded to the JSON object of its header or its payload. Nothing is
 * verified here: the signature is the issuer's to check (the secure site verifies its session tokens); the client reads
 * the claims of a token it was given.
 */
import * as v from 'valibot'
import { BaseError } from './errors.ts'

/** Which part of a JWT to read. */
export type JwtPart = 'header' | 'payload'

export type DecodeJwtParameters = { token: string; part: JwtPart }
/** A decoded part: the JSON object it holds (`{ alg, typ }` for a header, the claims for a payload). */
export type DecodeJwtReturnType = Record<string, unknown>
export type DecodeJwtErrorType = InvalidJwtError

/** Why a string is not a readable JWT. */
export type InvalidJwtReason = 'not a string' | 'not three parts' | 'not base64url' | 'not JSON' | 'not a JSON object'

/** A token that is not a readable JWT: `reason` says which rule it broke; the token itself is never in the message. */
export class InvalidJwtError extends BaseError {
  static override docsPath = '/errors/InvalidJwtError'
  override name = 'InvalidJwtError'
  readonly reason: InvalidJwtReason
  readonly part: JwtPart | undefined
  constructor(reason: InvalidJwtReason, part?: JwtPart, cause?: unknown) {
    super(part ? `Invalid JWT: its ${part} is ${reason}` : `Invalid JWT: ${reason}`, cause === undefined ? {} : { cause })
    this.reason = reason
    this.part = part
  }
}

/** Longest token read (a session token is well under 1 KB; the bound keeps a hostile string from costing much). */
const MAX_JWT_LENGTH = 16_384
const base64url = /^[A-Za-z0-9_-]+$/
const objectSchema = v.record(v.string(), v.unknown())

/**
 * Reads the header or the payload of a compact JWT as its JSON object.
 * @throws InvalidJwtError 'Invalid JWT: not three parts' (or longer than 16 KB), 'Invalid JWT: its payload is not
 *   base64url', '… not JSON', '… not a JSON object' (the header likewise); 'Invalid JWT: not a string'.
 * @example
 * decodeJwt({ token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzaWQiOiJzMSJ9.c2ln', part: 'header' }) // { alg: 'HS256', typ: 'JWT' }
 * decodeJwt({ token, part: 'payload' }) // { sid: 's1' }
 */
export function decodeJwt({ token, part }: DecodeJwtParameters): DecodeJwtReturnType {
  if (typeof token !== 'string') throw new InvalidJwtError('not a string')
  const parts = token.length <= MAX_JWT_LENGTH ? token.split('.') : []
  if (parts.length !== 3 || parts.some((p) => p.length === 0 && p !== parts[2])) throw new InvalidJwtError('not three parts')
  const encoded = part === 'header' ? parts[0]! : parts[1]!
  if (!base64url.test(encoded) || encoded.length % 4 === 1) throw new InvalidJwtError('not base64url', part)
  let binary: string
  try {
    binary = atob(
      encoded
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(encoded.length / 4) * 4, '='),
    )
  } catch (error) {
    throw new InvalidJwtError('not base64url', part, error)
  }
  let json: unknown
  try {
    // JSON in UTF-8 (RFC 7519): bytes that are not UTF-8 are not JSON text.
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))))
  } catch (error) {
    throw new InvalidJwtError('not JSON', part, error)
  }
  const result = v.safeParse(objectSchema, json)
  if (!result.success || Array.isArray(json)) throw new InvalidJwtError('not a JSON object', part)
  return result.output
}
