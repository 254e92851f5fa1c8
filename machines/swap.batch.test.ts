import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ProviderRpcError, UserRejectedRequestError } from '../adapters/errors.ts'
import type { TokenBalance } from '../services/schemas.ts'
import { batchMachine, type SendCallsInput } from './batch.ts'
import { swapMachine, swapMessageRefs, type SwapEmitted, type SwapTarget, type SwapToken, type SwapTransaction } from './swap.ts'
import { timing } from './timing.ts'
import { transactionMachine } from './transaction.ts'
import type { TransactionEnd } from './transactionEnd.ts'
import type { SwapReviewDetails } from './swap.tokens.ts'

/*
 * The swap's approval and swap in one batch (EIP-5792): the swap chart on the production batch machine, the wallet's
 * EIP-5792 answers and its transactions given by each test.
 */

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

const user = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const chain = 'eip155:31337'
const target: SwapTarget = { address: user, caipNetworkId: chain, namespace: 'eip155', connectorId: 'dev' }
const DEV: SwapToken = { name: 'Dev Token', symbol: 'DEV', address: `${chain}:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35`, decimals: 18, logoUri: 'data:,d' }
const USDT: SwapToken = { name: 'Dev Tether', symbol: 'dUSDT', address: `${chain}:0xA15BB66138824a1c7167f5E85b957d04Dd34E468`, decimals: 6, logoUri: 'data:,u' }
const balances: TokenBalance[] = [{ name: 'Dev Token', symbol: 'DEV', chainId: chain, address: DEV.address, value: 5, price: 1, quantity: { decimals: '18', numeric: '5' } }]
const approveTx: SwapTransaction = { from: user, to: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35', data: '0x095ea7b3', value: '0' }
const swapTx: SwapTransaction = { from: user, to: '0x1111111111111111111111111111111111111111', data: '0x38ed1739', value: '0', gas: '150000' }
const BATCH = `0x${'d'.repeat(64)}`
const HASH = `0x${'e'.repeat(64)}`
const atomic = (status: string) => ({ '0x7a69': { atomic: { status } } })
const statusOf = (status: number, receipt: '0x1' | '0x0' = '0x1') => ({
  version: '2.0.0',
  id: BATCH,
  chainId: '0x7a69',
  status,
  atomic: true,
  receipts: status === 100 ? [] : [{ transactionHash: HASH, status: receipt }],
})

type Wallet = { capabilities?: () => Promise<unknown>; sendCalls?: (input: SendCallsInput) => Promise<unknown>; status?: () => Promise<unknown> }

function harness(wallet: Wallet) {
  const seen = { batches: [] as SendCallsInput[], sent: [] as SwapTransaction[], statuses: 0 }
  const actor = createActor(
    swapMachine.provide({
      actors: {
        loadSwap: fromPromise(async () => ({ tokens: [DEV, USDT], balances })),
        fetchQuote: fromPromise(async ({ input }) => ({ fromAmount: input.amount, toAmount: (BigInt(input.amount) * 2n).toString() })),
        prepareReview: fromPromise(async (): Promise<SwapReviewDetails> => ({ gasPrice: '1000000000', allowance: '0', gas: '150000' })),
        buildApprove: fromPromise(async () => approveTx),
        buildSwap: fromPromise(async () => swapTx),
        fetchAllowance: fromPromise(async () => ({ allowance: (2n ** 256n - 1n).toString() })),
        transaction: transactionMachine.provide({
          actors: {
            send: fromPromise(async ({ input }) => (seen.sent.push(input.request as SwapTransaction), { hash: HASH })),
            waitForEnd: fromPromise(async (): Promise<TransactionEnd> => ({ status: 'success', hash: HASH })),
          },
        }),
        getCapabilities: fromPromise(() => (wallet.capabilities ?? (async () => atomic('supported')))()),
        batch: batchMachine.provide({
          actors: {
            getCapabilities: fromPromise(() => (wallet.capabilities ?? (async () => atomic('supported')))()),
            sendCalls: fromPromise(({ input }) => (seen.batches.push(input), (wallet.sendCalls ?? (async () => ({ id: BATCH })))(input))),
            getCallsStatus: fromPromise(() => (seen.statuses++, (wallet.status ?? (async () => statusOf(200)))())),
          },
        }),
      },
    }),
    { input: { target } },
  )
  const emitted: SwapEmitted[] = []
  for (const type of ['swap.succeeded', 'swap.cancelled', 'swap.failed', 'swap.unconfirmed'] as const) actor.on(type, (e) => void emitted.push(e))
  actor.start()
  return { actor, seen, emitted }
}

/** 1 DEV → dUSDT with no allowance, reviewed and confirmed (the router takes the entry). */
async function confirmApproveAndSwap(h: ReturnType<typeof harness>) {
  h.actor.send({ type: 'swap.open' })
  await vi.advanceTimersByTimeAsync(0)
  h.actor.send({ type: 'swap.pickToken', side: 'from', address: DEV.address })
  h.actor.send({ type: 'swap.pickToken', side: 'to', address: USDT.address })
  h.actor.send({ type: 'swap.setAmount', amount: '1' })
  await vi.advanceTimersByTimeAsync(timing.swapQuoteDebounce)
  h.actor.send({ type: 'swap.review' })
  await vi.advanceTimersByTimeAsync(0)
  h.actor.send({ type: 'swap.confirm' })
  h.actor.send({ type: 'router.transactionAccepted' })
  await vi.advanceTimersByTimeAsync(0)
}

describe('swap: approve + swap in one batch when the wallet runs calls atomically', () => {
  for (const status of ['supported', 'ready']) {
    test(`behavior: atomic ${status}: one wallet_sendCalls with the approval then the swap, atomicRequired; no transaction of its own; success with the batch's transaction`, async () => {
      const h = harness({ capabilities: async () => atomic(status) })
      await confirmApproveAndSwap(h)
      await vi.advanceTimersByTimeAsync(timing.callsStatusPoll)
      expect(h.seen.batches).toHaveLength(1)
      expect(h.seen.batches[0]!.request).toMatchObject({ chainId: '0x7a69', from: user, atomicRequired: true })
      expect(h.seen.batches[0]!.request.calls).toEqual([
        { to: approveTx.to, data: approveTx.data, value: '0x0' },
        { to: swapTx.to, data: swapTx.data, value: '0x0' },
      ])
      expect(h.seen.sent).toEqual([])
      expect(h.actor.getSnapshot().value).toBe('idle')
      expect(h.emitted).toEqual([expect.objectContaining({ type: 'swap.succeeded', hash: HASH })])
    })
  }

  test('behavior: atomic unsupported, or no capabilities at all (4200): the two prompts, never wallet_sendCalls', async () => {
    for (const capabilities of [async () => atomic('unsupported'), () => Promise.reject(new ProviderRpcError(4200, 'Unsupported method'))]) {
      const h = harness({ capabilities })
      await confirmApproveAndSwap(h)
      expect(h.seen.batches).toEqual([])
      expect(h.seen.sent).toEqual([approveTx, { ...swapTx }])
      expect(h.emitted).toEqual([expect.objectContaining({ type: 'swap.succeeded' })])
    }
  })

  test('behavior: the wallet refuses to run them together at the prompt (5760, nothing sent): the two prompts instead', async () => {
    const h = harness({ sendCalls: () => Promise.reject(new ProviderRpcError(5760, 'Atomicity not supported')) })
    await confirmApproveAndSwap(h)
    expect(h.seen.batches).toHaveLength(1)
    expect(h.seen.sent.map((t) => t.data)).toEqual([approveTx.data, swapTx.data])
    expect(h.emitted).toEqual([expect.objectContaining({ type: 'swap.succeeded' })])
  })

  test('behavior: the visitor declines the one prompt: back to the form with the amount kept, a cancel, nothing sent', async () => {
    const h = harness({ sendCalls: () => Promise.reject(new UserRejectedRequestError()) })
    await confirmApproveAndSwap(h)
    expect(h.actor.getSnapshot().value).toEqual({ form: 'quoted' })
    expect(h.actor.getSnapshot().context.amount).toBe('1')
    expect(h.seen.sent).toEqual([])
    expect(h.emitted).toEqual([{ type: 'swap.cancelled' }])
  })

  test('error: the batch reverts on chain (500): the form says the swap reverted, a failure', async () => {
    const h = harness({ status: async () => statusOf(500, '0x0') })
    await confirmApproveAndSwap(h)
    await vi.advanceTimersByTimeAsync(timing.callsStatusPoll)
    expect(h.actor.getSnapshot().value).toEqual({ form: 'quoted' })
    expect(h.actor.getSnapshot().context.error).toEqual(swapMessageRefs.reverted)
    expect(h.emitted).toEqual([expect.objectContaining({ type: 'swap.failed' })])
  })

  test('behavior: a status that never ends is sent, status unknown (never the form); Check again asks the batch by its id, no prompt, and ends', async () => {
    let status = statusOf(100)
    const h = harness({ status: async () => status })
    await confirmApproveAndSwap(h)
    await vi.advanceTimersByTimeAsync(timing.callsStatusTimeout + timing.callsStatusPoll)
    expect(h.actor.getSnapshot().value).toBe('unconfirmed')
    expect(h.actor.getSnapshot().context.unconfirmed).toEqual({ step: 'batch', batchId: BATCH, hash: BATCH })
    expect(h.emitted).toEqual([expect.objectContaining({ type: 'swap.unconfirmed', hash: BATCH })])
    status = statusOf(200)
    h.actor.send({ type: 'swap.recheck' })
    await vi.advanceTimersByTimeAsync(0)
    expect(h.seen.batches).toHaveLength(1)
    expect(h.actor.getSnapshot().value).toBe('idle')
    expect(h.emitted.at(-1)).toMatchObject({ type: 'swap.succeeded', hash: HASH })
  })

  test('behavior: a garbage status, or one for another batch, ends unknown with the id kept, never a hang', async () => {
    for (const answer of ['garbage', { ...statusOf(200), id: `0x${'f'.repeat(64)}` }]) {
      const h = harness({ status: async () => answer })
      await confirmApproveAndSwap(h)
      await vi.advanceTimersByTimeAsync(0)
      expect(h.actor.getSnapshot().value).toBe('unconfirmed')
      expect(h.actor.getSnapshot().context.unconfirmed).toMatchObject({ step: 'batch', batchId: BATCH })
    }
  })
})
