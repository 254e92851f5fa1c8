import { formatUnits } from './send.tokens.ts'
import { defaultLocale } from './format.locale.ts'

/*
 * The one place numbers become text: token amounts, network fees and fiat values, in the visitor's
 * locale. Pure: the locale is a parameter (the UI passes `navigator.language` or the app's choice), never read here.
 * Amounts work from exact decimal strings (bigint arithmetic): the integer part is grouped by `Intl.NumberFormat` from a
 * bigint, the fraction is cut (floored), never rounded through a float.
 */

/** `Intl.NumberFormat` instances are costly to build: one per locale and options. */
const formatters = new Map<string, Intl.NumberFormat>()
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let nf = formatters.get(key)
  if (!nf) {
    try {
      nf = new Intl.NumberFormat(locale, options)
    } catch {
      // An invalid locale tag (an app's option, a browser's odd language) falls back to the default.
      nf = new Intl.NumberFormat(defaultLocale, options)
    }
    formatters.set(key, nf)
  }
  return nf
}

/** The locale's decimal separator and digits (`'٫'` and Arabic-Indic digits for `ar-EG`), from Intl itself. */
function symbolsOf(locale: string): { decimal: string; digits: string[] } {
  const plain = numberFormat(locale, { useGrouping: false })
  const decimal = plain.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
  return { decimal, digits: Array.from({ length: 10 }, (_, i) => plain.format(i)) }
}

/**
 * Floors a decimal string in whole tokens to `fractionDigits` decimals, as plain text (`'1234.5678'` → `'1234.567'`):
 * the machine-readable balance of spec §5 (no grouping, `.` as separator). Unparsable input gives `'0.000'`.
 * @example floorDecimal('1.9999') // '1.999'
 */
export function floorDecimal(numeric: string, fractionDigits = 3): string {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(numeric.trim())
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return fractionDigits > 0 ? `0.${'0'.repeat(fractionDigits)}` : '0'
  const whole = (m[2] || '0').replace(/^0+(?=\d)/, '')
  const fraction = (m[3] ?? '').padEnd(fractionDigits, '0').slice(0, fractionDigits)
  const negative = m[1] === '-' && /[1-9]/.test(whole + fraction)
  return `${negative ? '-' : ''}${whole}${fractionDigits > 0 ? `.${fraction}` : ''}`
}

/**
 * Floors a balance to 3 decimals (spec §5): `'1.23456' → '1.234'`, default `'0.000'`. Plain text (no grouping): the
 * account state's `balance`; {@link formatAmount} makes the visitor's text of it.
 * @param value smallest unit (wei) as bigint or decimal string; anything unparsable shows the default.
 * @param decimals the token's decimals (18 for ETH).
 * @example formatBalance(1234567890000000000n, 18) // '1.234'
 */
export function formatBalance(value: bigint | string | undefined, decimals: number): string {
  if (value === undefined) return '0.000'
  let wei: bigint
  try {
    wei = typeof value === 'bigint' ? value : BigInt(value)
  } catch {
    return '0.000'
  }
  return floorDecimal(formatUnits(wei, decimals))
}

/**
 * A token amount as the visitor reads it (spec §5): floored (never rounded up) to `fractionDigits`
 * decimals, the integer part grouped in the locale, trailing zeros of the fraction trimmed (`'10000.000'` → `'10,000'`,
 * `'1.500'` → `'1.5'` in en-US; `'1.000.000'` in de-DE), exact for any size (bigint, no float). Unparsable input shows
 * `0`.
 * @param numeric the amount in whole tokens as a decimal string (`quantity.numeric`, {@link formatBalance}'s answer).
 * @param locale a BCP 47 tag (`navigator.language`); an invalid one falls back to {@link defaultLocale}.
 * @example formatAmount('1000000', 'en-US') // '1,000,000'
 * formatAmount('1.9999', 'de-DE') // '1,999'
 * formatAmount('0.5000', 'en-US') // '0.5'
 */
export function formatAmount(numeric: string, locale: string = defaultLocale, fractionDigits = 3): string {
  const plain = floorDecimal(numeric, fractionDigits)
  const negative = plain.startsWith('-')
  const [whole = '0', fraction = ''] = (negative ? plain.slice(1) : plain).split('.')
  const { decimal, digits } = symbolsOf(locale)
  const grouped = numberFormat(locale, { useGrouping: true, maximumFractionDigits: 0 }).format(BigInt(whole))
  const localFraction = fraction.replace(/0+$/, '').replace(/\d/g, (d) => digits[Number(d)] ?? d)
  return `${negative ? '-' : ''}${grouped}${localFraction ? `${decimal}${localFraction}` : ''}`
}

/** From a million whole tokens on, an amount where space is short is written compact ({@link formatAmountCompact}). */
const compactFrom = 1_000_000n

/**
 * A token amount where space is short (a token row, a token button): below {@link compactFrom} as
 * {@link formatAmount}; from a million on in the locale's compact notation, floored to 2 decimals of its unit
 * (`'1234567.89'` → `'1.23M'` in en-US, `'1,23 Mio.'` in de-DE; `'1000000000'` → `'1B'`), never rounded up. The exact
 * amount belongs beside it (a title) where the compact one is shown.
 * @param numeric the amount in whole tokens as a decimal string.
 * @example formatAmountCompact('1000000.000', 'en-US') // '1M'
 * formatAmountCompact('999999.5', 'en-US') // '999,999.5'
 */
export function formatAmountCompact(numeric: string, locale: string = defaultLocale): string {
  const plain = floorDecimal(numeric, 0)
  const negative = plain.startsWith('-')
  const whole = BigInt(negative ? plain.slice(1) : plain)
  if (whole < compactFrom) return formatAmount(numeric, locale)
  // Floored to 2 decimals of the unit (M = 10^6, B = 10^9, …) in bigint, so the float below is never rounded up.
  const unit = 10n ** BigInt(Math.floor((whole.toString().length - 1) / 3) * 3 - 2)
  const floored = Number((whole / unit) * unit)
  const text = numberFormat(locale, { notation: 'compact', maximumFractionDigits: 2, roundingMode: 'trunc' }).format(floored)
  return `${negative ? '-' : ''}${text}`
}

/**
 * A network fee in significant digits: `0.000037242423414` ETH reads `'0.000037 ETH'` (2 significant
 * digits below 1, up to 4 decimals above), grouped in the locale. A fee is an estimate: rounding is fine here.
 * @param value the fee in the smallest unit (wei, lamports).
 * @param decimals the native currency's decimals.
 * @example formatFee(37242423414000n, 18, 'ETH') // '0.000037 ETH'
 */
export function formatFee(value: bigint, decimals: number, symbol: string, locale: string = defaultLocale): string {
  const amount = Number(formatUnits(value, decimals))
  const options: Intl.NumberFormatOptions = amount !== 0 && Math.abs(amount) < 1 ? { maximumSignificantDigits: 2 } : { maximumFractionDigits: 4 }
  return `${numberFormat(locale, options).format(amount)} ${symbol}`
}

/**
 * A fiat value as currency: `'$1,234.56'` (en-US), `'1.234,56 $'` (de-DE); a positive value under a cent
 * reads `'<$0.01'`. `undefined` when there is no value to show (no price known, not a finite number): the view then
 * shows no fiat at all, never a made-up `$0.00`.
 * @param value the amount in `currency` (USD from the blockchain API), or undefined.
 * @example formatFiat(1234.5, 'en-US') // '$1,234.50'
 * formatFiat(undefined) // undefined
 */
export function formatFiat(value: number | undefined, locale: string = defaultLocale, currency = 'USD'): string | undefined {
  if (value === undefined || !Number.isFinite(value)) return undefined
  const nf = numberFormat(locale, { style: 'currency', currency })
  if (value > 0 && value < 0.01) return `<${nf.format(0.01)}`
  return nf.format(value)
}

/**
 * Whether a price is known: the API answers `price: 0` for a token it cannot price (and testnets), which is "unknown",
 * not "worthless".
 */
export function isPriced(price: number | undefined): price is number {
  return price !== undefined && Number.isFinite(price) && price > 0
}

/**
 * The fiat value of a balance row, or undefined without a price (no price → no fiat).
 * @example tokenFiat({ price: 3000, value: 30000 }, 'en-US') // '$30,000.00'
 */
export function tokenFiat(token: { price: number; value: number }, locale: string = defaultLocale): string | undefined {
  return isPriced(token.price) ? formatFiat(token.value, locale) : undefined
}

/**
 * The total fiat value of a portfolio (fiat only when known): the sum of the tokens' values when every
 * token is priced; undefined when one is not (a sum that leaves a token out is not the portfolio's value) or there is
 * no token.
 * @example totalFiat([{ price: 3000, value: 3000 }, { price: 1, value: 5 }], 'en-US') // '$3,005.00'
 * totalFiat([{ price: 3000, value: 3000 }, { price: 0, value: 0 }], 'en-US') // undefined
 */
export function totalFiat(tokens: readonly { price: number; value: number }[], locale: string = defaultLocale): string | undefined {
  if (tokens.length === 0 || !tokens.every((t) => isPriced(t.price) && Number.isFinite(t.value))) return undefined
  return formatFiat(
    tokens.reduce((sum, t) => sum + t.value, 0),
    locale,
  )
}

/** `0xf39F…2266`: the first 6 and last 4 characters of an address. Short strings are returned as they are. */
export function truncateAddress(address: string | undefined, head = 6, tail = 4): string {
  if (!address) return ''
  if (address.length <= head + tail + 1) return address
  return `${address.slice(0, head)}…${address.slice(-tail)}`
}
