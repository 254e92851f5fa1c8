import { bytesToHex } from 'viem'
import { describe, expect, test } from 'vitest'
import { blake2b, blake2bMessages, InvalidHashParameterError } from './hash.ts'

/** Expected digests computed with Python's hashlib.blake2b (an independent implementation) and RFC 7693 Appendix A. */
const hex = (bytes: Uint8Array) => bytesToHex(bytes).slice(2)
const ascii = (text: string) => new TextEncoder().encode(text)

/** What the call threw: its class name and message (or 'no throw'). */
function refusal(run: () => unknown): string {
  try {
    run()
    return 'no throw'
  } catch (error) {
    return `${(error as Error).name}: ${(error as InvalidHashParameterError).shortMessage}`
  }
}

describe('blake2b (spec §5 hash routine)', () => {
  test('behavior: BLAKE2b-512 of "abc" is the RFC 7693 digest; a string is hashed as its UTF-8 bytes', () => {
    const abc = 'ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923'
    expect(hex(blake2b('abc'))).toBe(abc)
    expect(hex(blake2b(ascii('abc')))).toBe(abc)
  })

  test('behavior: a 64-byte key, the output lengths 1 and 20, salt and personalization give the reference digests', () => {
    expect(hex(blake2b(new Uint8Array(), { key: Uint8Array.from({ length: 64 }, (_, i) => i) }))).toBe(
      '10ebb67700b1868efb4417987acf4690ae9d972fb7a590c2f02871799aaa4786b5e996e8f0f4eb981fc214b005f42d2ff4233499391653df7aefcbc13fc51568',
    )
    expect(hex(blake2b('latchkey', { outputLength: 1 }))).toBe('6b')
    expect(hex(blake2b(Uint8Array.of(0xff, 0), { outputLength: 20, key: ascii('k') }))).toBe('0602adbcae8ae203a21f77bb9feab1b858e24d02')
    expect(hex(blake2b('latchkey', { outputLength: 32, salt: ascii('0123456789abcdef'), personalization: ascii('latchkey-spec-05') }))).toBe('bebda22f42dfd52a9737b82861913dfb7b20a80b3e344da2cedcc3b724a82894')
  })

  test('behavior: an empty key is no key (the limit is at most 64 bytes)', () => {
    expect(hex(blake2b('abc', { key: new Uint8Array() }))).toBe(hex(blake2b('abc')))
  })

  test('bad input: an output length outside 1–64 (or not an integer) is refused with the spec words', () => {
    for (const outputLength of [0, 65, -1, 1.5, Number.NaN]) {
      expect(refusal(() => blake2b('abc', { outputLength }))).toBe(`InvalidHashParameterError: ${blake2bMessages.outputLength}`)
    }
    expect(refusal(() => blake2b('abc', { outputLength: '32' as unknown as number }))).toBe('InvalidHashParameterError: Illegal output length, expected 0 < length <= 64')
  })

  test('bad input: a key over 64 bytes, a salt or a personalization not of 16 bytes, are refused with the spec words', () => {
    expect(refusal(() => blake2b('abc', { key: new Uint8Array(65) }))).toBe('InvalidHashParameterError: Illegal key, expected Uint8Array with 0 < length <= 64')
    for (const length of [0, 15, 17]) {
      expect(refusal(() => blake2b('abc', { salt: new Uint8Array(length) }))).toBe('InvalidHashParameterError: Illegal salt, expected Uint8Array with length is 16')
      expect(refusal(() => blake2b('abc', { personalization: new Uint8Array(length) }))).toBe('InvalidHashParameterError: Illegal personal, expected Uint8Array with length is 16')
    }
    expect(refusal(() => blake2b('abc', { salt: 'sixteen bytes!!!' as unknown as Uint8Array }))).toBe('InvalidHashParameterError: Illegal salt, expected Uint8Array with length is 16')
  })

  test('bad input: an input that is neither a string nor bytes is refused; the error says what it received', () => {
    expect(refusal(() => blake2b(42 as unknown as string))).toBe('InvalidHashParameterError: Illegal input, expected a string or a Uint8Array')
    const error = (() => {
      try {
        blake2b('abc', { key: new Uint8Array(70) })
      } catch (e) {
        return e as InvalidHashParameterError
      }
    })()
    expect(error).toBeInstanceOf(InvalidHashParameterError)
    expect(error?.parameter).toBe('key')
    expect(error?.details).toBe('Received: 70 bytes')
  })
})
