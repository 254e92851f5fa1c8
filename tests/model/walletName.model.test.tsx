import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { timing } from '../../machines/timing.ts'
import { walletNameMachine, type WalletNameTarget } from '../../machines/walletName.ts'
import { BaseError } from '../../kernel/errors.ts'
import { deferred, type Deferred } from '../harness/deferred.ts'
import { buildModelPaths, coverageReport, delayedEvents, formatCoverage, stateKey, type ModelPath } from './coverage.ts'

/**
 * Model-based test of a wallet switcher row's name (spec §6 multi-wallet "address or name"): every state and
 * transition of the production chart, walked with the lookup answering a name, none (null), an empty string, failing,
 * or never answering (the clock ends the wait), and the row told a new address or chain (a held wallet's account or
 * chain change).
 *
 * After each step the row holds a name only in `named`, and it is the one answered for the current target; each
 * lookup asks the row's current target.
 */
type E = { type: string; [k: string]: unknown }
const target: WalletNameTarget = { connectionId: 'eip155:b', namespace: 'eip155', address: '0x' + 'b2'.repeat(20), caipNetworkId: 'eip155:1' }
const other = '0x' + 'c3'.repeat(20)

/** The name service refusing a lookup, as the walks play it. */
class NameServiceDownError extends BaseError {
  override name = 'NameServiceDownError'
}

function events(snapshot: any): E[] {
  const out: E[] = [
    { type: 'walletName.retarget', address: snapshot.context.address, caipNetworkId: snapshot.context.caipNetworkId },
    { type: 'walletName.retarget', address: snapshot.context.address === other ? target.address : other, caipNetworkId: snapshot.context.caipNetworkId },
  ]
  if (snapshot.matches('reading')) {
    out.push(
      { type: 'xstate.done.actor.readName', output: 'bob.eth' },
      { type: 'xstate.done.actor.readName', output: null },
      { type: 'xstate.done.actor.readName', output: '' },
      { type: 'xstate.error.actor.readName', error: new NameServiceDownError('names down') },
    )
  }
  return [...out, ...delayedEvents(snapshot)]
}
const serialize = (s: any) => JSON.stringify({ v: s.value, a: s.context.address === other, n: s.context.name !== undefined })
const run = buildModelPaths(walletNameMachine, { input: target, events, serialize })

test('coverage: every state and every transition of the switcher row name chart', () => {
  const report = coverageReport(walletNameMachine, [run])
  console.log(formatCoverage('walletName', report))
  expect(report.states.missing).toEqual([])
  expect(report.transitions.missing).toEqual([])
})

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
afterEach(() => vi.useRealTimers())

async function walk(path: ModelPath) {
  const reads: Array<{ input: WalletNameTarget; answer: Deferred<string | null> }> = []
  const logic = walletNameMachine.provide({
    actors: {
      readName: fromPromise(({ input }) => {
        const answer = deferred<string | null>()
        reads.push({ input, answer })
        return answer.promise
      }),
    },
  })
  const actor = createActor(logic, { input: target }).start()
  try {
    for (const step of path.steps) {
      const e = step.event
      if (e.type === 'xstate.done.actor.readName') reads.at(-1)!.answer.resolve((e as E).output as string | null)
      else if (e.type === 'xstate.error.actor.readName') reads.at(-1)!.answer.reject(new NameServiceDownError('names down'))
      else if (e.type.startsWith('xstate.after.walletRequestTimeout')) await vi.advanceTimersByTimeAsync(timing.walletRequestTimeout)
      else actor.send(e as never)
      await vi.advanceTimersByTimeAsync(0)
      const snapshot = actor.getSnapshot()
      expect(stateKey(snapshot)).toBe(step.state)
      // A name only once one was answered for this target; none, an empty answer, a failure or no answer: the address.
      expect(snapshot.context.name).toBe(snapshot.matches('named') ? 'bob.eth' : undefined)
      // Each lookup asks the current target.
      if (snapshot.matches('reading')) expect(reads.at(-1)!.input).toMatchObject({ address: snapshot.context.address, caipNetworkId: snapshot.context.caipNetworkId })
    }
  } finally {
    actor.stop()
  }
}

describe('switcher row name model', () => {
  for (const path of run.paths) test(`walk: ${path.steps.map((s) => s.event.type).join(' → ') || '(initial)'} ⇒ ${path.target}`, () => walk(path))
})
