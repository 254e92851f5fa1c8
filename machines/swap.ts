import { messageOf } from './messages.ts'
import { swapMessageRefs } from './swap.messages.ts'
import { emptyForm, swapSetup, swapTarget } from './swap.setup.ts'
import { type SystemMessage, transactionEntryId, unconfirmedMoves } from './system.ts'
import { outcomeIn, outcomeOf } from './transaction.ts'
import { chainHexOf } from './batch.setup.ts'
import { batchEndIn, batchInput, batchOutcomeOf, quoteInput, transactionInput } from './swap.inputs.ts'

export { nativeTokenAddress, defaultSlippage, fallbackSwapGas, addressPart, isNativeToken, balanceOf, balanceUnits, slippageBps, minimumReceived, needsApproval, gasLimitWithHeadroom } from './swap.tokens.ts'
export type { SwapReviewDetails, SwapToken } from './swap.tokens.ts'
export { swapMessageRefs }
export type { SwapMessage, SwapMessageKey, SwapMessageValues } from './swap.messages.ts'
export { SwapNetworkNotSupportedError, GasPriceNotSupportedError, NoLiquidityError, parseSwapAmount, findSwapToken, fromUnits } from './swap.types.ts'
export type { SwapTarget, SwapQuote, SwapTransaction, SwapRequest, SwapContext, SwapEvent, SwapEmitted, SwapQuoteInput, SwapInput } from './swap.types.ts'

/** `swap.open` from `idle` or `unsupported`: another namespace than eip155 is unsupported at once, else the tokens load. */
const openTransitions = [
  { guard: 'isUnsupportedNamespace', target: '#swap.unsupported', reenter: true, actions: ['clearError', 'setRequest'] },
  { guard: 'hasTarget', target: '#swap.loading', actions: ['clearError', 'setRequest'] },
] as const

/**
 * An event for the router (the `tell` action's params). Typed loosely on purpose: the view names derive from the
 * manifests, which are typed from this machine, so its chart cannot name `RouterEvent` (a type cycle).
 */
const toRouter = (event: { type: `router.${string}`; view?: string; id?: string }): SystemMessage => ({ to: 'router', event })
/** The swap's loading toast hidden when the swap is cleared before its outcome (never another toast). */
const hideSubmittedToast = { type: 'tell', params: { to: 'toast', event: { type: 'toast.hide', loading: 'swapSubmitted' } } } as const
/** The swap's loading toast, shown once the wallet accepted the batch of approve + swap (the transaction machine shows it otherwise). */
const showSubmittedToast = { type: 'tell', params: { to: 'toast', event: { type: 'toast.show', variant: 'loading', message: messageOf('swapSubmitted') } } } as const
/** The preview shown (over the form, or over Account when asked for a pending swap). */
const showPreview = { type: 'tell', params: toRouter({ type: 'router.push', view: 'SwapPreview' }) } as const
/** Account as a new history. */
const resetToAccount = { type: 'tell', params: toRouter({ type: 'router.reset', view: 'Account' }) } as const
/** The swap's entry leaves the transaction stack without an outcome (the views leave the swap). */
const dropTransactions = { type: 'tell', params: toRouter({ type: 'router.dropTransaction', id: transactionEntryId('swap') }) } as const
/** Sent, status unknown (see {@link unconfirmedMoves}). */
const showUnconfirmed = unconfirmedMoves('swap', 'SwapPreview')
/** A failure: the entry popped (back to the form), the error toast, the report to the root. */
const failureMoves = [{ type: 'popTransaction', params: { outcome: 'error' } }, 'reportFailure'] as const
/** A success: the entry popped (Account), the balances and Activity read again, the success toast. */
const successMoves = [
  { type: 'popTransaction', params: { outcome: 'success' } },
  'refreshBalances',
  { type: 'tell', params: { to: 'toast', event: { type: 'toast.show', variant: 'success', message: messageOf('swapSent') } } },
] as const

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
 * - `batching` (EIP-5792, spec §7 `wallet_sendCalls`): an approval is needed and the wallet runs calls atomically on the
 *   chain (`wallet_getCapabilities`: `atomic` supported or ready): the approval is built and kept, the swap built after
 *   a fresh quote (`swapping`), and both go as one batch (`swapping.batch`: the batch machine, `machines/batch.ts`, with
 *   `atomicRequired` and no toasts of its own): one prompt, one end. Any other answer, none in `capabilitiesTimeout`,
 *   or a wallet that refuses to run them together at the prompt (nothing sent): the two prompts below. A batch whose
 *   end is not known is `unconfirmed` too; Check again (`recheckingBatch`) asks its status by its id, no prompt.
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
 * a failure emits `swap.failed`, the same way.
 *
 * The root's account moment (`root.account`) with another address or chain, another namespace, or no account resets
 * the form and hides the swap's loading toast; another account while the swap views show leaves them for Account.
 *
 * The swap moves the rest of the modal itself, by systemId (`machines/system.ts`): Account's Swap (`swap.start`)
 * pushes the form, or the preview of a swap still pending (`open({ view: 'Swap', data })` likewise, its swap arguments
 * applied); a token button pushes the picker and a pick goes back; the review pushes the preview; Confirm asks the
 * router for one transaction entry for the approval and the swap (`review.reserving`: refused when the stack is full,
 * spec §9, and the wallet is not asked); 'price moved' drops it; the outcome pops it (success: Account, with the
 * balances and Activity read again and the success toast; a failure: the form with the error toast, reported to the
 * root; a rejection: the form); an unknown end shows its status over Account. Back on the preview edits again (or
 * leaves a swap whose end is unknown).
 *
 * Actors to provide: `loadSwap`, `fetchQuote`, `prepareReview`, `buildApprove`, `buildSwap`, `fetchAllowance`,
 * `transaction` (the transaction machine with its `send`, taking a {@link SwapTransaction}, and `waitForEnd`),
 * `getCapabilities` (`wallet_getCapabilities`, answered as is) and `batch` (the batch machine with its wallet calls).
 */
export const swapMachine = swapSetup.createMachine({
  id: 'swap',
  initial: 'idle',
  // Spawned with the connected account, if any (the root hands it; later ones arrive as `root.account`).
  context: ({ input }) => ({ ...emptyForm, tokens: [], balances: [], target: input?.target ? swapTarget(input.target) : undefined }),
  on: {
    // The root's account moment. The same address and chain is ignored (the form is kept).
    'root.account': [
      { guard: 'isAccountGone', target: '.idle', actions: ['resetForm', 'clearTarget', hideSubmittedToast] },
      // Another account or chain while the swap views show: they leave for Account, the swap's entry with them.
      { guard: 'isLeavingSwapViews', target: '.idle', actions: ['resetForm', 'setTarget', hideSubmittedToast, dropTransactions, resetToAccount] },
      { guard: 'isOtherAccount', target: '.idle', actions: ['resetForm', 'setTarget', hideSubmittedToast] },
    ],
    // Account's Swap: the preview of a swap still pending (never the same swap offered twice), else the form.
    'swap.start': [{ guard: 'isPending', actions: showPreview }, { actions: [{ type: 'tell', params: toRouter({ type: 'router.push', view: 'Swap' }) }, 'raiseOpen'] }],
    // `open({ view: 'Swap', data })` while a swap is pending: its preview over Account, not a second form.
    'root.open': [
      { guard: 'isPending', actions: [resetToAccount, showPreview] },
      { guard: 'isOpeningForm', actions: 'raiseOpen' },
    ],
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
        'swap.chooseToken': { actions: 'showPicker' },
        'swap.pickToken': { target: '.checking', actions: ['selectToken', 'backToForm'] },
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
              { target: '#swap.review', actions: ['clearError', 'setReviewedMinimum', 'emitReviewing', showPreview] },
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
        'root.back': { guard: 'isBackFromPreview', target: '#swap.form.quoted', actions: 'clearError' },
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
              { guard: 'hasInvalidSlippage', actions: { type: 'setError', params: { message: swapMessageRefs.invalidSlippage } } },
              { target: 'reserving', actions: ['clearError', 'clearApproval', 'reserveTransaction'] },
            ],
          },
        },
        /** The router is asked for the swap's entry (the approval and the swap are one): taken, the wallet is asked; refused (full, spec §9), the review stays. */
        reserving: {
          on: {
            'router.transactionAccepted': [{ guard: 'needsApproval', target: '#swap.batching' }, { target: '#swap.swapping' }],
            'router.transactionRefused': { target: 'ready' },
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
    /**
     * An approval is needed: a wallet that runs calls atomically on the chain (`wallet_getCapabilities`: `atomic`
     * supported or ready) gets the approval and the swap as one batch, one prompt (EIP-5792); any other answer, none in
     * `capabilitiesTimeout`, or a failure: the two prompts (`approving`, then `swapping`).
     */
    batching: {
      tags: ['loading'],
      initial: 'checking',
      states: {
        checking: {
          invoke: {
            id: 'getCapabilities',
            src: 'getCapabilities',
            input: ({ context }) => ({ connectorId: context.target!.connectorId, from: context.target!.address, chainId: chainHexOf(context.target!.caipNetworkId) }),
            onDone: [{ guard: { type: 'isAtomicReady', params: ({ event }: { event: { output: unknown } }) => event.output }, target: 'building' }, { target: '#swap.approving' }],
            onError: { target: '#swap.approving' },
          },
          after: { capabilitiesTimeout: { target: '#swap.approving' } },
        },
        /** The approval is built and kept (`approval`); the swap is built after a fresh quote (`swapping`), then both are sent. */
        building: {
          invoke: {
            id: 'buildApprove',
            src: 'buildApprove',
            input: ({ context }) => quoteInput(context),
            onDone: { target: '#swap.swapping', actions: { type: 'setApproval', params: ({ event }) => event.output } },
            onError: { target: '#swap.form.quoted', actions: ['setFailure', 'emitFailed', ...failureMoves] },
          },
        },
      },
    },
    /** The approval (first wallet prompt): the router may spend the from token. */
    approving: {
      tags: ['loading'],
      // The two prompts: no approval waits to go in a batch.
      entry: 'clearApproval',
      initial: 'building',
      states: {
        building: {
          invoke: {
            id: 'buildApprove',
            src: 'buildApprove',
            input: ({ context }) => quoteInput(context),
            onDone: { target: 'transacting', actions: { type: 'setBuilt', params: ({ event }) => event.output } },
            onError: { target: '#swap.form.quoted', actions: ['setFailure', 'emitFailed', ...failureMoves] },
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
              { guard: { type: 'isOutcome', params: outcomeIn('rejected') }, target: '#swap.form.quoted', actions: ['emitCancelled', { type: 'popTransaction', params: { outcome: 'cancel' } }] },
              {
                guard: { type: 'isOutcome', params: outcomeIn('unknown') },
                target: '#swap.unconfirmed',
                actions: [{ type: 'setUnconfirmed', params: ({ event }) => ({ step: 'approve', outcome: event.output }) }, 'emitUnconfirmed', ...showUnconfirmed],
              },
              { target: '#swap.form.quoted', actions: [{ type: 'setOutcomeFailure', params: outcomeOf }, 'emitFailed', ...failureMoves] },
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
                actions: [{ type: 'setAllowance', params: ({ event }) => event.output }, 'setAllowanceFailure', 'emitFailed', ...failureMoves],
              },
              { target: '#swap.swapping', actions: { type: 'setAllowance', params: ({ event }) => event.output } },
            ],
            onError: { target: '#swap.form.quoted', actions: ['setFailure', 'emitFailed', ...failureMoves] },
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
                actions: [
                  { type: 'setQuote', params: ({ event }) => event.output },
                  'setReviewedMinimum',
                  { type: 'setError', params: { message: swapMessageRefs.priceMoved } },
                  'emitRepriced',
                  // The entry the confirm took is dropped (the wallet was never asked); a second confirm takes one again.
                  { type: 'tell', params: toRouter({ type: 'router.dropTransaction', id: transactionEntryId('swap') }) },
                ],
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
            onDone: [
              { guard: 'isBatched', target: 'batch', actions: { type: 'setBuilt', params: ({ event }) => event.output } },
              { target: 'transacting', actions: { type: 'setBuilt', params: ({ event }) => event.output } },
            ],
            onError: { target: '#swap.form.quoted', actions: ['setFailure', 'emitFailed', ...failureMoves] },
          },
        },
        /**
         * The approval and the swap as one batch (the batch machine, `atomicRequired`, its toasts left to the swap): one
         * prompt, then its status until it ends. A wallet that refuses to run them together (nothing sent) gets the two
         * prompts instead.
         */
        batch: {
          invoke: {
            id: 'swapBatch',
            src: 'batch',
            input: ({ context }) => batchInput(context),
            onDone: [
              { guard: { type: 'isBatchEnd', params: batchEndIn('confirmed') }, target: '#swap.idle', actions: [{ type: 'setBatchHash', params: batchOutcomeOf }, 'emitSucceeded', ...successMoves, 'resetForm'] },
              { guard: { type: 'isBatchEnd', params: batchEndIn('rejected') }, target: '#swap.form.quoted', actions: ['clearApproval', 'emitCancelled', { type: 'popTransaction', params: { outcome: 'cancel' } }] },
              { guard: { type: 'isBatchEnd', params: batchEndIn('atomicUnsupported') }, target: '#swap.approving' },
              {
                guard: { type: 'isBatchEnd', params: batchEndIn('unknown') },
                target: '#swap.unconfirmed',
                actions: [{ type: 'setBatchUnconfirmed', params: batchOutcomeOf }, 'emitUnconfirmed', ...showUnconfirmed],
              },
              { target: '#swap.form.quoted', actions: ['clearApproval', { type: 'setBatchFailure', params: batchOutcomeOf }, 'emitFailed', ...failureMoves] },
            ],
          },
          exit: hideSubmittedToast,
          initial: 'prompting',
          states: {
            // Accepted by the wallet: the swap's loading toast until the end.
            prompting: { on: { 'batch.accepted': { target: 'confirming', actions: showSubmittedToast } } },
            confirming: {},
          },
        },
        /** The swap's transaction: the wallet's prompt, then the chain's end (the transaction machine). */
        transacting: {
          invoke: {
            id: 'swap',
            src: 'transaction',
            input: ({ context }) => ({ ...transactionInput(context, context.built), submittedToast: messageOf('swapSubmitted') }),
            onDone: [
              { guard: { type: 'isOutcome', params: outcomeIn('confirmed') }, target: '#swap.idle', actions: [{ type: 'setOutcomeHash', params: outcomeOf }, 'emitSucceeded', ...successMoves, 'resetForm'] },
              { guard: { type: 'isOutcome', params: outcomeIn('rejected') }, target: '#swap.form.quoted', actions: ['emitCancelled', { type: 'popTransaction', params: { outcome: 'cancel' } }] },
              {
                guard: { type: 'isOutcome', params: outcomeIn('unknown') },
                target: '#swap.unconfirmed',
                actions: [{ type: 'setUnconfirmed', params: ({ event }) => ({ step: 'swap', outcome: event.output }) }, 'emitUnconfirmed', ...showUnconfirmed],
              },
              { target: '#swap.form.quoted', actions: [{ type: 'setOutcomeFailure', params: outcomeOf }, 'emitFailed', ...failureMoves] },
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
        'swap.recheck': [
          { guard: 'isBatchUnconfirmed', target: 'recheckingBatch', actions: 'clearError' },
          { target: 'rechecking', actions: 'clearError' },
        ],
        'swap.dismiss': { target: 'idle', actions: ['resetForm', resetToAccount] },
        // Back leaves it too (the root goes back to Account), never to the form with its amount.
        'root.back': { guard: 'isBackFromPreview', target: 'idle', actions: 'resetForm' },
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
          { guard: { type: 'isOutcome', params: outcomeIn('confirmed') }, target: 'idle', actions: [{ type: 'setOutcomeHash', params: outcomeOf }, 'emitSucceeded', ...successMoves, 'resetForm'] },
          { guard: { type: 'isOutcome', params: outcomeIn('unknown') }, target: 'unconfirmed' },
          { target: '#swap.form.quoted', actions: ['clearUnconfirmed', { type: 'setOutcomeFailure', params: outcomeOf }, 'emitFailed', ...failureMoves] },
        ],
      },
    },
    /** Check again for a batch: the batch machine picks it up by its id (its status asked, no prompt). */
    recheckingBatch: {
      tags: ['loading'],
      invoke: {
        id: 'recheckBatch',
        src: 'batch',
        input: ({ context }) => batchInput(context, context.unconfirmed!.batchId),
        onDone: [
          { guard: { type: 'isBatchEnd', params: batchEndIn('confirmed') }, target: 'idle', actions: [{ type: 'setBatchHash', params: batchOutcomeOf }, 'emitSucceeded', ...successMoves, 'resetForm'] },
          { guard: { type: 'isBatchEnd', params: batchEndIn('unknown') }, target: 'unconfirmed' },
          { target: '#swap.form.quoted', actions: ['clearUnconfirmed', 'clearApproval', { type: 'setBatchFailure', params: batchOutcomeOf }, 'emitFailed', ...failureMoves] },
        ],
      },
    },
  },
})
