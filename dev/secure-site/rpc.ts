/**
 * The secure site's JSON-RPC pieces: the read methods it forwards to a chain's node (spec §5 "Safe"), those it does
 * not implement, the readers of a request's account, amounts and typed data, and the call to the node itself.
 */
import { isAddressEqual, isHex } from 'viem'
import type { Address, TypedDataDefinition } from 'viem'
import { SecureSiteError, secureMessages } from './refusals.ts'
import { NODE_RPC_METHODS } from '../../adapters/frame.protocol.ts'

/** Refuses (4100) a `from` that is not the embedded wallet's `address`. */
export function assertOwn(from: unknown, address: Address): void {
  if (typeof from !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(from) || !isAddressEqual(from as Address, address)) {
    throw new SecureSiteError(400, secureMessages.wrongAccount, { code: 4100 })
  }
}

/** A hex or decimal quantity (absent: 0); -32602 otherwise. */
export function hexToBigInt(value: unknown): bigint {
  if (value === undefined || value === null) return 0n
  if (typeof value === 'string' && isHex(value)) return BigInt(value)
  if (typeof value === 'string' && /^\d+$/.test(value)) return BigInt(value)
  throw new SecureSiteError(400, secureMessages.invalidParams, { code: -32602 })
}

/** EIP-712 typed data (an object or its JSON text) without its EIP712Domain type; -32602 when malformed. */
export function parseTypedData(data: unknown): TypedDataDefinition {
  let parsed: unknown = data
  if (typeof data === 'string') {
    try {
      parsed = JSON.parse(data)
    } catch {
      throw new SecureSiteError(400, secureMessages.invalidParams, { code: -32602 })
    }
  }
  const typed = parsed as { domain?: unknown; types?: Record<string, unknown>; primaryType?: unknown; message?: unknown } | null
  if (!typed || typeof typed !== 'object' || !typed.types || typeof typed.primaryType !== 'string' || typeof typed.message !== 'object') {
    throw new SecureSiteError(400, secureMessages.invalidParams, { code: -32602 })
  }
  const { EIP712Domain: _domainType, ...types } = typed.types
  return { domain: (typed.domain ?? {}) as TypedDataDefinition['domain'], types, primaryType: typed.primaryType, message: typed.message } as unknown as TypedDataDefinition
}

/** Safe (read) methods the server forwards to the chain's node (spec §5 "Safe"; account methods are answered above). */
export const safeForwarded: ReadonlySet<string> = new Set(NODE_RPC_METHODS)
/** Methods of spec §5 this dev wallet does not implement (revoking permissions, user operations, assets). */
export const unsafeUnsupported = new Set([
  'wallet_revokePermissions',
  'eth_sendUserOperation',
  'wallet_getAssets',
  'eth_getUserOperationByHash',
  'eth_getUserOperationReceipt',
  'eth_estimateUserOperationGas',
  'eth_supportedEntryPoints',
])

let rpcId = 0
/** One JSON-RPC call over HTTP; throws SecureSiteError with the node's message and code on an error answer. */
export async function jsonRpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { message?: string; code?: number } }
  if (body.error) throw new SecureSiteError(400, body.error.message ?? 'RPC error', { code: body.error.code ?? -32603 })
  return body.result
}
