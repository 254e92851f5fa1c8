import { looksLikeName } from './receiverName.ts'
import { assign, emit, enqueueActions, fromPromise, or, raise, setup, stateIn } from 'xstate'
import { formatUnits } from 'viem'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { isValidAddress, normalizeAddress } from '../adapters/address.ts'
import { summarizeError } from '../adapters/errors.ts'
import type { TokenBalance } from '../services/schemas.ts'
import { sendMessageRefs, type SendMessage } from './send.messages.ts'
import { sendableTokens, tokenKey } from './send.tokens.ts'
import { feeReserveFactor, parseAmount, parseReceiver, tokenBalanceUnits } from './send.amounts.ts'
import { timing } from './timing.ts'
import { messageOf } from './messages.ts'
import type { ToastEvent } from './toast.ts'
import { isOutcome, transactionMachine, type TransactionOutcome } from './transaction.ts'
import { supportsNamespace } from './namespaces.ts'
import { backToFormAction, popTransactionAction, reserveTransactionAction, tellAction } from './system.ts'
import type { SendContext, SendEmitted, SendEstimate, SendEvent, SendInput, SendTransferInput } from './send.types.ts'
import { actorErrorOf } from './narrow.ts'
import { machineTypes } from './machineTypes.ts'

/*
 * The send machine's setup (spec §4 Send): its types, actors, delays, guards and actions, named for the chart in
 * machines/send.ts. Besides the form's own work, the actions that move the rest of the modal (the router's views and
 * transaction stack, the toasts, the balances) are here: they tell those actors by systemId (`tell`).
 */

/** What `resolveName` answers: the name's address (`null`: the name has none) and its avatar. */
type ResolvedName = { address: string | null; avatar?: string | null }
/** What `fetchReceiverProfile` answers: the receiver's name and avatar, when it has them. */
type ReceiverProfile = { name?: string | null | undefined; avatar?: string | null | undefined }

const isNative = (token: TokenBalance | undefined) => Boolean(token && !token.address)
const sumUsd = (balances: readonly TokenBalance[]) => balances.reduce((s, t) => s + (Number.isFinite(t.value) ? t.value : 0), 0).toFixed(2)

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('send', name)
}

export const emptyForm = {
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

const sendBase = setup({
  types: machineTypes<{ context: SendContext; events: SendEvent; emitted: SendEmitted; input: SendInput }>(),
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
    /** The root's account moment: no account any more (disconnected, or another namespace without one). */
    isAccountGone: ({ event }) => event.type === 'root.account' && !event.account,
    /** Another account or chain in the wallet while the send views show (spec §4: they leave for Account). */
    isLeavingSendViews: ({ event }) => event.type === 'root.account' && event.change === 'changed' && event.holder === 'send',
    /** Another address or chain than the send's, or another namespace (spec §4: the send state resets). */
    isOtherAccount: ({ context, event }) =>
      event.type === 'root.account' && (event.change === 'switched' || event.account?.address !== context.target?.address || event.account?.caipNetworkId !== context.target?.caipNetworkId),
    /** A send waits for the wallet or the chain, or was sent with its end unknown: its preview, never a new form. */
    isPending: or([stateIn({ flow: 'transacting' }), stateIn({ flow: 'rechecking' }), stateIn({ flow: 'unconfirmed' })]),
    /** `open({ view: 'Send' })`: the form opens (the router already shows it). */
    isOpeningForm: ({ event }) => event.type === 'root.open' && event.view === 'Send',
    /** Back on the preview (not on the form or the picker). */
    isBackFromPreview: ({ event }) => event.type === 'root.back' && event.view === 'SendPreview',
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
    setTarget: assign(({ event }) => (event.type === 'root.account' && event.account ? { target: { ...event.account } } : {})),
    resetForm: assign({ ...emptyForm, tokenBalances: [], networkBalanceInUSD: undefined }),
    clearTarget: assign({ target: undefined }),
    requestToken: assign({ requestedTokenKey: ({ event }) => (event.type === 'send.open' || event.type === 'send.start' ? event.tokenKey : undefined) }),
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
      if (event.type !== 'send.pickToken') return {}
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
})

/**
 * The send machine's setup: the form's own work above, and here the actions that move the rest of the modal (the
 * router's views and transaction stack, the toasts, the balances), each telling an actor found by its systemId.
 */
export const sendSetup = sendBase.extend({
  actions: {
    /** Tells the actor registered as `params.to` (the router, the toast) `params.event`, when it exists (see `machines/system.ts`). */
    tell: tellAction<SendContext, SendEvent>(),
    /** Asks the router for the transaction's entry on the stack; it answers `router.transactionAccepted` or `…Refused` (full). */
    reserveTransaction: reserveTransactionAction<SendContext, SendEvent>('send'),
    /** The outcome pops the transaction's entry; with none left on the preview, Account or the form (`orElse`). */
    popTransaction: popTransactionAction<SendContext, SendEvent>('send', { preview: 'SendPreview', form: 'Send' }),
    /** From the picker back to the form. */
    backToForm: backToFormAction<SendContext, SendEvent>(),
    /** After a send (spec §4): the wallet's balance and Account's data are read again (the token sent first). */
    refreshBalances: enqueueActions(({ context, system, enqueue }) => {
      const connection = context.target ? system.get(`connection.${context.target.namespace}`) : undefined
      if (connection) enqueue.sendTo(connection, { type: 'connection.refreshBalance' })
      const account = system.get('account')
      if (account) enqueue.sendTo(account, { type: 'account.reload', ...(context.token?.address ? { forceUpdate: context.token.address } : {}) })
    }),
    /** The error toast of a failed send, and the failure reported (a wallet failure, not the user's rejection). */
    reportFailure: enqueueActions(({ context, self, system, enqueue }) => {
      const error = context.failure ?? { name: 'Error', message: 'Unknown error' }
      const toast = system.get('toast')
      const show: ToastEvent = { type: 'toast.show', variant: 'error', message: messageOf('failure', error) }
      if (toast) enqueue.sendTo(toast, show)
      // To the root (its WALLET_ERROR analytics); run on its own (a unit test), nobody is told.
      const parent = self._parent
      if (parent) enqueue.sendTo(parent, { type: 'feature.reportError', error })
    }),
    /**
     * The cleared form's receiver region goes back to `empty` with it (the typed receiver told again as ''), so that the
     * chart never shows a `valid` receiver for a form whose receiver was cleared; the other regions are left as they are.
     */
    emptyReceiver: raise({ type: 'send.setReceiver' as const, receiver: '' }),
    /** The form opens (`send.open`, its token asked for): Account's Send and `open({ view: 'Send' })` alike. */
    raiseOpen: raise(({ event }) => ({ type: 'send.open' as const, ...(event.type === 'send.start' && event.tokenKey ? { tokenKey: event.tokenKey } : {}) })),
  },
})
