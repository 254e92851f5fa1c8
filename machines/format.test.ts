import { describe, expect, test } from 'vitest'
import { formatBalance, truncateAddress } from './format.ts'

describe('format', () => {
  test('behavior: balances floor to 3 decimals, never round up', () => {
    expect(formatBalance(1_999_999_999_999_999_999n, 18)).toBe('1.999')
    expect(formatBalance('10000000000000000000000', 18)).toBe('10000.000')
    expect(formatBalance(1n, 18)).toBe('0.000')
    expect(formatBalance(123_456_789n, 6)).toBe('123.456')
  })
  test('behavior: a missing or unparsable balance shows the default 0.000', () => {
    expect(formatBalance(undefined, 18)).toBe('0.000')
    expect(formatBalance('0x-not-a-number', 18)).toBe('0.000')
    expect(formatBalance('1.5', 18)).toBe('0.000')
  })
  test('behavior: addresses are truncated to 6 + 4 characters', () => {
    expect(truncateAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39F…2266')
    expect(truncateAddress('0x1234')).toBe('0x1234')
    expect(truncateAddress(undefined)).toBe('')
  })
})
