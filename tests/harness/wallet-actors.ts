import { fromCallback, fromPromise, type EventObject } from 'xstate'
import type { BalanceSummary, ConnectedSession } from '../../adapters/types.ts'
import { deferred, type Deferred } from './deferred.ts'

/**
 * The connection machine's actors with the wallet's side played by the test: each connect, reconnect and
 * balance request waits until the test answers it; wallet events are sent with `wallet(event)`.
 * `balance` answers every balance request at once instead, when given.
 */
export function controllableConnectionActors(options: { balance?: BalanceSummary } = {}) {
  const connects: Deferred<ConnectedSession>[] = []
  const reconnects: Deferred<ConnectedSession>[] = []
  const balances: Array<{ input: { address: string; chainId: number | string }; d: Deferred<BalanceSummary> }> = []
  const disconnects: Array<{ connectorId: string }> = []
  let walletSend: ((e: EventObject) => void) | undefined
  const pending = <T>(list: Deferred<T>[]) => {
    const d = deferred<T>()
    list.push(d)
    return d.promise
  }
  return {
    actors: {
      connect: fromPromise<ConnectedSession, { connectorId: string }>(() => pending(connects)),
      reconnect: fromPromise<ConnectedSession, { connectorId: string }>(() => pending(reconnects)),
      disconnect: fromPromise<void, { connectorId: string }>(async ({ input }) => {
        disconnects.push(input)
      }),
      getBalance: fromPromise<BalanceSummary, { connectorId: string; address: string; chainId: number | string }>(({ input }) => {
        if (options.balance) return Promise.resolve(options.balance)
        const d = deferred<BalanceSummary>()
        balances.push({ input, d })
        return d.promise
      }),
      watchWallet: fromCallback<EventObject, { connectorId: string }>(({ sendBack }) => {
        walletSend = sendBack
        return () => {
          walletSend = undefined
        }
      }),
    },
    connects,
    reconnects,
    balances,
    disconnects,
    /** Sends an event as the wallet would (accountsChanged, chainChanged, walletDisconnected). */
    wallet(e: { type: string; [k: string]: unknown }) {
      if (!walletSend) throw new Error('not watching the wallet')
      walletSend(e)
    },
    isWatching: () => Boolean(walletSend),
  }
}
