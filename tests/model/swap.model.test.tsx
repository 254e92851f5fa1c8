import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { UserRejectedRequestError } from '../../adapters/errors.ts'
import { GasPriceNotSupportedError, NoLiquidityError, swapMachine, SwapNetworkNotSupportedError, type SwapContext, type SwapTarget, type SwapToken, type SwapTransaction } from '../../machines/swap.ts'
import { timing } from '../../machines/timing.ts'
import { transactionMachine } from '../../machines/transaction.ts'
import type { BatchOutcome } from '../../machines/batch.ts'
import type { TokenBalance } from '../../services/schemas.ts'
import { buildModelPaths, coverageReport, delayedEvents, formatCoverage, stateKey, type ModelPath } from './coverage.ts'
import { ForeignError } from '../harness/failures.ts'

/**
 * Model-based test of the swap machine (spec §2 "Swap takes swap arguments", §7 convert): every path of the chart walked on the machine with its actors
 * held by the walk. Gestures: the visitor opens Swap (plainly, with arguments, with the same token twice or an
 * unknown one), picks tokens, types amounts (valid, malformed, over the balance), flips, takes Max, reviews, edits
 * the slippage (valid or not), confirms (the router takes or refuses its entry), goes back, retries; the account moves to another chain or disconnects. The
 * convert API and the wallet answer each held call (tokens or none, 'Network not supported for Swaps', a quote, no
 * liquidity, a failure; the approval and the swap approved, rejected, failed; receipts mined or reverted; the
 * allowance read back enough or short; an end not known, then Check again); the approval and the swap each run the
 * production transaction machine, its wallet prompt and receipt wait held like the other calls. The manual clock
 * fires the debounce and the quote refresh. After each
 * step the machine is where the model says, and the quote asked carries the typed amount in the smallest unit.
 */
type E = { type: string; [k: string]: unknown }
const chain = 'eip155:31337'
const user = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const eip155: SwapTarget = { address: user, caipNetworkId: chain, namespace: 'eip155', connectorId: 'dev' }
const solana: SwapTarget = { address: 'So1anaAddress1111111111111111111111111111111', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', namespace: 'solana', connectorId: 'phantom' }
/** The root's account moment: the wallet's account or chain is now `account` (none: disconnected); `holder` holds the screen. */
const accountMoment = (change: 'connected' | 'changed' | 'disconnected', account: SwapTarget | undefined, holder?: 'swap'): E => ({
  type: 'root.account',
  change,
  account: account && { ...account, supported: true, testnet: true },
  holder,
})
const ETH: SwapToken = { name: 'Ether', symbol: 'ETH', address: `${chain}:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE`, decimals: 18, logoUri: 'data:,e' }
const DEV: SwapToken = { name: 'Dev Token', symbol: 'DEV', address: `${chain}:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35`, decimals: 18, logoUri: 'data:,d' }
const USDT: SwapToken = { name: 'Dev Tether', symbol: 'dUSDT', address: `${chain}:0xA15BB66138824a1c7167f5E85b957d04Dd34E468`, decimals: 6, logoUri: 'data:,u' }
const balances: TokenBalance[] = [
  { name: 'Ether', symbol: 'ETH', chainId: chain, value: 3000, price: 3000, quantity: { decimals: '18', numeric: '1' } },
  { name: 'Dev Token', symbol: 'DEV', chainId: chain, address: DEV.address, value: 5, price: 1, quantity: { decimals: '18', numeric: '5' } },
]
const tx = (data: string): SwapTransaction => ({ from: user, to: '0x1111111111111111111111111111111111111111', data, value: '0' })
const HASH = `0x${'c'.repeat(64)}`
/** The wallet returned the hash (the transaction machine tells its parent). */
const submitted: E = { type: 'transaction.submitted', hash: HASH }
const failed = { status: 'failed', error: { name: 'JsonRpcError', message: 'Internal error', code: -32603 } }
const reverted = { name: 'TransactionRevertedError', message: 'Transaction reverted' }

const done = (id: string, output: unknown, tag?: string): E => ({ type: `xstate.done.actor.${id}`, output, ...(tag ? { tag } : {}) })
const BATCH = `0x${'b'.repeat(64)}`
/** The batch machine's outcome (machines/batch.ts): an atomic batch's one transaction, or its end not known. */
const batchDone = (id: string, status: BatchOutcome['status']): E =>
  done(
    id,
    {
      status,
      via: 'wallet',
      id: BATCH,
      hashes: status === 'confirmed' ? [HASH] : [],
      landed: status === 'confirmed' ? [0, 1] : [],
      ...(status === 'unknown' ? { report: { status: 100, statusClass: 'pending', receipts: [{ transactionHash: HASH, status: 'success' }] } } : {}),
      ...(status === 'confirmed' || status === 'rejected' ? {} : { error: { name: 'CallsStatusError', message: `The wallet reported ${status}` } }),
    } satisfies BatchOutcome,
    status,
  )
const error = (id: string, e: Error): E => ({ type: `xstate.error.actor.${id}`, error: e })
const ctx = (s: any) => s.context as SwapContext
const sym = (address: string | undefined) => [ETH, DEV, USDT].find((t) => t.address === address)?.symbol

/** A quote of twice the amount (enough for any reviewed minimum), or a lower one (the pool moved). */
const quoteFor = (s: any, lower = false) => {
  const token = [ETH, DEV, USDT].find((t) => t.address === ctx(s).fromToken)
  const amount = token && /^\d+(\.\d+)?$/.test(ctx(s).amount) ? BigInt(Math.round(Number(ctx(s).amount) * 1000)) * 10n ** BigInt(token.decimals - 3) : 1n
  return { fromAmount: amount.toString(), toAmount: (lower ? amount : amount * 2n).toString() }
}

const events = (s: any): E[] => {
  const c = ctx(s)
  const list: E[] = []
  if (!c.target) return [accountMoment('connected', eip155), accountMoment('connected', solana)]
  if (s.matches('idle')) {
    list.push({ type: 'swap.open' })
    if (c.target.namespace === 'eip155') {
      // Account's Swap (it opens the form: `swap.start` raises `swap.open`); the page's `open({ view: 'Swap', data })`.
      list.push({ type: 'swap.start' }, { type: 'root.open', view: 'Swap', data: { fromToken: 'DEV', toToken: 'dUSDT', amount: '1' } })
      list.push({ type: 'swap.open', request: { fromToken: 'DEV', toToken: 'dUSDT', amount: '1' } })
      list.push({ type: 'swap.open', request: { fromToken: 'DEV', toToken: 'DEV', amount: '1' } })
      list.push({ type: 'swap.open', request: { fromToken: 'ETH', toToken: 'PEPE', amount: '1' } })
    }
  }
  if (s.matches('unsupported')) list.push({ type: 'swap.open' })
  if (s.matches('loading')) {
    list.push(done('loadSwap', { tokens: [ETH, DEV, USDT], balances }))
    list.push(done('loadSwap', { tokens: [], balances }, 'none'))
    list.push(error('loadSwap', new SwapNetworkNotSupportedError()), error('loadSwap', new ForeignError('Failed to fetch')))
  }
  if (s.matches('loadFailed')) list.push({ type: 'swap.retry' })
  if (s.matches('form')) {
    if (s.matches({ form: 'editing' })) {
      if (!c.toToken) list.push({ type: 'swap.chooseToken', side: 'to' }, { type: 'swap.pickToken', side: 'to', address: DEV.address })
      else if (c.fromToken === ETH.address && c.amount === '') list.push({ type: 'swap.pickToken', side: 'from', address: DEV.address })
      if (c.amount === '') for (const amount of ['0.5', 'abc']) list.push({ type: 'swap.setAmount', amount })
      if (c.amount === 'abc') list.push({ type: 'swap.setAmount', amount: '' })
      if (c.error?.key === 'unknownToken' || c.error?.key === 'sameToken') list.push({ type: 'swap.pickToken', side: 'to', address: USDT.address })
      list.push({ type: 'swap.open' })
    }
    if (s.matches({ form: 'quoted' })) {
      if (c.amount === '0.5') list.push({ type: 'swap.setAmount', amount: '5' })
      if (c.amount === '5' && c.fromToken === ETH.address) list.push({ type: 'swap.setMax' })
      list.push({ type: 'swap.review' })
      if (c.fromToken === ETH.address) list.push({ type: 'swap.flip' })
      // Another chain in the wallet (on the swap views, or elsewhere), or a disconnect.
      const other = { ...eip155, caipNetworkId: 'eip155:31338' }
      if (c.fromToken === ETH.address) list.push(accountMoment('changed', other, 'swap'), accountMoment('changed', other), accountMoment('disconnected', undefined))
    }
    if (s.matches({ form: 'quoting' })) {
      list.push(done('fetchQuote', quoteFor(s)), done('fetchQuote', { fromAmount: '1', toAmount: '0' }, 'nothing'))
      list.push(error('fetchQuote', new NoLiquidityError()), error('fetchQuote', new ForeignError('503')), error('fetchQuote', new SwapNetworkNotSupportedError()))
    }
    if (s.matches({ form: 'quoteFailed' })) list.push({ type: 'swap.retry' })
  }
  if (s.matches('review')) {
    list.push({ type: 'swap.edit' }, { type: 'root.back', view: 'SwapPreview' })
    if (s.matches({ review: 'preparing' })) {
      list.push(done('prepareReview', { gasPrice: '1000000000', allowance: '0', gas: '150000' }))
      // An unwrap the token settles itself (WETH withdraw): no approval whatever the allowance.
      if (c.fromToken === DEV.address) list.push(done('prepareReview', { gasPrice: '1000000000', allowance: '0', gas: '40000', tokenSettles: true }, 'settles'))
      list.push(error('prepareReview', new GasPriceNotSupportedError()), error('prepareReview', new ForeignError('503')))
    }
    if (s.matches({ review: 'prepareFailed' })) list.push({ type: 'swap.retry' })
    if (s.matches({ review: 'ready' })) {
      if (c.slippage === '1') list.push({ type: 'swap.setSlippage', slippage: '80' }, { type: 'swap.setSlippage', slippage: '2' })
      if (c.slippage === '80') list.push({ type: 'swap.setSlippage', slippage: '1' })
      list.push({ type: 'swap.confirm' })
    }
    // The router takes the swap's entry, or refuses it (the stack is full, spec §9).
    if (s.matches({ review: 'reserving' })) list.push({ type: 'router.transactionAccepted' }, { type: 'router.transactionRefused' })
    if (s.matches({ review: 'refreshing' })) list.push(done('fetchQuote', quoteFor(s)), error('fetchQuote', new ForeignError('503')))
  }
  // The wallet's capabilities: atomic on this chain (one batch, one prompt), not (two prompts), or no answer.
  if (s.matches({ batching: 'checking' })) {
    list.push(done('getCapabilities', { '0x7a69': { atomic: { status: 'supported' } } }), done('getCapabilities', { '0x7a69': { atomic: { status: 'ready' } } }, 'ready'))
    list.push(done('getCapabilities', { '0x7a69': { atomic: { status: 'unsupported' } } }, 'unsupported'), error('getCapabilities', Object.assign(new ForeignError('Method not found'), { code: 4200 })))
  }
  if (s.matches({ batching: 'building' })) list.push(done('buildApprove', tx('0x095ea7b3')), error('buildApprove', new ForeignError('400')))
  // The approval and the swap as one batch (the batch machine's outcome, held): accepted, then each end.
  if (s.matches({ swapping: { batch: 'prompting' } })) {
    list.push({ type: 'batch.accepted', key: 'swapBatch', id: BATCH }, batchDone('swapBatch', 'rejected'), batchDone('swapBatch', 'atomicUnsupported'))
  }
  if (s.matches({ swapping: { batch: 'confirming' } })) for (const end of ['confirmed', 'reverted', 'partial', 'failed', 'unknown'] as const) list.push(batchDone('swapBatch', end))
  if (s.matches('recheckingBatch')) for (const end of ['confirmed', 'reverted', 'unknown'] as const) list.push(batchDone('recheckBatch', end))
  if (s.matches({ approving: 'building' })) list.push(done('buildApprove', tx('0x095ea7b3')), error('buildApprove', new ForeignError('400')))
  // One run of the transaction machine (the approval): the wallet answers its prompt, then the receipt rule its end.
  if (s.matches({ approving: { transacting: 'prompting' } })) list.push(submitted, done('approve', { status: 'rejected' }, 'rejected'), done('approve', failed, 'failed'))
  if (s.matches({ approving: { transacting: 'confirming' } })) {
    list.push(done('approve', { status: 'confirmed', hash: HASH }), done('approve', { status: 'reverted', hash: HASH, error: reverted }, 'reverted'), done('approve', { status: 'unknown', hash: HASH }, 'unknown'))
  }
  if (s.matches({ approving: 'readingAllowance' })) {
    list.push(done('fetchAllowance', { allowance: (10n ** 30n).toString() }), done('fetchAllowance', { allowance: '1' }, 'short'), error('fetchAllowance', new ForeignError('503')))
  }
  if (s.matches({ swapping: 'requoting' })) {
    list.push(done('fetchQuote', quoteFor(s)), done('fetchQuote', quoteFor(s, true), 'lower'))
    list.push(error('fetchQuote', new NoLiquidityError()), error('fetchQuote', new ForeignError('503')))
  }
  if (s.matches({ swapping: 'building' })) list.push(done('buildSwap', tx('0x38ed1739')), error('buildSwap', new ForeignError('400')))
  // The second run (the swap).
  if (s.matches({ swapping: { transacting: 'prompting' } })) list.push(submitted, done('swap', { status: 'rejected' }, 'rejected'), done('swap', failed, 'failed'))
  if (s.matches({ swapping: { transacting: 'confirming' } })) {
    list.push(done('swap', { status: 'confirmed', hash: HASH }), done('swap', { status: 'reverted', hash: HASH, error: reverted }, 'reverted'), done('swap', { status: 'unknown', hash: HASH }, 'unknown'))
  }
  // Sent, status unknown: Check again (the same machine, by the hash: it ends confirmed, reverted or unknown again) or leave.
  // Account's Swap, or the page's open({ view: 'Swap' }), shows the pending preview again; Back on it leaves it.
  if (s.matches('unconfirmed')) list.push({ type: 'swap.recheck' }, { type: 'swap.dismiss' }, { type: 'root.back', view: 'SwapPreview' }, { type: 'swap.start' }, { type: 'root.open', view: 'Swap' })
  if (s.matches('rechecking')) {
    list.push(done('recheck', { status: 'confirmed', hash: HASH }), done('recheck', { status: 'reverted', hash: HASH, error: reverted }, 'reverted'), done('recheck', { status: 'unknown', hash: HASH }, 'unknown'))
  }
  return [...list, ...delayedEvents(s)]
}

const serialize = (s: any) =>
  JSON.stringify({
    v: s.value,
    t: ctx(s).target?.caipNetworkId,
    f: sym(ctx(s).fromToken),
    to: sym(ctx(s).toToken),
    a: ctx(s).amount,
    sl: ctx(s).slippage,
    e: ctx(s).error?.key,
    q: ctx(s).quote?.toAmount,
    m: ctx(s).reviewedMinimum,
    n: ctx(s).tokens.length,
    r: ctx(s).request,
    al: ctx(s).details?.allowance,
    ts: ctx(s).details?.tokenSettles,
    u: ctx(s).unconfirmed?.step,
    ap: ctx(s).approval !== undefined,
  })

const run = buildModelPaths(swapMachine, { events, serialize })

test('coverage: every state and every transition of the swap chart', () => {
  const report = coverageReport(swapMachine, [run])
  console.log(formatCoverage('swap', report))
  expect(report.states.missing).toEqual([])
  expect(report.transitions.missing).toEqual([])
})

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

type Held = { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: any }

async function walk(path: ModelPath) {
  const held = new Map<string, Held>()
  const hold = fromPromise(({ input, self }: { input: any; self: { id: string } }) => new Promise((resolve, reject) => void held.set(self.id, { resolve, reject, input })))
  const actor = createActor(
    swapMachine.provide({
      actors: {
        loadSwap: hold as never,
        fetchQuote: hold as never,
        prepareReview: hold as never,
        buildApprove: hold as never,
        buildSwap: hold as never,
        // The production transaction machine, its wallet prompt and receipt wait held like the other calls.
        transaction: transactionMachine.provide({ actors: { send: hold as never, waitForEnd: hold as never } }),
        fetchAllowance: hold as never,
        getCapabilities: hold as never,
        // The batch machine is walked on its own (tests/model/batch.model.test.tsx): here its outcome is held.
        batch: hold as never,
      },
    }),
    // Not connected yet: the walk's first step is the root's account moment.
    { input: {} },
  ).start()
  const delays: Record<string, number> = { quoteDebounce: timing.swapQuoteDebounce, quoteRefresh: timing.swapQuoteRefresh }
  try {
    for (const step of path.steps) {
      const e = step.event as E
      const before = actor.getSnapshot()
      const transaction = /^xstate\.done\.actor\.(approve|swap|recheck)$/.exec(e.type)
      if (e.type === 'transaction.submitted' || transaction) {
        // The transaction machine's answer: its wallet prompt (send) or its receipt wait (waitForEnd) let through.
        const status = e.type === 'transaction.submitted' ? 'submitted' : (e.output as { status: string }).status
        const id = status === 'submitted' || status === 'rejected' || status === 'failed' ? 'send' : 'waitForEnd'
        const call = held.get(id)
        expect(call, `the transaction waits for ${id}`).toBeDefined()
        held.delete(id)
        if (id === 'send') expect(call!.input.request).toMatchObject({ data: transaction?.[1] === 'approve' || before.matches('approving') ? '0x095ea7b3' : '0x38ed1739' })
        else expect(call!.input).toEqual({ connectorId: 'dev', caipNetworkId: chain, hash: HASH })
        if (status === 'submitted') call!.resolve({ hash: HASH })
        else if (status === 'rejected') call!.reject(new UserRejectedRequestError())
        else if (status === 'failed') call!.reject(Object.assign(new ForeignError('Internal error'), { code: -32603 }))
        else call!.resolve({ status: status === 'confirmed' ? 'success' : status, hash: HASH })
      } else if (e.type.startsWith('xstate.done.actor.') || e.type.startsWith('xstate.error.actor.')) {
        const id = e.type.split('.').at(-1)!
        const call = held.get(id)
        expect(call, `the chart waits for ${id}`).toBeDefined()
        held.delete(id)
        // What the API or the wallet is asked carries the typed amount in the smallest unit and the chosen tokens.
        if (['fetchQuote', 'prepareReview', 'buildApprove', 'buildSwap', 'fetchAllowance'].includes(id)) {
          expect(call!.input).toMatchObject({ from: before.context.fromToken, to: before.context.toToken, userAddress: user, amount: quoteFor(before).fromAmount })
        }
        if (id === 'buildSwap') expect(call!.input.slippage).toBe(before.context.slippage)
        // One batch: the approval then the swap, together or not at all, the batch's toasts left to the swap.
        if (id === 'swapBatch') {
          expect(call!.input).toMatchObject({ atomicRequired: true, quiet: true, from: user, caipNetworkId: chain })
          expect(call!.input.calls.map((c: { data: string }) => c.data)).toEqual(['0x095ea7b3', '0x38ed1739'])
        }
        if (id === 'recheckBatch') expect(call!.input.resume).toEqual({ id: BATCH })
        if (id === 'getCapabilities') expect(call!.input).toEqual({ connectorId: 'dev', from: user, chainId: '0x7a69' })
        if (e.type.startsWith('xstate.done')) call!.resolve(e.output)
        else call!.reject(e.error)
      } else if (e.type.startsWith('xstate.after.')) {
        const name = Object.keys(delays).find((d) => e.type.includes(d))
        // A delay event's type names the delay and the state: the clock moves by that delay.
        await vi.advanceTimersByTimeAsync(name ? delays[name]! : Math.max(...Object.values(delays)))
      } else actor.send(e as never)
      await vi.advanceTimersByTimeAsync(0)
      expect(stateKey(actor.getSnapshot())).toBe(step.state)
      const c = actor.getSnapshot().context
      // A rejection in either prompt returns to the form with everything kept.
      if (transaction && transaction[1] !== 'recheck' && (e.output as { status: string }).status === 'rejected') {
        expect(c).toMatchObject({ fromToken: before.context.fromToken, toToken: before.context.toToken, amount: before.context.amount, slippage: before.context.slippage })
      }
      if (actor.getSnapshot().matches('unsupported')) expect(c.error?.key).toBe('networkNotSupported')
      // Sent, status unknown: the hash kept, never the form; leaving clears it.
      if (actor.getSnapshot().matches('unconfirmed')) expect(c.unconfirmed?.hash).toBe(HASH)
      if (e.type === 'swap.dismiss' || (e.type === 'root.back' && before.matches('unconfirmed'))) expect(c).toMatchObject({ amount: '', unconfirmed: undefined })
      // The token settles the swap itself: the confirm never goes through the approval.
      if (e.type === 'router.transactionAccepted' && before.context.details?.tokenSettles) expect(actor.getSnapshot().matches('approving')).toBe(false)
    }
  } finally {
    actor.stop()
  }
}

describe('swap model: walked on the machine, every call held and answered by the walk', () => {
  for (const path of run.paths) test(`walk: ${path.steps.map((s) => s.event.type).join(' → ') || '(initial)'} ⇒ ${path.target}`, () => walk(path))
})
