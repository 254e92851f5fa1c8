import { expect, vi } from 'vitest'
import { fromPromise } from 'xstate'
import { ProviderRpcError, UnsupportedProviderMethodError, UserRejectedRequestError } from '../../adapters/errors.ts'
import { batchMachine, storedBatchOf, type BatchInput, type BatchOutcome, type StoredBatch } from '../../machines/batch.ts'
import { timing } from '../../machines/timing.ts'
import { transactionMachine } from '../../machines/transaction.ts'
import type { TransactionEnd } from '../../machines/transactionEnd.ts'
import { deferred, type Deferred } from '../harness/deferred.ts'
import { describeChartWalks, startUnderToast } from './chartWalk.ts'
import { buildModelPaths, coverageReport, delayedEvents, type Step } from './coverage.ts'
import { ForeignError } from '../harness/failures.ts'

/**
 * Model-based tests of the batch machine (EIP-5792 batched calls: capabilities → prompt → status polling → an end, or
 * the one-by-one fallback through the transaction machine). Every path of the chart is walked on the production
 * machine, invoked as the modal invokes it (under a parent holding the real toast actor by its `systemId`), with the
 * real transaction machine for the fallback's calls. Each model event is the wallet's answer given at the moment the
 * machine asks (`getCapabilities`, `sendCalls`, `getCallsStatus`: well-formed, garbage, about another batch, a failure
 * code), a fallback call's end (played on the transaction machine's own `send` and `waitForEnd`), or a named timer
 * moved by exactly its duration on the fake clock. After each step the output, the toast and the stored batch (the
 * reload's record) are checked.
 */
type ModelEvent = { type: string; [key: string]: unknown }

const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ID = '0x00000000000000000000000000000000000000000000000000000000000000ba'
const H1 = `0x${'a1'.repeat(32)}`
const H2 = `0x${'a2'.repeat(32)}`
/** The transaction that replaced a sent call (the wallet cancelled it). */
const H3 = `0x${'a3'.repeat(32)}`
const base: BatchInput = {
  connectorId: 'dev',
  from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  caipNetworkId: 'eip155:31337',
  calls: [
    { to: BOB, value: '0x1' },
    { to: BOB, data: '0xdeadbeef', value: '0x0' },
  ],
  atomicRequired: false,
  capabilities: {},
}

type Fixture = { name: string; input: BatchInput }
const fixtures: Fixture[] = [
  { name: 'two calls, atomicity not required', input: base },
  { name: 'two calls that must run together', input: { ...base, atomicRequired: true } },
  { name: 'a batch picked up again after a reload', input: { ...base, resume: { id: ID } } },
  { name: 'a fallback picked up after a reload, its first call sent', input: { ...base, resume: { id: 'batch', fallback: { landed: [], hashes: [], sent: { index: 0, hash: H1 } } } } },
  { name: 'a fallback picked up after a reload, its last call sent', input: { ...base, resume: { id: 'batch', fallback: { landed: [0], hashes: [H1], sent: { index: 1, hash: H2 } } } } },
  { name: 'a fallback picked up after a reload between two calls', input: { ...base, resume: { id: 'batch', fallback: { landed: [0], hashes: [H1] } } } },
]

const capabilities = (status: string) => ({ '0x7a69': { atomic: { status } } })
const receipt = (hash: string, status: '0x1' | '0x0') => ({ transactionHash: hash, status, blockNumber: '0x5' })
const statuses: Record<string, unknown> = {
  pending: { version: '2.0.0', id: ID, chainId: '0x7a69', status: 100, atomic: false, receipts: [] },
  confirmed: { version: '2.0.0', id: ID, chainId: '0x7a69', status: 200, atomic: false, receipts: [receipt(H1, '0x1'), receipt(H2, '0x1')] },
  failed: { version: '2.0.0', id: ID, chainId: '0x7a69', status: 400, atomic: false, receipts: [] },
  reverted: { version: '2.0.0', id: ID, chainId: '0x7a69', status: 500, atomic: true, receipts: [receipt(H1, '0x0')] },
  partial: { version: '2.0.0', id: ID, chainId: '0x7a69', status: 600, atomic: false, receipts: [receipt(H1, '0x1'), receipt(H2, '0x0')] },
  garbage: 'all good',
  otherBatch: { version: '2.0.0', id: '0xffff', chainId: '0x7a69', status: 200, receipts: [] },
}

/** What a fallback call's transaction is made to end with, and how the wallet and the chain play it. */
const callEnds = {
  confirmed: { send: 'hash', end: 'success' },
  unknown: { send: 'hash', end: 'unknown' },
  reverted: { send: 'hash', end: 'reverted' },
  replaced: { send: 'hash', end: 'replaced' },
  rejected: { send: 'reject' },
  failed: { send: 'fail' },
} as const

/** The answers of the wallet, the fallback's calls and the clock in each state. */
function events(s: any): ModelEvent[] {
  if (s.matches('capabilities')) {
    return [
      { type: 'xstate.done.actor.getCapabilities', output: capabilities('supported'), label: 'atomic supported' },
      { type: 'xstate.done.actor.getCapabilities', output: capabilities('unsupported'), label: 'atomic unsupported' },
      { type: 'xstate.error.actor.getCapabilities', error: new UnsupportedProviderMethodError() },
      { type: 'xstate.error.actor.getCapabilities', error: new ForeignError('Internal error') },
      ...delayedEvents(s),
    ]
  }
  if (s.matches('prompting')) {
    return [
      { type: 'xstate.done.actor.sendCalls', output: { id: ID }, label: 'id' },
      { type: 'xstate.done.actor.sendCalls', output: { ok: true }, label: 'no id' },
      { type: 'xstate.error.actor.sendCalls', error: new UserRejectedRequestError() },
      { type: 'xstate.error.actor.sendCalls', error: new UnsupportedProviderMethodError() },
      { type: 'xstate.error.actor.sendCalls', error: new ProviderRpcError(5760, 'Atomicity not supported') },
      { type: 'xstate.error.actor.sendCalls', error: new ForeignError('Internal error') },
    ]
  }
  if (s.matches({ pending: 'polling' })) {
    return [
      ...Object.entries(statuses).map(([label, output]) => ({ type: 'xstate.done.actor.getCallsStatus', output, label })),
      { type: 'xstate.error.actor.getCallsStatus', error: new ProviderRpcError(5730, 'Unknown bundle id') },
      { type: 'xstate.error.actor.getCallsStatus', error: new ForeignError('Network error') },
      ...delayedEvents(s),
    ]
  }
  if (s.matches({ pending: 'waiting' })) return delayedEvents(s)
  if (s.matches({ fallback: 'calling' }) || s.matches({ fallback: 'following' })) {
    const hash = s.context.index === 0 ? H1 : H2
    const outputs: Partial<Record<keyof typeof callEnds, unknown>> = {
      confirmed: { status: 'confirmed', hash },
      unknown: { status: 'unknown', hash },
      reverted: { status: 'reverted', hash, error: { name: 'TransactionRevertedError', message: 'Transaction reverted' } },
    }
    // A call sent (its hash known: the wallet answered, or a reload picked it up) can only end on chain.
    if (s.context.sent) outputs.replaced = { status: 'replaced', hash: H3, error: { name: 'TransactionReplacedError', message: 'The wallet replaced the transaction with another one' } }
    else Object.assign(outputs, { rejected: { status: 'rejected' }, failed: { status: 'failed', error: { name: 'BaseError', message: 'Internal error' } } })
    const ends = Object.entries(outputs).map(([call, output]) => ({ type: 'xstate.done.actor.transaction', output, call }))
    // The wallet answered the call's hash: the transaction machine tells the batch, which stores it for a reload.
    return s.context.sent ? ends : [{ type: 'transaction.submitted', hash }, ...ends]
  }
  return []
}

const serialize = (s: any) => JSON.stringify({ v: s.value, i: s.context.index, l: s.context.landed.length, id: s.context.id, sent: s.context.sent })

const runs: Array<{ fixture: Fixture } & ReturnType<typeof buildModelPaths>> = []
for (const fixture of fixtures) {
  runs.push({ fixture, ...buildModelPaths(batchMachine, { input: fixture.input, events: events as never, serialize: serialize as never, covered: runs }) })
}

/** The production machine, invoked under a parent holding the toast actor; the wallet answers when asked. */
function start(input: BatchInput) {
  const asked = { capabilities: [] as Deferred<unknown>[], sendCalls: [] as Deferred<unknown>[], status: [] as Deferred<unknown>[], send: [] as Deferred<{ hash: string }>[], wait: [] as Deferred<TransactionEnd>[] }
  const hold =
    <T,>(list: Deferred<T>[]) =>
    () => {
      const d = deferred<T>()
      list.push(d)
      return d.promise
    }
  const stored = new Map<string, StoredBatch>()
  const logic = batchMachine.provide({
    actors: {
      getCapabilities: fromPromise(hold(asked.capabilities)),
      sendCalls: fromPromise(hold(asked.sendCalls)),
      getCallsStatus: fromPromise(hold(asked.status)),
      transaction: transactionMachine.provide({ actors: { send: fromPromise(hold(asked.send)), waitForEnd: fromPromise(hold(asked.wait)) } }),
    },
    actions: {
      storeBatch: ({ context, self }) => void stored.set(storedBatchOf(context, self.id).id, storedBatchOf(context, self.id)),
      forgetBatch: ({ context, self }) => void stored.delete(context.id ?? self.id),
    },
  })
  const { actor, child, outcomes, toast } = startUnderToast<BatchOutcome>(logic, 'batch', input)
  return { actor, child, asked, outcomes, stored, toast: () => toast<{ variant: string; message: { key: string } }>() }
}

type Run = ReturnType<typeof start>

const delays: Record<string, number> = { capabilitiesTimeout: timing.walletRequestTimeout, callsStatusPoll: timing.callsStatusPoll, callsStatusTimeout: timing.callsStatusTimeout }

async function perform(run: Run, event: any) {
  const type: string = event.type
  const answer = (list: Deferred<unknown>[]) => (type.startsWith('xstate.done') ? list.at(-1)!.resolve(event.output) : list.at(-1)!.reject(event.error))
  if (type.endsWith('.getCapabilities')) answer(run.asked.capabilities)
  else if (type.endsWith('.sendCalls')) answer(run.asked.sendCalls)
  else if (type.endsWith('.getCallsStatus')) answer(run.asked.status)
  else if (type === 'transaction.submitted') run.asked.send.at(-1)!.resolve({ hash: event.hash })
  else if (type === 'xstate.done.actor.transaction') {
    const play = callEnds[event.call as keyof typeof callEnds]
    if (play.send === 'reject') run.asked.send.at(-1)!.reject(new UserRejectedRequestError())
    else if (play.send === 'fail') run.asked.send.at(-1)!.reject(new ForeignError('Internal error'))
    else {
      const sent = run.child.getSnapshot().context.sent ?? (run.child.getSnapshot().context.index === 0 ? H1 : H2)
      // The call's send not answered yet: the wallet answers its hash first (a sent or picked-up call waits already).
      if (run.asked.send.length > run.asked.wait.length) {
        run.asked.send.at(-1)!.resolve({ hash: sent })
        await vi.advanceTimersByTimeAsync(0)
      }
      const end = play.end === 'replaced' ? { status: 'success', hash: H3, replaced: { hash: sent, reason: 'cancelled' } } : { status: play.end, hash: sent }
      run.asked.wait.at(-1)!.resolve(end as TransactionEnd)
    }
  } else if (type.startsWith('xstate.after.')) {
    const delay = Object.keys(delays).find((name) => type.includes(`.${name}.`))
    if (!delay) expect.unreachable(`No duration for ${type}`)
    await vi.advanceTimersByTimeAsync(delays[delay]!)
  } else expect.unreachable(`No answer for ${type}: every event of the model needs one`)
  await vi.advanceTimersByTimeAsync(0)
}

const toastOfEnd: Record<string, { variant: string; key: string } | undefined> = {
  confirmed: { variant: 'success', key: 'batchConfirmed' },
  failed: { variant: 'error', key: 'batchFailed' },
  reverted: { variant: 'error', key: 'batchReverted' },
  partial: { variant: 'error', key: 'batchPartial' },
  atomicUnsupported: { variant: 'error', key: 'batchAtomicUnsupported' },
  unknown: { variant: 'error', key: 'batchUnknown' },
  rejected: { variant: 'error', key: 'batchRejected' },
}

/** What the parent reads, the visitor sees and storage holds after a step. */
function check(run: Run, state: string, model: any) {
  const value = JSON.parse(state) as string | Record<string, string>
  if (typeof value === 'string' && value in toastOfEnd) {
    expect(run.outcomes).toEqual([model.output])
    expect(run.outcomes[0]!.status).toBe(value)
    const shown = run.toast()
    const expected = toastOfEnd[value]
    if (expected) expect({ variant: shown?.variant, key: shown?.message.key }).toEqual(expected)
    else expect(shown).toBeUndefined()
    // An end forgets the stored batch: a reload finds nothing to pick up.
    expect(run.stored.size).toBe(0)
    // Nothing is sent when the calls must run together and the wallet cannot.
    if (value === 'atomicUnsupported') expect(run.asked.send).toEqual([])
    if (value === 'confirmed' && model.context.via === 'fallback') expect(run.outcomes[0]!.hashes).toEqual([H1, H2])
    if (value === 'partial') expect(run.outcomes[0]!.landed).toEqual([0])
    return
  }
  expect(run.outcomes).toEqual([])
  if (typeof value === 'object' && 'pending' in value) {
    // The accepted batch is kept for a reload while the wallet runs it.
    expect([...run.stored.keys()]).toEqual(model.context.resume ? [] : [ID])
    expect(run.child.getSnapshot().hasTag('pending')).toBe(true)
  }
  if (typeof value === 'object' && 'fallback' in value) {
    // The fallback never asks wallet_sendCalls again; its call n is the transaction machine's n-th send; one picked up
    // after a reload prompts nothing.
    expect(run.asked.send).toHaveLength(model.context.resume ? 0 : model.context.index + 1)
    // Stored as it goes: the calls confirmed and the call sent, for a reload (the record of a resumed one is the one it came from).
    if (!model.context.resume && model.context.sent)
      expect(run.stored.get('batch')?.fallback).toEqual({ landed: model.context.landed, hashes: model.context.hashes, sent: { index: model.context.index, hash: model.context.sent } })
  }
}

const stepName = (s: Step) => {
  const e = s.event as ModelEvent
  const name = e.type.replace('xstate.', '').replace('.actor.', '.')
  const label = e['label'] ?? e['call'] ?? (e['error'] ? (e['error'] as Error).name : undefined)
  return label ? `${name}(${label})` : name
}

/** Once the batch is done, a toast shown over another appears after the open one closed (the toast's own swap). */
const settle = async (model: { status: string }) => {
  if (model.status === 'done') await vi.advanceTimersByTimeAsync(timing.toastSwap)
}

describeChartWalks('batch', { machine: batchMachine, start, perform, check, settle }, runs, stepName, () => {
  const report = coverageReport(batchMachine, runs)
  expect(report.states.missing).toEqual([])
  expect(report.transitions.missing).toEqual([])
})
