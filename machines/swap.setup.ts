import { assign, emit, enqueueActions, fromPromise, or, raise, setup, stateIn, type EventObject } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { summarizeError } from '../adapters/errors.ts'
import type { TokenBalance } from '../services/schemas.ts'
import type { ConnectedAccount } from './features.ts'
import { messageOf } from './messages.ts'
import type { RouterEvent } from './router.ts'
import { swapMessageRefs, type SwapMessage } from './swap.messages.ts'
import { balanceOf, balanceUnits, defaultSlippage, isNativeToken, minimumReceived, needsApproval, slippageBps, type SwapReviewDetails, type SwapToken } from './swap.tokens.ts'
import {
  findSwapToken,
  fromUnits,
  parseSwapAmount,
  tokenAt,
  type SwapContext,
  type SwapEmitted,
  type SwapEvent,
  type SwapInput,
  type SwapQuote,
  type SwapQuoteInput,
  type SwapRequest,
  type SwapTarget,
  type SwapTransaction,
} from './swap.types.ts'
import { backToFormAction, popTransactionAction, reserveTransactionAction, tellAction } from './system.ts'
import { timing } from './timing.ts'
import type { ToastEvent } from './toast.ts'
import { isOutcome, transactionMachine, type TransactionOutcome } from './transaction.ts'
import { batchMachine, type BatchOutcome, type GetCapabilitiesInput } from './batch.ts'
import { atomicStatusOf } from './batch.status.ts'
import { chainIdOf } from './batch.setup.ts'
import { actorErrorOf } from './narrow.ts'
import { machineTypes } from './machineTypes.ts'

/*
 * The swap machine's setup (spec §2 "Swap takes swap arguments", §7 convert): its types, actors, delays, guards and
 * actions, named for the chart in machines/swap.ts. Besides the form's own work, the actions that move the rest of the
 * modal (the router's views and transaction stack, the toasts, the balances) are here: they tell those actors by
 * systemId (`tell`, see machines/system.ts).
 */

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('swap', name)
}

export const emptyForm = {
  fromToken: undefined,
  toToken: undefined,
  amount: '',
  slippage: defaultSlippage,
  request: undefined,
  quote: undefined,
  reviewedMinimum: undefined,
  details: undefined,
  approveHash: undefined,
  hash: undefined,
  unconfirmed: undefined,
  built: undefined,
  approval: undefined,
  error: undefined,
  failure: undefined,
} satisfies Partial<SwapContext>

/** What `loadSwap` answers: the tokens the API swaps on the network and the account's balances. */
type SwapLoaded = { tokens: SwapToken[]; balances: TokenBalance[] }

const errorName = (event: EventObject) => {
  const error = actorErrorOf(event)
  return typeof error === 'object' && error !== null && 'name' in error ? error.name : ''
}

/** The account as the swap keeps it (who swaps, where). */
export const swapTarget = (a: ConnectedAccount | SwapTarget): SwapTarget => ({ address: a.address, caipNetworkId: a.caipNetworkId, namespace: a.namespace, connectorId: a.connectorId })

/** The swap arguments of `open({ view: 'Swap', data })` (spec §2), as the machine's request. */
function requestOf(data: unknown): SwapRequest | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  // Any object may name these fields; each is read as unknown and kept only when it is text.
  const { fromToken, toToken, amount }: { fromToken?: unknown; toToken?: unknown; amount?: unknown } = data
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
  return fromToken || toToken || amount ? { fromToken: text(fromToken), toToken: text(toToken), amount: text(amount) } : undefined
}

const swapBase = setup({
  types: machineTypes<{ context: SwapContext; events: SwapEvent; emitted: SwapEmitted; input: SwapInput }>(),
  actors: {
    loadSwap: fromPromise<SwapLoaded, { address: string; caipNetworkId: string }>(notProvided('loadSwap')),
    fetchQuote: fromPromise<SwapQuote, SwapQuoteInput>(notProvided('fetchQuote')),
    prepareReview: fromPromise<SwapReviewDetails, SwapQuoteInput & { slippage: string }>(notProvided('prepareReview')),
    buildApprove: fromPromise<SwapTransaction, SwapQuoteInput>(notProvided('buildApprove')),
    buildSwap: fromPromise<SwapTransaction, SwapQuoteInput & { slippage: string }>(notProvided('buildSwap')),
    /** One transaction (the approval, then the swap): its `send` actor takes a {@link SwapTransaction} as its request. */
    transaction: transactionMachine,
    fetchAllowance: fromPromise<{ allowance: string }, SwapQuoteInput>(notProvided('fetchAllowance')),
    /** `wallet_getCapabilities` for the account and chain, answered as is (read by `isAtomicReady`). */
    getCapabilities: fromPromise<unknown, GetCapabilitiesInput>(notProvided('getCapabilities')),
    /** The approval and the swap as one batch (EIP-5792, `atomicRequired`): the batch machine with its wallet calls. */
    batch: batchMachine,
  },
  delays: { quoteDebounce: timing.swapQuoteDebounce, quoteRefresh: timing.swapQuoteRefresh, capabilitiesTimeout: timing.walletRequestTimeout },
  guards: {
    hasTarget: ({ context }) => Boolean(context.target),
    /** The root's account moment: no account any more (disconnected, or another namespace without one). */
    isAccountGone: ({ event }) => event.type === 'root.account' && !event.account,
    /** Another account or chain in the wallet while the swap views show: they leave for Account. */
    isLeavingSwapViews: ({ event }) => event.type === 'root.account' && event.change === 'changed' && event.holder === 'swap',
    /** Another address or chain than the swap's, or another namespace: the form resets. */
    isOtherAccount: ({ context, event }) =>
      event.type === 'root.account' && (event.change === 'switched' || event.account?.address !== context.target?.address || event.account?.caipNetworkId !== context.target?.caipNetworkId),
    /** A swap waits for the wallet or the chain, or was sent with its end unknown: its preview, never a new form. */
    isPending: or([stateIn('batching'), stateIn('approving'), stateIn('swapping'), stateIn('rechecking'), stateIn('recheckingBatch'), stateIn('unconfirmed')]),
    /** `open({ view: 'Swap' })`: the form opens (the router already shows it). */
    isOpeningForm: ({ event }) => event.type === 'root.open' && event.view === 'Swap',
    /** Back on the preview (not on the form or the picker). */
    isBackFromPreview: ({ event }) => event.type === 'root.back' && event.view === 'SwapPreview',
    isUnsupportedNamespace: ({ context }) => context.target?.namespace !== 'eip155',
    hasNoTokens: (_, loaded: SwapLoaded) => loaded.tokens.length === 0,
    isNetworkNotSupported: ({ event }) => errorName(event) === 'SwapNetworkNotSupportedError',
    isGasPriceNotSupported: ({ event }) => errorName(event) === 'GasPriceNotSupportedError',
    isNoLiquidity: ({ event }) => errorName(event) === 'NoLiquidityError',
    isIncomplete: ({ context }) => !context.fromToken || !context.toToken || context.amount.trim() === '',
    isSameToken: ({ context }) => Boolean(context.fromToken) && context.fromToken === context.toToken,
    isUnknownRequestedToken: ({ context }) =>
      Boolean(context.request?.fromToken && !findSwapToken(context.tokens, context.request.fromToken)) || Boolean(context.request?.toToken && !findSwapToken(context.tokens, context.request.toToken)),
    isInvalidAmount: ({ context }) => fromUnits(context) === undefined,
    /** An answer that buys nothing is no liquidity too. */
    buysNothing: (_, quote: SwapQuote) => BigInt(quote.toAmount) === 0n,
    /** The slippage typed is not a percentage the swap can be built with. */
    hasInvalidSlippage: ({ context }) => slippageBps(context.slippage) === undefined,
    exceedsBalance: ({ context }) => (fromUnits(context) ?? 0n) > balanceUnits(balanceOf(tokenAt(context, 'from'), context.balances)),
    isInvalidSlippage: ({ event }) => event.type === 'swap.setSlippage' && slippageBps(event.slippage) === undefined,
    needsApproval: ({ context }) => needsApproval(context, fromUnits(context) ?? 0n),
    /** The approval waits to go in one batch with the swap (the wallet runs calls atomically). */
    isBatched: ({ context }) => context.approval !== undefined,
    isAllowanceShort: ({ context }, read: { allowance: string }) => BigInt(read.allowance) < (fromUnits(context) ?? 0n),
    /** The new quote pays less than the minimum the visitor reviewed. */
    isBelowReviewedMinimum: ({ context }, quote: SwapQuote) => context.reviewedMinimum !== undefined && BigInt(quote.toAmount) < BigInt(context.reviewedMinimum),
    isOutcome,
    /** Params: the capabilities answer. The wallet runs calls atomically on the swap's chain (`atomic` supported or ready). */
    isAtomicReady: ({ context }, answer: unknown) => {
      const status = context.target ? atomicStatusOf(answer, chainIdOf(context.target.caipNetworkId)) : undefined
      return status === 'supported' || status === 'ready'
    },
    /** Params: the batch's outcome and the ends it is tested against. */
    isBatchEnd: (_, { outcome, status }: { outcome: BatchOutcome; status: readonly BatchOutcome['status'][] }) => status.includes(outcome.status),
    /** Sent as one batch, status unknown: Check again asks the wallet for the batch's status. */
    isBatchUnconfirmed: ({ context }) => context.unconfirmed?.step === 'batch',
    /** A Check again found the approval confirmed (the swap then goes on). */
    isApprovalConfirmed: ({ context }, outcome: TransactionOutcome) => context.unconfirmed?.step === 'approve' && outcome.status === 'confirmed',
  },
  actions: {
    /** The root's account moment's account, as the swap keeps it. */
    setTarget: assign(({ event }) => (event.type === 'root.account' && event.account ? { target: swapTarget(event.account) } : {})),
    clearTarget: assign({ target: undefined }),
    resetForm: assign({ ...emptyForm, tokens: [], balances: [] }),
    setRequest: assign(({ event }) => (event.type === 'swap.open' && event.request ? { request: event.request } : {})),
    /** The tokens and balances are in: the requested tokens and amount are applied, else the native currency is the from token. */
    setLoaded: assign(({ context }, { tokens, balances }: SwapLoaded) => {
      const request = context.request
      const from = findSwapToken(tokens, request?.fromToken)?.address ?? (tokens.some((t) => t.address === context.fromToken) ? context.fromToken : undefined)
      const to = findSwapToken(tokens, request?.toToken)?.address ?? (tokens.some((t) => t.address === context.toToken) ? context.toToken : undefined)
      return {
        tokens,
        balances,
        fromToken: from ?? (request?.fromToken ? undefined : tokens.find((t) => isNativeToken(t.address))?.address),
        toToken: to,
        amount: request?.amount ?? context.amount,
      }
    }),
    clearRequest: assign({ request: undefined }),
    selectToken: assign(({ context, event }) => {
      if (event.type !== 'swap.pickToken' || !context.tokens.some((t) => t.address === event.address)) return {}
      const other = event.side === 'from' ? context.toToken : context.fromToken
      // Picking the other side's token swaps the two.
      const swapped = other === event.address ? (event.side === 'from' ? { toToken: context.fromToken } : { fromToken: context.toToken }) : {}
      return { ...(event.side === 'from' ? { fromToken: event.address } : { toToken: event.address }), ...swapped, quote: undefined, error: undefined, failure: undefined }
    }),
    flip: assign(({ context }) => ({
      fromToken: context.toToken,
      toToken: context.fromToken,
      // The amount the quote paid becomes the amount to swap back (exact, from the smallest unit).
      quote: undefined,
      error: undefined,
      failure: undefined,
    })),
    setAmount: assign(({ event }) => (event.type === 'swap.setAmount' ? { amount: event.amount, quote: undefined, error: undefined, failure: undefined } : {})),
    setMax: assign(({ context }) => {
      const balance = balanceOf(tokenAt(context, 'from'), context.balances)
      return balance ? { amount: balance.quantity.numeric, quote: undefined, error: undefined, failure: undefined } : {}
    }),
    setSlippage: assign(({ event }) => (event.type === 'swap.setSlippage' ? { slippage: event.slippage, error: undefined } : {})),
    setError: assign((_, params: { message: SwapMessage }) => ({ error: params.message })),
    setAmountError: assign(({ context }) => {
      const token = tokenAt(context, 'from')
      const parsed = token ? parseSwapAmount(context.amount, token) : undefined
      return { error: parsed && !parsed.ok ? parsed.message : swapMessageRefs.invalidAmount }
    }),
    setUnknownTokenError: assign(({ context }) => {
      const missing = [context.request?.fromToken, context.request?.toToken].find((w) => w && !findSwapToken(context.tokens, w))
      return { error: swapMessageRefs.unknownToken(missing ?? '') }
    }),
    setBalanceError: assign(({ context }) => ({ error: swapMessageRefs.insufficient(tokenAt(context, 'from')?.symbol ?? '') })),
    clearError: assign({ error: undefined, failure: undefined }),
    clearQuote: assign({ quote: undefined }),
    setQuote: assign((_, quote: SwapQuote) => ({ quote })),
    setReviewedMinimum: assign(({ context }) => ({ reviewedMinimum: context.quote ? minimumReceived(context.quote.toAmount, context.slippage).toString() : undefined })),
    setDetails: assign((_, details: SwapReviewDetails) => ({ details })),
    setBuilt: assign((_, built: SwapTransaction) => ({ built })),
    setApproval: assign((_, approval: SwapTransaction) => ({ approval })),
    clearApproval: assign({ approval: undefined }),
    /** Params: a confirmed batch's outcome. Its last transaction is the swap's (one transaction when atomic). */
    setBatchHash: assign(({ context }, outcome: BatchOutcome) => ({ hash: outcome.hashes.at(-1) ?? context.hash })),
    /** Params: a batch that did not confirm. A revert on chain (all or some calls) says so on the form. */
    setBatchFailure: assign((_, outcome: BatchOutcome) => ({
      failure: outcome.error ?? { name: 'BatchFailedError', message: `The batch ended ${outcome.status}` },
      error: outcome.status === 'reverted' || outcome.status === 'partial' ? swapMessageRefs.reverted : undefined,
    })),
    /** Params: a batch sent whose end is not known: its id, and its transaction when the wallet named one. */
    setBatchUnconfirmed: assign(({ context }, outcome: BatchOutcome) => {
      const batchId = outcome.id ?? context.unconfirmed?.batchId
      return { unconfirmed: batchId ? { step: 'batch' as const, batchId, hash: outcome.report?.receipts?.at(-1)?.transactionHash ?? batchId } : undefined }
    }),
    setAllowance: assign(({ context }, read: { allowance: string }) => ({ details: { ...(context.details ?? { gasPrice: '0' }), allowance: read.allowance } })),
    setFailure: assign({ failure: ({ event }) => summarizeError(actorErrorOf(event)) }),
    /** A transaction that did not confirm: its failure; a revert says so on the form. */
    setOutcomeFailure: assign((_, outcome: TransactionOutcome) => {
      const failure = 'error' in outcome ? outcome.error : undefined
      return { failure, error: outcome.status === 'reverted' ? swapMessageRefs.reverted : undefined }
    }),
    /** Params: the step and its outcome (`unknown`: it carries the hash). */
    setUnconfirmed: assign((_, { step, outcome }: { step: 'approve' | 'swap'; outcome: TransactionOutcome }) => ({ unconfirmed: 'hash' in outcome ? { step, hash: outcome.hash } : undefined })),
    /** The final hash of a confirmed swap (a sped-up one's). */
    clearUnconfirmed: assign({ unconfirmed: undefined }),
    setOutcomeHash: assign(({ context }, outcome: TransactionOutcome) => ({ hash: 'hash' in outcome ? outcome.hash : context.hash })),
    setAllowanceFailure: assign({ failure: { name: 'AllowanceShortError', message: 'The allowance read back is short of the amount' }, error: swapMessageRefs.allowanceShort }),
    setApproveHash: assign({ approveHash: ({ context, event }) => (event.type === 'transaction.submitted' ? event.hash : context.approveHash) }),
    setHash: assign({ hash: ({ context, event }) => (event.type === 'transaction.submitted' ? event.hash : context.hash) }),
    emitReviewing: emit({ type: 'swap.reviewing' } as const),
    emitRepriced: emit({ type: 'swap.repriced' } as const),
    emitSubmitted: emit(({ context }) => ({ type: 'swap.submitted' as const, hash: context.hash!, caipNetworkId: context.target!.caipNetworkId })),
    emitSucceeded: emit(({ context }) => ({
      type: 'swap.succeeded' as const,
      hash: context.hash!,
      caipNetworkId: context.target!.caipNetworkId,
      fromToken: context.fromToken!,
      toToken: context.toToken!,
    })),
    emitCancelled: emit({ type: 'swap.cancelled' } as const),
    emitUnconfirmed: emit(({ context }) => ({ type: 'swap.unconfirmed' as const, hash: context.unconfirmed!.hash, caipNetworkId: context.target!.caipNetworkId })),
    emitFailed: emit(({ context }) => ({ type: 'swap.failed' as const, error: context.failure ?? { name: 'Error', message: 'Unknown error' } })),
  },
})

/**
 * The swap machine's setup: the form's own work above, and here the actions that move the rest of the modal (the
 * router's views and transaction stack, the toasts, the balances), each telling an actor found by its systemId.
 */
export const swapSetup = swapBase.extend({
  actions: {
    /** Tells the actor registered as `params.to` (the router, the toast) `params.event`, when it exists (see `machines/system.ts`). */
    tell: tellAction<SwapContext, SwapEvent>(),
    /** The picker for a side of the form (its view data names the side). */
    showPicker: enqueueActions(({ event, system, enqueue }) => {
      const router = system.get('router')
      if (event.type !== 'swap.chooseToken' || !router) return
      const push: RouterEvent = { type: 'router.push', view: 'SwapSelectToken', data: { side: event.side } }
      enqueue.sendTo(router, push)
    }),
    /** Asks the router for the swap's entry on the stack (the approval and the swap are one); it answers `router.transactionAccepted` or `…Refused` (full). */
    reserveTransaction: reserveTransactionAction<SwapContext, SwapEvent>('swap'),
    /**
     * The outcome pops the swap's entry. With no entry left on the preview (the modal was closed and reopened meanwhile,
     * or a Check again after an unknown end): Account after a success, the form in the preview's place after a failure.
     */
    popTransaction: popTransactionAction<SwapContext, SwapEvent>('swap', { preview: 'SwapPreview', form: 'Swap' }),
    /** From the picker back to the form. */
    backToForm: backToFormAction<SwapContext, SwapEvent>(),
    /** After a swap: the wallet's balance and Account's data (its balances and Activity) are read again. */
    refreshBalances: enqueueActions(({ context, system, enqueue }) => {
      const connection = context.target ? system.get(`connection.${context.target.namespace}`) : undefined
      if (connection) enqueue.sendTo(connection, { type: 'connection.refreshBalance' })
      const account = system.get('account')
      if (account) enqueue.sendTo(account, { type: 'account.reload' })
    }),
    /** The error toast of a failed swap, and the failure reported (a wallet or API failure, not the user's rejection). */
    reportFailure: enqueueActions(({ context, self, system, enqueue }) => {
      const error = context.failure ?? { name: 'Error', message: 'Unknown error' }
      const toast = system.get('toast')
      const show: ToastEvent = { type: 'toast.show', variant: 'error', message: messageOf('failure', error) }
      if (toast) enqueue.sendTo(toast, show)
      // To the root (its WALLET_ERROR analytics); run on its own (a unit test), nobody is told.
      const parent = self._parent
      if (parent) enqueue.sendTo(parent, { type: 'feature.reportError', error })
    }),
    /** The form opens (`swap.open`): Account's Swap, or `open({ view: 'Swap', data })` with its swap arguments. */
    raiseOpen: raise(({ event }) => {
      const request = event.type === 'root.open' ? requestOf(event.data) : undefined
      return { type: 'swap.open' as const, ...(request ? { request } : {}) }
    }),
  },
})
