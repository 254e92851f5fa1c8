import { assign, emit, fromPromise, setup } from 'xstate'
import { summarizeError, type ErrorSummary } from '../adapters/errors.ts'
import { isValidEmail } from './emailLogin.ts'
import { timing } from './timing.ts'

/** What the frame answers to an email-update step (spec §4 "Email update result action"). */
export type EmailUpdateAction = 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'

/** Context of the email update (issue 19 §3). */
export type UpdateEmailContext = {
  /** The signed-in email (the Account's), to refuse the same address before the frame is asked. */
  currentEmail: string
  /** The new email as typed (kept through errors and Back from the codes). */
  email: string
  /** The email the frame confirmed after the second code, polled until the frame's user reports it. */
  newEmail: string | undefined
  /** The last failure, shown on the step it happened on. */
  error: ErrorSummary | undefined
}

export type UpdateEmailEvent =
  /** Account's edit button on the email row: the form opens empty, for `currentEmail`'s account. */
  | { type: 'updateEmail.start'; currentEmail: string }
  /** The visitor typed in the new email field. */
  | { type: 'updateEmail.setEmail'; email: string }
  /** Continue: the new email goes to the frame (a valid email, not the current one). */
  | { type: 'updateEmail.submit' }
  /** A six-digit code entered (the current address's, then the new address's). */
  | { type: 'updateEmail.submitOtp'; otp: string }
  /** "Change the new email" on a code step: back to the field, the typed email kept. */
  | { type: 'updateEmail.edit' }
  /** Back, the modal closed, or another account: the change is left (a running request is dropped). */
  | { type: 'updateEmail.cancel' }

/** `updateEmail.updated`: the frame reports the new email; the owner shows Account with it. */
export type UpdateEmailEmitted = { type: 'updateEmail.updated'; email: string } | { type: 'updateEmail.failed'; error: ErrorSummary }

const notProvided = (name: string) => () => {
  throw new Error(`The "${name}" actor was not provided (machine.provide({ actors })).`)
}

/** Whether `email` is a valid email address that is not `current` (compared trimmed, case-insensitive). */
export function isNewEmail(email: string, current: string): boolean {
  return isValidEmail(email) && email.trim().toLowerCase() !== current.trim().toLowerCase()
}

/**
 * Changing the embedded wallet's email (issue 19 §3; spec §2 UpdateEmailWallet, §3 "update email (plus primary and
 * secondary OTP)", §4 "Email update result action", §9 "email change poll 1000 ms"):
 * - `idle` until `updateEmail.start` (Account's edit button on the email row, email users only).
 * - `enteringEmail`: `updateEmail.submit` with a valid email other than the current one → `sending` (`requestUpdate`:
 *   APP_UPDATE_EMAIL). The answer: `VERIFY_PRIMARY_OTP` → `verifyingPrimary` (a code mailed to the current address),
 *   `VERIFY_SECONDARY_OTP` → `verifyingSecondary` (a code mailed to the new address).
 * - `checkingPrimary` (`verifyPrimary`: APP_UPDATE_EMAIL_PRIMARY_OTP) → `verifyingSecondary`;
 *   `checkingSecondary` (`verifySecondary`: APP_UPDATE_EMAIL_SECONDARY_OTP) → `awaitingChange`.
 * - `awaitingChange`: the frame's user is read (`readEmail`) every `emailChangePoll` (1000 ms) until it reports the new
 *   email → `updated` (emits `updateEmail.updated`).
 * - A failure returns to the step it happened on with its message, the typed email kept (a wrong code stays on the
 *   code). `updateEmail.cancel` returns to `idle` from anywhere; while the change is committed (`committing` tag: the
 *   second code checked, the poll) Back waits.
 *
 * Actors to provide: `requestUpdate` ({ email } → { action }), `verifyPrimary` ({ otp } → { action }),
 * `verifySecondary` ({ otp } → { newEmail }), `readEmail` (→ the frame user's email, or null).
 */
export const updateEmailMachine = setup({
  types: {
    context: {} as UpdateEmailContext,
    events: {} as UpdateEmailEvent,
    emitted: {} as UpdateEmailEmitted,
  },
  actors: {
    requestUpdate: fromPromise<{ action: EmailUpdateAction }, { email: string }>(notProvided('requestUpdate')),
    verifyPrimary: fromPromise<{ action: EmailUpdateAction }, { otp: string }>(notProvided('verifyPrimary')),
    verifySecondary: fromPromise<{ newEmail: string }, { otp: string }>(notProvided('verifySecondary')),
    readEmail: fromPromise<string | null | undefined, void>(notProvided('readEmail')),
  },
  delays: {
    emailChangePoll: timing.emailChangePoll,
  },
  guards: {
    isNewEmail: ({ context }) => isNewEmail(context.email, context.currentEmail),
    isCurrentEmail: ({ context }) => isValidEmail(context.email) && !isNewEmail(context.email, context.currentEmail),
    isSecondaryNext: ({ event }) => (event as { output?: { action?: string } }).output?.action === 'VERIFY_SECONDARY_OTP',
    isOtpFilled: ({ event }) => event.type === 'updateEmail.submitOtp' && /^\d{6}$/.test(event.otp.trim()),
    isChanged: ({ context, event }) => {
      const reported = (event as { output?: unknown }).output
      return typeof reported === 'string' && reported.toLowerCase() === context.newEmail?.toLowerCase()
    },
  },
  actions: {
    start: assign({
      currentEmail: ({ event }) => (event.type === 'updateEmail.start' ? event.currentEmail : ''),
      email: '',
      newEmail: undefined,
      error: undefined,
    }),
    setEmail: assign({ email: ({ context, event }) => (event.type === 'updateEmail.setEmail' ? event.email : context.email), error: undefined }),
    setInvalidEmail: assign({ error: { name: 'InvalidEmailError', message: 'Invalid email' } }),
    setSameEmail: assign({ error: { name: 'SameEmailError', message: 'This is already your email' } }),
    setInvalidOtp: assign({ error: { name: 'InvalidOtpError', message: 'Invalid code' } }),
    setError: assign({ error: ({ event }) => summarizeError((event as { error?: unknown }).error) }),
    clearError: assign({ error: undefined }),
    setNewEmail: assign({ newEmail: ({ event }) => (event as { output?: { newEmail?: string } }).output?.newEmail }),
    emitUpdated: emit(({ context }) => ({ type: 'updateEmail.updated' as const, email: context.newEmail! })),
    emitFailed: emit(({ context }) => ({ type: 'updateEmail.failed' as const, error: context.error! })),
  },
}).createMachine({
  id: 'updateEmail',
  context: { currentEmail: '', email: '', newEmail: undefined, error: undefined },
  initial: 'idle',
  states: {
    idle: {},
    /** UpdateEmailWallet: the new email field. */
    enteringEmail: {
      on: {
        'updateEmail.setEmail': { actions: 'setEmail' },
        'updateEmail.submit': [
          { guard: 'isNewEmail', target: 'sending', actions: 'clearError' },
          { guard: 'isCurrentEmail', actions: 'setSameEmail' },
          { actions: 'setInvalidEmail' },
        ],
      },
    },
    sending: {
      tags: ['loading'],
      invoke: {
        id: 'requestUpdate',
        src: 'requestUpdate',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: [{ guard: 'isSecondaryNext', target: 'verifyingSecondary' }, { target: 'verifyingPrimary' }],
        onError: { target: 'enteringEmail', actions: ['setError', 'emitFailed'] },
      },
    },
    /** The code mailed to the current address. */
    verifyingPrimary: {
      on: {
        'updateEmail.submitOtp': [{ guard: 'isOtpFilled', target: 'checkingPrimary', actions: 'clearError' }, { actions: 'setInvalidOtp' }],
        'updateEmail.edit': { target: 'enteringEmail', actions: 'clearError' },
      },
    },
    checkingPrimary: {
      tags: ['loading'],
      invoke: {
        id: 'verifyPrimary',
        src: 'verifyPrimary',
        input: ({ event }) => ({ otp: ((event as { otp?: string }).otp ?? '').trim() }),
        onDone: 'verifyingSecondary',
        onError: { target: 'verifyingPrimary', actions: 'setError' },
      },
    },
    /** The code mailed to the new address. */
    verifyingSecondary: {
      on: {
        'updateEmail.submitOtp': [{ guard: 'isOtpFilled', target: 'checkingSecondary', actions: 'clearError' }, { actions: 'setInvalidOtp' }],
        'updateEmail.edit': { target: 'enteringEmail', actions: 'clearError' },
      },
    },
    checkingSecondary: {
      tags: ['loading', 'committing'],
      invoke: {
        id: 'verifySecondary',
        src: 'verifySecondary',
        input: ({ event }) => ({ otp: ((event as { otp?: string }).otp ?? '').trim() }),
        onDone: { target: 'awaitingChange', actions: 'setNewEmail' },
        onError: { target: 'verifyingSecondary', actions: 'setError' },
      },
    },
    /** The change is made: the frame's user is read every second until it reports the new email (spec §9). */
    awaitingChange: {
      tags: ['loading', 'committing'],
      initial: 'reading',
      states: {
        reading: {
          invoke: {
            id: 'readEmail',
            src: 'readEmail',
            onDone: [{ guard: 'isChanged', target: '#updateEmail.updated', actions: 'emitUpdated' }, { target: 'waiting' }],
            onError: 'waiting',
          },
        },
        waiting: { after: { emailChangePoll: 'reading' } },
      },
    },
    updated: {},
  },
  on: {
    'updateEmail.start': { target: '.enteringEmail', actions: 'start' },
    'updateEmail.cancel': { target: '.idle', actions: 'clearError' },
  },
})
