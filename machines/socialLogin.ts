import { assign, emit, fromCallback, fromPromise, setup, type EventObject } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { summarizeError, type ErrorSummary } from '../adapters/errors.ts'
import type { FrameUser } from '../adapters/frame.protocol.ts'
import { actorErrorOf } from './narrow.ts'
import type { RootMoment } from './features.ts'
import { requestAuthConnection, tellAction } from './system.ts'
import { machineTypes } from './machineTypes.ts'

import type { SocialProvider } from './socialLogin.providers.ts'

export type { SocialProvider } from './socialLogin.providers.ts'

/**
 * The popup the view opened in the visitor's click (a `Window`), carried opaquely: only the actors touch it.
 * `null` when no popup could open (blocked, or a Telegram mini-app): the login goes by redirect.
 */
export type SocialPopupHandle = object

/** Context of the social login. */
export type SocialLoginContext = {
  provider: SocialProvider | undefined
  popup: SocialPopupHandle | null
  /** The provider's authorize URL, once the frame gave it. */
  uri: string | undefined
  /** The `result_uri` the provider's return carried. */
  resultUri: string | undefined
  error: ErrorSummary | undefined
  user: FrameUser | undefined
  /** The systemId of the active namespace's connection: the one asked to connect the auth connector. */
  connection: string
}

/** What the machine starts with: the active namespace's connection (default the eip155 one). */
export type SocialLoginInput = { connection?: string | undefined } | undefined

export type SocialLoginEvent =
  /** A provider chosen: `popup` was opened synchronously in the click (no await before `window.open`), or null. */
  | { type: 'socialLogin.start'; provider: SocialProvider; popup: SocialPopupHandle | null }
  /** The provider came back with a result (the popup's address, or the page's after a redirect). */
  | { type: 'socialLogin.returned'; resultUri: string }
  /** The provider came back with a refusal (`social_error`): the secure site's message. */
  | { type: 'socialLogin.refused'; message: string }
  /** The visitor closed the popup before it came back. */
  | { type: 'socialLogin.popupClosed' }
  /** The visitor cancelled: the popup is closed. */
  | { type: 'socialLogin.cancel' }
  /** The root's moments the login follows: the account (a new visit starts over), the modal closed (a cancel). */
  | RootMoment

export type SocialLoginEmitted = { type: 'socialLogin.connected'; user: FrameUser; provider: SocialProvider | undefined } | { type: 'socialLogin.failed'; error: ErrorSummary }

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('socialLogin', name)
}

/** The visitor closed the popup: a cancel, not a failure (spec §4: nothing lost, the choice is offered again). */
export const popupClosedError: ErrorSummary = { name: 'SocialPopupClosedError', message: 'The sign-in window was closed' }

/**
 * Social login through the embedded wallet's frame (spec §2, §3 social providers, §9 popup 600×800 and
 * 1000 ms poll):
 * - `idle`: `socialLogin.start { provider, popup }`. The popup was opened by the view in the click itself, before any
 *   await (browsers block a late `window.open`); with no popup the login goes by redirect.
 * - `popup.gettingUri`: `getRedirectUri` (APP_GET_SOCIAL_REDIRECT_URI, return address = this page) → `popup.waiting`:
 *   `watchPopup` sends the popup to the provider and polls it every 1000 ms until it is back on this origin
 *   (`socialLogin.returned` / `socialLogin.refused`) or closed by the visitor (`socialLogin.popupClosed`: back to
 *   `idle` with a clear message). Leaving `popup` closes the popup (`holdPopup`'s cleanup).
 * - `redirect`: the same URI, then `redirect` sends the page itself to the provider (it comes back with `result_uri`
 *   in the page address: `socialLogin.returned` from `idle`).
 * - `connecting`: `connectSocial` (APP_CONNECT_SOCIAL with the result) → `connected` (emits `socialLogin.connected`
 *   and tells the active namespace's connection, by systemId, to connect the auth connector).
 * - Every failure returns to `idle` with the error; `socialLogin.cancel` and the modal closing (`root.closed`) close
 *   the popup and return to `idle`; a connection or a disconnect (`root.account`) is a new visit: `idle`, no error.
 *
 * Actors to provide: `getRedirectUri` ({ provider, mode } → { uri }), `holdPopup` ({ popup }), `watchPopup`
 * ({ popup, uri }), `redirect` ({ uri }), `connectSocial` ({ uri } → user).
 */
export const socialLoginMachine = setup({
  types: machineTypes<{ context: SocialLoginContext; events: SocialLoginEvent; emitted: SocialLoginEmitted; input: SocialLoginInput }>(),
  actors: {
    getRedirectUri: fromPromise<{ uri: string }, { provider: SocialProvider; mode: 'popup' | 'redirect' }>(notProvided('getRedirectUri')),
    holdPopup: fromCallback<EventObject, { popup: SocialPopupHandle | null }>(notProvided('holdPopup')),
    watchPopup: fromCallback<EventObject, { popup: SocialPopupHandle | null; uri: string }>(notProvided('watchPopup')),
    redirect: fromCallback<EventObject, { uri: string }>(notProvided('redirect')),
    connectSocial: fromPromise<FrameUser, { uri: string }>(notProvided('connectSocial')),
  },
  guards: {
    hasPopup: ({ event }) => event.type === 'socialLogin.start' && event.popup !== null,
    /** The root's account moment is a connection or a disconnect (not a change of chain or namespace). */
    isNewVisit: ({ event }) => event.type === 'root.account' && (event.change === 'connected' || event.change === 'disconnected'),
  },
  actions: {
    tell: tellAction<SocialLoginContext, SocialLoginEvent>(),
    /** The root's account moment's connection (the active namespace's). */
    followConnection: assign(({ context, event }) => ({ connection: event.type === 'root.account' && event.connection ? event.connection : context.connection })),
    setStart: assign(({ event }) => (event.type === 'socialLogin.start' ? { provider: event.provider, popup: event.popup, uri: undefined, resultUri: undefined, error: undefined, user: undefined } : {})),
    /** Params: what `getRedirectUri` answered. */
    setUri: assign((_, answer: { uri: string }) => ({ uri: answer.uri })),
    setResult: assign({ resultUri: ({ event }) => (event.type === 'socialLogin.returned' ? event.resultUri : undefined), error: undefined }),
    setRefused: assign({ error: ({ event }) => (event.type === 'socialLogin.refused' ? { name: 'SocialLoginRefusedError', message: event.message } : undefined) }),
    setPopupClosed: assign({ error: popupClosedError }),
    setError: assign({ error: ({ event }) => summarizeError(actorErrorOf(event)) }),
    /** Params: the user `connectSocial` answered. */
    setUser: assign((_, user: FrameUser) => ({ user })),
    forgetPopup: assign({ popup: null }),
    clearError: assign({ error: undefined }),
    emitConnected: emit(({ context }) => ({ type: 'socialLogin.connected' as const, user: context.user!, provider: context.provider })),
    emitFailed: emit(({ context }) => ({ type: 'socialLogin.failed' as const, error: context.error! })),
  },
}).createMachine({
  id: 'socialLogin',
  context: ({ input }) => ({ provider: undefined, popup: null, uri: undefined, resultUri: undefined, error: undefined, user: undefined, connection: input?.connection ?? 'connection.eip155' }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'socialLogin.start': [
          { guard: 'hasPopup', target: 'popup', actions: 'setStart' },
          { target: 'redirect', actions: 'setStart' },
        ],
        // The page came back from a redirect login (`result_uri` / `social_error` in its address).
        'socialLogin.returned': { target: 'connecting', actions: 'setResult' },
        'socialLogin.refused': { actions: ['setRefused', 'emitFailed'] },
      },
    },
    popup: {
      tags: ['waiting'],
      invoke: { id: 'holdPopup', src: 'holdPopup', input: ({ context }) => ({ popup: context.popup }) },
      initial: 'gettingUri',
      states: {
        gettingUri: {
          tags: ['loading'],
          invoke: {
            id: 'getRedirectUri',
            src: 'getRedirectUri',
            input: ({ context }) => ({ provider: context.provider!, mode: 'popup' as const }),
            onDone: { target: 'waiting', actions: { type: 'setUri', params: ({ event }) => event.output } },
            onError: { target: '#socialLogin.idle', actions: ['setError', 'emitFailed'] },
          },
        },
        /** The popup is at the provider: polled every 1000 ms. */
        waiting: {
          invoke: { id: 'watchPopup', src: 'watchPopup', input: ({ context }) => ({ popup: context.popup, uri: context.uri! }) },
          on: {
            'socialLogin.returned': { target: '#socialLogin.connecting', actions: 'setResult' },
            'socialLogin.refused': { target: '#socialLogin.idle', actions: ['setRefused', 'emitFailed'] },
            'socialLogin.popupClosed': { target: '#socialLogin.idle', actions: 'setPopupClosed' },
          },
        },
      },
      on: {
        'socialLogin.cancel': { target: 'idle', actions: 'clearError' },
        'root.closed': { target: 'idle', actions: 'clearError' },
      },
      exit: 'forgetPopup',
    },
    redirect: {
      tags: ['waiting'],
      initial: 'gettingUri',
      states: {
        gettingUri: {
          tags: ['loading'],
          invoke: {
            id: 'getRedirectUriForRedirect',
            src: 'getRedirectUri',
            input: ({ context }) => ({ provider: context.provider!, mode: 'redirect' as const }),
            onDone: { target: 'leaving', actions: { type: 'setUri', params: ({ event }) => event.output } },
            onError: { target: '#socialLogin.idle', actions: ['setError', 'emitFailed'] },
          },
        },
        /** The page is going to the provider. */
        leaving: {
          tags: ['loading'],
          invoke: { id: 'redirect', src: 'redirect', input: ({ context }) => ({ uri: context.uri! }) },
        },
      },
      on: {
        'socialLogin.cancel': { target: 'idle', actions: 'clearError' },
        'root.closed': { target: 'idle', actions: 'clearError' },
      },
    },
    connecting: {
      tags: ['loading'],
      invoke: {
        id: 'connectSocial',
        src: 'connectSocial',
        input: ({ context }) => ({ uri: context.resultUri! }),
        onDone: {
          target: 'connected',
          actions: [{ type: 'setUser', params: ({ event }) => event.output }, 'emitConnected', { type: 'tell', params: requestAuthConnection }],
        },
        onError: { target: 'idle', actions: ['setError', 'emitFailed'] },
      },
    },
    connected: {},
  },
  on: {
    'root.account': [{ guard: 'isNewVisit', target: '.idle', actions: ['clearError', 'followConnection'] }, { actions: 'followConnection' }],
  },
})
