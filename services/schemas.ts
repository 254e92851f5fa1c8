import * as v from 'valibot'
import { parseCaipAddress, parseCaipNetworkId } from '../kernel/caip.ts'
import { httpProtocols, isImageUrl, parseConnectionUrl } from '../kernel/urls.ts'
import { featuresSchema } from './features.schema.ts'

/**
 * Valibot schemas mirroring the response schemas of `openapi/*.yaml`, used to validate what crosses the
 * trust boundary (spec: a response that does not match is rejected with a clear error). The contract tests
 * run every operation against the reference server (which validates its own answers against the YAML),
 * so a drift between these and the contract fails there.
 */
const nullableString = v.nullish(v.string())

/** RFC 3339 / ISO 8601 date-time with a zone (`format: date-time` of the contracts): `2024-05-01T12:00:00.000Z`. */
const dateTimePattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-](\d{2}):(\d{2}))$/

/**
 * Whether `value` is an ISO 8601 timestamp of the contracts' `date-time` format that names a real instant: a date
 * that exists (no 31 February, which `Date` would quietly roll over into March), a time of day below 24:00:00, a zone
 * (`Z` or ±hh:mm), and within `Date`'s range. Never throws.
 * @example isIsoTimestamp('2024-02-29T12:00:00Z') // true
 * isIsoTimestamp('2023-02-29T12:00:00Z') // false
 * isIsoTimestamp('yesterday') // false
 */
export function isIsoTimestamp(value: unknown): value is string {
  if (typeof value !== 'string') return false
  const m = dateTimePattern.exec(value)
  if (!m) return false
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number]
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
  if (daysInMonth === undefined || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59) return false
  if (m[9] !== undefined && (Number(m[9]) > 23 || Number(m[10]) > 59)) return false
  return Number.isFinite(Date.parse(value))
}
/** A `date-time` string ({@link isIsoTimestamp}). */
export const isoTimestampSchema = v.pipe(
  v.string(),
  v.check((s: string) => isIsoTimestamp(s), 'Invalid date-time: expected an ISO 8601 timestamp with a zone, of a real date'),
)

/** A whole number as a decimal string (wei, token smallest units, allowances): `'0'`, `'21000'`; no sign, no leading zero. */
export const uintStringSchema = v.pipe(v.string(), v.regex(/^(0|[1-9][0-9]*)$/, 'Invalid integer: expected decimal digits'))
/** An amount as a decimal string (`'1.5'`, `'0.000021'`, `'10.00'`): digits, an optional fraction; no sign or exponent. */
export const decimalStringSchema = v.pipe(v.string(), v.regex(/^(0|[1-9][0-9]*)(\.[0-9]+)?$/, 'Invalid amount: expected a decimal number such as 1.5'))
/** A CAIP-2 network id (spec §5: two non-empty parts, a known namespace), through the parser of adapters/networks.ts. */
export const caipNetworkIdSchema = v.pipe(
  v.string(),
  v.check((s: string) => succeeds(() => parseCaipNetworkId(s)), 'Invalid CAIP-2 network id'),
)
/** A CAIP-10 address (spec §5: three non-empty parts, a known namespace), through the parser of adapters/networks.ts. */
export const caipAddressSchema = v.pipe(
  v.string(),
  v.check((s: string) => succeeds(() => parseCaipAddress(s)), 'Invalid CAIP-10 address'),
)
function succeeds(parse: () => unknown): boolean {
  try {
    parse()
    return true
  } catch {
    return false
  }
}
/** A finite number (JSON's 1e400 parses to Infinity). */
const finiteNumber = v.pipe(v.number(), v.finite())
/** A USD price or value: finite, not negative. */
const usdSchema = v.pipe(v.number(), v.finite(), v.minValue(0))
/** A count or a timestamp in seconds: a non-negative safe integer. */
const countSchema = v.pipe(v.number(), v.safeInteger(), v.minValue(0))

/** An image URL: an http(s) URL of the connection layer's URL policy, or a `data:image/…` URI ({@link isImageUrl}). */
export const imageUrlSchema = v.pipe(
  v.string(),
  v.check((s: string) => isImageUrl(s), 'Invalid image URL: expected an http(s) URL or a data:image URI'),
)
/** Whether `value` is an absolute http(s) URL of the connection layer's URL policy (kernel/urls.ts). Never throws. */
function isHttpUrl(value: string): boolean {
  try {
    parseConnectionUrl(value, { protocols: httpProtocols })
    return true
  } catch {
    return false
  }
}

// Wallet directory
export const walletSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  name: v.string(),
  image_id: v.string(),
  rdns: nullableString,
  homepage: nullableString,
  mobile_link: nullableString,
  /** The wallet's universal link, used on a phone with `preferUniversalLinks` (spec §9); absent in older directories. */
  link_mode: v.optional(nullableString),
  desktop_link: nullableString,
  webapp_link: nullableString,
  app_store: nullableString,
  play_store: nullableString,
  /** The extension's Chrome Web Store page; absent in older directories. */
  chrome_store: v.optional(nullableString),
  chains: v.array(v.string()),
  badge_type: v.nullish(v.picklist(['none', 'certified'])),
  order: v.optional(finiteNumber),
})
export type Wallet = v.InferOutput<typeof walletSchema>
export const walletsPageSchema = v.object({ data: v.array(walletSchema), count: countSchema })
// The project config's features (`featuresSchema`) are a module of their own: the core's start reads the remembered config with it.
export const projectConfigSchema = v.object({ features: featuresSchema })
export const allowedOriginsSchema = v.object({ allowedOrigins: v.array(v.string()) })
export const analyticsConfigSchema = v.object({ isAnalyticsEnabled: v.boolean() })

// Blockchain API
/**
 * A token quantity (spec §3): `decimals` the token's decimals (0–255, `'0'` for NFTs), `numeric` the amount in whole
 * tokens, with no more fraction digits than `decimals` (so it converts to the smallest unit exactly).
 */
const quantitySchema = v.pipe(
  v.object({
    decimals: v.pipe(
      uintStringSchema,
      v.check((d) => Number(d) <= 255, 'Invalid decimals: at most 255'),
    ),
    numeric: decimalStringSchema,
  }),
  v.check((q) => (q.numeric.split('.')[1] ?? '').length <= Number(q.decimals), 'Invalid quantity: more fraction digits than the token has decimals'),
)
export const tokenBalanceSchema = v.object({
  name: v.string(),
  symbol: v.string(),
  chainId: caipNetworkIdSchema,
  /** The token's CAIP-10 address (a chain-qualified address enters here); absent for the native currency. */
  address: v.optional(caipAddressSchema),
  value: usdSchema,
  price: usdSchema,
  iconUrl: v.optional(imageUrlSchema),
  quantity: quantitySchema,
})
export type TokenBalance = v.InferOutput<typeof tokenBalanceSchema>
export const balanceResponseSchema = v.object({ balances: v.array(tokenBalanceSchema) })
const transferSchema = v.object({
  fungible_info: v.optional(v.object({ name: v.optional(v.string()), symbol: v.optional(v.string()), icon: v.optional(v.object({ url: v.optional(imageUrlSchema) })) })),
  nft_info: v.optional(v.object({ name: v.optional(v.string()), flags: v.optional(v.object({ is_spam: v.optional(v.boolean()) })) })),
  direction: v.picklist(['in', 'out', 'self']),
  quantity: v.optional(quantitySchema),
  value: v.optional(usdSchema),
  price: v.optional(usdSchema),
  operation_type: v.string(),
})
export const transactionSchema = v.object({
  id: v.string(),
  metadata: v.object({
    /** When the block was mined: a real ISO 8601 instant (a malformed one would show as 'Invalid Date' in Activity). */
    minedAt: isoTimestampSchema,
    chain: caipNetworkIdSchema,
    hash: v.string(),
    status: v.picklist(['confirmed', 'failed', 'pending']),
    operationType: v.string(),
    sentFrom: v.string(),
    sentTo: v.string(),
    nonce: v.optional(countSchema),
  }),
  transfers: v.array(transferSchema),
})
export type Transaction = v.InferOutput<typeof transactionSchema>
export const historyResponseSchema = v.object({ data: v.array(transactionSchema), next: v.nullish(v.string()) })
export const identitySchema = v.object({ name: nullableString, avatar: v.nullish(imageUrlSchema) })
export type Identity = v.InferOutput<typeof identitySchema>
export const supportedChainsSchema = v.object({ http: v.array(v.string()), ws: v.array(v.string()) })
export const swapQuotesSchema = v.object({
  quotes: v.array(
    v.object({
      fromAmount: uintStringSchema,
      toAmount: uintStringSchema,
      fromToken: v.optional(v.string()),
      toToken: v.optional(v.string()),
      /** Price impact in percent (not shown in the spec; see openapi/blockchain/swap.yaml). */
      priceImpact: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(100))),
    }),
  ),
})
export const swapTokensSchema = v.object({
  tokens: v.array(v.object({ name: v.string(), symbol: v.string(), address: caipAddressSchema, decimals: v.pipe(countSchema, v.maxValue(255)), logoUri: imageUrlSchema, eip2612: v.optional(v.boolean()) })),
})
export const fungiblesSchema = v.object({ fungibles: v.array(v.object({ name: v.string(), symbol: v.string(), iconUrl: imageUrlSchema, price: usdSchema })) })
export const allowanceSchema = v.object({ allowance: uintStringSchema })
export const gasPriceSchema = v.object({ standard: uintStringSchema, fast: uintStringSchema, instant: uintStringSchema })
/** An EVM address (the wallet checks the checksum when it sends). */
const hexAddressSchema = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address: expected 0x and 40 hex digits'))
const txRequestSchema = v.object({
  from: hexAddressSchema,
  to: hexAddressSchema,
  // Spec §5: call data starts with 0x.
  data: v.pipe(v.string(), v.regex(/^0x([0-9a-fA-F]{2})*$/, 'Invalid data: expected 0x and hex bytes')),
  value: uintStringSchema,
  gas: v.optional(uintStringSchema),
  gasPrice: v.optional(uintStringSchema),
})
export const txResponseSchema = v.object({ tx: txRequestSchema })
export const nameProfileSchema = v.object({
  name: v.string(),
  registered: v.optional(countSchema),
  updated: v.optional(countSchema),
  addresses: v.record(v.pipe(v.string(), v.regex(/^(0|[1-9][0-9]*)$/, 'Invalid coin type')), v.object({ address: v.string(), created: v.optional(isoTimestampSchema) })),
  attributes: v.optional(v.record(v.string(), v.string())),
})
export type NameProfile = v.InferOutput<typeof nameProfileSchema>
export const nameProfilesSchema = v.array(nameProfileSchema)
export const nameSuggestionsSchema = v.object({ suggestions: v.array(v.object({ name: v.string(), registered: v.boolean() })) })
export const successSchema = v.object({ success: v.boolean() })
export const onrampUrlSchema = v.object({
  url: v.pipe(
    v.string(),
    v.check((u: string) => isHttpUrl(u), 'Invalid URL: expected an http(s) URL'),
  ),
})
const paymentLimitSchema = v.object({ id: v.string(), min: decimalStringSchema, max: decimalStringSchema })
export const onrampOptionsSchema = v.object({
  paymentCurrencies: v.array(v.object({ id: v.string(), limits: v.array(paymentLimitSchema) })),
  purchaseCurrencies: v.array(
    v.object({
      id: v.string(),
      name: v.optional(v.string()),
      symbol: v.optional(v.string()),
      networks: v.optional(v.array(v.object({ name: v.string(), display_name: v.optional(v.string()), chain_id: v.optional(v.string()), contract_address: v.optional(v.string()) }))),
    }),
  ),
})
export type OnrampOptions = v.InferOutput<typeof onrampOptionsSchema>
const amountSchema = v.object({ amount: decimalStringSchema, currency: v.string() })
export const onrampQuoteSchema = v.object({
  coinbaseFee: amountSchema,
  networkFee: amountSchema,
  paymentSubtotal: amountSchema,
  paymentTotal: amountSchema,
  purchaseAmount: amountSchema,
  quoteId: v.string(),
})
export type OnrampQuote = v.InferOutput<typeof onrampQuoteSchema>
/** A smart session of `GET /v1/sessions/{address}` (contract `SmartSession`): pci and expiry required, the rest optional. */
const smartSessionSchema = v.object({
  pci: v.string(),
  expiry: countSchema,
  chainId: v.optional(v.string()),
  signer: v.optional(v.string()),
  permissions: v.optional(v.array(v.object({ type: v.pipe(v.string(), v.minLength(1)) }))),
  createdAt: v.optional(v.string()),
})
export const sessionsSchema = v.object({ pcis: v.array(smartSessionSchema) })
