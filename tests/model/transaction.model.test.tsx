import { expect, vi } from 'vitest'
import { UserRejectedRequestError } from '../../adapters/errors.ts'
import { messageOf } from '../../machines/messages.ts'
import { timing } from '../../machines/timing.ts'
import { transactionMachine, type TransactionInput, type TransactionOutcome } from '../../machines/transaction.ts'
import type { TransactionEnd } from '../../machines/transactionEnd.ts'
import { describeChartWalks, heldAnswers, startUnderToast, type FixtureRun } from './chartWalk.ts'
import { buildModelPaths, coverageReport, delayedEvents, type Step } from './coverage.ts'
import { ForeignError } from '../harness/failures.ts'

/**
 * Model-based tests of the transaction machine (spec §4 Send: one transaction from the wallet's prompt to the chain's
 * end; §2 "Toasts"; §9 receipt timeout). Every path of the chart is walked on the production machine, invoked as its
 * parents invoke it (under a parent that holds the real toast actor by its `systemId`): each event of the model is
 * the answer of the wallet (`send`: a hash, a malformed hash, a rejection, a failure) or of the receipt rule
 * (`waitForEnd`: success, sped up, cancelled, reverted, unknown, a receipt for another hash, a throw), given at the
 * moment the machine asks, and the receipt timeout is the fake clock moved by exactly `receiptWaitTimeout`. After
 * each step the outcome the parent read and the toast are checked.
 *
 * The same machine is walked through the UI, with the real wallet, anvil and the receipt rule, by the send and swap
 * walks (tests/model/send.model.test.tsx, swap.model.test.tsx): each of their transactions is one run of this chart.
 */
type ModelEvent = { type: string; [key: string]: unknown }

const HASH = `0x${'ab'.repeat(32)}`
const SPED_UP = `0x${'cd'.repeat(32)}`
const OTHER = `0x${'ef'.repeat(32)}`
const base: TransactionInput = { caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'dev', request: { to: '0xbob', amount: '1' } }
const submittedToast = messageOf('sendSubmitted')

type Fixture = { name: string; input: TransactionInput }
const fixtures: Fixture[] = [
  { name: 'a transaction with its loading toast', input: { ...base, submittedToast } },
  { name: 'a transaction without a toast', input: base },
  { name: 'Check again: a sent transaction, by its hash', input: { ...base, hash: HASH, submittedToast } },
]

const ends: Record<string, TransactionEnd> = {
  success: { status: 'success', hash: HASH },
  spedUp: { status: 'success', hash: SPED_UP, replaced: { hash: HASH, reason: 'repriced' } },
  cancelled: { status: 'success', hash: OTHER, replaced: { hash: HASH, reason: 'cancelled' } },
  reverted: { status: 'reverted', hash: HASH },
  unknown: { status: 'unknown', hash: HASH },
  foreign: { status: 'success', hash: OTHER },
}

/** The answers of the wallet and the receipt rule in each state. */
function events(s: any): ModelEvent[] {
  if (s.matches('prompting')) {
    return [
      { type: 'xstate.done.actor.send', output: { hash: HASH } },
      { type: 'xstate.done.actor.send', output: { hash: '0x1234' }, malformed: true },
      { type: 'xstate.error.actor.send', error: new UserRejectedRequestError() },
      { type: 'xstate.error.actor.send', error: new ForeignError('Internal error') },
    ]
  }
  if (s.matches('confirming')) {
    return [
      ...Object.entries(ends).map(([end, output]) => ({ type: 'xstate.done.actor.waitForEnd', output, end })),
      { type: 'xstate.error.actor.waitForEnd', error: new ForeignError('receipt service down') },
      ...delayedEvents(s),
    ]
  }
  return []
}

const serialize = (s: any) => JSON.stringify({ v: s.value, h: s.context.hash, t: s.context.toastShown })

const runs: FixtureRun<Fixture>[] = []
for (const fixture of fixtures) {
  runs.push({ fixture, ...buildModelPaths(transactionMachine, { input: fixture.input, events: events as never, serialize: serialize as never, covered: runs }) })
}

/** The production machine, invoked under a parent holding the toast actor; the wallet and the receipt rule answer when asked. */
function start(input: TransactionInput) {
  const wallet = heldAnswers(['send', 'waitForEnd'])
  const logic = transactionMachine.provide({ actors: { send: wallet.actor('send'), waitForEnd: wallet.actor('waitForEnd') } })
  const submitted: string[] = []
  const run = startUnderToast<TransactionOutcome>(logic, 'transaction', input, {
    'transaction.submitted': { actions: ({ event }) => submitted.push((event as unknown as { hash: string }).hash) },
  })
  return { ...run, wallet, submitted }
}

type Run = ReturnType<typeof start>

async function perform(run: Run, event: any) {
  const type: string = event.type
  if (!run.wallet.answer(event)) {
    if (!type.startsWith('xstate.after.') || !type.includes('receiptWaitTimeout')) expect.unreachable(`No answer for ${type}: every event of the model needs one`)
    await vi.advanceTimersByTimeAsync(timing.receiptWaitTimeout)
  }
  await vi.advanceTimersByTimeAsync(0)
}

const expectedStatus: Record<string, TransactionOutcome['status']> = { confirmed: 'confirmed', reverted: 'reverted', replaced: 'replaced', rejected: 'rejected', failed: 'failed', unknown: 'unknown' }

/** What the parent reads and the visitor sees after a step. */
function check(run: Run, state: string, model: any) {
  const value = JSON.parse(state) as string
  const status = expectedStatus[value]
  if (status) {
    expect(run.outcomes).toEqual([model.output])
    expect(run.outcomes[0]!.status).toBe(status)
    // Only a known end keeps the loading toast for the parent to replace; an unknown end hides it.
    if (status === 'unknown' || !model.context.toastShown) expect(run.toast()).toBeUndefined()
    else expect(run.toast()).toEqual({ variant: 'loading', message: submittedToast })
    if (status === 'failed' || status === 'rejected') expect(run.wallet.asked.waitForEnd).toEqual([])
  } else {
    expect(run.outcomes).toEqual([])
  }
  if (value === 'confirming') {
    expect(run.child.getSnapshot().hasTag('loading')).toBe(true)
    // Told the parent the hash (a Check again run already had it).
    if (!model.context.hash || run.wallet.asked.send.length) expect(run.submitted).toEqual([model.context.hash])
    expect(run.toast()).toEqual(model.context.toastShown ? { variant: 'loading', message: submittedToast } : undefined)
  }
}

const stepName = (s: Step) => {
  const e = s.event as ModelEvent
  const name = e.type.replace('xstate.', '').replace('.actor.', '.')
  return e['end'] ? `${name}(${e['end']})` : e['malformed'] ? `${name}(malformed)` : e['error'] ? `${name}(${(e['error'] as Error).name})` : name
}

describeChartWalks('transaction', { machine: transactionMachine, start, perform, check }, runs, stepName, () => {
  const report = coverageReport(transactionMachine, runs)
  expect(report.states.missing).toEqual([])
  expect(report.transitions.missing).toEqual([])
})
