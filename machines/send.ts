import { assign, emit, fromPromise, setup, stateIn } from 'xstate'
import { formatUnits } from 'viem'
import { isValidAddress, normalizeAddress } from '../adapters/address.ts'
import { isUserRejection, summarizeError, type ErrorSummary } from '../adapters/errors.ts'
import type { TokenBalance } from '../services/schemas.ts'
import { isReceiverMessage, sendMessageRefs, type SendMessage } from './send.messages.ts'
import { sendableTokens, tokenKey } from './send.tokens.ts'
import { feeReserveFactor, parseAmount, parseReceiver, tokenBalanceUnits, tokenContractAddress } from './send.amounts.ts'
import { timing } from './timing.ts'
import { isReplacedByOther, type TransactionEnd, type TransactionWaitInput } from './transactionEnd.ts'
import { namespaceSupport } from './namespaces.ts'

export { isReceiverMessage, sendMessageRefs }
export type { SendMessage, SendMessageKey, SendMessageValues } from './send.messages.ts'
export { sendableTokens, tokenKey }

/** The namespaces that can send (spec §6: eip155 and solana). */
export const sendNamespaces = namespaceSupport.send

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
 * `receiverProfileName`, `networkBalanceInUSD`, `tokenBalances` (`loading` is the `flow.sending` and
 * `flow.confirming` states, `lastRetry` the `balances.unavailable.coolingDown` state). Plus what the flow needs.
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
  | { type: 'send.setTarget'; target: SendTarget }
  | { type: 'send.clear' }
  /** The send form is shown; `tokenKey` preselects a token ({@link tokenKey}). */
  | { type: 'send.open'; tokenKey?: string }
  | { type: 'send.selectToken'; tokenKey: string }
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

export { feeReserveFactor, parseAmount, parseReceiver, tokenBalanceUnits, tokenContractAddress } from './send.amounts.ts'
export type { ParseReceiverParameters, ParseReceiverReturnType } from './send.amounts.ts'

const isNative = (token: TokenBalance | undefined) => Boolean(token && !token.address)
const looksLikeName = (value: string) => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(value)
const sumUsd = (balances: readonly TokenBalance[]) => balances.reduce((s, t) => s + (Number.isFinite(t.value) ? t.value : 0), 0).toFixed(2)

const notProvided = (name: string) => () => {
  throw new Error(`The send machine's "${name}" actor was not provided.`)
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
 *   for the fee is lowered to balance − 2 × fee, see {@link feeReserveFactor}) → `sending` (the wallet is asked; `loading` true) →
 *   `confirming` (waiting for the chain's end, `adapters/receipt.ts`). Success resets the send state and emits
 *   `send.succeeded` with the final hash (a sped-up transaction's); a revert, or a transfer the wallet replaced with
 *   another transaction, emits `send.failed`; the user's rejection (4001) emits `send.cancelled`; these go back to
 *   `editing` with the form intact. Once a hash exists the flow never returns to `editing` without the chain's end:
 *   no end within the receipt timeout (or a wait that failed) is `unconfirmed` ("sent, status unknown", spec §4 Send,
 *   §9), which looks again or leaves with the form cleared. `send.review` applies the rules of spec §5 in order, each a guarded transition:
 *   'Unsupported chain', 'An amount and receiver address are required', 'A token is required', the amount's
 *   format and decimals, the receiver, and the balance (more than the balance is refused before the wallet is asked).
 *
 * `send.setTarget` with another address or chain and `send.clear` (disconnect) clear token, amount,
 * receiver, profile and balances, as a successful send does (spec §4 reset; a namespace switch resets send state).
 *
 * Actors to provide: `fetchBalances`, `resolveName`, `fetchReceiverProfile`, `estimateTransfer`,
 * `sendTransfer`, `waitForTransfer` (amounts as decimal strings of the smallest unit).
 */
export const sendMachine = setup({
  types: { context: {} as SendContext, events: {} as SendEvent, emitted: {} as SendEmitted },
  actors: {
    fetchBalances: fromPromise<TokenBalance[], { address: string; caipNetworkId: string }>(notProvided('fetchBalances')),
    resolveName: fromPromise<{ address: string | null; avatar?: string | null }, { name: string; caipNetworkId: string }>(notProvided('resolveName')),
    fetchReceiverProfile: fromPromise<{ name?: string | null | undefined; avatar?: string | null | undefined }, { address: string }>(notProvided('fetchReceiverProfile')),
    estimateTransfer: fromPromise<SendEstimate, SendTransferInput>(notProvided('estimateTransfer')),
    sendTransfer: fromPromise<{ hash: string }, SendTransferInput>(notProvided('sendTransfer')),
    waitForTransfer: fromPromise<TransactionEnd, TransactionWaitInput>(notProvided('waitForTransfer')),
  },
  delays: { balanceRetry: timing.balanceRetry, nameDebounce: timing.nameResolveDebounce, receiptWaitTimeout: timing.receiptWaitTimeout },
  guards: {
    hasTarget: ({ context }) => Boolean(context.target),
    isOtherTarget: ({ context, event }) => event.type === 'send.setTarget' && (event.target.address !== context.target?.address || event.target.caipNetworkId !== context.target?.caipNetworkId),
    isUnsupportedChain: ({ context }) => !context.target?.supported || !(sendNamespaces as readonly string[]).includes(context.target.namespace),
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
    hasResolvedAddress: ({ context, event }) => {
      const address = (event as unknown as { output: { address: string | null } }).output.address
      return typeof address === 'string' && Boolean(context.target) && isValidAddress(context.target!.namespace, address)
    },
    /** Identity lookups only on eip155 non-testnet networks (spec §5). */
    hasIdentityLookup: ({ context }) => context.target?.namespace === 'eip155' && !context.target.testnet,
    /** A native amount plus the fee exceeds the balance but the balance covers the fee: the amount is lowered. */
    needsFeeAdjustment: ({ context, event }) => {
      const fee = BigInt((event as unknown as { output: SendEstimate }).output.fee)
      const parsed = context.token && isNative(context.token) ? parseAmount(context.sendTokenAmount, context.token) : undefined
      if (!parsed?.ok) return false
      const balance = tokenBalanceUnits(context.token!)
      return parsed.value + fee * feeReserveFactor > balance && balance > fee * feeReserveFactor
    },
    cannotPayFee: ({ context, event }) => {
      const fee = BigInt((event as unknown as { output: SendEstimate }).output.fee)
      const parsed = context.token && isNative(context.token) ? parseAmount(context.sendTokenAmount, context.token) : undefined
      return Boolean(parsed?.ok) && tokenBalanceUnits(context.token!) <= fee * feeReserveFactor
    },
    isUserRejection: ({ event }) => isUserRejection((event as { error?: unknown }).error),
    isReverted: ({ event }) => (event as unknown as { output: { status: string } }).output.status === 'reverted',
    /** The chain's end is not known (the wait's receipt timeout passed): sent, status unknown. */
    isUnknownEnd: ({ event }) => (event as unknown as { output: TransactionEnd }).output.status === 'unknown',
    /** The wallet cancelled or replaced the transfer with another transaction of its nonce: it did not happen. */
    isReplacedByOther: ({ event }) => isReplacedByOther((event as unknown as { output: TransactionEnd }).output),
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
    setBalances: assign(({ context, event }) => {
      const balances = (event as unknown as { output: TokenBalance[] }).output
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
    setResolvedName: assign(({ context, event }) => {
      const output = (event as unknown as { output: { address: string; avatar?: string | null } }).output
      return {
        resolvedAddress: normalizeAddress(context.target!.namespace, output.address),
        receiverProfileName: context.receiverAddress.trim().toLowerCase(),
        receiverProfileImageUrl: output.avatar ?? undefined,
      }
    }),
    setProfile: assign(({ context, event }) => {
      const output = (event as unknown as { output: { name?: string | null; avatar?: string | null } }).output
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
    setEstimate: assign({ estimate: ({ event }) => (event as unknown as { output: SendEstimate }).output }),
    lowerAmountForFee: assign(({ context, event }) => {
      const fee = BigInt((event as unknown as { output: SendEstimate }).output.fee)
      const token = context.token!
      const decimals = Number(token.quantity.decimals)
      const value = tokenBalanceUnits(token) - fee * feeReserveFactor
      return { sendTokenAmount: formatUnits(value, decimals), adjustedForFee: true, estimate: (event as unknown as { output: SendEstimate }).output }
    }),
    setFeeFailure: assign(({ context }) => ({
      // For developers (events, console); the preview words it from the catalogue (`connectSend`'s `failureMessage`).
      failure: { name: 'InsufficientFundsError', message: `Insufficient ${context.token?.symbol ?? ''} for amount + network fee` },
      estimate: undefined,
    })),
    setFailure: assign({ failure: ({ event }) => summarizeError((event as { error?: unknown }).error) }),
    setRevertFailure: assign({ failure: { name: 'TransactionRevertedError', message: 'Transaction reverted' } }),
    setHash: assign({ hash: ({ event }) => (event as unknown as { output: { hash: string } }).output.hash }),
    /** The wait's final hash (a replacement's, when the wallet sped the transaction up). */
    setEndHash: assign({ hash: ({ context, event }) => (event as unknown as { output?: TransactionEnd }).output?.hash ?? context.hash }),
    setReplacedFailure: assign({ failure: { name: 'TransactionReplacedError', message: 'The wallet replaced the transaction with another one' } }),
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
            onDone: { target: 'ready', actions: 'setBalances' },
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
                onDone: [{ guard: 'hasResolvedAddress', target: '#send.receiver.valid', actions: 'setResolvedName' }, { target: '#send.receiver.notFound' }],
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
                onDone: { target: 'ready', actions: 'setProfile' },
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
                  { guard: 'needsFeeAdjustment', target: 'ready', actions: 'lowerAmountForFee' },
                  { guard: 'cannotPayFee', target: 'estimateFailed', actions: 'setFeeFailure' },
                  { target: 'ready', actions: 'setEstimate' },
                ],
                onError: { target: 'estimateFailed', actions: 'setFailure' },
              },
            },
            ready: { on: { 'send.confirm': { target: '#send.flow.sending' } } },
            estimateFailed: { on: { 'send.retryEstimate': { target: 'estimating', actions: 'clearError' } } },
          },
        },
        /** The wallet is asked to sign and send (spec §4: loading is true). */
        sending: {
          tags: ['loading'],
          invoke: {
            id: 'sendTransfer',
            src: 'sendTransfer',
            input: ({ context }) => transferInput(context),
            onDone: { target: 'confirming', actions: ['setHash', 'emitSubmitted'] },
            onError: [
              { guard: 'isUserRejection', target: 'editing', actions: 'emitCancelled' },
              { target: 'editing', actions: ['setFailure', 'emitFailed'] },
            ],
          },
        },
        /** Broadcast; waiting for the chain to include it. */
        confirming: {
          tags: ['loading'],
          invoke: {
            id: 'waitForTransfer',
            src: 'waitForTransfer',
            input: ({ context }): TransactionWaitInput => ({ connectorId: context.target!.connectorId, caipNetworkId: context.target!.caipNetworkId, hash: context.hash! }),
            onDone: [
              // Only the chain decides an end (adapters/receipt.ts): no end in time is "sent, status unknown".
              { guard: 'isUnknownEnd', target: 'unconfirmed', actions: ['setEndHash', 'emitUnconfirmed'] },
              { guard: 'isReplacedByOther', target: 'editing', actions: ['setEndHash', 'setReplacedFailure', 'emitFailed'] },
              { guard: 'isReverted', target: 'editing', actions: ['setEndHash', 'setRevertFailure', 'emitFailed'] },
              // Spec §4: success resets the send state (the owner refreshes the balances).
              { target: '#send.flow.idle', actions: ['setEndHash', 'emitSucceeded', 'resetForm'] },
            ],
            // The wait itself failed (a dapp's own adapter threw): the transaction was sent all the same.
            onError: { target: 'unconfirmed', actions: ['setFailure', 'emitUnconfirmed'] },
          },
          // A wait that never settles (a dapp's own adapter) ends as "sent, status unknown" all the same.
          after: { receiptWaitTimeout: { target: 'unconfirmed', actions: 'emitUnconfirmed' } },
        },
        /**
         * Sent, status unknown (spec §4 Send, §9 receipt timeout): the hash is kept and shown with the network's explorer;
         * the visitor looks again (`send.recheck`) or leaves to Account (`send.dismiss`, the form cleared). Never the
         * editable form: a transaction that may be mined must not be offered for sending twice.
         */
        unconfirmed: {
          tags: ['unconfirmed'],
          on: {
            'send.recheck': { target: 'confirming', actions: 'clearError' },
            'send.dismiss': { target: 'idle', actions: 'resetForm' },
          },
        },
      },
    },
  },
})

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
