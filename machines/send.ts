import { assign, emit, fromPromise, setup, stateIn } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { formatUnits } from 'viem'
import { isValidAddress, normalizeAddress } from '../adapters/address.ts'
import { summarizeError } from '../adapters/errors.ts'
import type { TokenBalance } from '../services/schemas.ts'
import { isReceiverMessage, sendMessageRefs, type SendMessage } from './send.messages.ts'
import { sendableTokens, tokenKey } from './send.tokens.ts'
import { feeReserveFactor, parseAmount, parseReceiver, tokenBalanceUnits, tokenContractAddress } from './send.amounts.ts'
import { timing } from './timing.ts'
import { messageOf } from './messages.ts'
import { isOutcome, outcomeIn, outcomeOf, transactionMachine, type TransactionInput, type TransactionOutcome } from './transaction.ts'
import { namespaceSupport, supportsNamespace } from './namespaces.ts'
import type { SendContext, SendEmitted, SendEstimate, SendEvent, SendTransferInput } from './send.types.ts'
import { actorErrorOf } from './narrow.ts'

export { isReceiverMessage, sendMessageRefs }
export type { SendMessage, SendMessageKey, SendMessageValues } from './send.messages.ts'
export { sendableTokens, tokenKey }

/** The namespaces that can send (spec §6: eip155 and solana). */
export const sendNamespaces = namespaceSupport.send

export type { SendTarget, SendEstimate, SendContext, SendEvent, SendEmitted, SendTransferInput } from './send.types.ts'

export { feeReserveFactor, parseAmount, parseReceiver, tokenBalanceUnits, tokenContractAddress } from './send.amounts.ts'
export type { ParseReceiverParameters, ParseReceiverReturnType } from './send.amounts.ts'

/** What `resolveName` answers: the name's address (`null`: the name has none) and its avatar. */
type ResolvedName = { address: string | null; avatar?: string | null }
/** What `fetchReceiverProfile` answers: the receiver's name and avatar, when it has them. */
type ReceiverProfile = { name?: string | null | undefined; avatar?: string | null | undefined }

const isNative = (token: TokenBalance | undefined) => Boolean(token && !token.address)
const looksLikeName = (value: string) => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(value)
const sumUsd = (balances: readonly TokenBalance[]) => balances.reduce((s, t) => s + (Number.isFinite(t.value) ? t.value : 0), 0).toFixed(2)

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('send', name)
}

const emptyForm = {
  token: undefined,
  sendTokenAmount: '',
  receiverAddress: '',
  resolvedAddress: undefined,
  receiverProfileName: undefined,
  receiverProfileImageUrl: undefined,
  estimate: undefined,
  adjustedForFee: false,
  hash: undefined,
  error: undefined,
  failure: undefined,
  requestedTokenKey: undefined,
} satisfies Partial<SendContext>

/** How a transaction's end moves the flow (a first run and a Check again alike). */
const endTransitions = [
  // Only the chain decides an end (adapters/receipt.ts): no end in time is "sent, status unknown".
  {
    guard: { type: 'isOutcome', params: outcomeIn('unknown') },
    target: 'unconfirmed',
    actions: [{ type: 'setOutcomeHash', params: outcomeOf }, { type: 'setOutcomeFailure', params: outcomeOf }, 'emitUnconfirmed'],
  },
  {
    guard: { type: 'isOutcome', params: outcomeIn('reverted', 'replaced', 'failed') },
    target: 'editing',
    actions: [{ type: 'setOutcomeHash', params: outcomeOf }, { type: 'setOutcomeFailure', params: outcomeOf }, 'emitFailed'],
  },
  // Spec §4: success resets the send state (the owner refreshes the balances).
  { target: 'idle', actions: [{ type: 'setOutcomeHash', params: outcomeOf }, 'emitSucceeded', 'resetForm'] },
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
 * `send.setTarget` with another address or chain and `send.clear` (disconnect) clear token, amount,
 * receiver, profile and balances, as a successful send does (spec §4 reset; a namespace switch resets send state).
 *
 * Actors to provide: `fetchBalances`, `resolveName`, `fetchReceiverProfile`, `estimateTransfer` (amounts as decimal
 * strings of the smallest unit), and `transaction` (the transaction machine with its `send`, taking a
 * {@link SendTransferInput}, and `waitForEnd`).
 */
export const sendMachine = setup({
  types: { context: {} as SendContext, events: {} as SendEvent, emitted: {} as SendEmitted },
  actors: {
    fetchBalances: fromPromise<TokenBalance[], { address: string; caipNetworkId: string }>(notProvided('fetchBalances')),
    resolveName: fromPromise<ResolvedName, { name: string; caipNetworkId: string }>(notProvided('resolveName')),
    fetchReceiverProfile: fromPromise<ReceiverProfile, { address: string }>(notProvided('fetchReceiverProfile')),
    estimateTransfer: fromPromise<SendEstimate, SendTransferInput>(notProvided('estimateTransfer')),
    /** The transfer's transaction: its `send` actor takes a {@link SendTransferInput} as its request. */
    transaction: transactionMachine,
  },
  delays: { balanceRetry: timing.balanceRetry, nameDebounce: timing.nameResolveDebounce, walletRequestTimeout: timing.walletRequestTimeout },
  guards: {
    hasTarget: ({ context }) => Boolean(context.target),
    isOtherTarget: ({ context, event }) => event.type === 'send.setTarget' && (event.target.address !== context.target?.address || event.target.caipNetworkId !== context.target?.caipNetworkId),
    isUnsupportedChain: ({ context }) => !context.target?.supported || !supportsNamespace('send', context.target.namespace),
    isMissingAmountOrReceiver: ({ context }) => context.sendTokenAmount.trim() === '' || context.receiverAddress.trim() === '',
    isMissingToken: ({ context }) => !context.token,
    isInvalidAmount: ({ context }) => !context.token || !parseAmount(context.sendTokenAmount, context.token).ok,
    exceedsBalance: ({ context }) => {
      const parsed = context.token ? parseAmount(context.sendTokenAmount, context.token) : undefined
      return !parsed?.ok || parsed.value > tokenBalanceUnits(context.token!)
    },
    isReceiverEmpty: ({ context }) => context.receiverAddress.trim() === '',
    isReceiverAddress: ({ context }) => Boolean(context.target) && parseReceiver({ target: context.target!, receiver: context.receiverAddress }).ok,
    isReceiverName: ({ context }) => context.target?.namespace === 'eip155' && looksLikeName(context.receiverAddress.trim()),
    /** Params: what `resolveName` answered. */
    hasResolvedAddress: ({ context }, { address }: ResolvedName) => {
      return typeof address === 'string' && Boolean(context.target) && isValidAddress(context.target!.namespace, address)
    },
    /** Identity lookups only on eip155 non-testnet networks (spec §5). */
    hasIdentityLookup: ({ context }) => context.target?.namespace === 'eip155' && !context.target.testnet,
    /** A native amount plus the fee exceeds the balance but the balance covers the fee: the amount is lowered. Params: the estimate. */
    needsFeeAdjustment: ({ context }, estimate: SendEstimate) => {
      const fee = BigInt(estimate.fee)
      const parsed = context.token && isNative(context.token) ? parseAmount(context.sendTokenAmount, context.token) : undefined
      if (!parsed?.ok) return false
      const balance = tokenBalanceUnits(context.token!)
      return parsed.value + fee * feeReserveFactor > balance && balance > fee * feeReserveFactor
    },
    /** Params: the estimate `estimateTransfer` answered. */
    cannotPayFee: ({ context }, estimate: SendEstimate) => {
      const fee = BigInt(estimate.fee)
      const parsed = context.token && isNative(context.token) ? parseAmount(context.sendTokenAmount, context.token) : undefined
      return Boolean(parsed?.ok) && tokenBalanceUnits(context.token!) <= fee * feeReserveFactor
    },
    isOutcome,
  },
  actions: {
    setTarget: assign(({ event }) => (event.type === 'send.setTarget' ? { target: event.target } : {})),
    resetForm: assign({ ...emptyForm, tokenBalances: [], networkBalanceInUSD: undefined }),
    clearTarget: assign({ target: undefined }),
    requestToken: assign({ requestedTokenKey: ({ event }) => (event.type === 'send.open' ? event.tokenKey : undefined) }),
    /** An explicitly requested token is selected at once when its balance is known. */
    selectRequestedToken: assign(({ context }) => {
      const requested = context.requestedTokenKey
      if (!requested) return {}
      const token = sendableTokens(context.tokenBalances).find((t) => tokenKey(t) === requested)
      return token ? { token, requestedTokenKey: undefined, error: undefined } : {}
    }),
    /** Params: the balances `fetchBalances` answered. */
    setBalances: assign(({ context }, balances: TokenBalance[]) => {
      const sendable = sendableTokens(balances)
      const requested = context.requestedTokenKey ? sendable.find((t) => tokenKey(t) === context.requestedTokenKey) : undefined
      // Keep the chosen token, with its fresh balance; else the requested one; else the native currency.
      const kept = context.token ? sendable.find((t) => tokenKey(t) === tokenKey(context.token!)) : undefined
      const token = requested ?? kept ?? (context.token ? undefined : sendable.find((t) => !t.address))
      return { tokenBalances: balances, networkBalanceInUSD: sumUsd(balances), token, requestedTokenKey: undefined }
    }),
    clearBalances: assign({ tokenBalances: [], networkBalanceInUSD: undefined }),
    selectToken: assign(({ context, event }) => {
      if (event.type !== 'send.selectToken') return {}
      const token = sendableTokens(context.tokenBalances).find((t) => tokenKey(t) === event.tokenKey)
      return token ? { token, error: undefined } : {}
    }),
    setAmount: assign(({ event }) => (event.type === 'send.setAmount' ? { sendTokenAmount: event.amount, error: undefined, adjustedForFee: false } : {})),
    setMax: assign(({ context }) => (context.token ? { sendTokenAmount: context.token.quantity.numeric, error: undefined, adjustedForFee: false } : {})),
    setReceiver: assign(({ event }) =>
      event.type === 'send.setReceiver'
        ? { receiverAddress: event.receiver, resolvedAddress: undefined, receiverProfileName: undefined, receiverProfileImageUrl: undefined, error: undefined, nameLookupFailed: false }
        : {},
    ),
    clearReceiver: assign({ resolvedAddress: undefined, receiverProfileName: undefined, receiverProfileImageUrl: undefined }),
    useTypedAddress: assign(({ context }) => {
      const parsed = parseReceiver({ target: context.target!, receiver: context.receiverAddress })
      return { resolvedAddress: parsed.ok ? parsed.address : undefined }
    }),
    /** Params: what `resolveName` answered (`hasResolvedAddress` checked its address). */
    setResolvedName: assign(({ context }, output: ResolvedName) => {
      return {
        resolvedAddress: output.address === null ? undefined : normalizeAddress(context.target!.namespace, output.address),
        receiverProfileName: context.receiverAddress.trim().toLowerCase(),
        receiverProfileImageUrl: output.avatar ?? undefined,
      }
    }),
    /** Params: the profile `fetchReceiverProfile` answered. */
    setProfile: assign(({ context }, output: ReceiverProfile) => {
      return {
        receiverProfileName: context.receiverProfileName ?? output.name ?? undefined,
        receiverProfileImageUrl: context.receiverProfileImageUrl ?? output.avatar ?? undefined,
      }
    }),
    setError: assign((_, params: { message: SendMessage }) => ({ error: params.message })),
    setNameLookupFailed: assign({ nameLookupFailed: true }),
    /** A name without an address, or a lookup that failed ('Error resolving name', spec §8). */
    setNameNotFoundError: assign(({ context }) => ({ error: context.nameLookupFailed ? sendMessageRefs.nameResolveFailed : sendMessageRefs.nameNotFound })),
    setAmountError: assign(({ context }) => {
      const parsed = context.token ? parseAmount(context.sendTokenAmount, context.token) : undefined
      return { error: parsed && !parsed.ok ? parsed.message : sendMessageRefs.invalidAmount }
    }),
    /** Why the typed receiver is not an address: 'Invalid CAIP-10 address', another network's, or 'Invalid receiver address'. */
    setReceiverError: assign(({ context }) => {
      const parsed = context.target ? parseReceiver({ target: context.target, receiver: context.receiverAddress }) : undefined
      return { error: parsed && !parsed.ok ? parsed.message : sendMessageRefs.invalidReceiver }
    }),
    setBalanceError: assign(({ context }) => ({ error: sendMessageRefs.insufficient(context.token?.symbol ?? '') })),
    clearError: assign({ error: undefined, failure: undefined }),
    /** Params: the estimate `estimateTransfer` answered. */
    setEstimate: assign((_, estimate: SendEstimate) => ({ estimate })),
    /** Params: the estimate `estimateTransfer` answered. */
    lowerAmountForFee: assign(({ context }, estimate: SendEstimate) => {
      const fee = BigInt(estimate.fee)
      const token = context.token!
      const decimals = Number(token.quantity.decimals)
      const value = tokenBalanceUnits(token) - fee * feeReserveFactor
      return { sendTokenAmount: formatUnits(value, decimals), adjustedForFee: true, estimate }
    }),
    setFeeFailure: assign(({ context }) => ({
      // For developers (events, console); the preview words it from the catalogue (`connectSend`'s `failureMessage`).
      failure: { name: 'InsufficientFundsError', message: `Insufficient ${context.token?.symbol ?? ''} for amount + network fee` },
      estimate: undefined,
    })),
    setFailure: assign({ failure: ({ event }) => summarizeError(actorErrorOf(event)) }),
    /** The fee estimate got no answer in time (a wallet that stopped answering): worded as the wallet's timeout. */
    setEstimateTimedOut: assign({ failure: { name: 'RequestTimeoutError', message: 'The wallet did not answer the network fee estimate in time' } }),
    /** Why the transaction did not confirm (a revert, a replacement, the wallet's failure; an unknown end's reason). */
    setOutcomeFailure: assign(({ context }, outcome: TransactionOutcome) => ({ failure: ('error' in outcome ? outcome.error : undefined) ?? context.failure })),
    setHash: assign({ hash: ({ context, event }) => (event.type === 'transaction.submitted' ? event.hash : context.hash) }),
    /** The outcome's final hash (a replacement's, when the wallet sped the transaction up). */
    setOutcomeHash: assign(({ context }, outcome: TransactionOutcome) => ({ hash: ('hash' in outcome ? outcome.hash : undefined) ?? context.hash })),
    emitPreviewing: emit({ type: 'send.previewing' } as const),
    emitSubmitted: emit(({ context }) => ({ type: 'send.submitted' as const, hash: context.hash!, caipNetworkId: context.target!.caipNetworkId })),
    emitSucceeded: emit(({ context }) => ({
      type: 'send.succeeded' as const,
      hash: context.hash!,
      caipNetworkId: context.target!.caipNetworkId,
      native: isNative(context.token),
      tokenAddress: context.token?.address,
    })),
    emitCancelled: emit({ type: 'send.cancelled' } as const),
    emitUnconfirmed: emit(({ context }) => ({ type: 'send.unconfirmed' as const, hash: context.hash!, caipNetworkId: context.target!.caipNetworkId })),
    emitFailed: emit(({ context }) => ({ type: 'send.failed' as const, error: context.failure ?? { name: 'Error', message: 'Unknown error' } })),
  },
}).createMachine({
  id: 'send',
  type: 'parallel',
  context: { ...emptyForm, sendTokenAmount: '', receiverAddress: '', tokenBalances: [], adjustedForFee: false },
  on: {
    // The same address and chain is ignored (the form is kept).
    'send.setTarget': { guard: 'isOtherTarget', target: ['.flow.idle', '.balances.idle', '.receiver.empty'], actions: ['resetForm', 'setTarget'] },
    'send.clear': { target: ['.flow.idle', '.balances.idle', '.receiver.empty'], actions: ['resetForm', 'clearTarget'] },
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
            'send.selectToken': { actions: 'selectToken' },
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
              { target: 'preview', actions: ['clearError', 'emitPreviewing'] },
            ],
          },
        },
        /** The summary the visitor confirms: amount, receiver, network fee. */
        preview: {
          initial: 'estimating',
          on: { 'send.edit': { target: 'editing' } },
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
            ready: { on: { 'send.confirm': { target: '#send.flow.transacting' } } },
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
            onDone: [{ guard: { type: 'isOutcome', params: outcomeIn('rejected') }, target: 'editing', actions: 'emitCancelled' }, ...endTransitions],
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
            'send.dismiss': { target: 'idle', actions: 'resetForm' },
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
