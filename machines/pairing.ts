import { assign, emit, fromCallback, fromPromise, setup, type EventObject } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { BaseError, isUserRejection, summarizeError, type ErrorSummary } from '../adapters/errors.ts'
import { timing } from './timing.ts'
import { actorErrorOf } from './narrow.ts'
import type { RootMoment } from './features.ts'
import { reportAction, tellAction, type SystemMessage } from './system.ts'
import { machineTypes } from './machineTypes.ts'

/** The wallet a pairing is for (a directory or custom wallet), or none for the plain WalletConnect QR. */
export type PairingWallet = {
  id: string
  name: string
  imageUrl?: string | undefined
  mobile_link?: string | null | undefined
  /** The wallet's universal link (https), opened on a phone with the universal-links preference (spec §9). */
  link_mode?: string | null | undefined
  desktop_link?: string | null | undefined
  webapp_link?: string | null | undefined
  /** The wallet's store pages and homepage, when the directory lists them (its "Get" links). */
  app_store?: string | null | undefined
  play_store?: string | null | undefined
  chrome_store?: string | null | undefined
  homepage?: string | null | undefined
}

/** Context of the pairing machine (spec §4 "Wallet pairing"). */
export type PairingContext = {
  /** The wallet picked, if any (its links open the wallet on the URI). */
  wallet: PairingWallet | undefined
  /** The URI on show (`wc:…`); undefined until the relay answered. */
  uri: string | undefined
  /** When the URI on show expires (ms since the epoch, from the clock of the proposal). */
  expiresAt: number | undefined
  /** How many URIs this pairing has shown (the first, then one per refresh). */
  uris: number
  /** Why the last attempt failed (not set for the visitor's rejection). */
  error: ErrorSummary | undefined
  /** The systemId of the active namespace's connection: the one that connects the approved session. */
  connection: string
  /** WalletConnect's connector id (the connection connects the session with it). */
  connectorId: string
}

/** What the machine starts with: the active namespace's connection and WalletConnect's connector id. */
export type PairingInput = { connection?: string | undefined; connectorId?: string | undefined } | undefined

export type PairingEvent =
  /** The visitor picked WalletConnect (or a wallet reached through it): a URI is requested. */
  | { type: 'pairing.start'; wallet?: PairingWallet | undefined }
  /** Try again after a rejection or a failure. */
  | { type: 'pairing.retry' }
  /** From the proposal actor. */
  | { type: 'pairing.uriReady'; uri: string; createdAt: number }
  | { type: 'pairing.walletApproved' }
  | { type: 'pairing.walletFailed'; error: unknown }
  /**
   * The root's moments: WalletConnect's row picked in Connect (`root.select`), `open({ view })` of a QR view
   * (`root.open`), Back on it or the modal closed (`root.back`, `root.closed`: the proposal is dropped), the account.
   */
  | RootMoment

/** `pairing.approved`: the wallet approved (the machine asks the active connection to connect the session). */
export type PairingEmitted = { type: 'pairing.approved'; wallet: PairingWallet | undefined } | { type: 'pairing.failed'; error: ErrorSummary }

/** What the `propose` actor reports back (see {@link pairingMachine}). */
export type ProposeEvent = { type: 'pairing.uriReady'; uri: string; createdAt: number } | { type: 'pairing.walletApproved' } | { type: 'pairing.walletFailed'; error: unknown }

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('pairing', name)
}

/** A failure (not the visitor's rejection) reported to the root: its WALLET_ERROR analytics. */
const reportFailure = {
  type: 'report',
  params: ({ context }: { context: PairingContext }) => ({ type: 'feature.reportError', error: context.error ?? { name: 'Error', message: 'Unknown error' } }),
} as const

/** "Try again": a connection request left from the last approval is dropped first (the active namespace's connection). */
const dropRequest = { type: 'tell', params: ({ context }: { context: PairingContext }) => ({ to: context.connection, event: { type: 'connection.cancel' } }) } as const

/** ConnectingWalletConnect pushed: for the wallet picked (its links), or the plain QR code (a push of the view shown is ignored). */
const showQr = (event: PairingEvent): SystemMessage => {
  const walletId = event.type === 'pairing.start' ? event.wallet?.id : undefined
  return { to: 'router', event: { type: 'router.push', view: 'ConnectingWalletConnect', ...(walletId ? { data: { walletId } } : {}) } }
}

/**
 * The relay did not answer in time (spec §4 "Wallet pairing"): the provider did not load within `pairingLoadTimeout`
 * (`step: 'load'`), or no pairing URI came within `pairingUriTimeout` (`step: 'uri'`). The view words it and offers Try again.
 */
export class PairingTimeoutError extends BaseError {
  static override docsPath = '/errors/PairingTimeoutError'
  override name = 'PairingTimeoutError'
  step: 'load' | 'uri'
  constructor(step: 'load' | 'uri') {
    super(step === 'load' ? 'WalletConnect did not load in time.' : 'The relay did not give a pairing URI in time.')
    this.step = step
  }
}

/**
 * A WalletConnect pairing (spec §4 "Wallet pairing": a new pairing expires after 4 minutes and counts as expired
 * when 10 s or less remain; §2 ConnectingWalletConnect / ConnectingWalletConnectBasic).
 *
 * - `idle` → `pairing.start` → `loading` (the provider's code and socket load, once) → `proposing`.
 * - `proposing.requestingUri` waits for the relay; `proposing.showingUri` shows it (QR, copy, deep link) until
 *   the wallet answers or the URI counts as expired (`pairingTtl − pairingExpiryMargin` after it was shown) →
 *   `expired` → a new proposal, whose URI replaces the old one.
 * - The wallet approves → `approved` (emits `pairing.approved`: the owner connects the session).
 * - The visitor declines in the wallet → `rejected` (retry); any other failure (relay, load, expiry of the
 *   proposal in the SDK) → `failed` with the error (retry; emits `pairing.failed`).
 * - Every wait is bounded: `loading` ends after `pairingLoadTimeout`, `proposing.requestingUri` after
 *   `pairingUriTimeout` (a relay that accepts the socket and stays silent), each → `failed` with a
 *   {@link PairingTimeoutError}; the proposal is dropped (its actor stopped) and Try again starts afresh.
 * - Leaving the QR view (`root.back`) or the modal closing (`root.closed`) → `idle` from anywhere; the proposal is dropped.
 *
 * It moves the rest of the modal itself, by systemId: WalletConnect's row in Connect (`root.select`) and a directory
 * wallet picked (`pairing.start` with the wallet) push ConnectingWalletConnect (the wallet's id as its data) and start;
 * `open({ view })` of a QR view (`root.open`) starts; Try again first drops a connection request left from the last
 * approval; the wallet's approval asks the active namespace's connection to connect the session; a failure is
 * reported to the root (`feature.reportError`).
 *
 * Actors to provide: `load` (promise: loads and initialises the provider), `propose` (callback: starts a
 * proposal and sends back {@link ProposeEvent}s; stopping it abandons the proposal).
 */
export const pairingMachine = setup({
  types: machineTypes<{ context: PairingContext; events: PairingEvent; emitted: PairingEmitted; input: PairingInput }>(),
  actors: {
    load: fromPromise<void>(notProvided('load')),
    propose: fromCallback<EventObject>(notProvided('propose')),
  },
  delays: {
    /** From showing a URI until it counts as expired (spec §4). */
    pairingRefreshTimeout: timing.pairingTtl - timing.pairingExpiryMargin,
    pairingLoadTimeout: timing.pairingLoadTimeout,
    pairingUriTimeout: timing.pairingUriTimeout,
  },
  guards: {
    isUserRejection: ({ event }) => isUserRejection(actorErrorOf(event)),
  },
  actions: {
    tell: tellAction<PairingContext, PairingEvent>(),
    report: reportAction<PairingContext, PairingEvent>(),
    /** The root's account moment's connection (the active namespace's). */
    followConnection: assign(({ context, event }) => ({ connection: event.type === 'root.account' && event.connection ? event.connection : context.connection })),
    setWallet: assign({ wallet: ({ event }) => (event.type === 'pairing.start' ? event.wallet : undefined), uris: 0, error: undefined }),
    clearUri: assign({ uri: undefined, expiresAt: undefined }),
    setUri: assign(({ context, event }) => (event.type === 'pairing.uriReady' ? { uri: event.uri, expiresAt: event.createdAt + timing.pairingTtl, uris: context.uris + 1 } : {})),
    setError: assign({ error: ({ event }) => summarizeError(actorErrorOf(event)) }),
    setLoadTimeout: assign({ error: () => summarizeError(new PairingTimeoutError('load')) }),
    setUriTimeout: assign({ error: () => summarizeError(new PairingTimeoutError('uri')) }),
    clearError: assign({ error: undefined }),
    reset: assign({ wallet: undefined, uri: undefined, expiresAt: undefined, uris: 0, error: undefined }),
    emitApproved: emit(({ context }) => ({ type: 'pairing.approved' as const, wallet: context.wallet })),
    emitFailed: emit(({ context }) => ({ type: 'pairing.failed' as const, error: context.error ?? { name: 'Error', message: 'Unknown error' } })),
  },
}).createMachine({
  id: 'pairing',
  context: ({ input }) => ({
    wallet: undefined,
    uri: undefined,
    expiresAt: undefined,
    uris: 0,
    error: undefined,
    connection: input?.connection ?? 'connection.eip155',
    connectorId: input?.connectorId ?? 'walletConnect',
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'pairing.start': { target: 'loading', actions: ['setWallet', { type: 'tell', params: ({ event }) => showQr(event) }] },
        'root.select': { target: 'loading', actions: ['setWallet', { type: 'tell', params: ({ event }) => showQr(event) }] },
        'root.open': { target: 'loading', actions: 'setWallet' },
      },
    },
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: 'proposing',
        onError: { target: 'failed', actions: ['setError', 'emitFailed', reportFailure] },
      },
      after: { pairingLoadTimeout: { target: 'failed', actions: ['setLoadTimeout', 'emitFailed', reportFailure] } },
    },
    proposing: {
      invoke: { id: 'propose', src: 'propose' },
      initial: 'requestingUri',
      states: {
        requestingUri: {
          on: { 'pairing.uriReady': { target: 'showingUri', actions: 'setUri' } },
          after: { pairingUriTimeout: { target: '#pairing.failed', actions: ['clearUri', 'setUriTimeout', 'emitFailed', reportFailure] } },
        },
        showingUri: {
          after: { pairingRefreshTimeout: '#pairing.expired' },
        },
      },
      on: {
        'pairing.walletApproved': {
          target: 'approved',
          actions: ['emitApproved', { type: 'tell', params: ({ context }) => ({ to: context.connection, event: { type: 'connection.request', connectorId: context.connectorId } }) }],
        },
        'pairing.walletFailed': [
          { guard: 'isUserRejection', target: 'rejected', actions: 'clearUri' },
          { target: 'failed', actions: ['clearUri', 'setError', 'emitFailed', reportFailure] },
        ],
      },
    },
    /** The URI counts as expired (10 s or less left) or a refresh was asked: a new proposal replaces it. */
    expired: {
      always: { target: 'proposing' },
    },
    /**
     * The wallet approved; the connection takes over. The view is left (or the modal closes) once connected, which
     * cancels: the next pairing starts from `idle`.
     */
    approved: {},
    /** The visitor declined in the wallet: not a failure (STYLE rule 7), a retry. */
    rejected: {
      on: { 'pairing.retry': { target: 'loading', actions: [dropRequest, 'clearError'] } },
    },
    failed: {
      on: { 'pairing.retry': { target: 'loading', actions: [dropRequest, 'clearError'] } },
    },
  },
  on: {
    // Picked while a pairing runs (a wallet from AllWallets over the QR view): the view only, the pairing goes on.
    'pairing.start': { actions: { type: 'tell', params: ({ event }) => showQr(event) } },
    'root.select': { actions: { type: 'tell', params: ({ event }) => showQr(event) } },
    'root.back': { target: '.idle', actions: 'reset' },
    'root.closed': { target: '.idle', actions: 'reset' },
    'root.account': { actions: 'followConnection' },
  },
})

/**
 * Whether a pairing that expires at `expiresAt` counts as expired at `now` (spec §4: 10 s or less remain).
 * @example isPairingExpired(Date.now() + 5_000) // true
 */
export function isPairingExpired(expiresAt: number, now: number = Date.now()): boolean {
  return expiresAt - now <= timing.pairingExpiryMargin
}
