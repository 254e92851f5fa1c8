import type { paths } from '../openapi/blockchain.d.ts'
import { call, createApiClient, type ApiClientParameters, type CommonQueryParameter, type RequestOptions } from './api.ts'
import * as v from 'valibot'
import { createTtlCache } from './cache.ts'
import type { ModalStorage } from './storage.ts'
import { BaseError } from '../kernel/errors.ts'
import {
  allowanceSchema,
  balanceResponseSchema,
  fungiblesSchema,
  gasPriceSchema,
  historyResponseSchema,
  identitySchema,
  nameProfileSchema,
  nameProfilesSchema,
  nameSuggestionsSchema,
  tokenBalanceSchema,
  onrampOptionsSchema,
  onrampQuoteSchema,
  onrampUrlSchema,
  sessionsSchema,
  successSchema,
  supportedChainsSchema,
  swapQuotesSchema,
  swapTokensSchema,
  txResponseSchema,
  type Identity,
  type NameProfile,
  type OnrampOptions,
  type OnrampQuote,
  type TokenBalance,
} from './schemas.ts'

/** Cache lifetimes of spec §9, in ms (the defaults; createModal passes machines/timing.ts's, which are the same). */
export const blockchainCacheTtl = { identity: 5 * 60_000, balances: 30_000, names: 5 * 60_000 } as const
/** Cache lifetimes in ms: identity, portfolio balances, names (spec §9). */
export type BlockchainCacheTtl = { identity: number; balances: number; names: number }

/**
 * The common query parameters of the POSTs (spec §7): every GET carries `st`, `sv` and `projectId`; of the POSTs,
 * the on-ramp URL, the on-ramp quote and the session revoke carry `projectId` in the query; the fungible price and
 * the swap build-transaction carry it in the body; the name registration carries none.
 */
export const blockchainPostQuery = {
  '/v1/fungible/price': [],
  '/v1/convert/build-transaction': [],
  '/v1/profile/account': [],
  '/v1/generators/onrampurl': ['projectId'],
  '/v1/onramp/quote': ['projectId'],
  '/v1/sessions/{address}/revoke': ['projectId'],
} as const satisfies Record<string, readonly CommonQueryParameter[]>

export type CreateBlockchainApiParameters = ApiClientParameters & {
  /** Whether the active network is supported: when it is not, every call except on-ramp options and quotes is skipped with an empty result (spec §7). */
  isNetworkSupported?: () => boolean
  /** Clock of the caches (ms). */
  now?: () => number
  /**
   * Where the caches are kept across reloads (spec §3: the identity, portfolio and name-service caches in storage):
   * a value read within its lifetime needs no request; a malformed or expired stored value is dropped. Without it the
   * caches live in memory only.
   */
  storage?: Pick<ModalStorage, 'cache'> | undefined
  /** Cache lifetimes (ms); default {@link blockchainCacheTtl}. */
  cacheTtl?: BlockchainCacheTtl | undefined
}

/** Built-in sample on-ramp options used when the options call fails (spec §8 fallbacks, §9 limits). */
export const fallbackOnrampOptions: OnrampOptions = {
  paymentCurrencies: ['USD', 'EUR'].map((id) => ({
    id,
    limits: [
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ],
  })),
  purchaseCurrencies: [
    { id: 'ETH', name: 'Ethereum', symbol: 'ETH', networks: [{ name: 'ethereum', display_name: 'Ethereum', chain_id: '1' }] },
    { id: 'USDC', name: 'USD Coin', symbol: 'USDC', networks: [{ name: 'ethereum', display_name: 'Ethereum', chain_id: '1' }] },
  ],
}

/** The placeholder quote used when the quote call fails (spec §8). */
export function placeholderOnrampQuote(p: { purchaseCurrency: string; paymentCurrency: string; amount: string }): OnrampQuote {
  const zero = (currency: string) => ({ amount: '0', currency })
  return {
    coinbaseFee: zero(p.paymentCurrency),
    networkFee: zero(p.paymentCurrency),
    paymentSubtotal: { amount: p.amount, currency: p.paymentCurrency },
    paymentTotal: { amount: p.amount, currency: p.paymentCurrency },
    purchaseAmount: zero(p.purchaseCurrency),
    quoteId: 'placeholder',
  }
}

export type BlockchainApi = ReturnType<typeof createBlockchainApi>

/** The caller stopped waiting (its actor was stopped): the shared request goes on for the others and the cache. */
export class RequestAbandonedError extends BaseError {
  static override docsPath = '/errors/RequestAbandonedError'
  override name = 'RequestAbandonedError'
}

/**
 * `promise`, or a rejection with {@link RequestAbandonedError} as soon as `signal` aborts. A cached load is shared by
 * every caller of its key, so one caller's signal does not abort it: that caller stops waiting, the request stays
 * bounded by the client's timeout.
 */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise
  if (signal.aborted) {
    // Nobody waits for this load any more: its failure (a timeout) is the cache's and the other callers', never an
    // unhandled rejection.
    promise.catch(() => undefined)
    return Promise.reject(new RequestAbandonedError('The caller stopped waiting.', { cause: signal.reason }))
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new RequestAbandonedError('The caller stopped waiting.', { cause: signal.reason }))
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/**
 * The blockchain API client (spec §7): one function per call, each answer validated against the contract.
 * Identity and names are cached 5 min, balances 30 s (in `storage` too when given, so a reload within the lifetime
 * sends nothing). Every call other than on-ramp options and quotes is
 * skipped with an empty result when the active network is unsupported.
 *
 * Every request is bounded by the client's timeout (spec §9 "RPC default timeout 10 s", an `ApiTimeoutError` of services/api.ts).
 * The calls the Account view makes (balances, identity, reverse names, history) take `{ signal }` as a second argument:
 * the signal of the actor that asked. An uncached request is aborted with it; a cached load shared by several callers
 * is not, the caller stops waiting instead ({@link RequestAbandonedError}).
 *
 * @throws ApiError (non-OK status, with status and body), ApiTimeoutError (no response in time), InvalidResponseError
 *   (answer does not match), RequestAbandonedError (the caller's signal aborted).
 * @example
 * const api = createBlockchainApi({ baseUrl: 'http://127.0.0.1:8600/blockchain', projectId: 'p' })
 * const balances = await api.getBalances({ address: '0x…', chainId: 'eip155:31337' })
 */
export function createBlockchainApi(parameters: CreateBlockchainApiParameters) {
  const client = createApiClient<paths>({ ...parameters, postQuery: blockchainPostQuery })
  const supported = parameters.isNetworkSupported ?? (() => true)
  const now = parameters.now ?? Date.now
  const ttl = parameters.cacheTtl ?? blockchainCacheTtl
  const stored = parameters.storage
  const identityCache = createTtlCache<Identity>(ttl.identity, now, stored?.cache('identityCache', identitySchema))
  const balanceCache = createTtlCache<TokenBalance[]>(ttl.balances, now, stored?.cache('portfolioCache', v.array(tokenBalanceSchema)))
  const nameCache = createTtlCache<unknown>(ttl.names, now, stored?.cache('nameCache', v.union([nameProfileSchema, nameProfilesSchema])))
  /** Runs `fn` unless the network is unsupported, in which case `empty` is returned without a request. */
  const unlessUnsupported = <T>(empty: T, fn: () => Promise<T>): Promise<T> => (supported() ? fn() : Promise.resolve(empty))

  return {
    getSupportedChains: () => unlessUnsupported({ http: [], ws: [] }, () => call('getSupportedChains', supportedChainsSchema, () => client.GET('/v1/supported-chains'))),
    /** Name and avatar of an address, cached 5 min. */
    getIdentity: ({ address, sender }: { address: string; sender?: string }, options: RequestOptions = {}) =>
      unlessUnsupported<Identity>({ name: null, avatar: null }, () =>
        untilAborted(
          identityCache.get(`${address.toLowerCase()}|${sender ?? ''}`, () =>
            call('getIdentity', identitySchema, () => client.GET('/v1/identity/{address}', { params: { path: { address }, query: { ...(sender ? { sender } : {}) } } })),
          ),
          options.signal,
        ),
      ),
    /** A page of history; `next` is the cursor of the following page. */
    getHistory: ({ account, cursor, chainId, onramp }: { account: string; cursor?: string | undefined; chainId?: string; onramp?: string }, options: RequestOptions = {}) =>
      unlessUnsupported({ data: [], next: null }, () =>
        call('getHistory', historyResponseSchema, () =>
          client.GET('/v1/account/{account}/history', {
            params: { path: { account }, query: { ...(cursor ? { cursor } : {}), ...(chainId ? { chainId } : {}), ...(onramp ? { onramp } : {}) } },
            signal: options.signal,
          }),
        ),
      ),
    /**
     * Token balances in USD, cached 30 s; `force` bypasses this cache (after a send); `forceUpdate` (a CAIP-10
     * token address) also asks the server to refresh that token.
     */
    getBalances: ({ address, chainId, forceUpdate, force }: { address: string; chainId?: string; forceUpdate?: string; force?: boolean }, options: RequestOptions = {}) =>
      unlessUnsupported<TokenBalance[]>([], async () => {
        const key = `${address.toLowerCase()}|${chainId ?? ''}`
        if (forceUpdate || force) balanceCache.delete(key)
        return untilAborted(
          balanceCache.get(
            key,
            async () =>
              (
                await call('getBalances', balanceResponseSchema, () =>
                  client.GET('/v1/account/{address}/balance', {
                    params: { path: { address }, query: { currency: 'usd', ...(chainId ? { chainId } : {}), ...(forceUpdate ? { forceUpdate } : {}) } },
                  }),
                )
              ).balances,
          ),
          options.signal,
        )
      }),
    getSwapQuotes: (query: { amount: string; userAddress: string; from: string; to: string; gasPrice?: string }) =>
      unlessUnsupported({ quotes: [] }, () => call('getSwapQuotes', swapQuotesSchema, () => client.GET('/v1/convert/quotes', { params: { query } }))),
    getSwapTokens: ({ chainId }: { chainId: string }) => unlessUnsupported({ tokens: [] }, () => call('getSwapTokens', swapTokensSchema, () => client.GET('/v1/convert/tokens', { params: { query: { chainId } } }))),
    getTokenPrices: ({ addresses }: { addresses: string[] }) =>
      unlessUnsupported({ fungibles: [] }, () => call('getTokenPrices', fungiblesSchema, () => client.POST('/v1/fungible/price', { body: { currency: 'usd', addresses, projectId: parameters.projectId } }))),
    getSwapAllowance: (query: { tokenAddress: string; userAddress: string }) =>
      unlessUnsupported({ allowance: '0' }, () => call('getSwapAllowance', allowanceSchema, () => client.GET('/v1/convert/allowance', { params: { query } }))),
    getGasPrice: ({ chainId }: { chainId: string }) =>
      unlessUnsupported({ standard: '0', fast: '0', instant: '0' }, () => call('getGasPrice', gasPriceSchema, () => client.GET('/v1/convert/gas-price', { params: { query: { chainId } } }))),
    buildSwapTransaction: (body: { amount: string; slippage: string; from: string; to: string; userAddress: string; disableEstimate?: boolean }) =>
      unlessUnsupported(undefined, () =>
        call('buildSwapTransaction', txResponseSchema, () =>
          client.POST('/v1/convert/build-transaction', {
            body: {
              amount: body.amount,
              eip155: { slippage: body.slippage },
              projectId: parameters.projectId,
              from: body.from,
              to: body.to,
              userAddress: body.userAddress,
              ...(body.disableEstimate !== undefined ? { disableEstimate: body.disableEstimate } : {}),
            },
          }),
        ),
      ),
    buildSwapApprove: (query: { userAddress: string; from: string; to: string }) =>
      unlessUnsupported(undefined, () => call('buildSwapApprove', txResponseSchema, () => client.GET('/v1/convert/build-approve', { params: { query } }))),
    /** The addresses and attributes of a name, cached 5 min. */
    lookupName: ({ name }: { name: string }) =>
      unlessUnsupported(
        undefined,
        () =>
          nameCache.get(`name|${name.toLowerCase()}`, () =>
            call('lookupName', nameProfileSchema, () => client.GET('/v1/profile/account/{name}', { params: { path: { name }, query: { apiVersion: '2' } } })),
          ) as Promise<NameProfile>,
      ),
    /** Names registered for an address, cached 5 min. */
    reverseLookupName: ({ address, sender }: { address: string; sender?: string }, options: RequestOptions = {}) =>
      unlessUnsupported([], () =>
        untilAborted(
          nameCache.get(`reverse|${address.toLowerCase()}`, () =>
            call('reverseLookupName', nameProfilesSchema, () => client.GET('/v1/profile/reverse/{address}', { params: { path: { address }, query: { apiVersion: '2', ...(sender ? { sender } : {}) } } })),
          ) as Promise<NameProfile[]>,
          options.signal,
        ),
      ),
    getNameSuggestions: ({ name, zone }: { name: string; zone?: string }) =>
      unlessUnsupported({ suggestions: [] }, () =>
        call('getNameSuggestions', nameSuggestionsSchema, () => client.GET('/v1/profile/suggestions/{name}', { params: { path: { name }, query: { ...(zone ? { zone } : {}) } } })),
      ),
    /** Registers a name; on success the address's identity and reverse names are read again next time. */
    registerName: (body: { coin_type: number; address: string; message: string; signature: string }) =>
      unlessUnsupported({ success: false }, async () => {
        const result = await call('registerName', successSchema, () => client.POST('/v1/profile/account', { body }))
        if (result.success) {
          identityCache.delete(`${body.address.toLowerCase()}|`)
          nameCache.delete(`reverse|${body.address.toLowerCase()}`)
        }
        return result
      }),
    generateOnrampUrl: (body: {
      destinationWallets: Array<{ address: string; blockchains?: string[]; assets?: string[] }>
      partnerUserId: string
      defaultNetwork?: string
      presetCryptoAmount?: number
      presetFiatAmount?: number
      /** The payment currency of `presetFiatAmount` (not in the spec's body; the checkout shows it). */
      presetFiatCurrency?: string
      /** The provider chosen (not in the spec's body; spec §9 names meld and coinbase). */
      provider?: string
    }) => unlessUnsupported(undefined, () => call('generateOnrampUrl', onrampUrlSchema, () => client.POST('/v1/generators/onrampurl', { body: { ...body, defaultExperience: 'buy' } }))),
    /** On-ramp options; never skipped; falls back to built-in sample options on failure (spec §8). */
    async getOnrampOptions(): Promise<OnrampOptions> {
      try {
        return await call('getOnrampOptions', onrampOptionsSchema, () => client.GET('/v1/onramp/options'))
      } catch {
        return fallbackOnrampOptions
      }
    },
    /** An on-ramp quote; never skipped; falls back to a placeholder quote on failure (spec §8). */
    async getOnrampQuote(body: { purchaseCurrency: string; paymentCurrency: string; amount: string; network: string }): Promise<OnrampQuote> {
      try {
        return await call('getOnrampQuote', onrampQuoteSchema, () => client.POST('/v1/onramp/quote', { body }))
      } catch {
        return placeholderOnrampQuote(body)
      }
    },
    getSessions: ({ address }: { address: string }) => unlessUnsupported({ pcis: [] }, () => call('getSessions', sessionsSchema, () => client.GET('/v1/sessions/{address}', { params: { path: { address } } }))),
    revokeSession: ({ address, pci, signature }: { address: string; pci: string; signature: string }) =>
      unlessUnsupported({ success: false }, () => call('revokeSession', successSchema, () => client.POST('/v1/sessions/{address}/revoke', { params: { path: { address } }, body: { pci, signature } }))),
  }
}
