import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor, createMachine, fromPromise } from 'xstate'
import { UserRejectedRequestError } from '../adapters/errors.ts'
import { deferred, type Deferred } from '../tests/harness/deferred.ts'
import { messageOf } from './messages.ts'
import { timing } from './timing.ts'
import { isTransactionHash, transactionMachine, type TransactionInput, type TransactionOutcome, type TransactionSendInput } from './transaction.ts'
import type { TransactionEnd, TransactionWaitInput } from './transactionEnd.ts'
import { toastMachine } from './toast.ts'
import { ForeignError } from '../tests/harness/failures.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

const HASH = `0x${'ab'.repeat(32)}`
const SPED_UP = `0x${'cd'.repeat(32)}`
const OTHER = `0x${'ef'.repeat(32)}`
const base: TransactionInput = { caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'dev', request: { to: '0xbob', amount: '1' } }

/** The machine under a parent that holds the toast actor (systemId `toast`) and records what the child sends it. */
function harness(input: Partial<TransactionInput> = {}) {
  const sends: Array<{ input: TransactionSendInput; d: Deferred<{ hash: string }> }> = []
  const waits: Array<{ input: TransactionWaitInput; d: Deferred<TransactionEnd> }> = []
  const logic = transactionMachine.provide({
    actors: {
      send: fromPromise(({ input }) => {
        const d = deferred<{ hash: string }>()
        sends.push({ input, d })
        return d.promise
      }),
      waitForEnd: fromPromise(({ input }) => {
        const d = deferred<TransactionEnd>()
        waits.push({ input, d })
        return d.promise
      }),
    },
  })
  const told: Array<{ type: string; hash?: string }> = []
  const parent = createMachine({
    id: 'parent',
    invoke: [
      { id: 'toast', src: toastMachine, systemId: 'toast' },
      { id: 'transaction', src: logic, input: { ...base, ...input }, onDone: { actions: ({ event }) => outcomes.push(event.output as TransactionOutcome) } },
    ],
    on: { 'transaction.submitted': { actions: ({ event }) => told.push(event as never) } },
  })
  const outcomes: TransactionOutcome[] = []
  const actor = createActor(parent).start()
  const child = () => actor.getSnapshot().children['transaction'] as ReturnType<typeof createActor<typeof transactionMachine>> | undefined
  const toast = () => (actor.getSnapshot().children['toast'] as ReturnType<typeof createActor<typeof toastMachine>>).getSnapshot().context.current
  const flush = () => vi.advanceTimersByTimeAsync(0)
  return { actor, child, sends, waits, outcomes, told, toast, flush }
}

describe('transaction machine', () => {
  test('behavior: prompt → hash (the parent told, the loading toast shown) → confirmed with the final hash', async () => {
    const h = harness({ submittedToast: messageOf('sendSubmitted') })
    expect(h.child()!.getSnapshot().value).toBe('prompting')
    expect(h.child()!.getSnapshot().hasTag('loading')).toBe(true)
    expect(h.sends[0]!.input).toEqual({ connectorId: 'dev', caipNetworkId: 'eip155:31337', request: base.request })
    h.sends[0]!.d.resolve({ hash: HASH })
    await h.flush()
    expect(h.child()!.getSnapshot().value).toBe('confirming')
    expect(h.told).toEqual([{ type: 'transaction.submitted', hash: HASH }])
    expect(h.toast()).toEqual({ variant: 'loading', message: messageOf('sendSubmitted') })
    expect(h.waits[0]!.input).toEqual({ connectorId: 'dev', caipNetworkId: 'eip155:31337', hash: HASH })
    // Sped up in the wallet: the replacement's end, its hash.
    h.waits[0]!.d.resolve({ status: 'success', hash: SPED_UP, replaced: { hash: HASH, reason: 'repriced' } })
    await h.flush()
    expect(h.outcomes).toEqual([{ status: 'confirmed', hash: SPED_UP }])
  })

  test('behavior: the chain says reverted → reverted, with its failure', async () => {
    const h = harness()
    h.sends[0]!.d.resolve({ hash: HASH })
    await h.flush()
    h.waits[0]!.d.resolve({ status: 'reverted', hash: HASH })
    await h.flush()
    expect(h.outcomes).toEqual([{ status: 'reverted', hash: HASH, error: { name: 'TransactionRevertedError', message: 'Transaction reverted' } }])
  })

  test('behavior: cancelled in the wallet (its nonce went to another transaction) → replaced, not confirmed', async () => {
    const h = harness()
    h.sends[0]!.d.resolve({ hash: HASH })
    await h.flush()
    h.waits[0]!.d.resolve({ status: 'success', hash: OTHER, replaced: { hash: HASH, reason: 'cancelled' } })
    await h.flush()
    expect(h.outcomes).toEqual([{ status: 'replaced', hash: OTHER, error: { name: 'TransactionReplacedError', message: 'The wallet replaced the transaction with another one' } }])
  })

  test('behavior: the visitor declines in the wallet (4001) → rejected; no toast, nothing told', async () => {
    const h = harness({ submittedToast: messageOf('sendSubmitted') })
    h.sends[0]!.d.reject(new UserRejectedRequestError())
    await h.flush()
    expect(h.outcomes).toEqual([{ status: 'rejected' }])
    expect(h.told).toEqual([])
    expect(h.toast()).toBeUndefined()
  })

  test('behavior: the wallet fails the request → failed with its error', async () => {
    const h = harness()
    h.sends[0]!.d.reject(Object.assign(new ForeignError('Internal error'), { code: -32603 }))
    await h.flush()
    expect(h.outcomes).toEqual([{ status: 'failed', error: { name: 'JsonRpcError', message: 'Internal error', code: -32603 } }])
  })

  test('bad input: a malformed hash from the wallet → failed (InvalidTransactionHashError), no receipt wait, nothing told', async () => {
    for (const hash of ['0x1234', '', 'not a hash', 42 as unknown as string]) {
      const h = harness()
      h.sends[0]!.d.resolve({ hash })
      await h.flush()
      expect(h.outcomes).toEqual([{ status: 'failed', error: { name: 'InvalidTransactionHashError', message: 'The wallet answered a malformed transaction hash' } }])
      expect(h.waits).toEqual([])
      expect(h.told).toEqual([])
    }
  })

  test('bad input: a receipt for another hash, no replacement named → unknown (never a success), the sent hash kept', async () => {
    const h = harness({ submittedToast: messageOf('sendSubmitted') })
    h.sends[0]!.d.resolve({ hash: HASH })
    await h.flush()
    h.waits[0]!.d.resolve({ status: 'success', hash: OTHER })
    await h.flush()
    expect(h.outcomes).toEqual([{ status: 'unknown', hash: HASH, error: { name: 'ForeignReceiptError', message: 'The receipt answered is for another transaction' } }])
    // Its loading toast goes with it.
    expect(h.toast()).toBeUndefined()
  })

  test('behavior: the receipt rule ends unknown → unknown with the hash; the loading toast hidden', async () => {
    const h = harness({ submittedToast: messageOf('sendSubmitted') })
    h.sends[0]!.d.resolve({ hash: HASH })
    await h.flush()
    expect(h.toast()?.variant).toBe('loading')
    h.waits[0]!.d.resolve({ status: 'unknown', hash: HASH })
    await h.flush()
    expect(h.outcomes).toEqual([{ status: 'unknown', hash: HASH }])
    expect(h.toast()).toBeUndefined()
  })

  test('behavior: the wait throws (a dapp adapter) → unknown, never failed: the transaction was sent', async () => {
    const h = harness()
    h.sends[0]!.d.resolve({ hash: HASH })
    await h.flush()
    h.waits[0]!.d.reject(new ForeignError('receipt service down'))
    await h.flush()
    expect(h.outcomes).toEqual([{ status: 'unknown', hash: HASH, error: { name: 'BaseError', message: 'receipt service down' } }])
  })

  test('behavior: a wait that never settles ends unknown after receiptWaitTimeout', async () => {
    const h = harness()
    h.sends[0]!.d.resolve({ hash: HASH })
    await h.flush()
    await vi.advanceTimersByTimeAsync(timing.receiptWaitTimeout - 1)
    expect(h.outcomes).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(h.outcomes).toEqual([{ status: 'unknown', hash: HASH, error: { name: 'TransactionStatusUnknownError', message: 'The transaction was sent; its status is not known yet' } }])
  })

  test('behavior: Check again (started with a hash): no prompt, no toast, the same receipt wait', async () => {
    const h = harness({ hash: HASH, submittedToast: messageOf('sendSubmitted') })
    expect(h.child()!.getSnapshot().value).toBe('confirming')
    expect(h.sends).toEqual([])
    expect(h.waits[0]!.input.hash).toBe(HASH)
    h.waits[0]!.d.resolve({ status: 'unknown', hash: HASH })
    await h.flush()
    expect(h.outcomes).toEqual([{ status: 'unknown', hash: HASH }])
    expect(h.toast()).toBeUndefined()
  })

  test('behavior: standalone (no parent, no toast actor) it runs and outputs its outcome', async () => {
    const actor = createActor(
      transactionMachine.provide({
        actors: { send: fromPromise(async () => ({ hash: HASH })), waitForEnd: fromPromise(async ({ input }) => ({ status: 'success' as const, hash: input.hash })) },
      }),
      { input: { ...base, submittedToast: messageOf('sendSubmitted') } },
    ).start()
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().status).toBe('done')
    expect(actor.getSnapshot().output).toEqual({ status: 'confirmed', hash: HASH })
  })

  test('behavior: unprovided actors fail as a failure, not a crash', async () => {
    const actor = createActor(transactionMachine, { input: base }).start()
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().output).toMatchObject({ status: 'failed', error: { message: expect.stringContaining('"send" actor was not provided') } })
  })
})

describe('isTransactionHash', () => {
  test.each([
    ['eip155', HASH, true],
    ['eip155', HASH.slice(0, -2), false],
    ['eip155', `0x${'zz'.repeat(32)}`, false],
    ['solana', '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW', true],
    ['solana', `0x${'ab'.repeat(32)}`, false],
    ['bip122', 'ab'.repeat(32), true],
    ['bip122', HASH, false],
    ['cosmos', 'anything', true],
    ['cosmos', '', false],
  ])('%s %s → %s', (namespace, hash, ok) => expect(isTransactionHash(namespace, hash)).toBe(ok))
})
