import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor, createMachine, fromPromise, type AnyActorRef } from 'xstate'
import { UnsupportedProviderMethodError } from '../adapters/errors.ts'
import { batchMachine, storedBatchOf, type BatchInput, type BatchOutcome, type GetCallsStatusInput, type SendCallsInput, type StoredBatch } from './batch.ts'
import type { TransactionEnd } from './transactionEnd.ts'
import type { TransactionInput } from './transaction.ts'
import { transactionMachine } from './transaction.ts'
import { timing } from './timing.ts'
import { toastMachine } from './toast.ts'
import { readCallsStatus, atomicStatusOf, batchIdOf } from './batch.status.ts'

const ID = '0xba7c'
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const HASH = `0x${'ab'.repeat(32)}`
const input: BatchInput = {
  connectorId: 'dev',
  from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  caipNetworkId: 'eip155:31337',
  calls: [
    { to: BOB, value: '0x1' },
    { to: BOB, data: '0xdeadbeef', value: '0x0' },
    { to: BOB, value: '0x2' },
  ],
  atomicRequired: false,
  capabilities: { paymasterService: { url: 'https://pm.example' } },
}

/** The batch machine under a parent with the toast actor; the wallet answers by `wallet` (a status per poll). */
function start(batchInput: BatchInput, wallet: { status?: () => unknown; sendCalls?: () => Promise<unknown>; capabilities?: () => Promise<unknown> } = {}) {
  const asked = { sendCalls: [] as SendCallsInput[], status: 0, transactions: [] as TransactionInput[] }
  const stored = new Map<string, StoredBatch>()
  const storedHistory: StoredBatch[] = []
  const outcomes: BatchOutcome[] = []
  const logic = batchMachine.provide({
    actors: {
      getCapabilities: fromPromise(() => wallet.capabilities?.() ?? Promise.resolve({ '0x7a69': { atomic: { status: 'supported' } } })),
      sendCalls: fromPromise(({ input: i }) => {
        asked.sendCalls.push(i)
        return wallet.sendCalls?.() ?? Promise.resolve({ id: ID })
      }),
      getCallsStatus: fromPromise<unknown, GetCallsStatusInput>(async () => {
        asked.status++
        return wallet.status?.() ?? { id: ID, status: 100, receipts: [] }
      }),
      transaction: transactionMachine.provide({
        actors: {
          send: fromPromise(async ({ input: i }) => {
            asked.transactions.push(i as never)
            return { hash: HASH }
          }),
          waitForEnd: fromPromise(async ({ input: i }): Promise<TransactionEnd> => ({ status: 'success', hash: i.hash })),
        },
      }),
    },
    actions: {
      storeBatch: ({ context, self }) => {
        const record = storedBatchOf(context, self.id)
        storedHistory.push(record)
        stored.set(record.id, record)
      },
      forgetBatch: ({ context, self }) => void stored.delete(context.id ?? self.id),
    },
  })
  const parent = createMachine({
    invoke: [
      { id: 'toast', src: toastMachine, systemId: 'toast' },
      { id: 'batch', src: logic, input: batchInput, onDone: { actions: ({ event }) => outcomes.push(event.output as BatchOutcome) } },
    ],
  })
  const actor = createActor(parent).start()
  const batch = () => actor.getSnapshot().children['batch'] as AnyActorRef | undefined
  return { actor, batch, asked, stored, storedHistory, outcomes }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('batch machine', () => {
  test('behavior: the wallet is sent the wallet_sendCalls v2 request (spec §7: chainId, from, version, capabilities, calls)', async () => {
    const run = start(input)
    await vi.advanceTimersByTimeAsync(0)
    expect(run.asked.sendCalls).toEqual([{ connectorId: 'dev', request: { version: '2.0.0', chainId: '0x7a69', from: input.from, atomicRequired: false, calls: input.calls, capabilities: input.capabilities } }])
    expect([...run.stored.keys()]).toEqual([ID])
    run.actor.stop()
  })

  test('behavior: the status is asked every callsStatusPoll until it ends, then the stored batch is forgotten', async () => {
    let answer: unknown = { id: ID, status: 100, receipts: [] }
    const run = start(input, { status: () => answer })
    await vi.advanceTimersByTimeAsync(0)
    expect(run.asked.status).toBe(1)
    await vi.advanceTimersByTimeAsync(timing.callsStatusPoll * 3)
    expect(run.asked.status).toBe(4)
    answer = { id: ID, status: 200, receipts: [{ transactionHash: HASH, status: '0x1' }] }
    await vi.advanceTimersByTimeAsync(timing.callsStatusPoll)
    expect(run.outcomes).toMatchObject([{ status: 'confirmed', via: 'wallet', id: ID, hashes: [HASH], landed: [0] }])
    expect(run.stored.size).toBe(0)
  })

  test('behavior: stopping the actor (the modal destroyed) stops the status polling', async () => {
    const run = start(input)
    await vi.advanceTimersByTimeAsync(timing.callsStatusPoll)
    const polls = run.asked.status
    run.actor.stop()
    await vi.advanceTimersByTimeAsync(timing.callsStatusTimeout)
    expect(run.asked.status).toBe(polls)
  })

  test('hostile: a status that never ends is "sent, status unknown" after callsStatusTimeout, never a hang', async () => {
    const run = start(input)
    await vi.advanceTimersByTimeAsync(timing.callsStatusTimeout - 1)
    expect(run.outcomes).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(run.outcomes).toMatchObject([{ status: 'unknown', id: ID, error: { name: 'CallsStatusUnknownError' } }])
    expect(run.asked.status).toBe(Math.floor(timing.callsStatusTimeout / timing.callsStatusPoll))
  })

  test.each([
    ['garbage', () => 'ok', 'InvalidCallsStatusError'],
    ['a status code of no class', () => ({ id: ID, status: 300 }), 'InvalidCallsStatusError'],
    ['a receipt without a hash', () => ({ id: ID, status: 200, receipts: [{ status: '0x1' }] }), 'InvalidCallsStatusError'],
    ['an id for another batch', () => ({ id: '0xother', status: 200, receipts: [] }), 'ForeignCallsStatusError'],
    ['another chain', () => ({ id: ID, chainId: '0x1', status: 200, receipts: [] }), 'ForeignCallsStatusError'],
  ])('hostile: %s as the status ends "sent, status unknown" at once', async (_, status, name) => {
    const run = start(input, { status })
    await vi.advanceTimersByTimeAsync(0)
    expect(run.outcomes).toMatchObject([{ status: 'unknown', error: { name } }])
  })

  test('hostile: an answer to wallet_sendCalls without an id is a failure, nothing followed', async () => {
    const run = start(input, { sendCalls: async () => ({ hello: 'world' }) })
    await vi.advanceTimersByTimeAsync(0)
    expect(run.outcomes).toMatchObject([{ status: 'failed', error: { name: 'InvalidBatchIdError' } }])
    expect(run.asked.status).toBe(0)
  })

  test('behavior: a reload picks a stored batch up: no capabilities, no prompt, its status asked', async () => {
    const run = start(
      { ...input, resume: { id: ID } },
      {
        status: () => ({
          id: ID,
          status: 600,
          receipts: [
            { transactionHash: HASH, status: '0x1' },
            { transactionHash: `0x${'cd'.repeat(32)}`, status: '0x0' },
          ],
        }),
      },
    )
    await vi.advanceTimersByTimeAsync(0)
    expect(run.asked.sendCalls).toEqual([])
    expect(run.outcomes).toMatchObject([{ status: 'partial', id: ID, landed: [0], hashes: [HASH], report: { status: 600, statusClass: 'partial' } }])
  })

  test('behavior: a wallet without wallet_sendCalls runs the calls one by one, each with "call n of 3" progress', async () => {
    const run = start(input, { capabilities: () => Promise.reject(new UnsupportedProviderMethodError()) })
    const progress: unknown[] = []
    run.actor.system.inspect((e) => {
      const event = e.type === '@xstate.event' ? (e.event as { type: string; variant?: string; message?: unknown }) : undefined
      if (event?.type === 'toast.show' && event.variant === 'loading') progress.push(event.message)
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(run.asked.sendCalls).toEqual([])
    expect(progress).toEqual([1, 2, 3].map((index) => ({ key: 'batchProgress', values: { index, total: 3 } })))
    expect(run.outcomes).toMatchObject([{ status: 'confirmed', via: 'fallback', landed: [0, 1, 2], hashes: [HASH, HASH, HASH] }])
  })

  test('behavior: the fallback is stored as it goes (the key, the calls confirmed, the call sent), so that a reload picks it up', async () => {
    const run = start(input, { capabilities: () => Promise.reject(new UnsupportedProviderMethodError()) })
    await vi.advanceTimersByTimeAsync(0)
    // Every call confirmed at once here: the record was written while it ran, and forgotten at the end.
    expect(run.outcomes).toMatchObject([{ status: 'confirmed', via: 'fallback' }])
    expect(run.storedHistory.map((b) => b.fallback)).toEqual([
      { landed: [], hashes: [], sent: { index: 0, hash: HASH } },
      { landed: [0], hashes: [HASH] },
      { landed: [0], hashes: [HASH], sent: { index: 1, hash: HASH } },
      { landed: [0, 1], hashes: [HASH, HASH] },
      { landed: [0, 1], hashes: [HASH, HASH], sent: { index: 2, hash: HASH } },
      { landed: [0, 1, 2], hashes: [HASH, HASH, HASH] },
    ])
    expect(run.storedHistory.every((b) => b.id === 'batch')).toBe(true)
    expect(run.stored.size).toBe(0)
  })

  test('behavior: a reload during the fallback follows the call that was sent, without a prompt; the calls never sent are not sent', async () => {
    const run = start({ ...input, resume: { id: 'batch', fallback: { landed: [0], hashes: [HASH], sent: { index: 1, hash: `0x${'cd'.repeat(32)}` } } } })
    await vi.advanceTimersByTimeAsync(0)
    expect(run.asked.transactions).toEqual([])
    expect(run.outcomes).toMatchObject([{ status: 'partial', via: 'fallback', landed: [0, 1], hashes: [HASH, `0x${'cd'.repeat(32)}`], error: { name: 'CallsInterruptedError' } }])
  })

  test('behavior: a reload after the last call was sent ends confirmed once its receipt says so', async () => {
    const run = start({ ...input, resume: { id: 'batch', fallback: { landed: [0, 1], hashes: [HASH, HASH], sent: { index: 2, hash: HASH } } } })
    await vi.advanceTimersByTimeAsync(0)
    expect(run.asked.transactions).toEqual([])
    expect(run.outcomes).toMatchObject([{ status: 'confirmed', via: 'fallback', landed: [0, 1, 2] }])
  })

  test('behavior: a reload between two calls of the fallback ends partial at once with what landed: nothing is prompted', async () => {
    const run = start({ ...input, resume: { id: 'batch', fallback: { landed: [0], hashes: [HASH] } } })
    await vi.advanceTimersByTimeAsync(0)
    expect(run.outcomes).toMatchObject([{ status: 'partial', via: 'fallback', landed: [0], hashes: [HASH] }])
  })

  test('behavior: the same wallet with atomicRequired is refused with a clear error and nothing is sent', async () => {
    const run = start({ ...input, atomicRequired: true }, { capabilities: () => Promise.reject(new UnsupportedProviderMethodError()) })
    await vi.advanceTimersByTimeAsync(0)
    expect(run.outcomes).toMatchObject([{ status: 'atomicUnsupported', error: { name: 'AtomicCallsUnsupportedError', message: 'This wallet cannot run these calls together' } }])
    expect(run.asked.sendCalls).toEqual([])
  })
})

describe('batch status readers', () => {
  test('behavior: the atomic capability is read for the chain, or for every chain (0x0)', () => {
    expect(atomicStatusOf({ '0x7a69': { atomic: { status: 'ready' } } }, 31337)).toBe('ready')
    expect(atomicStatusOf({ '0x0': { atomic: { status: 'supported' } } }, 1)).toBe('supported')
    expect(atomicStatusOf({ '0x1': { atomic: { status: 'weird' } } }, 1)).toBeUndefined()
    expect(atomicStatusOf(null, 1)).toBeUndefined()
  })

  test('behavior: a batch id is a non-empty string of at most 4096 characters (v2 object, or v1 string)', () => {
    expect(batchIdOf({ id: ID })).toBe(ID)
    expect(batchIdOf(ID)).toBe(ID)
    expect(batchIdOf({ id: '' })).toBeUndefined()
    expect(batchIdOf({ id: 'x'.repeat(4097) })).toBeUndefined()
    expect(batchIdOf({ id: 5 })).toBeUndefined()
  })

  test('behavior: a status is read by its class; hex codes and numeric receipt statuses are accepted', () => {
    expect(readCallsStatus({ status: '0xc8', receipts: [{ transactionHash: HASH, status: 1 }] }, { id: ID, chainId: 1 })).toEqual({
      kind: 'report',
      report: { status: 200, statusClass: 'confirmed', receipts: [{ transactionHash: HASH, status: 'success' }] },
    })
    expect(readCallsStatus({ status: 150 }, { id: ID, chainId: 1 })).toMatchObject({ kind: 'report', report: { statusClass: 'pending' } })
    expect(readCallsStatus({ status: 700 }, { id: ID, chainId: 1 }).kind).toBe('malformed')
  })
})
