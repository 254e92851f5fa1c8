import { decodeErrorResult, encodeFunctionData, erc20Abi, getAddress, hexToBigInt, isAddress, maxUint256, numberToHex } from 'viem'
import type { Address, Hex } from 'viem'
import { ConnectorNotFoundError, parseChainId } from './eip155.ts'
import type { Eip1193Provider } from './eip155.ts'
import { BaseError, InvalidProviderResponseError, ProviderRpcError, toProviderError, UserRejectedRequestError } from './errors.ts'
import { receiptTiming, waitForEip155Transaction, type ReceiptTiming } from './receipt.ts'
import type { TimerClock } from './boundary.ts'
import type { ContractCallRequest, TransferAdapter, TransferEstimate, TransferReceipt, TransferRequest } from './types.ts'

/** How often {@link TransferAdapter.waitForTransfer} looks at the chain, ms ({@link receiptTiming}). */
export const transferPollInterval = receiptTiming.pollInterval
/** After this {@link TransferAdapter.waitForTransfer} ends `unknown` (sent, status not known), ms ({@link receiptTiming}). */
export const transferReceiptTimeout = receiptTiming.receiptTimeout

/** The request field an {@link InvalidTransferError} is about. */
export type InvalidTransferField = 'from' | 'to' | 'amount' | 'caipNetworkId' | 'tokenAddress' | 'hash'

const invalidTransferMessages: Record<InvalidTransferField, string> = {
  from: 'Invalid sender address',
  to: 'Invalid receiver address',
  // Spec §5, word for word (a missing receiver gets it too).
  amount: 'An amount and receiver address are required',
  caipNetworkId: 'Invalid CAIP-2 network id',
  tokenAddress: 'Invalid token address',
  hash: 'Invalid transaction hash',
}

/**
 * The transfer request is unusable: an address that is not an EVM address (a missing receiver or amount:
 * 'An amount and receiver address are required', spec §5), an amount that is not a positive integer below
 * 2^256, a CAIP-2 id that is not `eip155:<positive integer>` (another namespace: 'Unsupported chain', spec §5),
 * or a hash that is not 32 bytes. Thrown before the wallet is asked anything.
 */
export class InvalidTransferError extends BaseError {
  static override docsPath = '/errors/InvalidTransferError'
  override name = 'InvalidTransferError'
  /** Which field of the request is wrong. */
  field: InvalidTransferField
  constructor(field: InvalidTransferField, details: string, shortMessage: string = invalidTransferMessages[field]) {
    super(shortMessage, { details })
    this.field = field
  }
}

/** The wallet is on another chain than the transfer's: the user must switch first (spec §4 Send). */
export class ChainMismatchError extends BaseError {
  static override docsPath = '/errors/ChainMismatchError'
  override name = 'ChainMismatchError'
  /** The transfer's chain id (decimal). */
  expectedChainId: number
  /** The wallet's current chain id (decimal). */
  actualChainId: number
  constructor(expectedChainId: number, actualChainId: number) {
    super(`Switch the wallet to eip155:${expectedChainId} to send`, {
      details: `The wallet is on eip155:${actualChainId}.`,
    })
    this.expectedChainId = expectedChainId
    this.actualChainId = actualChainId
  }
}

/**
 * The node says the transfer would revert or cannot be paid for (more tokens than the balance, more ether than
 * the balance, a paused token…). `details` is the node's reason, e.g. 'execution reverted: DEV: insufficient balance'.
 */
export class TransferWouldFailError extends BaseError {
  static override docsPath = '/errors/TransferWouldFailError'
  override name = 'TransferWouldFailError'
  constructor(args: { details: string; cause: unknown }) {
    super('The transfer would fail', args)
  }
}

/** Everything the eip155 transfer adapter's methods throw. */
export type Eip155TransferErrorType = InvalidTransferError | ConnectorNotFoundError | ChainMismatchError | TransferWouldFailError | InvalidProviderResponseError | UserRejectedRequestError | ProviderRpcError | BaseError

/** Options of {@link createEip155TransferAdapter}. */
export type CreateEip155TransferAdapterParameters = {
  /** Resolves the EIP-1193 provider of a connector id (the eip155 adapter's getProvider). */
  getProvider: (connectorId: string) => Eip1193Provider | undefined
  /** Receipt polling interval, ms. Default {@link transferPollInterval} (1000). */
  pollInterval?: number
  /** The end is `unknown` after this long, ms. Default {@link transferReceiptTimeout} (120 000). */
  receiptTimeout?: number
  /** The rest of the wait's timing (back-off, one look's timeout), ms; {@link receiptTiming} by default. */
  timing?: Partial<ReceiptTiming> | undefined
  /** Timers of the wait; default `globalThis` (the modal passes its `clock` option). */
  clock?: TimerClock | undefined
}

/** What {@link createEip155TransferAdapter} returns. */
export type CreateEip155TransferAdapterReturnType = TransferAdapter

/** The EVM transaction of a transfer, as `eth_estimateGas` and `eth_sendTransaction` take it. */
type TransferTransaction = { from: Address; to: Address; value: Hex; data?: Hex }

/** A validated request: checksummed addresses and the decimal chain id. */
type CheckedTransfer = { from: Address; to: Address; amount: bigint; chainId: number; tokenAddress?: Address }

const hexQuantity = /^0x[0-9a-fA-F]+$/
const transactionHash = /^0x[0-9a-fA-F]{64}$/

/**
 * Sending on EVM chains (spec §4 Send, §6) through the wallet's EIP-1193 provider only: `eth_chainId`,
 * `eth_estimateGas`, `eth_gasPrice`, `eth_sendTransaction` and `eth_getTransactionReceipt`. Native transfers
 * are `{ from, to, value }`; ERC-20 transfers call `transfer(to, amount)` on the token with value 0, and the
 * call's return value is never decoded (USDT-style tokens return nothing, spec §9): the receipt's status decides.
 *
 * Amounts are integers of the smallest unit (wei, or the token's base unit); fees are in wei.
 *
 * Errors: {@link InvalidTransferError} (before any wallet call), `ConnectorNotFoundError`,
 * {@link ChainMismatchError} (the wallet is on another chain; estimate and send), {@link TransferWouldFailError}
 * (the node reports a revert), `InvalidProviderResponseError` (a malformed wallet answer), and the wallet's own
 * errors mapped by `toProviderError` (a rejection is `UserRejectedRequestError`, 4001). `waitForTransfer` throws only
 * for bad input: it resolves with the chain's end, or `unknown` (sent, status not known; `adapters/receipt.ts`).
 *
 * @example
 * const transfer = createEip155TransferAdapter({ getProvider: eip155.getProvider })
 * const request = { connectorId: 'dev.latchkey.wallet', from, to, amount: 10n ** 18n, caipNetworkId: 'eip155:1' }
 * const { fee } = await transfer.estimateTransfer(request) // wei
 * const { hash } = await transfer.sendTransfer(request)
 * const { status } = await transfer.waitForTransfer({ connectorId: request.connectorId, caipNetworkId: 'eip155:1', hash })
 */
export function createEip155TransferAdapter({
  getProvider,
  pollInterval = transferPollInterval,
  receiptTimeout = transferReceiptTimeout,
  timing,
  clock,
}: CreateEip155TransferAdapterParameters): CreateEip155TransferAdapterReturnType {
  function requireProvider(connectorId: string): Eip1193Provider {
    const provider = getProvider(connectorId)
    if (!provider) throw new ConnectorNotFoundError(connectorId)
    return provider
  }

  /** The provider of a checked request, once the wallet is known to be on the request's chain. */
  async function providerOnChain(connectorId: string, chainId: number): Promise<Eip1193Provider> {
    const provider = requireProvider(connectorId)
    const current = parseChainId('eth_chainId', await call(provider, 'eth_chainId'))
    if (current !== chainId) throw new ChainMismatchError(chainId, current)
    return provider
  }

  return {
    namespace: 'eip155',

    async estimateTransfer(request): Promise<TransferEstimate> {
      const checked = checkTransfer(request)
      const provider = await providerOnChain(request.connectorId, checked.chainId)
      const tx = transferTransaction(checked)
      const [gasRaw, gasPriceRaw] = await Promise.all([callTransaction(provider, 'eth_estimateGas', [tx]), call(provider, 'eth_gasPrice')])
      const gas = parseQuantity('eth_estimateGas', gasRaw)
      if (gas === 0n) throw new InvalidProviderResponseError('eth_estimateGas', gasRaw)
      const gasPrice = parseQuantity('eth_gasPrice', gasPriceRaw)
      return { gas, gasPrice, fee: gas * gasPrice }
    },

    async sendTransfer(request): Promise<{ hash: string }> {
      const checked = checkTransfer(request)
      const provider = await providerOnChain(request.connectorId, checked.chainId)
      // No gas, fees or nonce: the wallet fills them in (and shows them to the user).
      const hash = await callTransaction(provider, 'eth_sendTransaction', [transferTransaction(checked)])
      if (typeof hash !== 'string' || !transactionHash.test(hash)) {
        throw new InvalidProviderResponseError('eth_sendTransaction', hash)
      }
      return { hash }
    },

    async sendContractCall(request: ContractCallRequest): Promise<{ hash: string }> {
      const chainId = parseCaipNetworkId(request.caipNetworkId)
      const from = checkAddress('from', request.from)
      const to = checkAddress('to', request.to)
      if (typeof request.data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(request.data)) {
        throw new InvalidTransferError('amount', `Expected 0x-prefixed call data, got ${show(request.data)}.`, 'Invalid call data')
      }
      if (!/^\d+$/.test(request.value) || (request.gas !== undefined && !/^\d+$/.test(request.gas))) {
        throw new InvalidTransferError('amount', `Expected decimal wei, got value ${show(request.value)}, gas ${show(request.gas)}.`, 'Invalid value')
      }
      const provider = await providerOnChain(request.connectorId, chainId)
      const tx = {
        from,
        to,
        data: request.data as Hex,
        value: numberToHex(BigInt(request.value)),
        ...(request.gas !== undefined ? { gas: numberToHex(BigInt(request.gas)) } : {}),
      }
      // No fees or nonce: the wallet fills them in (and shows them to the user).
      const hash = await callTransaction(provider, 'eth_sendTransaction', [tx])
      if (typeof hash !== 'string' || !transactionHash.test(hash)) throw new InvalidProviderResponseError('eth_sendTransaction', hash)
      return { hash }
    },

    async waitForTransfer({ connectorId, caipNetworkId, hash, signal }): Promise<TransferReceipt> {
      parseCaipNetworkId(caipNetworkId)
      if (typeof hash !== 'string' || !transactionHash.test(hash)) {
        throw new InvalidTransferError('hash', `Expected a 0x-prefixed 32-byte hash, got ${show(hash)}.`)
      }
      // The receipt is read through the wallet, i.e. from the chain the wallet is on now; the chain alone decides the
      // end (adapters/receipt.ts): a failed read is retried, a replacement followed, no end in time is `unknown`.
      const provider = requireProvider(connectorId)
      return waitForEip155Transaction({ provider, hash, timing: { pollInterval, receiptTimeout, ...timing }, clock, signal })
    },
  }
}

/** Sends one EIP-1193 request; any error the wallet throws becomes a typed error (errors.ts). */
async function call(provider: Eip1193Provider, method: string, params?: unknown): Promise<unknown> {
  try {
    return await provider.request(params === undefined ? { method } : { method, params })
  } catch (error) {
    throw toProviderError(error)
  }
}

/** Like {@link call}, and a node's execution revert becomes a {@link TransferWouldFailError}. */
async function callTransaction(provider: Eip1193Provider, method: string, params: unknown): Promise<unknown> {
  try {
    return await call(provider, method, params)
  } catch (error) {
    const reason = revertReason(error)
    if (reason !== undefined) throw new TransferWouldFailError({ details: reason, cause: error })
    throw error
  }
}

/**
 * The node's reason when `error` (a mapped provider error) is an execution revert or an unaffordable
 * transaction; undefined otherwise. JSON-RPC code 3 is the standard revert code; wallets that wrap node
 * errors in -32000/-32603 keep the node's message ('execution reverted…', 'insufficient funds…').
 */
function revertReason(error: unknown): string | undefined {
  if (!(error instanceof BaseError) || error instanceof UserRejectedRequestError) return undefined
  const message = error.details || error.shortMessage
  const isRevert = (error instanceof ProviderRpcError && error.code === 3) || /revert|insufficient funds/i.test(message)
  if (!isRevert) return undefined
  const decoded = error instanceof ProviderRpcError ? decodeRevertData(error.data) : undefined
  if (decoded !== undefined && !message.includes(decoded)) return message ? `${message}: ${decoded}` : decoded
  return message || 'execution reverted'
}

/** The reason of an `Error(string)` revert payload, or `Panic(<code>)`; undefined when it is neither. */
function decodeRevertData(data: unknown): string | undefined {
  if (typeof data !== 'string' || !hexQuantity.test(data)) return undefined
  try {
    const { errorName, args } = decodeErrorResult({ data: data as Hex })
    return errorName === 'Error' ? String(args[0]) : `${errorName}(${args.map(String).join(', ')})`
  } catch {
    return undefined
  }
}

/** Checks a request before anything is sent; returns checksummed addresses and the chain id. */
function checkTransfer(request: TransferRequest): CheckedTransfer {
  const chainId = parseCaipNetworkId(request.caipNetworkId)
  const from = checkAddress('from', request.from)
  const to = checkAddress('to', request.to)
  const { amount } = request
  if (typeof amount !== 'bigint' || amount <= 0n || amount > maxUint256) {
    throw new InvalidTransferError('amount', `The amount must be a positive integer of the smallest unit below 2^256, got ${typeof amount === 'bigint' ? amount : typeof amount}.`)
  }
  if (request.tokenAddress === undefined) return { from, to, amount, chainId }
  return { from, to, amount, chainId, tokenAddress: checkAddress('tokenAddress', request.tokenAddress) }
}

/** A 0x address (viem `isAddress`: 40 hex digits, and a valid EIP-55 checksum when mixed-case), checksummed. */
function checkAddress(field: 'from' | 'to' | 'tokenAddress', value: unknown): Address {
  if (typeof value !== 'string' || !isAddress(value)) {
    const missing = field === 'to' && (value === undefined || value === '')
    throw new InvalidTransferError(field, `Expected a 0x-prefixed EVM address, got ${show(value)}.`, missing ? invalidTransferMessages.amount : invalidTransferMessages[field])
  }
  return getAddress(value)
}

/**
 * The chain id of an `eip155:<reference>` CAIP-2 id (a positive decimal integer, no leading zero).
 * @throws InvalidTransferError: 'Unsupported chain' for another namespace, 'Invalid CAIP-2 network id' otherwise.
 */
function parseCaipNetworkId(caipNetworkId: unknown): number {
  const text = typeof caipNetworkId === 'string' ? caipNetworkId : ''
  const match = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/.exec(text)
  if (match && match[1] !== 'eip155') {
    throw new InvalidTransferError('caipNetworkId', `${text} is not an EVM network.`, 'Unsupported chain')
  }
  const reference = match?.[2] ?? ''
  const chainId = /^[1-9][0-9]*$/.test(reference) ? Number(reference) : Number.NaN
  if (!Number.isSafeInteger(chainId)) {
    throw new InvalidTransferError('caipNetworkId', `Expected eip155:<positive chain id>, got ${show(caipNetworkId)}.`)
  }
  return chainId
}

/** The transaction of a checked transfer: a value transfer, or an ERC-20 `transfer(to, amount)` call. */
function transferTransaction({ from, to, amount, tokenAddress }: CheckedTransfer): TransferTransaction {
  if (tokenAddress === undefined) return { from, to, value: numberToHex(amount) }
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
  return { from, to: tokenAddress, value: '0x0', data }
}

/** A 0x-hex quantity as a bigint. @throws InvalidProviderResponseError for anything else. */
function parseQuantity(method: string, value: unknown): bigint {
  if (typeof value !== 'string' || !hexQuantity.test(value)) throw new InvalidProviderResponseError(method, value)
  return hexToBigInt(value as Hex)
}

/** A value as text for an error's details (strings quoted). Never throws. */
function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  try {
    return String(value)
  } catch {
    return typeof value
  }
}
