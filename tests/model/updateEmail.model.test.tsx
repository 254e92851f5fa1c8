// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor } from 'xstate'
import type { FrameUser } from '../../adapters/frame.protocol.ts'
import { frameMachine } from '../../machines/frame.ts'
import { updateEmailMachine } from '../../machines/updateEmail.ts'
import { timing } from '../../machines/timing.ts'
import { createFrameClient, frameMountActor, frameSendActor, updateEmailActors } from '../../ui/assemble/frameClient.ts'
import { coordination } from '../harness/coordination.ts'
import { buildModelPaths, coverageReport, delayedEvents, formatCoverage, stateKey, type ModelPath } from './coverage.ts'
import { delayOf, frameFixture } from './frameFixture.ts'
import { ForeignError } from '../harness/failures.ts'

/**
 * Model-based test of the email update (spec §4 "Email update result action", §9 email change poll):
 * every path walked through the real frame client to a fake frame page. Gestures: Account's edit button (start), the
 * visitor types a new email (valid, the current one, not an email), continues, types a code (six digits or not),
 * asks for a new code (before and after the 30 s cooldown, while a code is checked), goes back to the email from a
 * code, leaves (Back, the modal closed, another account while the view shows or a restore); the frame answers each request (APP_UPDATE_EMAIL with
 * VERIFY_PRIMARY_OTP or VERIFY_SECONDARY_OTP, each code accepted or refused, the user with the old or the new email, or
 * a failure); the fake clock runs the 1000 ms poll. The machine runs as the root runs it, beside the real router (on
 * Account) and toast. After each step the machine is where the model says, the frame was asked with what was typed, a
 * refusal keeps the typed email, a start shows UpdateEmailWallet and the new email shows Account with its toast.
 */
type E = { type: string; [k: string]: unknown }
const OLD = 'ada@example.com'
const NEW = 'grace@example.com'
const user = (email: string): FrameUser => ({ email, address: '0x' + '12'.repeat(20), chainId: 31337 })
const done = (id: string, output: unknown): E => ({ type: `xstate.done.actor.${id}`, output })
const error = (id: string): E => ({ type: `xstate.error.actor.${id}`, error: new ForeignError('refused') })
const events = (snapshot: any): E[] => {
  const key = stateKey(snapshot)
  const byState: Record<string, E[]> = {
    '"idle"': [{ type: 'updateEmail.start', currentEmail: OLD }],
    '"enteringEmail"': [{ type: 'updateEmail.setEmail', email: NEW }, { type: 'updateEmail.setEmail', email: OLD.toUpperCase() }, { type: 'updateEmail.setEmail', email: 'nope' }, { type: 'updateEmail.submit' }],
    '"sending"': [done('requestUpdate', { action: 'VERIFY_PRIMARY_OTP' }), done('requestUpdate', { action: 'VERIFY_SECONDARY_OTP' }), error('requestUpdate')],
    '{"awaitingChange":"reading"}': [done('readEmail', NEW), done('readEmail', OLD), error('readEmail')],
    '"updated"': [{ type: 'updateEmail.start', currentEmail: NEW }],
  }
  const out: E[] = [...(byState[key] ?? [])]
  // The code steps: two regions in parallel (the code field, the resend with its cooldown).
  for (const [stage, otp, check, resend, other] of [
    ['verifyingPrimary', '123456', 'verifyPrimary', 'resendPrimary', 'VERIFY_SECONDARY_OTP'],
    ['verifyingSecondary', '654321', 'verifySecondary', 'resendSecondary', 'VERIFY_PRIMARY_OTP'],
  ] as const) {
    if (!snapshot.matches(stage)) continue
    out.push({ type: 'updateEmail.submitOtp', otp }, { type: 'updateEmail.submitOtp', otp: stage === 'verifyingPrimary' ? '12' : 'abc' }, { type: 'updateEmail.edit' }, { type: 'updateEmail.resend' })
    if (snapshot.matches({ [stage]: { code: 'checking' } })) {
      out.push(check === 'verifyPrimary' ? done(check, { action: 'VERIFY_SECONDARY_OTP' }) : done(check, { newEmail: NEW }), error(check))
    }
    if (snapshot.matches({ [stage]: { resend: 'resending' } })) {
      out.push(done(resend, { action: stage === 'verifyingPrimary' ? 'VERIFY_PRIMARY_OTP' : 'VERIFY_SECONDARY_OTP' }), done(resend, { action: other }), error(resend))
    }
  }
  const extra: E[] = key === '"idle"' ? [] : [{ type: 'root.back', view: 'UpdateEmailWallet' }]
  if (key === '"enteringEmail"') {
    const account = { address: '0x' + '12'.repeat(20), caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'auth', supported: true, testnet: true }
    extra.push(
      { type: 'root.closed', view: 'UpdateEmailWallet' },
      { type: 'root.account', change: 'changed', account, holder: 'updateEmail' },
      { type: 'root.account', change: 'restored', account, holder: 'updateEmail' },
    )
  }
  return [...out, ...extra, ...delayedEvents(snapshot)]
}
const serialize = (s: any) => JSON.stringify({ v: s.value, e: s.context.email, c: s.context.currentEmail, n: s.context.newEmail ?? null, err: s.context.error?.name ?? null })
const run = buildModelPaths(updateEmailMachine, { events, serialize })

test('coverage: every state and every transition of the email update chart', () => {
  const report = coverageReport(updateEmailMachine, [run])
  console.log(formatCoverage('updateEmail', report))
  expect(report.states.missing).toEqual([])
  expect(report.transitions.missing).toEqual([])
})

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
afterEach(() => vi.useRealTimers())

const kinds = {
  requestUpdate: 'UPDATE_EMAIL',
  resendPrimary: 'UPDATE_EMAIL',
  resendSecondary: 'UPDATE_EMAIL',
  verifyPrimary: 'UPDATE_EMAIL_PRIMARY_OTP',
  verifySecondary: 'UPDATE_EMAIL_SECONDARY_OTP',
  readEmail: 'GET_USER',
} as const

async function walk(path: ModelPath) {
  const f = frameFixture()
  const frame = createActor(frameMachine.provide({ actors: { mount: frameMountActor(() => f.transport) } }), { input: {} }).start()
  const client = createFrameClient({ frame, send: frameSendActor(() => f.transport) })
  const remembered: FrameUser[] = []
  const logic = updateEmailMachine.provide({ actors: updateEmailActors({ client: async () => client, remember: (u) => void remembered.push(u) }) })
  const host = coordination({ id: 'updateEmail', logic }, { router: { view: 'Account' }, toast: true })
  const actor = host.feature
  let readied = false
  try {
    for (const step of path.steps) {
      const e = step.event as E
      const before = actor.getSnapshot().context
      const updates = f.requests.filter((r) => r.type === 'APP_UPDATE_EMAIL').length
      if (e.type.startsWith('xstate.done.actor.') || e.type.startsWith('xstate.error.actor.')) {
        const id = e.type.split('.').at(-1)! as keyof typeof kinds
        if (!readied) {
          // The first request loads the frame: FRAME_READY, then the ready delay.
          f.ready()
          await vi.advanceTimersByTimeAsync(timing.iframeReadyDelay)
          readied = true
        }
        await vi.advanceTimersByTimeAsync(0)
        const output = id === 'readEmail' && e.type.startsWith('xstate.done') ? user(e.output as string) : e.output
        if (e.type.startsWith('xstate.done')) f.succeed(kinds[id], output as never)
        else f.fail(kinds[id], { message: 'refused' })
      } else if (e.type.startsWith('xstate.after.')) await vi.advanceTimersByTimeAsync(delayOf(e.type, { emailChangePoll: timing.emailChangePoll, otpResendCooldown: timing.otpResendCooldown }))
      else actor.send(e as never)
      await vi.advanceTimersByTimeAsync(0)
      expect(stateKey(actor.getSnapshot())).toBe(step.state)
      const s = actor.getSnapshot()
      // A refusal keeps what was typed and says why.
      // A resend taken mails again: one more APP_UPDATE_EMAIL with the typed email; one refused asks nothing.
      if (e.type === 'updateEmail.resend') {
        const resent = s.hasTag('loading') && (s.matches({ verifyingPrimary: { resend: 'resending' } }) || s.matches({ verifyingSecondary: { resend: 'resending' } }))
        expect(f.requests.filter((r) => r.type === 'APP_UPDATE_EMAIL').length).toBe(updates + (resent ? 1 : 0))
      }
      if (e.type.startsWith('xstate.error') && !s.matches('awaitingChange')) {
        expect(s.context.email).toBe(before.email)
        expect(s.context.error?.message).toBe('refused')
      }
      if (e.type === 'updateEmail.submit' && s.matches('enteringEmail')) expect(s.context.error?.name).toMatch(/^(InvalidEmailError|SameEmailError)$/)
      if (e.type === 'xstate.done.actor.readEmail') expect(remembered.at(-1)?.email).toBe(e.output)
      // Start shows the form; the new email reported shows Account and the toast naming it; another account, Account.
      if (e.type === 'updateEmail.start') expect(host.views()).toEqual(['Account', 'UpdateEmailWallet'])
      if (s.matches('updated') || (e.type === 'root.account' && e.change === 'changed')) expect(host.views()).toEqual(['Account'])
      if (s.matches('updated'))
        expect(host.child('toast').getSnapshot().context.next ?? host.child('toast').getSnapshot().context.current).toMatchObject({ variant: 'success', message: { key: 'emailUpdated', values: { email: NEW } } })
    }
    // What the frame was asked carries what was typed.
    for (const r of f.requests) {
      if (r.type === 'APP_UPDATE_EMAIL') expect(r.payload).toEqual({ email: NEW })
      if (r.type === 'APP_UPDATE_EMAIL_PRIMARY_OTP') expect(r.payload).toEqual({ otp: '123456' })
      if (r.type === 'APP_UPDATE_EMAIL_SECONDARY_OTP') expect(r.payload).toEqual({ otp: '654321' })
    }
  } finally {
    host.stop()
    frame.stop()
    f.transport.destroy()
  }
}

describe('email update model: walked through the frame client', () => {
  for (const path of run.paths) test(`walk: ${path.steps.map((s) => s.event.type).join(' → ') || '(initial)'} ⇒ ${path.target}`, () => walk(path))
})
