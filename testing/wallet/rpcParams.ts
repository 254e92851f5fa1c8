/**
 * The dev wallet's EIP-1193 errors and the readers of its requests' parameters: each refusal is a
 * {@link DevWalletRpcError} with the code a wallet would use (4001, 4100, 4200, -32602, …).
 */
import { BaseError as ViemBaseError } from 'viem'
import type { Hex } from 'viem'
import type { DevWalletChain } from './provider.ts'

/**
 * An EIP-1193 error as wallets throw it: a real `Error` with a numeric `code` (4001, 4100, 4200, 4900,
 * 4902, or a JSON-RPC -32xxx code) and optional `data`.
 */
export class DevWalletRpcError extends Error {
  override name = 'DevWalletRpcError'
  code: number
  data?: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    if (data !== undefined) this.data = data
  }
}

/** 4001: the visitor refused in the wallet. */
export const userRejected = (): DevWalletRpcError => new DevWalletRpcError(4001, 'User rejected the request.')
/** 4100: the site has not been authorised. */
export const unauthorised = (): DevWalletRpcError => new DevWalletRpcError(4100, 'The requested method and/or account has not been authorized by the user.')
/** 4200: a method the dev wallet does not implement. */
export const unsupported = (method: string): DevWalletRpcError => new DevWalletRpcError(4200, `The dev wallet does not support ${method}.`)
/** -32602: the request's parameters are malformed (`detail` says how). */
export const invalidParams = (method: string, detail: string): DevWalletRpcError => new DevWalletRpcError(-32602, `Invalid params for ${method}: ${detail}`)

/** A `0x`-prefixed hex quantity. */
export const hexQuantity = /^0x[0-9a-fA-F]+$/

/** `params` as an array of at least `min` items; -32602 otherwise. */
export function tuple(method: string, params: unknown, min: number): unknown[] {
  if (!Array.isArray(params) || params.length < min) {
    throw invalidParams(method, `expected an array of at least ${min} item${min === 1 ? '' : 's'}.`)
  }
  return params
}

/** A `0x…` chain id as a positive safe integer; -32602 otherwise. */
export function readChainId(method: string, value: unknown): number {
  if (typeof value !== 'string' || !hexQuantity.test(value)) throw invalidParams(method, 'chainId must be a 0x-prefixed hex string.')
  const chainId = Number.parseInt(value, 16)
  if (!Number.isSafeInteger(chainId) || chainId < 1) throw invalidParams(method, `chainId ${value} is out of range.`)
  return chainId
}

/** A chain id as a `0x` hex string. */
export function toHex(chainId: number): Hex {
  return `0x${chainId.toString(16)}`
}

/** A native currency as `wallet_addEthereumChain` gives it: name, symbol and integer decimals. */
export function isCurrency(value: unknown): value is { name: string; symbol: string; decimals: number } {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return typeof v.name === 'string' && typeof v.symbol === 'string' && Number.isInteger(v.decimals)
}

/** A chain read back from storage: a positive safe-integer id, a name and an RPC URL. */
export function isStoredChain(value: unknown): value is DevWalletChain {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return Number.isSafeInteger(v.chainId) && (v.chainId as number) > 0 && typeof v.name === 'string' && typeof v.rpcUrl === 'string'
}

/** Maps a viem error (or anything) to a wallet error, keeping the node's JSON-RPC code when there is one. */
export function toRpcError(error: unknown): DevWalletRpcError {
  if (error instanceof DevWalletRpcError) return error
  if (error instanceof ViemBaseError) {
    const withCode = error.walk((e) => typeof (e as { code?: unknown }).code === 'number') as (ViemBaseError & { code: number }) | null
    const source = withCode ?? error
    return new DevWalletRpcError(withCode?.code ?? -32603, source.details || source.shortMessage)
  }
  return new DevWalletRpcError(-32603, error instanceof Error ? error.message : String(error))
}
