import { describe, expect, test } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { FrameReplyError } from '../adapters/frame.ts'
import { connectEmailLogin, displayEmail } from './emailLogin.connect.ts'
import { emailLoginMachine, type EmailConnectAction } from './emailLogin.ts'

describe('email login view model', () => {
  test('behavior: not loaded yet: the empty email step', () => {
    expect(connectEmailLogin(undefined)).toEqual({ loaded: false, step: 'email', email: '', error: undefined, canResend: false, busy: false })
  })

  test('behavior: the steps and errors as the view shows them', async () => {
    let fail: (e: unknown) => void = () => {}
    const actor = createActor(
      emailLoginMachine.provide({
        actors: { connectEmail: fromPromise<{ action: EmailConnectAction }, { email: string }>(() => new Promise((_, reject) => (fail = reject))) },
      }),
      { input: {} },
    ).start()
    actor.send({ type: 'emailLogin.setEmail', email: 'nope' })
    actor.send({ type: 'emailLogin.submit' })
    expect(connectEmailLogin(actor.getSnapshot()).error).toEqual({ kind: 'invalidEmail' })
    actor.send({ type: 'emailLogin.setEmail', email: 'ada@example.com' })
    actor.send({ type: 'emailLogin.submit' })
    expect(connectEmailLogin(actor.getSnapshot())).toMatchObject({ loaded: true, step: 'sending', busy: true, error: undefined })
    fail(new FrameReplyError({ message: 'Please try again after 9 seconds', retryAfterSeconds: 9 }))
    await new Promise((r) => setTimeout(r, 0))
    expect(connectEmailLogin(actor.getSnapshot())).toMatchObject({ step: 'email', email: 'ada@example.com', error: { kind: 'throttled', seconds: 9 } })
  })

  test('behavior: an email longer than 30 characters loses its last 3 for an ellipsis (spec §9)', () => {
    expect(displayEmail('ada@example.com')).toBe('ada@example.com')
    expect(displayEmail('x'.repeat(18) + '@example.com')).toBe('x'.repeat(18) + '@example.com')
    expect(displayEmail('a-very-long-address-for-the-test@example.com')).toBe('a-very-long-address-for-the-test@example....')
  })
})
