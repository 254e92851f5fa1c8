import { assign, emit, fromPromise, setup, type EventObject } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { summarizeError } from '../adapters/errors.ts'
import type { TokenBalance } from '../services/schemas.ts'
import { messageOf } from './messages.ts'
import { swapMessageRefs, type SwapMessage } from './swap.messages.ts'
import { balanceOf, balanceUnits, defaultSlippage, isNativeToken, minimumReceived, needsApproval, slippageBps, type SwapReviewDetails, type SwapToken } from './swap.tokens.ts'
import { findSwapToken, fromUnits, parseSwapAmount, tokenAt, type SwapContext, type SwapEmitted, type SwapEvent, type SwapQuote, type SwapQuoteInput, type SwapTransaction } from './swap.types.ts'
import { timing } from './timing.ts'
import { isOutcome, outcomeIn, outcomeOf, transactionMachine, type TransactionInput, type TransactionOutcome } from './transaction.ts'
import { actorErrorOf } from './narrow.ts'

export { nativeTokenAddress, defaultSlippage, fallbackSwapGas, addressPart, isNativeToken, balanceOf, balanceUnits, slippageBps, minimumReceived, needsApproval, gasLimitWithHeadroom } from './swap.tokens.ts'
export type { SwapReviewDetails, SwapToken } from './swap.tokens.ts'
export { swapMessageRefs }
export type { SwapMessage, SwapMessageKey, SwapMessageValues } from './swap.messages.ts'
export { SwapNetworkNotSupportedError, GasPriceNotSupportedError, NoLiquidityError, parseSwapAmount, findSwapToken, fromUnits } from './swap.types.ts'
export type { SwapTarget, SwapQuote, SwapTransaction, SwapRequest, SwapContext, SwapEvent, SwapEmitted, SwapQuoteInput } from './swap.types.ts'

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('swap', name)
}

const emptyForm = {
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
  error: undefined,
  failure: undefined,
} satisfies Partial<SwapContext>

/** What `loadSwap` answers: the tokens the API swaps on the network and the account's balances. */
type SwapLoaded = { tokens: SwapToken[]; balances: TokenBalance[] }

/** `swap.open` from `idle` or `unsupported`: another namespace than eip155 is unsupported at once, else the tokens load. */
const openTransitions = [
  { guard: 'isUnsupportedNamespace', target: '#swap.unsupported', reenter: true, actions: ['clearError', 'setRequest'] },
  { guard: 'hasTarget', target: '#swap.loading', actions: ['clearError', 'setRequest'] },
] as const

const errorName = (event: EventObject) => {
  const error = actorErrorOf(event)
  return typeof error === 'object' && error !== null && 'name' in error ? error.name : ''
}

/**
 * Swap (spec §2 "Swap takes swap arguments", §6 `swaps`, §7 convert, §8, §9 slippage 1). One flow:
 *
 * - `idle` → `swap.open` → `unsupported` on a namespace other than eip155 ('Network not supported for Swaps'),
 *   else `loading` (the chain's swappable tokens and the account's balances) → `form`; the API answering
 *   'Network not supported for Swaps' (or no tokens) is `unsupported` too, another failure `loadFailed` (retry).
 * - `form`: the tokens and the amount; `checking` classifies them (`editing`: incomplete or invalid, with the
 *   message), then `debouncing` (500 ms after the last change), `quoting`, `quoted` (read again every
 *   `quoteRefresh`), `noLiquidity`, `quoteFailed` (retry). `swap.review` refuses an amount over the balance
 *   ('Insufficient …') before anything is asked.
 * - `review`: the gas price, the router's allowance and the swap's gas (`preparing`), then `ready`: price impact,
 *   minimum received (quote × (1 − slippage)), network fee; slippage editable (1 % by default); the quote is read
 *   again every `quoteRefresh`. `swap.confirm` goes to `approving` when the allowance is short of the amount (never
 *   for the native currency or an unwrap the token settles itself, see {@link needsApproval}), else
 *   `swapping`; `swap.edit` back to the form.
 * - `approving` (one wallet prompt): built, then one run of the transaction machine (`machines/transaction.ts`: the
 *   prompt, the chain's end by the receipt rule), then the allowance read back: short → the form with 'allowanceShort'.
 * - `swapping` (another prompt): the quote is read again first (`requoting`): when the pool moved below the minimum
 *   the visitor reviewed, back to the review with 'priceMoved' and the new quote, the wallet not asked
 *   (`swap.repriced`: the transaction the confirm opened is dropped, a second confirm opens one again); else built
 *   (the API bounds it by the slippage), then a second run of the transaction machine (its loading toast 'swapSubmitted').
 *   Success emits `swap.succeeded` and resets the form; a revert or a replacement is a failure.
 * - `unconfirmed`: the approval's or the swap's end is not known ("sent, status unknown", spec §4 Send, §9): its hash,
 *   `swap.recheck` (`rechecking`: the transaction machine again with the hash, the same receipt rule; an approval that
 *   confirms goes on to the swap) or `swap.dismiss` (to Account, the form cleared). Never the editable form.
 *
 * A rejection in either prompt emits `swap.cancelled` and returns to the form with tokens, amount and slippage kept;
 * a failure emits `swap.failed`, the same way. Another account or chain (`swap.setTarget`) and `swap.clear` reset.
 *
 * Actors to provide: `loadSwap`, `fetchQuote`, `prepareReview`, `buildApprove`, `buildSwap`, `fetchAllowance`, and
 * `transaction` (the transaction machine with its `send`, taking a {@link SwapTransaction}, and `waitForEnd`).
 */
export const swapMachine = setup({
  types: { context: {} as SwapContext, events: {} as SwapEvent, emitted: {} as SwapEmitted },
  actors: {
    loadSwap: fromPromise<SwapLoaded, { address: string; caipNetworkId: string }>(notProvided('loadSwap')),
    fetchQuote: fromPromise<SwapQuote, SwapQuoteInput>(notProvided('fetchQuote')),
    prepareReview: fromPromise<SwapReviewDetails, SwapQuoteInput & { slippage: string }>(notProvided('prepareReview')),
    buildApprove: fromPromise<SwapTransaction, SwapQuoteInput>(notProvided('buildApprove')),
    buildSwap: fromPromise<SwapTransaction, SwapQuoteInput & { slippage: string }>(notProvided('buildSwap')),
    /** One transaction (the approval, then the swap): its `send` actor takes a {@link SwapTransaction} as its request. */
    transaction: transactionMachine,
    fetchAllowance: fromPromise<{ allowance: string }, SwapQuoteInput>(notProvided('fetchAllowance')),
  },
  delays: { quoteDebounce: timing.swapQuoteDebounce, quoteRefresh: timing.swapQuoteRefresh },
  guards: {
    hasTarget: ({ context }) => Boolean(context.target),
    isOtherTarget: ({ context, event }) => event.type === 'swap.setTarget' && (event.target.address !== context.target?.address || event.target.caipNetworkId !== context.target?.caipNetworkId),
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
    exceedsBalance: ({ context }) => (fromUnits(context) ?? 0n) > balanceUnits(balanceOf(tokenAt(context, 'from'), context.balances)),
    isInvalidSlippage: ({ event }) => event.type === 'swap.setSlippage' && slippageBps(event.slippage) === undefined,
    needsApproval: ({ context }) => needsApproval(context, fromUnits(context) ?? 0n),
    isAllowanceShort: ({ context }, read: { allowance: string }) => BigInt(read.allowance) < (fromUnits(context) ?? 0n),
    /** The new quote pays less than the minimum the visitor reviewed. */
    isBelowReviewedMinimum: ({ context }, quote: SwapQuote) => context.reviewedMinimum !== undefined && BigInt(quote.toAmount) < BigInt(context.reviewedMinimum),
    isOutcome,
    /** A Check again found the approval confirmed (the swap then goes on). */
    isApprovalConfirmed: ({ context }, outcome: TransactionOutcome) => context.unconfirmed?.step === 'approve' && outcome.status === 'confirmed',
  },
  actions: {
    setTarget: assign(({ event }) => (event.type === 'swap.setTarget' ? { target: event.target } : {})),
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
      if (event.type !== 'swap.selectToken' || !context.tokens.some((t) => t.address === event.address)) return {}
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
}).createMachine({
  id: 'swap',
  initial: 'idle',
  context: { ...emptyForm, tokens: [], balances: [] },
  on: {
    // The same address and chain is ignored (the form is kept).
    'swap.setTarget': { guard: 'isOtherTarget', target: '.idle', actions: ['resetForm', 'setTarget'] },
    'swap.clear': { target: '.idle', actions: ['resetForm', 'clearTarget'] },
  },
  states: {
    idle: { on: { 'swap.open': openTransitions } },
    /** 'Network not supported for Swaps' (spec §8): Solana, Bitcoin, or a chain the API has no exchange on. */
    unsupported: {
      entry: { type: 'setError', params: { message: swapMessageRefs.networkNotSupported } },
      on: { 'swap.open': openTransitions },
    },
    loading: {
      invoke: {
        id: 'loadSwap',
        src: 'loadSwap',
        input: ({ context }) => ({ address: context.target!.address, caipNetworkId: context.target!.caipNetworkId }),
        onDone: [
          { guard: { type: 'hasNoTokens', params: ({ event }) => event.output }, target: 'unsupported' },
          { target: 'form', actions: { type: 'setLoaded', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: 'isNetworkNotSupported', target: 'unsupported' },
          { target: 'loadFailed', actions: ['setFailure', { type: 'setError', params: { message: swapMessageRefs.loadFailed } }] },
        ],
      },
    },
    loadFailed: { on: { 'swap.retry': { target: 'loading', actions: 'clearError' } } },
    /** The form: tokens, amount, the quote. */
    form: {
      initial: 'checking',
      on: {
        // A second open (Account's Swap button, `open({ view: 'Swap', data })`) applies its request and re-reads balances.
        'swap.open': { target: 'loading', actions: 'setRequest' },
        'swap.selectToken': { target: '.checking', actions: 'selectToken' },
        'swap.flip': { target: '.checking', actions: 'flip' },
        'swap.setAmount': { target: '.checking', actions: 'setAmount' },
        'swap.setMax': { target: '.checking', actions: 'setMax' },
      },
      states: {
        checking: {
          always: [
            { guard: 'isUnknownRequestedToken', target: 'editing', actions: ['setUnknownTokenError', 'clearRequest', 'clearQuote'] },
            { guard: 'isSameToken', target: 'editing', actions: [{ type: 'setError', params: { message: swapMessageRefs.sameToken } }, 'clearRequest', 'clearQuote'] },
            { guard: 'isIncomplete', target: 'editing', actions: ['clearRequest', 'clearQuote'] },
            { guard: 'isInvalidAmount', target: 'editing', actions: ['setAmountError', 'clearRequest', 'clearQuote'] },
            { target: 'debouncing', actions: 'clearRequest' },
          ],
        },
        editing: {},
        /** The quote is asked 500 ms after the last change (the visitor is still typing). */
        debouncing: { after: { quoteDebounce: 'quoting' } },
        quoting: {
          invoke: {
            id: 'fetchQuote',
            src: 'fetchQuote',
            input: ({ context }) => quoteInput(context),
            onDone: [
              { guard: { type: 'buysNothing', params: ({ event }) => event.output }, target: 'noLiquidity', actions: ['clearQuote', { type: 'setError', params: { message: swapMessageRefs.noLiquidity } }] },
              { target: 'quoted', actions: { type: 'setQuote', params: ({ event }) => event.output } },
            ],
            onError: [
              { guard: 'isNetworkNotSupported', target: '#swap.unsupported' },
              { guard: 'isNoLiquidity', target: 'noLiquidity', actions: ['clearQuote', { type: 'setError', params: { message: swapMessageRefs.noLiquidity } }] },
              { target: 'quoteFailed', actions: ['clearQuote', 'setFailure', { type: 'setError', params: { message: swapMessageRefs.quoteFailed } }] },
            ],
          },
        },
        /** A quote is shown; it is read again every `quoteRefresh` while the form shows. */
        quoted: {
          after: { quoteRefresh: 'quoting' },
          on: {
            'swap.review': [
              { guard: 'exceedsBalance', actions: 'setBalanceError' },
              { target: '#swap.review', actions: ['clearError', 'setReviewedMinimum', 'emitReviewing'] },
            ],
          },
        },
        noLiquidity: {},
        quoteFailed: { on: { 'swap.retry': { target: 'quoting', actions: 'clearError' } } },
      },
    },
    /** The summary the visitor confirms: rate, price impact, minimum received, network fee, slippage. */
    review: {
      initial: 'preparing',
      on: {
        'swap.edit': { target: '#swap.form.quoted', actions: 'clearError' },
        'swap.setSlippage': [{ guard: 'isInvalidSlippage', actions: ['setSlippage', { type: 'setError', params: { message: swapMessageRefs.invalidSlippage } }] }, { actions: ['setSlippage', 'setReviewedMinimum'] }],
      },
      states: {
        preparing: {
          invoke: {
            id: 'prepareReview',
            src: 'prepareReview',
            input: ({ context }) => ({ ...quoteInput(context), slippage: context.slippage }),
            onDone: { target: 'ready', actions: { type: 'setDetails', params: ({ event }) => event.output } },
            onError: [
              { guard: 'isGasPriceNotSupported', target: 'prepareFailed', actions: ['setFailure', { type: 'setError', params: { message: swapMessageRefs.gasPriceNotSupported } }] },
              { target: 'prepareFailed', actions: ['setFailure', { type: 'setError', params: { message: swapMessageRefs.quoteFailed } }] },
            ],
          },
        },
        prepareFailed: { on: { 'swap.retry': { target: 'preparing', actions: 'clearError' } } },
        ready: {
          after: { quoteRefresh: 'refreshing' },
          on: {
            'swap.confirm': [
              { guard: ({ context }) => slippageBps(context.slippage) === undefined, actions: { type: 'setError', params: { message: swapMessageRefs.invalidSlippage } } },
              { guard: 'needsApproval', target: '#swap.approving', actions: 'clearError' },
              { target: '#swap.swapping', actions: 'clearError' },
            ],
          },
        },
        /** The quote is read again while the review shows (it goes stale); a failure keeps the last one. */
        refreshing: {
          invoke: {
            id: 'fetchQuote',
            src: 'fetchQuote',
            input: ({ context }) => quoteInput(context),
            onDone: { target: 'ready', actions: [{ type: 'setQuote', params: ({ event }) => event.output }, 'setReviewedMinimum'] },
            onError: { target: 'ready' },
          },
        },
      },
    },
    /** The approval (first wallet prompt): the router may spend the from token. */
    approving: {
      tags: ['loading'],
      initial: 'building',
      states: {
        building: {
          invoke: {
            id: 'buildApprove',
            src: 'buildApprove',
            input: ({ context }) => quoteInput(context),
            onDone: { target: 'transacting', actions: { type: 'setBuilt', params: ({ event }) => event.output } },
            onError: { target: '#swap.form.quoted', actions: ['setFailure', 'emitFailed'] },
          },
        },
        /** The approval's transaction: the wallet's prompt, then the chain's end (the transaction machine). */
        transacting: {
          invoke: {
            id: 'approve',
            src: 'transaction',
            input: ({ context }) => transactionInput(context, context.built),
            onDone: [
              { guard: { type: 'isOutcome', params: outcomeIn('confirmed') }, target: 'readingAllowance' },
              { guard: { type: 'isOutcome', params: outcomeIn('rejected') }, target: '#swap.form.quoted', actions: 'emitCancelled' },
              {
                guard: { type: 'isOutcome', params: outcomeIn('unknown') },
                target: '#swap.unconfirmed',
                actions: [{ type: 'setUnconfirmed', params: ({ event }) => ({ step: 'approve', outcome: event.output }) }, 'emitUnconfirmed'],
              },
              { target: '#swap.form.quoted', actions: [{ type: 'setOutcomeFailure', params: outcomeOf }, 'emitFailed'] },
            ],
          },
          initial: 'prompting',
          states: {
            prompting: { on: { 'transaction.submitted': { target: 'confirming', actions: 'setApproveHash' } } },
            confirming: {},
          },
        },
        /** The allowance is read back from the API before the swap is asked. */
        readingAllowance: {
          invoke: {
            id: 'fetchAllowance',
            src: 'fetchAllowance',
            input: ({ context }) => quoteInput(context),
            onDone: [
              {
                guard: { type: 'isAllowanceShort', params: ({ event }) => event.output },
                target: '#swap.form.quoted',
                actions: [{ type: 'setAllowance', params: ({ event }) => event.output }, 'setAllowanceFailure', 'emitFailed'],
              },
              { target: '#swap.swapping', actions: { type: 'setAllowance', params: ({ event }) => event.output } },
            ],
            onError: { target: '#swap.form.quoted', actions: ['setFailure', 'emitFailed'] },
          },
        },
      },
    },
    /** The swap (the wallet's prompt), after a fresh quote. */
    swapping: {
      tags: ['loading'],
      initial: 'requoting',
      states: {
        /** The quote may have gone stale while the visitor read the review or approved: read again before the prompt. */
        requoting: {
          invoke: {
            id: 'fetchQuote',
            src: 'fetchQuote',
            input: ({ context }) => quoteInput(context),
            onDone: [
              {
                guard: { type: 'isBelowReviewedMinimum', params: ({ event }) => event.output },
                target: '#swap.review.ready',
                actions: [{ type: 'setQuote', params: ({ event }) => event.output }, 'setReviewedMinimum', { type: 'setError', params: { message: swapMessageRefs.priceMoved } }, 'emitRepriced'],
              },
              { target: 'building', actions: { type: 'setQuote', params: ({ event }) => event.output } },
            ],
            onError: [
              { guard: 'isNoLiquidity', target: '#swap.form.noLiquidity', actions: ['clearQuote', { type: 'setError', params: { message: swapMessageRefs.noLiquidity } }] },
              { target: '#swap.form.quoteFailed', actions: ['clearQuote', 'setFailure', { type: 'setError', params: { message: swapMessageRefs.quoteFailed } }] },
            ],
          },
        },
        building: {
          invoke: {
            id: 'buildSwap',
            src: 'buildSwap',
            input: ({ context }) => ({ ...quoteInput(context), slippage: context.slippage }),
            onDone: { target: 'transacting', actions: { type: 'setBuilt', params: ({ event }) => event.output } },
            onError: { target: '#swap.form.quoted', actions: ['setFailure', 'emitFailed'] },
          },
        },
        /** The swap's transaction: the wallet's prompt, then the chain's end (the transaction machine). */
        transacting: {
          invoke: {
            id: 'swap',
            src: 'transaction',
            input: ({ context }) => ({ ...transactionInput(context, context.built), submittedToast: messageOf('swapSubmitted') }),
            onDone: [
              { guard: { type: 'isOutcome', params: outcomeIn('confirmed') }, target: '#swap.idle', actions: [{ type: 'setOutcomeHash', params: outcomeOf }, 'emitSucceeded', 'resetForm'] },
              { guard: { type: 'isOutcome', params: outcomeIn('rejected') }, target: '#swap.form.quoted', actions: 'emitCancelled' },
              {
                guard: { type: 'isOutcome', params: outcomeIn('unknown') },
                target: '#swap.unconfirmed',
                actions: [{ type: 'setUnconfirmed', params: ({ event }) => ({ step: 'swap', outcome: event.output }) }, 'emitUnconfirmed'],
              },
              { target: '#swap.form.quoted', actions: [{ type: 'setOutcomeFailure', params: outcomeOf }, 'emitFailed'] },
            ],
          },
          initial: 'prompting',
          states: {
            prompting: { on: { 'transaction.submitted': { target: 'confirming', actions: ['setHash', 'emitSubmitted'] } } },
            confirming: {},
          },
        },
      },
    },
    /**
     * Sent, status unknown (spec §4 Send, §9 receipt timeout): the approval's or the swap's hash is shown with the
     * explorer; the visitor looks again (`swap.recheck`) or leaves to Account (`swap.dismiss`, the form cleared). Never
     * the editable form: a swap that may be mined must not be offered twice.
     */
    unconfirmed: {
      tags: ['unconfirmed'],
      on: {
        'swap.recheck': { target: 'rechecking', actions: 'clearError' },
        'swap.dismiss': { target: 'idle', actions: 'resetForm' },
      },
    },
    /** Check again: the same transaction machine, started with the hash (no prompt; the same receipt rule). */
    rechecking: {
      tags: ['loading'],
      invoke: {
        id: 'recheck',
        src: 'transaction',
        input: ({ context }) => ({ ...transactionInput(context), hash: context.unconfirmed!.hash }),
        onDone: [
          // The approval confirmed: the swap goes on as it would have (the allowance read back, then its prompt).
          { guard: { type: 'isApprovalConfirmed', params: outcomeOf }, target: '#swap.approving.readingAllowance', actions: 'clearUnconfirmed' },
          { guard: { type: 'isOutcome', params: outcomeIn('confirmed') }, target: 'idle', actions: [{ type: 'setOutcomeHash', params: outcomeOf }, 'emitSucceeded', 'resetForm'] },
          { guard: { type: 'isOutcome', params: outcomeIn('unknown') }, target: 'unconfirmed' },
          { target: '#swap.form.quoted', actions: ['clearUnconfirmed', { type: 'setOutcomeFailure', params: outcomeOf }, 'emitFailed'] },
        ],
      },
    },
  },
})

/** The transaction machine's input for this swap's account and network (`request`: the built transaction). */
function transactionInput(context: SwapContext, request?: SwapTransaction): TransactionInput {
  return { caipNetworkId: context.target!.caipNetworkId, namespace: context.target!.namespace, connectorId: context.target!.connectorId, request }
}

/** The quote the context describes (call once the form checked it). */
function quoteInput(context: SwapContext): SwapQuoteInput {
  return {
    caipNetworkId: context.target!.caipNetworkId,
    userAddress: context.target!.address,
    from: context.fromToken!,
    to: context.toToken!,
    amount: (fromUnits(context) ?? 0n).toString(),
  }
}
