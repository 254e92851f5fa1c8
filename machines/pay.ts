import { assign, fromPromise, setup } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { machineTypes } from './machineTypes.ts'
import type { PayRequest } from './pay.input.ts'
import { isOutcome, outcomeIn, transactionMachine, type TransactionInput, type TransactionOutcome } from './transaction.ts'

/** The wallet a payment is made from: its connector, its address and the CAIP-2 network it is on. */
export type PayWallet = { connectorId: string; address: string; caipNetworkId: string }

/** How a payment ended, the chart's output and what `modal.pay` resolves with (the same shape as `PayReturnType`). */
export type PayOutcome = { status: 'success'; txHash: string; chainId: number; paidAmount: string } | { status: 'failed' | 'expired' | 'cancelled'; reason: string }

/** What the pay chart is started with: the checked request, its amount in base units, and the paying wallet. */
export type PayInput = { request: PayRequest; units: bigint; wallet: PayWallet }

/** `ended`: how it ended, set on entering a final state. */
export type PayContext = PayInput & { reason?: string | undefined; hash?: string | undefined; ended?: 'success' | 'failed' | 'cancelled' | undefined }

export type PayEvent =
  /** The review's Pay button. */
  | { type: 'pay.confirm' }
  /** The modal closed (or the visitor chose Cancel): the payment ends `cancelled`. */
  | { type: 'pay.close' }

/** The transfer the `transaction` machine's `send` actor hands the wallet: native (`to`, `value`) or ERC-20 `transfer`. */
export type PayTransferRequest = { from: string; to: string; value: bigint; token?: string | undefined }

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('pay', name)
}

/**
 * Pay from a wallet (spec §1 optional features, §2 Pay): `reviewing` (what is asked, the visitor decides) →
 * `switchingNetwork` when the wallet is on another network (the `switchNetwork` actor; declined: back to reviewing) →
 * `transferring` (one run of the transaction machine, `machines/transaction.ts`: the prompt, then the receipt rule) →
 * `succeeded` only after the receipt confirmed it; `failed` for a revert, a replacement, the wallet's failure or an end
 * not known; a rejection in the wallet returns to reviewing. `pay.close` from any state before the end: `cancelled`.
 * Every final state outputs a {@link PayOutcome}.
 *
 * Actors to provide: `switchNetwork` ({ connectorId, caipNetworkId } → void), and the `transaction` machine's own.
 */
export const payMachine = setup({
  types: machineTypes<{ context: PayContext; events: PayEvent; input: PayInput; output: PayOutcome }>(),
  actors: {
    switchNetwork: fromPromise<void, { connectorId: string; caipNetworkId: string }>(notProvided('switchNetwork')),
    transaction: transactionMachine,
  },
  guards: {
    isOnPayNetwork: ({ context }) => context.wallet.caipNetworkId === context.request.asset.caipNetworkId,
    isOutcome,
  },
  actions: {
    end: assign(({ context }, params: { ended: 'success' | 'failed' | 'cancelled'; reason?: string }) => ({ ended: params.ended, reason: params.reason ?? context.reason })),
    setOutcome: assign(({ context }, outcome: TransactionOutcome) => ({
      hash: 'hash' in outcome ? outcome.hash : context.hash,
      reason: outcome.status === 'confirmed' ? undefined : 'error' in outcome && outcome.error ? outcome.error.message : `The transfer ended ${outcome.status}.`,
    })),
    setOnPayNetwork: assign({ wallet: ({ context }) => ({ ...context.wallet, caipNetworkId: context.request.asset.caipNetworkId }) }),
  },
}).createMachine({
  id: 'pay',
  context: ({ input }) => ({ ...input }),
  initial: 'reviewing',
  on: { 'pay.close': { target: '.cancelled' } },
  states: {
    reviewing: {
      on: { 'pay.confirm': [{ guard: 'isOnPayNetwork', target: 'transferring' }, { target: 'switchingNetwork' }] },
    },
    switchingNetwork: {
      invoke: {
        id: 'switchNetwork',
        src: 'switchNetwork',
        input: ({ context }) => ({ connectorId: context.wallet.connectorId, caipNetworkId: context.request.asset.caipNetworkId }),
        onDone: { target: 'transferring', actions: 'setOnPayNetwork' },
        onError: { target: 'reviewing' },
      },
    },
    transferring: {
      invoke: {
        id: 'transaction',
        src: 'transaction',
        input: ({ context }): TransactionInput => ({
          caipNetworkId: context.request.asset.caipNetworkId,
          namespace: 'eip155',
          connectorId: context.wallet.connectorId,
          request: {
            from: context.wallet.address,
            to: context.request.recipient,
            value: context.units,
            ...(context.request.asset.kind === 'erc20' ? { token: context.request.asset.address } : {}),
          } satisfies PayTransferRequest,
        }),
        onDone: [
          { guard: { type: 'isOutcome', params: outcomeIn('rejected') }, target: 'reviewing' },
          { guard: { type: 'isOutcome', params: outcomeIn('confirmed') }, target: 'succeeded', actions: { type: 'setOutcome', params: ({ event }) => event.output } },
          { target: 'failed', actions: { type: 'setOutcome', params: ({ event }) => event.output } },
        ],
      },
    },
    succeeded: { type: 'final', entry: { type: 'end', params: { ended: 'success' } } },
    failed: { type: 'final', entry: { type: 'end', params: { ended: 'failed' } } },
    cancelled: { type: 'final', entry: { type: 'end', params: { ended: 'cancelled', reason: 'The payment was cancelled.' } } },
  },
  output: ({ context }): PayOutcome =>
    context.ended === 'success'
      ? { status: 'success', txHash: context.hash ?? '', chainId: context.request.asset.chainId, paidAmount: context.request.amount }
      : { status: context.ended === 'cancelled' ? 'cancelled' : 'failed', reason: context.reason ?? 'The payment failed.' },
})
