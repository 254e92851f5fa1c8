import type { SnapshotFrom } from 'xstate'
import type { updateEmailMachine } from './updateEmail.ts'

/** The step of the email update the view shows. */
export type UpdateEmailStep = 'idle' | 'email' | 'sending' | 'primary' | 'checkingPrimary' | 'secondary' | 'checkingSecondary' | 'awaiting' | 'updated'

/** UpdateEmailWallet's view model (STYLE rule 3). */
export type UpdateEmailView = {
  /** False until the machine arrived (fetched with Account's edit button). */
  loaded: boolean
  step: UpdateEmailStep
  /** The signed-in email. */
  currentEmail: string
  /** The new email as typed. */
  email: string
  /** Where the code of the step was mailed: the current address (primary) or the new one (secondary). */
  codeSentTo: string | undefined
  error: { kind: 'invalidEmail' } | { kind: 'sameEmail' } | { kind: 'invalidOtp' } | { kind: 'throttled'; seconds: number } | { kind: 'message'; message: string } | undefined
  /** On a code step: the code can be mailed again (the 30 s cooldown passed, nothing runs). */
  canResend: boolean
  /** On a code step: a new code is being mailed. */
  resending: boolean
  /** A request runs (the buttons wait). */
  busy: boolean
}

const notLoaded: UpdateEmailView = { loaded: false, step: 'idle', currentEmail: '', email: '', codeSentTo: undefined, error: undefined, canResend: false, resending: false, busy: false }

/**
 * UpdateEmailWallet's view model from the machine's snapshot (undefined: not loaded yet).
 * @example connectUpdateEmail(undefined) // { loaded: false, step: 'idle', … }
 */
export function connectUpdateEmail(snapshot: SnapshotFrom<typeof updateEmailMachine> | undefined): UpdateEmailView {
  if (!snapshot) return notLoaded
  const m = (v: Parameters<typeof snapshot.matches>[0]) => snapshot.matches(v)
  const step: UpdateEmailStep = m('enteringEmail')
    ? 'email'
    : m('sending')
      ? 'sending'
      : m({ verifyingPrimary: { code: 'checking' } })
        ? 'checkingPrimary'
        : m('verifyingPrimary')
          ? 'primary'
          : m({ verifyingSecondary: { code: 'checking' } })
            ? 'checkingSecondary'
            : m('verifyingSecondary')
              ? 'secondary'
              : m('awaitingChange')
                ? 'awaiting'
                : m('updated')
                  ? 'updated'
                  : 'idle'
  const { currentEmail, email, error: e } = snapshot.context
  const error: UpdateEmailView['error'] = !e
    ? undefined
    : e.retryAfterSeconds !== undefined
      ? { kind: 'throttled', seconds: e.retryAfterSeconds }
      : e.name === 'InvalidEmailError'
        ? { kind: 'invalidEmail' }
        : e.name === 'SameEmailError'
          ? { kind: 'sameEmail' }
          : e.name === 'InvalidOtpError'
            ? { kind: 'invalidOtp' }
            : { kind: 'message', message: e.message }
  const codeSentTo = step === 'primary' || step === 'checkingPrimary' ? currentEmail : step === 'secondary' || step === 'checkingSecondary' ? email.trim() : undefined
  const canResend = m({ verifyingPrimary: { resend: 'canResend', code: 'entering' } }) || m({ verifyingSecondary: { resend: 'canResend', code: 'entering' } })
  const resending = m({ verifyingPrimary: { resend: 'resending' } }) || m({ verifyingSecondary: { resend: 'resending' } })
  return { loaded: true, step, currentEmail, email, codeSentTo, error, canResend, resending, busy: snapshot.hasTag('loading') }
}
