import { fromPromise } from 'xstate'
import { sendMachine, type SendEstimate, type SendTransferInput } from '../../../machines/send.ts'
import { transactionMachine } from '../../../machines/transaction.ts'
import type { TransactionEnd } from '../../../machines/transactionEnd.ts'
import type { TokenBalance } from '../../../services/schemas.ts'
import type { FeatureRefs } from '../../../ui/assemble/index.ts'
import { type Deferred, held, heldWithInput } from '../deferred.ts'
import type { HarnessRoot } from '../root.ts'

/**
 * Send in the root harness: the production machine (and its transaction machine) whose balance, estimate, transfer
 * and receipt calls wait for the test (`h.send`), and its snapshot once the first Send spawned it (`h.sendActor()`).
 */
export function double(root: HarnessRoot) {
  const send = {
    balances: [] as Deferred<TokenBalance[]>[],
    estimates: [] as Deferred<SendEstimate>[],
    transfers: [] as Array<{ input: SendTransferInput; d: Deferred<{ hash: string }> }>,
    receipts: [] as Deferred<TransactionEnd>[],
  }
  return {
    logic: sendMachine.provide({
      actors: {
        fetchBalances: fromPromise(() => held(send.balances)),
        resolveName: fromPromise(async (): Promise<{ address: string | null }> => ({ address: null })),
        fetchReceiverProfile: fromPromise(async (): Promise<{ name?: string | null; avatar?: string | null }> => ({ name: null, avatar: null })),
        estimateTransfer: fromPromise(() => held(send.estimates)),
        // The production transaction machine, its wallet prompt and receipt wait answered by the test.
        transaction: transactionMachine.provide({
          actors: {
            send: fromPromise(({ input }) => heldWithInput(send.transfers, input.request as SendTransferInput)),
            waitForEnd: fromPromise(() => held(send.receipts)),
          },
        }),
      },
    }),
    exposed: {
      /** The send machine's calls, answered by the test. */
      send,
      /** The send machine's snapshot (spawned by the first Send). */
      sendActor: () => (root().features.send as FeatureRefs['send'])!.getSnapshot(),
    },
  }
}

/** What the harness exposes of this double. */
type Exposed = ReturnType<typeof double>['exposed']

declare module '../root.ts' {
  interface HarnessDoubles extends Exposed {}
}
