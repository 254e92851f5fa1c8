import { describe, expect, test } from 'vitest'
import { floorDecimal, formatAmount, formatAmountCompact, formatBalance, formatFee, formatFiat, isPriced, tokenFiat, totalFiat, truncateAddress } from './format.ts'

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
    expect(floorDecimal('')).toBe('0.000')
    expect(floorDecimal('abc')).toBe('0.000')
  })
  test('behavior: floorDecimal cuts the fraction of a decimal string without a float, and drops a sign that floors to zero', () => {
    expect(floorDecimal('1.9999')).toBe('1.999')
    expect(floorDecimal('0.0009')).toBe('0.000')
    expect(floorDecimal('-0.0001')).toBe('0.000')
    expect(floorDecimal('-2.5')).toBe('-2.500')
    expect(floorDecimal('123456789012345678901234567890.123456789')).toBe('123456789012345678901234567890.123')
  })
  test('behavior: amounts are grouped in the visitor locale (en-US 1,000,000; de-DE 1.000.000)', () => {
    expect(formatAmount('1000000', 'en-US')).toBe('1,000,000')
    expect(formatAmount('1000000', 'de-DE')).toBe('1.000.000')
    expect(formatAmount('1234567.125', 'de-DE')).toBe('1.234.567,125')
  })
  test.each([
    ['10000.000', '10,000'],
    ['999.5', '999.5'],
    ['1.250', '1.25'],
    ['0.000', '0'],
    ['12.0501', '12.05'],
    ['100', '100'],
  ])('behavior: amounts drop the trailing zeros of their 3 decimals: %s → %s', (amount, shown) => {
    expect(formatAmount(amount, 'en-US')).toBe(shown)
  })
  test.each([
    ['999999.999', 'en-US', '999,999.999'],
    ['1000000.000', 'en-US', '1M'],
    ['1239999.9', 'en-US', '1.23M'],
    ['123456789', 'en-US', '123.45M'],
    ['1000000000', 'en-US', '1B'],
    ['1999999999999', 'en-US', '1.99T'],
    ['1234567.89', 'de-DE', '1,23\u00a0Mio.'],
    ['-5000000', 'en-US', '-5M'],
    ['not a number', 'en-US', '0'],
  ])('behavior: where space is short, amounts from a million on are compact and floored to 2 decimals of their unit: %s (%s) → %s', (amount, locale, shown) => {
    expect(formatAmountCompact(amount, locale)).toBe(shown)
  })
  test('behavior: amounts floor to 3 decimals, never round up (1.9999 → 1.999), in every locale', () => {
    expect(formatAmount('1.9999', 'en-US')).toBe('1.999')
    expect(formatAmount('1.9999', 'de-DE')).toBe('1,999')
    expect(formatAmount('0.0009999', 'en-US')).toBe('0')
  })
  test('behavior: amounts beyond float precision stay exact (the integer part is formatted from a bigint)', () => {
    expect(formatAmount('123456789012345678901.98765', 'en-US')).toBe('123,456,789,012,345,678,901.987')
  })
  test('behavior: an unparsable amount or an invalid locale falls back (0; en-US)', () => {
    expect(formatAmount('not a number', 'en-US')).toBe('0')
    expect(formatAmount('1234.5', 'not a locale!')).toBe('1,234.5')
  })
  test('behavior: a locale with its own digits shows them in the fraction too', () => {
    const text = formatAmount('1234.5', 'ar-EG')
    expect(text).not.toMatch(/[0-9]/)
  })
  test('behavior: network fees read in significant digits (0.000037 ETH, not 0.000037242423414 ETH)', () => {
    expect(formatFee(37_242_423_414_000n, 18, 'ETH', 'en-US')).toBe('0.000037 ETH')
    expect(formatFee(21_000_000_000_000n, 18, 'ETH', 'en-US')).toBe('0.000021 ETH')
    expect(formatFee(5000n, 9, 'SOL', 'en-US')).toBe('0.000005 SOL')
    expect(formatFee(37_242_423_414_000n, 18, 'ETH', 'de-DE')).toBe('0,000037 ETH')
    expect(formatFee(1_234_567_800_000_000_000_000n, 18, 'ETH', 'en-US')).toBe('1,234.5678 ETH')
    expect(formatFee(0n, 18, 'ETH', 'en-US')).toBe('0 ETH')
  })
  test('behavior: fiat is currency in the locale ($1,234.56; 1.234,56 $), under a cent <$0.01', () => {
    expect(formatFiat(1234.56, 'en-US')).toBe('$1,234.56')
    expect(formatFiat(1234.56, 'de-DE')).toBe('1.234,56\u00a0$')
    expect(formatFiat(0.004, 'en-US')).toBe('<$0.01')
    expect(formatFiat(30_000_000, 'en-US')).toBe('$30,000,000.00')
  })
  test('behavior: no price, no fiat (never $0.00)', () => {
    expect(isPriced(0)).toBe(false)
    expect(isPriced(Number.NaN)).toBe(false)
    expect(isPriced(3000)).toBe(true)
    expect(tokenFiat({ price: 0, value: 0 }, 'en-US')).toBeUndefined()
    expect(tokenFiat({ price: 3000, value: 30_000 }, 'en-US')).toBe('$30,000.00')
    expect(formatFiat(undefined)).toBeUndefined()
    expect(formatFiat(Number.POSITIVE_INFINITY)).toBeUndefined()
  })
  test('behavior: a total only when every token is priced (a sum that leaves a token out is not known); none for no token', () => {
    expect(
      totalFiat(
        [
          { price: 3000, value: 3000 },
          { price: 0.5, value: 500_000 },
        ],
        'en-US',
      ),
    ).toBe('$503,000.00')
    expect(
      totalFiat(
        [
          { price: 3000, value: 3000 },
          { price: 0, value: 0 },
          { price: 0.5, value: 500_000 },
        ],
        'en-US',
      ),
    ).toBeUndefined()
    expect(totalFiat([{ price: 0, value: 0 }], 'en-US')).toBeUndefined()
    expect(totalFiat([], 'en-US')).toBeUndefined()
  })
  test('behavior: addresses are truncated to 6 + 4 characters', () => {
    expect(truncateAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39F…2266')
    expect(truncateAddress('0x1234')).toBe('0x1234')
    expect(truncateAddress(undefined)).toBe('')
  })
})
