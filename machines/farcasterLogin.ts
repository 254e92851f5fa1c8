import { assign, emit, fromPromise, setup } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { summarizeError, type ErrorSummary } from '../adapters/errors.ts'
import type { FrameUser } from '../adapters/frame.protocol.ts'
import { actorErrorOf } from './narrow.ts'

/** Spec §2: leaving ConnectingFarcaster while not connected reloads the auth connector after 100 ms. */
export const farcasterReloadDelay = 100

/** Context of the Farcaster login (spec §3 account state `farcasterUrl`). */
export type FarcasterLoginContext = {
  /** The Sign In With Farcaster request URL (`farcaster://connect?…`): the QR code and the deep link. */
  farcasterUrl: string | undefined
  error: ErrorSummary | undefined
  user: FrameUser | undefined
}

export type FarcasterLoginEvent =
  /** The Farcaster entry pressed (Connect's socials), or "Try again" in ConnectingFarcaster. */
  | { type: 'farcasterLogin.start' }
  /** The visitor left ConnectingFarcaster (Back, or the modal closed). */
  | { type: 'farcasterLogin.leave' }
  /** A new visit (connected or disconnected elsewhere). */
  | { type: 'farcasterLogin.reset' }

export type FarcasterLoginEmitted = { type: 'farcasterLogin.connected'; user: FrameUser } | { type: 'farcasterLogin.failed'; error: ErrorSummary }

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('farcasterLogin', name)
}

/**
 * Farcaster login through the embedded wallet's frame (spec §2 ConnectingFarcaster and leaving it, §3
 * `farcasterUrl`, "get/connect Farcaster"):
 * - `idle`: `farcasterLogin.start` → `gettingUrl`: `getFarcasterUri` (APP_GET_FARCASTER_URI) → `waiting` with the
 *   request URL (the view's QR code and deep link): `connectFarcaster` (APP_CONNECT_FARCASTER, the frame polls the
 *   relay every second) → `connected` (emits `farcasterLogin.connected`: the auth connector becomes the eip155
 *   connection). A failure (a refused signature: another custody address) goes to `failed` with the frame's words and
 *   the URL cleared; `farcasterLogin.start` tries again.
 * - `farcasterLogin.leave` while not connected clears the URL, waits 100 ms (`leaving`), then `reloadAuth` reloads the
 *   auth connector (the frame page, which drops the channel it was polling) and returns to `idle`. Connected, leaving
 *   changes nothing.
 *
 * Actors to provide: `getFarcasterUri` (→ { url }), `connectFarcaster` (→ user), `reloadAuth`.
 */
export const farcasterLoginMachine = setup({
  types: {
    context: {} as FarcasterLoginContext,
    events: {} as FarcasterLoginEvent,
    emitted: {} as FarcasterLoginEmitted,
  },
  actors: {
    getFarcasterUri: fromPromise<{ url: string }, void>(notProvided('getFarcasterUri')),
    connectFarcaster: fromPromise<FrameUser, void>(notProvided('connectFarcaster')),
    reloadAuth: fromPromise<void, void>(notProvided('reloadAuth')),
  },
  guards: {
    isSignedIn: ({ context }) => context.user !== undefined,
  },
  actions: {
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
  context: { farcasterUrl: undefined, error: undefined, user: undefined },
  initial: 'idle',
  states: {
    idle: {
      on: { 'farcasterLogin.start': { target: 'gettingUrl', actions: 'clear' } },
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
        onDone: { target: 'connected', actions: [{ type: 'setUser', params: ({ event }) => event.output }, 'emitConnected'] },
        onError: { target: 'failed', actions: ['setError', 'emitFailed'] },
      },
    },
    failed: {
      on: { 'farcasterLogin.start': { target: 'gettingUrl', actions: 'clear' } },
    },
    /** Left while not connected: the URL cleared, the auth connector reloaded after 100 ms. */
    leaving: {
      after: { reloadDelay: 'reloading' },
      on: { 'farcasterLogin.start': { target: 'gettingUrl', actions: 'clear' } },
    },
    reloading: {
      invoke: { id: 'reloadAuth', src: 'reloadAuth', onDone: 'idle', onError: 'idle' },
    },
    connected: {},
  },
  on: {
    'farcasterLogin.leave': [{ guard: 'isSignedIn' }, { target: '.leaving', actions: 'clear' }],
    'farcasterLogin.reset': { target: '.idle', actions: 'clear' },
  },
})
