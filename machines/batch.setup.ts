import { assign, enqueueActions, fromPromise, setup, type AnyEventObject } from 'xstate'
import { parseCaipNetworkId } from '../kernel/caip.ts'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { isUserRejection, summarizeError, toProviderError, type ErrorSummary } from '../adapters/errors.ts'
import { timing } from './timing.ts'
import { messageOf, messageWith, type ToastText } from './messages.ts'
import { tellAction } from './system.ts'
import { transactionMachine, type TransactionDoneEvent, type TransactionOutcome, type TransactionStatus } from './transaction.ts'
import type { BatchCall, Hex } from './batch.calls.ts'
import { AtomicCallsUnsupportedError, CallsStatusUnknownError } from './batch.errors.ts'
import {
  CallsInterruptedError,
  ForeignCallsStatusError,
  InvalidBatchIdError,
  InvalidCallsStatusError,
  atomicStatusOf,
  batchIdOf,
  readCallsStatus,
  type AtomicStatus,
  type CallsStatusClass,
  type CallsStatusReport,
} from './batch.status.ts'
import { actorErrorOf } from './narrow.ts'
import { machineTypes } from './machineTypes.ts'

/*
 * The batch machine's setup (EIP-5792 batched calls): its types, actors, delays, guards and actions, named for the
 * chart in machines/batch.ts.
 */

/**
 * What a batch machine is started with (one batch; `validateCalls` of machines/batch.calls.ts checked it):
 * - `connectorId`, `from`, `caipNetworkId` (`eip155:<n>`): the wallet, the account and the chain the calls go to.
 * - `calls`, `atomicRequired`, `capabilities`: the batch as `wallet_sendCalls` v2 takes it.
 * - `resume`: a batch on its way before a reload (kept in storage), picked up without a prompt: the wallet's batch (`id`:
 *   its status is asked), or the one-by-one fallback (`id` the request's key, `fallback` its {@link FallbackProgress}).
 */
export type BatchInput = {
  connectorId: string
  from: string
  caipNetworkId: string
  calls: BatchCall[]
  atomicRequired: boolean
  capabilities: Record<string, unknown>
  resume?: { id: string; fallback?: FallbackProgress | undefined } | undefined
  /** The invoker shows its own toasts (the swap's approve + swap in one prompt): the batch shows none. */
  quiet?: boolean | undefined
}

/**
 * How far the one-by-one fallback went (kept in storage while it runs): the indices and hashes of the calls confirmed,
 * and the call sent whose end is not known yet (`sent`: its index and hash).
 */
export type FallbackProgress = { landed: number[]; hashes: string[]; sent?: { index: number; hash: string } | undefined }

/** What the `getCapabilities` actor takes (`wallet_getCapabilities(from, [chainId])`); it answers the wallet's reply as is. */
export type GetCapabilitiesInput = { connectorId: string; from: string; chainId: Hex }
/** What the `sendCalls` actor takes: the `wallet_sendCalls` v2 request; it answers the wallet's reply as is. */
export type SendCallsInput = {
  connectorId: string
  request: { version: '2.0.0'; chainId: Hex; from: string; atomicRequired: boolean; calls: BatchCall[]; capabilities: Record<string, unknown> }
}
/** What the `getCallsStatus` actor takes (`wallet_getCallsStatus(id)`); it answers the wallet's reply as is. */
export type GetCallsStatusInput = { connectorId: string; id: string }
/** What the fallback's transaction `send` actor takes as its `request`: one call as `eth_sendTransaction` params. */
export type BatchCallTransaction = { from: string; to: Hex; data?: Hex | undefined; value: Hex; chainId: Hex }

/**
 * Told to the parent (the calls feature, when there is one), the batch known by its actor's id `key`:
 * `batch.accepted` once the calls are on their way (`id` the wallet's batch id; in the fallback, `key` itself), and
 * `batch.ended` with its {@link BatchOutcome}.
 */
export type BatchReport = { type: 'batch.accepted'; key: string; id: string } | { type: 'batch.ended'; key: string; outcome: BatchOutcome }

/**
 * A batch kept in storage while it runs, so that a reload picks it up again (spec §3): the wallet's (`id` its batch
 * id), or the fallback's (`id` the request's key, `fallback` how far it went).
 */
export type StoredBatch = Omit<BatchInput, 'resume'> & { id: string; fallback?: FallbackProgress | undefined }

/**
 * How a batch ended, the machine's output:
 * - `confirmed` (2xx), `failed` (4xx: off-chain, nothing included), `reverted` (5xx), `partial` (6xx: some calls landed):
 *   the wallet's report, or the fallback's transactions;
 * - `rejected`: the visitor declined (4001): nothing was sent (in the fallback: the first call declined);
 * - `atomicUnsupported`: `atomicRequired` and the wallet cannot run the calls together: nothing was sent;
 * - `unknown`: sent, but no end known (the status timeout, an unreadable or foreign status): it may still land.
 * `id` is the wallet's batch id (absent in the fallback), `via` how the calls were run, `hashes` the transactions that
 * landed (the wallet's successful receipts, or the fallback's confirmed calls), `landed` the indices of the calls that
 * went through in the fallback (the wallet's receipts carry no call index: there, the successful receipts' indices).
 */
export type BatchOutcome = {
  status: 'confirmed' | 'failed' | 'reverted' | 'partial' | 'rejected' | 'atomicUnsupported' | 'unknown'
  id?: string | undefined
  via: 'wallet' | 'fallback'
  hashes: string[]
  landed: number[]
  report?: CallsStatusReport | undefined
  error?: ErrorSummary | undefined
}

export type BatchContext = BatchInput & {
  /** How the calls are run: by the wallet (`wallet_sendCalls`), or one by one (the fallback). */
  via: 'wallet' | 'fallback'
  /** The wallet's batch id, once it accepted the calls. */
  id?: string | undefined
  /** The chain's `atomic` capability, once read (undefined: the wallet did not say). */
  atomic?: AtomicStatus | undefined
  /** The wallet's last readable status report. */
  report?: CallsStatusReport | undefined
  /** The fallback: the index of the call asked now (0-based). */
  index: number
  /** The fallback: the indices and hashes of the calls confirmed so far. */
  landed: number[]
  hashes: string[]
  /** The fallback: the hash of the current call once the wallet sent it, until its end is known. */
  sent?: string | undefined
  /** Why the batch did not end `confirmed`. */
  failure?: ErrorSummary | undefined
  /** The end state reached (set on its entry), read by the output. */
  end?: BatchOutcome['status'] | undefined
}

/** The EIP-1193 / JSON-RPC / EIP-5792 codes that say the wallet does not speak batched calls (4200, -32601). */
const unsupportedMethodCodes = new Set([4200, -32601])
/** EIP-5792 5760: the wallet cannot run these calls atomically. */
const atomicityNotSupportedCode = 5760
/** EIP-5792 5730: the wallet does not know the batch id. */
const unknownBundleCode = 5730

const codeOf = (error: unknown): number | undefined => {
  const summary = summarizeError(error)
  return summary.code
}

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('batch', name)
}

/**
 * The chain of a CAIP-2 eip155 id (`eip155:31337`), as a number and as the hex quantity EIP-5792 keys it by.
 * @throws InvalidCaipNetworkIdError for a malformed CAIP-2 id (the batch's network is a configured one, so never here).
 */
export const chainIdOf = (caipNetworkId: string) => Number(parseCaipNetworkId(caipNetworkId).chainId)
export const chainHexOf = (caipNetworkId: string): Hex => `0x${chainIdOf(caipNetworkId).toString(16)}`

/** The params of a guard or an action on `wallet_getCallsStatus`'s answer. */
type StatusParams = { answer: unknown }
const statusReading = (context: BatchContext, answer: unknown) => readCallsStatus(answer, { id: context.id!, chainId: chainIdOf(context.caipNetworkId) })

/** The view a batch's toast opens with its Details button: what happened to each call (machines/calls.ts holds it). */
export const callsStatusView = 'CallsStatus'

/**
 * The `tell` params of a toast for the toast actor (`systemId` `toast`), with Details opening {@link callsStatusView};
 * none for a quiet batch (its invoker shows its own).
 */
const toast =
  (variant: 'loading' | 'success' | 'error', message: ToastText) =>
  ({ context }: { context: BatchContext }) =>
    context.quiet ? undefined : { to: 'toast', event: { type: 'toast.show' as const, variant, message, opens: callsStatusView } }

/** The parent learns the batch is on its way: the wallet's id, or in the fallback the actor's own id. */
function tellParentAccepted() {
  return enqueueActions<BatchContext, AnyEventObject, undefined, AnyEventObject, never, never, never, never, never>(({ context, self, enqueue }) => {
    const parent = self._parent
    if (parent) enqueue.sendTo(parent, { type: 'batch.accepted', key: self.id, id: context.id ?? self.id } satisfies BatchReport)
  })
}

/** The parent learns the end. Params: the outcome. */
function tellParentEnded() {
  return enqueueActions<BatchContext, AnyEventObject, BatchOutcome, AnyEventObject, never, never, never, never, never>(({ self, enqueue }, outcome) => {
    const parent = self._parent
    if (parent) enqueue.sendTo(parent, { type: 'batch.ended', key: self.id, outcome } satisfies BatchReport)
  })
}

export const batchSetup = setup({
  types: machineTypes<{ context: BatchContext; input: BatchInput; output: BatchOutcome }>(),
  actors: {
    getCapabilities: fromPromise<unknown, GetCapabilitiesInput>(notProvided('getCapabilities')),
    sendCalls: fromPromise<unknown, SendCallsInput>(notProvided('sendCalls')),
    getCallsStatus: fromPromise<unknown, GetCallsStatusInput>(notProvided('getCallsStatus')),
    /** One call of the fallback: its `send` takes a {@link BatchCallTransaction} as its request. */
    transaction: transactionMachine,
  },
  delays: { capabilitiesTimeout: timing.walletRequestTimeout, callsStatusPoll: timing.callsStatusPoll, callsStatusTimeout: timing.callsStatusTimeout },
  guards: {
    isResuming: ({ context }) => context.resume !== undefined,
    /** A fallback picked up after a reload: with a call sent whose end is not known, or between two calls. */
    isResumingSentCall: ({ context }) => context.resume?.fallback?.sent !== undefined,
    isResumingFallback: ({ context }) => context.resume?.fallback !== undefined,
    hasLandedAll: ({ context }) => context.landed.length === context.calls.length,
    isAtomicRequired: ({ context }) => context.atomicRequired,
    /** Params: the capabilities answer. `atomicRequired` and the chain's `atomic` capability is `unsupported`. */
    isAtomicRefused: ({ context }, answer: unknown) => context.atomicRequired && atomicStatusOf(answer, chainIdOf(context.caipNetworkId)) === 'unsupported',
    /** The wallet does not know the method (4200, or JSON-RPC's method not found). */
    isUnsupportedMethod: ({ event }) => unsupportedMethodCodes.has(codeOf(actorErrorOf(event)) ?? 0),
    isAtomicityNotSupported: ({ event }) => codeOf(actorErrorOf(event)) === atomicityNotSupportedCode,
    isUnknownBundle: ({ event }) => codeOf(actorErrorOf(event)) === unknownBundleCode,
    isUserRejection: ({ event }) => isUserRejection(actorErrorOf(event)),
    /** Params: what `sendCalls` answered. */
    isMissingId: (_, answer: unknown) => batchIdOf(answer) === undefined,
    isMalformedStatus: ({ context }, { answer }: StatusParams) => statusReading(context, answer).kind === 'malformed',
    isForeignStatus: ({ context }, { answer }: StatusParams) => statusReading(context, answer).kind === 'foreign',
    /** Params: the answer and the status classes it is tested against. */
    isStatusClass: ({ context }, { answer, classes }: StatusParams & { classes: readonly CallsStatusClass[] }) => {
      const reading = statusReading(context, answer)
      return reading.kind === 'report' && classes.includes(reading.report.statusClass)
    },
    /** Params: a fallback transaction's outcome and the statuses it is tested against. */
    isCallOutcome: (_, { outcome, status }: { outcome: TransactionOutcome; status: readonly TransactionStatus[] }) => status.includes(outcome.status),
    hasNextCall: ({ context }) => context.index + 1 < context.calls.length,
    hasLanded: ({ context }) => context.landed.length > 0,
  },
  actions: {
    tell: tellAction<BatchContext, AnyEventObject>(),
    /** Params: the capabilities answer. */
    setAtomic: assign(({ context }, answer: unknown) => ({ atomic: atomicStatusOf(answer, chainIdOf(context.caipNetworkId)) })),
    setId: assign((_, answer: unknown) => ({ id: batchIdOf(answer) })),
    setResumedId: assign(({ context }) => ({ id: context.resume!.id })),
    /** The fallback's progress from storage: what landed, and the call sent (followed by its hash, no prompt). */
    restoreFallback: assign(({ context }) => {
      const progress = context.resume!.fallback!
      return { landed: progress.landed, hashes: progress.hashes, index: progress.sent?.index ?? progress.landed.length, sent: progress.sent?.hash }
    }),
    /** The fallback's current call was sent (the transaction machine's `transaction.submitted`): its hash, for a reload. */
    setSent: assign(({ event }) => ({ sent: typeof event['hash'] === 'string' ? event['hash'] : undefined })),
    setInterruptedFailure: assign(({ context }) => ({ failure: summarizeError(new CallsInterruptedError(context.landed.length, context.calls.length)) })),
    setFailure: assign({ failure: ({ event }) => summarizeError(actorErrorOf(event)) }),
    setMissingIdFailure: assign((_, answer: unknown) => ({ failure: summarizeError(new InvalidBatchIdError(answer)) })),
    setAtomicFailure: assign({
      failure: ({ event }) => summarizeError(new AtomicCallsUnsupportedError(actorErrorOf(event) ? toProviderError(actorErrorOf(event)).shortMessage : 'The wallet does not run calls atomically on this chain.')),
    }),
    setUnsupportedAtomicFailure: assign({ failure: summarizeError(new AtomicCallsUnsupportedError('The wallet does not speak wallet_sendCalls, and the calls must run together.')) }),
    setMalformedStatusFailure: assign(({ context }, { answer }: StatusParams) => {
      const reading = statusReading(context, answer)
      return { failure: summarizeError(new InvalidCallsStatusError(reading.kind === 'report' ? '' : reading.received)) }
    }),
    setForeignStatusFailure: assign(({ context }, { answer }: StatusParams) => {
      const reading = statusReading(context, answer)
      return { failure: summarizeError(new ForeignCallsStatusError(context.id!, reading.kind === 'report' ? '' : reading.received)) }
    }),
    setTimeoutFailure: assign({ failure: ({ context }) => summarizeError(new CallsStatusUnknownError(context.id ?? 'unknown')) }),
    /** Params: a readable status answer (`isStatusClass` passed): its report, and the hashes of its successful receipts. */
    setReport: assign(({ context }, { answer }: StatusParams) => {
      const reading = statusReading(context, answer)
      const report = reading.kind === 'report' ? reading.report : undefined
      const succeeded = (report?.receipts ?? []).flatMap((r, i) => (r.status === 'success' ? [{ i, hash: r.transactionHash }] : []))
      return { report, landed: succeeded.map((s) => s.i), hashes: succeeded.map((s) => s.hash) }
    }),
    setReportFailure: assign(({ context }) => ({
      failure: { name: 'CallsStatusError', message: `The wallet reported status ${context.report?.status ?? 'unknown'}`, ...(context.report ? { code: context.report.status } : {}) },
    })),
    /** Params: a confirmed call's outcome in the fallback. */
    addLanded: assign(({ context }, outcome: TransactionOutcome) => ({ landed: [...context.landed, context.index], hashes: [...context.hashes, 'hash' in outcome ? outcome.hash : ''], sent: undefined })),
    useFallback: assign({ via: 'fallback' as const }),
    /** Params: the end state's status. */
    setEnd: assign((_, end: BatchOutcome['status']) => ({ end })),
    tellAccepted: tellParentAccepted(),
    tellEnded: tellParentEnded(),
    nextCall: assign(({ context }) => ({ index: context.index + 1 })),
    /** Params: a fallback call's outcome that was not confirmed. */
    setCallFailure: assign((_, outcome: TransactionOutcome) => ({ failure: 'error' in outcome && outcome.error ? outcome.error : undefined })),
    /**
     * The batch is kept in storage while the wallet runs it (a reload picks it up: `resume`). Provided by the assembly
     * (this instance's storage); none here, so that the machine stays pure.
     */
    storeBatch: () => {},
    /** The stored batch is forgotten once its end is known (or nothing was sent). Provided by the assembly. */
    forgetBatch: () => {},
  },
})

/**
 * What storage keeps of a running batch (a reload picks it up: {@link BatchInput} `resume`), `key` the batch actor's id
 * (the request's key): the wallet's batch by its id; the fallback by the key, with how far it went.
 */
export function storedBatchOf(context: BatchContext, key: string): StoredBatch {
  const { connectorId, from, caipNetworkId, calls, atomicRequired, capabilities } = context
  const fallback: FallbackProgress | undefined =
    context.via === 'fallback' ? { landed: context.landed, hashes: context.hashes, ...(context.sent ? { sent: { index: context.index, hash: context.sent } } : {}) } : undefined
  return { id: context.id ?? key, connectorId, from, caipNetworkId, calls, atomicRequired, capabilities, ...(fallback ? { fallback } : {}) }
}

/** The fallback's `n`-th call's loading toast: "Call 2 of 3…". */
export const progressToast = (context: BatchContext): ToastText => messageWith('batchProgress', { index: context.index + 1, total: context.calls.length })

/** Params for a guard from a fallback transaction's `onDone`: its outcome and the statuses tested. */
export const callOutcomeIn =
  (...status: TransactionStatus[]) =>
  ({ event }: { event: TransactionDoneEvent }) => ({ outcome: event.output, status })

/** Params for a guard or an action from `getCallsStatus`'s `onDone`. */
export const statusAnswer = ({ event }: { event: { output: unknown } }): StatusParams => ({ answer: event.output })
export const statusIn =
  (...classes: CallsStatusClass[]) =>
  ({ event }: { event: { output: unknown } }) => ({ answer: event.output, classes })

/** The end toasts, by end state: each end its own words (the rejection says the visitor declined: nothing was sent). */
export const endToasts = {
  /** Not an end: the loading toast shown once the wallet accepted the calls. */
  submitted: { type: 'tell', params: toast('loading', messageOf('batchSubmitted')) },
  confirmed: { type: 'tell', params: toast('success', messageOf('batchConfirmed')) },
  failed: { type: 'tell', params: toast('error', messageOf('batchFailed')) },
  reverted: { type: 'tell', params: toast('error', messageOf('batchReverted')) },
  partial: { type: 'tell', params: toast('error', messageOf('batchPartial')) },
  atomicUnsupported: { type: 'tell', params: toast('error', messageOf('batchAtomicUnsupported')) },
  unknown: { type: 'tell', params: toast('error', messageOf('batchUnknown')) },
  rejected: { type: 'tell', params: toast('error', messageOf('batchRejected')) },
} as const
