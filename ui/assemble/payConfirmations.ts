import { fromPromise } from 'xstate'
import { receiptTiming } from '../../adapters/receipt.ts'
import type { PayConfirmationsEnd } from '../../machines/pay.ts'
import type { FeatureHost } from './host.ts'

/** What {@link waitForConfirmationsOn}'s actor takes: the transfer `hash` on `caipNetworkId` and the blocks asked. */
export type WaitForConfirmationsParameters = { caipNetworkId: string; hash: string; confirmations: number }

const quantity = (value: unknown): bigint | undefined => (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? BigInt(value) : undefined)

/**
 * One look at the chain: how many blocks hold the transfer now (the one that includes it counts as 1), or `reverted`;
 * 0 when no block holds it (not mined yet, or reorganised away). Reads the network's node (never the wallet): the
 * receipt first, then the head, so a head read before a reorganisation is never set against a receipt read after.
 */
async function lookOnce(host: FeatureHost, { caipNetworkId, hash }: WaitForConfirmationsParameters): Promise<number | 'reverted'> {
  const node = (method: string, params: readonly unknown[]) => host.nodeRequest({ caipNetworkId, method, params })
  const receipt = (await node('eth_getTransactionReceipt', [hash])) as { status?: unknown; blockNumber?: unknown } | null
  const included = quantity(receipt?.blockNumber)
  if (!receipt || included === undefined) return 0
  if (receipt.status === '0x0') return 'reverted'
  const head = quantity(await node('eth_blockNumber', []))
  return head === undefined || head < included ? 0 : Number(head - included + 1n)
}

/**
 * The pay chart's `waitForConfirmations` on `host` (spec §1 Pay "confirmations as configured", "success only after the
 * receipt"): looks at the network's node every {@link receiptTiming.pollInterval} until `confirmations` blocks hold the
 * transfer, on the modal's clock. A failed read says nothing and is looked at again; a transfer no block holds (a
 * reorganisation took it out) counts 0 until it is included again. Resolves `{ status: 'confirmed', count }`, or
 * `{ status: 'reverted' }` when it is included again and failed. Never rejects while it waits: the chart bounds it
 * (`payConfirmationTimeout`); it stops with its actor.
 * @example await waitForConfirmationsOn(host) // actor: input { caipNetworkId: 'eip155:1', hash: '0x…', confirmations: 3 }
 */
export function waitForConfirmationsOn(host: FeatureHost) {
  const clock = host.clock ?? globalThis
  return fromPromise<PayConfirmationsEnd, WaitForConfirmationsParameters>(
    ({ input, signal }) =>
      new Promise<PayConfirmationsEnd>((resolve) => {
        let timer: unknown
        const stop = () => clock.clearTimeout(timer as never)
        signal.addEventListener('abort', stop, { once: true })
        const look = () => {
          lookOnce(host, input)
            .catch(() => 0)
            .then((count) => {
              if (signal.aborted) return
              if (count === 'reverted') return resolve({ status: 'reverted' })
              if (count >= input.confirmations) return resolve({ status: 'confirmed', count })
              timer = clock.setTimeout(look, receiptTiming.pollInterval)
            })
        }
        look()
      }),
  )
}
