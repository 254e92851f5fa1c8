import type { DepositStatus } from '../services/exchange.ts'
import { toBaseUnits } from './pay.input.ts'
import type { PayRequest } from './pay.input.ts'

/*
 * Pay with an exchange (spec §1 optional features "… and pay"): the shapes the pay chart's exchange states take and
 * give, and the rule that decides whether an exchange's "succeeded" is this payment.
 */

/** An exchange that can pay the asset on its network: its `id`, `name` and mark `imageUrl` (http(s) or data URI). */
export type PayExchange = { id: string; name: string; imageUrl?: string | undefined }

/**
 * A deposit session the exchange opened for the payment: its `sessionId`, the exchange's page `url` (the visitor approves
 * there), its `deadline` (the exchange's own, ms since the epoch: what storage keeps) and `expiresIn`, the ms from its
 * opening (or its pick-up after a reload) to that deadline (0 when already past).
 */
export type PayExchangeSession = { exchangeId: string; sessionId: string; url: string; deadline: number; expiresIn: number }

/** A session's status as the exchange answered it (`services/exchange.ts` `DepositStatus`). */
export type PayExchangeStatus = DepositStatus

/** What the `createExchangeSession` actor takes: the checked request and the chosen exchange. */
export type CreateExchangeSessionInput = { request: PayRequest; exchangeId: string }

/**
 * What the `verifyExchangeTransfer` actor takes: the transfer the exchange names (`txHash`) and what it must move on the
 * request's network: `units` (base units) of the request's asset to its recipient. It resolves `true` only when the
 * chain's receipt shows exactly that transfer, succeeded.
 */
export type VerifyExchangeTransferInput = { request: PayRequest; units: bigint; txHash: string }

/**
 * Whether an exchange's `succeeded` names this payment: the same recipient and the same amount in the asset's base
 * units (`'0.50'` is `'0.5'`). The recipient is compared as its namespace writes addresses: an eip155 address in any
 * case (hex; the case is only its EIP-55 checksum), a solana address letter for letter (base58 is case-sensitive: a
 * key differing only in case is another key). An amount the decimals cannot hold does not match.
 * @example claimMatches(request, 500000000000000000n, 18, { status: 'succeeded', txHash, amount: '0.5', recipient }) // true
 */
export function claimMatches(request: PayRequest, units: bigint | undefined, decimals: number | undefined, status: PayExchangeStatus): boolean {
  if (status.status !== 'succeeded' || units === undefined || decimals === undefined) return false
  if (!sameRecipient(request, status.recipient)) return false
  try {
    return toBaseUnits(status.amount, decimals) === units
  } catch {
    return false
  }
}

/** Whether `claimed` is the request's recipient: eip155 hex in any case, any other namespace (base58) exactly. */
function sameRecipient(request: PayRequest, claimed: string): boolean {
  return request.asset.namespace === 'eip155' ? claimed.toLowerCase() === request.recipient.toLowerCase() : claimed === request.recipient
}
