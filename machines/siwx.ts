import { and, assign, emit, fromPromise, setup } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { isUserRejection } from '../adapters/errors.ts'
import type { SiwxMessage, SiwxSession } from '../kernel/siwx.ts'
import { parseSiwxSessions } from '../kernel/siwx.session.ts'
import { actorErrorOf } from './narrow.ts'
import type { ConnectedAccount, FeatureReport, RootMoment } from './features.ts'
import { reportAction, tellAction, type SystemMessage } from './system.ts'

/** The spec's SIWX strings (§4, §8), word for word. */
export { siwxMessages } from './siwx.messages.ts'
import { siwxMessages } from './siwx.messages.ts'
import { messageOf, type MessageRef } from './messages.ts'
import { sessionsOfTarget } from './siwx.sessions.ts'
import { machineTypes } from './machineTypes.ts'

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
  /** The systemId of the connection the account came from (`connection.eip155`): the one a cancel or an init failure disconnects. */
  connection: string
  /**
   * At the last account moment the modal showed a way of connecting (a connection the root keeps open for the check) or
   * the sign view: a session found then closes it; elsewhere (Account, closed) nothing moves.
   */
  closesOnSession: boolean
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
  /** The visitor pressed Sign. */
  | { type: 'siwx.sign' }
  /** The visitor pressed Cancel. */
  | { type: 'siwx.cancel' }
  /**
   * The root's moments: `root.account` (a wallet connected or restored, its account or chain changed: sessions are per
   * address and chain; none: disconnected, the sessions are signed out, spec §4), `root.closed` (the modal dismissed
   * while prompting: a cancel), `root.network` (after a required cancel the wallet refused, or failed, to return to the
   * signed-in network: the prompt again). Another namespace becoming active (`switched`) changes nothing.
   */
  | RootMoment

/** What the machine emits beside its own moves (observers, tests): the outcome of each step. */
export type SiwxEmitted =
  /** No session for this account and chain: SIWXSignMessage shows. */
  | { type: 'siwx.prompt' }
  /** A stored session holds for this account and chain: nothing to sign (the modal closes when it showed a way of connecting or the sign view). */
  | { type: 'siwx.sessionFound'; session: SiwxSession }
  /** Signed and verified: the modal closes, the success is tracked (spec §4). */
  | { type: 'siwx.signedIn'; session: SiwxSession }
  /** "Error signing message": the view stays for another try. */
  | { type: 'siwx.signFailed'; message: string }
  /** Init failure: the wallet disconnects, Connect shows with the message (spec §4). */
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

/** Who signs in, from the root's account moment's account. */
const targetOf = (a: ConnectedAccount): SiwxTarget => ({ address: a.address, caipNetworkId: a.caipNetworkId, namespace: a.namespace, connectorId: a.connectorId })

/** An account moment of the active namespace (not another namespace becoming active) with an account, or without one. */
const isAccountMoment = (event: SiwxEvent, connected: boolean) => event.type === 'root.account' && event.change !== 'switched' && (event.account !== undefined) === connected

/** A message for the actor registered as `to` (the `tell` action's params). */
const tell = (to: string, event: SystemMessage['event']) => ({ type: 'tell', params: { to, event } satisfies SystemMessage }) as const

/** The sign-in view (spec §2 "Sign-in prompt"), as a new history. */
const showSignView = tell('router', { type: 'router.reset', view: 'SIWXSignMessage' })
/** The modal opens (on the sign view) when it was closed; closes when shown. */
const openModal = tell('modal', { type: 'modal.open' })
const closeModal = tell('modal', { type: 'modal.close' })

/** The active connection disconnects (the one the account came from). */
const disconnect = { type: 'tell', params: ({ context }: { context: SiwxContext }): SystemMessage => ({ to: context.connection, event: { type: 'connection.disconnect' } }) } as const

/**
 * What a cancel moves (spec §4 cancel rules): required without a session of this account in this connection, the wallet
 * disconnects; required with one, the wallet is asked back to the newest one's network (the sign view stays, the modal
 * unclosable, until the chain change finds the session); not required, the modal closes.
 */
function cancelMove(context: SiwxContext): SystemMessage {
  const last = sessionsOfTarget(context).at(-1)
  if (context.required && !last) return { to: context.connection, event: { type: 'connection.disconnect' } }
  if (context.required && last) return { to: 'network', event: { type: 'network.switch', caipNetworkId: last.data.chainId, connectorId: context.target?.connectorId } }
  return { to: 'modal', event: { type: 'modal.close' } }
}
const moveOnCancel = { type: 'tell', params: ({ context }: { context: SiwxContext }) => cancelMove(context) } as const

/** A session found after a connection the root keeps open, or on the sign view: the modal closes (see {@link SiwxContext.closesOnSession}). */
const closeOnSession = { type: 'tell', params: ({ context }: { context: SiwxContext }) => (context.closesOnSession ? { to: 'modal', event: { type: 'modal.close' } } : undefined) } as const

/** Closing the modal is refused while a required sign-in has no session (spec §2): on entering `awaitingSession`, and allowed on leaving it. */
const blockClose = { type: 'tell', params: ({ context }: { context: SiwxContext }): SystemMessage => ({ to: 'modal', event: { type: 'modal.setCloseBlocked', blocked: context.required } }) } as const
const unblockClose = tell('modal', { type: 'modal.setCloseBlocked', blocked: false })

/** A failed attempt (spec §8 'Error signing message'): the sign view again (the modal may have been closed meanwhile when not required), and the toast. */
const showSignFailed = ['setSignFailed', 'emitSignFailed', showSignView, openModal, tell('toast', { type: 'toast.show', variant: 'error', message: messageOf('siwxSignFailed') })] as const

/** Signed and verified: the modal closes and the success is tracked (spec §4, §7 SIWX_AUTH_SUCCESS). */
const trackSignedIn = {
  type: 'report',
  params: ({ context }: { context: SiwxContext }): FeatureReport => ({ type: 'feature.track', name: 'SIWX_AUTH_SUCCESS', properties: { network: context.session?.data.chainId } }),
} as const

/**
 * Sign in with the wallet (spec §2 sign-in prompt, §3 SIWX message, §4 "Sign-in (SIWX)", §8 strings). It moves the
 * modal itself, telling the router, the modal, the toast, the network and the connection by systemId (STYLE rule 16).
 *
 * - `root.account` with an account (connected, restored, another account or chain) → `checking`: the stored sessions
 *   of the account and chain (`getSessions`; only well-formed sessions of exactly that address and CAIP-2 network
 *   count, whatever the config answers). One found → `signedIn` (the modal closes when it showed a way of connecting
 *   or the sign view); none → `awaitingSession.prompting` (SIWXSignMessage as a new history, the modal opened); the
 *   check failing → `idle`: the wallet disconnects, Connect shows, and the toast says 'A problem occurred while trying
 *   initialize authentication'. The same account and chain announced again while `signedIn` changes nothing.
 * - `awaitingSession` blocks closing the modal on entry when required and unblocks it on exit (spec §2).
 * - `siwx.sign` → `signing`: `createMessage` (nonce from the verifier) → `signMessage` (the wallet) →
 *   `addSession` (verify and store) → `signedIn` (the modal closes, SIWX_AUTH_SUCCESS is reported to the root). A
 *   failure returns to `prompting` with 'Error signing message' (the view, the modal opened, the toast). The user's
 *   rejection in the wallet is a cancel, not an error: not required, it cancels (the modal closes); required, the
 *   prompt stays for another try or an explicit Cancel, which disconnects ("stays on the sign view").
 * - `siwx.cancel` (anywhere in `awaitingSession`: prompting, while signing — a wallet that never answers the
 *   signature must not trap the visitor — or while returning; and `root.closed` while prompting, the modal dismissed):
 *   required with a session of this account in this connection, `returning` (still blocking close): the network actor
 *   is asked back to that session's network, until the wallet's chain change brings the next `root.account`, or
 *   `root.network` (the wallet refused, failed, or the network is not configured) shows the prompt again. Required
 *   without one: the connection disconnects. Not required: the modal closes. A request left unanswered is abandoned
 *   (its late answer ignored); Sign starts a fresh one, also while `returning` (sign in where the wallet is instead).
 * - `root.account` without an account → `signingOut` (the session is dropped at once; `revokeSession` for every
 *   session of the connection) → `idle`; with `signOutOnDisconnect: false` → `idle` at once, the sessions kept where
 *   they are stored. Another namespace becoming active (`switched`) changes nothing.
 *
 * Each step also emits its outcome ({@link SiwxEmitted}) for observers.
 *
 * Actors to provide: `getSessions`, `createMessage`, `signMessage`, `addSession`, `revokeSession`.
 *
 * @example
 * const siwx = createActor(siwxMachine.provide({ actors: { getSessions, createMessage, signMessage, addSession, revokeSession } }), { input: { required: true } })
 * siwx.start().send({ type: 'root.account', change: 'connected', account, holder: undefined, connecting: true, connection: 'connection.eip155' })
 */
export const siwxMachine = setup({
  types: machineTypes<{ context: SiwxContext; events: SiwxEvent; emitted: SiwxEmitted; input: SiwxInput }>(),
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
      event.type === 'root.account' &&
      event.account !== undefined &&
      context.session !== undefined &&
      context.target?.caipNetworkId === event.account.caipNetworkId &&
      context.target.address.toLowerCase() === event.account.address.toLowerCase(),
    isSigningOutOnDisconnect: ({ context }) => context.signOutOnDisconnect,
    /** The root's account moment brings an account (connected, restored, changed). */
    isConnected: ({ event }) => isAccountMoment(event, true),
    /** The root's account moment brings none: the wallet disconnected. */
    isDisconnected: ({ event }) => isAccountMoment(event, false),
    /** A session found closes the modal (see {@link SiwxContext.closesOnSession}). */
    closesOnSession: ({ context }) => context.closesOnSession,
  },
  actions: {
    setTarget: assign(({ context, event }) =>
      event.type === 'root.account' && event.account
        ? {
            target: targetOf(event.account),
            connection: event.connection ?? context.connection,
            closesOnSession: event.connecting === true || event.holder === 'siwx',
            session: undefined,
            message: undefined,
            error: undefined,
          }
        : {},
    ),
    tell: tellAction<SiwxContext, SiwxEvent>(),
    report: reportAction<SiwxContext, SiwxEvent>(),
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
  context: ({ input }) => ({ required: input?.required ?? false, signOutOnDisconnect: input?.signOutOnDisconnect ?? true, sessions: [], connection: 'connection.eip155', closesOnSession: false }),
  initial: 'idle',
  on: {
    'root.account': [
      { guard: 'isConnected', target: '.checking', actions: 'setTarget' },
      // Spec §4: signed out on disconnect (unless configured not to); with no connection no sign-in can be required.
      { guard: and(['isDisconnected', 'isSigningOutOnDisconnect']), target: '.signingOut' },
      { guard: 'isDisconnected', target: '.idle', actions: 'clear' },
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
            actions: [{ type: 'setFoundSession', params: ({ event }) => event.output }, 'emitSessionFound', closeOnSession],
          },
          // A sign-in waits for the visitor: the prompt, opening the modal if it was closed.
          { target: 'awaitingSession', actions: ['noSession', 'emitPrompt', showSignView, openModal] },
        ],
        // Spec §4: an init failure disconnects, resets the view and shows the message.
        onError: {
          target: 'idle',
          actions: ['clear', 'emitInitFailed', disconnect, tell('router', { type: 'router.reset', view: 'Connect' }), tell('toast', { type: 'toast.show', variant: 'error', message: messageOf('siwxInitFailed') })],
        },
      },
    },
    /** SIWXSignMessage is shown; the modal cannot close while sign-in is required. */
    awaitingSession: {
      // `awaitingSession`, `prompting`, `returning`: what the root reads (tags, not state names).
      tags: ['closeBlocked', 'awaitingSession'],
      entry: ['emitCloseBlocked', blockClose],
      exit: ['emitCloseUnblocked', unblockClose],
      initial: 'prompting',
      on: {
        // Prompting, signing (the wallet may never answer) or returning: Cancel always works (spec §4 cancel rules).
        'siwx.cancel': [
          // The wallet is asked back; its chain change (`root.account`) finds that session.
          { guard: 'isReturnable', target: '.returning', actions: ['emitCancelled', moveOnCancel] },
          { target: '#siwx.idle', actions: ['emitCancelled', moveOnCancel] },
        ],
      },
      states: {
        prompting: {
          tags: ['prompting'],
          on: {
            'siwx.sign': { target: 'signing', actions: 'clearError' },
            // Dismissing the modal is a cancel (only possible when not required: a required prompt blocks closing).
            'root.closed': { target: '#siwx.idle', actions: ['emitCancelled', moveOnCancel] },
          },
        },
        /**
         * Required cancel: waiting for the wallet to return to the network of this account's last session. Cancel asks
         * again (the new switch supersedes one the wallet has not answered); Sign signs in where the wallet is instead.
         */
        returning: {
          tags: ['returning'],
          on: {
            'root.network': { target: 'prompting' },
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
                onError: { target: '#siwx.awaitingSession.prompting', actions: [...showSignFailed] },
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
                  { guard: 'isUserRejection', target: '#siwx.idle', actions: ['emitCancelled', moveOnCancel] },
                  { target: '#siwx.awaitingSession.prompting', actions: [...showSignFailed] },
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
                onDone: { target: '#siwx.signedIn', actions: [{ type: 'setSignedSession', params: ({ event }) => event.output }, 'emitSignedIn', closeModal, trackSignedIn] },
                onError: { target: '#siwx.awaitingSession.prompting', actions: [...showSignFailed] },
              },
            },
          },
        },
      },
    },
    signedIn: {
      // A wallet re-announcing the same account and chain (some do on unlock) changes nothing.
      on: { 'root.account': { guard: 'isSignedInTarget' } },
    },
    signingOut: {
      entry: 'dropSession',
      // A wallet connecting while the sign-out is on its way: the old connection's sessions are over.
      on: { 'root.account': { guard: 'isConnected', target: 'checking', actions: ['clear', 'setTarget'] } },
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
