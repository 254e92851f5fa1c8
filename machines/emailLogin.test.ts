import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { deferred, type Deferred } from '../tests/harness/deferred.ts'
import { FrameReplyError } from '../adapters/frame.ts'
import type { FrameUser } from '../adapters/frame.protocol.ts'
import { emailLoginMachine, isValidEmail, type EmailConnectAction, type EmailLoginEmitted } from './emailLogin.ts'
import { timing } from './timing.ts'

const user: FrameUser = { email: 'ada@example.com', address: '0x' + '12'.repeat(20), chainId: 31337 }

function harness() {
  const emails: Array<{ email: string; d: Deferred<{ action: EmailConnectAction }> }> = []
  const devices: Deferred<unknown>[] = []
  const otps: Array<{ otp: string; d: Deferred<unknown> }> = []
  const users: Deferred<FrameUser>[] = []
  const actor = createActor(
    emailLoginMachine.provide({
      actors: {
        connectEmail: fromPromise(({ input }: { input: { email: string } }) => {
          const d = deferred<{ action: EmailConnectAction }>()
          emails.push({ email: input.email, d })
          return d.promise
        }),
        connectDevice: fromPromise(() => {
          const d = deferred<unknown>()
          devices.push(d)
          return d.promise
        }),
        connectOtp: fromPromise(({ input }: { input: { otp: string } }) => {
          const d = deferred<unknown>()
          otps.push({ otp: input.otp, d })
          return d.promise
        }),
        getUser: fromPromise(() => {
          const d = deferred<FrameUser>()
          users.push(d)
          return d.promise
        }),
      },
    }),
    { input: {} },
  )
  const emitted: EmailLoginEmitted[] = []
  actor.on('*', (e) => emitted.push(e as EmailLoginEmitted))
  actor.start()
  const flush = () => vi.advanceTimersByTimeAsync(0)
  return { actor, emails, devices, otps, users, emitted, flush, value: () => actor.getSnapshot().value, ctx: () => actor.getSnapshot().context }
}

describe('emailLogin machine (spec §4 "Email connection")', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
  afterEach(() => vi.useRealTimers())

  test('bad input: an invalid email is not sent; the error says so and the email stays', () => {
    const h = harness()
    for (const email of ['', 'ada', 'ada@', '@example.com', 'a b@example.com']) {
      h.actor.send({ type: 'emailLogin.setEmail', email })
      h.actor.send({ type: 'emailLogin.submit' })
      expect(h.value()).toBe('enteringEmail')
      expect(h.ctx().error?.name).toBe('InvalidEmailError')
      expect(h.ctx().email).toBe(email)
    }
    expect(h.emails).toHaveLength(0)
    expect(isValidEmail(' ada@example.com ')).toBe(true)
  })

  test('behavior: VERIFY_OTP → code → connected with the user', async () => {
    const h = harness()
    h.actor.send({ type: 'emailLogin.setEmail', email: ' ada@example.com ' })
    h.actor.send({ type: 'emailLogin.submit' })
    expect(h.actor.getSnapshot().hasTag('loading')).toBe(true)
    expect(h.emails[0]!.email).toBe('ada@example.com')
    h.emails[0]!.d.resolve({ action: 'VERIFY_OTP' })
    await h.flush()
    expect(h.value()).toEqual({ verifyingOtp: 'coolingDown' })
    expect(h.emitted).toEqual([{ type: 'emailLogin.verifying', action: 'VERIFY_OTP' }])
    h.actor.send({ type: 'emailLogin.submitOtp', otp: '123456' })
    expect(h.otps[0]!.otp).toBe('123456')
    h.otps[0]!.d.resolve({})
    await h.flush()
    expect(h.value()).toBe('connecting')
    h.users[0]!.resolve(user)
    await h.flush()
    expect(h.value()).toBe('connected')
    expect(h.emitted.at(-1)).toEqual({ type: 'emailLogin.connected', user })
  })

  test('behavior: VERIFY_DEVICE waits for the mail link, then connects; CONNECT connects at once', async () => {
    const h = harness()
    h.actor.send({ type: 'emailLogin.setEmail', email: 'ada@example.com' })
    h.actor.send({ type: 'emailLogin.submit' })
    h.emails[0]!.d.resolve({ action: 'VERIFY_DEVICE' })
    await h.flush()
    expect(h.value()).toBe('verifyingDevice')
    h.devices[0]!.resolve({})
    await h.flush()
    expect(h.value()).toBe('connecting')
    const k = harness()
    k.actor.send({ type: 'emailLogin.setEmail', email: 'ada@example.com' })
    k.actor.send({ type: 'emailLogin.submit' })
    k.emails[0]!.d.resolve({ action: 'CONNECT' })
    await k.flush()
    expect(k.value()).toBe('connecting')
  })

  test('behavior: the throttle error keeps the email and carries the seconds left', async () => {
    const h = harness()
    h.actor.send({ type: 'emailLogin.setEmail', email: 'ada@example.com' })
    h.actor.send({ type: 'emailLogin.submit' })
    h.emails[0]!.d.reject(new FrameReplyError({ message: 'Please try again after 17 seconds', retryAfterSeconds: 17 }))
    await h.flush()
    expect(h.value()).toBe('enteringEmail')
    expect(h.ctx()).toMatchObject({ email: 'ada@example.com', error: { message: 'Please try again after 17 seconds', retryAfterSeconds: 17 } })
    expect(h.emitted.at(-1)?.type).toBe('emailLogin.failed')
  })

  test('bad input: a code that is not six digits is refused; a wrong code stays on the code entry', async () => {
    const h = harness()
    h.actor.send({ type: 'emailLogin.setEmail', email: 'ada@example.com' })
    h.actor.send({ type: 'emailLogin.submit' })
    h.emails[0]!.d.resolve({ action: 'VERIFY_OTP' })
    await h.flush()
    for (const otp of ['', '12345', '1234567', 'abcdef']) h.actor.send({ type: 'emailLogin.submitOtp', otp })
    expect(h.otps).toHaveLength(0)
    expect(h.ctx().error?.name).toBe('InvalidOtpError')
    h.actor.send({ type: 'emailLogin.submitOtp', otp: '000000' })
    h.otps[0]!.d.reject(new FrameReplyError({ message: 'Invalid code' }))
    await h.flush()
    expect(h.value()).toEqual({ verifyingOtp: 'canResend' })
    expect(h.ctx().error?.message).toBe('Invalid code')
  })

  test('behavior: resend only after the cooldown; it sends the same email again', async () => {
    const h = harness()
    h.actor.send({ type: 'emailLogin.setEmail', email: 'ada@example.com' })
    h.actor.send({ type: 'emailLogin.submit' })
    h.emails[0]!.d.resolve({ action: 'VERIFY_OTP' })
    await h.flush()
    h.actor.send({ type: 'emailLogin.resend' })
    expect(h.emails).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(timing.otpResendCooldown)
    h.actor.send({ type: 'emailLogin.resend' })
    expect(h.emails).toHaveLength(2)
    expect(h.emails[1]!.email).toBe('ada@example.com')
    h.emails[1]!.d.resolve({ action: 'VERIFY_OTP' })
    await h.flush()
    expect(h.value()).toEqual({ verifyingOtp: 'coolingDown' })
  })

  test('behavior: reset returns to the email field with the email kept', async () => {
    const h = harness()
    h.actor.send({ type: 'emailLogin.setEmail', email: 'ada@example.com' })
    h.actor.send({ type: 'emailLogin.submit' })
    h.emails[0]!.d.resolve({ action: 'VERIFY_DEVICE' })
    await h.flush()
    h.actor.send({ type: 'emailLogin.reset' })
    expect(h.value()).toBe('enteringEmail')
    expect(h.ctx().email).toBe('ada@example.com')
    // the device wait that was running is dropped
    h.devices[0]!.resolve({})
    await h.flush()
    expect(h.value()).toBe('enteringEmail')
  })
})
