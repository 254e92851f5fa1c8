import { stateIn } from 'xstate'
import { isReceiverMessage, sendMessageRefs } from './send.messages.ts'
import { sendableTokens, tokenKey } from './send.tokens.ts'
import { parseAmount, tokenContractAddress } from './send.amounts.ts'
import { messageOf } from './messages.ts'
import { outcomeIn, outcomeOf, type TransactionInput } from './transaction.ts'
import { namespaceSupport } from './namespaces.ts'
import { type SystemMessage, transactionEntryId, unconfirmedMoves } from './system.ts'
import type { SendContext, SendTransferInput } from './send.types.ts'
import { emptyForm, sendSetup } from './send.setup.ts'

export { isReceiverMessage, sendMessageRefs }
export type { SendMessage, SendMessageKey, SendMessageValues } from './send.messages.ts'
export { sendableTokens, tokenKey }

/** The namespaces that can send (spec §6: eip155 and solana). */
export const sendNamespaces = namespaceSupport.send

export type { SendTarget, SendEstimate, SendContext, SendEvent, SendEmitted, SendInput, SendTransferInput } from './send.types.ts'

export { feeReserveFactor, parseAmount, parseReceiver, tokenBalanceUnits, tokenContractAddress } from './send.amounts.ts'
export type { ParseReceiverParameters, ParseReceiverReturnType } from './send.amounts.ts'

/**
 * An event for the router (the `tell` action's params). Typed loosely on purpose: the view names derive from the
 * manifests, which are typed from this machine, so its chart cannot name `RouterEvent` (a type cycle).
 */
const toRouter = (event: { type: `router.${string}`; view?: string; id?: string }): SystemMessage => ({ to: 'router', event })
/** The preview with no stack entry left (closed and reopened meanwhile): Account after a success… */
const orAccount = 'Account'
/** …the form again after a failure or a rejection. */
const orForm = 'form'
/** The send's loading toast hidden when the send is cleared before its outcome (never another toast). */
const hideSubmittedToast = { type: 'tell', params: { to: 'toast', event: { type: 'toast.hide', loading: 'sendSubmitted' } } } as const
/** The preview shown (over the form, or over Account when asked for a pending send). */
const showPreview = { type: 'tell', params: toRouter({ type: 'router.push', view: 'SendPreview' }) } as const
/** Account as a new history. */
const resetToAccount = { type: 'tell', params: toRouter({ type: 'router.reset', view: 'Account' }) } as const
/** The send's entry leaves the transaction stack without an outcome (the views leave the send). */
const dropTransactions = { type: 'tell', params: toRouter({ type: 'router.dropTransaction', id: transactionEntryId('send') }) } as const
/** Sent, status unknown (see {@link unconfirmedMoves}). */
const showUnconfirmed = unconfirmedMoves('send', 'SendPreview')

/** How a transaction's end moves the flow (a first run and a Check again alike). */
const endTransitions = [
  // Only the chain decides an end (adapters/receipt.ts): no end in time is "sent, status unknown".
  {
    guard: { type: 'isOutcome', params: outcomeIn('unknown') },
    target: 'unconfirmed',
    // Its view (the hash, the explorer) with Account behind it, so that Back never shows the form again; the stack's
    // entry is done (a later end after a Check again returns to Account).
    actions: [{ type: 'setOutcomeHash', params: outcomeOf }, { type: 'setOutcomeFailure', params: outcomeOf }, 'emitUnconfirmed', ...showUnconfirmed],
  },
  {
    guard: { type: 'isOutcome', params: outcomeIn('reverted', 'replaced', 'failed') },
    target: 'editing',
    actions: [{ type: 'setOutcomeHash', params: outcomeOf }, { type: 'setOutcomeFailure', params: outcomeOf }, 'emitFailed', { type: 'popTransaction', params: { outcome: 'error', orElse: orForm } }, 'reportFailure'],
  },
  // Spec §4: success resets the send state (the receiver region too), the balances are read again, 'Transaction sent'.
  {
    target: 'idle',
    actions: [
      { type: 'setOutcomeHash', params: outcomeOf },
      'emitSucceeded',
      { type: 'popTransaction', params: { outcome: 'success', orElse: orAccount } },
      'refreshBalances',
      { type: 'tell', params: { to: 'toast', event: { type: 'toast.show', variant: 'success', message: messageOf('sendSent') } } },
      'resetForm',
      'emptyReceiver',
    ],
  },
] as const

/**
 * Send (spec §3 send state, §4 "Send", §5 validation, §6 namespaces). Three regions:
 *
 * - `balances`: the sendable tokens from the balance endpoint, loaded when the form opens. On failure
 *   `unavailable`; a retry is allowed only `balanceRetry` (30 s) later (spec §9).
 * - `receiver`: what the typed receiver is: `empty`, `invalid`, a `name` being resolved (after
 *   `nameDebounce`) that ends `valid` or `notFound`, or a `valid` address (its profile loaded on eip155 mainnets):
 *   an address of the namespace (eip155: optional `0x`, checksummed) or a CAIP-10 address of the network sent on
 *   ({@link parseReceiver}; an invalid one says why at review: 'Invalid CAIP-10 address', another network's, or
 *   'Invalid receiver address').
 * - `flow`: `idle` → `editing` (the form) → `preview` (fee estimated; a native amount that leaves no room
 *   for the fee is lowered to balance − 2 × fee, see {@link feeReserveFactor}; an estimate the wallet does not answer
 *   within `walletRequestTimeout`, 10 s, fails with RequestTimeoutError and offers Try again) → `transacting`: one run of the transaction
 *   machine (`machines/transaction.ts`), `sending` (the wallet is asked; `loading` true) then `confirming` (the chain's
 *   end by the receipt rule, `adapters/receipt.ts`; the loading toast is the transaction's). Success resets the send state and emits
 *   `send.succeeded` with the final hash (a sped-up transaction's); a revert, or a transfer the wallet replaced with
 *   another transaction, emits `send.failed`; the user's rejection (4001) emits `send.cancelled`; these go back to
 *   `editing` with the form intact. Once a hash exists the flow never returns to `editing` without the chain's end:
 *   no end within the receipt timeout (or a wait that failed) is `unconfirmed` ("sent, status unknown", spec §4 Send,
 *   §9), which looks again (`rechecking`: the transaction machine with the hash) or leaves with the form cleared. `send.review` applies the rules of spec §5 in order, each a guarded transition:
 *   'Unsupported chain', 'An amount and receiver address are required', 'A token is required', the amount's
 *   format and decimals, the receiver, and the balance (more than the balance is refused before the wallet is asked).
 *
 * The root's account moment (`root.account`) with another address or chain, another namespace, or no account clears
 * token, amount, receiver, profile and balances, as a successful send does (spec §4 reset; a namespace switch resets
 * send state), and hides the send's loading toast; another account while the send views show leaves them for Account.
 *
 * The send moves the rest of the modal itself, by systemId (`machines/system.ts`): Account's Send (`send.start`)
 * pushes the form, or the preview of a send still pending; the review pushes the preview; Confirm asks the router for
 * the transaction's entry (`reserving`: refused when the stack is full, spec §9, and the wallet is not asked); the
 * outcome pops it (success: Account, with the balances read again and 'Transaction sent'; failure: the form with the
 * error toast, reported to the root; rejection: the form); Back on the preview edits again (or leaves a send whose
 * end is unknown).
 *
 * Actors to provide: `fetchBalances`, `resolveName`, `fetchReceiverProfile`, `estimateTransfer` (amounts as decimal
 * strings of the smallest unit), and `transaction` (the transaction machine with its `send`, taking a
 * {@link SendTransferInput}, and `waitForEnd`).
 */
export const sendMachine = sendSetup.createMachine({
  id: 'send',
  type: 'parallel',
  // Spawned with the connected account, if any (the root hands it; later ones arrive as `root.account`).
  context: ({ input }) => ({ ...emptyForm, sendTokenAmount: '', receiverAddress: '', tokenBalances: [], adjustedForFee: false, target: input?.target }),
  on: {
    // The root's account moment (spec §4 reset). The same address and chain is ignored (the form is kept).
    'root.account': [
      { guard: 'isAccountGone', target: ['.flow.idle', '.balances.idle', '.receiver.empty'], actions: ['resetForm', 'clearTarget', hideSubmittedToast] },
      // Another account or chain while the send views show: they leave for Account, the send's entry with them.
      { guard: 'isLeavingSendViews', target: ['.flow.idle', '.balances.idle', '.receiver.empty'], actions: ['resetForm', 'setTarget', hideSubmittedToast, dropTransactions, resetToAccount] },
      { guard: 'isOtherAccount', target: ['.flow.idle', '.balances.idle', '.receiver.empty'], actions: ['resetForm', 'setTarget', hideSubmittedToast] },
    ],
    // Account's Send: the preview of a send still pending (spec §4 Send: the same transfer is not offered again), else the form.
    'send.start': [{ guard: 'isPending', actions: showPreview }, { actions: [{ type: 'tell', params: toRouter({ type: 'router.push', view: 'Send' }) }, 'raiseOpen'] }],
    // `open({ view: 'Send' })` while a send is pending: its preview over Account (as Account → Send does), not a second form.
    'root.open': [
      { guard: 'isPending', actions: [resetToAccount, showPreview] },
      { guard: 'isOpeningForm', actions: 'raiseOpen' },
    ],
  },
  states: {
    balances: {
      initial: 'idle',
      states: {
        idle: { on: { 'send.open': { guard: 'hasTarget', target: 'loading' } } },
        loading: {
          invoke: {
            id: 'fetchBalances',
            src: 'fetchBalances',
            input: ({ context }) => ({ address: context.target!.address, caipNetworkId: context.target!.caipNetworkId }),
            onDone: { target: 'ready', actions: { type: 'setBalances', params: ({ event }) => event.output } },
            onError: { target: 'unavailable', actions: 'clearBalances' },
          },
        },
        ready: { on: { 'send.open': { target: 'loading' } } },
        /** 'Token Balance Unavailable'; a retry is allowed only `balanceRetry` after the failure (spec §9). */
        unavailable: {
          initial: 'coolingDown',
          states: {
            coolingDown: { after: { balanceRetry: 'retryable' } },
            retryable: { on: { 'send.open': { target: '#send.balances.loading' } } },
          },
        },
      },
    },
    receiver: {
      initial: 'empty',
      on: { 'send.setReceiver': { target: '.checking', actions: 'setReceiver' } },
      states: {
        /** Classifies the typed receiver. */
        checking: {
          always: [{ guard: 'isReceiverEmpty', target: 'empty' }, { guard: 'isReceiverAddress', target: 'valid', actions: 'useTypedAddress' }, { guard: 'isReceiverName', target: 'name' }, { target: 'invalid' }],
        },
        empty: {},
        invalid: {},
        /** A name (e.g. `alice.reown.id`): resolved through the names API after the visitor stops typing. */
        name: {
          initial: 'debouncing',
          states: {
            debouncing: { after: { nameDebounce: 'resolving' } },
            resolving: {
              invoke: {
                id: 'resolveName',
                src: 'resolveName',
                input: ({ context }) => ({ name: context.receiverAddress.trim().toLowerCase(), caipNetworkId: context.target!.caipNetworkId }),
                onDone: [
                  { guard: { type: 'hasResolvedAddress', params: ({ event }) => event.output }, target: '#send.receiver.valid', actions: { type: 'setResolvedName', params: ({ event }) => event.output } },
                  { target: '#send.receiver.notFound' },
                ],
                onError: { target: '#send.receiver.notFound', actions: 'setNameLookupFailed' },
              },
            },
          },
        },
        notFound: {},
        /** `resolvedAddress` is set; the receiver's profile is looked up on eip155 mainnets. */
        valid: {
          initial: 'checkingProfile',
          states: {
            checkingProfile: { always: [{ guard: 'hasIdentityLookup', target: 'loadingProfile' }, { target: 'ready' }] },
            loadingProfile: {
              invoke: {
                id: 'fetchReceiverProfile',
                src: 'fetchReceiverProfile',
                input: ({ context }) => ({ address: context.resolvedAddress! }),
                onDone: { target: 'ready', actions: { type: 'setProfile', params: ({ event }) => event.output } },
                // A missing profile does not stop the send.
                onError: { target: 'ready' },
              },
            },
            ready: {},
          },
        },
      },
    },
    flow: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'send.open': { guard: 'hasTarget', target: 'editing', actions: 'requestToken' } },
        },
        /** The form: token, amount, receiver. */
        editing: {
          on: {
            'send.open': { actions: ['requestToken', 'selectRequestedToken'] },
            'send.chooseToken': { actions: { type: 'tell', params: toRouter({ type: 'router.push', view: 'SendSelectToken' }) } },
            'send.pickToken': { actions: ['selectToken', 'backToForm'] },
            'send.setAmount': { actions: 'setAmount' },
            'send.setMax': { actions: 'setMax' },
            'send.review': [
              { guard: 'isUnsupportedChain', actions: { type: 'setError', params: { message: sendMessageRefs.unsupportedChain } } },
              { guard: 'isMissingAmountOrReceiver', actions: { type: 'setError', params: { message: sendMessageRefs.required } } },
              { guard: 'isMissingToken', actions: { type: 'setError', params: { message: sendMessageRefs.tokenRequired } } },
              { guard: 'isInvalidAmount', actions: 'setAmountError' },
              { guard: stateIn({ receiver: 'invalid' }), actions: 'setReceiverError' },
              { guard: stateIn({ receiver: 'notFound' }), actions: 'setNameNotFoundError' },
              { guard: stateIn({ receiver: 'name' }), actions: { type: 'setError', params: { message: sendMessageRefs.nameResolving } } },
              { guard: 'exceedsBalance', actions: 'setBalanceError' },
              { target: 'preview', actions: ['clearError', 'emitPreviewing', showPreview] },
            ],
          },
        },
        /** The summary the visitor confirms: amount, receiver, network fee. */
        preview: {
          initial: 'estimating',
          on: { 'send.edit': { target: 'editing' }, 'root.back': { guard: 'isBackFromPreview', target: 'editing' } },
          states: {
            estimating: {
              invoke: {
                id: 'estimateTransfer',
                src: 'estimateTransfer',
                input: ({ context }) => transferInput(context),
                onDone: [
                  { guard: { type: 'needsFeeAdjustment', params: ({ event }) => event.output }, target: 'ready', actions: { type: 'lowerAmountForFee', params: ({ event }) => event.output } },
                  { guard: { type: 'cannotPayFee', params: ({ event }) => event.output }, target: 'estimateFailed', actions: 'setFeeFailure' },
                  { target: 'ready', actions: { type: 'setEstimate', params: ({ event }) => event.output } },
                ],
                onError: { target: 'estimateFailed', actions: 'setFailure' },
              },
              // The estimate goes through the wallet's provider: a wallet that never answers ends it (spec §9 10 s).
              after: { walletRequestTimeout: { target: 'estimateFailed', actions: 'setEstimateTimedOut' } },
            },
            ready: { on: { 'send.confirm': { target: 'reserving', actions: 'reserveTransaction' } } },
            /** The router is asked for the transaction's entry: taken, the wallet is asked; refused (full, spec §9), the preview stays. */
            reserving: { on: { 'router.transactionAccepted': { target: '#send.flow.transacting' }, 'router.transactionRefused': { target: 'ready' } } },
            estimateFailed: { on: { 'send.retryEstimate': { target: 'estimating', actions: 'clearError' } } },
          },
        },
        /**
         * One run of the transaction machine (`machines/transaction.ts`): the wallet is asked (`sending`, spec §4:
         * loading is true), then the chain decides (`confirming`, by the receipt rule). Success resets the send state
         * (the owner refreshes the balances); a revert or a replacement by another transaction is a failure, back to
         * the form; no end known is `unconfirmed`, never the form.
         */
        transacting: {
          tags: ['loading'],
          invoke: {
            id: 'transaction',
            src: 'transaction',
            input: ({ context }): TransactionInput => ({ ...transactionTarget(context), request: transferInput(context), submittedToast: messageOf('sendSubmitted') }),
            onDone: [
              { guard: { type: 'isOutcome', params: outcomeIn('rejected') }, target: 'editing', actions: ['emitCancelled', { type: 'popTransaction', params: { outcome: 'cancel', orElse: orForm } }] },
              ...endTransitions,
            ],
          },
          initial: 'sending',
          states: {
            sending: { on: { 'transaction.submitted': { target: 'confirming', actions: ['setHash', 'emitSubmitted'] } } },
            /** Broadcast; waiting for the chain to include it. */
            confirming: {},
          },
        },
        /** Check again: the same transaction machine with the hash (no prompt; the same receipt rule). */
        rechecking: {
          tags: ['loading'],
          invoke: { id: 'recheck', src: 'transaction', input: ({ context }): TransactionInput => ({ ...transactionTarget(context), hash: context.hash }), onDone: endTransitions },
        },
        /**
         * Sent, status unknown (spec §4 Send, §9 receipt timeout): the hash is kept and shown with the network's explorer;
         * the visitor looks again (`send.recheck`) or leaves to Account (`send.dismiss`, the form cleared). Never the
         * editable form: a transaction that may be mined must not be offered for sending twice.
         */
        unconfirmed: {
          tags: ['unconfirmed'],
          on: {
            'send.recheck': { target: 'rechecking', actions: 'clearError' },
            'send.dismiss': { target: 'idle', actions: ['resetForm', 'emptyReceiver', resetToAccount] },
            // Back leaves it too (the root goes back to Account), never to the form with its amount.
            'root.back': { guard: 'isBackFromPreview', target: 'idle', actions: ['resetForm', 'emptyReceiver'] },
          },
        },
      },
    },
  },
})

/** The transaction machine's account and network for this send. */
function transactionTarget(context: SendContext) {
  return { caipNetworkId: context.target!.caipNetworkId, namespace: context.target!.namespace, connectorId: context.target!.connectorId }
}

/** The transfer the context describes (call only once `send.review` passed). */
function transferInput(context: SendContext): SendTransferInput {
  const token = context.token!
  const parsed = parseAmount(context.sendTokenAmount, token)
  return {
    connectorId: context.target!.connectorId,
    from: context.target!.address,
    to: context.resolvedAddress!,
    amount: (parsed.ok ? parsed.value : 0n).toString(),
    caipNetworkId: context.target!.caipNetworkId,
    tokenAddress: tokenContractAddress(token),
  }
}
