import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { BaseError, type ErrorSummary } from '../adapters/errors.ts'
import type { ConnectedAccount, RootMoment } from './features.ts'
import { machineTypes } from './machineTypes.ts'
import { actorErrorOf } from './narrow.ts'
import { type PayRequest, toBaseUnits } from './pay.input.ts'
import { reportAction, tellAction } from './system.ts'
import { timing } from './timing.ts'
import { payReasons } from './pay.messages.ts'
import { isOutcome, transactionMachine, type TransactionOutcome } from './transaction.ts'
import { claimMatches, type CreateExchangeSessionInput, type PayExchange, type PayExchangeSession, type PayExchangeStatus, type VerifyExchangeTransferInput } from './pay.exchange.ts'
import type { ResumedPayment } from './pay.stored.ts'
import { balanceOf, isListed, pickWallet, shortOf, walletOf, walletSetOf, walletsOf, type PayBalances, type PayWallet } from './pay.wallets.ts'

export type { PayBalance, PayBalances, PayShortOf, PayWallet } from './pay.wallets.ts'

/*
 * The pay machine's setup (spec §1 optional features "… and pay", §2 "pay loaded on demand"): its types, actors, guards
 * and actions, named for the chart in machines/pay.ts.
 */

/**
 * How a payment ended: what `modal.pay` resolves with (the same shape as `PayReturnType`).
 * - `success`: the transfer's receipt is in (status 1; on solana its confirmation): `txHash` (a base58 signature on
 *   solana), `chainId` (the EIP-155 number, or the Solana CAIP-2 reference), `paidAmount` as asked;
 * - `failed`, `expired`, `cancelled`: `reason` in words a visitor understands.
 */
export type PayOutcome = { status: 'success'; txHash: string; chainId: number | string; paidAmount: string } | { status: 'failed' | 'expired' | 'cancelled'; reason: string }

/**
 * What the pay chart reads before it shows anything (`readAsset`; the node of the asset's network, never the wallet):
 * the reads that may refuse the payment. The asset's `decimals` and `symbol` (an ERC-20's from its contract, an SPL
 * token's from its mint), and `recipient`, the address a recipient's name resolved to.
 */
export type PayAssetReading = { decimals: number; symbol: string; recipient?: string | undefined }

/**
 * The paying wallet's side of the payment as the chart holds it: the asset ({@link PayAssetReading}), its icon when
 * there is one, the chosen wallet's `balance` of the asset and its `nativeBalance` (both in base units: wei, the
 * token's smallest unit), and the network `fee` the transfer will cost (wei: gas × gas price; lamports on solana, with
 * the rent of the recipient's token account when an SPL transfer makes it); balances and fee 0 until they are read.
 */
export type PayReading = PayAssetReading & { iconUrl?: string | undefined; balance: bigint; nativeBalance: bigint; fee: bigint }

/**
 * One request `modal.pay` handed the feature, by its `key`: `asking` until its end; `ended` with its {@link PayOutcome};
 * `refused` when its input proved bad once read (an amount with more fraction digits than the token's decimals, an
 * asset that is not an ERC-20): nothing was opened, `modal.pay` rejects with `error`.
 */
export type PayRecord = { key: string } & ({ phase: 'asking' } | { phase: 'ended'; outcome: PayOutcome } | { phase: 'refused'; error: BaseError })

/**
 * How the wait for a transfer's confirmations ended (`waitForConfirmations`): `confirmed`, held by `count` blocks (at
 * least those asked), or `reverted` (reorganised away and included again, failed).
 */
export type PayConfirmationsEnd = { status: 'confirmed'; count: number } | { status: 'reverted' }

/**
 * The pay feature's input: the connected account when it spawned, and the systemId of the active namespace's connection
 * (`connection.eip155`); later ones arrive as `root.account`.
 */
export type PayInput = { target?: ConnectedAccount | undefined; connection?: string | undefined }

/**
 * - `target`: the connected account, `connection` the systemId of the active namespace's connection (the root's
 *   moments keep both);
 * - `requests`: every request by key (what `modal.pay` follows);
 * - the payment under way: its `key`, checked `request`, paying `wallet` (the visitor's choice among the wallets that
 *   can pay), the other connections of the asset's namespace (`held`, multi-wallet's list), each wallet's `balances` and
 *   the wallets they were read for (`readFor`, {@link walletSetOf}), the paying wallet's `reading`, the amount in base
 *   `units`, the transfer's `hash`;
 * - the exchanges that can pay it (`exchanges`, listed on the Pay view), the chosen `exchangeId`, its deposit
 *   `exchangeSession`, and the `claim` of its `succeeded` status while the chain is read for it;
 * - `end`: how the attempt ended, as the end view shows it (the request's record takes it once the visitor leaves a
 *   failed or expired end, at once for a success).
 */
export type PayContext = {
  target: ConnectedAccount | undefined
  connection?: string | undefined
  requests: Record<string, PayRecord>
  key?: string | undefined
  request?: PayRequest | undefined
  wallet?: PayWallet | undefined
  held?: readonly PayWallet[] | undefined
  balances?: PayBalances['wallets'] | undefined
  reading?: PayReading | undefined
  readFor?: string | undefined
  units?: bigint | undefined
  hash?: string | undefined
  exchanges?: PayExchange[] | undefined
  exchangeId?: string | undefined
  exchangeSession?: PayExchangeSession | undefined
  claim?: (PayExchangeStatus & { status: 'succeeded' }) | undefined
  end?: PayOutcome | undefined
}

export type PayEvent =
  /** From `modal.pay`: a checked request, `key` unique per call. */
  | { type: 'pay.request'; key: string; request: PayRequest }
  /** The Pay view's Pay button. */
  | { type: 'pay.confirm' }
  /** The Pay view's Cancel: the payment ends `cancelled` and the modal closes. */
  | { type: 'pay.cancel' }
  /** The Pay view's wallet row: this connected wallet (one that can pay) pays; the site's active connection stays as it is. */
  | { type: 'pay.chooseWallet'; address: string }
  /** From `watchWallets`: the connections of the asset's namespace now (its own connection and multi-wallet's list). */
  | { type: 'pay.wallets'; wallets: readonly PayWallet[] }
  /** The Pay view's Connect a wallet (no wallet of the asset's namespace): Connect over Pay, the payment waiting. */
  | { type: 'pay.connectWallet' }
  /** The Pay view's exchange row: pay with that exchange (its page opens in this click). */
  | { type: 'pay.exchange'; exchangeId: string }
  /** The end view's Done or Close: the modal closes, the payment ends as shown. */
  | { type: 'pay.done' }
  /** A failed or expired end's Try again / Choose another way: a new attempt of the same request, from the ways to pay. */
  | { type: 'pay.retry' }
  /** From the core after a reload: the payment kept in storage under `key` is picked up again. */
  | { type: 'pay.resume'; key: string }
  /** The transaction machine's hash: the transfer is on its way. */
  | { type: 'transaction.submitted'; hash: string }
  | RootMoment

/** The payment's asset could not be read from its network (not an ERC-20 contract, an unreadable answer). */
export class PayAssetUnreadableError extends BaseError {
  static override docsPath = '/errors/PayAssetUnreadableError'
  override name = 'PayAssetUnreadableError'
  constructor(asset: string, args: { details?: string; cause?: unknown } = {}) {
    super('The asset to pay in could not be read from its network', { details: `Asset ${asset}. ${args.details ?? ''}`.trim(), cause: args.cause })
  }
}

/** The recipient the dapp named (`alice.reown.id`) has no address on the payment's network, or its lookup failed. */
export class PayRecipientNotResolvedError extends BaseError {
  static override docsPath = '/errors/PayRecipientNotResolvedError'
  override name = 'PayRecipientNotResolvedError'
  /** The name, as looked up (lower case). */
  recipientName: string
  constructor(recipientName: string, args: { details?: string; cause?: unknown } = {}) {
    super("The recipient's name does not resolve to an address", args)
    this.recipientName = recipientName
  }
}

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('pay', name)
}

/** The reason of a transaction's end that is not `confirmed`. */
export function reasonOf(outcome: TransactionOutcome): string {
  const detail = (error: ErrorSummary | undefined) => (error?.message ? ` (${error.message})` : '')
  switch (outcome.status) {
    case 'reverted':
      return payReasons.reverted
    case 'replaced':
      return payReasons.replaced
    case 'unknown':
      return `${payReasons.unknown} Transaction ${outcome.hash}.`
    case 'failed':
      return `${payReasons.walletFailed}${detail(outcome.error)}`
    default:
      return payReasons.walletFailed
  }
}

/** The payment's amount in base units, or the refusal of it against the asset's decimals. */
function unitsOf(request: PayRequest, decimals: number): { units: bigint } | { error: BaseError } {
  try {
    return { units: toBaseUnits(request.amount, decimals) }
  } catch (error) {
    return { error: error instanceof BaseError ? error : new PayAssetUnreadableError(request.asset.caip19, { cause: error }) }
  }
}

const record = (context: PayContext, entry: PayRecord) => ({ requests: { ...context.requests, [entry.key]: entry } })
const cleared = {
  key: undefined,
  request: undefined,
  wallet: undefined,
  held: undefined,
  balances: undefined,
  reading: undefined,
  readFor: undefined,
  units: undefined,
  hash: undefined,
  exchanges: undefined,
  exchangeId: undefined,
  exchangeSession: undefined,
  claim: undefined,
  end: undefined,
}
/** What one attempt holds (a new attempt of the same request starts without it). */
const attemptCleared = { hash: undefined, exchangeId: undefined, exchangeSession: undefined, claim: undefined, end: undefined }
/** The wallets that may pay now (the active account of the asset's namespace first, then the other connections held). */
const walletsNow = (context: PayContext): PayWallet[] => walletsOf(context.target, context.held, context.request?.asset.namespace)
/** The wallets that may pay once `event` is taken (a `root.account` moment's account, or `pay.wallets`' list). */
const walletsAfter = (context: PayContext, event: PayEvent): PayWallet[] =>
  event.type === 'root.account'
    ? walletsOf(event.account, context.held, context.request?.asset.namespace)
    : event.type === 'pay.wallets'
      ? walletsOf(context.target, event.wallets, context.request?.asset.namespace)
      : walletsNow(context)
/** Why `wallet` cannot pay the payment (undefined: it can). */
const shortNow = (context: PayContext, wallet: PayWallet | undefined): ReturnType<typeof shortOf> => shortOf(balanceOf(context.balances, wallet?.address), context.units, context.request?.asset.kind === 'native')
/** The paying wallet's reading: the asset's with `wallet`'s balances (0 while unread or unreadable). */
const readingFor = (reading: PayReading | undefined, balances: PayBalances['wallets'] | undefined, wallet: PayWallet | undefined): PayReading | undefined => {
  if (!reading) return undefined
  const balance = balanceOf(balances, wallet?.address)
  return balance && !('unreadable' in balance) ? { ...reading, ...balance } : { ...reading, balance: 0n, nativeBalance: 0n, fee: 0n }
}

export const paySetup = setup({
  types: machineTypes<{ context: PayContext; events: PayEvent; input: PayInput }>(),
  actors: {
    /** The reads that may refuse the payment, before anything opens: a recipient's name resolved, the asset's decimals and symbol. */
    readAsset: fromPromise<PayAssetReading, { request: PayRequest }>(notProvided('readAsset')),
    /**
     * Once the Pay view shows: each wallet's balances and fee (one wallet's failed read is that wallet's `unreadable`,
     * never the others'), and the asset's icon. `request.recipient` is the resolved address.
     */
    readBalances: fromPromise<PayBalances, { request: PayRequest; decimals: number; symbol: string; wallets: readonly PayWallet[] }>(notProvided('readBalances')),
    /** Sends `pay.wallets` with the connections of `namespace` (its own connection and multi-wallet's list) now and at each change. */
    watchWallets: fromCallback<EventObject, { namespace: string }>(notProvided('watchWallets')),
    switchNetwork: fromPromise<void, { connectorId: string; caipNetworkId: string }>(notProvided('switchNetwork')),
    transaction: transactionMachine,
    /** The exchanges that can pay the request's asset on its network (none: an empty list). */
    listExchanges: fromPromise<PayExchange[], { request: PayRequest }>(notProvided('listExchanges')),
    /** Opens a deposit session at the chosen exchange. */
    createExchangeSession: fromPromise<PayExchangeSession, CreateExchangeSessionInput>(notProvided('createExchangeSession')),
    /** The session's status; rejects with the client's typed errors (an answer off the contract, no answer). */
    getExchangeStatus: fromPromise<PayExchangeStatus, { sessionId: string }>(notProvided('getExchangeStatus')),
    /** Whether the chain shows the transfer the exchange names, of the request's amount to its recipient. */
    verifyExchangeTransfer: fromPromise<boolean, VerifyExchangeTransferInput>(notProvided('verifyExchangeTransfer')),
    /**
     * Resolves once `confirmations` blocks hold the transfer `hash` on `caipNetworkId` (the one that includes it counts);
     * a failed read or a transfer not in a block (reorganised away) is looked at again, never counted.
     */
    waitForConfirmations: fromPromise<PayConfirmationsEnd, { caipNetworkId: string; hash: string; confirmations: number }>(notProvided('waitForConfirmations')),
    /** The payment kept in storage under `key` (an exchange session or a sent transfer), or none (nothing readable). */
    loadStoredPayment: fromPromise<ResumedPayment | undefined, { key: string }>(notProvided('loadStoredPayment')),
  },
  delays: {
    payReadTimeout: timing.payReadTimeout,
    payExchangePoll: timing.payExchangePoll,
    payConfirmationTimeout: timing.payConfirmationTimeout,
    /** The exchange's deadline, from the session's opening. */
    exchangeDeadline: ({ context }: { context: PayContext }) => context.exchangeSession?.expiresIn ?? 0,
  },
  guards: {
    /** No wallet pays this payment (none connected in the asset's namespace): only the exchanges can. */
    hasNoWallet: ({ context }) => walletsNow(context).length === 0,
    /** Not one wallet's balance could be read. */
    isEveryWalletUnreadable: ({ context }) => walletsNow(context).every((w) => shortNow(context, w) === 'unreadable'),
    /** The wallets that may pay change with the event (one connected, one gone): their balances are read again. */
    isWalletSetChanged: ({ context, event }) => walletSetOf(walletsAfter(context, event)) !== context.readFor,
    /** The wallet the visitor picked is listed and can pay. */
    isPayableChoice: ({ context, event }) => {
      if (event.type !== 'pay.chooseWallet') return false
      const wallet = walletsNow(context).find((w) => w.address.toLowerCase() === event.address.toLowerCase())
      return wallet !== undefined && shortNow(context, wallet) === undefined
    },
    /** A `root.account` moment with a connected account in the asset's namespace: a wallet that can pay it. */
    isPayNamespaceAccount: ({ context, event }) => event.type === 'root.account' && walletOf(event.account, context.request?.asset.namespace) !== undefined,
    /** The active namespace is not the payment's: Connect would list another namespace's wallets. */
    isOtherNamespaceActive: ({ context }) => context.connection !== undefined && context.request !== undefined && context.connection !== `connection.${context.request.asset.namespace}`,
    /** A `root.account` moment of a wallet the visitor connected (whatever its namespace). */
    isConnectedMoment: ({ event }) => event.type === 'root.account' && event.change === 'connected',
    /** Params: what `readAsset` answered. The amount has more fraction digits than the asset's decimals. */
    isAmountRefused: ({ context }, reading: PayAssetReading) => 'error' in unitsOf(context.request!, reading.decimals),
    /** The paying wallet holds less of the asset than asked, or too little of the native currency for the amount and the fee. */
    isShort: ({ context }) => shortNow(context, context.wallet) !== undefined,
    isOnPayNetwork: ({ context }) => context.wallet?.caipNetworkId === context.request?.asset.caipNetworkId,
    /** The event leaves the paying wallet connected neither as the active account nor as a held connection. */
    isWalletLost: ({ context, event }) => context.wallet !== undefined && !isListed(walletsAfter(context, event), context.wallet),
    /** The paying wallet is gone and no other wallet of the asset's namespace is left. */
    isLastWalletLost: ({ context, event }) => context.wallet !== undefined && walletsAfter(context, event).length === 0,
    isOutcome,
    /** Params: the transaction's outcome. Confirmed, and the payment asks more blocks than the one that holds it. */
    isConfirmedWithMoreAsked: ({ context }, outcome: TransactionOutcome) => outcome.status === 'confirmed' && (context.request?.confirmations ?? 1) > 1,
    /** Params: what `verifyExchangeTransfer` answered. The exchange's transfer is on chain, and the payment asks more blocks. */
    isVerifiedWithMoreAsked: ({ context }, verified: boolean) => verified && (context.request?.confirmations ?? 1) > 1,
    /** Params: what `waitForConfirmations` answered. */
    isConfirmedCount: (_, end: PayConfirmationsEnd) => end.status === 'confirmed',
    /** Params: what `getExchangeStatus` answered. Its status is `status`. */
    isExchangeStatus: (_, params: { output: PayExchangeStatus; status: PayExchangeStatus['status'] }) => params.output.status === params.status,
    /** Params: what `getExchangeStatus` answered. A `succeeded` naming this payment's amount and recipient. */
    isClaimOfThisPayment: ({ context }, output: PayExchangeStatus) => claimMatches(context.request!, context.units, context.reading?.decimals, output),
    /** Params: what `verifyExchangeTransfer` answered. */
    isVerified: (_, verified: boolean) => verified,
    /** The exchange chosen is one the Pay view listed. */
    isListedExchange: ({ context, event }) => event.type === 'pay.exchange' && (context.exchanges ?? []).some((e) => e.id === event.exchangeId),
    /** Params: what `loadStoredPayment` answered. An exchange session to follow again. */
    isStoredExchange: (_, stored: ResumedPayment | undefined) => stored?.exchangeSession !== undefined,
    /** Params: what `loadStoredPayment` answered. A wallet transfer sent, its receipt to wait for again. */
    isStoredTransfer: (_, stored: ResumedPayment | undefined) => stored?.hash !== undefined && stored.wallet !== undefined,
  },
  actions: {
    tell: tellAction<PayContext, PayEvent>(),
    report: reportAction<PayContext, PayEvent>(),
    /** Params: the account of a `root.account` moment (none: disconnected), and the active namespace's connection. */
    setTarget: assign(({ event }) => (event.type === 'root.account' ? { target: event.account, ...(event.connection ? { connection: event.connection } : {}) } : {})),
    /** The paying wallet's chain changed (the active account's moment, when it pays): the payment follows it. */
    setWalletChain: assign(({ context, event }) =>
      event.type === 'root.account' && event.account && context.wallet && event.account.address.toLowerCase() === context.wallet.address.toLowerCase()
        ? { wallet: { ...context.wallet, caipNetworkId: event.account.caipNetworkId } }
        : {},
    ),
    /** Params: `pay.wallets`' list: the held connections, the paying wallet's chain as its connection tells it. */
    setHeld: assign(({ context, event }) => {
      if (event.type !== 'pay.wallets') return {}
      const listed = context.wallet && walletsOf(context.target, event.wallets, context.request?.asset.namespace).find((w) => w.address.toLowerCase() === context.wallet!.address.toLowerCase())
      return { held: event.wallets, ...(listed ? { wallet: listed } : {}) }
    }),
    /** Params: what `readBalances` answered: each wallet's balances, the icon, and the wallet that pays ({@link pickWallet}). */
    setBalances: assign(({ context }, read: PayBalances) => {
      const wallets = walletsNow(context)
      const balances = read.wallets
      const wallet = pickWallet(wallets, context.wallet, (w) => shortOf(balanceOf(balances, w.address), context.units, context.request?.asset.kind === 'native'))
      const reading = context.reading && { ...context.reading, iconUrl: read.iconUrl ?? context.reading.iconUrl }
      return { balances, readFor: walletSetOf(wallets), wallet, reading: readingFor(reading, balances, wallet) }
    }),
    /** The visitor's pick among the wallets that can pay (`isPayableChoice`); the site's active connection stays as it is. */
    chooseWallet: assign(({ context, event }) => {
      if (event.type !== 'pay.chooseWallet') return {}
      const wallet = walletsNow(context).find((w) => w.address.toLowerCase() === event.address.toLowerCase())
      return { wallet, reading: readingFor(context.reading, context.balances, wallet) }
    }),
    startRequest: assign(({ context, event }) => {
      if (event.type !== 'pay.request') return {}
      return { ...cleared, ...record(context, { key: event.key, phase: 'asking' }), key: event.key, request: event.request, wallet: walletOf(context.target, event.request.asset.namespace) }
    }),
    /**
     * A new attempt of the same request (Try again, Choose another way): the balances read again, from the wallet chosen
     * while it is still connected, else the active one; the request stays unsettled.
     */
    restartAttempt: assign(({ context }) => ({
      ...attemptCleared,
      readFor: undefined,
      wallet: isListed(walletsNow(context), context.wallet) ? context.wallet : walletOf(context.target, context.request?.asset.namespace),
    })),
    /** Params: the key of the payment kept in storage, picked up after a reload. */
    startResume: assign(({ context, event }) => (event.type === 'pay.resume' ? { ...cleared, ...record(context, { key: event.key, phase: 'asking' }), key: event.key } : {})),
    /** Params: what `loadStoredPayment` answered: the payment's context again. */
    restorePayment: assign((_, stored: ResumedPayment | undefined) => (stored ? { ...stored } : {})),
    /** Nothing readable was kept for the payment picked up: it ends failed (its promise was the page's before the reload). */
    recordResumeLost: assign(({ context }) => ({ ...record(context, { key: context.key!, phase: 'ended', outcome: { status: 'failed', reason: payReasons.resumeLost } }) })),
    /** The attempt's end becomes the request's (what `modal.pay` resolves with). */
    settle: assign(({ context }) => (context.key && context.end ? record(context, { key: context.key, phase: 'ended', outcome: context.end }) : {})),
    /** Keeps the payment under way in storage (an exchange session, a transfer's hash): the assembly's; a reload picks it up. */
    storePayment: () => {},
    /** Drops the payment kept in storage (it ended, or it was given up). */
    forgetPayment: () => {},
    /** Params: the reason. A request that never became the payment under way (no wallet, another one under way). */
    endRequest: assign(({ context, event }, reason: string) => (event.type === 'pay.request' ? record(context, { key: event.key, phase: 'ended', outcome: { status: 'failed', reason } }) : {})),
    /** Params: what `readAsset` answered (a recipient's name replaced by the address it resolved to); balances unread. */
    setAsset: assign(({ context }, asset: PayAssetReading) => {
      const parsed = unitsOf(context.request!, asset.decimals)
      const request = asset.recipient ? { ...context.request!, recipient: asset.recipient } : context.request
      return { reading: { ...asset, balance: 0n, nativeBalance: 0n, fee: 0n }, balances: undefined, readFor: undefined, request, units: 'units' in parsed ? parsed.units : undefined }
    }),
    /** Params: what `readAsset` answered (`isAmountRefused`). */
    refuseAmount: assign(({ context }, reading: PayAssetReading) => {
      const parsed = unitsOf(context.request!, reading.decimals)
      return { ...cleared, ...record(context, { key: context.key!, phase: 'refused', error: 'error' in parsed ? parsed.error : new PayAssetUnreadableError(context.request!.asset.caip19) }) }
    }),
    refuseUnreadable: assign(({ context, event }) => {
      const error = actorErrorOf(event)
      const refused = error instanceof BaseError ? error : new PayAssetUnreadableError(context.request!.asset.caip19, { cause: error })
      return { ...cleared, ...record(context, { key: context.key!, phase: 'refused', error: refused }) }
    }),
    /** The reads did not end within `payReadTimeout`. */
    refuseTimedOut: assign(({ context }) => ({
      ...cleared,
      ...record(context, { key: context.key!, phase: 'refused', error: new PayAssetUnreadableError(context.request!.asset.caip19, { details: `The network did not answer within ${timing.payReadTimeout / 1000} s.` }) }),
    })),
    setOnPayNetwork: assign({ wallet: ({ context }) => ({ ...context.wallet!, caipNetworkId: context.request!.asset.caipNetworkId }) }),
    setHash: assign(({ event }) => (event.type === 'transaction.submitted' ? { hash: event.hash } : {})),
    /** Params: the transaction's outcome (`confirmed`): the payment's success. */
    recordSuccess: assign(({ context }, outcome: TransactionOutcome) => ({
      end: { status: 'success', txHash: 'hash' in outcome ? outcome.hash : (context.hash ?? ''), chainId: context.request!.asset.chainId, paidAmount: context.request!.amount },
    })),
    /** Params: the transaction's outcome (any end but `confirmed` and `rejected`). */
    recordFailure: assign(({ context }, outcome: TransactionOutcome) => ({
      hash: 'hash' in outcome ? outcome.hash : context.hash,
      end: { status: 'failed', reason: reasonOf(outcome) },
    })),
    /** Params: the transaction's outcome (`confirmed`): its hash (a replacement's, when the wallet sped it up) is the one counted. */
    setOutcomeHash: assign(({ context }, outcome: TransactionOutcome) => ({ hash: 'hash' in outcome ? outcome.hash : context.hash })),
    /** The transfer `hash` holds its confirmations: the payment's success. */
    recordHashSuccess: assign(({ context }) => ({
      end: { status: 'success', txHash: context.hash!, chainId: context.request!.asset.chainId, paidAmount: context.request!.amount },
    })),
    /** The confirmations were not counted in time (or could not be): sent, not confirmed. */
    recordConfirmationsUnknown: assign(({ context }) => ({ end: { status: 'failed', reason: `${payReasons.unknown} Transaction ${context.hash}.` } })),
    /** Params: the status and reason of an end the visitor or the wallet caused (cancelled, the wallet lost). */
    recordEnd: assign((_, end: { status: 'failed' | 'cancelled' | 'expired'; reason: string }) => ({ end })),
    clearPayment: assign(cleared),
    /** Params: what `listExchanges` answered. */
    setExchanges: assign((_, exchanges: PayExchange[]) => ({ exchanges })),
    chooseExchange: assign(({ event }) => (event.type === 'pay.exchange' ? { exchangeId: event.exchangeId } : {})),
    /** Params: what `createExchangeSession` answered. */
    setExchangeSession: assign((_, exchangeSession: PayExchangeSession) => ({ exchangeSession })),
    /** Opens a blank tab for the exchange's page (the assembly's; runs in the visitor's click, so no pop-up blocker refuses it). */
    openExchangeWindow: () => {},
    /** Params: the session. Points the tab at the exchange's page. */
    pointExchangeWindow: (_, _session: PayExchangeSession) => {},
    /** Closes the exchange's tab when the payment is given up before it opened. */
    closeExchangeWindow: () => {},
    /** Params: a `succeeded` status naming this payment: the chain is read for it. */
    setClaim: assign((_, claim: PayExchangeStatus) => (claim.status === 'succeeded' ? { claim, hash: claim.txHash } : {})),
    /** The exchange's transfer is on chain, as asked: the payment's success. */
    recordExchangeSuccess: assign(({ context }) => ({
      end: { status: 'success', txHash: context.claim!.txHash, chainId: context.request!.asset.chainId, paidAmount: context.request!.amount },
    })),
    /** Params: the exchange's `failed` status: its reason after ours. */
    recordExchangeFailure: assign((_, status: PayExchangeStatus) => ({
      end: { status: 'failed', reason: status.status === 'failed' ? `${payReasons.exchangeFailed} ${status.reason}` : payReasons.exchangeFailed },
    })),
  },
})
