import fc from 'fast-check'
import type * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { InvalidResponseError, parseResponse } from './api.ts'
import {
  allowanceSchema,
  balanceResponseSchema,
  fungiblesSchema,
  gasPriceSchema,
  historyResponseSchema,
  identitySchema,
  isIsoTimestamp,
  nameProfileSchema,
  onrampOptionsSchema,
  onrampQuoteSchema,
  sessionsSchema,
  swapQuotesSchema,
  swapTokensSchema,
  txResponseSchema,
  walletsPageSchema,
} from './schemas.ts'
import { siwxNonceSchema, siwxSessionSchema } from './siwx.ts'

/**
 * Property tests of the API answer schemas at the trust boundary: any JSON is accepted or
 * refused with `InvalidResponseError` (never another exception); answers built from the contract round-trip unchanged
 * through JSON; and an answer with one date or number-like field made malformed — a `minedAt` that is not a real
 * instant, a numeric string that is not a decimal, a count that is not a whole number, a price of Infinity (JSON's
 * `1e400`), an image URL that is not http(s) or data:image — is refused whole. fast-check prints the counterexample.
 */
const runs = { numRuns: 300 }

const schemas = {
  walletsPage: walletsPageSchema,
  balances: balanceResponseSchema,
  history: historyResponseSchema,
  identity: identitySchema,
  swapQuotes: swapQuotesSchema,
  swapTokens: swapTokensSchema,
  fungibles: fungiblesSchema,
  allowance: allowanceSchema,
  gasPrice: gasPriceSchema,
  tx: txResponseSchema,
  nameProfile: nameProfileSchema,
  onrampOptions: onrampOptionsSchema,
  onrampQuote: onrampQuoteSchema,
  sessions: sessionsSchema,
  siwxNonce: siwxNonceSchema,
  siwxSession: siwxSessionSchema,
} satisfies Record<string, v.GenericSchema>

/** What parseResponse does with `data`: the output, or the error it threw. */
function attempt(schema: v.GenericSchema, data: unknown): { ok: true; output: unknown } | { ok: false; error: unknown } {
  try {
    return { ok: true, output: parseResponse('test', schema, data) }
  } catch (error) {
    return { ok: false, error }
  }
}

// ---------------------------------------------------------------- valid answers, from the contracts

const uint = fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }).map(String)
const decimals = fc.integer({ min: 0, max: 36 })
/** A quantity whose numeric has no more fraction digits than its decimals. */
const quantity = decimals.chain((d) =>
  fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: d })).map(([units, places]) => {
    const text = units.toString().padStart(places + 1, '0')
    const whole = text.slice(0, text.length - places).replace(/^0+(?=\d)/, '')
    return { decimals: String(d), numeric: places ? `${whole}.${text.slice(text.length - places)}` : whole }
  }),
)
const usd = fc.double({ min: 0, max: 1e12, noNaN: true, noDefaultInfinity: true })
const isoDate = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString())
const imageUrl = fc.oneof(
  fc.webUrl({ validSchemes: ['https', 'http'] }).filter((u) => !/[#@]/.test(u)),
  fc.constant('data:image/svg+xml;base64,PHN2Zy8+'),
)
const hexAddress = fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: 40, maxLength: 40 }).map((h) => `0x${h}`)
const caip2 = fc.constantFrom('eip155:1', 'eip155:31337', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')

const tokenBalance = fc.record(
  { name: fc.string(), symbol: fc.string(), chainId: caip2, address: fc.tuple(caip2, hexAddress).map(([c, a]) => `${c}:${a}`), value: usd, price: usd, iconUrl: imageUrl, quantity },
  { requiredKeys: ['name', 'symbol', 'chainId', 'value', 'price', 'quantity'] },
)
const transaction = fc.record({
  id: fc.string(),
  metadata: fc.record(
    {
      minedAt: isoDate,
      chain: caip2,
      hash: fc.string(),
      status: fc.constantFrom('confirmed', 'failed', 'pending'),
      operationType: fc.string(),
      sentFrom: fc.string(),
      sentTo: fc.string(),
      nonce: fc.nat(),
    },
    { requiredKeys: ['minedAt', 'chain', 'hash', 'status', 'operationType', 'sentFrom', 'sentTo'] },
  ),
  transfers: fc.array(
    fc.record(
      {
        fungible_info: fc.record({ name: fc.string(), symbol: fc.string(), icon: fc.record({ url: imageUrl }) }, { requiredKeys: [] }),
        nft_info: fc.record({ name: fc.string(), flags: fc.record({ is_spam: fc.boolean() }) }, { requiredKeys: [] }),
        direction: fc.constantFrom('in', 'out', 'self'),
        quantity,
        value: usd,
        price: usd,
        operation_type: fc.string(),
      },
      { requiredKeys: ['direction', 'operation_type'] },
    ),
    { maxLength: 3 },
  ),
})
const validAnswers = {
  balances: fc.record({ balances: fc.array(tokenBalance, { maxLength: 4 }) }),
  history: fc.record({ data: fc.array(transaction, { maxLength: 4 }), next: fc.option(fc.string(), { nil: null }) }),
  walletsPage: fc.record({
    data: fc.array(
      fc.record({
        id: fc.string({ minLength: 1 }),
        name: fc.string(),
        image_id: fc.string(),
        rdns: fc.option(fc.string(), { nil: null }),
        homepage: fc.option(fc.string(), { nil: null }),
        mobile_link: fc.option(fc.string(), { nil: null }),
        desktop_link: fc.option(fc.string(), { nil: null }),
        webapp_link: fc.option(fc.string(), { nil: null }),
        app_store: fc.option(fc.string(), { nil: null }),
        play_store: fc.option(fc.string(), { nil: null }),
        chains: fc.array(caip2),
        badge_type: fc.constantFrom('none', 'certified', null),
      }),
      { maxLength: 3 },
    ),
    count: fc.nat(),
  }),
  identity: fc.record({ name: fc.option(fc.string(), { nil: null }), avatar: fc.option(imageUrl, { nil: null }) }),
  gasPrice: fc.record({ standard: uint, fast: uint, instant: uint }),
  tx: fc.record({
    tx: fc.record(
      { from: hexAddress, to: hexAddress, data: fc.uint8Array({ maxLength: 40 }).map((b) => `0x${Buffer.from(b).toString('hex')}`), value: uint, gas: uint, gasPrice: uint },
      { requiredKeys: ['from', 'to', 'data', 'value'] },
    ),
  }),
  sessions: fc.record({ pcis: fc.array(fc.record({ pci: fc.string(), expiry: fc.nat(), chainId: caip2 }, { requiredKeys: ['pci', 'expiry'] })) }),
} satisfies Partial<Record<keyof typeof schemas, fc.Arbitrary<unknown>>>

// ---------------------------------------------------------------- malformed values of each class

const notATimestamp = fc.oneof(
  fc.string().filter((s) => !isIsoTimestamp(s)),
  fc.constantFrom(
    'not a date',
    '',
    '2024-02-31T10:00:00Z',
    '2023-02-29T00:00:00Z',
    '2024-13-01T00:00:00Z',
    '2024-01-01T24:00:00Z',
    '2024-01-01',
    '2024-01-01T00:00:00',
    '1 May 2024',
    '2024-05-01T10:00:00+25:00',
    'Invalid Date',
  ),
)
const notADecimal = fc.oneof(
  fc.constantFrom('', '1e5', '-1', '+1', '1.', '.5', '01', '1,5', 'NaN', 'Infinity', '0x10', ' 1', '1 '),
  fc.string().filter((s) => !/^(0|[1-9][0-9]*)(\.[0-9]+)?$/.test(s)),
)
const notAUint = fc.oneof(
  fc.constantFrom('', '-1', '1.5', '1e3', '0x1', '01', ' 1'),
  fc.string().filter((s) => !/^(0|[1-9][0-9]*)$/.test(s)),
)
const notAnImage = fc.constantFrom('javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '/relative.png', 'https://u:p@evil.example/i.png', 'https://example.org/ i.png', 'ftp://example.org/i.png', '')

describe('API answer schemas (property)', () => {
  test('property: any JSON is accepted or refused with InvalidResponseError, for every schema', () => {
    fc.assert(
      fc.property(fc.constantFrom(...(Object.keys(schemas) as Array<keyof typeof schemas>)), fc.oneof(fc.jsonValue(), fc.anything()), (name, data) => {
        const result = attempt(schemas[name], data)
        if (!result.ok) expect(result.error).toBeInstanceOf(InvalidResponseError)
      }),
      { numRuns: 1000 },
    )
  })

  for (const [name, arbitrary] of Object.entries(validAnswers)) {
    test(`property: a valid ${name} answer round-trips through JSON unchanged`, () => {
      fc.assert(
        fc.property(arbitrary, (answer) => {
          const data = JSON.parse(JSON.stringify(answer)) as unknown
          const result = attempt(schemas[name as keyof typeof schemas], data)
          expect(result).toEqual({ ok: true, output: data })
        }),
        runs,
      )
    })
  }

  test("property: a history answer with one minedAt that is not a real ISO 8601 instant is refused whole (no 'Invalid Date')", () => {
    fc.assert(
      fc.property(
        validAnswers.history.filter((h) => h.data.length > 0),
        fc.nat(),
        notATimestamp,
        (history, at, minedAt) => {
          const i = at % history.data.length
          const bad = { ...history, data: history.data.map((t, j) => (j === i ? { ...t, metadata: { ...t.metadata, minedAt } } : t)) }
          const result = attempt(historyResponseSchema, bad)
          expect(result.ok).toBe(false)
          expect((result as { error: InvalidResponseError }).error.details).toContain(`data.${i}.metadata.minedAt`)
        },
      ),
      runs,
    )
  })

  test('property: a balance with a malformed quantity, price, value or icon is refused whole', () => {
    const mutation = fc.oneof(
      notADecimal.map((numeric) => (t: Record<string, any>) => ({ ...t, quantity: { ...t['quantity'], numeric } })),
      notAUint.map((d) => (t: Record<string, any>) => ({ ...t, quantity: { ...t['quantity'], decimals: d } })),
      fc.constantFrom(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN, -1, '1').map((value) => (t: Record<string, any>) => ({ ...t, value })),
      fc.constantFrom(Number.POSITIVE_INFINITY, -0.01, '3000').map((price) => (t: Record<string, any>) => ({ ...t, price })),
      notAnImage.map((iconUrl) => (t: Record<string, any>) => ({ ...t, iconUrl })),
      // A token address that is not CAIP-10 (spec §5), a chain that is not CAIP-2.
      fc.constantFrom('0xabc', 'eip155:1', 'eip155::0xabc', 'foo:1:0xabc', '').map((address) => (t: Record<string, any>) => ({ ...t, address })),
      fc.constantFrom('1', 'eip155:', ':1', 'foo:1').map((chainId) => (t: Record<string, any>) => ({ ...t, chainId })),
      // More fraction digits than the token has decimals.
      fc.constant((t: Record<string, any>) => ({ ...t, quantity: { decimals: '2', numeric: '1.123' } })),
      fc.constant((t: Record<string, any>) => ({ ...t, quantity: { decimals: '256', numeric: '1' } })),
    )
    fc.assert(
      fc.property(tokenBalance, mutation, (token, mutate) => {
        // (Infinity and NaN cannot travel in JSON: given as values, as JSON.parse('1e400') would give them.)
        expect(attempt(balanceResponseSchema, { balances: [mutate(token)] }).ok).toBe(false)
      }),
      runs,
    )
  })

  test('property: counts, amounts, gas prices, expiries and transaction fields of the wrong class are refused', () => {
    fc.assert(
      fc.property(notAUint, notADecimal, fc.constantFrom(-1, 1.5, Number.POSITIVE_INFINITY, '3'), (uintText, decimalText, count) => {
        expect(attempt(walletsPageSchema, { data: [], count }).ok).toBe(false)
        expect(attempt(gasPriceSchema, { standard: uintText, fast: '1', instant: '1' }).ok).toBe(false)
        expect(attempt(allowanceSchema, { allowance: uintText }).ok).toBe(false)
        expect(attempt(swapQuotesSchema, { quotes: [{ fromAmount: '1', toAmount: uintText }] }).ok).toBe(false)
        expect(attempt(sessionsSchema, { pcis: [{ pci: 'p', expiry: count }] }).ok).toBe(false)
        expect(attempt(txResponseSchema, { tx: { from: `0x${'1'.repeat(40)}`, to: `0x${'2'.repeat(40)}`, data: '0x', value: uintText } }).ok).toBe(false)
        const amount = { amount: decimalText, currency: 'USD' }
        const ok = { amount: '1', currency: 'USD' }
        expect(attempt(onrampQuoteSchema, { coinbaseFee: amount, networkFee: ok, paymentSubtotal: ok, paymentTotal: ok, purchaseAmount: ok, quoteId: 'q' }).ok).toBe(false)
      }),
      runs,
    )
  })

  test('property: SIWX nonce and session dates must be real ISO 8601 instants', () => {
    fc.assert(
      fc.property(notATimestamp, isoDate, (bad, good) => {
        const nonce = { nonce: 'abcdefgh1', token: 't'.repeat(16) }
        expect(attempt(siwxNonceSchema, { ...nonce, expiresAt: good }).ok).toBe(true)
        expect(attempt(siwxNonceSchema, { ...nonce, expiresAt: bad }).ok).toBe(false)
        const session = { token: 't'.repeat(16), address: `0x${'a'.repeat(40)}`, chainId: 'eip155:1', domain: 'd', uri: 'https://d', message: 'm', signature: '0x' }
        expect(attempt(siwxSessionSchema, { ...session, issuedAt: good }).ok).toBe(true)
        expect(attempt(siwxSessionSchema, { ...session, issuedAt: bad }).ok).toBe(false)
        expect(attempt(siwxSessionSchema, { ...session, issuedAt: good, expirationTime: bad }).ok).toBe(false)
      }),
      runs,
    )
  })
})

describe('isIsoTimestamp (property)', () => {
  test('property: every Date in range written by toISOString (or with an offset) is accepted and names that instant', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), (date) => {
        const iso = date.toISOString()
        expect(isIsoTimestamp(iso)).toBe(true)
        expect(Date.parse(iso)).toBe(date.getTime())
        expect(isIsoTimestamp(iso.replace('Z', '+00:00'))).toBe(true)
      }),
      { numRuns: 1000 },
    )
  })

  test('property: a date-time made of parts is accepted exactly when the day exists in its month and the time of day is below 24:00', () => {
    const two = (n: number) => String(n).padStart(2, '0')
    fc.assert(
      fc.property(
        fc.integer({ min: 1970, max: 2400 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        (year, month, day, hour, minute, second) => {
          const text = `${year}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}:${two(second)}Z`
          const exists = month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate()
          expect(isIsoTimestamp(text), text).toBe(exists && hour < 24 && minute < 60 && second < 60)
        },
      ),
      { numRuns: 1000 },
    )
  })

  test('property: any value is accepted or not without throwing; an accepted one parses to a finite time', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything(), isoDate), (value) => {
        if (isIsoTimestamp(value)) expect(Number.isFinite(Date.parse(value))).toBe(true)
      }),
      { numRuns: 1000 },
    )
  })
})
