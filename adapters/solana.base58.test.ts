import { describe, expect, it } from 'vitest'
import { BaseError } from '../kernel/errors.ts'
import { Base58Error, base58Decode, base58Encode, isSolanaAddress } from './solana.base58.ts'

describe('base58', () => {
  it('behavior: decoding undoes encoding, leading zero bytes included', () => {
    const bytes = Uint8Array.from([0, 0, 1, 2, 255, 58])
    expect(base58Decode(base58Encode(bytes))).toEqual(bytes)
    expect(base58Encode(new Uint8Array(32))).toBe('11111111111111111111111111111111')
  })

  it('bad input: a character outside the alphabet is a Base58Error (a BaseError) naming the character and its position', () => {
    const error = (() => {
      try {
        base58Decode('1abc0d')
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(Base58Error)
    expect(error).toBeInstanceOf(BaseError)
    expect((error as Base58Error).message).toMatchInlineSnapshot(`
      "Invalid base58 character "0" at position 4
      Docs: https://latchkey.example/errors/Base58Error"
    `)
  })

  it('bad input: text that is not base58 is not a Solana address (no throw)', () => {
    expect(isSolanaAddress('0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl')).toBe(false)
    expect(isSolanaAddress(42)).toBe(false)
  })
})
