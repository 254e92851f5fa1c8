import { fromPromise } from 'xstate'
import { callForeign } from '../../adapters/boundary.ts'
import { sendMachine, type SendTransferInput } from '../../machines/send.ts'
import { transactionMachine } from '../../machines/transaction.ts'
import type { FeatureHost } from './host.ts'
import { directoryTokenImages, withTokenImages } from './tokenImages.ts'
import { waitForEndOn } from './transaction.ts'
import { resolveNameOn } from './resolveName.ts'

/** The amounts travel as decimal strings in the machine (wei, lamports); the transfer adapter takes bigints. */
const toTransfer = (input: { connectorId: string; from: string; to: string; amount: string; caipNetworkId: string; tokenAddress?: string | undefined }) => ({
  ...input,
  amount: BigInt(input.amount),
})

/**
 * The send machine (spec §4 Send) on this instance's blockchain API (balances, names, the receiver's profile) and
 * transfer adapters. A dapp's own `transferAdapter` is foreign code: its calls go through the boundary (`adapters/boundary.ts`).
 */
export function assemble(host: FeatureHost) {
  const tokenImages = directoryTokenImages(host)
  const resolveName = resolveNameOn(host)
  return sendMachine.provide({
    actors: {
      // A token without an icon gets the directory's image of its symbol (spec §7).
      fetchBalances: fromPromise(async ({ input }) => withTokenImages(await (await host.blockchain()).getBalances({ address: input.address, chainId: input.caipNetworkId }), tokenImages)),
      // An unknown name is a 404: no address (not a failed lookup, which is 'Error resolving name').
      resolveName: fromPromise(({ input }) => resolveName(input)),
      fetchReceiverProfile: fromPromise(async ({ input }) => (await host.blockchain()).getIdentity({ address: input.address })),
      estimateTransfer: fromPromise(async ({ input }) => {
        const transfer = await host.transfer(input.caipNetworkId)
        const e = await callForeign('transferAdapter.estimateTransfer', () => transfer.estimateTransfer(toTransfer(input)))
        return { gas: e.gas.toString(), gasPrice: e.gasPrice.toString(), fee: e.fee.toString() }
      }),
      // The transfer's transaction: the wallet asked through the network's transfer adapter, the chain's end by the
      // receipt rule (adapters/receipt.ts); the wait stops with the actor (a cleared send).
      transaction: transactionMachine.provide({
        actors: {
          send: fromPromise(async ({ input }) => {
            const request = input.request as SendTransferInput
            const transfer = await host.transfer(request.caipNetworkId)
            return callForeign('transferAdapter.sendTransfer', () => transfer.sendTransfer(toTransfer(request)))
          }),
          waitForEnd: waitForEndOn(host),
        },
      }),
    },
  })
}
