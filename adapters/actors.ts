import { fromCallback, fromPromise, type EventObject } from 'xstate'
import { BaseError } from './errors.ts'
import { defineEvmNetwork, findNetwork, type CaipNetwork, type ChainNamespace } from './networks.ts'
import type { BalanceSummary, ChainAdapter, Connector, WalletSession } from './types.ts'
import type { WalletConnectClient } from './walletconnect.ts'

/** The connection events a wallet watcher sends back (matches the connection machine's events). */
export type WalletWatchEvent =
  | { type: 'connection.accountsChanged'; accounts: readonly string[] }
  | { type: 'connection.chainChanged'; chainId: number | string }
  | { type: 'connection.walletDisconnected' }

/** The adapter of each namespace the dapp configures (eip155 always; solana and bip122 when their networks are). */
export type AdaptersByNamespace = Partial<Record<ChainNamespace, ChainAdapter>>

/** Thrown when a connection or network action names a namespace the dapp has no adapter for (spec §5). */
export class AdapterNotFoundError extends BaseError {
  override name = 'AdapterNotFoundError'
  constructor(namespace: string) {
    super(`The adapter for the ${namespace} namespace does not exist.`)
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

/**
 * Turns the chain adapters into the actors the connection machine declares (`connect`, `reconnect`, `disconnect`,
 * `getBalance`, `watchWallet`); each call goes to the adapter of the connection's namespace (one adapter: that one).
 * `networks` resolves a chain id to its native currency; an unknown EVM chain is read as 18-decimal ETH.
 */
export function connectionActors(adapters: ChainAdapter | AdaptersByNamespace, networks: readonly CaipNetwork[]) {
  type Input = { connectorId: string; namespace?: ChainNamespace }
  return {
    connect: fromPromise<WalletSession, Input>(({ input }) => adapterOf(adapters, input.namespace).connect({ connectorId: input.connectorId })),
    reconnect: fromPromise<WalletSession, Input>(({ input }) => adapterOf(adapters, input.namespace).reconnect({ connectorId: input.connectorId })),
    disconnect: fromPromise<void, Input>(({ input }) => adapterOf(adapters, input.namespace).disconnect({ connectorId: input.connectorId })),
    getBalance: fromPromise<BalanceSummary, Input & { address: string; chainId: number | string }>(async ({ input }) => {
      const adapter = adapterOf(adapters, input.namespace)
      const network =
        findNetwork(networks, adapter.namespace, input.chainId) ??
        defineEvmNetwork({
          id: Number(input.chainId),
          name: `Chain ${input.chainId}`,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrl: 'http://127.0.0.1',
        })
      const b = await adapter.getBalance({ connectorId: input.connectorId, address: input.address, network })
      return { value: b.value.toString(), decimals: b.decimals, symbol: b.symbol }
    }),
    watchWallet: fromCallback<EventObject, Input>(({ input, sendBack }) =>
      adapterOf(adapters, input.namespace).watchWallet({ connectorId: input.connectorId }, (e) => {
        const send = (event: WalletWatchEvent) => sendBack(event)
        if (e.type === 'accountsChanged') send({ type: 'connection.accountsChanged', accounts: e.accounts })
        else if (e.type === 'chainChanged') send({ type: 'connection.chainChanged', chainId: e.chainId })
        else send({ type: 'connection.walletDisconnected' })
      }),
    ),
  }
}

/** The actors the network machine declares (`switchChain`, `addChain`), each on the adapter of the network's namespace. */
export function networkActors(adapters: ChainAdapter | AdaptersByNamespace) {
  return {
    switchChain: fromPromise<void, { connectorId: string; network: CaipNetwork }>(({ input }) => adapterOf(adapters, input.network.chainNamespace).switchChain(input)),
    addChain: fromPromise<void, { connectorId: string; network: CaipNetwork }>(({ input }) => adapterOf(adapters, input.network.chainNamespace).addChain(input)),
  }
}

/** The root's connector discovery actor: sends `connectors.changed` with the full list of every adapter on each change. */
export function connectorDiscoveryActor(adapters: ChainAdapter | AdaptersByNamespace) {
  const list = isAdapter(adapters) ? [adapters] : Object.values(adapters).filter((a): a is ChainAdapter => Boolean(a))
  return fromCallback<EventObject>(({ sendBack }) => {
    const current = new Map<ChainAdapter, readonly Connector[]>()
    const offs = list.map((adapter) =>
      adapter.watchConnectors((connectors) => {
        current.set(adapter, connectors)
        sendBack({ type: 'connectors.changed', connectors: list.flatMap((a) => current.get(a) ?? []) })
      }),
    )
    return () => offs.forEach((off) => off())
  })
}

/**
 * A {@link ChainAdapter} whose module loads on first use (spec §1 lazy rule: a namespace's libraries load only
 * when it is configured and used). Discovery starts the load; until it is done the namespace lists no connector.
 */
export function lazyAdapter<A extends ChainAdapter>(namespace: ChainNamespace, load: () => Promise<A>): ChainAdapter & { load(): Promise<A> } {
  let loaded: A | undefined
  let loading: Promise<A> | undefined
  const get = () =>
    (loading ??= load().then(
      (adapter) => (loaded = adapter),
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
      get().then(
        (adapter) => {
          if (!stopped) off = adapter.watchConnectors(listener)
        },
        (error: unknown) => console.error(`[latchkey] The ${namespace} adapter could not load:`, error),
      )
      return () => {
        stopped = true
        off?.()
      }
    },
    connect: async (p) => (await get()).connect(p),
    reconnect: async (p) => (await get()).reconnect(p),
    disconnect: async (p) => (await get()).disconnect(p),
    getBalance: async (p) => (await get()).getBalance(p),
    switchChain: async (p) => (await get()).switchChain(p),
    addChain: async (p) => (await get()).addChain(p),
    signMessage: async (p) => (await get()).signMessage(p),
    watchWallet(p, listener) {
      if (loaded) return loaded.watchWallet(p, listener)
      let off: (() => void) | undefined
      let stopped = false
      void get().then((adapter) => {
        if (!stopped) off = adapter.watchWallet(p, listener)
      })
      return () => {
        stopped = true
        off?.()
      }
    },
  }
}

/** Thrown by the pairing actors when WalletConnect is off (`walletConnect: false`). */
export class WalletConnectDisabledError extends BaseError {
  override name = 'WalletConnectDisabledError'
  constructor() {
    super('WalletConnect is turned off (options.walletConnect is false).')
  }
}

/**
 * The actors the pairing machine declares: `load` (the provider's code and socket, once) and `propose` (a
 * proposal: sends back `pairing.uriReady`, then `pairing.walletApproved` or `pairing.walletFailed`; once stopped —
 * refreshed or cancelled — it reports nothing more and the proposal is abandoned).
 */
export function pairingActors(walletConnect: WalletConnectClient | undefined) {
  return {
    load: fromPromise<void>(async () => {
      if (!walletConnect) throw new WalletConnectDisabledError()
      await walletConnect.restore()
    }),
    propose: fromCallback<EventObject>(({ sendBack }) => {
      let stopped = false
      const report = (event: { type: 'pairing.uriReady'; uri: string; createdAt: number } | { type: 'pairing.walletApproved' } | { type: 'pairing.walletFailed'; error: unknown }) => {
        if (!stopped) sendBack(event)
      }
      if (!walletConnect) {
        report({ type: 'pairing.walletFailed', error: new WalletConnectDisabledError() })
        return () => {}
      }
      walletConnect.propose().then(
        ({ uri, createdAt, approval }) => {
          report({ type: 'pairing.uriReady', uri, createdAt })
          approval.then(
            () => report({ type: 'pairing.walletApproved' }),
            (error: unknown) => report({ type: 'pairing.walletFailed', error }),
          )
        },
        (error: unknown) => report({ type: 'pairing.walletFailed', error }),
      )
      return () => {
        stopped = true
      }
    }),
  }
}
