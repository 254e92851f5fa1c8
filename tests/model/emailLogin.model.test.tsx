// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor } from 'xstate'
import { frameMachine } from '../../machines/frame.ts'
import { emailLoginMachine } from '../../machines/emailLogin.ts'
import { timing } from '../../machines/timing.ts'
import { createFrameClient, emailLoginActors, frameMountActor, frameSendActor } from '../../ui/assemble/frameClient.ts'
import { buildModelPaths, coverageReport, delayedEvents, formatCoverage, stateKey, type ModelPath } from './coverage.ts'
import { frameFixture } from './frameFixture.ts'
import { ForeignError } from '../harness/failures.ts'

/**
 * Model-based test of the email login (spec §4 "Email connection"): every path walked through the real frame client
 * to a fake frame page. Gestures: the visitor types an email (valid or not), continues, types a code (six digits or
 * not), resends, goes back (reset); the frame answers each request (APP_CONNECT_EMAIL with VERIFY_DEVICE, VERIFY_OTP
 * or CONNECT, or the throttle error; the device approved by the mail link; the code accepted or refused; the user);
 * the manual clock ends the resend cooldown. After each step the request the chart waits for is the one the frame
 * holds, and the typed email is kept.
 */
type E = { type: string; [k: string]: unknown }
const EMAIL = 'ada@example.com'
const user = { email: EMAIL, address: '0x' + '12'.repeat(20), chainId: 31337 }
const done = (id: string, output: unknown): E => ({ type: `xstate.done.actor.${id}`, output })
const error = (id: string): E => ({ type: `xstate.error.actor.${id}`, error: new ForeignError('refused') })
/** The root's account moment: the embedded wallet's account (`connected`: a new visit; `changed`: another chain). */
const accountIs = (change: string): E => ({
  type: 'root.account',
  change,
  account: { address: user.address, caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'auth', supported: true, testnet: true },
  holder: undefined,
  connection: 'connection.eip155',
})
/**
 * The embedded wallet's approvals, whatever the login's state (walked at the email field; their moves of the router and
 * the modal are asserted in tests/e2e/embedded.spec.ts): the request with the modal open or closed, its outcome.
 */
const approvals: E[] = [
  { type: 'embedded.approvalRequested', id: '1', modalWasOpen: true },
  { type: 'embedded.approvalRequested', id: '1', modalWasOpen: false },
  { type: 'embedded.approvalEnded', id: '1', outcome: 'success', modalWasOpen: true },
  { type: 'embedded.approvalEnded', id: '1', outcome: 'error', modalWasOpen: false },
]
const events = (snapshot: any): E[] => {
  const key = stateKey(snapshot)
  const byState: Record<string, E[]> = {
    '"enteringEmail"': [{ type: 'emailLogin.setEmail', email: EMAIL }, { type: 'emailLogin.setEmail', email: 'nope' }, { type: 'emailLogin.submit' }, ...approvals],
    '"sendingEmail"': [done('connectEmail', { action: 'VERIFY_DEVICE' }), done('connectEmail', { action: 'VERIFY_OTP' }), done('connectEmail', { action: 'CONNECT' }), error('connectEmail')],
    '"verifyingDevice"': [done('connectDevice', {}), error('connectDevice')],
    '{"verifyingOtp":"coolingDown"}': [
      { type: 'emailLogin.submitOtp', otp: '123456' },
      { type: 'emailLogin.submitOtp', otp: '12' },
    ],
    '{"verifyingOtp":"canResend"}': [{ type: 'emailLogin.resend' }],
    '{"verifyingOtp":"resending"}': [done('resendEmail', { action: 'VERIFY_OTP' }), error('resendEmail')],
    '"checkingOtp"': [done('connectOtp', {}), error('connectOtp')],
    '"connecting"': [done('getUser', user), error('getUser')],
    '"connected"': [{ type: 'emailLogin.reset' }],
  }
  // Anywhere but at the email field: Back (reset), and the root's account moments (a connection or a disconnect starts over).
  const extra: E[] = key === '"enteringEmail"' || key === '"connected"' ? [] : [{ type: 'emailLogin.reset' }, accountIs('connected'), accountIs('changed')]
  return [...(byState[key] ?? []), ...extra, ...delayedEvents(snapshot)]
}
const serialize = (s: any) => JSON.stringify({ v: s.value, e: s.context.email, err: s.context.error?.name ?? null })
const run = buildModelPaths(emailLoginMachine, { events, serialize })

test('coverage: every state and every transition of the email login chart', () => {
  const report = coverageReport(emailLoginMachine, [run])
  console.log(formatCoverage('emailLogin', report))
  expect(report.states.missing).toEqual([])
  expect(report.transitions.missing).toEqual([])
})

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
afterEach(() => vi.useRealTimers())

async function walk(path: ModelPath) {
  const f = frameFixture()
  const frame = createActor(frameMachine.provide({ actors: { mount: frameMountActor(() => f.transport) } }), { input: {} }).start()
  const client = createFrameClient({ frame, send: frameSendActor(() => f.transport) })
  let last: number | undefined
  // The throttle is walked in machines/emailLogin.test.ts and the e2e: here every send is allowed.
  const actors = emailLoginActors({ client: async () => client, store: { lastLoginAt: () => last, setLastLoginAt: (t) => void (last = t) }, cooldown: 0 })
  const actor = createActor(emailLoginMachine.provide({ actors }), { input: {} }).start()
  let readied = false
  try {
    for (const step of path.steps) {
      const e = step.event as E
      if (e.type.startsWith('xstate.done.actor.') || e.type.startsWith('xstate.error.actor.')) {
        const id = e.type.split('.').at(-1)!
        const kind = ({ connectEmail: 'CONNECT_EMAIL', resendEmail: 'CONNECT_EMAIL', connectDevice: 'CONNECT_DEVICE', connectOtp: 'CONNECT_OTP', getUser: 'GET_USER' } as const)[id as 'getUser']
        if (!readied) {
          // The first request loads the frame: FRAME_READY, then the ready delay.
          f.ready()
          await vi.advanceTimersByTimeAsync(timing.iframeReadyDelay)
          readied = true
        }
        await vi.advanceTimersByTimeAsync(0)
        if (e.type.startsWith('xstate.done')) f.succeed(kind, e.output as never)
        else f.fail(kind, { message: 'refused' })
      } else if (e.type.startsWith('xstate.after.')) await vi.advanceTimersByTimeAsync(timing.otpResendCooldown)
      else actor.send(e as never)
      await vi.advanceTimersByTimeAsync(0)
      expect(stateKey(actor.getSnapshot())).toBe(step.state)
      const ctx = actor.getSnapshot().context
      if (e.type === 'emailLogin.submit' && actor.getSnapshot().matches('sendingEmail')) expect(ctx.email).toBe(EMAIL)
      if (e.type.startsWith('xstate.error')) expect(ctx.error?.message === 'refused' || actor.getSnapshot().matches({ verifyingOtp: 'canResend' })).toBe(true)
      if (actor.getSnapshot().matches('connected')) expect(ctx.user).toEqual(user)
    }
    // What the frame was asked carries the typed email.
    for (const r of f.requests) if (r.type === 'APP_CONNECT_EMAIL') expect(r.payload).toEqual({ email: EMAIL })
  } finally {
    actor.stop()
    frame.stop()
    f.transport.destroy()
  }
}

describe('email login model: walked through the frame client', () => {
  for (const path of run.paths) test(`walk: ${path.steps.map((s) => s.event.type).join(' → ') || '(initial)'} ⇒ ${path.target}`, () => walk(path))
})
