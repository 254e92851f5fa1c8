import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { UserRejectedRequestError } from '../adapters/errors.ts'
import type { TokenBalance } from '../services/schemas.ts'
import {
  minimumReceived,
  needsApproval,
  NoLiquidityError,
  parseSwapAmount,
  slippageBps,
  swapMachine,
  swapMessageRefs,
  SwapNetworkNotSupportedError,
  GasPriceNotSupportedError,
  type SwapEmitted,
  type SwapQuote,
  type SwapQuoteInput,
  type SwapTarget,
  type SwapToken,
  type SwapTransaction,
} from './swap.ts'
import { gasHeadroomPercent, gasLimitWithHeadroom } from './swap.tokens.ts'
import { timing } from './timing.ts'
import { connectSwap } from './swap.connect.ts'
import { transactionMachine } from './transaction.ts'
import type { TransactionEnd } from './transactionEnd.ts'
import { ForeignError } from '../tests/harness/failures.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

const user = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const chain = 'eip155:31337'
const target: SwapTarget = { address: user, caipNetworkId: chain, namespace: 'eip155', connectorId: 'dev' }
const ETH: SwapToken = { name: 'Ether', symbol: 'ETH', address: `${chain}:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE`, decimals: 18, logoUri: 'data:image/svg+xml,e' }
const DEV: SwapToken = { name: 'Dev Token', symbol: 'DEV', address: `${chain}:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35`, decimals: 18, logoUri: 'data:image/svg+xml,d' }
const USDT: SwapToken = { name: 'Dev Tether', symbol: 'dUSDT', address: `${chain}:0xA15BB66138824a1c7167f5E85b957d04Dd34E468`, decimals: 6, logoUri: 'data:image/svg+xml,u' }
const balances: TokenBalance[] = [
  { name: 'Ether', symbol: 'ETH', chainId: chain, value: 3000, price: 3000, quantity: { decimals: '18', numeric: '1' } },
  { name: 'Dev Token', symbol: 'DEV', chainId: chain, address: DEV.address, value: 5, price: 1, quantity: { decimals: '18', numeric: '5' } },
]
const approveTx: SwapTransaction = { from: user, to: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35', data: '0x095ea7b3', value: '0' }
const swapTx: SwapTransaction = { from: user, to: '0x1111111111111111111111111111111111111111', data: '0x38ed1739', value: '0', gas: '150000' }
const hashA = `0x${'a'.repeat(64)}`
const hashS = `0x${'b'.repeat(64)}`

type Impl = {
  loadSwap?: () => Promise<{ tokens: SwapToken[]; balances: TokenBalance[] }>
  fetchQuote?: (input: SwapQuoteInput) => Promise<SwapQuote>
  prepareReview?: () => Promise<{ gasPrice: string; allowance: string; gas?: string }>
  buildApprove?: () => Promise<SwapTransaction>
  buildSwap?: (input: SwapQuoteInput & { slippage: string }) => Promise<SwapTransaction>
  sendTransaction?: (input: { transaction: SwapTransaction }) => Promise<{ hash: string }>
  waitForTransaction?: (input: { hash: string }) => Promise<TransactionEnd>
  fetchAllowance?: () => Promise<{ allowance: string }>
}

function harness(impl: Impl = {}) {
  const calls = { quotes: [] as SwapQuoteInput[], sent: [] as SwapTransaction[], waits: [] as string[], builds: [] as Array<SwapQuoteInput & { slippage: string }> }
  const full: Required<Impl> = {
    loadSwap: async () => ({ tokens: [ETH, DEV, USDT], balances }),
    fetchQuote: async (input) => ({ fromAmount: input.amount, toAmount: (BigInt(input.amount) * 2n).toString(), priceImpact: 0.3 }),
    prepareReview: async () => ({ gasPrice: '1000000000', allowance: '0', gas: '150000' }),
    buildApprove: async () => approveTx,
    buildSwap: async () => swapTx,
    sendTransaction: async ({ transaction }) => ({ hash: transaction === approveTx ? hashA : hashS }),
    waitForTransaction: async ({ hash }) => ({ status: 'success', hash }),
    fetchAllowance: async () => ({ allowance: (2n ** 256n - 1n).toString() }),
    ...impl,
  }
  const actor = createActor(
    swapMachine.provide({
      actors: {
        loadSwap: fromPromise(() => full.loadSwap()),
        fetchQuote: fromPromise(({ input }) => (calls.quotes.push(input), full.fetchQuote(input))),
        prepareReview: fromPromise(() => full.prepareReview()),
        buildApprove: fromPromise(() => full.buildApprove()),
        buildSwap: fromPromise(({ input }) => (calls.builds.push(input), full.buildSwap(input))),
        // The transaction machine (the approval, the swap) with the wallet's and the receipt rule's answers.
        transaction: transactionMachine.provide({
          actors: {
            send: fromPromise(({ input }) => {
              const transaction = input.request as SwapTransaction
              calls.sent.push(transaction)
              return full.sendTransaction({ transaction })
            }),
            waitForEnd: fromPromise(({ input }) => (calls.waits.push(input.hash), full.waitForTransaction(input))),
          },
        }),
        fetchAllowance: fromPromise(() => full.fetchAllowance()),
      },
    }),
    // Spawned with the connected account (the root hands it).
    { input: { target } },
  )
  const emitted: SwapEmitted[] = []
  for (const type of ['swap.reviewing', 'swap.repriced', 'swap.submitted', 'swap.succeeded', 'swap.cancelled', 'swap.failed', 'swap.unconfirmed'] as const) actor.on(type, (e) => void emitted.push(e))
  actor.start()
  return { actor, calls, emitted, value: () => actor.getSnapshot().value, context: () => actor.getSnapshot().context }
}

const settle = () => vi.advanceTimersByTimeAsync(0)

/** Confirm, and the router's answer: the transaction's entry is taken (run on its own, the machine has no router). */
function confirm(actor: { send: (event: { type: 'swap.confirm' } | { type: 'router.transactionAccepted' }) => void }) {
  actor.send({ type: 'swap.confirm' })
  actor.send({ type: 'router.transactionAccepted' })
}

/** Opens, picks DEV as the to token, types `amount`, and waits for the quote. */
async function quoted(h: ReturnType<typeof harness>, amount = '0.5', from?: SwapToken) {
  h.actor.send({ type: 'swap.open' })
  await settle()
  if (from) h.actor.send({ type: 'swap.pickToken', side: 'from', address: from.address })
  h.actor.send({ type: 'swap.pickToken', side: 'to', address: (from === DEV ? USDT : DEV).address })
  h.actor.send({ type: 'swap.setAmount', amount })
  await vi.advanceTimersByTimeAsync(timing.swapQuoteDebounce)
}

describe('swap amounts', () => {
  test('parses with the token decimals, never as a float', () => {
    expect(parseSwapAmount('0.1', DEV)).toEqual({ ok: true, value: 100000000000000000n })
    expect(parseSwapAmount('1.000001', USDT)).toEqual({ ok: true, value: 1000001n })
    expect(parseSwapAmount('1.0000001', USDT)).toEqual({ ok: false, message: swapMessageRefs.tooManyDecimals('dUSDT', 6) })
    expect(parseSwapAmount('abc', DEV)).toEqual({ ok: false, message: swapMessageRefs.invalidAmount })
    expect(parseSwapAmount('-1', DEV)).toEqual({ ok: false, message: swapMessageRefs.notPositive })
    expect(parseSwapAmount('0', DEV)).toEqual({ ok: false, message: swapMessageRefs.notPositive })
  })
  test('slippage in basis points: above 0, at most 50 %, two decimals', () => {
    expect(slippageBps('1')).toBe(100n)
    expect(slippageBps('0.5')).toBe(50n)
    expect(slippageBps('50')).toBe(5000n)
    expect(slippageBps('50.01')).toBeUndefined()
    expect(slippageBps('0')).toBeUndefined()
    expect(slippageBps('0.123')).toBeUndefined()
    expect(slippageBps('x')).toBeUndefined()
  })
  test('minimum received is the quote less the slippage, rounded down', () => {
    expect(minimumReceived('1000', '1')).toBe(990n)
    expect(minimumReceived('999', '1')).toBe(989n)
    expect(minimumReceived(10n ** 18n, '0.5')).toBe(995n * 10n ** 15n)
  })
  test('the gas limit of a built transaction is the estimate plus a quarter, rounded up; none stays none, malformed is passed on', () => {
    // 115,972 is what a Uniswap v2 ETH → DEV swap was estimated at on anvil; mined in the next block it used 115,382 plus
    // the cumulative-price writes, and ran out of gas with no headroom.
    expect(gasLimitWithHeadroom('115972')).toBe('144965')
    expect(gasLimitWithHeadroom('100')).toBe('125')
    expect(gasLimitWithHeadroom('1')).toBe('2')
    expect(gasLimitWithHeadroom('0')).toBe('0')
    expect(gasLimitWithHeadroom(undefined)).toBeUndefined()
    expect(gasLimitWithHeadroom('lots')).toBe('lots')
    expect(gasLimitWithHeadroom('0x5208')).toBe('0x5208')
    expect(BigInt(gasLimitWithHeadroom('21000')!)).toBe((21_000n * (100n + gasHeadroomPercent)) / 100n)
  })
})

describe('swap machine', () => {
  test('another namespace than eip155 is "Network not supported for Swaps" without a request', async () => {
    const load = vi.fn(async () => ({ tokens: [ETH], balances }))
    const h = harness({ loadSwap: load })
    h.actor.send({ type: 'root.account', change: 'switched', account: { ...target, namespace: 'solana', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', supported: true, testnet: false }, holder: undefined })
    h.actor.send({ type: 'swap.open' })
    await settle()
    expect(h.value()).toBe('unsupported')
    expect(h.context().error).toEqual(swapMessageRefs.networkNotSupported)
    expect(load).not.toHaveBeenCalled()
  })

  test('the API refusing the network (or listing no tokens) is unsupported too; another failure can be retried', async () => {
    const h1 = harness({ loadSwap: async () => Promise.reject(new SwapNetworkNotSupportedError()) })
    h1.actor.send({ type: 'swap.open' })
    await settle()
    expect(h1.value()).toBe('unsupported')
    const h2 = harness({ loadSwap: async () => ({ tokens: [], balances }) })
    h2.actor.send({ type: 'swap.open' })
    await settle()
    expect(h2.value()).toBe('unsupported')
    let fail = true
    const h3 = harness({ loadSwap: async () => (fail ? Promise.reject(new ForeignError('down')) : { tokens: [ETH, DEV], balances }) })
    h3.actor.send({ type: 'swap.open' })
    await settle()
    expect(h3.value()).toBe('loadFailed')
    expect(h3.context().error).toEqual(swapMessageRefs.loadFailed)
    fail = false
    h3.actor.send({ type: 'swap.retry' })
    await settle()
    expect(h3.value()).toEqual({ form: 'editing' })
    expect(h3.context().fromToken).toBe(ETH.address)
  })

  test('the quote is asked 500 ms after the last keystroke, with the amount in the smallest unit', async () => {
    const h = harness()
    h.actor.send({ type: 'swap.open' })
    await settle()
    h.actor.send({ type: 'swap.pickToken', side: 'to', address: DEV.address })
    h.actor.send({ type: 'swap.setAmount', amount: '0.' })
    await vi.advanceTimersByTimeAsync(300)
    h.actor.send({ type: 'swap.setAmount', amount: '0.25' })
    await vi.advanceTimersByTimeAsync(499)
    expect(h.calls.quotes).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(h.calls.quotes).toEqual([{ caipNetworkId: chain, userAddress: user, from: ETH.address, to: DEV.address, amount: '250000000000000000' }])
    expect(h.value()).toEqual({ form: 'quoted' })
    expect(h.context().quote?.toAmount).toBe('500000000000000000')
  })

  test('a shown quote is read again every refresh period', async () => {
    const h = harness()
    await quoted(h)
    expect(h.calls.quotes).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(timing.swapQuoteRefresh)
    expect(h.calls.quotes).toHaveLength(2)
  })

  test('bad amounts and the same token twice say why and ask nothing', async () => {
    const h = harness()
    h.actor.send({ type: 'swap.open' })
    await settle()
    h.actor.send({ type: 'swap.pickToken', side: 'to', address: USDT.address })
    h.actor.send({ type: 'swap.pickToken', side: 'from', address: USDT.address })
    // Picking the other side's token swaps the two.
    expect(h.context()).toMatchObject({ fromToken: USDT.address, toToken: ETH.address })
    h.actor.send({ type: 'swap.setAmount', amount: '1.0000001' })
    expect(h.context().error).toEqual(swapMessageRefs.tooManyDecimals('dUSDT', 6))
    await vi.advanceTimersByTimeAsync(timing.swapQuoteDebounce * 2)
    expect(h.calls.quotes).toHaveLength(0)
  })

  test('flip exchanges the tokens and quotes again', async () => {
    const h = harness()
    await quoted(h)
    h.actor.send({ type: 'swap.flip' })
    expect(h.context()).toMatchObject({ fromToken: DEV.address, toToken: ETH.address, quote: undefined })
    await vi.advanceTimersByTimeAsync(timing.swapQuoteDebounce)
    expect(h.calls.quotes.at(-1)).toMatchObject({ from: DEV.address, to: ETH.address })
  })

  test('no liquidity: an error from the API or a quote that buys nothing', async () => {
    const h = harness({ fetchQuote: async () => Promise.reject(new NoLiquidityError()) })
    await quoted(h)
    expect(h.value()).toEqual({ form: 'noLiquidity' })
    expect(h.context().error).toEqual(swapMessageRefs.noLiquidity)
    const h2 = harness({ fetchQuote: async (i) => ({ fromAmount: i.amount, toAmount: '0' }) })
    await quoted(h2)
    expect(h2.value()).toEqual({ form: 'noLiquidity' })
  })

  test('a failed quote can be retried', async () => {
    let fail = true
    const h = harness({ fetchQuote: async (i) => (fail ? Promise.reject(new ForeignError('503')) : { fromAmount: i.amount, toAmount: '7' }) })
    await quoted(h)
    expect(h.value()).toEqual({ form: 'quoteFailed' })
    expect(h.context().error).toEqual(swapMessageRefs.quoteFailed)
    fail = false
    h.actor.send({ type: 'swap.retry' })
    await settle()
    expect(h.value()).toEqual({ form: 'quoted' })
    expect(h.context().error).toBeUndefined()
  })

  test('more than the balance is refused before the review', async () => {
    const h = harness()
    await quoted(h, '2')
    h.actor.send({ type: 'swap.review' })
    expect(h.value()).toEqual({ form: 'quoted' })
    expect(h.context().error).toEqual(swapMessageRefs.insufficient('ETH'))
    expect(h.emitted).toEqual([])
  })

  test('ETH → DEV: one prompt, the built swap carries the slippage, success resets and emits', async () => {
    const h = harness()
    await quoted(h)
    h.actor.send({ type: 'swap.review' })
    await settle()
    expect(h.value()).toEqual({ review: 'ready' })
    expect(h.context().reviewedMinimum).toBe(minimumReceived('1000000000000000000', '1').toString())
    h.actor.send({ type: 'swap.setSlippage', slippage: '2' })
    confirm(h.actor)
    await settle()
    expect(h.calls.sent).toEqual([swapTx])
    expect(h.calls.builds[0]).toMatchObject({ slippage: '2', amount: '500000000000000000' })
    expect(h.value()).toBe('idle')
    expect(h.emitted.map((e) => e.type)).toEqual(['swap.reviewing', 'swap.submitted', 'swap.succeeded'])
    expect(h.emitted.at(-1)).toMatchObject({ hash: hashS, fromToken: ETH.address, toToken: DEV.address })
    expect(h.context()).toMatchObject({ amount: '', fromToken: undefined, slippage: '1' })
  })

  test('DEV → dUSDT with a short allowance: approval, allowance read back, then the swap (two prompts)', async () => {
    const allowance = vi.fn(async () => ({ allowance: (10n ** 30n).toString() }))
    const h = harness({ fetchAllowance: allowance })
    await quoted(h, '1', DEV)
    h.actor.send({ type: 'swap.review' })
    await settle()
    confirm(h.actor)
    await settle()
    expect(h.calls.sent).toEqual([approveTx, swapTx])
    expect(allowance).toHaveBeenCalledTimes(1)
    expect(h.value()).toBe('idle')
  })

  test('WETH → ETH, an unwrap the WETH contract settles itself (withdraw): one prompt, no approval, whatever the allowance', async () => {
    const WETH: SwapToken = { name: 'Wrapped Ether', symbol: 'WETH', address: `${chain}:0x4200000000000000000000000000000000000006`, decimals: 18, logoUri: 'data:,w' }
    const withdrawTx: SwapTransaction = { from: user, to: '0x4200000000000000000000000000000000000006', data: '0x2e1a7d4d', value: '0' }
    const h = harness({
      loadSwap: async () => ({
        tokens: [ETH, WETH, DEV],
        balances: [...balances, { name: 'Wrapped Ether', symbol: 'WETH', chainId: chain, address: WETH.address, value: 3000, price: 3000, quantity: { decimals: '18', numeric: '1' } }],
      }),
      prepareReview: async () => ({ gasPrice: '1000000000', allowance: '0', gas: '40000', tokenSettles: true }),
      buildSwap: async () => withdrawTx,
    })
    h.actor.send({ type: 'swap.open', request: { fromToken: 'WETH', toToken: 'ETH', amount: '0.5' } })
    await settle()
    await vi.advanceTimersByTimeAsync(timing.swapQuoteDebounce)
    h.actor.send({ type: 'swap.review' })
    await settle()
    expect(connectSwap(h.actor.getSnapshot()).needsApproval).toBe(false)
    confirm(h.actor)
    await settle()
    expect(h.calls.sent).toEqual([withdrawTx])
    expect(h.value()).toBe('idle')
    // The same zero allowance for a swap through the router asks for the approval first.
    expect(needsApproval({ fromToken: WETH.address, details: { gasPrice: '1', allowance: '0' } }, 1n)).toBe(true)
    expect(needsApproval({ fromToken: WETH.address, details: { gasPrice: '1', allowance: '0', tokenSettles: true } }, 1n)).toBe(false)
    expect(needsApproval({ fromToken: ETH.address, details: { gasPrice: '1', allowance: '0' } }, 1n)).toBe(false)
    expect(needsApproval({ fromToken: DEV.address, details: { gasPrice: '1', allowance: '5' } }, 5n)).toBe(false)
  })

  test('an allowance read back short stops before the swap', async () => {
    const h = harness({ fetchAllowance: async () => ({ allowance: '1' }) })
    await quoted(h, '1', DEV)
    h.actor.send({ type: 'swap.review' })
    await settle()
    confirm(h.actor)
    await settle()
    expect(h.calls.sent).toEqual([approveTx])
    expect(h.value()).toEqual({ form: 'quoted' })
    expect(h.context().error).toEqual(swapMessageRefs.allowanceShort)
    expect(h.emitted.at(-1)?.type).toBe('swap.failed')
  })

  test('rejecting the approval, or the swap after it, returns to the form with everything kept', async () => {
    for (const rejectAt of [approveTx, swapTx]) {
      const h = harness({ sendTransaction: async ({ transaction }) => (transaction === rejectAt ? Promise.reject(new UserRejectedRequestError()) : { hash: hashA }) })
      await quoted(h, '1', DEV)
      h.actor.send({ type: 'swap.review' })
      await settle()
      h.actor.send({ type: 'swap.setSlippage', slippage: '3' })
      confirm(h.actor)
      await settle()
      expect(h.value()).toEqual({ form: 'quoted' })
      expect(h.context()).toMatchObject({ fromToken: DEV.address, toToken: USDT.address, amount: '1', slippage: '3', error: undefined })
      expect(h.emitted.at(-1)).toEqual({ type: 'swap.cancelled' })
      expect(h.calls.sent.at(-1)).toBe(rejectAt)
    }
  })

  test('a quote gone below the reviewed minimum before the prompt returns to the review, the wallet not asked', async () => {
    let out = 1000n
    const h = harness({ prepareReview: async () => ({ gasPrice: '1', allowance: '0' }), fetchQuote: async (i) => ({ fromAmount: i.amount, toAmount: out.toString() }) })
    await quoted(h)
    h.actor.send({ type: 'swap.review' })
    await settle()
    out = 900n
    confirm(h.actor)
    await settle()
    expect(h.calls.sent).toEqual([])
    expect(h.value()).toEqual({ review: 'ready' })
    expect(h.context().error).toEqual(swapMessageRefs.priceMoved)
    expect(h.context().reviewedMinimum).toBe('891')
    expect(h.emitted.map((e) => e.type)).toEqual(['swap.reviewing', 'swap.repriced'])
    // Confirmed again at the new price: the swap goes.
    confirm(h.actor)
    await settle()
    expect(h.calls.sent).toEqual([swapTx])
  })

  test('a reverted swap or a wallet failure is a failure, back to the form', async () => {
    const h = harness({ waitForTransaction: async ({ hash }) => ({ status: 'reverted', hash }) })
    await quoted(h)
    h.actor.send({ type: 'swap.review' })
    await settle()
    confirm(h.actor)
    await settle()
    expect(h.value()).toEqual({ form: 'quoted' })
    expect(h.context().error).toEqual(swapMessageRefs.reverted)
    expect(h.emitted.at(-1)).toMatchObject({ type: 'swap.failed', error: { name: 'TransactionRevertedError' } })
  })

  test('sent, status unknown: the swap never returns to the form; Check again follows it to its end', async () => {
    let end: TransactionEnd['status'] = 'unknown'
    const h = harness({ prepareReview: async () => ({ gasPrice: '1', allowance: (2n ** 256n - 1n).toString(), gas: '150000' }), waitForTransaction: async ({ hash }) => ({ status: end, hash }) })
    await quoted(h)
    h.actor.send({ type: 'swap.review' })
    await settle()
    confirm(h.actor)
    await settle()
    expect(h.value()).toBe('unconfirmed')
    expect(h.emitted.at(-1)).toEqual({ type: 'swap.unconfirmed', hash: hashS, caipNetworkId: chain })
    expect(connectSwap(h.actor.getSnapshot())).toMatchObject({ phase: 'unconfirmed', unconfirmedHash: hashS, loading: false })
    // The form's gestures are not heard: no second swap from here.
    confirm(h.actor)
    h.actor.send({ type: 'swap.review' })
    await settle()
    expect(h.calls.sent).toEqual([swapTx])
    // Check again: still unknown, then mined.
    h.actor.send({ type: 'swap.recheck' })
    await settle()
    expect(h.value()).toBe('unconfirmed')
    end = 'success'
    h.actor.send({ type: 'swap.recheck' })
    await settle()
    expect(h.calls.waits).toEqual([hashS, hashS, hashS])
    expect(h.calls.sent).toEqual([swapTx])
    expect(h.value()).toBe('idle')
    expect(h.emitted.at(-1)).toMatchObject({ type: 'swap.succeeded', hash: hashS })
  })

  test("an approval whose end is unknown: its hash; Check again, confirmed, goes on to the swap's prompt", async () => {
    let end: TransactionEnd['status'] = 'unknown'
    const h = harness({ waitForTransaction: async ({ hash }) => ({ status: hash === hashA ? end : 'success', hash }) })
    await quoted(h, '1', DEV)
    h.actor.send({ type: 'swap.review' })
    await settle()
    confirm(h.actor)
    await settle()
    expect(h.value()).toBe('unconfirmed')
    expect(h.emitted.at(-1)).toEqual({ type: 'swap.unconfirmed', hash: hashA, caipNetworkId: chain })
    expect(h.calls.sent).toEqual([approveTx])
    end = 'success'
    h.actor.send({ type: 'swap.recheck' })
    await settle()
    expect(h.calls.sent).toEqual([approveTx, swapTx])
    expect(h.emitted.at(-1)).toMatchObject({ type: 'swap.succeeded', hash: hashS })
  })

  test('sent, status unknown, then Back to Account: the form is cleared', async () => {
    const h = harness({ waitForTransaction: async ({ hash }) => ({ status: 'unknown', hash }) })
    await quoted(h)
    h.actor.send({ type: 'swap.review' })
    await settle()
    confirm(h.actor)
    await settle()
    h.actor.send({ type: 'swap.dismiss' })
    expect(h.value()).toBe('idle')
    expect(h.context()).toMatchObject({ amount: '', quote: undefined, unconfirmed: undefined })
  })

  test('a recheck that finds the swap reverted is a failure, back to the form', async () => {
    let end: TransactionEnd['status'] = 'unknown'
    const h = harness({ prepareReview: async () => ({ gasPrice: '1', allowance: (2n ** 256n - 1n).toString() }), waitForTransaction: async ({ hash }) => ({ status: end, hash }) })
    await quoted(h)
    h.actor.send({ type: 'swap.review' })
    await settle()
    confirm(h.actor)
    await settle()
    end = 'reverted'
    h.actor.send({ type: 'swap.recheck' })
    await settle()
    expect(h.value()).toEqual({ form: 'quoted' })
    expect(h.context().error).toEqual(swapMessageRefs.reverted)
  })

  test('bad input: a malformed hash from the wallet fails the swap, no receipt wait', async () => {
    const h = harness({ prepareReview: async () => ({ gasPrice: '1', allowance: (2n ** 256n - 1n).toString() }), sendTransaction: async () => ({ hash: '0xnope' }) })
    await quoted(h)
    h.actor.send({ type: 'swap.review' })
    await settle()
    confirm(h.actor)
    await settle()
    expect(h.value()).toEqual({ form: 'quoted' })
    expect(h.calls.waits).toEqual([])
    expect(h.emitted.at(-1)).toMatchObject({ type: 'swap.failed', error: { name: 'InvalidTransactionHashError' } })
  })

  test('the gas price refused for the network says so word for word (by key)', async () => {
    const h = harness({ prepareReview: async () => Promise.reject(new GasPriceNotSupportedError()) })
    await quoted(h)
    h.actor.send({ type: 'swap.review' })
    await settle()
    expect(h.value()).toEqual({ review: 'prepareFailed' })
    expect(h.context().error).toEqual(swapMessageRefs.gasPriceNotSupported)
  })

  test('an invalid slippage is refused at confirm', async () => {
    const h = harness()
    await quoted(h)
    h.actor.send({ type: 'swap.review' })
    await settle()
    h.actor.send({ type: 'swap.setSlippage', slippage: '80' })
    expect(h.context().error).toEqual(swapMessageRefs.invalidSlippage)
    confirm(h.actor)
    await settle()
    expect(h.value()).toEqual({ review: 'ready' })
    expect(h.calls.sent).toEqual([])
  })

  test('open with arguments selects the tokens by symbol or address and quotes the amount', async () => {
    const h = harness()
    h.actor.send({ type: 'swap.open', request: { fromToken: 'dev', toToken: USDT.address.split(':')[2]!, amount: '1.5' } })
    await settle()
    expect(h.context()).toMatchObject({ fromToken: DEV.address, toToken: USDT.address, amount: '1.5' })
    await vi.advanceTimersByTimeAsync(timing.swapQuoteDebounce)
    expect(h.calls.quotes[0]).toMatchObject({ amount: '1500000000000000000' })
  })

  test('open with a token the chain does not swap names it', async () => {
    const h = harness()
    h.actor.send({ type: 'swap.open', request: { fromToken: 'ETH', toToken: 'PEPE', amount: '1' } })
    await settle()
    expect(h.value()).toEqual({ form: 'editing' })
    expect(h.context().error).toEqual(swapMessageRefs.unknownToken('PEPE'))
  })

  test('another account or chain resets the form', async () => {
    const h = harness()
    await quoted(h)
    h.actor.send({ type: 'root.account', change: 'changed', account: { ...target, caipNetworkId: 'eip155:31338', supported: true, testnet: true }, holder: undefined })
    expect(h.value()).toBe('idle')
    expect(h.context()).toMatchObject({ amount: '', tokens: [], quote: undefined })
  })
})
