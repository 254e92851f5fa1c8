/**
 * The relay's client authentication: the `auth` query parameter of the socket URL is a JWT (EdDSA over
 * Ed25519) whose `iss` is the client's `did:key`, and that did:key is the client id the relay knows the client
 * by (walletconnect-loopback-relay.md, "Connection"). The WalletConnect SDKs sign it with their client seed.
 *
 * Node only (`node:crypto`). {@link signRelayAuth} exists for raw-socket tests and tools that talk to the
 * relay without an SDK.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto'
import type { KeyObject } from 'node:crypto'
import { BaseError } from '../../../kernel/errors.ts'

/** Why a relay auth token was refused; see {@link RelayAuthError}. */
export type RelayAuthFailure = 'missing' | 'malformed' | 'bad-issuer' | 'bad-signature' | 'expired'

/**
 * Thrown by {@link verifyRelayAuth} (the loopback relay refuses the socket with HTTP 401); `reason` says which check of
 * the `auth` token failed.
 * @example new RelayAuthError('missing', 'The auth query parameter is missing.')
 */
export class RelayAuthError extends BaseError {
  static override docsPath = '/errors/RelayAuthError'
  override name = 'RelayAuthError'
  reason: RelayAuthFailure
  constructor(reason: RelayAuthFailure, shortMessage: string) {
    super(shortMessage)
    this.reason = reason
  }
}

/** The claims of a verified token. Times are Unix seconds. */
export type RelayAuthClaims = {
  /** The client's id: `did:key:z6Mk…` (an Ed25519 public key). */
  iss: string
  sub?: string
  aud?: string
  iat?: number
  exp?: number
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
/** Multicodec prefix of an Ed25519 public key (0xed, varint-encoded). */
const ED25519_PREFIX = [0xed, 0x01] as const
const DID_KEY_PREFIX = 'did:key:z'

/** Encodes bytes as base58btc (Bitcoin alphabet). */
export function base58Encode(bytes: Uint8Array): string {
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  const digits: number[] = []
  for (const byte of bytes) {
    let carry = byte
    for (let i = 0; i < digits.length; i++) {
      carry += (digits[i] as number) << 8
      digits[i] = carry % 58
      carry = (carry / 58) | 0
    }
    while (carry > 0) {
      digits.push(carry % 58)
      carry = (carry / 58) | 0
    }
  }
  return (
    '1'.repeat(zeros) +
    digits
      .reverse()
      .map((d) => BASE58[d])
      .join('')
  )
}

/**
 * Decodes base58btc.
 * @throws RelayAuthError ('malformed') on a character outside the alphabet.
 */
export function base58Decode(text: string): Uint8Array {
  let zeros = 0
  while (zeros < text.length && text[zeros] === '1') zeros++
  const bytes: number[] = []
  for (const char of text) {
    let carry = BASE58.indexOf(char)
    if (carry < 0) throw new RelayAuthError('malformed', `Invalid base58 character ${JSON.stringify(char)}.`)
    for (let i = 0; i < bytes.length; i++) {
      carry += (bytes[i] as number) * 58
      bytes[i] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes.reverse()])
}

/** The `did:key` of a raw 32-byte Ed25519 public key. */
export function ed25519DidKey(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new RangeError(`An Ed25519 public key has 32 bytes, not ${publicKey.length}.`)
  return DID_KEY_PREFIX + base58Encode(Uint8Array.from([...ED25519_PREFIX, ...publicKey]))
}

/**
 * The raw Ed25519 public key of a `did:key`.
 * @throws RelayAuthError ('bad-issuer') when `did` is not an Ed25519 did:key.
 */
export function didKeyPublicKey(did: string): Uint8Array {
  if (!did.startsWith(DID_KEY_PREFIX)) throw new RelayAuthError('bad-issuer', `The token's iss is not a did:key (${did.slice(0, 24)}).`)
  let bytes: Uint8Array
  try {
    bytes = base58Decode(did.slice(DID_KEY_PREFIX.length))
  } catch {
    throw new RelayAuthError('bad-issuer', "The token's iss is not valid base58btc.")
  }
  if (bytes.length !== 34 || bytes[0] !== ED25519_PREFIX[0] || bytes[1] !== ED25519_PREFIX[1]) {
    throw new RelayAuthError('bad-issuer', "The token's iss is not an Ed25519 did:key.")
  }
  return bytes.slice(2)
}

const b64url = (data: Uint8Array | string): string => Buffer.from(data).toString('base64url')

function publicKeyObject(raw: Uint8Array): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: b64url(raw) }, format: 'jwk' })
}

/**
 * Verifies a relay auth token: three base64url parts, header `alg` EdDSA, a payload whose `iss` is an Ed25519
 * did:key, a signature by that key over `header.payload`, and `exp` (when present) in the future.
 *
 * @param jwt the `auth` query parameter, as sent.
 * @param nowSeconds the current Unix time in seconds; default `Date.now() / 1000`.
 * @returns the claims; `iss` is the client id.
 * @throws RelayAuthError with `reason` 'missing' | 'malformed' | 'bad-issuer' | 'bad-signature' | 'expired'.
 *
 * @example
 * const { iss } = verifyRelayAuth(new URL(request.url, 'ws://x').searchParams.get('auth'))
 */
export function verifyRelayAuth(jwt: string | null | undefined, nowSeconds = Date.now() / 1000): RelayAuthClaims {
  if (!jwt) throw new RelayAuthError('missing', 'The socket URL has no auth token (query parameter auth).')
  const parts = jwt.split('.')
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) {
    throw new RelayAuthError('malformed', 'The auth token is not a JWT (three base64url parts).')
  }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
  let header: unknown
  let payload: unknown
  try {
    header = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8'))
    payload = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'))
  } catch {
    throw new RelayAuthError('malformed', "The auth token's header or payload is not JSON.")
  }
  if (typeof header !== 'object' || header === null || (header as { alg?: unknown }).alg !== 'EdDSA') {
    throw new RelayAuthError('malformed', "The auth token's alg must be EdDSA.")
  }
  if (typeof payload !== 'object' || payload === null || typeof (payload as { iss?: unknown }).iss !== 'string') {
    throw new RelayAuthError('malformed', 'The auth token has no iss claim.')
  }
  const claims = payload as RelayAuthClaims
  const key = publicKeyObject(didKeyPublicKey(claims.iss))
  const signature = Buffer.from(signaturePart, 'base64url')
  let valid = false
  try {
    valid = signature.length === 64 && verify(null, Buffer.from(`${headerPart}.${payloadPart}`), key, signature)
  } catch {
    valid = false
  }
  if (!valid) throw new RelayAuthError('bad-signature', "The auth token's signature does not match its iss.")
  if (typeof claims.exp === 'number' && claims.exp <= nowSeconds) throw new RelayAuthError('expired', 'The auth token has expired.')
  return claims
}

/** A client identity for raw-socket tools: its did:key and a function that signs auth tokens. */
export type RelayClientIdentity = {
  /** `did:key:z6Mk…`: the client id the relay will know this client by. */
  clientId: string
  /**
   * Signs a fresh auth token (the value of the `auth` query parameter).
   * @param aud the relay URL; default 'ws://127.0.0.1'.
   * @param ttlSeconds validity in seconds; default one day.
   */
  sign(aud?: string, ttlSeconds?: number): string
}

/**
 * Makes a new random Ed25519 client identity, as the SDKs do from their client seed. For raw-socket tests.
 *
 * @example
 * const me = createRelayClientIdentity()
 * const socket = new WebSocket(`${relay.url}/?auth=${me.sign(relay.url)}&projectId=${'0'.repeat(32)}`)
 */
export function createRelayClientIdentity(): RelayClientIdentity {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url')
  const clientId = ed25519DidKey(raw)
  const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' })
  return {
    clientId,
    sign(aud = 'ws://127.0.0.1', ttlSeconds = 86_400) {
      const iat = Math.floor(Date.now() / 1000)
      const header = b64url(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' }))
      const payload = b64url(JSON.stringify({ iss: clientId, sub: b64url(raw).slice(0, 16), aud, iat, exp: iat + ttlSeconds }))
      const key = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' })
      const signature = sign(null, Buffer.from(`${header}.${payload}`), key)
      return `${header}.${payload}.${b64url(signature)}`
    },
  }
}
