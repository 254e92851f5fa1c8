import { assign, enqueueActions, fromCallback, fromPromise, setup, type EventObject } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { frameRequestKinds, INVALID_KEY, JWT_NOT_YET_VALID, ORIGIN_NOT_ALLOWED, type FrameRequestKind } from '../adapters/frame.protocol.ts'
import { timing } from './timing.ts'
import { actorErrorOf } from './narrow.ts'
import { machineTypes } from './machineTypes.ts'

/**
 * The alert keys of the frame (spec §8 "Alerts"): each shown once, in debug mode only. The provider error alerts (spec §8
 * "Provider error mapping", listed there without keys) are {@link FrameProviderAlertKey}.
 */
export type FrameAlertKey = 'IFRAME_LOAD_FAILED' | 'IFRAME_REQUEST_TIMEOUT' | FrameProviderAlertKey

/**
 * The provider error alerts (spec §8): `SESSION_EXPIRED` "Session Expired" (the session's JWT is not yet valid),
 * `ORIGIN_NOT_ALLOWED` and `INVALID_PROJECT_ID` "Invalid App Configuration" (the origin is not on the project's
 * allowlist; the project id is not known).
 */
export type FrameProviderAlertKey = 'SESSION_EXPIRED' | 'ORIGIN_NOT_ALLOWED' | 'INVALID_PROJECT_ID'

/**
 * What the embedded wallet reports about an unsafe request's approval (spec §4 "Embedded-wallet RPC lifecycle";
 * `ui/core/embeddedBridge.ts` delivers them to the feature whose manifest takes them, the email login): the first
 * request waiting, and the outcome of the last one, each only while ApproveTransaction shows (the bridge rejects and
 * forgets the requests once the visitor leaves it or closes the modal). `modalWasOpen`: the modal was open when the
 * first request began.
 */
export type EmbeddedApprovalEvent = { type: 'embedded.approvalRequested'; id: string; modalWasOpen: boolean } | { type: 'embedded.approvalEnded'; id: string; outcome: 'success' | 'error'; modalWasOpen: boolean }

/**
 * The provider's error messages (spec §8 "Provider error mapping", word for word) and the alert each raises.
 * @example providerAlertOf('Unauthorized: invalid key') // 'INVALID_PROJECT_ID'
 */
export const providerErrorAlerts: Readonly<Record<string, FrameProviderAlertKey>> = {
  [ORIGIN_NOT_ALLOWED]: 'ORIGIN_NOT_ALLOWED',
  [JWT_NOT_YET_VALID]: 'SESSION_EXPIRED',
  [INVALID_KEY]: 'INVALID_PROJECT_ID',
}

/**
 * The provider error alert a frame reply's error raises (spec §8), or undefined for any other error (a message of other
 * words, or no message).
 * @example providerAlertOf({ message: 'Unauthorized: origin not allowed' }) // 'ORIGIN_NOT_ALLOWED'
 */
export function providerAlertOf(error: unknown): FrameProviderAlertKey | undefined {
  if ((typeof error !== 'object' && typeof error !== 'function') || error === null) return undefined
  // A library error's own words are its short message (its message goes on with the Docs and Details lines).
  const message = 'shortMessage' in error ? error.shortMessage : 'message' in error ? error.message : undefined
  return typeof message === 'string' && Object.hasOwn(providerErrorAlerts, message) ? providerErrorAlerts[message] : undefined
}

/** The timeout reasons of spec §8 "Frame". */
export type FrameTimeoutReason = 'iframe_load_failed' | 'iframe_request_timeout'

/** Input of the frame machine. */
export type FrameInput = {
  /** The modal's `debug` option: alerts show only then (spec §8). */
  debug?: boolean | undefined
}

/** Context of the frame machine (spec §4 "Embedded frame"). */
export type FrameContext = {
  debug: boolean
  /** Which alerts were already emitted (each once). */
  alerted: Record<FrameAlertKey, boolean>
  /** Why the last load failed (`iframe_load_failed`). */
  error: FrameTimeoutReason | undefined
}

export type FrameEvent =
  /** Someone needs the frame (an email action, a stored session): the iframe is created. */
  | { type: 'frame.load' }
  /** From the `mount` actor: the frame page posted FRAME_READY. */
  | { type: 'frame.ready' }
  /** From the client: the frame page answered APP_RELOAD and reloads; requests wait for its FRAME_READY again. */
  | { type: 'frame.reloading' }
  /** A request timed out (`iframe_request_timeout`): the alert, once. */
  | { type: 'frame.requestTimedOut' }
  /** A request was refused with one of the provider's errors (spec §8 "Provider error mapping"): its alert, once. */
  | { type: 'frame.providerError'; key: FrameProviderAlertKey }

/** `frame.alert`: the owner shows the alert of `key` (already filtered: once each, debug mode only). */
export type FrameEmitted = { type: 'frame.alert'; key: FrameAlertKey }

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('frame', name)
}

/**
 * The embedded-wallet frame (spec §4 "Embedded frame", §8, §9):
 * - `notReady` → `frame.load` → `live.loading`: the `mount` actor creates the iframe (its URL carries projectId,
 *   chainId, version, enableLogger, rpcUrl) and reports FRAME_READY as `frame.ready`.
 * - `live.loading` → `frame.ready` → `live.settling` → after `iframeReadyDelay` (500 ms) → `live.ready`: requests may go.
 * - `live.ready` → `frame.reloading` (the page answered APP_RELOAD and reloads, spec §2 leaving ConnectingFarcaster) →
 *   `live.loading`: the same iframe, requests wait for the reloaded page's FRAME_READY (a request posted meanwhile
 *   would reach the page going away, or no page, and never be answered).
 * - No FRAME_READY within `iframeLoadTimeout` (20 s) → `failed` (`iframe_load_failed`; the iframe removed), the alert
 *   IFRAME_LOAD_FAILED emitted the first time in debug mode; `frame.load` tries again.
 * - `frame.requestTimedOut` (a request's 120 s passed) emits IFRAME_REQUEST_TIMEOUT the first time in debug mode;
 *   `frame.providerError` (a reply with one of the provider's errors, {@link providerErrorAlerts}) emits its alert so:
 *   SESSION_EXPIRED, ORIGIN_NOT_ALLOWED or INVALID_PROJECT_ID, each once.
 *
 * Actors to provide: `mount` (callback: mounts the iframe and sends `frame.ready` on FRAME_READY; its cleanup removes it).
 */
export const frameMachine = setup({
  types: machineTypes<{ context: FrameContext; events: FrameEvent; input: FrameInput; emitted: FrameEmitted }>(),
  actors: {
    mount: fromCallback<EventObject>(notProvided('mount')),
  },
  delays: {
    iframeLoadTimeout: timing.iframeLoadTimeout,
    iframeReadyDelay: timing.iframeReadyDelay,
  },
  guards: {
    isLoadAlertDue: ({ context }) => context.debug && !context.alerted.IFRAME_LOAD_FAILED,
    isTimeoutAlertDue: ({ context }) => context.debug && !context.alerted.IFRAME_REQUEST_TIMEOUT,
    isProviderAlertDue: ({ context, event }) => context.debug && event.type === 'frame.providerError' && !context.alerted[event.key],
  },
  actions: {
    clearError: assign({ error: undefined }),
    setLoadFailed: assign({ error: 'iframe_load_failed' as const }),
    alertLoadFailed: enqueueActions(({ enqueue }) => {
      enqueue.assign({ alerted: ({ context }) => ({ ...context.alerted, IFRAME_LOAD_FAILED: true }) })
      enqueue.emit({ type: 'frame.alert', key: 'IFRAME_LOAD_FAILED' })
    }),
    alertProviderError: enqueueActions(({ enqueue, event }) => {
      if (event.type !== 'frame.providerError') return
      const key = event.key
      enqueue.assign({ alerted: ({ context }) => ({ ...context.alerted, [key]: true }) })
      enqueue.emit({ type: 'frame.alert', key })
    }),
    alertRequestTimeout: enqueueActions(({ enqueue }) => {
      enqueue.assign({ alerted: ({ context }) => ({ ...context.alerted, IFRAME_REQUEST_TIMEOUT: true }) })
      enqueue.emit({ type: 'frame.alert', key: 'IFRAME_REQUEST_TIMEOUT' })
    }),
  },
}).createMachine({
  id: 'frame',
  context: ({ input }) => ({
    debug: input?.debug ?? false,
    alerted: { IFRAME_LOAD_FAILED: false, IFRAME_REQUEST_TIMEOUT: false, SESSION_EXPIRED: false, ORIGIN_NOT_ALLOWED: false, INVALID_PROJECT_ID: false },
    error: undefined,
  }),
  initial: 'notReady',
  states: {
    notReady: {
      on: { 'frame.load': 'live' },
    },
    live: {
      entry: 'clearError',
      invoke: { id: 'mount', src: 'mount' },
      initial: 'loading',
      states: {
        loading: {
          on: { 'frame.ready': 'settling' },
          after: {
            iframeLoadTimeout: [
              { guard: 'isLoadAlertDue', target: '#frame.failed', actions: ['setLoadFailed', 'alertLoadFailed'] },
              { target: '#frame.failed', actions: 'setLoadFailed' },
            ],
          },
        },
        settling: {
          after: { iframeReadyDelay: 'ready' },
        },
        ready: {
          on: { 'frame.reloading': 'loading' },
        },
      },
    },
    failed: {
      on: { 'frame.load': 'live' },
    },
  },
  on: {
    'frame.requestTimedOut': { guard: 'isTimeoutAlertDue', actions: 'alertRequestTimeout' },
    'frame.providerError': { guard: 'isProviderAlertDue', actions: 'alertProviderError' },
  },
})

/** The request kinds that time out after `iframeRequestTimeout` (spec §9: connect email, device, OTP, social, social redirect URI). */
export const timedRequestKinds: readonly FrameRequestKind[] = ['CONNECT_EMAIL', 'CONNECT_DEVICE', 'CONNECT_OTP', 'CONNECT_SOCIAL', 'GET_SOCIAL_REDIRECT_URI']

/** The request kinds the visitor answers (an approval in the frame, in the Farcaster app): they wait for as long as it takes. */
export const visitorRequestKinds: readonly FrameRequestKind[] = ['RPC_REQUEST', 'CONNECT_FARCASTER']

/**
 * The request kinds the frame answers without the visitor (reads, settings, the email change's steps): every kind that
 * is neither a connect kind ({@link timedRequestKinds}, the spec's 120 s) nor the visitor's ({@link visitorRequestKinds}).
 * No reply within `frameReplyTimeout` (30 s) ends them as timed out; a new kind is bounded unless listed otherwise.
 */
export const promptFreeRequestKinds: readonly FrameRequestKind[] = frameRequestKinds.filter((kind) => !timedRequestKinds.includes(kind) && !visitorRequestKinds.includes(kind))

/** Input of one frame request. */
export type FrameRequestInput = { id: string; kind: FrameRequestKind; payload: unknown }

/** Context of one frame request. */
export type FrameRequestContext = FrameRequestInput & { status: FrameRequestOutput['status'] | 'pending'; result: unknown; error: unknown }

/** How a frame request ended (its output). */
export type FrameRequestOutput = { status: 'succeeded'; result: unknown } | { status: 'failed'; error: unknown } | { status: 'timedOut'; reason: 'iframe_request_timeout' } | { status: 'aborted' }

export type FrameRequestEvent = { type: 'frameRequest.abort' }

/**
 * One request to the frame (spec §7 "Each request has a random id, matched in the reply"): an actor
 * with the request's id.
 * - `pending` invokes `send` (the transport's request, aborted when the actor stops it).
 * - The reply → `succeeded` (the result) or `failed` (the error: the reply's message or "An error occurred").
 * - A connect email/device/OTP request with no reply within `iframeRequestTimeout` (120 s) → `timedOut`
 *   (`iframe_request_timeout`; leaving `pending` aborts it). A prompt-free kind ({@link promptFreeRequestKinds}) with no
 *   reply within `frameReplyTimeout` (30 s) → `timedOut` the same way. An RPC request or the Farcaster connect waits.
 * - `frameRequest.abort` → `aborted` (an RPC request: "Request was aborted" and APP_RPC_ABORT; others "Something went wrong").
 *
 * Actors to provide: `send` (promise: posts the request and resolves with the reply's result; honours `signal`).
 */
export const frameRequestMachine = setup({
  types: machineTypes<{ context: FrameRequestContext; input: FrameRequestInput; events: FrameRequestEvent; output: FrameRequestOutput }>(),
  actors: {
    send: fromPromise<unknown, FrameRequestInput>(notProvided('send')),
  },
  delays: {
    iframeRequestTimeout: timing.iframeRequestTimeout,
    frameReplyTimeout: timing.frameReplyTimeout,
  },
  guards: {
    isTimed: ({ context }) => timedRequestKinds.includes(context.kind),
    isPromptFree: ({ context }) => promptFreeRequestKinds.includes(context.kind),
  },
  actions: {
    /** Params: the reply's result (what `send` resolved with). */
    setResult: assign((_, params: { result: unknown }) => ({ status: 'succeeded' as const, result: params.result })),
    setError: assign({ status: 'failed' as const, error: ({ event }) => actorErrorOf(event) }),
    setTimedOut: assign({ status: 'timedOut' as const }),
    setAborted: assign({ status: 'aborted' as const }),
  },
}).createMachine({
  id: 'frameRequest',
  context: ({ input }) => ({ ...input, status: 'pending' as const, result: undefined, error: undefined }),
  initial: 'pending',
  states: {
    pending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ id: context.id, kind: context.kind, payload: context.payload }),
        onDone: { target: 'succeeded', actions: { type: 'setResult', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'failed', actions: 'setError' },
      },
      after: {
        iframeRequestTimeout: { guard: 'isTimed', target: 'timedOut', actions: 'setTimedOut' },
        frameReplyTimeout: { guard: 'isPromptFree', target: 'timedOut', actions: 'setTimedOut' },
      },
      on: { 'frameRequest.abort': { target: 'aborted', actions: 'setAborted' } },
    },
    succeeded: { type: 'final' },
    failed: { type: 'final' },
    timedOut: { type: 'final' },
    aborted: { type: 'final' },
  },
  output: ({ context }): FrameRequestOutput => {
    if (context.status === 'succeeded') return { status: 'succeeded', result: context.result }
    if (context.status === 'failed') return { status: 'failed', error: context.error }
    if (context.status === 'timedOut') return { status: 'timedOut', reason: 'iframe_request_timeout' }
    return { status: 'aborted' }
  },
})
