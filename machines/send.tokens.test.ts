import { formatUnits as viemFormatUnits } from 'viem'
import { describe, expect, test } from 'vitest'
import { formatUnits, sendableTokens, tokenKey } from './send.tokens.ts'
import * as send from './send.ts'

describe('send.tokens', () => {
  test('behavior: formatUnits answers what viem answers (exact, trailing zeros dropped, sign kept)', () => {
    const values = [0n, 1n, 9n, 10n, 21000000000000n, 1000000000000000000n, 1234567890123456789n, 10n ** 30n + 7n, -1500n, -1n]
    for (const decimals of [0, 1, 3, 6, 8, 9, 18, 24]) {
      for (const value of values) expect(formatUnits(value, decimals), `${value} / 10^${decimals}`).toBe(viemFormatUnits(value, decimals))
    }
    expect(formatUnits(21000000000000n, 18)).toBe('0.000021')
  })

  test('behavior: the send machine module re-exports the helpers (existing imports keep working)', () => {
    expect(send.tokenKey).toBe(tokenKey)
    expect(send.sendableTokens).toBe(sendableTokens)
    expect(tokenKey({ address: undefined, chainId: 'eip155:1' })).toBe('eip155:1:native')
  })
})
