import { fromCallback, fromPromise, type EventObject } from 'xstate'
import type { BalanceSummary, ConnectedSession } from '../../adapters/types.ts'
import { BaseError } from '../../kernel/errors.ts'
import { type Deferred, held, heldWithInput } from './deferred.ts'

/** The test sent a wallet event while the connection machine was not watching the wallet (no `watchWallet` actor running). */
class NotWatchingError extends BaseError {
  override name = 'NotWatchingError'
}

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
  return {
    actors: {
      connect: fromPromise<ConnectedSession, { connectorId: string }>(() => held(connects)),
      reconnect: fromPromise<ConnectedSession, { connectorId: string }>(() => held(reconnects)),
      disconnect: fromPromise<void, { connectorId: string }>(async ({ input }) => {
        disconnects.push(input)
      }),
      getBalance: fromPromise<BalanceSummary, { connectorId: string; address: string; chainId: number | string }>(({ input }) => {
        if (options.balance) return Promise.resolve(options.balance)
        return heldWithInput(balances, input)
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
      if (!walletSend) throw new NotWatchingError('Not watching the wallet: the connection machine runs no watchWallet actor now')
      walletSend(e)
    },
    isWatching: () => Boolean(walletSend),
  }
}
