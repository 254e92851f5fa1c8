import { fromPromise } from 'xstate'
import { callForeign } from '../../adapters/boundary.ts'
import type { TransactionWaitInput } from '../../machines/transaction.ts'
import { transactionEndOf, type TransactionEnd } from '../../machines/transactionEnd.ts'
import type { FeatureHost } from './host.ts'

/**
 * The transaction machine's `waitForEnd` on this instance's transfer adapters (send, a swap's approval and its swap):
 * the network's adapter `waitForTransfer`, which waits by the one receipt rule (`adapters/receipt.ts`: failed reads
 * retried, a replacement followed, `unknown` past the receipt timeout). A dapp's own adapter is foreign code: its call
 * goes through the boundary and whatever it answers is read as a {@link TransactionEnd} (never a throw on odd output).
 * The wait stops with the actor (a cleared send or swap).
 */
export const waitForEndOn = (host: FeatureHost) =>
  fromPromise<TransactionEnd, TransactionWaitInput>(async ({ input, signal }) => {
    const transfer = await host.transfer(input.caipNetworkId)
    const r = await callForeign('transferAdapter.waitForTransfer', () => transfer.waitForTransfer({ ...input, signal }))
    return transactionEndOf(r, input.hash)
  })
