import { assign, emit, fromPromise, raise, setup, stateIn } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { summarizeError, type ErrorSummary } from '../adapters/errors.ts'
import type { FrameUser } from '../adapters/frame.protocol.ts'
import { actorErrorOf } from './narrow.ts'
import type { RootMoment } from './features.ts'
import { requestAuthConnection, tellAction, type SystemMessage } from './system.ts'
import { machineTypes } from './machineTypes.ts'

/** Spec §2: leaving ConnectingFarcaster while not connected reloads the auth connector after 100 ms. */
export const farcasterReloadDelay = 100

/** Context of the Farcaster login (spec §3 account state `farcasterUrl`). */
export type FarcasterLoginContext = {
  /** The Sign In With Farcaster request URL (`farcaster://connect?…`): the QR code and the deep link. */
  farcasterUrl: string | undefined
  error: ErrorSummary | undefined
  user: FrameUser | undefined
  /** The systemId of the active namespace's connection: the one asked to connect the auth connector. */
  connection: string
}

/** What the machine starts with: the active namespace's connection (default the eip155 one). */
export type FarcasterLoginInput = { connection?: string | undefined } | undefined

export type FarcasterLoginEvent =
  /** The Farcaster entry pressed (Connect's socials), or "Try again" in ConnectingFarcaster. */
  | { type: 'farcasterLogin.start' }
  /**
   * The root's moments the login follows: `open({ view: 'ConnectingFarcaster' })` (a start), Back on it or the modal
   * closed on it (leaving), a connection or a disconnect (a new visit).
   */
  | RootMoment

export type FarcasterLoginEmitted = { type: 'farcasterLogin.connected'; user: FrameUser } | { type: 'farcasterLogin.failed'; error: ErrorSummary }

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('farcasterLogin', name)
}

/** ConnectingFarcaster shown (a push of the view already shown is ignored by the router: "Try again"). */
const showView = { type: 'tell', params: { to: 'router', event: { type: 'router.push', view: 'ConnectingFarcaster' } } satisfies SystemMessage } as const

/**
 * Farcaster login through the embedded wallet's frame (spec §2 ConnectingFarcaster and leaving it, §3
 * `farcasterUrl`, "get/connect Farcaster"):
 * - `idle`: `farcasterLogin.start` → `gettingUrl`: `getFarcasterUri` (APP_GET_FARCASTER_URI) → `waiting` with the
 *   request URL (the view's QR code and deep link): `connectFarcaster` (APP_CONNECT_FARCASTER, the frame polls the
 *   relay every second) → `connected` (emits `farcasterLogin.connected` and tells the active namespace's connection, by
 *   systemId, to connect the auth connector). A failure (a refused signature: another custody address) goes to
 *   `failed` with the frame's words and the URL cleared; `farcasterLogin.start` tries again.
 * - `farcasterLogin.start` (Connect's Farcaster entry, "Try again") pushes ConnectingFarcaster itself, by systemId;
 *   `open({ view: 'ConnectingFarcaster' })` (`root.open`) starts as the entry does.
 * - Leaving ConnectingFarcaster (`root.back`, or `root.closed` on it) while not connected clears the URL, waits 100 ms
 *   (`leaving`), then `reloadAuth` reloads the auth connector (the frame page, which drops the channel it was polling)
 *   and returns to `idle`. Farcaster picked during the reload (`reloading.picked`) shows the view and, the reload done,
 *   asks for the request (`gettingUrl`: the frame client waits for the reloaded page). Connected, leaving changes nothing.
 * - A connection or a disconnect (`root.account`) is a new visit: `idle`, cleared.
 *
 * Actors to provide: `getFarcasterUri` (→ { url }), `connectFarcaster` (→ user), `reloadAuth`.
 */
export const farcasterLoginMachine = setup({
  types: machineTypes<{ context: FarcasterLoginContext; events: FarcasterLoginEvent; emitted: FarcasterLoginEmitted; input: FarcasterLoginInput }>(),
  actors: {
    getFarcasterUri: fromPromise<{ url: string }, void>(notProvided('getFarcasterUri')),
    connectFarcaster: fromPromise<FrameUser, void>(notProvided('connectFarcaster')),
    reloadAuth: fromPromise<void, void>(notProvided('reloadAuth')),
  },
  guards: {
    isSignedIn: ({ context }) => context.user !== undefined,
    /** Farcaster was picked again while the auth connector reloaded. */
    isPickedDuringReload: stateIn({ reloading: 'picked' }),
    /** The modal closed while ConnectingFarcaster showed. */
    isClosedOnItsView: ({ event }) => event.type === 'root.closed' && event.view === 'ConnectingFarcaster',
    /** The root's account moment is a connection or a disconnect (not a change of chain or namespace). */
    isNewVisit: ({ event }) => event.type === 'root.account' && (event.change === 'connected' || event.change === 'disconnected'),
  },
  actions: {
    tell: tellAction<FarcasterLoginContext, FarcasterLoginEvent>(),
    /** The root's account moment's connection (the active namespace's). */
    followConnection: assign(({ context, event }) => ({ connection: event.type === 'root.account' && event.connection ? event.connection : context.connection })),
    /** `open({ view: 'ConnectingFarcaster' })`: the login starts as from Connect's entry. */
    raiseStart: raise({ type: 'farcasterLogin.start' } as const),
    /** Params: what `getFarcasterUri` answered. */
    setUrl: assign((_, answer: { url: string }) => ({ farcasterUrl: answer.url })),
    clearUrl: assign({ farcasterUrl: undefined }),
    clear: assign({ farcasterUrl: undefined, error: undefined, user: undefined }),
    setError: assign({ error: ({ event }) => summarizeError(actorErrorOf(event)), farcasterUrl: undefined }),
    /** Params: the user `connectFarcaster` answered. */
    setUser: assign((_, user: FrameUser) => ({ user })),
    emitConnected: emit(({ context }) => ({ type: 'farcasterLogin.connected' as const, user: context.user! })),
    emitFailed: emit(({ context }) => ({ type: 'farcasterLogin.failed' as const, error: context.error! })),
  },
  delays: { reloadDelay: farcasterReloadDelay },
}).createMachine({
  id: 'farcasterLogin',
  context: ({ input }) => ({ farcasterUrl: undefined, error: undefined, user: undefined, connection: input?.connection ?? 'connection.eip155' }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'farcasterLogin.start': { target: 'gettingUrl', actions: ['clear', showView] } },
    },
    gettingUrl: {
      tags: ['loading'],
      invoke: {
        id: 'getFarcasterUri',
        src: 'getFarcasterUri',
        onDone: { target: 'waiting', actions: { type: 'setUrl', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: ['setError', 'emitFailed'] },
      },
    },
    /** The request shows (QR code, deep link); the frame waits for the Farcaster client's answer. */
    waiting: {
      invoke: {
        id: 'connectFarcaster',
        src: 'connectFarcaster',
        onDone: {
          target: 'connected',
          actions: [{ type: 'setUser', params: ({ event }) => event.output }, 'emitConnected', { type: 'tell', params: requestAuthConnection }],
        },
        onError: { target: 'failed', actions: ['setError', 'emitFailed'] },
      },
    },
    failed: {
      on: { 'farcasterLogin.start': { target: 'gettingUrl', actions: ['clear', showView] } },
    },
    /** Left while not connected: the URL cleared, the auth connector reloaded after 100 ms. */
    leaving: {
      after: { reloadDelay: 'reloading' },
      on: { 'farcasterLogin.start': { target: 'gettingUrl', actions: ['clear', showView] } },
    },
    /**
     * The auth connector reloading. Farcaster picked meanwhile (`picked`: the view shows) asks for the request once the
     * reload is done, the frame ready again; otherwise `idle`.
     */
    reloading: {
      invoke: {
        id: 'reloadAuth',
        src: 'reloadAuth',
        onDone: [{ guard: 'isPickedDuringReload', target: 'gettingUrl' }, { target: 'idle' }],
        onError: [{ guard: 'isPickedDuringReload', target: 'gettingUrl' }, { target: 'idle' }],
      },
      initial: 'quiet',
      states: {
        quiet: {
          on: { 'farcasterLogin.start': { target: 'picked', actions: showView } },
        },
        picked: {},
      },
    },
    connected: {},
  },
  on: {
    // Pressed while the login cannot start over (the URL being read, waited for, the frame reloading, signed in): the view only.
    'farcasterLogin.start': { actions: showView },
    'root.open': { actions: 'raiseStart' },
    'root.back': [{ guard: 'isSignedIn' }, { target: '.leaving', actions: 'clear' }],
    'root.closed': [{ guard: 'isSignedIn' }, { guard: 'isClosedOnItsView', target: '.leaving', actions: 'clear' }],
    'root.account': [{ guard: 'isNewVisit', target: '.idle', actions: ['clear', 'followConnection'] }, { actions: 'followConnection' }],
  },
})
