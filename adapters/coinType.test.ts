import { describe, expect, test } from 'vitest'
import { evmCoinType, InvalidChainIdError } from './coinType.ts'

describe('evmCoinType (ENSIP-11; spec §5 "EVM chain id for name coin type must be below 2147483648")', () => {
  test('behavior: 60 on Ethereum mainnet, 0x80000000 | chainId elsewhere, up to the last chain id below 2^31', () => {
    expect(evmCoinType(1)).toBe(60)
    expect(evmCoinType(10)).toBe(2147483658)
    expect(evmCoinType(31337)).toBe((0x80000000 | 31337) >>> 0)
    expect(evmCoinType(2147483647)).toBe(4294967295)
  })

  test("bad input: a chain id of 2147483648 or more, zero, negative or not an integer is 'Invalid chainId'", () => {
    for (const chainId of [2147483648, 2 ** 40, 0, -1, 1.5, Number.NaN, '1' as unknown as number]) {
      let error: unknown
      try {
        evmCoinType(chainId)
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(InvalidChainIdError)
      expect((error as InvalidChainIdError).shortMessage).toBe('Invalid chainId')
    }
    expect(() => evmCoinType(2147483648)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidChainIdError: Invalid chainId
      Docs: https://latchkey.example/errors/InvalidChainIdError
      Details: An EVM chain id for a name coin type must be a positive integer below 2147483648; received 2147483648.]
    `)
  })
})
