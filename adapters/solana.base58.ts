/**
 * Base58 (the Bitcoin alphabet Solana uses for addresses, signatures and blockhashes), small and dependency-free
 * so the Solana adapter can check addresses and encode signatures without loading `@solana/web3.js`.
 */
import { BaseError } from '../kernel/errors.ts'
import { isValidAddress } from './address.ts'

const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const indexOf = new Map([...alphabet].map((char, i) => [char, i]))

/** Thrown by {@link base58Decode} for text with a character outside the base58 alphabet. */
export class Base58Error extends BaseError {
  static override docsPath = '/errors/Base58Error'
  override name = 'Base58Error'
}

/**
 * Encodes bytes as base58; each leading zero byte becomes a leading '1'.
 * @example base58Encode(new Uint8Array(32)) // '11111111111111111111111111111111'
 */
export function base58Encode(bytes: Uint8Array): string {
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  // Base-58 digits, least significant first.
  const digits: number[] = []
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i] as number
    for (let j = 0; j < digits.length; j++) {
      carry += (digits[j] as number) << 8
      digits[j] = carry % 58
      carry = (carry / 58) | 0
    }
    while (carry > 0) {
      digits.push(carry % 58)
      carry = (carry / 58) | 0
    }
  }
  let text = '1'.repeat(zeros)
  for (let i = digits.length - 1; i >= 0; i--) text += alphabet[digits[i] as number]
  return text
}

/**
 * Decodes base58 text; each leading '1' becomes a leading zero byte.
 * @throws Base58Error when `text` has a character outside the alphabet (0, O, I, l, spaces, …).
 * @example base58Decode('11111111111111111111111111111111').length // 32
 */
export function base58Decode(text: string): Uint8Array {
  let zeros = 0
  while (zeros < text.length && text[zeros] === '1') zeros++
  // Bytes, least significant first.
  const bytes: number[] = []
  for (let i = zeros; i < text.length; i++) {
    const value = indexOf.get(text[i] as string)
    if (value === undefined) throw new Base58Error(`Invalid base58 character ${JSON.stringify(text[i])} at position ${i}`)
    let carry = value
    for (let j = 0; j < bytes.length; j++) {
      carry += (bytes[j] as number) * 58
      bytes[j] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  const out = new Uint8Array(zeros + bytes.length)
  for (let i = 0; i < bytes.length; i++) out[out.length - 1 - i] = bytes[i] as number
  return out
}

/**
 * Whether `text` is a Solana address: 32–44 base58 characters (spec §5) that decode to exactly 32 bytes
 * (an ed25519 public key or a program-derived address).
 */
export function isSolanaAddress(text: unknown): text is string {
  if (typeof text !== 'string' || !isValidAddress('solana', text)) return false
  return base58Decode(text).length === 32
}
