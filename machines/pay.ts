import { payReasons } from './pay.messages.ts'
import { paySetup, type PayContext } from './pay.setup.ts'
import { outcomeIn, outcomeOf, type TransactionInput } from './transaction.ts'
import type { SystemMessage } from './system.ts'
import type { FeatureReport } from './features.ts'
import { walletsOf } from './pay.wallets.ts'

export { payReasons } from './pay.messages.ts'
export { PayAssetUnreadableError, PayRecipientNotResolvedError, reasonOf } from './pay.setup.ts'
export type { PayAssetReading, PayBalance, PayBalances, PayConfirmationsEnd, PayContext, PayEvent, PayInput, PayOutcome, PayReading, PayRecord, PayShortOf, PayWallet } from './pay.setup.ts'
export type { CreateExchangeSessionInput, PayExchange, PayExchangeSession, PayExchangeStatus, VerifyExchangeTransferInput } from './pay.exchange.ts'
export { pendingPaymentKey, resumedPaymentOf, storedPaymentOf } from './pay.stored.ts'
export type { ResumedPayment, StoredPayment } from './pay.stored.ts'

/** The transfer the `transaction` machine's `send` actor hands the wallet: native (`to`, `value` in wei) or an ERC-20 `transfer` of `token`. */
export type PayTransferRequest = { from: string; to: string; value: bigint; token?: string | undefined }

/** The Pay view as a new history (spec §2: the modal's view stack), and the modal opened when it was closed. */
const showPayView = { type: 'tell', params: { to: 'router', event: { type: 'router.reset', view: 'Pay' } } satisfies SystemMessage } as const
/**
 * The embedded wallet's approval (ApproveTransaction) ends on Account when it succeeds: the payment's own view comes
 * back (only while Account shows, so a modal on Pay or elsewhere is left as it is).
 */
const backToPay = { type: 'tell', params: { to: 'router', event: { type: 'router.reset', view: 'Pay', from: 'Account' } } satisfies SystemMessage } as const
const openModal = { type: 'tell', params: { to: 'modal', event: { type: 'modal.open' } } satisfies SystemMessage } as const
/** Connect over the Pay view (Back returns to it): the visitor picks a wallet there. */
const showConnect = { type: 'tell', params: { to: 'router', event: { type: 'router.push', view: 'Connect' } } satisfies SystemMessage } as const
/**
 * The payment's network made active (spec §2 SwitchActiveChain's confirmation, §4 namespace switch: the Pay view's
 * Connect a wallet plays that view's part), so that Connect, pushed just before, lists the wallets of the payment's
 * namespace; the wallets of the namespace left stay connected there.
 */
const switchToPayNetwork = {
  type: 'report',
  params: ({ context }: { context: PayContext }) => ({ type: 'app.confirmNamespaceSwitch', caipNetworkId: context.request!.asset.caipNetworkId }) satisfies FeatureReport,
} as const
const closeModal = { type: 'tell', params: { to: 'modal', event: { type: 'modal.close' } } satisfies SystemMessage } as const
const cancelled = [{ type: 'recordEnd', params: { status: 'cancelled', reason: payReasons.cancelled } }, 'settle', 'forgetPayment'] as const
const walletLost = [{ type: 'recordEnd', params: { status: 'failed', reason: payReasons.walletLost } }, 'settle', 'forgetPayment'] as const
const exchangeExpired = { type: 'recordEnd', params: { status: 'expired', reason: payReasons.exchangeExpired } } as const
const exchangeMismatch = { type: 'recordEnd', params: { status: 'failed', reason: payReasons.exchangeMismatch } } as const
/**
 * An end view: the payment kept in storage is dropped. Done or Close closes the modal, the modal closing otherwise
 * leaves it; a failed or expired end settles the request only then (`settle`: Try again may still pay it), a success at
 * once. What the view showed stays for the exit transition (cleared once the modal closed, or by the next request).
 */
const endView = {
  entry: 'forgetPayment',
  on: { 'pay.done': { target: 'idle', actions: ['settle', 'clearPayment', closeModal] }, 'root.closing': { target: 'idle', actions: 'settle' } },
} as const
/** A failed or expired end: Try again / Choose another way is a new attempt of the same request, from the ways to pay. */
const retryableEnd = { ...endView, on: { ...endView.on, 'pay.retry': { target: 'reviewing', actions: 'restartAttempt' } } } as const

/**
 * Before the hash: the visitor's Cancel or the modal closing ends the payment `cancelled` (at the start of the exit
 * transition, so a `modal.pay` right after the close finds no payment under way); the wallet gone ends it `failed`.
 */
const leaving = {
  'pay.cancel': { target: '#pay.idle', actions: [...cancelled, 'clearPayment', closeModal] },
  'root.closing': { target: '#pay.idle', actions: cancelled },
  'root.account': [{ guard: 'isWalletLost', target: '#pay.idle', actions: ['setTarget', ...walletLost, 'clearPayment', closeModal] }, { actions: ['setTarget', 'setWalletChain'] }],
} as const
/**
 * The wallets that may pay change on the Pay view (the active account's moment, multi-wallet's list): the paying one gone
 * with no other left ends it `failed`; another set of wallets is read again (the paying one gone: another pays).
 */
const accountMoved = [
  { guard: 'isLastWalletLost', target: '#pay.idle', actions: ['setTarget', ...walletLost, 'clearPayment', closeModal] },
  { guard: 'isWalletSetChanged', target: '.reading', actions: ['setTarget', 'setWalletChain'] },
  { actions: ['setTarget', 'setWalletChain'] },
] as const
const heldMoved = [
  { guard: 'isLastWalletLost', target: '#pay.idle', actions: ['setHeld', ...walletLost, 'clearPayment', closeModal] },
  { guard: 'isWalletSetChanged', target: '.reading', actions: 'setHeld' },
  { actions: 'setHeld' },
] as const

/**
 * Pay from the connected wallet (spec §1 optional features "… and pay", §2 "pay loaded on demand"; the `pay` flag, §8
 * default off). The feature holds the Pay view and the requests `modal.pay` hands it (`pay.request`, each by its key;
 * `requests` is what the public API follows):
 *
 * `idle` → `pay.request` (another payment under way: ended `failed` at once) →
 * `preparing` (`readAsset`, the reads that may refuse it: a recipient's name resolved, the asset's decimals and symbol,
 * an ERC-20's from its contract, an SPL token's from its mint, on the asset's network, within `payReadTimeout`; the modal
 * is not open yet: a name that does not resolve, an amount with more fraction digits than the decimals or an unreadable
 * asset is `refused`, `modal.pay` rejects) → `reviewing` (the Pay view, the modal opened, whole at once: `reading` each
 * connected wallet's balances and fee and the asset's icon in place (`listing` the wallets held first, then `readBalances` once for all; a wallet whose read fails is shown
 * unreadable, and none readable is `short` with Try again; no answer within `payReadTimeout` is `failed`); the wallets are the active account of
 * the asset's namespace and the other connections held there (`watchWallets`, multi-wallet's list: `pay.wallets`), read
 * again when they change; the one that pays is the active one when it can, else the first that can, and the visitor may
 * pick another that can (`pay.chooseWallet`): it pays, the site's active connection stays as it is. Then `ready`, or
 * `short` when no wallet can cover the amount and the fee, explained before any prompt; `noWallet` with no wallet of
 * the asset's namespace connected: the exchanges are the ways to pay; Connect a wallet
 * (`pay.connectWallet`) pushes Connect, the asset's network made active first when the active namespace is another
 * (spec §2 SwitchActiveChain, §4: Connect lists the active namespace's wallets), and the payment holds the connection, so
 * a wallet connecting leaves the modal open: one of the asset's namespace brings the Pay view back and its balances are
 * read, `reading`) → `pay.confirm` →
 * `switchingNetwork` when the wallet is on another network (declined: back to reviewing) → `transferring`, one run of
 * the transaction machine (`machines/transaction.ts`): `prompting` the wallet, then `confirming` by the receipt rule →
 * `succeeded` only once the receipt confirmed it and the blocks the payment asks hold it (`awaitingConfirmations`, when
 * `confirmations` is over 1), `failed` for a revert, a replacement, the wallet's failure or an end
 * not known in time; a rejection in the wallet returns to reviewing. A second Pay press while the wallet is asked is
 * not an event of those states: one transfer.
 *
 * Pay with an exchange (from `reviewing`, ready or short: the exchanges `listExchanges` answered show beside the
 * wallet): `pay.exchange` opens a tab in the click (`openExchangeWindow`; on a phone none) → `exchange.opening`
 * (`createExchangeSession`; refused: `failed`) → the payment stored, the tab points at the exchange's page (on a phone
 * this tab goes there, and the exchange sends the visitor back: the page after it resumes, below) → `exchange.awaiting`, the session's status asked every
 * `payExchangePoll` (an answer that cannot be read is no news: asked again) until the exchange's deadline
 * (`exchangeDeadline`) → `expired`. A `succeeded` naming another amount or recipient is `failed`; one naming this
 * payment is `verifying`: `verifyExchangeTransfer` reads the transfer on the chain, and only that transfer, as asked,
 * ends `succeeded` (after its confirmations, as a wallet's transfer). The exchange's `failed` ends `failed` with its reason, its `expired` ends `expired`.
 *
 * Before the hash exists, Cancel or closing the modal ends it `cancelled`; the paying wallet disconnecting ends it
 * `failed` while the wallet is asked, and on the Pay view when no other wallet is left (else the others are read again). Closing
 * ends it when the modal begins to close (`root.closing`), not when its exit transition is over: a `modal.pay` right
 * after a close starts a new payment, never "another payment under way". Once the transfer is broadcast, closing does
 * not cancel it: the chain decides and the request ends with its receipt (a new request meanwhile is refused as
 * another payment under way, which it is). The end views (`succeeded`, `failed`, `expired`) drop the stored payment;
 * Done or Close (`pay.done`) closes the modal. A success settles the request at once; a failed or expired end settles
 * it (`settle`: the attempt's `end` becomes the request's record) only when the visitor leaves it (Close, the modal
 * closing): `pay.retry` (Try again, Choose another
 * way) is a new attempt of the same request from the ways to pay (`reviewing`), so the request resolves once, with its
 * final end.
 *
 * Storage (spec §3; `storePayment`, `forgetPayment`): an exchange session from its opening, a wallet transfer from its
 * hash, are kept until their end. After a reload the core sends `pay.resume` with the stored key: `resuming` reads it
 * (`loadStoredPayment`) and goes on where it was, the Pay view shown: `exchange.awaiting` (to the deadline it had) or
 * `transferring.confirming` (the transaction machine started with the hash: no prompt); nothing readable ends the key
 * `failed` (`payReasons.resumeLost`).
 *
 * Actors to provide: `readAsset` ({ request } → {@link PayAssetReading}), `readBalances` ({ request, decimals, symbol,
 * wallets } → {@link PayBalances}), `watchWallets` ({ namespace }: sends `pay.wallets`), `switchNetwork` ({ connectorId,
 * caipNetworkId } → void), the `transaction` machine's own (`send` taking a {@link PayTransferRequest}),
 * `waitForConfirmations` ({ caipNetworkId, hash, confirmations } → {@link PayConfirmationsEnd}), and the exchange's:
 * `listExchanges`, `createExchangeSession`, `getExchangeStatus`, `verifyExchangeTransfer`; actions `openExchangeWindow`,
 * `pointExchangeWindow`, `closeExchangeWindow`; storage: `loadStoredPayment` ({ key } → {@link ResumedPayment}), actions
 * `storePayment`, `forgetPayment`.
 */
export const payMachine = paySetup.createMachine({
  id: 'pay',
  context: ({ input }) => ({ target: input?.target, connection: input?.connection, requests: {} }),
  initial: 'idle',
  on: {
    // Another payment is under way (its view shows): the new one ends at once.
    'pay.request': { actions: { type: 'endRequest', params: payReasons.busy } },
    'root.account': { actions: 'setTarget' },
  },
  states: {
    idle: {
      on: {
        // With no wallet of the asset's namespace too: the exchanges can pay it (the Pay view's `noWallet`).
        'pay.request': { target: 'preparing', actions: 'startRequest' },
        'pay.resume': { target: 'resuming', actions: 'startResume' },
        // The payment the closing ended showed until the exit transition was over.
        'root.closed': { actions: 'clearPayment' },
      },
    },
    /** After a reload: the payment kept in storage is read and followed again where it was, the Pay view showing it. */
    resuming: {
      invoke: {
        id: 'loadStoredPayment',
        src: 'loadStoredPayment',
        input: ({ context }) => ({ key: context.key! }),
        onDone: [
          {
            guard: { type: 'isStoredExchange', params: ({ event }) => event.output },
            target: '#pay.exchange.awaiting',
            actions: [{ type: 'restorePayment', params: ({ event }) => event.output }, showPayView, openModal],
          },
          {
            guard: { type: 'isStoredTransfer', params: ({ event }) => event.output },
            target: '#pay.transferring.confirming',
            actions: [{ type: 'restorePayment', params: ({ event }) => event.output }, showPayView, openModal],
          },
          { target: 'idle', actions: ['recordResumeLost', 'forgetPayment', 'clearPayment'] },
        ],
        onError: { target: 'idle', actions: ['recordResumeLost', 'forgetPayment', 'clearPayment'] },
      },
    },
    /** The reads that may refuse the payment (the recipient, the asset); nothing is shown yet. */
    preparing: {
      invoke: {
        id: 'readAsset',
        src: 'readAsset',
        input: ({ context }) => ({ request: context.request! }),
        onDone: [
          { guard: { type: 'isAmountRefused', params: ({ event }) => event.output }, target: 'idle', actions: { type: 'refuseAmount', params: ({ event }) => event.output } },
          { target: 'reviewing', actions: [{ type: 'setAsset', params: ({ event }) => event.output }, showPayView, openModal] },
        ],
        onError: { target: 'idle', actions: 'refuseUnreadable' },
      },
      after: { payReadTimeout: { target: 'idle', actions: 'refuseTimedOut' } },
      on: { 'root.account': leaving['root.account'] },
    },
    /** The Pay view: what is asked and the wallets' balances; Pay when the chosen one covers the amount and the fee. */
    reviewing: {
      initial: 'listing',
      on: {
        'pay.cancel': leaving['pay.cancel'],
        'root.closing': leaving['root.closing'],
        'root.account': accountMoved,
        'pay.wallets': heldMoved,
        'pay.exchange': { guard: 'isListedExchange', target: 'exchange', actions: ['chooseExchange', 'openExchangeWindow'] },
      },
      invoke: [
        {
          id: 'listExchanges',
          src: 'listExchanges',
          input: ({ context }) => ({ request: context.request! }),
          onDone: { actions: { type: 'setExchanges', params: ({ event }) => event.output } },
          // No exchange list: the wallet is the only way shown.
          onError: { actions: { type: 'setExchanges', params: [] } },
        },
        { id: 'watchWallets', src: 'watchWallets', input: ({ context }) => ({ namespace: context.request!.asset.namespace }) },
      ],
      states: {
        /**
         * The wallets held in the asset's namespace, which `watchWallets` tells at its start (multi-wallet's list, empty
         * when it is off): the balances are read once for every wallet, never first without the held ones.
         */
        listing: {
          on: { 'pay.wallets': { target: 'reading', actions: 'setHeld' } },
          after: { payReadTimeout: { target: '#pay.failed', actions: { type: 'recordEnd', params: { status: 'failed', reason: payReasons.balanceUnreadable } } } },
        },
        /** Each wallet's balances and fee, and the asset's icon: the view shows them loading in place. */
        reading: {
          invoke: {
            id: 'readBalances',
            src: 'readBalances',
            input: ({ context }) => ({
              request: context.request!,
              decimals: context.reading!.decimals,
              symbol: context.reading!.symbol,
              wallets: walletsOf(context.target, context.held, context.request!.asset.namespace),
            }),
            onDone: { target: 'checking', actions: { type: 'setBalances', params: ({ event }) => event.output } },
            onError: { target: '#pay.failed', actions: { type: 'recordEnd', params: { status: 'failed', reason: payReasons.balanceUnreadable } } },
          },
          after: { payReadTimeout: { target: '#pay.failed', actions: { type: 'recordEnd', params: { status: 'failed', reason: payReasons.balanceUnreadable } } } },
        },
        checking: {
          always: [{ guard: 'hasNoWallet', target: 'noWallet' }, { guard: 'isShort', target: 'short' }, { target: 'ready' }],
        },
        /**
         * No wallet connected in the asset's namespace: the exchanges are the ways to pay, and Connect a wallet
         * (`pay.connectWallet`: Connect pushed over Pay, listing the wallets of the asset's namespace: made active first
         * when another is). While the payment waits here it holds the connection
         * (`holdsConnect`: a wallet connecting does not close the modal): a wallet of the asset's namespace brings the Pay
         * view back and its balances are read (`reading`); one of another namespace brings the Pay view back as it was.
         */
        noWallet: {
          tags: ['holdsConnect'],
          on: {
            // Connect lists the active namespace's wallets: the payment's namespace is made active first when it is not.
            'pay.connectWallet': [{ guard: 'isOtherNamespaceActive', actions: [showConnect, switchToPayNetwork] }, { actions: showConnect }],
            'root.account': [{ guard: 'isPayNamespaceAccount', target: 'reading', actions: ['setTarget', showPayView] }, { guard: 'isConnectedMoment', actions: ['setTarget', showPayView] }, { actions: 'setTarget' }],
            // A wallet of the asset's namespace connected there (told by `watchWallets` before or after the root's
            // moment): the Pay view back with its balances read, as for the root's moment.
            'pay.wallets': [{ guard: 'isWalletSetChanged', target: 'reading', actions: ['setHeld', showPayView] }, { actions: 'setHeld' }],
          },
        },
        ready: {
          on: {
            'pay.confirm': [{ guard: 'isOnPayNetwork', target: '#pay.transferring' }, { target: '#pay.switchingNetwork' }],
            'pay.chooseWallet': { guard: 'isPayableChoice', target: 'checking', actions: 'chooseWallet' },
          },
        },
        /**
         * No wallet holds enough of the asset, or of the native currency for the fee, or no balance could be read: said
         * before any prompt, no Pay. Unread balances are read again on Try again (`pay.retry`).
         */
        short: { on: { 'pay.retry': { guard: 'isEveryWalletUnreadable', target: 'reading' } } },
      },
    },
    switchingNetwork: {
      tags: ['busy'],
      on: leaving,
      invoke: {
        id: 'switchNetwork',
        src: 'switchNetwork',
        input: ({ context }) => ({ connectorId: context.wallet!.connectorId, caipNetworkId: context.request!.asset.caipNetworkId }),
        onDone: { target: 'transferring', actions: 'setOnPayNetwork' },
        onError: { target: 'reviewing' },
      },
    },
    transferring: {
      tags: ['busy'],
      initial: 'prompting',
      invoke: {
        id: 'transaction',
        src: 'transaction',
        input: ({ context }): TransactionInput => ({
          caipNetworkId: context.request!.asset.caipNetworkId,
          namespace: context.request!.asset.namespace,
          connectorId: context.wallet!.connectorId,
          // Picked up after a reload: the transfer sent before it, followed by its hash (no prompt).
          ...(context.hash ? { hash: context.hash } : {}),
          request: {
            from: context.wallet!.address,
            to: context.request!.recipient,
            value: context.units!,
            ...(context.request!.asset.kind !== 'native' ? { token: context.request!.asset.address } : {}),
          } satisfies PayTransferRequest,
        }),
        onDone: [
          { guard: { type: 'isOutcome', params: outcomeIn('rejected') }, target: 'reviewing', actions: 'forgetPayment' },
          // Included: the payment asks more blocks over it than the one that holds it.
          { guard: { type: 'isConfirmedWithMoreAsked', params: outcomeOf }, target: 'awaitingConfirmations', actions: [{ type: 'setOutcomeHash', params: outcomeOf }, backToPay] },
          { guard: { type: 'isOutcome', params: outcomeIn('confirmed') }, target: 'succeeded', actions: [{ type: 'recordSuccess', params: outcomeOf }, backToPay] },
          { target: 'failed', actions: [{ type: 'recordFailure', params: outcomeOf }, backToPay] },
        ],
      },
      states: {
        /** The wallet is asked: closing or Cancel now gives the payment up. */
        prompting: { on: { ...leaving, 'transaction.submitted': { target: 'confirming', actions: ['setHash', backToPay, 'storePayment'] } } },
        /** Broadcast: only the chain decides now (closing the modal does not cancel it). */
        confirming: { on: { 'root.account': { actions: 'setTarget' } } },
      },
    },
    /** Pay with an exchange: the visitor is on its page; Cancel or closing the modal gives the payment up. */
    exchange: {
      initial: 'opening',
      on: {
        'pay.cancel': { target: '#pay.idle', actions: [...cancelled, 'closeExchangeWindow', 'clearPayment', closeModal] },
        'root.closing': { target: '#pay.idle', actions: [...cancelled, 'closeExchangeWindow'] },
      },
      states: {
        opening: {
          tags: ['busy'],
          invoke: {
            id: 'createExchangeSession',
            src: 'createExchangeSession',
            input: ({ context }) => ({ request: context.request!, exchangeId: context.exchangeId! }),
            onDone: {
              target: 'awaiting',
              actions: [
                { type: 'setExchangeSession', params: ({ event }) => event.output },
                // Kept before the page opens: on a phone the exchange's page replaces this one, whose return picks it up.
                'storePayment',
                { type: 'pointExchangeWindow', params: ({ event }) => event.output },
              ],
            },
            onError: { target: '#pay.failed', actions: ['closeExchangeWindow', { type: 'recordEnd', params: { status: 'failed', reason: payReasons.exchangeUnavailable } }] },
          },
        },
        /** The session is open until the exchange's deadline. */
        awaiting: {
          initial: 'waiting',
          after: { exchangeDeadline: { target: '#pay.expired', actions: exchangeExpired } },
          states: {
            waiting: { after: { payExchangePoll: 'polling' } },
            polling: {
              invoke: {
                id: 'getExchangeStatus',
                src: 'getExchangeStatus',
                input: ({ context }) => ({ sessionId: context.exchangeSession!.sessionId }),
                onDone: [
                  { guard: { type: 'isExchangeStatus', params: ({ event }) => ({ output: event.output, status: 'pending' }) }, target: 'waiting' },
                  { guard: { type: 'isClaimOfThisPayment', params: ({ event }) => event.output }, target: 'verifying', actions: { type: 'setClaim', params: ({ event }) => event.output } },
                  { guard: { type: 'isExchangeStatus', params: ({ event }) => ({ output: event.output, status: 'succeeded' }) }, target: '#pay.failed', actions: exchangeMismatch },
                  {
                    guard: { type: 'isExchangeStatus', params: ({ event }) => ({ output: event.output, status: 'failed' }) },
                    target: '#pay.failed',
                    actions: { type: 'recordExchangeFailure', params: ({ event }) => event.output },
                  },
                  { target: '#pay.expired', actions: exchangeExpired },
                ],
                // Garbage or no answer is no news: asked again at the next poll, until the deadline.
                onError: { target: 'waiting' },
              },
            },
            /** The exchange says it paid this payment: the chain is read for that transfer. */
            verifying: {
              tags: ['busy'],
              invoke: {
                id: 'verifyExchangeTransfer',
                src: 'verifyExchangeTransfer',
                input: ({ context }) => ({ request: context.request!, units: context.units!, txHash: context.claim!.txHash }),
                onDone: [
                  { guard: { type: 'isVerifiedWithMoreAsked', params: ({ event }) => event.output }, target: '#pay.awaitingConfirmations' },
                  { guard: { type: 'isVerified', params: ({ event }) => event.output }, target: '#pay.succeeded', actions: 'recordExchangeSuccess' },
                  { target: '#pay.failed', actions: exchangeMismatch },
                ],
                onError: { target: 'waiting' },
              },
            },
          },
        },
      },
    },
    /**
     * The transfer is in a block (the wallet's, or the exchange's as it claimed): success waits for the blocks the payment
     * asks (`confirmations`, counted on the network's node by `waitForConfirmations`, a transfer reorganised away waited
     * for again). Broadcast: closing does not cancel it. Past `payConfirmationTimeout`, or reverted once included again
     * after a reorganisation, it is failed: never a success before its count.
     */
    awaitingConfirmations: {
      tags: ['busy'],
      on: { 'root.account': { actions: 'setTarget' } },
      invoke: {
        id: 'waitForConfirmations',
        src: 'waitForConfirmations',
        input: ({ context }) => ({ caipNetworkId: context.request!.asset.caipNetworkId, hash: context.hash!, confirmations: context.request!.confirmations }),
        onDone: [
          { guard: { type: 'isConfirmedCount', params: ({ event }) => event.output }, target: 'succeeded', actions: 'recordHashSuccess' },
          { target: 'failed', actions: { type: 'recordEnd', params: { status: 'failed', reason: payReasons.reverted } } },
        ],
        onError: { target: 'failed', actions: 'recordConfirmationsUnknown' },
      },
      after: { payConfirmationTimeout: { target: 'failed', actions: 'recordConfirmationsUnknown' } },
    },
    /** Paid: the request settles at once (what the end view says is final). */
    succeeded: { ...endView, entry: ['settle', 'forgetPayment'] },
    failed: retryableEnd,
    /** The exchange's deadline passed unpaid. */
    expired: retryableEnd,
  },
})

/** The payment under way, its key and record (the end views read its outcome). */
export function currentRecord(context: PayContext) {
  return context.key ? context.requests[context.key] : undefined
}
