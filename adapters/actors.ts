import { fromCallback, fromPromise, type EventObject } from 'xstate'
import { defineEvmNetwork, findNetwork, type CaipNetwork } from './networks.ts'
import type { BalanceSummary, ChainAdapter, Connector, WalletSession } from './types.ts'

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
