import { parseUnits } from 'viem'
import { BaseError, type ErrorSummary } from '../adapters/errors.ts'
import type { TokenBalance } from '../services/schemas.ts'
import { swapMessageRefs, type SwapMessage } from './swap.messages.ts'
import { addressPart, type SwapReviewDetails, type SwapToken } from './swap.tokens.ts'
import type { TransactionSubmittedEvent } from './transaction.ts'
import type { RootMoment } from './features.ts'
import type { RouterReply } from './router.ts'
import type { BatchReport } from './batch.setup.ts'

/*
 * The swap machine's types, errors and amount helpers, apart from its chart (machines/swap.ts re-exports them all).
 */

/** Who swaps, where: the connected account of the active namespace. */
export type SwapTarget = { address: string; caipNetworkId: string; namespace: string; connectorId: string }

/** A quote as context keeps it: smallest-unit decimal strings, the price impact in percent when the API gives one. */
export type SwapQuote = { fromAmount: string; toAmount: string; priceImpact?: number | undefined }

/** A transaction for the wallet (`to`, `data`, `value` in wei as a decimal string, `gas` when estimated). */
export type SwapTransaction = { from: string; to: string; data: string; value: string; gas?: string | undefined }

/** What `modal.open({ view: 'Swap', data })` asks for: tokens by symbol or address (CAIP-10 or 0x), an amount in whole tokens. */
export type SwapRequest = { fromToken?: string | undefined; toToken?: string | undefined; amount?: string | undefined }

export type SwapContext = {
  target?: SwapTarget | undefined
  /** The chain's swappable tokens. */
  tokens: SwapToken[]
  /** The account's balances on the chain (the balance endpoint). */
  balances: TokenBalance[]
  /** CAIP-10 addresses of the chosen tokens. */
  fromToken?: string | undefined
  toToken?: string | undefined
  /** The amount as typed (whole tokens); parsed with the from token's decimals, never as a float. */
  amount: string
  /** Slippage tolerance in percent, as typed (default {@link defaultSlippage}). */
  slippage: string
  /** What the open asked for, applied once the tokens are in. */
  request?: SwapRequest | undefined
  quote?: SwapQuote | undefined
  /** The minimum received the visitor reviewed (smallest unit): a quote below it before the wallet is asked stops the swap. */
  reviewedMinimum?: string | undefined
  details?: SwapReviewDetails | undefined
  approveHash?: string | undefined
  hash?: string | undefined
  /**
   * Sent, status unknown: which transaction (the approval or the swap) and its hash; or the approval and the swap
   * sent as one batch (`batch`), its wallet batch id (`batchId`) and `hash` the batch's transaction when known, else its id.
   */
  unconfirmed?: { step: 'approve' | 'swap' | 'batch'; hash: string; batchId?: string | undefined } | undefined
  /** The transaction built last (the approval, then the swap): the request the transaction machine hands the wallet. */
  built?: SwapTransaction | undefined
  /** The approval built for a batch (EIP-5792, approve + swap in one prompt): the first of its two calls. */
  approval?: SwapTransaction | undefined
  /** The form's or the review's message. */
  error?: SwapMessage | undefined
  /** The last API or wallet failure. */
  failure?: ErrorSummary | undefined
}

export type SwapEvent =
  /** The form is shown; `request` preselects tokens and amount. */
  | { type: 'swap.open'; request?: SwapRequest | undefined }
  /** Account's Swap button: the form, or the preview of a swap still waiting (or sent, status unknown). */
  | { type: 'swap.start' }
  /** A token button of the form: the picker for that side. */
  | { type: 'swap.chooseToken'; side: 'from' | 'to' }
  /** A token picked in the picker (a CAIP-10 address): selected for that side, back to the form. */
  | { type: 'swap.pickToken'; side: 'from' | 'to'; address: string }
  | { type: 'swap.flip' }
  | { type: 'swap.setAmount'; amount: string }
  | { type: 'swap.setMax' }
  | { type: 'swap.setSlippage'; slippage: string }
  | { type: 'swap.retry' }
  | { type: 'swap.review' }
  | { type: 'swap.edit' }
  | { type: 'swap.confirm' }
  /** Sent, status unknown: look at the chain again (the same receipt rule). */
  | { type: 'swap.recheck' }
  /** Sent, status unknown: leave it (to Account); the form is cleared, never offered again with the sent amount. */
  | { type: 'swap.dismiss' }
  | TransactionSubmittedEvent
  /** The root's moments the swap follows: the account, `open({ view })` of its views, Back on them. */
  | RootMoment
  /** The router's answer to the transaction entry asked for at Confirm. */
  | RouterReply
  /** The batch of approve + swap (machines/batch.ts) tells its parent it was accepted by the wallet, then its end. */
  | BatchReport

/** The swap machine's input: the connected account it starts with (none: not connected). */
export type SwapInput = { target?: SwapTarget | undefined } | undefined

export type SwapEmitted =
  | { type: 'swap.reviewing' }
  /** The quote fell below the reviewed minimum before the swap prompt: the review shows again, the wallet was not asked. */
  | { type: 'swap.repriced' }
  | { type: 'swap.submitted'; hash: string; caipNetworkId: string }
  /** The swap was mined; the two tokens' CAIP-10 addresses (the native one as {@link nativeTokenAddress}). */
  | { type: 'swap.succeeded'; hash: string; caipNetworkId: string; fromToken: string; toToken: string }
  /** The user rejected in the wallet (4001), in the approval or the swap: a cancel, not an error. */
  | { type: 'swap.cancelled' }
  | { type: 'swap.failed'; error: ErrorSummary }
  /** Sent (`hash`, the approval's or the swap's) but its end is not known (spec §4 Send, §9 receipt timeout). */
  | { type: 'swap.unconfirmed'; hash: string; caipNetworkId: string }

/** The API says the network has no swaps ('Network not supported for Swaps', spec §8). */
export class SwapNetworkNotSupportedError extends BaseError {
  static override docsPath = '/errors/SwapNetworkNotSupportedError'
  override name = 'SwapNetworkNotSupportedError'
  constructor(details?: string) {
    super('Network not supported for Swaps', details ? { details } : {})
  }
}

/** The API says the gas price of the network is not served ('Network not supported for Gas Price', spec §8). */
export class GasPriceNotSupportedError extends BaseError {
  static override docsPath = '/errors/GasPriceNotSupportedError'
  override name = 'GasPriceNotSupportedError'
  constructor(details?: string) {
    super('Network not supported for Gas Price', details ? { details } : {})
  }
}

/** No pool holds both tokens, or the amount buys nothing. */
export class NoLiquidityError extends BaseError {
  static override docsPath = '/errors/NoLiquidityError'
  override name = 'NoLiquidityError'
  constructor(details?: string) {
    super('No liquidity for this swap', details ? { details } : {})
  }
}

/**
 * Parses a typed amount with the token's decimals (viem `parseUnits`), never through floating point.
 * @returns the smallest-unit amount, or the message to show.
 * @example parseSwapAmount('1.5', { symbol: 'DEV', decimals: 18 }) // { ok: true, value: 1500000000000000000n }
 */
export function parseSwapAmount(amount: string, token: Pick<SwapToken, 'symbol' | 'decimals'>): { ok: true; value: bigint } | { ok: false; message: SwapMessage } {
  const text = amount.trim()
  if (/^-/.test(text)) return { ok: false, message: swapMessageRefs.notPositive }
  if (!/^(\d+\.?\d*|\.\d+)$/.test(text)) return { ok: false, message: swapMessageRefs.invalidAmount }
  const fraction = text.split('.')[1] ?? ''
  if (fraction.length > token.decimals) return { ok: false, message: swapMessageRefs.tooManyDecimals(token.symbol, token.decimals) }
  const value = parseUnits(text.startsWith('.') ? `0${text}` : text, token.decimals)
  if (value <= 0n) return { ok: false, message: swapMessageRefs.notPositive }
  return { ok: true, value }
}

/**
 * Finds a token by what a visitor or a dapp names it: its CAIP-10 address, its contract address, or its symbol
 * (case-insensitive).
 */
export function findSwapToken(tokens: readonly SwapToken[], wanted: string | undefined): SwapToken | undefined {
  if (!wanted) return undefined
  const w = wanted.trim().toLowerCase()
  return tokens.find((t) => t.address.toLowerCase() === w) ?? tokens.find((t) => addressPart(t.address).toLowerCase() === w) ?? tokens.find((t) => t.symbol.toLowerCase() === w)
}

export const tokenAt = (context: SwapContext, side: 'from' | 'to') => context.tokens.find((t) => t.address === (side === 'from' ? context.fromToken : context.toToken))

/** The from amount in the smallest unit, or undefined when it does not parse. */
export function fromUnits(context: SwapContext): bigint | undefined {
  const token = tokenAt(context, 'from')
  if (!token) return undefined
  const parsed = parseSwapAmount(context.amount, token)
  return parsed.ok ? parsed.value : undefined
}

/** What the quote, allowance and build actors take: the chosen tokens and the amount in the smallest unit. */
export type SwapQuoteInput = { caipNetworkId: string; userAddress: string; from: string; to: string; amount: string }
