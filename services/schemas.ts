import * as v from 'valibot'

/**
 * Valibot schemas mirroring the response schemas of `openapi/*.yaml`, used to validate what crosses the
 * trust boundary (spec: a response that does not match is rejected with a clear error). The contract tests
 * run every operation against the reference server (which validates its own answers against the YAML),
 * so a drift between these and the contract fails there.
 */
const nullableString = v.nullish(v.string())

// Wallet directory
export const walletSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  name: v.string(),
  image_id: v.string(),
  rdns: nullableString,
  homepage: nullableString,
  mobile_link: nullableString,
  desktop_link: nullableString,
  webapp_link: nullableString,
  app_store: nullableString,
  play_store: nullableString,
  chains: v.array(v.string()),
  badge_type: v.nullish(v.picklist(['none', 'certified'])),
  order: v.optional(v.number()),
})
export type Wallet = v.InferOutput<typeof walletSchema>
export const walletsPageSchema = v.object({ data: v.array(walletSchema), count: v.pipe(v.number(), v.integer(), v.minValue(0)) })
export const socialProviders = ['google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster'] as const
export const featuresSchema = v.object({
  analytics: v.optional(v.boolean()),
  email: v.optional(v.boolean()),
  socials: v.optional(v.union([v.literal(false), v.array(v.picklist(socialProviders))])),
  swaps: v.optional(v.boolean()),
  onramp: v.optional(v.boolean()),
  activity: v.optional(v.boolean()),
  reownBranding: v.optional(v.boolean()),
  multiWallet: v.optional(v.boolean()),
})
export type RemoteFeatures = v.InferOutput<typeof featuresSchema>
export const projectConfigSchema = v.object({ features: featuresSchema })
export const allowedOriginsSchema = v.object({ allowedOrigins: v.array(v.string()) })
export const analyticsConfigSchema = v.object({ isAnalyticsEnabled: v.boolean() })

// Blockchain API
const quantitySchema = v.object({ decimals: v.string(), numeric: v.string() })
export const tokenBalanceSchema = v.object({
  name: v.string(),
  symbol: v.string(),
  chainId: v.string(),
  address: v.optional(v.string()),
  value: v.number(),
  price: v.number(),
  iconUrl: v.optional(v.string()),
  quantity: quantitySchema,
})
export type TokenBalance = v.InferOutput<typeof tokenBalanceSchema>
export const balanceResponseSchema = v.object({ balances: v.array(tokenBalanceSchema) })
const transferSchema = v.object({
  fungible_info: v.optional(v.object({ name: v.optional(v.string()), symbol: v.optional(v.string()), icon: v.optional(v.object({ url: v.optional(v.string()) })) })),
  nft_info: v.optional(v.object({ name: v.optional(v.string()), flags: v.optional(v.object({ is_spam: v.optional(v.boolean()) })) })),
  direction: v.picklist(['in', 'out', 'self']),
  quantity: v.optional(quantitySchema),
  value: v.optional(v.number()),
  price: v.optional(v.number()),
  operation_type: v.string(),
})
export const transactionSchema = v.object({
  id: v.string(),
  metadata: v.object({
    minedAt: v.string(),
    chain: v.string(),
    hash: v.string(),
    status: v.picklist(['confirmed', 'failed', 'pending']),
    operationType: v.string(),
    sentFrom: v.string(),
    sentTo: v.string(),
    nonce: v.optional(v.number()),
  }),
  transfers: v.array(transferSchema),
})
export type Transaction = v.InferOutput<typeof transactionSchema>
export const historyResponseSchema = v.object({ data: v.array(transactionSchema), next: v.nullish(v.string()) })
export const identitySchema = v.object({ name: nullableString, avatar: nullableString })
export type Identity = v.InferOutput<typeof identitySchema>
export const supportedChainsSchema = v.object({ http: v.array(v.string()), ws: v.array(v.string()) })
export const swapQuotesSchema = v.object({
  quotes: v.array(v.object({ fromAmount: v.string(), toAmount: v.string(), fromToken: v.optional(v.string()), toToken: v.optional(v.string()) })),
})
export const swapTokensSchema = v.object({
  tokens: v.array(v.object({ name: v.string(), symbol: v.string(), address: v.string(), decimals: v.number(), logoUri: v.string(), eip2612: v.optional(v.boolean()) })),
})
export const fungiblesSchema = v.object({ fungibles: v.array(v.object({ name: v.string(), symbol: v.string(), iconUrl: v.string(), price: v.number() })) })
export const allowanceSchema = v.object({ allowance: v.string() })
export const gasPriceSchema = v.object({ standard: v.string(), fast: v.string(), instant: v.string() })
const txRequestSchema = v.object({ from: v.string(), to: v.string(), data: v.string(), value: v.string(), gas: v.optional(v.string()), gasPrice: v.optional(v.string()) })
export const txResponseSchema = v.object({ tx: txRequestSchema })
export const nameProfileSchema = v.object({
  name: v.string(),
  registered: v.optional(v.number()),
  updated: v.optional(v.number()),
  addresses: v.record(v.string(), v.object({ address: v.string(), created: v.optional(v.string()) })),
  attributes: v.optional(v.record(v.string(), v.string())),
})
export type NameProfile = v.InferOutput<typeof nameProfileSchema>
export const nameProfilesSchema = v.array(nameProfileSchema)
export const nameSuggestionsSchema = v.object({ suggestions: v.array(v.object({ name: v.string(), registered: v.boolean() })) })
export const successSchema = v.object({ success: v.boolean() })
export const onrampUrlSchema = v.object({ url: v.string() })
const paymentLimitSchema = v.object({ id: v.string(), min: v.string(), max: v.string() })
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
const amountSchema = v.object({ amount: v.string(), currency: v.string() })
export const onrampQuoteSchema = v.object({
  coinbaseFee: amountSchema,
  networkFee: amountSchema,
  paymentSubtotal: amountSchema,
  paymentTotal: amountSchema,
  purchaseAmount: amountSchema,
  quoteId: v.string(),
})
export type OnrampQuote = v.InferOutput<typeof onrampQuoteSchema>
export const sessionsSchema = v.object({ pcis: v.array(v.object({ pci: v.string(), expiry: v.number(), chainId: v.optional(v.string()) })) })
