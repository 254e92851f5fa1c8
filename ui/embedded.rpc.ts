/**
 * The embedded wallet's RPC requests (spec §4 "Embedded-wallet RPC lifecycle"): each request the EIP-1193 provider
 * (or the Solana side) does not answer itself runs through the frameRpc machine (`machines/frameRpc.ts`: safe,
 * unsafe with the frame's approval, or disallowed) and settles the caller's promise with the machine's answer.
 */
import { createActor } from 'xstate'
import { BaseError, ProviderRpcError, UnknownProviderError, UserRejectedRequestError } from '../adapters/errors.ts'
import { FrameReplyError } from '../adapters/frame.ts'
import { frameRpcMachine, RpcNotAllowedError } from '../machines/frameRpc.ts'
import { frameRpcActor, type FrameClient } from './assemble/frameClient.ts'

export type CreateEmbeddedRpcParameters = {
  client: () => Promise<FrameClient>
  /** The EVM chain the wallet acts on now. */
  chainId: () => number
  /** An unsafe request waits for approval (`requested`), or the approval ended. */
  onApproval?: ((event: { type: 'requested' | 'approved' | 'failed'; id: string }) => void) | undefined
  /** A disallowed request (after the frameRpc machine's delay). */
  onNotAllowed?: ((method: string) => void) | undefined
}

/**
 * Starts the frameRpc actor of one embedded wallet. `request(method, params, solanaChain?)` resolves with the frame's
 * result; it rejects with `UserRejectedRequestError` (4001) when the visitor declines in the frame ('User rejected the
 * request'), `RpcNotAllowedError` for a method the wallet does not allow, the frame's error when it carries an EIP-1193
 * code, else `UnknownProviderError` with the frame's message and wallet code 5000 (spec §8's default).
 * @example
 * const rpc = createEmbeddedRpc({ client, chainId: () => 1 })
 * await rpc.request('eth_sendTransaction', [tx])
 */
export function createEmbeddedRpc(p: CreateEmbeddedRpcParameters) {
  const actor = createActor(frameRpcMachine.provide({ actors: { rpc: frameRpcActor({ client: p.client, chainId: p.chainId }) } }), { input: { chainId: p.chainId() } })
  const waiting = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>()
  actor.on('frameRpc.answered', (e) => {
    waiting.get(e.id)?.resolve(e.result)
    waiting.delete(e.id)
  })
  actor.on('frameRpc.rejected', (e) => {
    waiting.get(e.id)?.reject(providerErrorOf(e.error))
    waiting.delete(e.id)
  })
  actor.on('frameRpc.approvalRequested', (e) => p.onApproval?.({ type: 'requested', id: e.id }))
  actor.on('frameRpc.approved', (e) => p.onApproval?.({ type: 'approved', id: e.id }))
  actor.on('frameRpc.failed', (e) => p.onApproval?.({ type: 'failed', id: e.id }))
  actor.on('frameRpc.notAllowed', (e) => {
    console.error('Requested RPC call is not allowed')
    p.onNotAllowed?.(e.method)
  })
  actor.start()
  return {
    actor,
    request: (method: string, params: unknown, solanaChain?: string) =>
      new Promise<unknown>((resolve, reject) => {
        const id = crypto.randomUUID()
        waiting.set(id, { resolve, reject })
        actor.send({ type: 'frameRpc.request', id, method, ...(params === undefined ? {} : { params }), ...(solanaChain === undefined ? {} : { chainId: solanaChain }) })
      }),
  }
}

/** The EIP-1193 error a frame rejection reaches the dapp as: 4001 for the visitor's decline, 5000 by default (spec §8). */
function providerErrorOf(error: unknown): unknown {
  if (error instanceof RpcNotAllowedError) return error
  const { message: fullMessage, code } = (typeof error === 'object' && error !== null ? error : {}) as { message?: unknown; code?: unknown }
  // A library error's own words are its short message: its message goes on with the Docs and Details lines.
  const message = error instanceof BaseError ? error.shortMessage : fullMessage
  if (message === 'User rejected the request') return new UserRejectedRequestError({ cause: error })
  // The secure site's refusal with its code (4200, an EIP-5792 code, …): that code, with the frame's words.
  if (error instanceof FrameReplyError && typeof code === 'number')
    return code === UserRejectedRequestError.code ? new UserRejectedRequestError({ cause: error }) : new ProviderRpcError(code, error.shortMessage, { cause: error })
  if (typeof code === 'number') return error
  return new UnknownProviderError(typeof message === 'string' && message ? message : 'An error occurred', { cause: error })
}
