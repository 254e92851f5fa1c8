/**
 * The operations of the blockchain, directory and analytics contracts (SIWX's are in `siwx.ts`), one handler per
 * `operationId`. The mapped types below make the compiler check that every operation of `openapi/*.d.ts` has a
 * handler and that each returns the contract's 200 body; the server checks the same again at run time with the YAML schemas. Dev-only.
 */
import type { IncomingHttpHeaders } from 'node:http'
import { getAddress, isAddress, isHex, verifyMessage } from 'viem'
import type { Address } from 'viem'
import type { components as AnalyticsComponents, operations as AnalyticsOperations } from '../../openapi/analytics.d.ts'
import type { operations as BlockchainOperations } from '../../openapi/blockchain.d.ts'
import type { operations as DirectoryOperations } from '../../openapi/directory.d.ts'
import { bitcoinHandlers, bitcoinTokenBalances } from '../bitcoin/api.ts'
import { createDevUtxoIndex } from '../bitcoin/utxoIndex.ts'
import type { UtxoIndex } from '../bitcoin/utxoIndex.ts'
import { decodeCursor, readBalances, readGasPrices, readHistory } from './chain.ts'
import type { ChainReader, HistoryCursor, HistoryTransaction } from './chain.ts'
import { avatarFor, stableUuid } from './dataset.ts'
import type { Dataset, Features, Wallet } from './dataset.ts'
import {
  ExchangeError,
  buildApprove,
  buildSwap,
  listTokens,
  minimumOut,
  notSupportedForGasPrice,
  parseAmount,
  parseSlippage,
  parseUser,
  priceUsd,
  pricesBySymbol,
  quote,
  readAllowance,
  resolveToken,
  swapNetwork,
  toSwapToken,
} from './exchange.ts'
import type { Exchange } from './exchange.ts'
import { createNameStore, type NameStore } from './names.ts'
import { createSessionStore, sessionHandlers, type SessionStore } from './sessions.ts'
import { currencySvg, initialsSvg, networkSvg, tokenSvg, walletSvg } from './images.ts'
import { parseSolanaAccount, readSolanaBalances } from './solana.ts'
import type { SolanaReader } from './solana.ts'
import { TREASURY_ADDRESS } from '../onramp/provider.ts'
import type { OnrampLedger, OnrampPurchase } from '../onramp/provider.ts'
import { BaseError } from '../../kernel/errors.ts'

/** An analytics event as received (contract `AnalyticsEvent`). */
export type AnalyticsEvent = AnalyticsComponents['schemas']['AnalyticsEvent']

type QueryOf<O> = O extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never
type PathOf<O> = O extends { parameters: { path: infer P } } ? P : never
type BodyOf<O> = O extends { requestBody: { content: { 'application/json': infer B } } } ? B : never
type OkJsonOf<O> = O extends { responses: { 200: { content: { 'application/json': infer R } } } } ? R : never

/** What a handler receives: the request after contract validation (query coerced, e.g. `page` a number). */
export type HandlerRequest<O> = {
  query: QueryOf<O>
  path: PathOf<O>
  body: BodyOf<O>
  url: URL
  headers: IncomingHttpHeaders
}

/** What a handler answers: a JSON 200 of the contract's type, an empty 204, or raw bytes (images). */
export type Reply<T> =
  | { kind: 'json'; status: 200; body: T; headers?: Record<string, string> }
  | { kind: 'empty'; status: 204 }
  | { kind: 'raw'; status: 200; contentType: string; body: string; headers?: Record<string, string> }

/** A handler of one operation `O` (an entry of the generated `operations` interface). */
export type Handler<O> = (request: HandlerRequest<O>) => Reply<OkJsonOf<O>> | Promise<Reply<OkJsonOf<O>>>

/** One handler per operation of a contract. */
export type Handlers<Operations> = { [K in keyof Operations]: Handler<Operations[K]> }

/** An error answer a handler throws on purpose: the status and the contract's `Error` body. */
export class ApiHttpError extends BaseError {
  override name = 'ApiHttpError'
  status: number
  reasons: Array<{ description: string }> | undefined
  /**
   * @param status HTTP status, 4xx or 5xx.
   * @param message the `message` of the body.
   * @param reasons optional `reasons` (blockchain contract only; name registration shows the first).
   */
  constructor(status: number, message: string, reasons?: Array<{ description: string }>) {
    super(message)
    this.status = status
    this.reasons = reasons
  }
}

/** The mutable state of one server (nothing is shared between two servers). */
export type ApiState = {
  dataset: Dataset
  /** Chain readers by CAIP-2 id, in the order given to the server. */
  readers: Map<string, ChainReader>
  /** The Uniswap v2 exchange of each chain read (`dev/dex`), by CAIP-2 id: the swap networks are those where it is deployed. */
  exchanges: Map<string, Exchange>
  /** The local Solana network whose SOL balances are served (`solanaRpcUrl`), if any. */
  solana: SolanaReader | undefined
  /** Registered names, in the server's database (`names.ts`, PGlite). */
  names: NameStore
  /** Smart sessions, in the server's database (`sessions.ts`, PGlite). */
  sessions: SessionStore
  /** Analytics events received, oldest first. */
  events: AnalyticsEvent[]
  /** Feature overrides by project id. */
  features: Map<string, Features>
  allowedOrigins: string[]
  walletsById: Map<string, Wallet>
  walletsByImageId: Map<string, Wallet>
  /** The Bitcoin regtest UTXO set (`dev/bitcoin`): the dev payment addresses funded with 1 BTC each. */
  bitcoin: UtxoIndex
  /** The purchases the development on-ramp provider settled (history with `onramp`), if one runs. */
  onrampLedger: OnrampLedger | undefined
}

/**
 * A fresh state from a dataset: the dataset's names registered, no events, no overrides.
 *
 * @param dataset the data to serve.
 * @param readers chain readers by CAIP-2 id.
 * @param solana the local Solana network, if balances are served for it.
 * @param names the server's name store (kept across resets: its database opens once); default a new one.
 * @param sessions the server's smart-session store (kept across resets, like `names`); default a new one.
 * @returns the state, see {@link ApiState}.
 */
export function createApiState(dataset: Dataset, readers: Map<string, ChainReader>, solana?: SolanaReader, onrampLedger?: OnrampLedger, names?: NameStore, sessions?: SessionStore): ApiState {
  return {
    dataset,
    readers,
    exchanges: new Map([...readers].map(([id, reader]) => [id, { reader }])),
    solana,
    names: names ?? createNameStore(dataset.names),
    sessions: sessions ?? createSessionStore(),
    events: [],
    features: new Map(),
    allowedOrigins: [...dataset.allowedOrigins],
    walletsById: new Map(dataset.wallets.map((wallet) => [wallet.id, wallet])),
    walletsByImageId: new Map(dataset.wallets.map((wallet) => [wallet.image_id, wallet])),
    bitcoin: createDevUtxoIndex(),
    onrampLedger,
  }
}

const json = <T>(body: T, headers?: Record<string, string>): Reply<T> => ({ kind: 'json', status: 200, body, ...(headers ? { headers } : {}) })
const svg = (body: string): Reply<never> => ({
  kind: 'raw',
  status: 200,
  contentType: 'image/svg+xml',
  body,
  headers: { 'Cache-Control': 'public, max-age=86400, immutable' },
})

/** Accepts `0x…` or CAIP-10 `eip155:<id>:0x…`; answers 400 otherwise. */
function parseAccount(text: string, what = 'address'): { address: Address; caipNetworkId?: string } {
  const caip = /^(eip155:\d+):(0x[0-9a-fA-F]{40})$/.exec(text)
  if (caip?.[1] && caip[2]) return { address: getAddress(caip[2]), caipNetworkId: caip[1] }
  if (isAddress(text, { strict: false })) return { address: getAddress(text) }
  throw new ApiHttpError(400, `Invalid ${what}: expected a 0x address or a CAIP-10 account, got '${text}'`)
}

/** Name suffix zones (spec §9: `.reown.id` and the legacy `.wcn.id`). */
export const nameZones = ['reown.id', 'wcn.id'] as const
/** Shortest name label (spec §9: name minimum length 4). */
export const nameMinLength = 4

function splitName(text: string, defaultZone: string): { label: string; zone: string } {
  const lower = text.trim().toLowerCase()
  for (const zone of [defaultZone, ...nameZones]) if (lower.endsWith(`.${zone}`)) return { label: lower.slice(0, -zone.length - 1), zone }
  return { label: lower, zone: defaultZone }
}

function checkLabel(label: string): void {
  if (label.length < nameMinLength) {
    const description = `Name must be at least ${nameMinLength} characters`
    throw new ApiHttpError(400, description, [{ description }])
  }
  if (!/^[a-z0-9-]+$/.test(label)) {
    const description = 'Name can only contain lower-case letters, digits and hyphens'
    throw new ApiHttpError(400, description, [{ description }])
  }
}

/**
 * Refuses a coin type that is not an EVM chain's (ENSIP-11) the server serves: 60 (Ethereum mainnet, also the
 * default EVM address) or `0x80000000 | chainId` of one of its chains.
 */
function checkCoinType(coinType: number, state: ApiState): void {
  if (coinType === 60) return
  const chainId = coinType >= 0x80000000 ? coinType - 0x80000000 : -1
  if (chainId > 0 && state.readers.has(`eip155:${chainId}`)) return
  const description = `Coin type ${coinType} is not an EVM chain this server serves (60, or 0x80000000 | chain id)`
  throw new ApiHttpError(400, 'Invalid coin type', [{ description }])
}

/** Runs a read on a chain; a node that does not answer becomes a 502 naming the chain (not a server bug). */
async function fromChain<T>(reader: ChainReader, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    const reason = error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error)
    throw new ApiHttpError(502, `The node of ${reader.caipNetworkId} (${reader.rpcUrl}) did not answer: ${reason}`)
  }
}

/** A settled on-ramp purchase as a history transaction (a receive of the native currency, from the treasury). */
function onrampTransaction(p: OnrampPurchase, dataset: Dataset): HistoryTransaction {
  const price = dataset.pricesUsd[p.asset] ?? 0
  return {
    id: `onramp:${p.caipNetworkId}:${p.hash}`,
    metadata: {
      minedAt: p.settledAt,
      chain: p.caipNetworkId,
      hash: p.hash,
      status: 'confirmed',
      operationType: 'buy',
      sentFrom: TREASURY_ADDRESS,
      sentTo: p.address,
    },
    transfers: [
      {
        operation_type: 'buy',
        direction: 'in',
        fungible_info: { name: p.asset === 'ETH' ? 'Ether' : p.asset, symbol: p.asset },
        quantity: { decimals: '18', numeric: p.amount },
        value: Math.round(Number(p.amount) * price * 100) / 100,
        price,
      },
    ],
  }
}

type OnrampUrlBody = BlockchainOperations['generateOnrampUrl']['requestBody']['content']['application/json']

/**
 * The development provider's checkout URL for an order (`dev/onramp`): the provider, the first destination wallet, the
 * chain of `defaultNetwork` (a purchase network name of the dataset, e.g. `anvil`), the asset, the crypto amount (the
 * preset one, else the fiat amount at the dataset's price) and the fiat amount. Bad orders are a 400.
 */
function devCheckoutUrl(dataset: Dataset, base: string, body: OnrampUrlBody): string {
  const provider = body.provider ?? dataset.onrampProviders[0] ?? ''
  if (!dataset.onrampProviders.includes(provider)) throw new ApiHttpError(400, `Unknown on-ramp provider '${provider}' (expected ${dataset.onrampProviders.join(' or ')})`)
  const wallet = body.destinationWallets[0]
  if (!wallet) throw new ApiHttpError(400, 'destinationWallets is empty: give the address to deliver to')
  const { address } = parseAccount(wallet.address, 'destination address')
  const asset = wallet.assets?.[0] ?? 'ETH'
  const currency = dataset.purchaseCurrencies.find((c) => c.id.toLowerCase() === asset.toLowerCase())
  if (!currency) throw new ApiHttpError(400, `Unknown purchase currency '${asset}'`)
  const networkName = body.defaultNetwork ?? wallet.blockchains?.[0] ?? ''
  const network = currency.networks?.find((n) => n.name === networkName)
  if (!network?.chain_id) throw new ApiHttpError(400, `${currency.id} cannot be bought on network '${networkName}'`)
  const fiat = body.presetFiatAmount
  if (fiat === undefined || !(fiat > 0)) throw new ApiHttpError(400, 'presetFiatAmount must be a positive amount')
  const price = dataset.pricesUsd[currency.symbol ?? currency.id] ?? 0
  const crypto = body.presetCryptoAmount !== undefined && body.presetCryptoAmount > 0 ? body.presetCryptoAmount : price > 0 ? fiat / price : 0
  if (!(crypto > 0)) throw new ApiHttpError(400, 'presetCryptoAmount must be a positive amount')
  const params = new URLSearchParams({
    provider,
    address,
    chainId: network.chain_id,
    network: network.display_name ?? network.name,
    asset: currency.id,
    amount: crypto.toFixed(8),
    fiat: fiat.toFixed(2),
    fiatCurrency: body.presetFiatCurrency ?? 'USD',
  })
  return `${base}/checkout?${params.toString()}`
}

/**
 * Runs a convert call on a chain: an `ExchangeError` becomes its HTTP answer, a node that does not answer a 502
 * naming the chain (not a server bug).
 */
async function onExchange<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof ExchangeError) throw new ApiHttpError(error.status, error.message)
    if (error instanceof ApiHttpError) throw error
    const reason = error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error)
    throw new ApiHttpError(502, `The exchange's node did not answer: ${reason}`)
  }
}

/** Handlers of `openapi/blockchain.yaml`. */
export function blockchainHandlers(state: ApiState): Handlers<BlockchainOperations> {
  const { dataset } = state
  return {
    getSupportedChains: () => json({ http: [...new Set([...state.readers.keys(), ...(state.solana ? [state.solana.caipNetworkId] : []), ...dataset.supportedChains.http])], ws: [...dataset.supportedChains.ws] }),

    getIdentity: async ({ path }) => {
      const { address } = parseAccount(path.address)
      const known = dataset.identities[address.toLowerCase()]
      if (known) return json({ name: known.name, avatar: known.avatar })
      const registered = (await state.names.byAddress(address)).at(-1)
      return json(registered ? { name: registered.name, avatar: avatarFor(address, registered.name) } : { name: null, avatar: null })
    },

    getHistory: async ({ path, query }) => {
      const account = parseAccount(path.account, 'account')
      const caipNetworkId = query.chainId ?? account.caipNetworkId ?? state.readers.keys().next().value
      const reader = caipNetworkId === undefined ? undefined : state.readers.get(caipNetworkId)
      let cursor: HistoryCursor | undefined
      if (query.cursor !== undefined && query.cursor !== '') {
        cursor = decodeCursor(query.cursor)
        if (!cursor) throw new ApiHttpError(400, `Invalid cursor '${query.cursor}': pass the 'next' of the previous page`)
      }
      if (query.onramp !== undefined) {
        // The purchases the on-ramp provider settled for the account on this chain, newest first (one page).
        if (!dataset.onrampProviders.includes(query.onramp)) throw new ApiHttpError(400, `Unknown on-ramp provider '${query.onramp}' (expected ${dataset.onrampProviders.join(' or ')})`)
        const purchases = state.onrampLedger?.list({ address: account.address, caipNetworkId, provider: query.onramp }) ?? []
        return json({ data: purchases.map((p) => onrampTransaction(p, dataset)), next: null })
      }
      if (!reader) return json({ data: [], next: null })
      const exchange = state.exchanges.get(reader.caipNetworkId)
      return json(
        await fromChain(reader, async () => {
          // Transfers valued at the pools' current prices (dev/dex), like balances.
          const prices = exchange ? await pricesBySymbol(exchange) : {}
          return readHistory(reader, account.address, cursor, { ...dataset, pricesUsd: { ...dataset.pricesUsd, ...prices } })
        }),
      )
    },

    // The convert calls: from the Uniswap v2 exchange of the anvil chains (dev/dex), see exchange.ts.
    getSwapQuotes: ({ query }) =>
      onExchange(async () => {
        const amount = parseAmount(query.amount)
        parseUser(query.userAddress)
        const from = await resolveToken(state.exchanges, query.from, 'from')
        const to = await resolveToken(state.exchanges, query.to, 'to')
        if (from.exchange !== to.exchange) throw new ExchangeError(400, `Cannot swap across networks: '${query.from}' and '${query.to}'`)
        const q = await quote(from.exchange, from.token, to.token, amount)
        return json({ quotes: [{ fromAmount: q.amountIn.toString(), toAmount: q.amountOut.toString(), fromToken: query.from, toToken: query.to, priceImpact: q.priceImpact }] })
      }),

    getSwapTokens: ({ query }) =>
      onExchange(async () => {
        // One network: its tokens, or 400 'Network not supported for Swaps'. None: the tokens of every swap network.
        const ids = query.chainId === undefined ? [...state.exchanges.keys()] : [query.chainId]
        const exchanges = await Promise.all(ids.map((id) => swapNetwork(state.exchanges, id).catch((error: unknown) => (query.chainId === undefined ? undefined : Promise.reject(error)))))
        const lists = await Promise.all(exchanges.map(async (exchange) => (exchange ? (await listTokens(exchange)).map((token) => toSwapToken(exchange, token, dataset)) : [])))
        return json({ tokens: lists.flat() })
      }),

    // USD prices from the pools' reserves against dUSDT; addresses of other networks or tokens in no pool
    // are left out.
    getTokenPrices: ({ body }) =>
      onExchange(async () => {
        const fungibles = await Promise.all(
          body.addresses.map(async (address) => {
            const resolved = await resolveToken(state.exchanges, address, 'price').catch((error: unknown) => {
              if (error instanceof ExchangeError && error.status === 400) return undefined
              throw error
            })
            if (!resolved) return []
            const price = await priceUsd(resolved.exchange, resolved.token)
            if (price === undefined) return []
            const { name, symbol, logoUri } = toSwapToken(resolved.exchange, resolved.token, dataset)
            return [{ name, symbol, iconUrl: logoUri, price }]
          }),
        )
        return json({ fungibles: fungibles.flat() })
      }),

    getSwapAllowance: ({ query }) =>
      onExchange(async () => {
        const user = parseUser(query.userAddress)
        const { exchange, token } = await resolveToken(state.exchanges, query.tokenAddress, 'tokenAddress')
        return json({ allowance: (await readAllowance(exchange, token, user)).toString() })
      }),

    getGasPrice: async ({ query }) => {
      const reader = state.readers.get(query.chainId ?? state.readers.keys().next().value ?? '')
      if (!reader) throw new ApiHttpError(400, notSupportedForGasPrice)
      return json(await fromChain(reader, () => readGasPrices(reader)))
    },

    buildSwapTransaction: ({ body }) =>
      onExchange(async () => {
        const amount = parseAmount(body.amount)
        const slippage = parseSlippage(body.eip155.slippage)
        const user = parseUser(body.userAddress)
        const from = await resolveToken(state.exchanges, body.from, 'from')
        const to = await resolveToken(state.exchanges, body.to, 'to')
        if (from.exchange !== to.exchange) throw new ExchangeError(400, `Cannot swap across networks: '${body.from}' and '${body.to}'`)
        const q = await quote(from.exchange, from.token, to.token, amount)
        const tx = await buildSwap(from.exchange, { from: from.token, to: to.token, user, quote: q, amountOutMin: minimumOut(q.amountOut, slippage), estimate: body.disableEstimate !== true })
        return json({ tx })
      }),

    buildSwapApprove: ({ query }) =>
      onExchange(async () => {
        const user = parseUser(query.userAddress)
        const from = await resolveToken(state.exchanges, query.from, 'from')
        const to = await resolveToken(state.exchanges, query.to, 'to')
        if (from.exchange !== to.exchange) throw new ExchangeError(400, `Cannot swap across networks: '${query.from}' and '${query.to}'`)
        return json({ tx: await buildApprove(from.exchange, from.token, user) })
      }),

    getBalances: async ({ path, query }) => {
      if (query.chainId?.startsWith('bip122:')) return json({ balances: bitcoinTokenBalances(state.bitcoin, path.address, query.chainId, dataset.pricesUsd.BTC ?? 0, dataset.tokenIconUrls?.BTC) })
      // Solana (spec §6): a base58 or solana:<ref>:<address> account, or any account asked for on a solana: chain.
      const solanaAccount = parseSolanaAccount(path.address, query.chainId)
      if (solanaAccount || query.chainId?.startsWith('solana:')) {
        if (!solanaAccount) throw new ApiHttpError(400, `Invalid address: expected a Solana address for ${query.chainId}, got '${path.address}'`)
        const reader = state.solana && (solanaAccount.caipNetworkId ?? state.solana.caipNetworkId) === state.solana.caipNetworkId ? state.solana : undefined
        if (!reader) return json({ balances: [] })
        try {
          return json({ balances: await readSolanaBalances(reader, solanaAccount.address, dataset) })
        } catch (error) {
          throw new ApiHttpError(502, `The node of ${reader.caipNetworkId} (${reader.rpcUrl}) did not answer: ${error instanceof Error ? error.message : String(error)}`)
        }
      }
      const { address } = parseAccount(path.address)
      const readers = query.chainId ? [state.readers.get(query.chainId)].filter((r) => r !== undefined) : [...state.readers.values()]
      const balances = (
        await Promise.all(
          readers.map((reader) =>
            fromChain(reader, async () => {
              const exchange = state.exchanges.get(reader.caipNetworkId)
              return readBalances(reader, address, dataset, exchange ? await pricesBySymbol(exchange) : {})
            }),
          ),
        )
      ).flat()
      return json({ balances })
    },

    lookupName: async ({ path }) => {
      const { label, zone } = splitName(path.name, 'reown.id')
      const profile = await state.names.get(`${label}.${zone}`)
      if (!profile) throw new ApiHttpError(404, `Name '${path.name}' is not registered`)
      return json(profile)
    },

    reverseLookupName: async ({ path }) => {
      const { address } = parseAccount(path.address)
      return json(await state.names.byAddress(address))
    },

    getNameSuggestions: async ({ path, query }) => {
      const zone = query.zone?.replace(/^\./, '') || 'reown.id'
      const { label } = splitName(path.name, zone)
      checkLabel(label)
      const names = [label, `${label}1`, `${label}2`, `${label}-id`, `the${label}`].map((l) => `${l}.${zone}`)
      const taken = await state.names.taken(names)
      return json({ suggestions: names.map((name) => ({ name, registered: taken.has(name) })) })
    },

    registerName: async ({ body }) => {
      let message: { name?: unknown; attributes?: unknown; timestamp?: unknown }
      try {
        message = JSON.parse(body.message) as typeof message
      } catch {
        throw new ApiHttpError(400, 'Invalid message', [{ description: 'The message must be the JSON of the registration (name, attributes, timestamp)' }])
      }
      if (typeof message !== 'object' || message === null || typeof message.name !== 'string') {
        throw new ApiHttpError(400, 'Invalid message', [{ description: 'The message must name the name to register' }])
      }
      const { address } = parseAccount(body.address)
      checkCoinType(body.coin_type, state)
      if (!isHex(body.signature)) throw new ApiHttpError(400, 'Invalid signature', [{ description: 'The signature must be hex' }])
      const valid = await verifyMessage({ address, message: body.message, signature: body.signature }).catch(() => false)
      if (!valid) throw new ApiHttpError(401, 'Invalid signature', [{ description: 'The signature does not match the address' }])
      const { label, zone } = splitName(message.name, 'reown.id')
      checkLabel(label)
      const name = `${label}.${zone}`
      const attributes =
        typeof message.attributes === 'object' && message.attributes !== null ? Object.fromEntries(Object.entries(message.attributes).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : {}
      const registered = await state.names.register({ name, coinType: body.coin_type, address, attributes, now: Math.floor(Date.now() / 1000) })
      if (!registered) throw new ApiHttpError(400, `Name ${name} is already registered`, [{ description: 'Name is already registered' }])
      return json({ success: true })
    },

    generateOnrampUrl: ({ query, body }) => {
      if (dataset.onrampCheckoutUrl !== undefined) return json({ url: devCheckoutUrl(dataset, dataset.onrampCheckoutUrl, body) })
      const url = new URL('https://pay.onramp.example/buy/select-asset')
      url.searchParams.set('appId', query.projectId ?? '')
      url.searchParams.set('destinationWallets', JSON.stringify(body.destinationWallets))
      url.searchParams.set('partnerUserId', body.partnerUserId)
      url.searchParams.set('defaultExperience', body.defaultExperience)
      if (body.defaultNetwork) url.searchParams.set('defaultNetwork', body.defaultNetwork)
      if (body.presetCryptoAmount !== undefined) url.searchParams.set('presetCryptoAmount', String(body.presetCryptoAmount))
      if (body.presetFiatAmount !== undefined) url.searchParams.set('presetFiatAmount', String(body.presetFiatAmount))
      return json({ url: url.toString() })
    },

    getOnrampOptions: () => json({ paymentCurrencies: [...dataset.paymentCurrencies], purchaseCurrencies: [...dataset.purchaseCurrencies] }),

    getOnrampQuote: ({ body }) => {
      const purchase = dataset.purchaseCurrencies.find((c) => c.id.toLowerCase() === body.purchaseCurrency.toLowerCase())
      if (!purchase) throw new ApiHttpError(400, `Unknown purchase currency '${body.purchaseCurrency}'`)
      const payment = dataset.paymentCurrencies.find((c) => c.id.toLowerCase() === body.paymentCurrency.toLowerCase())
      if (!payment) throw new ApiHttpError(400, `Unknown payment currency '${body.paymentCurrency}'`)
      if (!purchase.networks?.some((n) => n.name === body.network)) throw new ApiHttpError(400, `${purchase.id} cannot be bought on network '${body.network}'`)
      const subtotal = Number(body.amount)
      if (!/^\d+(\.\d+)?$/.test(body.amount) || !(subtotal > 0)) throw new ApiHttpError(400, `Invalid amount '${body.amount}': expected a positive decimal`)
      const price = dataset.pricesUsd[purchase.symbol ?? purchase.id] ?? 1
      // Fees of spec §9 ("1-2 %"): 1.5 % provider fee and a flat network fee.
      const fee = Math.round(subtotal * 1.5) / 100
      const networkFee = 0.5
      const money = (amount: number) => ({ amount: amount.toFixed(2), currency: payment.id })
      return json({
        coinbaseFee: money(fee),
        networkFee: money(networkFee),
        paymentSubtotal: money(subtotal),
        paymentTotal: money(subtotal + fee + networkFee),
        purchaseAmount: { amount: (subtotal / price).toFixed(8), currency: purchase.id },
        quoteId: stableUuid(`quote:${purchase.id}:${payment.id}:${body.amount}:${body.network}`),
      })
    },

    ...sessionHandlers(state),

    ...bitcoinHandlers(state.bitcoin),
  }
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

/**
 * Filters the catalogue as `/getWallets` does: `search` (trimmed, case-insensitive substring of the name),
 * `include` (only these ids), `exclude` (not these ids), `chains` (supports any), `badge_type`, `platform`
 * (`mobile`: has a mobile link; `links`: has a mobile, desktop or web-app link), in catalogue `order`.
 *
 * @param wallets the catalogue.
 * @param query the request's query (lists comma-separated).
 * @returns the matching wallets, all pages.
 */
export function filterWallets(wallets: readonly Wallet[], query: QueryOf<DirectoryOperations['getWallets']>): Wallet[] {
  const search = query.search?.trim().toLowerCase() ?? ''
  const include = new Set(splitList(query.include))
  const exclude = new Set(splitList(query.exclude))
  const chains = new Set(splitList(query.chains))
  return wallets
    .filter(
      (wallet) =>
        (!search || wallet.name.toLowerCase().includes(search)) &&
        (include.size === 0 || include.has(wallet.id)) &&
        !exclude.has(wallet.id) &&
        (chains.size === 0 || wallet.chains.some((chain) => chains.has(chain))) &&
        (!query.badge_type || wallet.badge_type === query.badge_type) &&
        (query.platform !== 'mobile' || Boolean(wallet.mobile_link)) &&
        (query.platform !== 'links' || Boolean(wallet.mobile_link || wallet.desktop_link || wallet.webapp_link)),
    )
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
}

/** Handlers of `openapi/directory.yaml`. */
export function directoryHandlers(state: ApiState): Handlers<DirectoryOperations> {
  const { dataset } = state
  const image = (labels: Readonly<Record<string, string>>, kind: string, id: string, caseInsensitive: boolean): Reply<never> => {
    const key = caseInsensitive ? Object.keys(labels).find((k) => k.toLowerCase() === id.toLowerCase()) : id
    const label = key === undefined ? undefined : labels[key]
    if (key === undefined || label === undefined) throw new ApiHttpError(404, `No ${kind} image '${id}'`)
    return svg(initialsSvg(`${kind}:${key}`, label))
  }
  return {
    getProjectConfig: ({ query }) => json({ features: state.features.get(query.projectId ?? '') ?? dataset.features }),
    getAllowedOrigins: () => json({ allowedOrigins: [...state.allowedOrigins] }),
    getWallets: ({ query }) => {
      const all = filterWallets(dataset.wallets, query)
      const start = (query.page - 1) * query.entries
      return json({ data: all.slice(start, start + query.entries), count: all.length })
    },
    // A wallet's own mark (the dev wallet's key, a known wallet's mark from the icon set), else its monogram.
    getWalletImage: ({ path }) => {
      const wallet = state.walletsByImageId.get(path.id)
      if (!wallet) throw new ApiHttpError(404, `No wallet image '${path.id}'`)
      return svg(walletSvg(wallet))
    },
    // A network's image: its own mark, or its monogram when the icon set has none; an asset of no known network: initials.
    getAssetImage: ({ path }) => {
      const network = dataset.images.assetNetworks?.[path.id]
      const name = dataset.images.assets[path.id]
      return network && name !== undefined ? svg(networkSvg(network, `asset:${path.id}`, name)) : image(dataset.images.assets, 'asset', path.id, false)
    },
    // A fiat currency's own mark (a disc with its sign), or the initials of its name.
    getCurrencyImage: ({ path }) => {
      const code = Object.keys(dataset.images.currencies).find((k) => k.toLowerCase() === path.id.toLowerCase())
      const name = code === undefined ? undefined : dataset.images.currencies[code]
      return code === undefined || name === undefined ? image(dataset.images.currencies, 'currency', path.id, true) : svg(currencySvg(code, name))
    },
    getTokenImage: ({ path }) => {
      const symbol = Object.keys(dataset.images.tokens).find((k) => k.toLowerCase() === path.id.toLowerCase())
      return symbol === undefined ? image(dataset.images.tokens, 'token', path.id, true) : svg(tokenSvg(symbol))
    },
    getAnalyticsConfig: () => json({ isAnalyticsEnabled: dataset.analyticsEnabled }),
  }
}

/** Handlers of `openapi/analytics.yaml`. */
export function analyticsHandlers(state: ApiState): Handlers<AnalyticsOperations> {
  return {
    sendEvent: ({ body }) => {
      state.events.push(body)
      return { kind: 'empty', status: 204 }
    },
  }
}
