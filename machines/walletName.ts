import { assign, fromPromise, setup } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { machineTypes } from './machineTypes.ts'
import { timing } from './timing.ts'
import type { WalletBalanceTarget } from './walletBalance.ts'

/** Whose name a switcher row looks up: a held account's address on its wallet's chain (as its balance row's target). */
export type WalletNameTarget = WalletBalanceTarget

export type WalletNameContext = WalletNameTarget & {
  /** The name found for the address (`vitalik.eth`); undefined while looked up or when it has none. */
  name: string | undefined
}

export type WalletNameEvent =
  /** The row's address or chain changed: look the new one up (the same target is ignored). */
  { type: 'walletName.retarget'; address: string; caipNetworkId: string }

const readNotProvided = () => {
  throw new ActorNotProvidedError('walletName', 'readName')
}

/**
 * The name of one held, non-active account as the wallet switcher shows it in place of its address (spec §6
 * multi-wallet: the switcher lists each connection with its "address or name"; the name found as the Account view
 * finds its own, spec §2 Account). One per row, spawned by the multi-wallet list beside the row's balance
 * (`machines/multiWallet.ts`), so a lookup that fails or waits never holds up a row or a switch.
 *
 * - `reading`: `readName` ({@link WalletNameTarget} → the name, or null: none, or not looked up on that network) is
 *   asked, at most `walletRequestTimeout`; the row shows the shortened address meanwhile.
 * - `named`: a name was found; the row shows it (the address stays in the row's title).
 * - `unnamed`: none, the lookup failed, or it was not answered in time: the shortened address stays. A name is not
 *   looked up again for the same target (the service keeps its own cache, spec §9 name cache).
 * - `walletName.retarget` with another address or chain looks that one up, the old name dropped.
 *
 * Actor to provide: `readName`.
 * @example createActor(walletNameMachine.provide({ actors: { readName } }), { input: { connectionId: 'eip155:b', namespace: 'eip155', address: '0x…', caipNetworkId: 'eip155:1' } })
 */
export const walletNameMachine = setup({
  types: machineTypes<{ context: WalletNameContext; events: WalletNameEvent; input: WalletNameTarget }>(),
  actors: { readName: fromPromise<string | null, WalletNameTarget>(readNotProvided) },
  delays: { walletRequestTimeout: timing.walletRequestTimeout },
  guards: {
    /** The event names another address or chain than the one looked up. */
    isNewTarget: ({ context, event }) => event.address !== context.address || event.caipNetworkId !== context.caipNetworkId,
    /** Params: what `readName` answered is a name (a non-empty string). */
    isName: (_, name: string | null) => typeof name === 'string' && name.length > 0,
  },
  actions: {
    /** The event's address and chain become the target; the old name is dropped. */
    setTarget: assign(({ event }) => ({ address: event.address, caipNetworkId: event.caipNetworkId, name: undefined })),
    /** Params: the name `readName` answered. */
    setName: assign((_, name: string | null) => ({ name: name ?? undefined })),
  },
}).createMachine({
  id: 'walletName',
  context: ({ input }) => ({ ...input, name: undefined }),
  initial: 'reading',
  on: { 'walletName.retarget': { guard: 'isNewTarget', target: '.reading', actions: 'setTarget' } },
  states: {
    reading: {
      invoke: {
        id: 'readName',
        src: 'readName',
        input: ({ context }) => ({ connectionId: context.connectionId, namespace: context.namespace, address: context.address, caipNetworkId: context.caipNetworkId }),
        onDone: [{ guard: { type: 'isName', params: ({ event }) => event.output }, target: 'named', actions: { type: 'setName', params: ({ event }) => event.output } }, { target: 'unnamed' }],
        onError: 'unnamed',
      },
      after: { walletRequestTimeout: 'unnamed' },
    },
    named: {},
    unnamed: {},
  },
})
