import { afterAll, describe, expect, test } from 'vitest'
import { createActor, fromPromise, getInitialSnapshot, getNextSnapshot } from 'xstate'
import { batchMachine, type BatchInput, type StoredBatch } from '../../machines/batch.ts'
import { callsMachine, type CallsInput } from '../../machines/calls.ts'
import { transactionMachine } from '../../machines/transaction.ts'
import { deferred, type Deferred } from '../harness/deferred.ts'
import { buildModelPaths, coverageReport, firedTransitions, formatCoverage, recordTransitions, stateKey, type ModelPath } from './coverage.ts'
import { ForeignError } from '../harness/failures.ts'

/**
 * Model-based tests of the calls feature (EIP-5792 batched calls held for the public API): every path of the chart
 * walked on the production machine. Its events are `calls.send` (a checked batch from `modal.sendCalls`), the
 * batches' reports (`batch.accepted`, `batch.ended`, as the batch machine tells its parent), the root's account
 * moment, CallsStatus opened (`root.open`), and the stored batches read at spawn (`loadStored`). The batches themselves are the production batch
 * machine, whose wallet never answers here (its own walk is tests/model/batch.model.test.tsx). After each step the
 * requests the public API reads, and the batch actors spawned, are checked.
 */
type ModelEvent = { type: string; [key: string]: unknown }

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const batch: Omit<BatchInput, 'resume'> = { connectorId: 'dev', from: FROM, caipNetworkId: 'eip155:31337', calls: [{ to: FROM, value: '0x1' }], atomicRequired: false, capabilities: {} }
const stored: StoredBatch = { ...batch, id: '0xstored' }
const account = { address: FROM, caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'dev', supported: true, testnet: true }
const input: CallsInput = { target: account }

function events(s: any): ModelEvent[] {
  const common: ModelEvent[] = [
    { type: 'calls.send', key: 'k1', batch },
    // Sent with the modal open: CallsStatus shows it at once.
    { type: 'calls.send', key: 'k2', batch, show: true },
    // CallsStatus opened by the dapp for a batch id, or by a toast's Details (the latest batch).
    { type: 'root.open', view: 'CallsStatus', data: { batchId: '0xba7c' } },
    { type: 'root.open', view: 'CallsStatus' },
    { type: 'batch.accepted', key: 'k1', id: '0xba7c' },
    { type: 'batch.ended', key: 'k1', outcome: { status: 'confirmed', via: 'wallet', id: '0xba7c', hashes: [], landed: [] } },
    { type: 'root.account', change: 'disconnected', account: undefined, holder: undefined },
  ]
  if (s.matches('loading')) return [...common, { type: 'xstate.done.actor.loadStored', output: [stored] }, { type: 'xstate.error.actor.loadStored', error: new ForeignError('storage off') }]
  return common
}

const serialize = (s: any) => JSON.stringify({ v: s.value, r: s.context.requests, t: Boolean(s.context.target), s: s.context.shown })
const run = buildModelPaths(callsMachine, { input, events: events as never, serialize: serialize as never })

/** The production machine; the batches it spawns wait on a wallet that never answers, storage answers when asked. */
function start() {
  const loads: Deferred<StoredBatch[]>[] = []
  const never = () => new Promise<unknown>(() => {})
  const logic = callsMachine.provide({
    actors: {
      loadStored: fromPromise(() => {
        const d = deferred<StoredBatch[]>()
        loads.push(d)
        return d.promise
      }),
      batch: batchMachine.provide({
        actors: { getCapabilities: fromPromise(never), sendCalls: fromPromise(never), getCallsStatus: fromPromise(never), transaction: transactionMachine },
      }),
    },
  })
  const actor = createActor(logic, { input }).start()
  return { actor, loads }
}

async function perform(r: ReturnType<typeof start>, event: ModelEvent) {
  if (event.type === 'xstate.done.actor.loadStored') r.loads.at(-1)!.resolve(event['output'] as StoredBatch[])
  else if (event.type === 'xstate.error.actor.loadStored') r.loads.at(-1)!.reject(event['error'])
  else r.actor.send(event as never)
  await Promise.resolve()
  await Promise.resolve()
}

async function walk(path: ModelPath) {
  const r = start()
  const transitions = recordTransitions(r.actor)
  let model = getInitialSnapshot(callsMachine, input)
  for (const step of path.steps) {
    const fired = firedTransitions(callsMachine as never, model as never, step.event)
    const fromTaken = transitions.taken.length
    model = getNextSnapshot(callsMachine, model, step.event as never)
    await perform(r, step.event as ModelEvent)
    expect(stateKey(r.actor.getSnapshot())).toBe(step.state)
    expect(transitions.taken.slice(fromTaken)).toEqual(expect.arrayContaining(fired))
    // What the public API reads, and one batch actor per request (a stored one picked up again by its id).
    expect(r.actor.getSnapshot().context.requests).toEqual(model.context.requests)
    // The batch CallsStatus shows.
    expect(r.actor.getSnapshot().context.shown).toBe(model.context.shown)
    expect(
      Object.keys(r.actor.getSnapshot().children)
        .filter((id) => id !== 'loadStored')
        .sort(),
    ).toEqual(Object.keys(model.context.requests).sort())
  }
  transitions.stop()
  r.actor.stop()
}

describe('calls model: every path walked on the production machine', () => {
  afterAll(() => {
    console.log(formatCoverage('calls (model paths walked)', coverageReport(callsMachine, [run])))
  })

  test('coverage: the walks reach every state and fire every transition of the calls machine', () => {
    const report = coverageReport(callsMachine, [run])
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })

  for (const path of run.paths) test(`walk: ${path.steps.map((s) => s.event.type).join(' → ') || '(initial)'}`, () => walk(path))
})
