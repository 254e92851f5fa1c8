import { BaseError } from '../adapters/errors.ts'

/**
 * A sent transaction's end as the transaction machines (send, swap) receive it from their wait actor (spec §4 Send):
 * the chain's `success` or `reverted`, or `unknown` (sent, status not known: the wait's receipt timeout passed, or the
 * wait itself failed). `hash` is the final one: a replacement's when the wallet sped up or replaced the transaction,
 * and then `replaced` names the first (`adapters/receipt.ts` decides all of this; this module only carries it).
 */
export type TransactionEnd = {
  status: 'success' | 'reverted' | 'unknown'
  hash: string
  replaced?: { hash: string; reason: 'repriced' | 'cancelled' | 'replaced' } | undefined
}

/** What a wait actor takes: the wallet's connector, the CAIP-2 network and the hash that was sent. */
export type TransactionWaitInput = { connectorId: string; caipNetworkId: string; hash: string }

type ReplacedReason = NonNullable<TransactionEnd['replaced']>['reason']
const isReplacedReason = (reason: unknown): reason is ReplacedReason => reason === 'repriced' || reason === 'cancelled' || reason === 'replaced'

/**
 * Reads what a transfer adapter's `waitForTransfer` resolved with (a dapp's own adapter is foreign code: anything may
 * come back) as a {@link TransactionEnd}: a status other than `success` or `reverted` is `unknown`, a missing hash the
 * one that was sent. Never throws.
 * @example transactionEndOf({ status: 'success', hash: '0xb…', blockNumber: 5n, replaced: { hash: '0xa…', reason: 'repriced' } }, '0xa…')
 * // { status: 'success', hash: '0xb…', replaced: { hash: '0xa…', reason: 'repriced' } }
 */
export function transactionEndOf(receipt: unknown, sentHash: string): TransactionEnd {
  const r: object = typeof receipt === 'object' && receipt !== null ? receipt : {}
  const rawStatus = 'status' in r ? r.status : undefined
  const status = rawStatus === 'success' || rawStatus === 'reverted' ? rawStatus : 'unknown'
  const rawHash = 'hash' in r ? r.hash : undefined
  const hash = typeof rawHash === 'string' && rawHash !== '' ? rawHash : sentHash
  const replaced: object = 'replaced' in r && typeof r.replaced === 'object' && r.replaced !== null ? r.replaced : {}
  const replacedHash = 'hash' in replaced ? replaced.hash : undefined
  const reason = 'reason' in replaced ? replaced.reason : undefined
  const replacement = status !== 'unknown' && typeof replacedHash === 'string' && isReplacedReason(reason) ? { replaced: { hash: replacedHash, reason } } : {}
  return { status, hash, ...replacement }
}

/**
 * The transfer the visitor asked for did not happen: its nonce went to another transaction (cancelled in the wallet, or
 * replaced by a different one). A sped-up (`repriced`) transaction is the same transfer.
 */
export const isReplacedByOther = (end: TransactionEnd) => end.replaced !== undefined && end.replaced.reason !== 'repriced'

/**
 * A sent transaction whose end the chain did not tell within the receipt timeout (spec §4 Send, §9): it may still be
 * included. `hash` is the transaction's (the final one).
 */
export class TransactionStatusUnknownError extends BaseError {
  static override docsPath = '/errors/TransactionStatusUnknownError'
  override name = 'TransactionStatusUnknownError'
  hash: string
  constructor(hash: string) {
    super('The transaction was sent; its status is not known yet', { details: `No end for ${hash} within the receipt timeout.` })
    this.hash = hash
  }
}
