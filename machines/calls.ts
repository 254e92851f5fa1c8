import { assign, enqueueActions, fromPromise, setup } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import type { ConnectedAccount, RootMoment } from './features.ts'
import { batchMachine, type BatchCall, type BatchInput, type BatchOutcome, type BatchReport, type StoredBatch } from './batch.ts'
import { callsStatusView, chainIdOf } from './batch.setup.ts'
import { machineTypes } from './machineTypes.ts'
import type { SystemMessage } from './system.ts'

/**
 * What the public API knows of one batch it asked for (by its request `key`): `asking` while the wallet decides (or
 * its capabilities are read), `pending` once the calls are on their way (`id`: the wallet's batch id, or in the
 * one-by-one fallback the key itself), `ended` with the batch's {@link BatchOutcome}. `chainId` is the batch's chain,
 * `count` its number of calls, `calls` the calls themselves (what the CallsStatus view lists).
 */
export type CallsRequest = { key: string; chainId: number; count: number; calls: BatchCall[] } & (
  | { phase: 'asking'; id?: undefined; outcome?: undefined }
  | { phase: 'pending'; id: string; outcome?: undefined }
  | { phase: 'ended'; id?: string | undefined; outcome: BatchOutcome }
)

/** The calls feature's input: the connected account when it spawned (later ones arrive as `root.account`). */
export type CallsInput = { target?: ConnectedAccount | undefined }

/**
 * `requests` by key; `latest` the key of the batch the last toast was about (sent, accepted or ended), `shown` the key of
 * the batch the CallsStatus view shows.
 */
export type CallsContext = { target: ConnectedAccount | undefined; requests: Record<string, CallsRequest>; latest?: string | undefined; shown?: string | undefined }

/**
 * The calls feature's events: `calls.send` from the public `sendCalls` (a checked batch, `key` unique per request;
 * `show`: the modal is open, so the CallsStatus view is pushed on its view stack for this batch), the batches' reports
 * ({@link BatchReport}), and the root's moments (`root.open` of CallsStatus: which batch it shows).
 */
export type CallsEvent = { type: 'calls.send'; key: string; batch: Omit<BatchInput, 'resume'>; show?: boolean | undefined } | BatchReport | RootMoment

/** The request a `root.open` of CallsStatus asks for: by its batch id, else the latest. */
function askedKey(context: CallsContext, event: CallsEvent): string | undefined {
  const data = event.type === 'root.open' ? event.data : undefined
  const id = typeof data === 'object' && data !== null && 'batchId' in data ? data.batchId : undefined
  const byId = typeof id === 'string' ? Object.values(context.requests).find((r) => r.id === id || r.key === id) : undefined
  return byId?.key ?? context.latest
}

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('calls', name)
}

/**
 * Batched calls (EIP-5792; spec §4 frame RPC, §7 `wallet_sendCalls`) as a feature: it holds the batches the dapp asked
 * for through `modal.sendCalls`, each one run of the batch machine (`machines/batch.ts`) spawned with the request's
 * `key` as its id, and records what the public API reads (`requests`: asked, on its way with its id, ended with its
 * outcome). When it spawns (the first `sendCalls`, or a restored connection after a reload) it reads the batches kept
 * in storage for the connected account (`loadStored`) and picks each up again where it was (`resume`: its status
 * polled, no prompt). The batches end with the modal's instance: stopping the root stops them and their polling.
 *
 * It holds the CallsStatus view (what happened to each call, `machines/calls.connect.ts`): pushed on the view stack when
 * a batch is sent while the modal is open (`show`), or opened by the dapp (`open({ view: 'CallsStatus', data: { batchId
 * } })`) or a batch toast's Details (`root.open`: the batch asked for, else the one the last toast was about).
 *
 * Actors to provide: `batch` (the batch machine with its wallet calls and storage), `loadStored` ({@link CallsInput}
 * → the {@link StoredBatch}es of the account).
 */
export const callsMachine = setup({
  types: machineTypes<{ context: CallsContext; events: CallsEvent; input: CallsInput }>(),
  actors: {
    batch: batchMachine,
    loadStored: fromPromise<StoredBatch[], { target: ConnectedAccount | undefined }>(notProvided('loadStored')),
  },
  guards: {
    /** The modal is open as the batch is sent: CallsStatus shows it at once. */
    isShownAtOnce: ({ event }) => event.type === 'calls.send' && event.show === true,
  },
  actions: {
    /** A checked batch from `sendCalls`: its batch machine spawned with the request's key as its id. */
    startBatch: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'calls.send') return
      enqueue.assign({
        requests: ({ context }) => ({
          ...context.requests,
          [event.key]: { key: event.key, chainId: chainIdOf(event.batch.caipNetworkId), count: event.batch.calls.length, calls: event.batch.calls, phase: 'asking' },
        }),
        latest: event.key,
      })
      enqueue.spawnChild('batch', { id: event.key, input: event.batch })
    }),
    /** Params: the stored batches. Each is picked up again (its key is its id), once per key; a fallback with its progress. */
    resumeStored: enqueueActions(({ context, enqueue }, stored: StoredBatch[]) => {
      for (const { id, fallback, ...batch } of stored) {
        if (context.requests[id]) continue
        enqueue.assign({
          requests: ({ context: c }) => ({ ...c.requests, [id]: { key: id, chainId: chainIdOf(batch.caipNetworkId), count: batch.calls.length, calls: batch.calls, phase: 'pending', id } }),
          latest: id,
        })
        enqueue.spawnChild('batch', { id, input: { ...batch, resume: { id, ...(fallback ? { fallback } : {}) } } })
      }
    }),
    setAccepted: assign(({ context, event }) => {
      if (event.type !== 'batch.accepted' || !context.requests[event.key]) return {}
      return { requests: { ...context.requests, [event.key]: { ...context.requests[event.key]!, phase: 'pending', id: event.id, outcome: undefined } }, latest: event.key }
    }),
    setEnded: assign(({ context, event }) => {
      if (event.type !== 'batch.ended' || !context.requests[event.key]) return {}
      const request = context.requests[event.key]!
      return { requests: { ...context.requests, [event.key]: { ...request, phase: 'ended', id: event.outcome.id ?? request.id, outcome: event.outcome } }, latest: event.key }
    }),
    /** The batch just sent is the one CallsStatus shows. */
    showSent: assign({ shown: ({ event }) => (event.type === 'calls.send' ? event.key : undefined) }),
    /** CallsStatus opened (`open({ view, data: { batchId } })`, a toast's Details): the batch asked for, else the latest. */
    showAsked: assign({ shown: ({ context, event }) => askedKey(context, event) }),
    /** CallsStatus pushed on the view stack (spec §2: Back returns to the view the visitor was on); the router by `systemId`. */
    pushCallsStatus: enqueueActions(({ system, enqueue }) => {
      const router = system.get('router')
      const push: SystemMessage['event'] = { type: 'router.push', view: callsStatusView }
      if (router) enqueue.sendTo(router, push)
    }),
    setTarget: assign({ target: ({ event }) => (event.type === 'root.account' ? event.account : undefined) }),
  },
}).createMachine({
  id: 'calls',
  context: ({ input }) => ({ target: input?.target, requests: {} }),
  initial: 'loading',
  on: {
    'calls.send': [{ guard: 'isShownAtOnce', actions: ['startBatch', 'showSent', 'pushCallsStatus'] }, { actions: 'startBatch' }],
    'root.open': { actions: 'showAsked' },
    'batch.accepted': { actions: 'setAccepted' },
    'batch.ended': { actions: 'setEnded' },
    'root.account': { actions: 'setTarget' },
  },
  states: {
    /** The batches stored for the account before a reload are read, and picked up again. */
    loading: {
      invoke: {
        id: 'loadStored',
        src: 'loadStored',
        input: ({ context }) => ({ target: context.target }),
        onDone: { target: 'ready', actions: { type: 'resumeStored', params: ({ event }) => event.output } },
        // Unreadable storage: nothing to pick up.
        onError: { target: 'ready' },
      },
    },
    ready: {},
  },
})
