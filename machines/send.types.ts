import type { ErrorSummary } from '../adapters/errors.ts'
import type { TokenBalance } from '../services/schemas.ts'
import type { SendMessage } from './send.messages.ts'
import type { TransactionSubmittedEvent } from './transaction.ts'
import type { RootMoment } from './features.ts'
import type { RouterReply } from './router.ts'

/*
 * The send machine's types, apart from its chart (machines/send.ts re-exports them all).
 */

/** Who sends, from where: the connected account of the active namespace. */
export type SendTarget = {
  address: string
  /** CAIP-2 id of the connected chain. */
  caipNetworkId: string
  namespace: string
  connectorId: string
  /** The chain is one the dapp configured. */
  supported: boolean
  testnet: boolean
}

/** A fee estimate as context keeps it: decimal strings of the native currency's smallest unit (wei). */
export type SendEstimate = { gas: string; gasPrice: string; fee: string }

/**
 * The send state of spec §3: `token`, `sendTokenAmount`, `receiverAddress`, `receiverProfileImageUrl`,
 * `receiverProfileName`, `networkBalanceInUSD`, `tokenBalances` (`loading` is the `flow.transacting` and
 * `flow.rechecking` states, `lastRetry` the `balances.unavailable.coolingDown` state). Plus what the flow needs.
 */
export type SendContext = {
  target?: SendTarget | undefined
  token?: TokenBalance | undefined
  /** The amount as the visitor typed it (whole tokens, '.' decimal point). Parsed with the token's decimals, never as a float. */
  sendTokenAmount: string
  /** The receiver as the visitor typed it: an address or a name. */
  receiverAddress: string
  /** The address the receiver resolved to (checksummed for eip155). */
  resolvedAddress?: string | undefined
  /** The name lookup failed (not a name without an address): 'Error resolving name' (spec §8). */
  nameLookupFailed?: boolean | undefined
  receiverProfileName?: string | undefined
  receiverProfileImageUrl?: string | undefined
  /** Sum of the balances' USD values, 2 decimals. */
  networkBalanceInUSD?: string | undefined
  tokenBalances: TokenBalance[]
  /** The token the form should select once balances arrive (`send.open` with a token key). */
  requestedTokenKey?: string | undefined
  estimate?: SendEstimate | undefined
  /** The amount was lowered so that amount + fee fits the native balance. */
  adjustedForFee: boolean
  hash?: string | undefined
  /** The form's validation message: its key and values (the spec's §5 strings are the catalogue's words). */
  error?: SendMessage | undefined
  /** The last estimate or send failure. */
  failure?: ErrorSummary | undefined
}

export type SendEvent =
  /** The send form is shown; `tokenKey` preselects a token ({@link tokenKey}). */
  | { type: 'send.open'; tokenKey?: string }
  /** Account's Send (or a token row): the form, or the preview of a send still waiting (spec §4 Send). */
  | { type: 'send.start'; tokenKey?: string | undefined }
  /** The form's token button: the picker. */
  | { type: 'send.chooseToken' }
  /** A token picked in the picker: selected, back to the form. */
  | { type: 'send.pickToken'; tokenKey: string }
  | { type: 'send.setAmount'; amount: string }
  | { type: 'send.setMax' }
  | { type: 'send.setReceiver'; receiver: string }
  | { type: 'send.review' }
  | { type: 'send.edit' }
  | { type: 'send.retryEstimate' }
  | { type: 'send.confirm' }
  /** Sent, status unknown: look at the chain again (the full receipt wait). */
  | { type: 'send.recheck' }
  /** Sent, status unknown: leave it (to Account); the form is cleared, never offered again with the sent amount. */
  | { type: 'send.dismiss' }
  | TransactionSubmittedEvent
  /** The root's moments the send follows: the account, `open({ view })` of its views, Back on them. */
  | RootMoment
  /** The router's answer to the transaction entry asked for at Confirm. */
  | RouterReply

/** The send machine's input: the connected account it starts with (none: not connected). */
export type SendInput = { target?: SendTarget | undefined } | undefined

export type SendEmitted =
  | { type: 'send.previewing' }
  | { type: 'send.submitted'; hash: string; caipNetworkId: string }
  /** `tokenAddress`: the sent token's CAIP-10 address; absent for the native currency. */
  | { type: 'send.succeeded'; hash: string; caipNetworkId: string; native: boolean; tokenAddress?: string | undefined }
  /** The user rejected in the wallet (4001): a cancel, not an error. */
  | { type: 'send.cancelled' }
  | { type: 'send.failed'; error: ErrorSummary }
  /** Sent (`hash`, the final one) but its end is not known: the receipt wait timed out or failed (spec §4 Send, §9). */
  | { type: 'send.unconfirmed'; hash: string; caipNetworkId: string }

/** A transfer as the send actors take it: the amount in the smallest unit as a decimal string (context stays serialisable). */
export type SendTransferInput = {
  connectorId: string
  from: string
  to: string
  amount: string
  caipNetworkId: string
  tokenAddress?: string | undefined
}
