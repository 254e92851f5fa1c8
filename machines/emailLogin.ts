import { assign, emit, fromPromise, setup } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import * as v from 'valibot'
import { summarizeError, type ErrorSummary } from '../adapters/errors.ts'
import { frameEmailSchema, type FrameUser } from '../adapters/frame.protocol.ts'
import { timing } from './timing.ts'
import { actorErrorOf } from './narrow.ts'

/** What the frame answered to APP_CONNECT_EMAIL (spec §4 "Email connect result action"). */
export type EmailConnectAction = 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'

/** An email login error as the view shows it: the error, and for the throttle the seconds left (spec §5). */
export type EmailLoginError = ErrorSummary & { retryAfterSeconds?: number | undefined }

/** Context of the email login (spec §4 "Email connection"). */
export type EmailLoginContext = {
  /** The email as typed (kept through errors). */
  email: string
  /** The last failure, shown under the field or the code. */
  error: EmailLoginError | undefined
  /** The signed-in user once connected. */
  user: FrameUser | undefined
}

export type EmailLoginEvent =
  /** The visitor typed in the email field. */
  | { type: 'emailLogin.setEmail'; email: string }
  /** Continue: the email goes to the frame (a valid email only). */
  | { type: 'emailLogin.submit' }
  /** The six-digit code entered. */
  | { type: 'emailLogin.submitOtp'; otp: string }
  /** Resend the code (after the cooldown). */
  | { type: 'emailLogin.resend' }
  /** Back to the email field (Back on the code or device view, or the modal closed). */
  | { type: 'emailLogin.reset' }

/** `emailLogin.connected`: the frame has a session for `user`; the owner connects the auth connector. */
export type EmailLoginEmitted = { type: 'emailLogin.verifying'; action: 'VERIFY_DEVICE' | 'VERIFY_OTP' } | { type: 'emailLogin.connected'; user: FrameUser } | { type: 'emailLogin.failed'; error: EmailLoginError }

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('emailLogin', name)
}

/** Whether `email` is a valid email address (spec §5), after trimming. */
export function isValidEmail(email: string): boolean {
  return v.safeParse(frameEmailSchema, email).success
}

function errorOf(error: unknown): EmailLoginError {
  const summary = summarizeError(error)
  const retry = typeof error === 'object' && error !== null && 'retryAfterSeconds' in error ? error.retryAfterSeconds : undefined
  return typeof retry === 'number' ? { ...summary, retryAfterSeconds: retry } : summary
}

/**
 * Email login through the embedded wallet's frame (spec §2 EmailLogin, §4 "Email connection", §5):
 * - `enteringEmail`: `emailLogin.submit` with a valid email → `sendingEmail` (`connectEmail`: APP_CONNECT_EMAIL;
 *   the actor refuses a login within 30 s of the last with the throttle error and its seconds).
 * - The answer: `VERIFY_DEVICE` → `verifyingDevice` (`connectDevice` resolves once the mail link was opened),
 *   `VERIFY_OTP` → `verifyingOtp` (code entry; `emailLogin.resend` after `otpResendCooldown`), `CONNECT` → `connecting`.
 * - `connecting` reads the user (`getUser`) → `connected` (emits `emailLogin.connected`: the auth connector becomes
 *   the eip155 connection).
 * - Every failure returns to where the visitor can retry with the typed email kept (a wrong code stays on the code).
 * - `emailLogin.reset` returns to `enteringEmail` from anywhere (the running request is dropped).
 *
 * Actors to provide: `connectEmail` ({ email } → action), `connectDevice`, `connectOtp` ({ otp }), `getUser` (→ user).
 */
export const emailLoginMachine = setup({
  types: {
    context: {} as EmailLoginContext,
    events: {} as EmailLoginEvent,
    emitted: {} as EmailLoginEmitted,
  },
  actors: {
    connectEmail: fromPromise<{ action: EmailConnectAction }, { email: string }>(notProvided('connectEmail')),
    connectDevice: fromPromise<unknown, void>(notProvided('connectDevice')),
    connectOtp: fromPromise<unknown, { otp: string }>(notProvided('connectOtp')),
    getUser: fromPromise<FrameUser, void>(notProvided('getUser')),
  },
  delays: {
    otpResendCooldown: timing.otpResendCooldown,
  },
  guards: {
    isValidEmail: ({ context }) => isValidEmail(context.email),
    /** Params: what `connectEmail` answered. */
    isVerifyDevice: (_, answer: { action: EmailConnectAction }) => answer.action === 'VERIFY_DEVICE',
    /** Params: what `connectEmail` answered. */
    isVerifyOtp: (_, answer: { action: EmailConnectAction }) => answer.action === 'VERIFY_OTP',
    isOtpFilled: ({ event }) => event.type === 'emailLogin.submitOtp' && /^\d{6}$/.test(event.otp),
  },
  actions: {
    setEmail: assign({ email: ({ context, event }) => (event.type === 'emailLogin.setEmail' ? event.email : context.email), error: undefined }),
    setInvalidEmail: assign({ error: { name: 'InvalidEmailError', message: 'Invalid email' } }),
    setInvalidOtp: assign({ error: { name: 'InvalidOtpError', message: 'Invalid code' } }),
    setError: assign({ error: ({ event }) => errorOf(actorErrorOf(event)) }),
    clearError: assign({ error: undefined }),
    /** Params: the user `getUser` answered. */
    setUser: assign((_, user: FrameUser) => ({ user })),
    emitVerifyDevice: emit({ type: 'emailLogin.verifying' as const, action: 'VERIFY_DEVICE' as const }),
    emitVerifyOtp: emit({ type: 'emailLogin.verifying' as const, action: 'VERIFY_OTP' as const }),
    emitConnected: emit(({ context }) => ({ type: 'emailLogin.connected' as const, user: context.user! })),
    emitFailed: emit(({ context }) => ({ type: 'emailLogin.failed' as const, error: context.error! })),
  },
}).createMachine({
  id: 'emailLogin',
  context: { email: '', error: undefined, user: undefined },
  initial: 'enteringEmail',
  states: {
    enteringEmail: {
      on: {
        'emailLogin.setEmail': { actions: 'setEmail' },
        'emailLogin.submit': [{ guard: 'isValidEmail', target: 'sendingEmail', actions: 'clearError' }, { actions: 'setInvalidEmail' }],
      },
    },
    sendingEmail: {
      tags: ['loading'],
      invoke: {
        id: 'connectEmail',
        src: 'connectEmail',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: [
          { guard: { type: 'isVerifyDevice', params: ({ event }) => event.output }, target: 'verifyingDevice', actions: 'emitVerifyDevice' },
          { guard: { type: 'isVerifyOtp', params: ({ event }) => event.output }, target: 'verifyingOtp', actions: 'emitVerifyOtp' },
          { target: 'connecting' },
        ],
        onError: { target: 'enteringEmail', actions: ['setError', 'emitFailed'] },
      },
    },
    /** A new device: waiting for the visitor to open the link of the "verify this device" mail. */
    verifyingDevice: {
      invoke: {
        id: 'connectDevice',
        src: 'connectDevice',
        onDone: 'connecting',
        onError: { target: 'enteringEmail', actions: ['setError', 'emitFailed'] },
      },
    },
    /** A known device: the six-digit code of the mail. */
    verifyingOtp: {
      initial: 'coolingDown',
      states: {
        coolingDown: { after: { otpResendCooldown: 'canResend' } },
        canResend: { on: { 'emailLogin.resend': 'resending' } },
        resending: {
          tags: ['loading'],
          invoke: {
            id: 'resendEmail',
            src: 'connectEmail',
            input: ({ context }) => ({ email: context.email.trim() }),
            onDone: { target: 'coolingDown', actions: 'clearError' },
            onError: { target: 'canResend', actions: 'setError' },
          },
        },
      },
      on: {
        'emailLogin.submitOtp': [{ guard: 'isOtpFilled', target: 'checkingOtp', actions: 'clearError' }, { actions: 'setInvalidOtp' }],
      },
    },
    checkingOtp: {
      tags: ['loading'],
      invoke: {
        id: 'connectOtp',
        src: 'connectOtp',
        input: ({ event }) => ({ otp: event.type === 'emailLogin.submitOtp' ? event.otp : '' }),
        onDone: 'connecting',
        onError: { target: 'verifyingOtp.canResend', actions: 'setError' },
      },
    },
    connecting: {
      tags: ['loading'],
      invoke: {
        id: 'getUser',
        src: 'getUser',
        onDone: { target: 'connected', actions: [{ type: 'setUser', params: ({ event }) => event.output }, 'emitConnected'] },
        onError: { target: 'enteringEmail', actions: ['setError', 'emitFailed'] },
      },
    },
    connected: {},
  },
  on: {
    'emailLogin.reset': { target: '.enteringEmail', actions: 'clearError' },
  },
})
