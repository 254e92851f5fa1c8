import { assign, enqueueActions, fromPromise, setup, type DoneActorEvent } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { BaseError, isUserRejection, summarizeError, type ErrorSummary } from '../adapters/errors.ts'
import type { ToastText } from './messages.ts'
import type { ToastEvent } from './toast.ts'
import { timing } from './timing.ts'
import { isReplacedByOther, TransactionStatusUnknownError, type TransactionEnd, type TransactionWaitInput } from './transactionEnd.ts'
import { actorErrorOf } from './narrow.ts'
import { machineTypes } from './machineTypes.ts'

export type { TransactionEnd, TransactionWaitInput } from './transactionEnd.ts'

/**
 * What a transaction machine is started with (spec §4 Send: a send, a swap's approval and its swap).
 * - `caipNetworkId`, `namespace`, `connectorId`: where it is sent, and through which wallet.
 * - `request`: what the `send` actor hands the wallet (a transfer, a prepared contract call); opaque here.
 * - `hash`: a transaction sent before whose end was not known ("Check again"): no wallet prompt, straight to the
 *   receipt wait (the same rule, `adapters/receipt.ts`).
 * - `submittedToast`: the loading toast shown from the hash until the end (spec §2 "Toasts"); none: no toast.
 */
export type TransactionInput = {
  caipNetworkId: string
  namespace: string
  connectorId: string
  request?: unknown
  hash?: string | undefined
  submittedToast?: ToastText | undefined
}

/** What the `send` actor takes: the wallet's connector, the CAIP-2 network and the request to hand the wallet. */
export type TransactionSendInput = { connectorId: string; caipNetworkId: string; request: unknown }

/**
 * How a transaction ended, the machine's output (one per run, read by the parent in its `onDone`):
 * - `confirmed`: mined with status 1 (`hash` the final one: a sped-up transaction's replacement).
 * - `reverted`: mined with status 0. `replaced`: its nonce went to another transaction (cancelled or replaced in the
 *   wallet): the asked-for transaction did not happen.
 * - `rejected`: the visitor declined in the wallet (4001): a cancel, nothing was sent.
 * - `failed`: the wallet failed the request or answered a malformed hash (`hash` absent: nothing known was sent).
 * - `unknown`: sent (`hash`), but the chain did not tell its end within the receipt timeout, or the wait failed, or it
 *   answered for another transaction: "sent, status unknown". Never offered again as if nothing was sent.
 */
export type TransactionOutcome =
  | { status: 'confirmed'; hash: string }
  | { status: 'reverted' | 'replaced'; hash: string; error: ErrorSummary }
  | { status: 'unknown'; hash: string; error?: ErrorSummary | undefined }
  | { status: 'rejected' }
  | { status: 'failed'; error: ErrorSummary }

export type TransactionStatus = TransactionOutcome['status']

export type TransactionContext = TransactionInput & {
  /** The hash the wallet returned, then the final one the receipt wait named. */
  hash?: string | undefined
  /** Why the transaction did not end `confirmed`. */
  failure?: ErrorSummary | undefined
  /** This run showed the loading toast (a "Check again" run shows none). */
  toastShown: boolean
}

/** Sent to the parent (when there is one) once the wallet has returned the hash: the transaction is on its way. */
export type TransactionSubmittedEvent = { type: 'transaction.submitted'; hash: string }

/** The wallet answered a hash (Solana: a signature) that is not one of the namespace: nothing can be followed. */
export class InvalidTransactionHashError extends BaseError {
  static override docsPath = '/errors/InvalidTransactionHashError'
  override name = 'InvalidTransactionHashError'
  constructor(namespace: string, hash: unknown) {
    super('The wallet answered a malformed transaction hash', { details: `${namespace}: ${JSON.stringify(hash) ?? String(hash)}` })
  }
}

/** The receipt wait answered for a transaction that is not this one, and named no replacement: its answer is not trusted. */
export class ForeignReceiptError extends BaseError {
  static override docsPath = '/errors/ForeignReceiptError'
  override name = 'ForeignReceiptError'
  constructor(sent: string, answered: string) {
    super('The receipt answered is for another transaction', { details: `Sent ${sent}, the receipt names ${answered}.` })
  }
}

const hashPatterns: Record<string, RegExp> = {
  eip155: /^0x[0-9a-fA-F]{64}$/,
  // A Solana signature: 64 bytes in base58 (87 or 88 characters, fewer with leading zero bytes).
  solana: /^[1-9A-HJ-NP-Za-km-z]{64,88}$/,
  bip122: /^[0-9a-fA-F]{64}$/,
}

/**
 * True when `hash` is a transaction hash of `namespace` (eip155: 0x and 32 bytes hex; solana: a base58 signature;
 * bip122: 32 bytes hex); another namespace's: any non-empty string.
 * @example isTransactionHash('eip155', '0x1234') // false
 */
export function isTransactionHash(namespace: string, hash: unknown): hash is string {
  if (typeof hash !== 'string' || hash === '') return false
  const pattern = hashPatterns[namespace]
  return pattern ? pattern.test(hash) : true
}

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('transaction', name)
}

/** The `hash` of what the wallet answered to `send`: a dapp's adapter is foreign code, the answer may be anything. */
const answeredHash = (answer: unknown): unknown => (typeof answer === 'object' && answer !== null && 'hash' in answer ? answer.hash : undefined)

/**
 * One transaction, from the wallet's prompt to the chain's end (spec §4 Send: "loading" while the wallet and the chain
 * decide; §2 "Toasts"; §9 receipt timeout). Send invokes it once; swap twice (its approval, then its swap).
 *
 * `prompting` (the wallet is asked through the `send` actor; a wallet prompt, the visitor decides) → `confirming`
 * (the `waitForEnd` actor: the one receipt rule, `adapters/receipt.ts`: transient errors retried, a replacement
 * followed, no end within its timeout `unknown`; bounded here too by `receiptWaitTimeout` for a dapp's own adapter that
 * never settles) → one final state, whose output is the {@link TransactionOutcome}: `confirmed`, `reverted`,
 * `replaced`, `rejected`, `failed` or `unknown`. Started with a `hash` it skips the prompt (a "Check again").
 *
 * It owns its loading toast: shown by the toast actor (`systemId` `toast`) when the hash arrives, hidden when the end is
 * not known (a known end's toast is the parent's: it words the outcome). The hash goes to the parent as
 * {@link TransactionSubmittedEvent}. Bad input never ends as a success or a failure of a sent transaction: a malformed
 * hash from the wallet is `failed` ({@link InvalidTransactionHashError}), a receipt for another hash with no replacement
 * named is `unknown` ({@link ForeignReceiptError}).
 *
 * Actors to provide: `send` ({@link TransactionSendInput} → `{ hash }`), `waitForEnd` ({@link TransactionWaitInput} →
 * {@link TransactionEnd}).
 */
export const transactionMachine = setup({
  types: machineTypes<{ context: TransactionContext; input: TransactionInput; output: TransactionOutcome }>(),
  actors: {
    send: fromPromise<{ hash: string }, TransactionSendInput>(notProvided('send')),
    waitForEnd: fromPromise<TransactionEnd, TransactionWaitInput>(notProvided('waitForEnd')),
  },
  delays: { receiptWaitTimeout: timing.receiptWaitTimeout },
  guards: {
    hasHash: ({ context }) => Boolean(context.hash),
    isUserRejection: ({ event }) => isUserRejection(actorErrorOf(event)),
    /** Params: what `send` answered (typed `{ hash }`, but a dapp's adapter may answer anything: read defensively). */
    isMalformedHash: ({ context }, answer: { hash: string }) => !isTransactionHash(context.namespace, answeredHash(answer)),
    /** The wait named another hash than the one sent, and no replacement that explains it. */
    isForeignEnd: ({ context }, end: TransactionEnd) => {
      return typeof end?.hash === 'string' && end.hash.toLowerCase() !== context.hash!.toLowerCase() && end.replaced?.hash.toLowerCase() !== context.hash!.toLowerCase()
    },
    /** Params (this and the next two): the end `waitForEnd` answered. */
    isUnknownEnd: (_, end: TransactionEnd) => end.status === 'unknown',
    isReplacedByOther: (_, end: TransactionEnd) => isReplacedByOther(end),
    isReverted: (_, end: TransactionEnd) => end.status === 'reverted',
    hasSubmittedToast: ({ context }) => context.submittedToast !== undefined,
  },
  actions: {
    /** Params: what `send` answered (`isMalformedHash` checked its hash first). */
    setHash: assign((_, answer: { hash: string }) => ({ hash: answer.hash })),
    /** The wait's final hash (a replacement's, when the wallet sped the transaction up). Params: the end `waitForEnd` answered. */
    setEndHash: assign(({ context }, end: TransactionEnd) => ({ hash: end.hash ?? context.hash })),
    setFailure: assign({ failure: ({ event }) => summarizeError(actorErrorOf(event)) }),
    /** Params: what `send` answered. */
    setMalformedHashFailure: assign(({ context }, answer: { hash: string }) => ({ failure: summarizeError(new InvalidTransactionHashError(context.namespace, answeredHash(answer))) })),
    /** Params: the end `waitForEnd` answered. */
    setForeignFailure: assign(({ context }, end: TransactionEnd) => ({ failure: summarizeError(new ForeignReceiptError(context.hash!, end.hash)) })),
    setRevertFailure: assign({ failure: { name: 'TransactionRevertedError', message: 'Transaction reverted' } }),
    setReplacedFailure: assign({ failure: { name: 'TransactionReplacedError', message: 'The wallet replaced the transaction with another one' } }),
    setTimeoutFailure: assign({ failure: ({ context }) => summarizeError(new TransactionStatusUnknownError(context.hash!)) }),
    /** The parent learns the hash (standalone, with no parent, nobody is told). */
    tellParentSubmitted: enqueueActions(({ context, self, enqueue }) => {
      const parent = self._parent
      if (parent) enqueue.sendTo(parent, { type: 'transaction.submitted', hash: context.hash! } satisfies TransactionSubmittedEvent)
    }),
    showSubmittedToast: enqueueActions(({ context, system, enqueue }) => {
      const toast = system.get('toast')
      const show: ToastEvent = { type: 'toast.show', variant: 'loading', message: context.submittedToast! }
      if (toast) enqueue.sendTo(toast, show)
    }),
    markToastShown: assign({ toastShown: true }),
    /** Only the toast this run showed is hidden (a "Check again" run showed none). */
    hideSubmittedToast: enqueueActions(({ context, system, enqueue }) => {
      const toast = system.get('toast')
      if (context.toastShown && toast) enqueue.sendTo(toast, { type: 'toast.hide' })
    }),
  },
}).createMachine({
  id: 'transaction',
  context: ({ input }) => ({ ...input, toastShown: false }),
  initial: 'starting',
  // The final state's own output (each end below says what it carries).
  // Type assertion: XState types a final state's done event output as `unknown`; every final state below outputs a TransactionOutcome.
  output: ({ event }) => event.output as TransactionOutcome,
  states: {
    /** A "Check again" (a hash given) goes straight to the chain; else the wallet is asked. */
    starting: { always: [{ guard: 'hasHash', target: 'confirming' }, { target: 'prompting' }] },
    /** The wallet is asked to sign and send (spec §4: loading). */
    prompting: {
      tags: ['loading'],
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }): TransactionSendInput => ({ connectorId: context.connectorId, caipNetworkId: context.caipNetworkId, request: context.request }),
        onDone: [
          { guard: { type: 'isMalformedHash', params: ({ event }) => event.output }, target: 'failed', actions: { type: 'setMalformedHashFailure', params: ({ event }) => event.output } },
          { guard: 'hasSubmittedToast', target: 'confirming', actions: [{ type: 'setHash', params: ({ event }) => event.output }, 'tellParentSubmitted', 'showSubmittedToast', 'markToastShown'] },
          { target: 'confirming', actions: [{ type: 'setHash', params: ({ event }) => event.output }, 'tellParentSubmitted'] },
        ],
        onError: [
          { guard: 'isUserRejection', target: 'rejected' },
          { target: 'failed', actions: 'setFailure' },
        ],
      },
    },
    /** Broadcast; the chain decides its end (the receipt rule). */
    confirming: {
      tags: ['loading'],
      invoke: {
        id: 'waitForEnd',
        src: 'waitForEnd',
        input: ({ context }): TransactionWaitInput => ({ connectorId: context.connectorId, caipNetworkId: context.caipNetworkId, hash: context.hash! }),
        onDone: [
          { guard: { type: 'isForeignEnd', params: ({ event }) => event.output }, target: 'unknown', actions: { type: 'setForeignFailure', params: ({ event }) => event.output } },
          { guard: { type: 'isUnknownEnd', params: ({ event }) => event.output }, target: 'unknown', actions: { type: 'setEndHash', params: ({ event }) => event.output } },
          { guard: { type: 'isReplacedByOther', params: ({ event }) => event.output }, target: 'replaced', actions: [{ type: 'setEndHash', params: ({ event }) => event.output }, 'setReplacedFailure'] },
          { guard: { type: 'isReverted', params: ({ event }) => event.output }, target: 'reverted', actions: [{ type: 'setEndHash', params: ({ event }) => event.output }, 'setRevertFailure'] },
          { target: 'confirmed', actions: { type: 'setEndHash', params: ({ event }) => event.output } },
        ],
        // The wait itself failed (a dapp's own adapter threw): the transaction was sent all the same.
        onError: { target: 'unknown', actions: 'setFailure' },
      },
      // A wait that never settles (a dapp's own adapter) ends as "sent, status unknown" all the same.
      after: { receiptWaitTimeout: { target: 'unknown', actions: 'setTimeoutFailure' } },
    },
    confirmed: { type: 'final', output: ({ context }) => ({ status: 'confirmed', hash: context.hash! }) },
    reverted: { type: 'final', output: ({ context }) => ({ status: 'reverted', hash: context.hash!, error: context.failure! }) },
    replaced: { type: 'final', output: ({ context }) => ({ status: 'replaced', hash: context.hash!, error: context.failure! }) },
    rejected: { type: 'final', output: () => ({ status: 'rejected' }) },
    failed: { type: 'final', output: ({ context }) => ({ status: 'failed', error: context.failure ?? { name: 'Error', message: 'Unknown error' } }) },
    /** Sent, status unknown: the loading toast goes (the parent shows the hash and "Check again"). */
    unknown: {
      type: 'final',
      entry: { type: 'hideSubmittedToast' },
      output: ({ context }) => ({ status: 'unknown', hash: context.hash!, ...(context.failure ? { error: context.failure } : {}) }),
    },
  },
})

/**
 * The page of a transaction on a network's block explorer (`blockExplorers.default.url` + `/tx/<hash>`, the path
 * Etherscan-style explorers and Solscan share); undefined when the network names no explorer (the hash is then shown
 * to copy) or its URL is not http(s).
 * @example transactionExplorerUrl({ blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } } }, '0xab…')
 * // 'https://etherscan.io/tx/0xab…'
 */
export function transactionExplorerUrl(network: { blockExplorers?: { default: { url: string } } | undefined } | undefined, hash: string | undefined): string | undefined {
  const base = network?.blockExplorers?.default.url
  if (!base || !hash || !/^https?:\/\//i.test(base)) return undefined
  return `${base.replace(/\/+$/, '')}/tx/${encodeURIComponent(hash)}`
}

/** A parent's `onDone` event for an invoked transaction machine: its output is the {@link TransactionOutcome}. */
export type TransactionDoneEvent = DoneActorEvent<TransactionOutcome>

/**
 * Params for a parent's named action from its `onDone`: the outcome the invoked transaction ended with.
 * @example onDone: { target: 'idle', actions: { type: 'setOutcomeHash', params: outcomeOf } }
 */
export const outcomeOf = ({ event }: { event: TransactionDoneEvent }): TransactionOutcome => event.output

/**
 * Params for {@link isOutcome} from a parent's `onDone`: the outcome, and the statuses it is tested against.
 * @example onDone: [{ guard: { type: 'isOutcome', params: outcomeIn('confirmed') }, … }]
 */
export const outcomeIn =
  (...status: TransactionStatus[]) =>
  ({ event }: { event: TransactionDoneEvent }) => ({ outcome: event.output, status })

/**
 * A named guard for a parent: the invoked transaction ended with one of `params.status`.
 * @example guards: { isOutcome }, … onDone: [{ guard: { type: 'isOutcome', params: outcomeIn('confirmed') }, … }]
 */
export const isOutcome = (_: unknown, params: { outcome: TransactionOutcome; status: readonly TransactionStatus[] }) => params.status.includes(params.outcome.status)
