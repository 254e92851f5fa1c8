import * as v from 'valibot'
import { fromCallback, fromPromise, type EventObject } from 'xstate'
import { callForeign, callForeignSync, parseForeign, releaseForeign, safeParse } from './boundary.ts'
import { BaseError } from './errors.ts'
import { defineEvmNetwork, findNetwork, type CaipNetwork, type ChainNamespace } from './networks.ts'
import type { BalanceSummary, ChainAdapter, ConnectedSession, Connector, WalletDescription, WalletSession } from './types.ts'

/** The connection events a wallet watcher sends back (matches the connection machine's events). */
export type WalletWatchEvent = { type: 'connection.accountsChanged'; accounts: readonly string[] } | { type: 'connection.chainChanged'; chainId: number | string } | { type: 'connection.walletDisconnected' }

/** The adapter of each namespace the dapp configures (eip155 always; solana and bip122 when their networks are). */
export type AdaptersByNamespace = Partial<Record<ChainNamespace, ChainAdapter>>

/**
 * Thrown when a connection or network action names a namespace the dapp has no adapter for: 'Adapter not found'
 * (spec §8), its details the sentence of spec §5, 'The adapter for the {namespace} namespace does not exist.'
 */
export class AdapterNotFoundError extends BaseError {
  static override docsPath = '/errors/AdapterNotFoundError'
  override name = 'AdapterNotFoundError'
  /** The namespace without an adapter (eip155, solana, bip122, polkadot, cosmos, …). */
  readonly namespace: string
  constructor(namespace: string) {
    super('Adapter not found', { details: `The adapter for the ${namespace} namespace does not exist.` })
    this.namespace = namespace
  }
}

function adapterOf(adapters: ChainAdapter | AdaptersByNamespace, namespace: ChainNamespace | undefined): ChainAdapter {
  if (isAdapter(adapters)) return adapters
  const adapter = adapters[namespace ?? 'eip155']
  if (!adapter) throw new AdapterNotFoundError(namespace ?? 'eip155')
  return adapter
}
function isAdapter(value: ChainAdapter | AdaptersByNamespace): value is ChainAdapter {
  return typeof (value as ChainAdapter).connect === 'function'
}

/** A chain reference as adapters report it: a positive safe integer (EVM) or a non-empty string. */
const chainIdSchema = v.union([v.pipe(v.number(), v.safeInteger(), v.minValue(1)), v.pipe(v.string(), v.nonEmpty())])
/** What `connect` and `reconnect` must resolve with (the {@link WalletSession} contract): at least one account. */
const walletSessionSchema = v.object({
  accounts: v.pipe(v.array(v.pipe(v.string(), v.nonEmpty())), v.minLength(1)),
  chainId: chainIdSchema,
})
/** What `getBalance` must resolve with (the {@link NativeBalance} contract): a non-negative bigint in the smallest unit. */
export const nativeBalanceSchema = v.object({
  value: v.pipe(v.bigint(), v.minValue(0n)),
  decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
  symbol: v.string(),
})
/** A wallet event as an adapter reports it (anything else is dropped). */
const walletEventSchema = v.variant('type', [
  v.object({ type: v.literal('accountsChanged'), accounts: v.array(v.pipe(v.string(), v.nonEmpty())) }),
  v.object({ type: v.literal('chainChanged'), chainId: chainIdSchema }),
  v.object({ type: v.literal('disconnect') }),
])
/** A connector as the UI lists it (spec §3 "Connector"); one that does not match is left out of the list. */
export const connectorSchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  name: v.pipe(v.string(), v.nonEmpty()),
  type: v.picklist(['ANNOUNCED', 'INJECTED', 'AUTH', 'MULTI_CHAIN', 'WALLET_CONNECT']),
  chain: v.picklist(['eip155', 'solana', 'polkadot', 'bip122', 'cosmos']),
  imageUrl: v.optional(v.string()),
  imageId: v.optional(v.string()),
  info: v.optional(v.object({ rdns: v.optional(v.string()) })),
  explorerId: v.optional(v.string()),
  installed: v.optional(v.boolean()),
})

/**
 * The connectors of an adapter's list that match {@link connectorSchema}; the others are dropped with a debug log
 * (a custom adapter's, or a wallet's, malformed entry must not break Connect for the rest).
 */
export function validConnectors(list: unknown): Connector[] {
  if (!Array.isArray(list)) return []
  return list.flatMap((item: unknown) => {
    const result = safeParse(connectorSchema, item)
    if (result.success) return [result.output as Connector]
    console.debug('[latchkey] Ignored an invalid connector:', result.issues)
    return []
  })
}

/** What {@link connectionActors} may be given: the native balance cache (createModal backs it with storage's `balance_cache`). */
export type ConnectionActorsOptions = {
  balanceCache?: {
    /** The stored balance while it is within its lifetime, else undefined. */
    get(key: string): BalanceSummary | undefined
    /** Stores a balance just read (with its lifetime). */
    set(key: string, balance: BalanceSummary): void
  }
  /**
   * Describes the wallet of a session just connected or restored (spec §3 account state `connectedWalletInfo`,
   * `addressLabels`); its answer travels with the session. A throw or a rejection leaves the session undescribed.
   */
  describeWallet?: (input: { connectorId: string; namespace: ChainNamespace; accounts: readonly string[] }) => WalletDescription | undefined | Promise<WalletDescription | undefined>
}

/**
 * Turns the chain adapters into the actors the connection machine declares (`connect`, `reconnect`, `disconnect`,
 * `getBalance`, `watchWallet`); each call goes to the adapter of the connection's namespace (one adapter: that one).
 * `networks` resolves a chain id to its native currency; an unknown EVM chain is read as 18-decimal ETH. Pass a getter
 * (`() => readonly CaipNetwork[]`, the modal reads the network actor's list) so networks added or removed at run time
 * (`modal.addNetwork`) are seen at each read; a fixed array is read as is.
 *
 * The adapter may be the dapp's own (`options.adapter`), so every call is made through the boundary (`boundary.ts`):
 * a synchronous throw or a rejection becomes a typed `BaseError`, an answer that breaks the {@link ChainAdapter}
 * contract an `InvalidCallbackResponseError`, and `watchWallet`'s subscribe throwing fails the actor with a typed
 * error (the machine's `onError`) while its unsubscribe throwing is dropped. Hangs are bounded by the machine's delays.
 *
 * With `options.describeWallet` the session carries the wallet's description (spec §3 `connectedWalletInfo`,
 * `addressLabels`) into the connection's context.
 *
 * With `options.balanceCache` the native balance is read through it, keyed `namespace|chainId|address` (spec §3, §9:
 * the native balance cache, 30 s): a read that is not `fresh` takes the cached value; a `fresh` one asks the wallet
 * and stores the answer.
 */
export function connectionActors(adapters: ChainAdapter | AdaptersByNamespace, networks: readonly CaipNetwork[] | (() => readonly CaipNetwork[]), options: ConnectionActorsOptions = {}) {
  const networksNow = typeof networks === 'function' ? networks : () => networks
  const balanceCache = options.balanceCache
  type Input = { connectorId: string; namespace?: ChainNamespace }
  const session = async (operation: 'connect' | 'reconnect', input: Input): Promise<ConnectedSession> => {
    const adapter = adapterOf(adapters, input.namespace)
    const answer = await callForeign(`adapter.${operation}`, () => adapter[operation]({ connectorId: input.connectorId }))
    const parsed: WalletSession = parseForeign(`adapter.${operation}`, walletSessionSchema, answer)
    const describe = options.describeWallet
    if (!describe) return parsed
    // A description that fails leaves the session as the wallet gave it: the connection does not fail for it.
    const description = await Promise.resolve()
      .then(() => describe({ connectorId: input.connectorId, namespace: adapter.namespace, accounts: parsed.accounts }))
      .catch(() => undefined)
    return { ...parsed, ...(description?.wallet ? { wallet: description.wallet } : {}), ...(description?.addressLabels ? { addressLabels: description.addressLabels } : {}) }
  }
  const readBalance = async (input: Input & { address: string; chainId: number | string }): Promise<BalanceSummary> => {
    const adapter = adapterOf(adapters, input.namespace)
    const network =
      findNetwork(networksNow(), adapter.namespace, input.chainId) ??
      defineEvmNetwork({
        id: Number(input.chainId),
        name: `Chain ${input.chainId}`,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrl: 'http://127.0.0.1',
      })
    const answer = await callForeign('adapter.getBalance', () => adapter.getBalance({ connectorId: input.connectorId, address: input.address, network }))
    const b = parseForeign('adapter.getBalance', nativeBalanceSchema, answer)
    return { value: b.value.toString(), decimals: b.decimals, symbol: b.symbol }
  }
  return {
    connect: fromPromise<ConnectedSession, Input>(({ input }) => session('connect', input)),
    reconnect: fromPromise<ConnectedSession, Input>(({ input }) => session('reconnect', input)),
    disconnect: fromPromise<void, Input>(async ({ input }) => {
      await callForeign('adapter.disconnect', () => adapterOf(adapters, input.namespace).disconnect({ connectorId: input.connectorId }))
    }),
    getBalance: fromPromise<BalanceSummary, Input & { address: string; chainId: number | string; fresh?: boolean }>(async ({ input }) => {
      if (!balanceCache) return readBalance(input)
      const key = `${adapterOf(adapters, input.namespace).namespace}|${input.chainId}|${input.address}`
      // Never a shared pending read: a read the wallet never answered must not hold up the retry.
      const hit = input.fresh ? undefined : balanceCache.get(key)
      if (hit) return hit
      const balance = await readBalance(input)
      balanceCache.set(key, balance)
      return balance
    }),
    watchWallet: fromCallback<EventObject, Input>(({ input, sendBack }) => {
      const listener = (e: unknown) => {
        const result = safeParse(walletEventSchema, e)
        if (!result.success) return void console.debug('[latchkey] Ignored an invalid wallet event:', result.issues)
        const event = result.output
        const send = (watched: WalletWatchEvent) => sendBack(watched)
        if (event.type === 'accountsChanged') send({ type: 'connection.accountsChanged', accounts: event.accounts })
        else if (event.type === 'chainChanged') send({ type: 'connection.chainChanged', chainId: event.chainId })
        else send({ type: 'connection.walletDisconnected' })
      }
      // A throw here fails this actor with a typed error: the connection stays, unwatched (its `onError`).
      const off = callForeignSync(() => adapterOf(adapters, input.namespace).watchWallet({ connectorId: input.connectorId }, listener))
      return () => releaseForeign('adapter.watchWallet (unsubscribe)', off)
    }),
  }
}

/**
 * The actors the network machine declares (`switchChain`, `addChain`), each on the adapter of the network's namespace,
 * through the boundary (a throw or a rejection is a typed `BaseError`; 4001 and 4902 keep their classes).
 */
export function networkActors(adapters: ChainAdapter | AdaptersByNamespace) {
  return {
    switchChain: fromPromise<void, { connectorId: string; network: CaipNetwork }>(async ({ input }) => {
      await callForeign('adapter.switchChain', () => adapterOf(adapters, input.network.chainNamespace).switchChain(input))
    }),
    addChain: fromPromise<void, { connectorId: string; network: CaipNetwork }>(async ({ input }) => {
      await callForeign('adapter.addChain', () => adapterOf(adapters, input.network.chainNamespace).addChain(input))
    }),
  }
}

/**
 * The root's connector discovery actor: sends `connectors.changed` with the full list of every adapter on each change.
 * Each adapter's list is validated ({@link validConnectors}); an adapter whose `watchConnectors` throws is left out
 * (logged) and the others keep working; unsubscribing never throws.
 */
export function connectorDiscoveryActor(adapters: ChainAdapter | AdaptersByNamespace) {
  const list = isAdapter(adapters) ? [adapters] : Object.values(adapters).filter((a): a is ChainAdapter => Boolean(a))
  return fromCallback<EventObject>(({ sendBack }) => {
    const current = new Map<ChainAdapter, readonly Connector[]>()
    const offs = list.map((adapter) => {
      try {
        return adapter.watchConnectors((connectors) => {
          current.set(adapter, validConnectors(connectors))
          sendBack({ type: 'connectors.changed', connectors: list.flatMap((a) => current.get(a) ?? []) })
        })
      } catch (error) {
        console.debug(`[latchkey] The ${safeNamespace(adapter)} adapter's watchConnectors threw; its wallets are not listed.`, error)
        return undefined
      }
    })
    return () => offs.forEach((off) => releaseForeign('adapter.watchConnectors (unsubscribe)', off))
  })
}

function safeNamespace(adapter: ChainAdapter): string {
  try {
    return String(adapter.namespace)
  } catch {
    return '(unknown)'
  }
}

/**
 * A {@link ChainAdapter} whose module loads on first use (spec §1 lazy rule: a namespace's libraries load only
 * when it is configured and used). Discovery starts the load; until it is done the namespace lists no connector.
 */
export function lazyAdapter<A extends ChainAdapter>(namespace: ChainNamespace, load: () => Promise<A>): ChainAdapter & { load(): Promise<A>; destroy(): void } {
  let loaded: A | undefined
  let loading: Promise<A> | undefined
  let destroyed = false
  const get = () =>
    (loading ??= load().then(
      (adapter) => {
        loaded = adapter
        // Loaded after the modal was destroyed: released at once.
        if (destroyed) releaseForeign(`The ${namespace} adapter's destroy`, (adapter as A & { destroy?: () => void }).destroy?.bind(adapter))
        return adapter
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))
  return {
    namespace,
    /** The adapter itself (its namespace-only calls: Bitcoin's `sendTransfer`, `signPSBT`, …), loaded now if needed. */
    load: get,
    getConnectors: () => loaded?.getConnectors() ?? [],
    watchConnectors(listener) {
      let off: (() => void) | undefined
      let stopped = false
      get()
        .then(
          (adapter) => {
            if (!stopped && !destroyed) off = adapter.watchConnectors(listener)
          },
          (error: unknown) => console.error(`[latchkey] The ${namespace} adapter could not load:`, error),
        )
        .catch((error: unknown) => console.debug(`[latchkey] The ${namespace} adapter's watchConnectors threw:`, error))
      return () => {
        stopped = true
        off?.()
      }
    },
    connect: async (p) => (await get()).connect(p),
    reconnect: async (p) => (await get()).reconnect(p),
    disconnect: async (p) => (await get()).disconnect(p),
    getBalance: async (p) => (await get()).getBalance(p),
    getAccounts: (p) => loaded?.getAccounts?.(p) ?? [],
    switchChain: async (p) => (await get()).switchChain(p),
    addChain: async (p) => (await get()).addChain(p),
    signMessage: async (p) => (await get()).signMessage(p),
    watchWallet(p, listener) {
      if (loaded) return loaded.watchWallet(p, listener)
      let off: (() => void) | undefined
      let stopped = false
      get()
        .then((adapter) => {
          if (!stopped && !destroyed) off = adapter.watchWallet(p, listener)
        })
        .catch((error: unknown) => console.debug(`[latchkey] The ${namespace} wallet could not be watched:`, error))
      return () => {
        stopped = true
        off?.()
      }
    },
    /** Releases the loaded adapter's listeners and connections (`destroy()` of the modal); a later load subscribes nothing. */
    destroy() {
      destroyed = true
      const instance = loaded as (A & { destroy?: () => void }) | undefined
      releaseForeign(`The ${namespace} adapter's destroy`, instance?.destroy?.bind(instance))
    },
  }
}
