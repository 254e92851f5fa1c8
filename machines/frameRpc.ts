import { assign, enqueueActions, fromCallback, setup, type EventObject } from 'xstate'
import { ActorNotProvidedError, docsBaseUrl } from '../kernel/errors.ts'
import { rpcMethodKind } from '../adapters/frame.protocol.ts'
import { timing } from './timing.ts'
import { machineTypes } from './machineTypes.ts'

/**
 * One JSON-RPC request of the embedded wallet: its EIP-1193 provider's, or on Solana its Solana wallet's,
 * which names the network (`chainId`: `solana:<reference>`).
 */
export type FrameRpcRequest = { id: string; method: string; params?: unknown; chainId?: string }

/** Input of the frameRpc machine. */
export type FrameRpcInput = { chainId?: number | undefined }

/** Context of the frameRpc machine (spec §4 "Embedded-wallet RPC lifecycle"). */
export type FrameRpcContext = {
  /** The requests sent to the frame and not answered yet, by id; `unsafe` ones wait for the visitor's approval. */
  requests: Record<string, { method: string; unsafe: boolean }>
  /** The connected chain (eth_chainId is answered from it, spec §7 "get-chain-id is answered locally"). */
  chainId: number | undefined
  /** The last disallowed method (for the 'Action not allowed' that follows). */
  disallowed: string | undefined
}

export type FrameRpcEvent =
  /** The provider's `request()`. */
  | { type: 'frameRpc.request'; id: string; method: string; params?: unknown; chainId?: string }
  /** From a request's `rpc` actor: the frame answered. */
  | { type: 'frameRpc.settled'; id: string; ok: true; result: unknown }
  | { type: 'frameRpc.settled'; id: string; ok: false; error: unknown }
  /** The modal closed: requests waiting for approval are rejected (spec §4). */
  | { type: 'frameRpc.modalClosed' }
  /** The connected chain changed. */
  | { type: 'frameRpc.setChainId'; chainId: number | undefined }

/** What the machine tells its owner (the provider reads `answered`/`rejected`; the registration moves the modal). */
export type FrameRpcEmitted =
  | { type: 'frameRpc.answered'; id: string; result: unknown }
  | { type: 'frameRpc.rejected'; id: string; error: unknown }
  /** An unsafe request: ApproveTransaction on the transaction stack, the frame shown over it. */
  | { type: 'frameRpc.approvalRequested'; id: string; method: string }
  /** An unsafe request succeeded: refresh the native balance, then pop with 'success' (or close). */
  | { type: 'frameRpc.approved'; id: string }
  /** An unsafe request failed or was rejected: pop with 'error' (or close). */
  | { type: 'frameRpc.failed'; id: string; error: unknown }
  /** 300 ms after a disallowed request: the modal opens with 'Action not allowed'. */
  | { type: 'frameRpc.notAllowed'; method: string }

/**
 * The error a disallowed method is rejected with (spec §8, logged as 'Requested RPC call is not allowed'). The embedded
 * wallet's answer to the dapp, so an `Error` with the fields of an EIP-1193 error (`code`, `message`), not a
 * `BaseError`; its message ends with its page's `Docs:` line, as the library's other provider errors do.
 */
export class RpcNotAllowedError extends Error {
  static docsPath = '/errors/RpcNotAllowedError'
  override name = 'RpcNotAllowedError'
  /** EIP-1193 4200 Unsupported Method. */
  code = 4200
  constructor(method: string) {
    super(`Requested RPC call is not allowed: ${method}\nDocs: ${docsBaseUrl}${RpcNotAllowedError.docsPath}`)
  }
}

/**
 * The error pending approvals are rejected with when the modal closes (EIP-1193 4001). It stands for the visitor's
 * refusal, so it is an `Error` with a wallet's 4001 and its words, 'User rejected the request', and no `Docs:` line:
 * the embedded wallet's provider reads those words and hands the dapp a `UserRejectedRequestError` with this as its cause.
 */
export class ModalClosedError extends Error {
  static docsPath = '/errors/ModalClosedError'
  override name = 'UserRejectedRequestError'
  code = 4001
  constructor() {
    super('User rejected the request')
  }
}

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('frameRpc', name)
}
const requestOf = (event: FrameRpcEvent) => (event.type === 'frameRpc.request' ? event : undefined)
const settledOf = (event: FrameRpcEvent) => (event.type === 'frameRpc.settled' ? event : undefined)

/**
 * The embedded-wallet RPC lifecycle (spec §4, §5, §8):
 * - `eth_chainId` is answered at once from the connected chain (no frame request).
 * - A method on neither list of spec §5 is rejected at once (`RpcNotAllowedError`), and after
 *   `actionNotAllowedDelay` (300 ms) `frameRpc.notAllowed` is emitted: the modal opens with 'Action not allowed'.
 * - A safe method goes to the frame (an `rpc` actor per request, id `rpc.<id>`) and its answer is passed on.
 * - An unsafe method goes to the frame too and the machine is `approving`: `frameRpc.approvalRequested` puts
 *   ApproveTransaction on the transaction stack (the frame shows its Approve/Reject UI over it). Its success emits
 *   `frameRpc.approved` (refresh the balance, pop 'success'), its failure or rejection `frameRpc.failed` (pop 'error').
 * - `frameRpc.modalClosed` rejects the unsafe requests still waiting (their `rpc` actors stopped: aborted in the frame).
 *
 * Actors to provide: `rpc` (callback, input {@link FrameRpcRequest}: sends APP_RPC_REQUEST, answers
 * `frameRpc.settled`; its cleanup aborts the request).
 */
export const frameRpcMachine = setup({
  types: machineTypes<{ context: FrameRpcContext; events: FrameRpcEvent; input: FrameRpcInput; emitted: FrameRpcEmitted }>(),
  actors: {
    rpc: fromCallback<EventObject, FrameRpcRequest>(notProvided('rpc')),
  },
  delays: {
    actionNotAllowedDelay: timing.actionNotAllowedDelay,
  },
  guards: {
    isChainIdRequest: ({ context, event }) => requestOf(event)?.method === 'eth_chainId' && context.chainId !== undefined,
    isDisallowed: ({ event }) => {
      const r = requestOf(event)
      return r !== undefined && rpcMethodKind(r.method) === 'disallowed'
    },
    isUnsafe: ({ event }) => {
      const r = requestOf(event)
      return r !== undefined && rpcMethodKind(r.method) === 'unsafe'
    },
    isUnsafeSuccess: ({ context, event }) => {
      const s = settledOf(event)
      return s?.ok === true && context.requests[s.id]?.unsafe === true
    },
    isUnsafeFailure: ({ context, event }) => {
      const s = settledOf(event)
      return s !== undefined && !s.ok && context.requests[s.id]?.unsafe === true
    },
    isTracked: ({ context, event }) => {
      const s = settledOf(event)
      return s !== undefined && Object.hasOwn(context.requests, s.id)
    },
    hasNoUnsafePending: ({ context }) => !Object.values(context.requests).some((r) => r.unsafe),
    hasUnsafePending: ({ context }) => Object.values(context.requests).some((r) => r.unsafe),
  },
  actions: {
    answerChainId: enqueueActions(({ context, event, enqueue }) => {
      const r = requestOf(event)!
      enqueue.emit({ type: 'frameRpc.answered', id: r.id, result: `0x${context.chainId!.toString(16)}` })
    }),
    rejectNotAllowed: enqueueActions(({ event, enqueue }) => {
      const r = requestOf(event)!
      enqueue.assign({ disallowed: r.method })
      enqueue.emit({ type: 'frameRpc.rejected', id: r.id, error: new RpcNotAllowedError(r.method) })
    }),
    /** The request is tracked and its `rpc` actor spawned. */
    send: enqueueActions(({ event, enqueue }) => {
      const r = requestOf(event)!
      enqueue.assign({ requests: ({ context }) => ({ ...context.requests, [r.id]: { method: r.method, unsafe: rpcMethodKind(r.method) === 'unsafe' } }) })
      enqueue.spawnChild('rpc', { id: `rpc.${r.id}`, input: { id: r.id, method: r.method, ...(r.params === undefined ? {} : { params: r.params }), ...(r.chainId === undefined ? {} : { chainId: r.chainId }) } })
    }),
    emitApprovalRequested: enqueueActions(({ event, enqueue }) => {
      const r = requestOf(event)!
      enqueue.emit({ type: 'frameRpc.approvalRequested', id: r.id, method: r.method })
    }),
    /** The answer passed on to the provider; the request forgotten. */
    settle: enqueueActions(({ event, enqueue }) => {
      const s = settledOf(event)!
      enqueue.assign({ requests: ({ context }) => Object.fromEntries(Object.entries(context.requests).filter(([id]) => id !== s.id)) })
      enqueue.emit(s.ok ? { type: 'frameRpc.answered', id: s.id, result: s.result } : { type: 'frameRpc.rejected', id: s.id, error: s.error })
    }),
    emitApproved: enqueueActions(({ event, enqueue }) => {
      enqueue.emit({ type: 'frameRpc.approved', id: settledOf(event)!.id })
    }),
    emitFailed: enqueueActions(({ event, enqueue }) => {
      const s = settledOf(event)!
      enqueue.emit({ type: 'frameRpc.failed', id: s.id, error: s.ok ? undefined : s.error })
    }),
    emitNotAllowed: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: 'frameRpc.notAllowed', method: context.disallowed ?? '' })
    }),
    /** Every unsafe request still waiting is rejected and aborted (spec §4 "Closing the modal rejects pending requests"). */
    rejectPending: enqueueActions(({ context, enqueue }) => {
      for (const [id, r] of Object.entries(context.requests)) {
        if (!r.unsafe) continue
        enqueue.stopChild(`rpc.${id}`)
        enqueue.emit({ type: 'frameRpc.rejected', id, error: new ModalClosedError() })
      }
      enqueue.assign({ requests: ({ context }) => Object.fromEntries(Object.entries(context.requests).filter(([, r]) => !r.unsafe)) })
    }),
    setChainId: assign({ chainId: ({ context, event }) => (event.type === 'frameRpc.setChainId' ? event.chainId : context.chainId) }),
  },
}).createMachine({
  id: 'frameRpc',
  context: ({ input }) => ({ requests: {}, chainId: input?.chainId, disallowed: undefined }),
  initial: 'idle',
  states: {
    idle: {},
    /** An unsafe request waits for the visitor's answer in the frame. */
    approving: {
      always: { guard: 'hasNoUnsafePending', target: 'idle' },
    },
    /** A disallowed request was rejected; 'Action not allowed' follows. */
    notAllowed: {
      after: {
        actionNotAllowedDelay: [
          { guard: 'hasUnsafePending', target: 'approving', actions: 'emitNotAllowed' },
          { target: 'idle', actions: 'emitNotAllowed' },
        ],
      },
    },
  },
  on: {
    'frameRpc.request': [
      { guard: 'isChainIdRequest', actions: 'answerChainId' },
      { guard: 'isDisallowed', target: '.notAllowed', actions: 'rejectNotAllowed' },
      { guard: 'isUnsafe', target: '.approving', actions: ['send', 'emitApprovalRequested'] },
      { actions: 'send' },
    ],
    'frameRpc.settled': [
      { guard: 'isUnsafeSuccess', actions: ['settle', 'emitApproved'] },
      { guard: 'isUnsafeFailure', actions: ['settle', 'emitFailed'] },
      { guard: 'isTracked', actions: 'settle' },
    ],
    'frameRpc.modalClosed': { actions: 'rejectPending' },
    'frameRpc.setChainId': { actions: 'setChainId' },
  },
})
