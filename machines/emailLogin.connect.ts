import type { SnapshotFrom } from 'xstate'
import type { emailLoginMachine } from './emailLogin.ts'

/** The step of the email login the view shows. */
export type EmailLoginStep = 'email' | 'sending' | 'device' | 'otp' | 'checking' | 'connecting' | 'connected'

/** The email login's view model (STYLE rule 3). */
export type EmailLoginView = {
  /** False until the machine arrived (the first keystroke fetches it). */
  loaded: boolean
  step: EmailLoginStep
  email: string
  /** What went wrong: the throttle's seconds, an invalid email or code, or the frame's message. */
  error: { kind: 'throttled'; seconds: number } | { kind: 'invalidEmail' } | { kind: 'invalidOtp' } | { kind: 'message'; message: string } | undefined
  /** Resend is possible (the cooldown passed). */
  canResend: boolean
  /** A request is running (the buttons wait). */
  busy: boolean
}

/**
 * The email login's view model from its snapshot (undefined: not loaded yet).
 * @example connectEmailLogin(undefined) // { loaded: false, step: 'email', email: '', … }
 */
export function connectEmailLogin(snapshot: SnapshotFrom<typeof emailLoginMachine> | undefined): EmailLoginView {
  if (!snapshot) return { loaded: false, step: 'email', email: '', error: undefined, canResend: false, busy: false }
  const m = (v: Parameters<typeof snapshot.matches>[0]) => snapshot.matches(v)
  const step: EmailLoginStep = m('sendingEmail')
    ? 'sending'
    : m('verifyingDevice')
      ? 'device'
      : m('verifyingOtp')
        ? 'otp'
        : m('checkingOtp')
          ? 'checking'
          : m('connecting')
            ? 'connecting'
            : m('connected')
              ? 'connected'
              : 'email'
  const e = snapshot.context.error
  const error: EmailLoginView['error'] = !e
    ? undefined
    : e.retryAfterSeconds !== undefined
      ? { kind: 'throttled', seconds: e.retryAfterSeconds }
      : e.name === 'InvalidEmailError'
        ? { kind: 'invalidEmail' }
        : e.name === 'InvalidOtpError'
          ? { kind: 'invalidOtp' }
          : { kind: 'message', message: e.message }
  return { loaded: true, step, email: snapshot.context.email, error, canResend: m({ verifyingOtp: 'canResend' }), busy: snapshot.hasTag('loading') }
}

/**
 * The signed-in email as the Account shows it (spec §9): longer than 30 characters, its last 3 are cut and an
 * ellipsis added.
 * @example displayEmail('a-very-long-address-for-the-test@example.com') // 'a-very-long-address-for-the-test@example....'
 */
export function displayEmail(email: string): string {
  return email.length > 30 ? `${email.slice(0, -3)}...` : email
}
