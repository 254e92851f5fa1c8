import * as v from 'valibot'
import { fromPromise } from 'xstate'
import { batchMachine, storedBatchOf, type BatchCallTransaction, type StoredBatch } from '../../machines/batch.ts'
import { callsMachine, type CallsRequest } from '../../machines/calls.ts'
import { pendingBatchesKey } from '../../machines/calls.feature.ts'
import { transactionMachine } from '../../machines/transaction.ts'
import type { ModalStorage } from '../../services/storage.ts'
import type { FeatureHost, FeaturePublicFace } from './host.ts'
import { waitForEndOn } from './transaction.ts'
import { walletCallActors } from './walletCalls.ts'

const hex = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]*$/))
const storedBatchSchema = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  connectorId: v.string(),
  from: v.string(),
  caipNetworkId: v.pipe(v.string(), v.startsWith('eip155:')),
  calls: v.array(v.object({ to: hex, data: v.optional(hex), value: hex })),
  atomicRequired: v.boolean(),
  capabilities: v.record(v.string(), v.unknown()),
  fallback: v.optional(
    v.object({
      landed: v.array(v.pipe(v.number(), v.integer())),
      hashes: v.array(hex),
      sent: v.optional(v.object({ index: v.pipe(v.number(), v.integer()), hash: hex })),
    }),
  ),
})
const storedBatchesSchema = v.array(storedBatchSchema)

/** The batches kept in `storage`; an unreadable record is dropped (the storage reader removes it). */
export function storedBatches(storage: ModalStorage): StoredBatch[] {
  return (storage.read(pendingBatchesKey, storedBatchesSchema) ?? []) as StoredBatch[]
}

function storeBatch(storage: ModalStorage, batch: StoredBatch) {
  storage.write(pendingBatchesKey, [...storedBatches(storage).filter((b) => b.id !== batch.id), batch])
}

function forgetBatch(storage: ModalStorage, id: string) {
  const left = storedBatches(storage).filter((b) => b.id !== id)
  if (left.length) storage.write(pendingBatchesKey, left)
  else storage.remove(pendingBatchesKey)
}

/**
 * The calls feature (EIP-5792) on this instance's wallets: each batch asks the connected connector's EIP-1193 provider
 * (`wallet_getCapabilities`, `wallet_sendCalls`, `wallet_getCallsStatus`; a wallet's answers are read by the chart,
 * machines/batch.status.ts), the fallback sends each call with `eth_sendTransaction` and waits by the receipt rule
 * (`adapters/receipt.ts`), and the batches on their way (the wallet's, and the fallback's with how far it went) are kept
 * in storage until their end.
 */
export function assemble(host: FeatureHost) {
  const { ask, getCapabilities, sendCalls, getCallsStatus } = walletCallActors(host)
  return callsMachine.provide({
    actors: {
      loadStored: fromPromise(async ({ input }) => {
        const address = input.target?.address.toLowerCase()
        return storedBatches(host.storage).filter((b) => b.from.toLowerCase() === address && b.connectorId === input.target?.connectorId)
      }),
      batch: batchMachine.provide({
        actors: {
          getCapabilities,
          sendCalls,
          getCallsStatus,
          transaction: transactionMachine.provide({
            actors: {
              send: fromPromise(async ({ input }) => {
                const { chainId: _chain, ...call } = input.request as BatchCallTransaction
                return { hash: (await ask(input.connectorId, 'eth_sendTransaction', [call])) as string }
              }),
              waitForEnd: waitForEndOn(host),
            },
          }),
        },
        actions: {
          storeBatch: ({ context, self }) => storeBatch(host.storage, storedBatchOf(context, self.id)),
          forgetBatch: ({ context, self }) => forgetBatch(host.storage, context.id ?? self.id),
        },
      }),
    },
  })
}

/** What the public API reads of the calls feature: the requests it holds (`sendCalls`' progress, `getCallsStatus`). */
export const publicFace: FeaturePublicFace<{ context: { requests: Record<string, CallsRequest> } }> = {
  calls: {
    request: (snapshot, key) => snapshot.context.requests[key],
    byId: (snapshot, id) => Object.values(snapshot.context.requests).find((r) => r.id === id),
  },
}
