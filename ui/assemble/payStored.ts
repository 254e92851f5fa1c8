import * as v from 'valibot'
import { fromPromise } from 'xstate'
import { pendingPaymentKey, resumedPaymentOf, storedPaymentOf, type PayContext, type StoredPayment } from '../../machines/pay.ts'
import type { ModalStorage } from '../../services/storage.ts'
import { defaultPayConfirmations, maxPayConfirmations } from '../../machines/pay.input.ts'

/*
 * The payment under way kept in storage (spec §3 storage; §1 Pay "a reload mid-payment resumes from storage"): written
 * when the exchange's session opens or the wallet's transfer is sent, dropped at its end, read back after a reload.
 */

const hex = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]+$/))
const caip2 = v.pipe(v.string(), v.regex(/^(eip155|solana):[-_a-zA-Z0-9]{1,32}$/))
const integer = v.pipe(v.number(), v.integer())
const assetSchema = v.intersect([
  v.object({ caipNetworkId: caip2, caip19: v.string(), networkName: v.string(), native: v.object({ symbol: v.string(), decimals: integer }) }),
  v.variant('namespace', [v.object({ namespace: v.literal('eip155'), chainId: integer }), v.object({ namespace: v.literal('solana'), chainId: v.string() })]),
  v.variant('kind', [
    v.object({ kind: v.literal('native'), symbol: v.string(), decimals: integer }),
    v.object({ kind: v.literal('erc20'), address: hex }),
    v.object({ kind: v.literal('spl'), address: v.pipe(v.string(), v.nonEmpty()) }),
  ]),
])
const storedPaymentSchema = v.object({
  key: v.pipe(v.string(), v.nonEmpty()),
  request: v.object({
    recipient: v.pipe(v.string(), v.nonEmpty()),
    recipientName: v.optional(v.string()),
    amount: v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/)),
    asset: assetSchema,
    memo: v.optional(v.string()),
    // Kept since the confirmations were asked; a payment kept before that is the default's (the receipt alone).
    confirmations: v.optional(v.pipe(integer, v.minValue(1), v.maxValue(maxPayConfirmations)), defaultPayConfirmations),
  }),
  units: v.pipe(v.string(), v.regex(/^\d+$/)),
  decimals: v.pipe(integer, v.minValue(0), v.maxValue(255)),
  symbol: v.string(),
  iconUrl: v.optional(v.string()),
  wallet: v.optional(v.object({ connectorId: v.string(), address: v.pipe(v.string(), v.nonEmpty()), caipNetworkId: caip2 })),
  exchange: v.optional(
    v.object({
      exchange: v.object({ id: v.string(), name: v.string(), imageUrl: v.optional(v.string()) }),
      sessionId: v.pipe(v.string(), v.nonEmpty()),
      url: v.pipe(v.string(), v.url()),
      deadline: v.number(),
    }),
  ),
  hash: v.optional(v.pipe(v.string(), v.nonEmpty())),
})

/** The payment kept in `storage`, or none; an unreadable record is dropped (the storage reader removes it). */
export function storedPayment(storage: ModalStorage): StoredPayment | undefined {
  return storage.read(pendingPaymentKey, storedPaymentSchema) as StoredPayment | undefined
}

/**
 * The pay chart's storage actions and actor on `storage`: `storePayment` keeps the payment under way, `forgetPayment`
 * drops it, `loadStoredPayment` reads back the one kept under the key asked for (another key, or nothing readable: none)
 * with the exchange's deadline counted from now.
 */
export function storageImplementations(storage: ModalStorage) {
  return {
    actions: {
      storePayment: ({ context }: { context: PayContext }) => {
        const stored = storedPaymentOf(context)
        if (stored) storage.write(pendingPaymentKey, stored)
      },
      forgetPayment: () => storage.remove(pendingPaymentKey),
    },
    actors: {
      loadStoredPayment: fromPromise(async ({ input }: { input: { key: string } }) => {
        const stored = storedPayment(storage)
        return stored?.key === input.key ? resumedPaymentOf(stored, Date.now()) : undefined
      }),
    },
  }
}
