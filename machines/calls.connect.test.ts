import { describe, expect, test } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { connectCallsStatus } from './calls.connect.ts'
import { callsMachine } from './calls.ts'
import { batchMachine, type BatchInput, type BatchOutcome } from './batch.ts'
import { transactionMachine } from './transaction.ts'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const batch: Omit<BatchInput, 'resume'> = {
  connectorId: 'dev',
  from: FROM,
  caipNetworkId: 'eip155:31337',
  calls: [
    { to: TO, value: '0x1' },
    { to: TO, value: '0x2' },
  ],
  atomicRequired: false,
  capabilities: {},
}
const ok = { transactionHash: '0xaa', status: 'success' as const }
const bad = { transactionHash: '0xbb', status: 'reverted' as const }

const never = fromPromise<any, any>(() => new Promise(() => {}))
/** The calls feature after `calls.send` with the modal open; its batch's wallet and storage never answer. */
function shownAfter(...events: Parameters<ReturnType<typeof createActor<typeof callsMachine>>['send']>[0][]) {
  const logic = callsMachine.provide({
    actors: {
      loadStored: never,
      batch: batchMachine.provide({ actors: { getCapabilities: never, sendCalls: never, getCallsStatus: never, transaction: transactionMachine } }),
    },
  })
  const actor = createActor(logic, { input: {} })
  actor.start()
  actor.send({ type: 'calls.send', key: 'k1', batch, show: true })
  for (const event of events) actor.send(event)
  const snapshot = actor.getSnapshot()
  actor.stop()
  return snapshot
}

const ended = (outcome: BatchOutcome) => ({ type: 'batch.ended' as const, key: 'k1', outcome })

describe('connectCallsStatus', () => {
  test('behavior: no batch shown is none', () => {
    expect(connectCallsStatus(undefined).phase).toBe('none')
  })

  test('behavior: a batch being asked says to confirm in the wallet, every call waiting', () => {
    const view = connectCallsStatus(shownAfter())
    expect(view.phase).toBe('asking')
    expect(view.calls.map((c) => c.state)).toEqual(['waiting', 'waiting'])
    expect(view.caipNetworkId).toBe('eip155:31337')
  })

  test('behavior: the one-by-one fallback shows which call is asked and what landed with its hash', () => {
    const view = connectCallsStatus(shownAfter({ type: 'batch.accepted', key: 'k1', id: 'k1' }), { via: 'fallback', index: 1, landed: [0], hashes: ['0xaa'] })
    expect(view.phase).toBe('fallback')
    expect(view.progress).toEqual({ index: 2, total: 2 })
    expect(view.calls).toMatchObject([{ state: 'landed', hash: '0xaa' }, { state: 'waiting' }])
  })

  test('behavior: a partial execution by the wallet lists the call that landed and the one that did not, each with its transaction', () => {
    const report = { status: 600, statusClass: 'partial' as const, receipts: [ok, bad] }
    const view = connectCallsStatus(shownAfter(ended({ status: 'partial', via: 'wallet', id: '0x1', hashes: ['0xaa'], landed: [0], report })))
    expect(view).toMatchObject({ phase: 'partial', status: 600, landedCount: 1 })
    expect(view.calls).toMatchObject([
      { index: 0, state: 'landed', hash: '0xaa', toShort: '0x7099…79C8' },
      { index: 1, state: 'notLanded', hash: '0xbb' },
    ])
  })

  test('behavior: an atomic batch (one receipt) gives every call that transaction', () => {
    const report = { status: 200, statusClass: 'confirmed' as const, atomic: true, receipts: [ok] }
    const view = connectCallsStatus(shownAfter(ended({ status: 'confirmed', via: 'wallet', id: '0x1', hashes: ['0xaa'], landed: [0], report })))
    expect(view.calls).toMatchObject([
      { state: 'landed', hash: '0xaa' },
      { state: 'landed', hash: '0xaa' },
    ])
  })

  test('behavior: a fallback stopped at its second call is partial, the first call landed with its hash', () => {
    const view = connectCallsStatus(shownAfter(ended({ status: 'partial', via: 'fallback', hashes: ['0xaa'], landed: [0] })))
    expect(view).toMatchObject({ phase: 'partial', status: 600 })
    expect(view.calls).toMatchObject([{ state: 'landed', hash: '0xaa' }, { state: 'notLanded' }])
  })

  test('behavior: a rejection lands nothing; an unknown end leaves the calls waiting', () => {
    expect(connectCallsStatus(shownAfter(ended({ status: 'rejected', via: 'wallet', hashes: [], landed: [] }))).calls.map((c) => c.state)).toEqual(['notLanded', 'notLanded'])
    expect(connectCallsStatus(shownAfter(ended({ status: 'unknown', via: 'wallet', id: '0x1', hashes: [], landed: [] }))).calls.map((c) => c.state)).toEqual(['waiting', 'waiting'])
  })

  test('behavior: CallsStatus opened for a batch id shows that batch; opened without one, the latest', () => {
    const snapshot = shownAfter({ type: 'batch.accepted', key: 'k1', id: '0xba7c' }, { type: 'root.open', view: 'CallsStatus', data: { batchId: 'nope' } })
    expect(snapshot.context.shown).toBe('k1')
  })
})
