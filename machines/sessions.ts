import { assign, fromPromise, setup } from 'xstate'
import { isUserRejection, summarizeError, type ErrorSummary } from '../adapters/errors.ts'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import type { ConnectedAccount, RootMoment } from './features.ts'
import { machineTypes } from './machineTypes.ts'
import { actorErrorOf } from './narrow.ts'
import { tellAction, type SystemMessage } from './system.ts'

/** The account whose sessions are listed and revoked: the connected eip155 account. */
export type SessionsTarget = Pick<ConnectedAccount, 'address' | 'caipNetworkId' | 'namespace' | 'connectorId'>

/**
 * One smart session of the account (spec §3 "Smart session revocation", §7 `GET /v1/sessions/{address}`): its
 * permissions context id, when it ends (Unix seconds), the chain (CAIP-2), the session key, the permission types and
 * when it was granted (ISO 8601).
 */
export type SmartSessionItem = { pci: string; expiry: number; chainId?: string | undefined; signer?: string | undefined; permissions: string[]; createdAt?: string | undefined }

/** What `listSessions` is asked with. */
export type ListSessionsInput = { address: string }
/** What `signRevoke` is asked with: the wallet signs the revoke text of `pci` as `target`. */
export type SignRevokeInput = { target: SessionsTarget; pci: string }
/** What `revokeSession` is asked with (spec §7 body: pci and signature). Resolves when revoked; rejects otherwise. */
export type RevokeSessionInput = { address: string; pci: string; signature: string }

/** Context of Sessions. */
export type SessionsContext = {
  target: SessionsTarget | undefined
  /** The account's sessions in force, as last read. */
  sessions: SmartSessionItem[]
  /** Why the list could not be read (state `failed`). */
  error: ErrorSummary | undefined
  /** The session being revoked (states `revoking.*`). */
  revoking: string | undefined
  /** The wallet's signature of the revoke text (state `revoking.submitting`). */
  signature: string | undefined
  /** The session whose revocation failed last, and why: its row stays, with this error. */
  revokeError: { pci: string; error: ErrorSummary } | undefined
}

export type SessionsEvent =
  /** Account's "Sessions": the view pushed, the list read. */
  | { type: 'sessions.start' }
  /** Try again after a failed read. */
  | { type: 'sessions.retry' }
  /** A row's Revoke. */
  | { type: 'sessions.revoke'; pci: string }
  /** The root's moments: the account followed; another account while Sessions shows leaves it. */
  | RootMoment

/** Input of Sessions: the connected account when the feature is spawned. */
export type SessionsInput = { target?: ConnectedAccount | SessionsTarget | undefined } | undefined

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('sessions', name)
}

const targetOf = (a: ConnectedAccount | SessionsTarget | undefined): SessionsTarget | undefined =>
  a && a.namespace === 'eip155' ? { address: a.address, caipNetworkId: a.caipNetworkId, namespace: a.namespace, connectorId: a.connectorId } : undefined

/** Leaving Sessions for another account: Account, or Connect with none. */
const leave = (event: SessionsEvent): SystemMessage => ({
  to: 'router',
  event: { type: 'router.reset', view: event.type === 'root.account' && event.account ? 'Account' : 'Connect' },
})

/** A message for the router (the `tell` action's params). */
const toRouter = (event: SystemMessage['event']) => ({ type: 'tell', params: { to: 'router', event } satisfies SystemMessage }) as const

/**
 * Back to Sessions once a revocation ends: the embedded wallet's approval of the signature (ApproveTransaction) pops
 * its stack entry to Account (spec §4 "Embedded-wallet RPC lifecycle") before or after the revocation ends; an
 * approval still showing is cleared and Account shown (its late pop then moves nothing), and Sessions goes over
 * Account. Each move applies only on its view (`from`): on Sessions nothing moves.
 */
const backToSessions = [
  toRouter({ type: 'router.clearTransactions', from: 'ApproveTransaction' }),
  toRouter({ type: 'router.reset', view: 'Account', from: 'ApproveTransaction' }),
  toRouter({ type: 'router.push', view: 'Sessions', from: 'Account' }),
] as const

/**
 * Sessions (spec §3 "Smart session revocation: pci and signature", §7 `/v1/sessions`): the connected account's smart
 * sessions and their revocation.
 *
 * - Account's "Sessions" (`sessions.start`) pushes the view (by systemId, to the router) and reads the list
 *   (`listSessions`): `loading` → `loaded` (the rows in context) or `failed` (the error; `sessions.retry` reads again).
 * - A row's Revoke (`sessions.revoke`, a session of the list, while `loaded`) → `revoking.signing`: the wallet signs the
 *   revoke text (`signRevoke`); the visitor's rejection (4001) returns to `loaded` without an error (STYLE rule 7), any
 *   other failure returns with `revokeError` for that row. Then `revoking.submitting` sends pci and signature
 *   (`revokeSession`): done, the row leaves the list and the list is read again (`loading`, the other rows still
 *   shown); a refusal or an error keeps the row with `revokeError`. Each end of a revocation brings Sessions back over
 *   the embedded wallet's approval (see `backToSessions`).
 * - `root.account` keeps the target (the eip155 account) up to date; another account (not a restore) while Sessions
 *   shows resets the router to Account (Connect with none).
 *
 * @example
 * const actor = createActor(sessionsMachine.provide({ actors: { listSessions, signRevoke, revokeSession } }), { input: { target } }).start()
 * actor.send({ type: 'sessions.start' })
 */
export const sessionsMachine = setup({
  types: machineTypes<{ context: SessionsContext; events: SessionsEvent; input: SessionsInput }>(),
  actors: {
    listSessions: fromPromise<SmartSessionItem[], ListSessionsInput>(notProvided('listSessions')),
    signRevoke: fromPromise<string, SignRevokeInput>(notProvided('signRevoke')),
    revokeSession: fromPromise<void, RevokeSessionInput>(notProvided('revokeSession')),
  },
  guards: {
    /** Another account (not a restore) while Sessions shows. */
    isLeavingItsView: ({ event }) => event.type === 'root.account' && event.change !== 'restored' && event.holder === 'sessions',
    /** The revoked session is one of the list, and there is an account to sign with. */
    isListedSession: ({ context, event }) => event.type === 'sessions.revoke' && context.target !== undefined && context.sessions.some((s) => s.pci === event.pci),
    /** The actor failed with the visitor's rejection (EIP-1193 4001). */
    isUserRejection: ({ event }) => isUserRejection(actorErrorOf(event)),
  },
  actions: {
    tell: tellAction<SessionsContext, SessionsEvent>(),
    setTarget: assign({ target: ({ context, event }) => (event.type === 'root.account' ? targetOf(event.account) : context.target) }),
    /** Params: the list `listSessions` answered. */
    setSessions: assign((_, sessions: SmartSessionItem[]) => ({ sessions, error: undefined })),
    setError: assign({ error: ({ event }) => summarizeError(actorErrorOf(event)) }),
    startRevoking: assign({ revoking: ({ event }) => (event.type === 'sessions.revoke' ? event.pci : undefined), revokeError: undefined, signature: undefined }),
    setRevokeError: assign(({ context, event }) => ({ revokeError: context.revoking ? { pci: context.revoking, error: summarizeError(actorErrorOf(event)) } : undefined, revoking: undefined })),
    clearRevoking: assign({ revoking: undefined }),
    /** Params: the signature `signRevoke` answered. */
    setSignature: assign((_, signature: string) => ({ signature })),
    /** The revoked row leaves the list at once (the read that follows confirms it). */
    dropRevoked: assign(({ context }) => ({ sessions: context.sessions.filter((s) => s.pci !== context.revoking), revoking: undefined, signature: undefined })),
    clearList: assign({ sessions: [], error: undefined, revokeError: undefined }),
  },
}).createMachine({
  id: 'sessions',
  context: ({ input }) => ({ target: targetOf(input?.target), sessions: [], error: undefined, revoking: undefined, signature: undefined, revokeError: undefined }),
  initial: 'idle',
  states: {
    idle: {},
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'listSessions',
        src: 'listSessions',
        input: ({ context }) => ({ address: context.target?.address ?? '' }),
        onDone: { target: 'loaded', actions: { type: 'setSessions', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'setError' },
      },
    },
    loaded: { on: { 'sessions.revoke': { guard: 'isListedSession', target: 'revoking', actions: 'startRevoking' } } },
    failed: { on: { 'sessions.retry': 'loading' } },
    revoking: {
      initial: 'signing',
      states: {
        signing: {
          invoke: {
            id: 'signRevoke',
            src: 'signRevoke',
            input: ({ context }) => ({ target: context.target!, pci: context.revoking ?? '' }),
            onDone: { target: 'submitting', actions: { type: 'setSignature', params: ({ event }) => event.output } },
            onError: [
              { guard: 'isUserRejection', target: '#sessions.loaded', actions: ['clearRevoking', ...backToSessions] },
              { target: '#sessions.loaded', actions: ['setRevokeError', ...backToSessions] },
            ],
          },
        },
        submitting: {
          invoke: {
            id: 'revokeSession',
            src: 'revokeSession',
            input: ({ context }) => ({ address: context.target?.address ?? '', pci: context.revoking ?? '', signature: context.signature ?? '' }),
            onDone: { target: '#sessions.loading', actions: ['dropRevoked', ...backToSessions] },
            onError: { target: '#sessions.loaded', actions: ['setRevokeError', ...backToSessions] },
          },
        },
      },
    },
  },
  on: {
    'sessions.start': { target: '.loading', actions: ['clearList', { type: 'tell', params: { to: 'router', event: { type: 'router.push', view: 'Sessions' } } }] },
    'root.account': [{ guard: 'isLeavingItsView', target: '.idle', actions: ['setTarget', 'clearList', { type: 'tell', params: ({ event }) => leave(event) }] }, { actions: 'setTarget' }],
  },
})
