import { fromCallback, fromPromise, type EventObject } from 'xstate'
import { defineEvmNetwork, findNetwork, type CaipNetwork } from './networks.ts'
import type { BalanceSummary, ChainAdapter, Connector, WalletSession } from './types.ts'
import type { WalletConnectClient } from './walletconnect.ts'

/** The connection events a wallet watcher sends back (matches the connection machine's events). */
export type WalletWatchEvent =
  | { type: 'connection.accountsChanged'; accounts: readonly string[] }
  | { type: 'connection.chainChanged'; chainId: number | string }
  | { type: 'connection.walletDisconnected' }

/**
 * Turns a {@link ChainAdapter} into the actors the connection machine declares
 * (`connect`, `reconnect`, `disconnect`, `getBalance`, `watchWallet`).
 * `networks` resolves a chain id to its native currency; an unknown EVM chain is read as 18-decimal ETH.
 */
export function connectionActors(adapter: ChainAdapter, networks: readonly CaipNetwork[]) {
  return {
    connect: fromPromise<WalletSession, { connectorId: string }>(({ input }) => adapter.connect(input)),
    reconnect: fromPromise<WalletSession, { connectorId: string }>(({ input }) => adapter.reconnect(input)),
    disconnect: fromPromise<void, { connectorId: string }>(({ input }) => adapter.disconnect(input)),
    getBalance: fromPromise<BalanceSummary, { connectorId: string; address: string; chainId: number | string }>(
      async ({ input }) => {
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
      },
    ),
    watchWallet: fromCallback<EventObject, { connectorId: string }>(({ input, sendBack }) =>
      adapter.watchWallet({ connectorId: input.connectorId }, (e) => {
        const send = (event: WalletWatchEvent) => sendBack(event)
        if (e.type === 'accountsChanged') send({ type: 'connection.accountsChanged', accounts: e.accounts })
        else if (e.type === 'chainChanged') send({ type: 'connection.chainChanged', chainId: e.chainId })
        else send({ type: 'connection.walletDisconnected' })
      }),
    ),
  }
}

/** The actors the network machine declares (`switchChain`, `addChain`). */
export function networkActors(adapter: ChainAdapter) {
  return {
    switchChain: fromPromise<void, { connectorId: string; network: CaipNetwork }>(({ input }) => adapter.switchChain(input)),
    addChain: fromPromise<void, { connectorId: string; network: CaipNetwork }>(({ input }) => adapter.addChain(input)),
  }
}

/** The root's connector discovery actor: sends `connectors.changed` with the full list on every change. */
export function connectorDiscoveryActor(adapter: ChainAdapter) {
  return fromCallback<EventObject>(({ sendBack }) =>
    adapter.watchConnectors((connectors) => sendBack({ type: 'connectors.changed', connectors })),
  )
}

/** Thrown by the pairing actors when WalletConnect is off (`walletConnect: false`). */
export class WalletConnectDisabledError extends Error {
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
