/**
 * The errors of the wallets (EIP-1193). The base class is the kernel's `BaseError` (`kernel/errors.ts`), re-exported here.
 *
 * EIP-1193 provider errors (and the JSON-RPC -32xxx range) are mapped to typed subclasses by
 * {@link toProviderError}, so machines can tell a user's rejection (4001) from a real failure.
 */
import { BaseError, type BaseErrorParameters } from '../kernel/errors.ts'

export { BaseError, type BaseErrorParameters }

/** An EIP-1193 / JSON-RPC error with its numeric code. */
export class ProviderRpcError extends BaseError {
  static override docsPath = '/errors/ProviderRpcError'
  override name = 'ProviderRpcError'
  code: number
  data: unknown
  constructor(code: number, shortMessage: string, args: BaseErrorParameters & { data?: unknown } = {}) {
    super(shortMessage, args)
    this.code = code
    this.data = args.data
  }
}

/** EIP-1193 4001: the user rejected the request. Not a failure: the flow lets the user try again. */
export class UserRejectedRequestError extends ProviderRpcError {
  static override docsPath = '/errors/UserRejectedRequestError'
  static code = 4001 as const
  override name = 'UserRejectedRequestError'
  constructor(args: BaseErrorParameters = {}) {
    super(4001, 'User rejected the request.', args)
  }
}
/** EIP-1193 4100: the requested method or account has not been authorised by the user. */
export class UnauthorizedProviderError extends ProviderRpcError {
  static override docsPath = '/errors/UnauthorizedProviderError'
  static code = 4100 as const
  override name = 'UnauthorizedProviderError'
  constructor(args: BaseErrorParameters = {}) {
    super(4100, 'The requested method and/or account has not been authorized by the user.', args)
  }
}
/** EIP-1193 4200: the provider does not support the method. */
export class UnsupportedProviderMethodError extends ProviderRpcError {
  static override docsPath = '/errors/UnsupportedProviderMethodError'
  static code = 4200 as const
  override name = 'UnsupportedProviderMethodError'
  constructor(args: BaseErrorParameters = {}) {
    super(4200, 'The provider does not support the requested method.', args)
  }
}
/** EIP-1193 4900: the provider is disconnected from all chains. */
export class ProviderDisconnectedError extends ProviderRpcError {
  static override docsPath = '/errors/ProviderDisconnectedError'
  static code = 4900 as const
  override name = 'ProviderDisconnectedError'
  constructor(args: BaseErrorParameters = {}) {
    super(4900, 'The provider is disconnected from all chains.', args)
  }
}
/** EIP-1193 4901: the provider is not connected to the requested chain. */
export class ChainDisconnectedError extends ProviderRpcError {
  static override docsPath = '/errors/ChainDisconnectedError'
  static code = 4901 as const
  override name = 'ChainDisconnectedError'
  constructor(args: BaseErrorParameters = {}) {
    super(4901, 'The provider is not connected to the requested chain.', args)
  }
}
/** EIP-3085/3326 4902: the wallet does not know the chain; the caller may add it (spec §5, §8). */
export class UnrecognizedChainError extends ProviderRpcError {
  static override docsPath = '/errors/UnrecognizedChainError'
  static code = 4902 as const
  override name = 'UnrecognizedChainError'
  constructor(args: BaseErrorParameters = {}) {
    super(4902, 'Unrecognized chain.', args)
  }
}

/**
 * Wallet code 5000, the default (spec §8 "Wallet codes: … 5000 default"): the embedded wallet's failure that carries no
 * code of its own (the frame's error reply), so a dapp reading `error.code` through the EIP-1193 provider always finds
 * one. Not a rejection: only 4001 is.
 */
export class UnknownProviderError extends ProviderRpcError {
  static override docsPath = '/errors/UnknownProviderError'
  static code = 5000 as const
  override name = 'UnknownProviderError'
  constructor(shortMessage: string, args: BaseErrorParameters = {}) {
    super(5000, shortMessage, args)
  }
}

/** JSON-RPC error codes of spec §8 and their names. */
export const jsonRpcErrorNames: Record<number, string> = {
  [-32700]: 'Parse error',
  [-32600]: 'Invalid request',
  [-32601]: 'Method not found',
  [-32602]: 'Invalid params',
  [-32603]: 'Internal error',
  [-32000]: 'Server error',
}

/** A JSON-RPC error in the -32xxx range. */
export class JsonRpcError extends ProviderRpcError {
  static override docsPath = '/errors/JsonRpcError'
  override name = 'JsonRpcError'
}

/** A wallet answered with something that is not what the method promises (not an address, not a hex chain id). */
export class InvalidProviderResponseError extends BaseError {
  static override docsPath = '/errors/InvalidProviderResponseError'
  override name = 'InvalidProviderResponseError'
  constructor(method: string, received: unknown) {
    super(`The wallet answered ${method} with an invalid value.`, {
      details: `Received: ${safeStringify(received)}`,
    })
  }
}

function safeStringify(value: unknown): string {
  try {
    const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value))
    return text.length > 120 ? `${text.slice(0, 117)}...` : text
  } catch {
    try {
      return String(value)
    } catch {
      return '(unreadable)'
    }
  }
}

/**
 * Maps anything a wallet may throw (an EIP-1193 error object, an `Error`, a plain string, `undefined`)
 * to a typed {@link BaseError}. Never throws.
 *
 * @example toProviderError({ code: 4001, message: 'denied' }) instanceof UserRejectedRequestError // true
 */
export function toProviderError(error: unknown): BaseError {
  try {
    if (error instanceof BaseError) return error
    return mapProviderError(error)
  } catch (unreadable) {
    // A hostile error object (a getter that throws, a proxy): still a typed error.
    return new BaseError('Unknown error', { details: 'The error could not be read.', cause: unreadable, docsPath: '/errors/BaseError' })
  }
}

function mapProviderError(error: unknown): BaseError {
  const code = readCode(error)
  const message = readMessage(error)
  const args = { cause: error, details: message }
  switch (code) {
    case 4001:
      return new UserRejectedRequestError(args)
    case 4100:
      return new UnauthorizedProviderError(args)
    case 4200:
      return new UnsupportedProviderMethodError(args)
    case 4900:
      return new ProviderDisconnectedError(args)
    case 4901:
      return new ChainDisconnectedError(args)
    case 4902:
      return new UnrecognizedChainError(args)
  }
  if (code !== undefined && code <= -32000 && code >= -32799) {
    return new JsonRpcError(code, jsonRpcErrorNames[code] ?? 'JSON-RPC error', {
      ...args,
      data: (error as { data?: unknown }).data,
    })
  }
  if (code !== undefined) return new ProviderRpcError(code, message || 'The wallet returned an error.', args)
  return new BaseError(message || 'Unknown error', { cause: error, docsPath: '/errors/BaseError' })
}

function readCode(error: unknown, depth = 0): number | undefined {
  if (typeof error !== 'object' || error === null || depth > 4) return undefined
  const code = (error as { code?: unknown }).code
  if (typeof code === 'number' && Number.isInteger(code)) return code
  // Some wallets nest the EIP-1193 error (`{ data: { originalError: { code } } }` or `cause`).
  const nested = (error as { cause?: unknown; data?: { originalError?: unknown } }).cause ?? (error as { data?: { originalError?: unknown } }).data?.originalError
  return nested && nested !== error ? readCode(nested, depth + 1) : undefined
}

function readMessage(error: unknown): string {
  if (typeof error === 'string') return error
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message
    if (typeof message === 'string') return message
  }
  return ''
}

/** True when the error is the user's rejection (EIP-1193 4001). */
export function isUserRejection(error: unknown): boolean {
  return toProviderError(error) instanceof UserRejectedRequestError
}

/** A serialisable summary of an error, kept in machine context (contexts stay inspectable). */
export type ErrorSummary = { name: string; message: string; code?: number }

/** Maps any thrown value to an {@link ErrorSummary} (name, short message, EIP-1193 code). Never throws. */
export function summarizeError(error: unknown): ErrorSummary {
  const e = toProviderError(error)
  return { name: e.name, message: e.shortMessage, ...(e instanceof ProviderRpcError ? { code: e.code } : {}) }
}

/**
 * A request that was not answered in time: a wallet's non-interactive call (`eth_accounts`, `eth_getBalance`,
 * `wallet_revokePermissions`, a Wallet Standard silent connect) or a dapp-supplied function (the `siwx` option's
 * `getSessions`, …). Spec §9 "RPC default timeout 10 s". `operation` names what was asked, `timeout` is in ms.
 */
export class RequestTimeoutError extends BaseError {
  static override docsPath = '/errors/RequestTimeoutError'
  override name = 'RequestTimeoutError'
  operation: string
  timeout: number
  constructor(operation: string, timeout: number, args: BaseErrorParameters = {}) {
    super(`${operation} timed out after ${formatSeconds(timeout)}.`, args)
    this.operation = operation
    this.timeout = timeout
  }
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`
}

/**
 * Code the dapp supplies (a `siwx` option's function, a custom `adapter` or `transferAdapter`) answered with a value
 * that is not what its contract promises. `operation` names the function (`siwx.createMessage`).
 */
export class InvalidCallbackResponseError extends BaseError {
  static override docsPath = '/errors/InvalidCallbackResponseError'
  override name = 'InvalidCallbackResponseError'
  operation: string
  constructor(operation: string, received: unknown, args: Omit<BaseErrorParameters, 'details'> = {}) {
    super(`${operation} answered with an invalid value.`, { ...args, details: `Received: ${safeStringify(received)}` })
    this.operation = operation
  }
}
