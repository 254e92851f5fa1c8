import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { ADDRESS, createRootHarness } from '../tests/harness/root.ts'
import type { TokenBalance } from '../services/schemas.ts'
import { swapMachine, swapMessageRefs, type SwapQuoteInput, type SwapReviewDetails, type SwapToken, type SwapTransaction } from './swap.ts'
import { timing } from './timing.ts'
import { transactionMachine } from './transaction.ts'
import type { TransactionEnd } from './transactionEnd.ts'
import { isMessage } from './messages.ts'
import { ForeignError } from '../tests/harness/failures.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())
const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms)

const chain = 'eip155:31337'
const ETH: SwapToken = { name: 'Ether', symbol: 'ETH', address: `${chain}:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE`, decimals: 18, logoUri: 'data:,e' }
const DEV: SwapToken = { name: 'Dev Token', symbol: 'DEV', address: `${chain}:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35`, decimals: 18, logoUri: 'data:,d' }
const balances: TokenBalance[] = [{ name: 'Ether', symbol: 'ETH', chainId: chain, value: 3000, price: 3000, quantity: { decimals: '18', numeric: '1' } }]
const swapTx: SwapTransaction = { from: ADDRESS, to: '0x1111111111111111111111111111111111111111', data: '0x7ff36ab5', value: '500000000000000000' }

/**
 * The swap feature in the real root (router, toast, transaction stack), with the convert API and the wallet played by
 * the test: the pool's price is `rate` (to units per from unit), changed by the test between the review and the confirm.
 */
function swapRoot() {
  const pool = { rate: 2n, end: 'success' as TransactionEnd['status'] }
  const sent: SwapTransaction[] = []
  const logic = swapMachine.provide({
    actors: {
      loadSwap: fromPromise(async () => ({ tokens: [ETH, DEV], balances })),
      fetchQuote: fromPromise(async ({ input }: { input: SwapQuoteInput }) => ({ fromAmount: input.amount, toAmount: (BigInt(input.amount) * pool.rate).toString() })),
      prepareReview: fromPromise(async (): Promise<SwapReviewDetails> => ({ gasPrice: '1000000000', allowance: '0', gas: '150000' })),
      buildApprove: fromPromise(async (): Promise<SwapTransaction> => Promise.reject(new ForeignError('no approval for ETH'))),
      buildSwap: fromPromise(async () => swapTx),
      transaction: transactionMachine.provide({
        actors: {
          send: fromPromise(async ({ input }) => (sent.push(input.request as SwapTransaction), { hash: `0x${'b'.repeat(64)}` })),
          waitForEnd: fromPromise(async ({ input }): Promise<TransactionEnd> => ({ status: pool.end, hash: input.hash })),
        },
      }),
      fetchAllowance: fromPromise(async () => ({ allowance: '0' })),
    },
  })
  const h = createRootHarness({ loaders: { swap: async () => logic } })
  const stack = () => h.actor.getSnapshot().context.router.getSnapshot().context.transactionStack
  const swap = () => h.actor.getSnapshot().context.features.swap!.getSnapshot() as ReturnType<(typeof logic)['getInitialSnapshot']>
  return { h, pool, sent, stack, swap }
}

async function reviewing(r: ReturnType<typeof swapRoot>) {
  const { h } = r
  h.actor.send({ type: 'app.open' })
  h.actor.send({ type: 'app.selectWallet', connectorId: 'dev.wallet' })
  h.connects.at(-1)!.resolve({ accounts: [ADDRESS], chainId: 31337 })
  await tick(timing.viewTransition)
  h.actor.send({ type: 'app.open', view: 'Swap', data: { fromToken: 'ETH', toToken: 'DEV', amount: '0.5' } })
  await tick()
  await tick(timing.swapQuoteDebounce)
  expect(r.swap().matches({ form: 'quoted' })).toBe(true)
  h.actor.send({ type: 'feature.deliver', feature: 'swap', event: { type: 'swap.review' } })
  await tick()
  expect(h.view()).toBe('SwapPreview')
  expect(r.swap().matches({ review: 'ready' })).toBe(true)
}

describe('swap feature in the root: the transaction stack', () => {
  test("behavior: 'price moved' drops the confirm's stack entry; confirming again holds one entry, and success leaves none", async () => {
    const r = swapRoot()
    await reviewing(r)
    const history = r.h.history()
    r.pool.rate = 1n
    r.h.actor.send({ type: 'feature.deliver', feature: 'swap', event: { type: 'swap.confirm' } })
    await tick()
    expect(r.swap().context.error).toEqual(swapMessageRefs.priceMoved)
    expect(r.sent).toEqual([])
    // The review shows again in place: no second SwapPreview, no transaction left open.
    expect(r.h.history()).toEqual(history)
    expect(r.stack()).toEqual([])
    r.h.actor.send({ type: 'feature.deliver', feature: 'swap', event: { type: 'swap.confirm' } })
    expect(r.stack()).toHaveLength(1)
    await tick()
    expect(r.sent).toEqual([swapTx])
    expect(r.h.view()).toBe('Account')
    expect(r.stack()).toEqual([])
  })

  test('behavior: a confirm at the reviewed price holds one stack entry while the wallet is asked', async () => {
    const r = swapRoot()
    await reviewing(r)
    r.h.actor.send({ type: 'feature.deliver', feature: 'swap', event: { type: 'swap.confirm' } })
    expect(r.stack()).toHaveLength(1)
    await tick()
    expect(r.sent).toEqual([swapTx])
    expect(r.h.view()).toBe('Account')
    expect(r.stack()).toEqual([])
  })

  test('behavior: sent, status unknown: the stack entry is done, the loading toast hidden, SwapPreview shows the hash with Account behind it; Back leaves it to Account, the form cleared', async () => {
    const r = swapRoot()
    r.pool.end = 'unknown'
    await reviewing(r)
    r.h.actor.send({ type: 'feature.deliver', feature: 'swap', event: { type: 'swap.confirm' } })
    await tick()
    expect(r.sent).toEqual([swapTx])
    expect(r.swap().value).toBe('unconfirmed')
    expect(r.h.view()).toBe('SwapPreview')
    expect(r.h.history()).toEqual(['Account', 'SwapPreview'])
    expect(r.stack()).toEqual([])
    const toast = r.h.actor.getSnapshot().context.toast.getSnapshot().context
    expect(toast.current && isMessage(toast.current.message, 'swapSubmitted')).toBeFalsy()
    expect(toast.next && isMessage(toast.next.message, 'swapSubmitted')).toBeFalsy()
    // Account's Swap button (or open({ view: 'Swap' })) shows the status again, never a form.
    r.h.actor.send({ type: 'app.open', view: 'Swap' })
    await tick()
    expect(r.h.view()).toBe('SwapPreview')
    expect(r.swap().value).toBe('unconfirmed')
    r.h.actor.send({ type: 'app.back' })
    await tick(timing.viewTransition)
    expect(r.h.view()).toBe('Account')
    expect(r.swap().value).toBe('idle')
    expect(r.swap().context.amount).toBe('')
    expect(r.sent).toEqual([swapTx])
  })
})
