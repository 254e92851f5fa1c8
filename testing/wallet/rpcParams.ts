/**
 * The dev wallet's EIP-1193 errors and the readers of its requests' parameters: each refusal is a
 * {@link DevWalletRpcError} with the code a wallet would use (4001, 4100, 4200, -32602, …).
 */
import { getAddress, isAddress, isHex, BaseError as ViemBaseError } from 'viem'
import type { Address, Hex, LocalAccount } from 'viem'
import type { DevWalletChain } from './types.ts'
import { WalletCodeError } from '../walletError.ts'

/**
 * An EIP-1193 error as wallets throw it: a real `Error` with a numeric `code` (4001, 4100, 4200, 4900,
 * 4902, or a JSON-RPC -32xxx code) and optional `data`.
 */
export class DevWalletRpcError extends WalletCodeError {
  static override docsPath = '/errors/DevWalletRpcError'
  override name = 'DevWalletRpcError'
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

/** A transaction of `eth_sendTransaction` as viem's `sendTransaction` takes it (without its account). */
export type TransactionFields = { to?: Address; data?: Hex; value?: bigint; gas?: bigint; gasPrice?: bigint; maxFeePerGas?: bigint; maxPriorityFeePerGas?: bigint; nonce?: number }

/**
 * The transaction of `eth_sendTransaction`'s params: `to` an address, `data` (or `input`) hex, the amounts and gas
 * fields hex quantities (read as wei), `nonce` a hex quantity. `from` is returned as given (the caller checks it).
 *
 * @throws DevWalletRpcError -32602 naming the first malformed field.
 */
export function readTransaction(method: string, params: unknown): { from: unknown; fields: TransactionFields } {
  const [tx] = tuple(method, params, 1)
  if (typeof tx !== 'object' || tx === null) throw invalidParams(method, 'expected [transaction].')
  const t = tx as Record<string, unknown>
  const fields: TransactionFields = {}
  if (t.to !== undefined && t.to !== null) {
    if (typeof t.to !== 'string' || !isAddress(t.to, { strict: false })) throw invalidParams(method, 'to must be an address.')
    fields.to = getAddress(t.to)
  }
  const data = t.data ?? t.input
  if (data !== undefined) {
    if (typeof data !== 'string' || !isHex(data)) throw invalidParams(method, 'data must be hex.')
    fields.data = data
  }
  for (const key of ['value', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
    const value = t[key]
    if (value === undefined) continue
    if (typeof value !== 'string' || !hexQuantity.test(value)) throw invalidParams(method, `${key} must be a hex quantity.`)
    fields[key] = BigInt(value)
  }
  if (t.nonce !== undefined) {
    if (typeof t.nonce !== 'string' || !hexQuantity.test(t.nonce)) throw invalidParams(method, 'nonce must be a hex quantity.')
    fields.nonce = Number(t.nonce)
  }
  return { from: t.from, fields }
}

/**
 * The typed data of `eth_signTypedData_v4` (an object, or its JSON text) with `types`, `primaryType` and `message`.
 *
 * @throws DevWalletRpcError -32602 when it is not JSON or lacks one of those.
 */
export function readTypedData(method: string, json: unknown): Parameters<LocalAccount['signTypedData']>[0] {
  let data: unknown = json
  if (typeof json === 'string') {
    try {
      data = JSON.parse(json)
    } catch {
      throw invalidParams(method, 'typed data is not valid JSON.')
    }
  }
  if (typeof data !== 'object' || data === null || !('types' in data) || !('primaryType' in data) || !('message' in data)) {
    throw invalidParams(method, 'typed data must have types, primaryType and message.')
  }
  return data as Parameters<LocalAccount['signTypedData']>[0]
}

/**
 * The chain of `wallet_addEthereumChain`'s params: a hex `chainId`, a non-empty `chainName`, `rpcUrls` (the first is
 * used) and an optional `nativeCurrency`.
 *
 * @throws DevWalletRpcError -32602 naming the first malformed field.
 */
export function readAddedChain(method: string, params: unknown): DevWalletChain {
  const [request] = tuple(method, params, 1)
  if (typeof request !== 'object' || request === null) throw invalidParams(method, 'expected [{ chainId, … }].')
  const { chainId: rawChainId, chainName, rpcUrls, nativeCurrency } = request as Record<string, unknown>
  const chainId = readChainId(method, rawChainId)
  if (typeof chainName !== 'string' || chainName.length === 0) throw invalidParams(method, 'chainName must be a string.')
  if (!Array.isArray(rpcUrls) || typeof rpcUrls[0] !== 'string' || !rpcUrls.every((u) => typeof u === 'string')) {
    throw invalidParams(method, 'rpcUrls must be a non-empty array of strings.')
  }
  if (nativeCurrency !== undefined && !isCurrency(nativeCurrency)) {
    throw invalidParams(method, 'nativeCurrency must be { name, symbol, decimals }.')
  }
  return { chainId, name: chainName, rpcUrl: rpcUrls[0], ...(nativeCurrency ? { nativeCurrency } : {}) }
}
