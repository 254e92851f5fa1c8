import { assign, emit, fromPromise, setup } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import * as v from 'valibot'
import { summarizeError, type ErrorSummary } from '../adapters/errors.ts'
import { frameEmailSchema, type FrameUser } from '../adapters/frame.protocol.ts'
import { timing } from './timing.ts'
import { actorErrorOf } from './narrow.ts'
import type { RootMoment } from './features.ts'
import { requestAuthConnection, tellAction, type SystemMessage } from './system.ts'
import { machineTypes } from './machineTypes.ts'
import type { EmbeddedApprovalEvent } from './frame.ts'

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
  /** The systemId of the active namespace's connection: the one asked to connect the auth connector. */
  connection: string
  /** An account is connected in the active namespace (an approval's failure then goes back to Account, not Connect). */
  connected: boolean
}

/** What the machine starts with: the active namespace's connection (default the eip155 one), and whether it is connected. */
export type EmailLoginInput = { connection?: string | undefined; connected?: boolean | undefined } | undefined

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
  /** The embedded wallet's approvals (spec §4 "Embedded-wallet RPC lifecycle"). */
  | EmbeddedApprovalEvent
  /** The root's moments: a connection or a disconnect (`root.account`) is a new visit, from the email field. */
  | RootMoment

/** `emailLogin.connected`: the frame has a session for `user`; the owner connects the auth connector. */
export type EmailLoginEmitted = { type: 'emailLogin.verifying'; action: 'VERIFY_DEVICE' | 'VERIFY_OTP' } | { type: 'emailLogin.connected'; user: FrameUser } | { type: 'emailLogin.failed'; error: EmailLoginError }

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('emailLogin', name)
}

/** Whether `email` is a valid email address (spec §5), after trimming. */
export function isValidEmail(email: string): boolean {
  return v.safeParse(frameEmailSchema, email).success
}

/** A message for the actor registered as `to` (the `tell` action's params). */
const tell = (to: string, event: SystemMessage['event']) => ({ type: 'tell', params: { to, event } satisfies SystemMessage }) as const

/** The id of an approval's entry on the transaction stack: `approve-<the first waiting request's id>`. */
const approvalEntryId = (event: EmailLoginEvent) => `approve-${event.type === 'embedded.approvalRequested' || event.type === 'embedded.approvalEnded' ? event.id : ''}`

/** The approval's entry on the transaction stack (spec §4 "transaction stack"), success leading to Account. */
const pushApproval = {
  type: 'tell',
  params: ({ event }: { event: EmailLoginEvent }): SystemMessage => ({
    to: 'router',
    event: { type: 'router.pushTransaction', id: approvalEntryId(event), onSuccess: 'Account' },
  }),
} as const

/**
 * The approval's outcome pops its own entry: success to Account, error back one view; under a newer entry (a send's
 * or another request's, pushed after it) it only leaves the stack.
 */
const popApproval = {
  type: 'tell',
  params: ({ context, event }: { context: EmailLoginContext; event: EmailLoginEvent }): SystemMessage => ({
    to: 'router',
    event: { type: 'router.popTransaction', id: approvalEntryId(event), outcome: event.type === 'embedded.approvalEnded' ? event.outcome : 'error', isConnected: context.connected },
  }),
} as const

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
 * - `emailLogin.reset` returns to `enteringEmail` from anywhere (the running request is dropped), and so does a
 *   connection or a disconnect (`root.account`: a new visit, the typed email kept).
 * - `connected` tells the active namespace's connection, by systemId, to connect the auth connector (the embedded
 *   wallet's `eth_requestAccounts`), which closes the modal like any connection.
 * - The embedded wallet's approvals, whatever the login's state (spec §4 "Embedded-wallet RPC lifecycle"): an unsafe
 *   request puts ApproveTransaction on the transaction stack (pushed over the open modal's view, or the modal opened
 *   on it); its success pops to Account and its failure back one view, or the modal it opened closes.
 *
 * Actors to provide: `connectEmail` ({ email } → action), `connectDevice`, `connectOtp` ({ otp }), `getUser` (→ user).
 */
export const emailLoginMachine = setup({
  types: machineTypes<{ context: EmailLoginContext; events: EmailLoginEvent; emitted: EmailLoginEmitted; input: EmailLoginInput }>(),
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
    /** The approval began (or ended) while the modal was open. */
    wasModalOpen: ({ event }) => (event.type === 'embedded.approvalRequested' || event.type === 'embedded.approvalEnded') && event.modalWasOpen,
    /** The root's account moment is a connection or a disconnect (not a change of chain or namespace). */
    isNewVisit: ({ event }) => event.type === 'root.account' && (event.change === 'connected' || event.change === 'disconnected'),
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
    tell: tellAction<EmailLoginContext, EmailLoginEvent>(),
    /** The root's account moment: the active namespace's connection, and whether it has an account. */
    followAccount: assign(({ context, event }) => (event.type === 'root.account' ? { connection: event.connection ?? context.connection, connected: event.account !== undefined } : {})),
  },
}).createMachine({
  id: 'emailLogin',
  context: ({ input }) => ({ email: '', error: undefined, user: undefined, connection: input?.connection ?? 'connection.eip155', connected: input?.connected ?? false }),
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
        onDone: {
          target: 'connected',
          actions: [{ type: 'setUser', params: ({ event }) => event.output }, 'emitConnected', { type: 'tell', params: requestAuthConnection }],
        },
        onError: { target: 'enteringEmail', actions: ['setError', 'emitFailed'] },
      },
    },
    connected: {},
  },
  on: {
    'emailLogin.reset': { target: '.enteringEmail', actions: 'clearError' },
    'root.account': [{ guard: 'isNewVisit', target: '.enteringEmail', actions: ['clearError', 'followAccount'] }, { actions: 'followAccount' }],
    'embedded.approvalRequested': [
      { guard: 'wasModalOpen', actions: [tell('router', { type: 'router.push', view: 'ApproveTransaction' }), pushApproval] },
      { actions: [tell('router', { type: 'router.reset', view: 'ApproveTransaction' }), pushApproval, tell('modal', { type: 'modal.open' })] },
    ],
    'embedded.approvalEnded': [{ guard: 'wasModalOpen', actions: popApproval }, { actions: [tell('router', { type: 'router.clearTransactions', from: 'ApproveTransaction' }), tell('modal', { type: 'modal.close' })] }],
  },
})
