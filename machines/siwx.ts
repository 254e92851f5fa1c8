import { and, assign, emit, fromPromise, setup } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { isUserRejection } from '../adapters/errors.ts'
import type { SiwxMessage, SiwxSession } from '../kernel/siwx.ts'
import { parseSiwxSessions } from '../kernel/siwx.session.ts'
import { actorErrorOf } from './narrow.ts'

/** The spec's SIWX strings (§4, §8), word for word. */
export { siwxMessages } from './siwx.messages.ts'
import { siwxMessages } from './siwx.messages.ts'
import { messageOf, type MessageRef } from './messages.ts'
import { sessionsOfTarget } from './siwx.sessions.ts'

/** The sessions of the current account in this connection (see {@link sessionsOfTarget}). */
export { sessionsOfTarget }

export type { SiwxMessage, SiwxSession } from '../kernel/siwx.ts'

/** Who signs in: the connected account. `address` is the bare address, `caipNetworkId` CAIP-2. */
export type SiwxTarget = { address: string; caipNetworkId: string; namespace: string; connectorId: string }

/** Input: the `siwx` option's flags, read when the modal is created. */
export type SiwxInput = {
  /** Sign-in is required: the modal cannot close while no session exists (spec §2). Default false. */
  required?: boolean
  /** Sign out when the wallet disconnects (spec §4: by default). Default true. */
  signOutOnDisconnect?: boolean
}

export type SiwxContext = {
  required: boolean
  signOutOnDisconnect: boolean
  target?: SiwxTarget | undefined
  /** The message being signed (after `createMessage`). */
  message?: SiwxMessage | undefined
  /** The wallet's signature of the message, from its answer until `addSession` answers. */
  signature?: string | undefined
  /** The session of the current account and chain. */
  session?: SiwxSession | undefined
  /**
   * Every session of this connection, oldest first (one per chain the visitor signed in on). The newest one's
   * chain is where a cancel returns (spec §4); disconnecting signs them all out.
   */
  sessions: SiwxSession[]
  /** After a failed attempt, until the next one: the `siwxSignFailed` message (the catalogue's 'Error signing message'). */
  error?: MessageRef | undefined
}

export type SiwxEvent =
  /** A wallet connected (or was restored), or its account or chain changed: sessions are per address and chain. */
  | { type: 'siwx.connected'; target: SiwxTarget }
  /** The wallet disconnected: the sessions are signed out (spec §4, by default). */
  | { type: 'siwx.disconnected' }
  /** The visitor pressed Sign. */
  | { type: 'siwx.sign' }
  /** The visitor pressed Cancel (or, not required, dismissed the modal). */
  | { type: 'siwx.cancel' }
  /** After a required cancel, the wallet refused (or failed) to return to the signed-in network: the prompt again. */
  | { type: 'siwx.returnFailed' }

export type SiwxEmitted =
  /** No session for this account and chain: the owner shows SIWXSignMessage. */
  | { type: 'siwx.prompt' }
  /** A stored session holds for this account and chain: nothing to sign (the owner leaves a sign view). */
  | { type: 'siwx.sessionFound'; session: SiwxSession }
  /** Signed and verified: the owner closes the modal and tracks success (spec §4). */
  | { type: 'siwx.signedIn'; session: SiwxSession }
  /** "Error signing message": the view stays for another try. */
  | { type: 'siwx.signFailed'; message: string }
  /** Init failure: the owner disconnects the wallet, resets the view and shows the message (spec §4). */
  | { type: 'siwx.initFailed'; message: string }
  /**
   * The visitor cancelled. Required: `disconnect` when no session of this connection exists, else `returnTo`
   * names the CAIP-2 network of the newest session (spec §4 "returns to the last connected network"). Not
   * required: the modal closes.
   */
  | { type: 'siwx.cancelled'; required: boolean; disconnect: boolean; returnTo?: string | undefined }
  /** Closing the modal is refused (`blocked`) while a required sign-in has no session (spec §2), and allowed again after. */
  | { type: 'siwx.closeBlocked'; blocked: boolean }

/**
 * The sessions a `getSessions` answer holds for the target: well-formed and of exactly its address and CAIP-2 network
 * (EVM addresses case-insensitively, others exactly). The answer comes from the dapp's config: whatever it returns,
 * another address's or chain's session never counts.
 */
function sessionsFound(context: Pick<SiwxContext, 'target'>, answer: unknown): SiwxSession[] {
  const target = context.target
  if (!target) return []
  return parseSiwxSessions(answer, target)
}

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('siwx', name)
}

/**
 * Sign in with the wallet (spec §2 sign-in prompt, §3 SIWX message, §4 "Sign-in (SIWX)", §8 strings).
 *
 * - `siwx.connected` → `checking`: the stored sessions of the account and chain (`getSessions`; only well-formed
 *   sessions of exactly that address and CAIP-2 network count, whatever the config answers). One found →
 *   `signedIn` (emits `siwx.sessionFound`); none → `awaitingSession.prompting` (emits `siwx.prompt`: the owner
 *   shows SIWXSignMessage); the check failing → `idle` with `siwx.initFailed` ('A problem occurred while trying
 *   initialize authentication'). The same account and chain announced again while `signedIn` changes nothing.
 * - `awaitingSession` emits `siwx.closeBlocked` on entry (blocked when required) and on exit (unblocked): the
 *   modal cannot close while a required sign-in has no session (spec §2).
 * - `siwx.sign` → `signing`: `createMessage` (nonce from the verifier) → `signMessage` (the wallet) →
 *   `addSession` (verify and store) → `signedIn` (emits `siwx.signedIn`: the owner closes the modal and tracks
 *   success). A failure returns to `prompting` with 'Error signing message'. The user's rejection in the wallet
 *   is a cancel, not an error: not required, it cancels (the modal closes); required, the prompt stays for
 *   another try or an explicit Cancel, which disconnects ("stays on the sign view").
 * - `siwx.cancel` (anywhere in `awaitingSession`: prompting, while signing — a wallet that never answers the
 *   signature must not trap the visitor — or while returning): emits `siwx.cancelled` with what the owner
 *   does. Required with a session of this account in this connection: `returning` (still blocking close) until the
 *   wallet's chain change brings the next `siwx.connected`, or `siwx.returnFailed` (the wallet refused) shows the
 *   prompt again. Required without one: disconnect. Not required: close. A request left unanswered is abandoned (its
 *   late answer ignored); Sign starts a fresh one, also while `returning` (sign in where the wallet is instead).
 * - `siwx.disconnected` → `signingOut` (the session is dropped at once; `revokeSession` for every session of the
 *   connection) → `idle`; with
 *   `signOutOnDisconnect: false` → `idle` at once, the sessions kept where they are stored.
 *
 * Actors to provide: `getSessions`, `createMessage`, `signMessage`, `addSession`, `revokeSession`.
 *
 * @example
 * const siwx = createActor(siwxMachine.provide({ actors: { getSessions, createMessage, signMessage, addSession, revokeSession } }), { input: { required: true } })
 * siwx.on('siwx.prompt', () => router.send({ type: 'router.reset', view: 'SIWXSignMessage' }))
 * siwx.start().send({ type: 'siwx.connected', target: { address, caipNetworkId: 'eip155:1', namespace: 'eip155', connectorId } })
 */
export const siwxMachine = setup({
  types: {
    context: {} as SiwxContext,
    events: {} as SiwxEvent,
    emitted: {} as SiwxEmitted,
    input: {} as SiwxInput,
  },
  actors: {
    getSessions: fromPromise<SiwxSession[], SiwxTarget>(notProvided('getSessions')),
    createMessage: fromPromise<SiwxMessage, SiwxTarget>(notProvided('createMessage')),
    signMessage: fromPromise<string, { target: SiwxTarget; message: string }>(notProvided('signMessage')),
    addSession: fromPromise<SiwxSession, SiwxSession>(notProvided('addSession')),
    revokeSession: fromPromise<void, { sessions: SiwxSession[]; target?: SiwxTarget | undefined }>(notProvided('revokeSession')),
  },
  guards: {
    /** Params: what `getSessions` answered (validated here: it comes from the dapp's config). */
    hasSession: ({ context }, answer: SiwxSession[]) => sessionsFound(context, answer).length > 0,
    isUserRejection: ({ event }) => isUserRejection(actorErrorOf(event)),
    isRequired: ({ context }) => context.required,
    /** Required, and this account signed in on another network during this connection: cancel returns there. */
    isReturnable: ({ context }) => context.required && sessionsOfTarget(context).length > 0,
    /** Signed in already on the announced address and chain (a wallet re-announcing itself). */
    isSignedInTarget: ({ context, event }) =>
      event.type === 'siwx.connected' && context.session !== undefined && context.target?.caipNetworkId === event.target.caipNetworkId && context.target.address.toLowerCase() === event.target.address.toLowerCase(),
    isSigningOutOnDisconnect: ({ context }) => context.signOutOnDisconnect,
  },
  actions: {
    setTarget: assign(({ event }) => (event.type === 'siwx.connected' ? { target: event.target, session: undefined, message: undefined, error: undefined } : {})),
    /** Params: what `getSessions` answered (`hasSession` found a session in it). */
    setFoundSession: assign(({ context }, answer: SiwxSession[]) => {
      const session = sessionsFound(context, answer)[0]!
      return { session, sessions: [...context.sessions.filter((s) => s.data.chainId !== session.data.chainId), session] }
    }),
    /** Params: the session `addSession` answered. */
    setSignedSession: assign(({ context }, session: SiwxSession) => {
      return { session, signature: undefined, error: undefined, sessions: [...context.sessions.filter((s) => s.data.chainId !== session.data.chainId), session] }
    }),
    noSession: assign({ session: undefined }),
    /** Params: the message `createMessage` answered. */
    setMessage: assign((_, message: SiwxMessage) => ({ message })),
    /** Params: the signature `signMessage` answered. */
    setSignature: assign((_, signature: string) => ({ signature })),
    setSignFailed: assign({ error: messageOf('siwxSignFailed') }),
    clearError: assign({ error: undefined }),
    clear: assign({ target: undefined, session: undefined, message: undefined, signature: undefined, error: undefined, sessions: [] }),
    /** Signing out: the session no longer holds, whatever the verifier answers (the list stays for the revocation). */
    dropSession: assign({ target: undefined, session: undefined, message: undefined, error: undefined }),
    emitPrompt: emit({ type: 'siwx.prompt' } as const),
    emitSessionFound: emit(({ context }) => ({ type: 'siwx.sessionFound' as const, session: context.session! })),
    emitSignedIn: emit(({ context }) => ({ type: 'siwx.signedIn' as const, session: context.session! })),
    emitSignFailed: emit({ type: 'siwx.signFailed', message: siwxMessages.signFailed } as const),
    emitInitFailed: emit({ type: 'siwx.initFailed', message: siwxMessages.initFailed } as const),
    emitCancelled: emit(({ context }) => {
      const last = sessionsOfTarget(context).at(-1)
      return {
        type: 'siwx.cancelled' as const,
        required: context.required,
        disconnect: context.required && !last,
        ...(context.required && last ? { returnTo: last.data.chainId } : {}),
      }
    }),
    emitCloseBlocked: emit(({ context }) => ({ type: 'siwx.closeBlocked' as const, blocked: context.required })),
    emitCloseUnblocked: emit({ type: 'siwx.closeBlocked', blocked: false } as const),
  },
}).createMachine({
  id: 'siwx',
  context: ({ input }) => ({ required: input?.required ?? false, signOutOnDisconnect: input?.signOutOnDisconnect ?? true, sessions: [] }),
  initial: 'idle',
  on: {
    'siwx.connected': { target: '.checking', actions: 'setTarget' },
    'siwx.disconnected': [
      { guard: 'isSigningOutOnDisconnect', target: '.signingOut' },
      { target: '.idle', actions: 'clear' },
    ],
  },
  states: {
    idle: {},
    checking: {
      invoke: {
        id: 'getSessions',
        src: 'getSessions',
        input: ({ context }) => context.target!,
        onDone: [
          {
            guard: { type: 'hasSession', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: [{ type: 'setFoundSession', params: ({ event }) => event.output }, 'emitSessionFound'],
          },
          { target: 'awaitingSession', actions: ['noSession', 'emitPrompt'] },
        ],
        onError: { target: 'idle', actions: ['clear', 'emitInitFailed'] },
      },
    },
    /** SIWXSignMessage is shown; the modal cannot close while sign-in is required. */
    awaitingSession: {
      // `awaitingSession`, `prompting`, `returning`: what the root reads (tags, not state names).
      tags: ['closeBlocked', 'awaitingSession'],
      entry: 'emitCloseBlocked',
      exit: 'emitCloseUnblocked',
      initial: 'prompting',
      on: {
        // Prompting, signing (the wallet may never answer) or returning: Cancel always works (spec §4 cancel rules).
        'siwx.cancel': [
          // The owner switches the wallet back; its chain change (`siwx.connected`) finds that session.
          { guard: 'isReturnable', target: '.returning', actions: 'emitCancelled' },
          { target: '#siwx.idle', actions: 'emitCancelled' },
        ],
      },
      states: {
        prompting: {
          tags: ['prompting'],
          on: {
            'siwx.sign': { target: 'signing', actions: 'clearError' },
          },
        },
        /**
         * Required cancel: waiting for the wallet to return to the network of this account's last session. Cancel asks
         * again (the new switch supersedes one the wallet has not answered); Sign signs in where the wallet is instead.
         */
        returning: {
          tags: ['returning'],
          on: {
            'siwx.returnFailed': { target: 'prompting' },
            'siwx.sign': { target: 'signing', actions: 'clearError' },
          },
        },
        signing: {
          initial: 'creatingMessage',
          states: {
            creatingMessage: {
              invoke: {
                id: 'createMessage',
                src: 'createMessage',
                input: ({ context }) => context.target!,
                onDone: { target: 'awaitingSignature', actions: { type: 'setMessage', params: ({ event }) => event.output } },
                onError: { target: '#siwx.awaitingSession.prompting', actions: ['setSignFailed', 'emitSignFailed'] },
              },
            },
            awaitingSignature: {
              invoke: {
                id: 'signMessage',
                src: 'signMessage',
                input: ({ context }) => ({ target: context.target!, message: context.message!.serializedMessage }),
                onDone: { target: 'verifying', actions: { type: 'setSignature', params: ({ event }) => event.output } },
                onError: [
                  // Declined in the wallet: no error. Required, the prompt stays; not required, it is a cancel.
                  { guard: and(['isUserRejection', 'isRequired']), target: '#siwx.awaitingSession.prompting' },
                  { guard: 'isUserRejection', target: '#siwx.idle', actions: 'emitCancelled' },
                  { target: '#siwx.awaitingSession.prompting', actions: ['setSignFailed', 'emitSignFailed'] },
                ],
              },
            },
            verifying: {
              invoke: {
                id: 'addSession',
                src: 'addSession',
                input: ({ context }) => ({
                  data: context.message!,
                  message: context.message!.serializedMessage,
                  signature: context.signature!,
                }),
                onDone: { target: '#siwx.signedIn', actions: [{ type: 'setSignedSession', params: ({ event }) => event.output }, 'emitSignedIn'] },
                onError: { target: '#siwx.awaitingSession.prompting', actions: ['setSignFailed', 'emitSignFailed'] },
              },
            },
          },
        },
      },
    },
    signedIn: {
      // A wallet re-announcing the same account and chain (some do on unlock) changes nothing.
      on: { 'siwx.connected': { guard: 'isSignedInTarget' } },
    },
    signingOut: {
      entry: 'dropSession',
      // A wallet connecting while the sign-out is on its way: the old connection's sessions are over.
      on: { 'siwx.connected': { target: 'checking', actions: ['clear', 'setTarget'] } },
      invoke: {
        id: 'revokeSession',
        src: 'revokeSession',
        input: ({ context }) => ({ sessions: context.sessions, target: context.target }),
        onDone: { target: 'idle', actions: 'clear' },
        // Signing out locally does not wait for a verifier that is down.
        onError: { target: 'idle', actions: 'clear' },
      },
    },
  },
})
