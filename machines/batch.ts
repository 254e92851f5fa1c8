import type { TransactionInput } from './transaction.ts'
import { outcomeOf } from './transaction.ts'
import {
  batchSetup,
  storedBatchOf,
  callOutcomeIn,
  chainHexOf,
  endToasts,
  progressToast,
  statusAnswer,
  statusIn,
  type BatchCallTransaction,
  type BatchContext,
  type BatchOutcome,
  type SendCallsInput,
} from './batch.setup.ts'

export { maxBatchCalls, validateCalls } from './batch.calls.ts'
export { InvalidCallsError, CallsChainNotConfiguredError } from './batch.errors.ts'
export type { BatchCall, BatchCallParameter, SendCallsParameters, ValidatedCalls } from './batch.calls.ts'
export { storedBatchOf }
export type { FallbackProgress } from './batch.setup.ts'
export type { BatchInput, BatchContext, BatchOutcome, BatchReport, StoredBatch, GetCapabilitiesInput, SendCallsInput, GetCallsStatusInput, BatchCallTransaction } from './batch.setup.ts'

/** The `wallet_sendCalls` v2 request of the batch (EIP-5792; spec §7 "chainId, from, version, capabilities, calls"). */
function sendCallsInput(context: BatchContext): SendCallsInput {
  return {
    connectorId: context.connectorId,
    request: { version: '2.0.0', chainId: chainHexOf(context.caipNetworkId), from: context.from, atomicRequired: context.atomicRequired, calls: context.calls, capabilities: context.capabilities },
  }
}

/** The fallback's current call as one transaction of the transaction machine, with its "Call 2 of 3…" toast. */
function callTransactionInput(context: BatchContext): TransactionInput {
  const call = context.calls[context.index]!
  const request: BatchCallTransaction = { from: context.from, to: call.to, value: call.value, chainId: chainHexOf(context.caipNetworkId), ...(call.data ? { data: call.data } : {}) }
  return { caipNetworkId: context.caipNetworkId, namespace: 'eip155', connectorId: context.connectorId, request, submittedToast: progressToast(context) }
}

/** The call the fallback sent before a reload, followed by its hash (no prompt, no toast of its own). */
function sentCallInput(context: BatchContext): TransactionInput {
  return { caipNetworkId: context.caipNetworkId, namespace: 'eip155', connectorId: context.connectorId, hash: context.sent }
}

/** Params from an actor's `onDone`: what the wallet answered, as is. */
const answerOf = ({ event }: { event: { output: unknown } }): unknown => event.output

/** What every end does: the stored batch is forgotten. */
const ended = ['forgetBatch'] as const

/** The output of the end state `status`. */
const outcome =
  (status: BatchOutcome['status']) =>
  ({ context }: { context: BatchContext }): BatchOutcome => ({
    status,
    via: context.via,
    id: context.id,
    hashes: context.hashes,
    landed: context.landed,
    ...(context.report ? { report: context.report } : {}),
    ...(context.failure ? { error: context.failure } : {}),
  })

/**
 * One batch of calls (EIP-5792; spec §4 frame RPC and §7 `wallet_sendCalls`, §5 its input rules), from the wallet's
 * capabilities to its end. Started by `sendCalls` once the input passed `validateCalls` (machines/batch.calls.ts).
 *
 * `capabilities` (`wallet_getCapabilities`, bounded by `capabilitiesTimeout`, the wallet-request timeout: its answer
 * only decides early that `atomicRequired` cannot be met; no answer, or a failure, goes on to the prompt) →
 * `prompting` (`wallet_sendCalls` v2; the visitor decides in the wallet) → `pending` (the batch id stored with
 * `storeBatch`, so that a reload resumes here with `resume`; `wallet_getCallsStatus` asked every `callsStatusPoll`,
 * bounded by `callsStatusTimeout`; the polling ends with the actor, when the modal's instance is destroyed) → an end:
 * `confirmed` (200), `failed` (400, off-chain), `reverted` (500), `partial` (600), `rejected` (4001), or
 * `unknown` (no end in time, a status that cannot be read, a status about another batch or chain, an id the wallet no
 * longer knows: sent, it may still land).
 *
 * A wallet without batched calls (4200 or method not found, to `wallet_getCapabilities` or `wallet_sendCalls`) is
 * `unsupported`: with `atomicRequired`, `atomicUnsupported` ("This wallet cannot run these calls together", nothing
 * sent; also when its capabilities say `atomic` unsupported, or it answers 5760); without, the `fallback`: the calls
 * one by one through the transaction machine (`machines/transaction.ts`: its prompt, receipt rule and "Call 2 of 3…"
 * loading toast), stopping at the first that does not confirm (the calls confirmed before it make the end `partial`).
 * The fallback is stored as it goes (the calls confirmed, the call sent with its hash): after a reload it follows the
 * call that was sent by its hash (`following`) and ends; the calls never sent are not sent (`settled`: `partial`, with
 * {@link CallsInterruptedError}, unless every call landed).
 *
 * Each end shows its own toast (`batchConfirmed`, `batchFailed`, …, `batchRejected`; the toast actor by `systemId`), and
 * forgets the stored batch. A malformed answer never ends as a success: no batch id is `failed`
 * ({@link InvalidBatchIdError}).
 *
 * Actors to provide: `getCapabilities`, `sendCalls`, `getCallsStatus` (each answers the wallet's reply as is; the
 * chart reads it defensively, machines/batch.status.ts), `transaction` (the transaction machine whose `send` takes a
 * {@link BatchCallTransaction}). Actions to provide: `storeBatch`, `forgetBatch` (storage).
 */
export const batchMachine = batchSetup.createMachine({
  id: 'batch',
  context: ({ input }) => ({ ...input, via: 'wallet', index: 0, landed: [], hashes: [] }),
  initial: 'starting',
  // The end state's own status is set on its entry (`setEnd`): the output is read from the context.
  output: ({ context }) => outcome(context.end ?? 'unknown')({ context }),
  states: {
    /** A batch stored before a reload goes straight to its status; else the wallet's capabilities are read. */
    starting: {
      always: [
        { guard: 'isResumingSentCall', target: 'fallback.following', actions: 'restoreFallback' },
        { guard: 'isResumingFallback', target: 'fallback.settled', actions: 'restoreFallback' },
        { guard: 'isResuming', target: 'pending', actions: ['setResumedId', 'tellAccepted'] },
        { target: 'capabilities' },
      ],
    },
    /** `wallet_getCapabilities` for the account and chain: whether the calls can run atomically there. */
    capabilities: {
      tags: ['loading'],
      invoke: {
        id: 'getCapabilities',
        src: 'getCapabilities',
        input: ({ context }) => ({ connectorId: context.connectorId, from: context.from, chainId: chainHexOf(context.caipNetworkId) }),
        onDone: [
          { guard: { type: 'isAtomicRefused', params: answerOf }, target: 'atomicUnsupported', actions: [{ type: 'setAtomic', params: answerOf }, 'setAtomicFailure'] },
          { target: 'prompting', actions: { type: 'setAtomic', params: answerOf } },
        ],
        onError: [{ guard: 'isUnsupportedMethod', target: 'unsupported' }, { target: 'prompting' }],
      },
      after: { capabilitiesTimeout: { target: 'prompting' } },
    },
    /** `wallet_sendCalls`: the visitor decides in the wallet. */
    prompting: {
      tags: ['loading', 'prompting'],
      invoke: {
        id: 'sendCalls',
        src: 'sendCalls',
        input: ({ context }) => sendCallsInput(context),
        onDone: [
          { guard: { type: 'isMissingId', params: answerOf }, target: 'failed', actions: { type: 'setMissingIdFailure', params: answerOf } },
          { target: 'pending', actions: [{ type: 'setId', params: answerOf }, 'storeBatch', 'tellAccepted', endToasts.submitted] },
        ],
        onError: [
          { guard: 'isUserRejection', target: 'rejected' },
          { guard: 'isUnsupportedMethod', target: 'unsupported' },
          { guard: 'isAtomicityNotSupported', target: 'atomicUnsupported', actions: 'setAtomicFailure' },
          { target: 'failed', actions: 'setFailure' },
        ],
      },
    },
    /** Accepted by the wallet: its status is asked until it ends, or until `callsStatusTimeout`. */
    pending: {
      tags: ['loading', 'pending'],
      initial: 'polling',
      after: { callsStatusTimeout: { target: 'unknown', actions: 'setTimeoutFailure' } },
      states: {
        polling: {
          invoke: {
            id: 'getCallsStatus',
            src: 'getCallsStatus',
            input: ({ context }) => ({ connectorId: context.connectorId, id: context.id! }),
            onDone: [
              { guard: { type: 'isMalformedStatus', params: statusAnswer }, target: '#batch.unknown', actions: { type: 'setMalformedStatusFailure', params: statusAnswer } },
              { guard: { type: 'isForeignStatus', params: statusAnswer }, target: '#batch.unknown', actions: { type: 'setForeignStatusFailure', params: statusAnswer } },
              { guard: { type: 'isStatusClass', params: statusIn('pending') }, target: 'waiting' },
              { guard: { type: 'isStatusClass', params: statusIn('confirmed') }, target: '#batch.confirmed', actions: { type: 'setReport', params: statusAnswer } },
              { guard: { type: 'isStatusClass', params: statusIn('failed') }, target: '#batch.failed', actions: [{ type: 'setReport', params: statusAnswer }, 'setReportFailure'] },
              { guard: { type: 'isStatusClass', params: statusIn('reverted') }, target: '#batch.reverted', actions: [{ type: 'setReport', params: statusAnswer }, 'setReportFailure'] },
              { target: '#batch.partial', actions: [{ type: 'setReport', params: statusAnswer }, 'setReportFailure'] },
            ],
            onError: [
              // The wallet no longer knows the batch (5730): nothing more can be learned.
              { guard: 'isUnknownBundle', target: '#batch.unknown', actions: 'setFailure' },
              // A read that failed (a dropped connection): asked again at the next poll, within the timeout.
              { target: 'waiting' },
            ],
          },
        },
        waiting: { after: { callsStatusPoll: { target: 'polling' } } },
      },
    },
    /** The wallet does not speak batched calls: the one-by-one fallback, or nothing when the calls must run together. */
    unsupported: { always: [{ guard: 'isAtomicRequired', target: 'atomicUnsupported', actions: 'setUnsupportedAtomicFailure' }, { target: 'fallback' }] },
    /** The calls one by one, each one run of the transaction machine ("Call 2 of 3…"); the first that does not confirm stops it. */
    fallback: {
      tags: ['loading', 'fallback'],
      entry: ['useFallback', 'tellAccepted'],
      initial: 'calling',
      states: {
        calling: {
          // Sent: kept for a reload with its hash.
          on: { 'transaction.submitted': { actions: ['setSent', 'storeBatch'] } },
          invoke: {
            id: 'transaction',
            src: 'transaction',
            input: ({ context }) => callTransactionInput(context),
            onDone: [
              { guard: { type: 'isCallOutcome', params: callOutcomeIn('confirmed') }, target: 'next', actions: [{ type: 'addLanded', params: outcomeOf }, 'storeBatch'] },
              { guard: { type: 'isCallOutcome', params: callOutcomeIn('unknown') }, target: '#batch.unknown', actions: { type: 'setCallFailure', params: outcomeOf } },
              { guard: 'hasLanded', target: '#batch.partial', actions: { type: 'setCallFailure', params: outcomeOf } },
              { guard: { type: 'isCallOutcome', params: callOutcomeIn('rejected') }, target: '#batch.rejected' },
              { guard: { type: 'isCallOutcome', params: callOutcomeIn('reverted') }, target: '#batch.reverted', actions: { type: 'setCallFailure', params: outcomeOf } },
              { target: '#batch.failed', actions: { type: 'setCallFailure', params: outcomeOf } },
            ],
          },
        },
        /** A call confirmed: the next one, or the end when it was the last. */
        next: { always: [{ guard: 'hasNextCall', target: 'calling', actions: 'nextCall' }, { target: '#batch.confirmed' }] },
        /** After a reload: the call that was sent, followed to its end by its hash. */
        following: {
          invoke: {
            id: 'transaction',
            src: 'transaction',
            input: ({ context }) => sentCallInput(context),
            onDone: [
              { guard: { type: 'isCallOutcome', params: callOutcomeIn('confirmed') }, target: 'settled', actions: { type: 'addLanded', params: outcomeOf } },
              { guard: { type: 'isCallOutcome', params: callOutcomeIn('unknown') }, target: '#batch.unknown', actions: { type: 'setCallFailure', params: outcomeOf } },
              { guard: 'hasLanded', target: '#batch.partial', actions: { type: 'setCallFailure', params: outcomeOf } },
              { guard: { type: 'isCallOutcome', params: callOutcomeIn('reverted') }, target: '#batch.reverted', actions: { type: 'setCallFailure', params: outcomeOf } },
              { target: '#batch.failed', actions: { type: 'setCallFailure', params: outcomeOf } },
            ],
          },
        },
        /** After a reload, every call sent has ended: confirmed when all landed; else partial (a reload never prompts). */
        settled: {
          always: [
            { guard: 'hasLandedAll', target: '#batch.confirmed' },
            { target: '#batch.partial', actions: 'setInterruptedFailure' },
          ],
        },
      },
    },
    confirmed: { type: 'final', entry: [{ type: 'setEnd', params: 'confirmed' }, ...ended, endToasts.confirmed, { type: 'tellEnded', params: outcome('confirmed') }] },
    failed: { type: 'final', entry: [{ type: 'setEnd', params: 'failed' }, ...ended, endToasts.failed, { type: 'tellEnded', params: outcome('failed') }] },
    reverted: { type: 'final', entry: [{ type: 'setEnd', params: 'reverted' }, ...ended, endToasts.reverted, { type: 'tellEnded', params: outcome('reverted') }] },
    partial: { type: 'final', entry: [{ type: 'setEnd', params: 'partial' }, ...ended, endToasts.partial, { type: 'tellEnded', params: outcome('partial') }] },
    rejected: { type: 'final', entry: [{ type: 'setEnd', params: 'rejected' }, ...ended, endToasts.rejected, { type: 'tellEnded', params: outcome('rejected') }] },
    atomicUnsupported: { type: 'final', entry: [{ type: 'setEnd', params: 'atomicUnsupported' }, ...ended, endToasts.atomicUnsupported, { type: 'tellEnded', params: outcome('atomicUnsupported') }] },
    unknown: { type: 'final', entry: [{ type: 'setEnd', params: 'unknown' }, ...ended, endToasts.unknown, { type: 'tellEnded', params: outcome('unknown') }] },
  },
})
