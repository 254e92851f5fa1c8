import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { coordination } from '../tests/harness/coordination.ts'
import type { TokenBalance } from '../services/schemas.ts'
import { deferred, type Deferred } from '../tests/harness/deferred.ts'
import { messageOf } from './messages.ts'
import { swapMachine, type SwapQuoteInput, type SwapTarget, type SwapToken, type SwapTransaction } from './swap.ts'
import type { SwapReviewDetails } from './swap.tokens.ts'
import { timing } from './timing.ts'
import { transactionMachine } from './transaction.ts'
import type { TransactionEnd } from './transactionEnd.ts'
import { ForeignError } from '../tests/harness/failures.ts'

/*
 * The swap machine moves the rest of the modal itself, by systemId: run here beside the real router and toast, with
 * recorders standing for the account feature and the connection (what they do with the events is their own tests').
 */
beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())
const flush = () => vi.advanceTimersByTimeAsync(0)

const chain = 'eip155:31337'
const target: SwapTarget = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', caipNetworkId: chain, namespace: 'eip155', connectorId: 'dev' }
const ETH: SwapToken = { name: 'Ether', symbol: 'ETH', address: `${chain}:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE`, decimals: 18, logoUri: 'data:,e' }
const DEV: SwapToken = { name: 'Dev Token', symbol: 'DEV', address: `${chain}:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35`, decimals: 18, logoUri: 'data:,d' }
const balances: TokenBalance[] = [{ name: 'Ether', symbol: 'ETH', chainId: chain, value: 3000, price: 3000, quantity: { decimals: '18', numeric: '1' } }]
const swapTx: SwapTransaction = { from: target.address, to: '0x1111111111111111111111111111111111111111', data: '0x7ff36ab5', value: '500000000000000000' }

function system(transactionLimit = 99) {
  const sends: Deferred<{ hash: string }>[] = []
  const swap = swapMachine.provide({
    actors: {
      loadSwap: fromPromise(async () => ({ tokens: [ETH, DEV], balances })),
      fetchQuote: fromPromise(async ({ input }: { input: SwapQuoteInput }) => ({ fromAmount: input.amount, toAmount: (BigInt(input.amount) * 2n).toString() })),
      // The native currency needs no approval: one prompt.
      prepareReview: fromPromise(async (): Promise<SwapReviewDetails> => ({ gasPrice: '1000000000', allowance: '0', gas: '150000' })),
      buildApprove: fromPromise(async (): Promise<SwapTransaction> => Promise.reject(new ForeignError('no approval for ETH'))),
      buildSwap: fromPromise(async () => swapTx),
      fetchAllowance: fromPromise(async () => ({ allowance: '0' })),
      transaction: transactionMachine.provide({
        actors: {
          send: fromPromise(() => {
            const d = deferred<{ hash: string }>()
            sends.push(d)
            return d.promise
          }),
          waitForEnd: fromPromise(async ({ input }): Promise<TransactionEnd> => ({ status: 'success', hash: input.hash })),
        },
      }),
    },
  })
  // Run as the root runs it: beside the real router and toast, recorders standing for Account's data and the connection.
  const s = coordination({ id: 'swap', logic: swap, input: { target } }, { router: { view: 'Account', transactionLimit }, toast: true, recorders: ['account', 'connection.eip155'] })
  const { heard, reported, child, views } = s
  const stack = () => child('router').getSnapshot().context.transactionStack as unknown[]
  const toast = () => child('toast').getSnapshot().context.next ?? child('toast').getSnapshot().context.current
  const swapActor = child('swap')
  /** Account → Swap, ETH → DEV for 0.5, quoted and reviewed: the review is ready. */
  async function reviewReady() {
    swapActor.send({ type: 'swap.start' })
    await flush()
    swapActor.send({ type: 'swap.chooseToken', side: 'to' })
    swapActor.send({ type: 'swap.pickToken', side: 'to', address: DEV.address })
    swapActor.send({ type: 'swap.setAmount', amount: '0.5' })
    await vi.advanceTimersByTimeAsync(timing.swapQuoteDebounce)
    swapActor.send({ type: 'swap.review' })
    await flush()
  }
  return { heard, reported, sends, views, stack, toast, swap: swapActor, reviewReady }
}

describe('swap: the moves it makes by systemId (spec §2 Swap)', () => {
  test('behavior: Account → Swap pushes the form, the picker comes and goes, the review pushes the preview, Confirm takes one stack entry and asks the wallet', async () => {
    const s = system()
    await s.reviewReady()
    expect(s.views()).toEqual(['Account', 'Swap', 'SwapPreview'])
    s.swap.send({ type: 'swap.confirm' })
    expect(s.stack()).toHaveLength(1)
    await flush()
    expect(s.sends).toHaveLength(1)
  })

  test('behavior: a full transaction stack refuses Confirm: the review stays ready and the wallet is not asked', async () => {
    const s = system(0)
    await s.reviewReady()
    s.swap.send({ type: 'swap.confirm' })
    await flush()
    expect(s.swap.getSnapshot().matches({ review: 'ready' })).toBe(true)
    expect(s.sends).toHaveLength(0)
  })

  test('behavior: success pops the entry to Account, reads the balance and Account data again, and says so', async () => {
    const s = system()
    await s.reviewReady()
    s.swap.send({ type: 'swap.confirm' })
    await flush()
    s.sends[0]!.resolve({ hash: `0x${'ab'.repeat(32)}` })
    await flush()
    expect(s.views()).toEqual(['Account'])
    expect(s.stack()).toEqual([])
    expect(s.heard).toEqual([
      { to: 'connection.eip155', event: { type: 'connection.refreshBalance' } },
      { to: 'account', event: { type: 'account.reload' } },
    ])
    expect(s.toast()).toEqual({ variant: 'success', message: messageOf('swapSent') })
  })

  test('behavior: a wallet failure shows the form again with the error toast, pops the entry and reports it to the parent', async () => {
    const s = system()
    await s.reviewReady()
    s.swap.send({ type: 'swap.confirm' })
    await flush()
    s.sends[0]!.reject(new ForeignError('nonce too low'))
    await flush()
    expect(s.views()).toEqual(['Account', 'Swap'])
    expect(s.stack()).toEqual([])
    expect(s.toast()?.variant).toBe('error')
    expect(s.reported.map((e) => e.type)).toContain('feature.reportError')
  })

  test('behavior: another account while the swap views show: the form is cleared, the views leave for Account with the stack', async () => {
    const s = system()
    await s.reviewReady()
    s.swap.send({ type: 'swap.confirm' })
    s.swap.send({ type: 'root.account', change: 'changed', account: { ...target, caipNetworkId: 'eip155:31338', supported: true, testnet: true }, holder: 'swap' })
    expect(s.views()).toEqual(['Account'])
    expect(s.stack()).toEqual([])
    expect(s.swap.getSnapshot().value).toBe('idle')
    expect(s.swap.getSnapshot().context.target?.caipNetworkId).toBe('eip155:31338')
  })
})
