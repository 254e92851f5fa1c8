import { assign, fromPromise, setup } from 'xstate'
import type { BalanceSummary } from '../adapters/types.ts'
import { RequestTimeoutError, summarizeError, type ErrorSummary } from '../adapters/errors.ts'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { machineTypes } from './machineTypes.ts'
import { actorErrorOf } from './narrow.ts'
import { timing } from './timing.ts'

/** Whose balance a switcher row reads: a held connection's address on the active network of its namespace. */
export type WalletBalanceTarget = {
  /** The connection's id (`eip155:io.metamask`). */
  connectionId: string
  namespace: string
  /** The address it acts with (checksummed on eip155). */
  address: string
  /** CAIP-2 id of the namespace's active network (the active connection's chain). */
  caipNetworkId: string
}

export type WalletBalanceContext = WalletBalanceTarget & {
  /** The last balance read (the smallest unit as a decimal string), kept while it is read again. */
  balance: BalanceSummary | undefined
  /** Why the last read failed, or that it was not answered within `walletRequestTimeout`. */
  error: ErrorSummary | undefined
}

export type WalletBalanceEvent =
  /** The connection's address or the namespace's network changed: read the new one (the same target is ignored). */
  { type: 'walletBalance.retarget'; address: string; caipNetworkId: string }

const readNotProvided = () => {
  throw new ActorNotProvidedError('walletBalance', 'readBalance')
}

/**
 * The native balance of one held, non-active connection as the wallet switcher shows it (spec §6 multi-wallet: the
 * switcher lists each connection with its balance; spec §5 balance floored to 3 decimals; spec §9 native balance 30 s).
 * One per row, spawned by the multi-wallet list (`machines/multiWallet.ts`), so a row that fails or waits never holds
 * up another row or a switch.
 *
 * - `loading`: `readBalance` ({@link WalletBalanceTarget} → {@link BalanceSummary}, value in the smallest unit: wei,
 *   lamports, satoshis) is asked, at most `walletRequestTimeout`; a balance already read stays shown meanwhile.
 * - `ready`: read again after `nativeBalanceTtl`.
 * - `unavailable`: the read failed (its error, or a `RequestTimeoutError`, in context); read again after `balanceRetry`.
 *   A balance read before is kept with the error: the switcher shows it said not to be current
 *   (`connectWalletBalance` status `stale`) until a read succeeds.
 * - `walletBalance.retarget` with another address or network reads that one at once, the old balance dropped.
 *
 * Actor to provide: `readBalance` (never through the held wallet itself: it may hang or sit on another network).
 * @example createActor(walletBalanceMachine.provide({ actors: { readBalance } }), { input: { connectionId: 'eip155:b', namespace: 'eip155', address: '0x…', caipNetworkId: 'eip155:1' } })
 */
export const walletBalanceMachine = setup({
  types: machineTypes<{ context: WalletBalanceContext; events: WalletBalanceEvent; input: WalletBalanceTarget }>(),
  actors: { readBalance: fromPromise<BalanceSummary, WalletBalanceTarget>(readNotProvided) },
  delays: { walletRequestTimeout: timing.walletRequestTimeout, nativeBalanceTtl: timing.nativeBalanceTtl, balanceRetry: timing.balanceRetry },
  guards: {
    /** The event names another address or network than the one read. */
    isNewTarget: ({ context, event }) => event.address !== context.address || event.caipNetworkId !== context.caipNetworkId,
  },
  actions: {
    /** The event's address and network become the target; the balance of the old one is dropped. */
    setTarget: assign(({ event }) => ({ address: event.address, caipNetworkId: event.caipNetworkId, balance: undefined, error: undefined })),
    /** Params: the balance `readBalance` answered. */
    setBalance: assign((_, balance: BalanceSummary) => ({ balance, error: undefined })),
    setError: assign(({ event }) => ({ error: summarizeError(actorErrorOf(event)) })),
    setTimedOut: assign({ error: () => summarizeError(new RequestTimeoutError('Reading the balance', timing.walletRequestTimeout)) }),
  },
}).createMachine({
  id: 'walletBalance',
  context: ({ input }) => ({ ...input, balance: undefined, error: undefined }),
  initial: 'loading',
  on: { 'walletBalance.retarget': { guard: 'isNewTarget', target: '.loading', actions: 'setTarget' } },
  states: {
    loading: {
      invoke: {
        id: 'readBalance',
        src: 'readBalance',
        input: ({ context }) => ({ connectionId: context.connectionId, namespace: context.namespace, address: context.address, caipNetworkId: context.caipNetworkId }),
        onDone: { target: 'ready', actions: { type: 'setBalance', params: ({ event }) => event.output } },
        onError: { target: 'unavailable', actions: 'setError' },
      },
      after: { walletRequestTimeout: { target: 'unavailable', actions: 'setTimedOut' } },
    },
    ready: { after: { nativeBalanceTtl: 'loading' } },
    unavailable: { after: { balanceRetry: 'loading' } },
  },
})
