import { assign, emit, fromPromise, not, or, setup, stateIn } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { summarizeError, type ErrorSummary } from '../adapters/errors.ts'
import { isValidEmail } from './emailLogin.ts'
import { timing } from './timing.ts'
import { actorErrorOf } from './narrow.ts'
import type { RootMoment } from './features.ts'
import { messageWith } from './messages.ts'
import { tellAction, type SystemMessage } from './system.ts'
import { machineTypes } from './machineTypes.ts'

/** What the frame answers to an email-update step (spec §4 "Email update result action"). */
export type EmailUpdateAction = 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'

/** An email update error as the view shows it: the error, and for the throttle the seconds left (spec §5). */
export type UpdateEmailError = ErrorSummary & { retryAfterSeconds?: number | undefined }

/** Context of the email update. */
export type UpdateEmailContext = {
  /** The signed-in email (the Account's), to refuse the same address before the frame is asked. */
  currentEmail: string
  /** The new email as typed (kept through errors and Back from the codes). */
  email: string
  /** The email the frame confirmed after the second code, polled until the frame's user reports it. */
  newEmail: string | undefined
  /** The last failure, shown on the step it happened on. */
  error: UpdateEmailError | undefined
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
  /** Resend the code of the step (after the cooldown: spec §5, §9 30 s). */
  | { type: 'updateEmail.resend' }
  /** "Change the new email" on a code step: back to the field, the typed email kept. */
  | { type: 'updateEmail.edit' }
  /** The root's moments: Back on UpdateEmailWallet, the modal closed, or another account leave the change (a running request is dropped). */
  | RootMoment

/** `updateEmail.updated`: the frame reports the new email (the machine shows Account with it and the toast itself). */
export type UpdateEmailEmitted = { type: 'updateEmail.updated'; email: string } | { type: 'updateEmail.failed'; error: ErrorSummary }

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('updateEmail', name)
}

/** Leaving UpdateEmailWallet for another account: Account, or Connect with none. */
const leave = (event: UpdateEmailEvent): SystemMessage => ({
  to: 'router',
  event: { type: 'router.reset', view: event.type === 'root.account' && event.account ? 'Account' : 'Connect' },
})

/** Whether `email` is a valid email address that is not `current` (compared trimmed, case-insensitive). */
export function isNewEmail(email: string, current: string): boolean {
  return isValidEmail(email) && email.trim().toLowerCase() !== current.trim().toLowerCase()
}

function errorOf(error: unknown): UpdateEmailError {
  const summary = summarizeError(error)
  const retry = typeof error === 'object' && error !== null && 'retryAfterSeconds' in error ? error.retryAfterSeconds : undefined
  return typeof retry === 'number' ? { ...summary, retryAfterSeconds: retry } : summary
}

/**
 * Changing the embedded wallet's email (spec §2 UpdateEmailWallet, §3 "update email (plus primary and
 * secondary OTP)", §4 "Email update result action", §5 throttle, §9 "email change poll 1000 ms", "email login cooldown 30 s"):
 * - `idle` until `updateEmail.start` (Account's edit button on the email row, email users only).
 * - `enteringEmail`: `updateEmail.submit` with a valid email other than the current one → `sending` (`requestUpdate`:
 *   APP_UPDATE_EMAIL). The answer: `VERIFY_PRIMARY_OTP` → `verifyingPrimary` (a code mailed to the current address),
 *   `VERIFY_SECONDARY_OTP` → `verifyingSecondary` (a code mailed to the new address). A throttled answer (the secure
 *   site's 30 s between mails of a change) shows "Please try again after N seconds" on the field.
 * - Each code step runs two regions in parallel: `code` (a six-digit code is checked: `verifyPrimary` /
 *   `verifySecondary`; a refusal stays on the field with its message) and `resend` (`coolingDown` for
 *   `otpResendCooldown`, 30 s after the mail, then `canResend`; `updateEmail.resend` asks `requestUpdate` again with the
 *   same email: the secure site mails a new code of the same step and the cooldown starts over). A refused code does
 *   not restart the cooldown; resend and check never run together.
 * - A resend of the second code answered `VERIFY_PRIMARY_OTP` (the current address's proof has expired, so the site
 *   started over) → `verifyingPrimary`.
 * - `verifyingPrimary`'s code accepted → `verifyingSecondary`; `verifyingSecondary`'s → `awaitingChange`: the frame's
 *   user is read (`readEmail`) every `emailChangePoll` (1000 ms) until it reports the new email → `updated` (emits
 *   `updateEmail.updated`; the success toast naming the new email shows wherever the visitor is, and UpdateEmailWallet,
 *   if it still shows, leaves for Account).
 * - `updateEmail.edit` on a code step returns to the field with the typed email. Back on UpdateEmailWallet
 *   (`root.back`), the modal closed (`root.closed`) or an account moment (`root.account`) return to `idle` from
 *   anywhere; another account while the view shows (not a restore) also resets to Account (Connect with none). While
 *   the change is committed (`committing` tag: the second code checked, the poll) Back waits.
 * - It moves the rest of the modal itself, by systemId: `updateEmail.start` pushes UpdateEmailWallet.
 *
 * Actors to provide: `requestUpdate` ({ email } → { action }), `verifyPrimary` ({ otp } → { action }),
 * `verifySecondary` ({ otp } → { newEmail }), `readEmail` (→ the frame user's email, or null).
 */
export const updateEmailMachine = setup({
  types: machineTypes<{ context: UpdateEmailContext; events: UpdateEmailEvent; emitted: UpdateEmailEmitted }>(),
  actors: {
    requestUpdate: fromPromise<{ action: EmailUpdateAction }, { email: string }>(notProvided('requestUpdate')),
    verifyPrimary: fromPromise<{ action: EmailUpdateAction }, { otp: string }>(notProvided('verifyPrimary')),
    verifySecondary: fromPromise<{ newEmail: string }, { otp: string }>(notProvided('verifySecondary')),
    readEmail: fromPromise<string | null | undefined, void>(notProvided('readEmail')),
  },
  delays: {
    emailChangePoll: timing.emailChangePoll,
    otpResendCooldown: timing.otpResendCooldown,
  },
  guards: {
    isNewEmail: ({ context }) => isNewEmail(context.email, context.currentEmail),
    isCurrentEmail: ({ context }) => isValidEmail(context.email) && !isNewEmail(context.email, context.currentEmail),
    /** Params: what `requestUpdate` answered. */
    isSecondaryNext: (_, answer: { action: EmailUpdateAction }) => answer.action === 'VERIFY_SECONDARY_OTP',
    /** Params: what `requestUpdate` answered. */
    isPrimaryNext: (_, answer: { action: EmailUpdateAction }) => answer.action === 'VERIFY_PRIMARY_OTP',
    isOtpFilled: ({ event }) => event.type === 'updateEmail.submitOtp' && /^\d{6}$/.test(event.otp.trim()),
    isResending: or([stateIn('#updateEmail.verifyingPrimary.resend.resending'), stateIn('#updateEmail.verifyingSecondary.resend.resending')]),
    isChecking: or([stateIn('#updateEmail.verifyingPrimary.code.checking'), stateIn('#updateEmail.verifyingSecondary.code.checking')]),
    /** Another account (not a restore) while UpdateEmailWallet shows. */
    isLeavingItsView: ({ event }) => event.type === 'root.account' && event.change !== 'restored' && event.holder === 'updateEmail',
    /** Params: the email `readEmail` answered. */
    isChanged: ({ context }, reported: string | null | undefined) => {
      return typeof reported === 'string' && reported.toLowerCase() === context.newEmail?.toLowerCase()
    },
  },
  actions: {
    tell: tellAction<UpdateEmailContext, UpdateEmailEvent>(),
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
    setError: assign({ error: ({ event }) => errorOf(actorErrorOf(event)) }),
    clearError: assign({ error: undefined }),
    /** Params: what `verifySecondary` answered. */
    setNewEmail: assign((_, answer: { newEmail: string }) => ({ newEmail: answer.newEmail })),
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
        'updateEmail.submit': [{ guard: 'isNewEmail', target: 'sending', actions: 'clearError' }, { guard: 'isCurrentEmail', actions: 'setSameEmail' }, { actions: 'setInvalidEmail' }],
      },
    },
    sending: {
      tags: ['loading'],
      invoke: {
        id: 'requestUpdate',
        src: 'requestUpdate',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: [{ guard: { type: 'isSecondaryNext', params: ({ event }) => event.output }, target: 'verifyingSecondary' }, { target: 'verifyingPrimary' }],
        onError: { target: 'enteringEmail', actions: ['setError', 'emitFailed'] },
      },
    },
    /** The code mailed to the current address, and its resend. */
    verifyingPrimary: {
      type: 'parallel',
      states: {
        code: {
          initial: 'entering',
          states: {
            entering: {
              on: {
                'updateEmail.submitOtp': [{ guard: 'isResending' }, { guard: 'isOtpFilled', target: 'checking', actions: 'clearError' }, { actions: 'setInvalidOtp' }],
              },
            },
            checking: {
              tags: ['loading'],
              invoke: {
                id: 'verifyPrimary',
                src: 'verifyPrimary',
                input: ({ event }) => ({ otp: event.type === 'updateEmail.submitOtp' ? event.otp.trim() : '' }),
                onDone: '#updateEmail.verifyingSecondary',
                onError: { target: 'entering', actions: 'setError' },
              },
            },
          },
        },
        resend: {
          initial: 'coolingDown',
          states: {
            coolingDown: { after: { otpResendCooldown: 'canResend' } },
            canResend: { on: { 'updateEmail.resend': { guard: not('isChecking'), target: 'resending', actions: 'clearError' } } },
            resending: {
              tags: ['loading'],
              invoke: {
                id: 'resendPrimary',
                src: 'requestUpdate',
                input: ({ context }) => ({ email: context.email.trim() }),
                onDone: [{ guard: { type: 'isSecondaryNext', params: ({ event }) => event.output }, target: '#updateEmail.verifyingSecondary' }, { target: 'coolingDown' }],
                onError: { target: 'canResend', actions: 'setError' },
              },
            },
          },
        },
      },
      on: {
        'updateEmail.edit': { target: 'enteringEmail', actions: 'clearError' },
      },
    },
    /** The code mailed to the new address, and its resend. */
    verifyingSecondary: {
      type: 'parallel',
      states: {
        code: {
          initial: 'entering',
          states: {
            entering: {
              on: {
                'updateEmail.submitOtp': [{ guard: 'isResending' }, { guard: 'isOtpFilled', target: 'checking', actions: 'clearError' }, { actions: 'setInvalidOtp' }],
              },
            },
            checking: {
              tags: ['loading', 'committing'],
              invoke: {
                id: 'verifySecondary',
                src: 'verifySecondary',
                input: ({ event }) => ({ otp: event.type === 'updateEmail.submitOtp' ? event.otp.trim() : '' }),
                onDone: { target: '#updateEmail.awaitingChange', actions: { type: 'setNewEmail', params: ({ event }) => event.output } },
                onError: { target: 'entering', actions: 'setError' },
              },
            },
          },
        },
        resend: {
          initial: 'coolingDown',
          states: {
            coolingDown: { after: { otpResendCooldown: 'canResend' } },
            canResend: { on: { 'updateEmail.resend': { guard: not('isChecking'), target: 'resending', actions: 'clearError' } } },
            resending: {
              tags: ['loading'],
              invoke: {
                id: 'resendSecondary',
                src: 'requestUpdate',
                input: ({ context }) => ({ email: context.email.trim() }),
                onDone: [{ guard: { type: 'isPrimaryNext', params: ({ event }) => event.output }, target: '#updateEmail.verifyingPrimary' }, { target: 'coolingDown' }],
                onError: { target: 'canResend', actions: 'setError' },
              },
            },
          },
        },
      },
      on: {
        'updateEmail.edit': { target: 'enteringEmail', actions: 'clearError' },
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
            onDone: [
              {
                guard: { type: 'isChanged', params: ({ event }) => event.output },
                target: '#updateEmail.updated',
                actions: [
                  'emitUpdated',
                  // Account shows the new email, if UpdateEmailWallet still shows; the toast names it wherever the visitor is.
                  { type: 'tell', params: { to: 'router', event: { type: 'router.reset', view: 'Account', from: 'UpdateEmailWallet' } } },
                  { type: 'tell', params: ({ context }) => ({ to: 'toast', event: { type: 'toast.show', variant: 'success', message: messageWith('emailUpdated', { email: context.newEmail! }) } }) },
                ],
              },
              { target: 'waiting' },
            ],
            onError: 'waiting',
          },
        },
        waiting: { after: { emailChangePoll: 'reading' } },
      },
    },
    updated: {},
  },
  on: {
    'updateEmail.start': { target: '.enteringEmail', actions: ['start', { type: 'tell', params: { to: 'router', event: { type: 'router.push', view: 'UpdateEmailWallet' } } }] },
    'root.back': { target: '.idle', actions: 'clearError' },
    'root.closed': { target: '.idle', actions: 'clearError' },
    'root.account': [
      { guard: 'isLeavingItsView', target: '.idle', actions: ['clearError', { type: 'tell', params: ({ event }) => leave(event) }] },
      { target: '.idle', actions: 'clearError' },
    ],
  },
})
