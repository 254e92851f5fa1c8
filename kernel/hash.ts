import { blake2b as nobleBlake2b } from '@noble/hashes/blake2'
import { BaseError } from './errors.ts'

/**
 * The hash routine of spec §5: BLAKE2b (RFC 7693) through `@noble/hashes`, with the spec's limits checked first and
 * refused in the words of the routine the spec describes: output length 1–64 bytes, a key of at most 64 bytes (an
 * empty key is no key), salt and personalization of exactly 16 bytes.
 */

/** The limits of spec §5, in bytes. */
export const blake2bLimits = { maxOutputLength: 64, maxKeyLength: 64, saltLength: 16, personalizationLength: 16 } as const

/** The refusals, word for word. */
export const blake2bMessages = {
  outputLength: 'Illegal output length, expected 0 < length <= 64',
  key: 'Illegal key, expected Uint8Array with 0 < length <= 64',
  salt: 'Illegal salt, expected Uint8Array with length is 16',
  personalization: 'Illegal personal, expected Uint8Array with length is 16',
  input: 'Illegal input, expected a string or a Uint8Array',
} as const

/** A parameter of the hash routine that is out of the spec's limits (or of the wrong type). */
export class InvalidHashParameterError extends BaseError {
  static override docsPath = '/errors/InvalidHashParameterError'
  override name = 'InvalidHashParameterError'
  /** Which parameter was refused. */
  parameter: keyof typeof blake2bMessages
  constructor(parameter: keyof typeof blake2bMessages, received: string) {
    super(blake2bMessages[parameter], { details: `Received: ${received}` })
    this.parameter = parameter
  }
}

export type Blake2bParameters = {
  /** Bytes of output, 1–64 (default 64). */
  outputLength?: number | undefined
  /** A key for keyed hashing (MAC), 0–64 bytes. */
  key?: Uint8Array | undefined
  /** Exactly 16 bytes. */
  salt?: Uint8Array | undefined
  /** Exactly 16 bytes. */
  personalization?: Uint8Array | undefined
}
export type Blake2bReturnType = Uint8Array
export type Blake2bErrorType = InvalidHashParameterError

const describe = (value: unknown): string => (value instanceof Uint8Array ? `${value.length} bytes` : typeof value === 'number' ? String(value) : value === null ? 'null' : typeof value)

function checkBytes(parameter: 'key' | 'salt' | 'personalization', value: unknown, fits: (length: number) => boolean): void {
  if (value === undefined) return
  if (!(value instanceof Uint8Array) || !fits(value.length)) throw new InvalidHashParameterError(parameter, describe(value))
}

/**
 * BLAKE2b of `input` (a string is hashed as its UTF-8 bytes), spec §5.
 *
 * @param input the bytes to hash, or a string (UTF-8).
 * @param parameters output length in bytes (1–64, default 64), key (≤ 64 bytes), salt and personalization (16 bytes each).
 * @returns the digest, `outputLength` bytes.
 * @throws {InvalidHashParameterError} a parameter out of the limits, with the spec's refusal as its message.
 * @example
 * bytesToHex(blake2b('abc')) // 'ba80a53f981c4d0d…d4009923' (RFC 7693, Appendix A)
 * blake2b('abc', { outputLength: 32, salt: new Uint8Array(16) }).length // 32
 */
export function blake2b(input: Uint8Array | string, parameters: Blake2bParameters = {}): Blake2bReturnType {
  const { outputLength = blake2bLimits.maxOutputLength, key, salt, personalization } = parameters
  if (typeof input !== 'string' && !(input instanceof Uint8Array)) throw new InvalidHashParameterError('input', describe(input))
  if (typeof outputLength !== 'number' || !Number.isInteger(outputLength) || outputLength < 1 || outputLength > blake2bLimits.maxOutputLength) {
    throw new InvalidHashParameterError('outputLength', describe(outputLength))
  }
  checkBytes('key', key, (length) => length <= blake2bLimits.maxKeyLength)
  checkBytes('salt', salt, (length) => length === blake2bLimits.saltLength)
  checkBytes('personalization', personalization, (length) => length === blake2bLimits.personalizationLength)
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input
  return nobleBlake2b(bytes, {
    dkLen: outputLength,
    ...(key && key.length > 0 ? { key } : {}),
    ...(salt ? { salt } : {}),
    ...(personalization ? { personalization } : {}),
  })
}
