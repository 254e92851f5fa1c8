import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { BalanceSummary } from '../../adapters/types.ts'
import { timing } from '../../machines/timing.ts'
import { walletBalanceMachine, type WalletBalanceTarget } from '../../machines/walletBalance.ts'
import { connectWalletBalance } from '../../machines/walletBalance.connect.ts'
import { BaseError } from '../../kernel/errors.ts'
import { deferred, type Deferred } from '../harness/deferred.ts'
import { buildModelPaths, coverageReport, delayedEvents, formatCoverage, stateKey, type ModelPath } from './coverage.ts'

/**
 * Model-based test of a wallet switcher row's balance (spec §6 multi-wallet, §5 floored to 3 decimals, §9 30 s): every
 * state and transition of the production chart, walked with the read answered, failed or never answered (the clock
 * ends the wait), and the row told a new address or network (a held wallet's account change, the namespace's chain).
 *
 * After each step the row says what the chart holds: the balance in the Account view's format once read (kept while it
 * is read again; 'stale' once a later read failed, until one succeeds), 'unavailable' after a failure with none, else
 * loading; each read asks the row's current target.
 */
type E = { type: string; [k: string]: unknown }
const target: WalletBalanceTarget = { connectionId: 'eip155:b', namespace: 'eip155', address: '0x' + 'b2'.repeat(20), caipNetworkId: 'eip155:31337' }
const other = '0x' + 'c3'.repeat(20)
const ten: BalanceSummary = { value: '10000000000000000000000', decimals: 18, symbol: 'ETH' }

/** The node refusing a balance read, as the walks play it. */
class NodeDownError extends BaseError {
  override name = 'NodeDownError'
}

function events(snapshot: any): E[] {
  const out: E[] = [
    { type: 'walletBalance.retarget', address: snapshot.context.address, caipNetworkId: snapshot.context.caipNetworkId },
    { type: 'walletBalance.retarget', address: snapshot.context.address === other ? target.address : other, caipNetworkId: snapshot.context.caipNetworkId },
  ]
  if (snapshot.matches('loading')) out.push({ type: 'xstate.done.actor.readBalance', output: ten }, { type: 'xstate.error.actor.readBalance', error: new NodeDownError('node down') })
  return [...out, ...delayedEvents(snapshot)]
}
const serialize = (s: any) => JSON.stringify({ v: s.value, a: s.context.address === other, b: s.context.balance !== undefined, e: s.context.error !== undefined })
const run = buildModelPaths(walletBalanceMachine, { input: target, events, serialize })

test('coverage: every state and every transition of the switcher row balance chart', () => {
  const report = coverageReport(walletBalanceMachine, [run])
  console.log(formatCoverage('walletBalance', report))
  expect(report.states.missing).toEqual([])
  expect(report.transitions.missing).toEqual([])
})

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
afterEach(() => vi.useRealTimers())

async function walk(path: ModelPath) {
  const reads: Array<{ input: WalletBalanceTarget; answer: Deferred<BalanceSummary> }> = []
  const logic = walletBalanceMachine.provide({
    actors: {
      readBalance: fromPromise(({ input }) => {
        const answer = deferred<BalanceSummary>()
        reads.push({ input, answer })
        return answer.promise
      }),
    },
  })
  const actor = createActor(logic, { input: target }).start()
  try {
    for (const step of path.steps) {
      const e = step.event
      if (e.type === 'xstate.done.actor.readBalance') reads.at(-1)!.answer.resolve(ten)
      else if (e.type === 'xstate.error.actor.readBalance') reads.at(-1)!.answer.reject(new NodeDownError('node down'))
      else if (e.type.startsWith('xstate.after.walletRequestTimeout')) await vi.advanceTimersByTimeAsync(timing.walletRequestTimeout)
      else if (e.type.startsWith('xstate.after.nativeBalanceTtl')) await vi.advanceTimersByTimeAsync(timing.nativeBalanceTtl)
      else if (e.type.startsWith('xstate.after.balanceRetry')) await vi.advanceTimersByTimeAsync(timing.balanceRetry)
      else actor.send(e as never)
      await vi.advanceTimersByTimeAsync(0)
      const snapshot = actor.getSnapshot()
      expect(stateKey(snapshot)).toBe(step.state)
      const view = connectWalletBalance(snapshot, 'en-US')
      // A balance read stays shown; once a later read failed (or was not answered) it is said not to be current.
      if (snapshot.context.balance) expect(view).toEqual({ status: snapshot.context.error ? 'stale' : 'ready', text: '10,000 ETH' })
      else expect(view.status).toBe(snapshot.matches('unavailable') ? 'unavailable' : 'loading')
      // Each read asks the current target.
      if (snapshot.matches('loading')) expect(reads.at(-1)!.input).toMatchObject({ address: snapshot.context.address, caipNetworkId: snapshot.context.caipNetworkId })
      if (e.type.startsWith('xstate.after.walletRequestTimeout')) expect(snapshot.context.error?.name).toBe('RequestTimeoutError')
    }
  } finally {
    actor.stop()
  }
}

describe('switcher row balance model', () => {
  for (const path of run.paths) test(`walk: ${path.steps.map((s) => s.event.type).join(' → ') || '(initial)'} ⇒ ${path.target}`, () => walk(path))
})
