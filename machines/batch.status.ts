import { BaseError } from '../adapters/errors.ts'

/*
 * What a wallet answers about batched calls (EIP-5792 `wallet_getCapabilities`, `wallet_sendCalls`,
 * `wallet_getCallsStatus`), read defensively: a wallet is foreign code and its replies may be anything. Pure readers,
 * used by the batch machine's guards (machines/batch.ts) and by the public `getCallsStatus`.
 */

/** EIP-5792 `atomic` capability of a chain: run all-or-nothing now, after an upgrade the wallet offers, or not at all. */
export type AtomicStatus = 'supported' | 'ready' | 'unsupported'

/**
 * The end class of a batch's status code (EIP-5792): 1xx `pending`, 2xx `confirmed`, 4xx `failed` off-chain (nothing
 * was included), 5xx `reverted` (all included calls reverted, or the atomic batch did), 6xx `partial` (some calls
 * landed, some reverted).
 */
export type CallsStatusClass = 'pending' | 'confirmed' | 'failed' | 'reverted' | 'partial'

/** One receipt of a batch's status: the transaction's hash and whether it succeeded (`0x1`) or reverted. */
export type CallsReceipt = { transactionHash: string; status: 'success' | 'reverted'; blockNumber?: string | undefined }

/** A well-formed `wallet_getCallsStatus` answer as the modal keeps it: the code, its class, and the receipts. */
export type CallsStatusReport = {
  /** The wallet's status code (100, 200, 400, 500, 600 or another of their classes). */
  status: number
  /** The class of `status`. */
  statusClass: CallsStatusClass
  /** Whether the wallet ran the calls atomically (absent: it did not say). */
  atomic?: boolean | undefined
  /** The receipts the wallet reported, in its order (one per call when it ran them one by one). */
  receipts: CallsReceipt[]
}

/** What {@link readCallsStatus} found: a report, a reply it cannot read, or a reply about another batch or chain. */
export type CallsStatusReading = { kind: 'report'; report: CallsStatusReport } | { kind: 'malformed'; received: string } | { kind: 'foreign'; received: string }

const hashPattern = /^0x[0-9a-fA-F]{64}$/
const classes: Record<number, CallsStatusClass> = { 1: 'pending', 2: 'confirmed', 4: 'failed', 5: 'reverted', 6: 'partial' }

/** A short, safe rendering of what a wallet answered, for an error's details. */
export function describeReply(value: unknown): string {
  try {
    const text = JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)) ?? String(value)
    return text.length > 160 ? `${text.slice(0, 157)}...` : text
  } catch {
    return Object.prototype.toString.call(value)
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const record = (value: unknown): Record<string, unknown> | undefined => (isRecord(value) ? value : undefined)

/** A number or a hex quantity as a number; undefined otherwise. */
function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,12}$/.test(value)) return Number.parseInt(value, 16)
  return undefined
}

function receiptOf(value: unknown): CallsReceipt | undefined {
  const r = record(value)
  if (!r || typeof r['transactionHash'] !== 'string' || !hashPattern.test(r['transactionHash'])) return undefined
  const status = r['status'] === '0x1' || r['status'] === 1 || r['status'] === 'success' ? 'success' : r['status'] === '0x0' || r['status'] === 0 || r['status'] === 'reverted' ? 'reverted' : undefined
  if (!status) return undefined
  return { transactionHash: r['transactionHash'], status, ...(typeof r['blockNumber'] === 'string' ? { blockNumber: r['blockNumber'] } : {}) }
}

/**
 * Reads a `wallet_getCallsStatus` answer (EIP-5792 v2) for the batch `id` on `chainId`: a `status` code of a known
 * class (1xx, 2xx, 4xx, 5xx, 6xx) and receipts that each carry a 32-byte hash and a status. An answer naming another
 * `id` or `chainId` is `foreign` (absent fields are not held against it); anything else it cannot read is `malformed`.
 * Never throws.
 * @example readCallsStatus({ id: '0xab', status: 200, receipts: [{ transactionHash: '0x…', status: '0x1' }] }, { id: '0xab', chainId: 1 })
 * // { kind: 'report', report: { status: 200, statusClass: 'confirmed', receipts: [{ transactionHash: '0x…', status: 'success' }] } }
 */
export function readCallsStatus(answer: unknown, expected: { id: string; chainId: number }): CallsStatusReading {
  const r = record(answer)
  if (!r) return { kind: 'malformed', received: describeReply(answer) }
  if (r['id'] !== undefined && r['id'] !== expected.id) return { kind: 'foreign', received: `id ${describeReply(r['id'])}` }
  const chainId = r['chainId'] === undefined ? expected.chainId : numberOf(r['chainId'])
  if (chainId !== expected.chainId) return { kind: 'foreign', received: `chainId ${describeReply(r['chainId'])}` }
  const status = numberOf(r['status'])
  const statusClass = status !== undefined && status >= 100 && status < 700 ? classes[Math.floor(status / 100)] : undefined
  if (status === undefined || !statusClass) return { kind: 'malformed', received: describeReply(answer) }
  const rawReceipts = r['receipts'] ?? []
  if (!Array.isArray(rawReceipts)) return { kind: 'malformed', received: describeReply(answer) }
  const receipts: CallsReceipt[] = []
  for (const raw of rawReceipts) {
    const receipt = receiptOf(raw)
    if (!receipt) return { kind: 'malformed', received: describeReply(answer) }
    receipts.push(receipt)
  }
  return { kind: 'report', report: { status, statusClass, receipts, ...(typeof r['atomic'] === 'boolean' ? { atomic: r['atomic'] } : {}) } }
}

/**
 * The `atomic` capability a `wallet_getCapabilities` answer gives the chain `chainId` (EIP-5792: keyed by the chain
 * id as a hex quantity; `0x0` for every chain); undefined when the answer does not say. Never throws.
 * @example atomicStatusOf({ '0x7a69': { atomic: { status: 'ready' } } }, 31337) // 'ready'
 */
export function atomicStatusOf(answer: unknown, chainId: number): AtomicStatus | undefined {
  const all = record(answer)
  const chain = record(all?.[`0x${chainId.toString(16)}`]) ?? record(all?.['0x0'])
  const status = record(chain?.['atomic'])?.['status']
  return status === 'supported' || status === 'ready' || status === 'unsupported' ? status : undefined
}

/**
 * The batch id of a `wallet_sendCalls` answer (EIP-5792 v2: `{ id, capabilities? }`; v1 wallets answered the id as a
 * string): a non-empty string of at most 4096 characters; undefined otherwise. Never throws.
 * @example batchIdOf({ id: '0x00ab' }) // '0x00ab'
 */
export function batchIdOf(answer: unknown): string | undefined {
  const id = typeof answer === 'string' ? answer : record(answer)?.['id']
  return typeof id === 'string' && id.length > 0 && id.length <= 4096 ? id : undefined
}

/** The wallet answered `wallet_sendCalls` without a usable batch id: nothing can be followed. */
export class InvalidBatchIdError extends BaseError {
  static override docsPath = '/errors/InvalidBatchIdError'
  override name = 'InvalidBatchIdError'
  constructor(received: unknown) {
    super('The wallet answered the calls without a batch id', { details: `Received: ${describeReply(received)}` })
  }
}

/** The wallet answered `wallet_getCallsStatus` with something that is not a status (spec: a hostile reply ends clearly). */
export class InvalidCallsStatusError extends BaseError {
  static override docsPath = '/errors/InvalidCallsStatusError'
  override name = 'InvalidCallsStatusError'
  constructor(received: string) {
    super('The wallet answered the calls status with something unreadable', { details: `Received: ${received}` })
  }
}

/** The wallet answered `wallet_getCallsStatus` about another batch or chain: its answer is not trusted. */
export class ForeignCallsStatusError extends BaseError {
  static override docsPath = '/errors/ForeignCallsStatusError'
  override name = 'ForeignCallsStatusError'
  constructor(id: string, received: string) {
    super('The calls status answered is for another batch', { details: `Asked about ${id}; the answer names ${received}.` })
  }
}

/**
 * The one-by-one fallback was picked up after a reload before every call was sent: the calls never sent are not sent
 * (a reload never prompts), so the batch ends with what landed.
 */
export class CallsInterruptedError extends BaseError {
  static override docsPath = '/errors/CallsInterruptedError'
  override name = 'CallsInterruptedError'
  constructor(landed: number, total: number) {
    super('The page reloaded before every call was sent', { details: `${landed} of ${total} calls went through; the others were not sent.` })
  }
}
