import { assign, fromPromise, setup } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { summarizeError, type ErrorSummary } from '../adapters/errors.ts'
import { actorErrorOf } from './narrow.ts'
import type { RootMoment } from './features.ts'
import { tellAction, type SystemMessage } from './system.ts'
import { machineTypes } from './machineTypes.ts'

/** One account of the embedded wallet's user (spec §3 "Embedded wallet user payload": accounts, EOA or smart account). */
export type ProfileAccount = { address: string; type: 'eoa' | 'smartAccount' }

/** What the frame reports about the user's accounts (spec §3 user payload and account state). */
export type ProfileWalletsUser = {
  /** The address the embedded wallet connects with now. */
  address: string
  accounts?: ProfileAccount[] | undefined
  preferredAccountType?: string | undefined
  smartAccountDeployed?: boolean | undefined
}

/** Context of ProfileWallets. */
export type ProfileWalletsContext = { user: ProfileWalletsUser | undefined; error: ErrorSummary | undefined }

export type ProfileWalletsEvent =
  /** Account's "Your wallets": ProfileWallets pushed, the frame's user read (again). */
  | { type: 'profileWallets.start' }
  /** Try again after a failed read. */
  | { type: 'profileWallets.retry' }
  /** The root's moments: another account while ProfileWallets shows leaves it. */
  | RootMoment

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('profileWallets', name)
}

/** Leaving ProfileWallets for another account: Account, or Connect with none. */
const leave = (event: ProfileWalletsEvent): SystemMessage => ({
  to: 'router',
  event: { type: 'router.reset', view: event.type === 'root.account' && event.account ? 'Account' : 'Connect' },
})

/**
 * ProfileWallets (spec §2, §3 "Embedded wallet user payload"): the accounts of the embedded wallet's user
 * as the frame reports them (its EOA, and its smart account when the frame has one), read with `readUser`
 * (APP_GET_USER) each time the view opens. `loading` → `loaded` (the user in context) or `failed` (the error;
 * `profileWallets.retry` reads again). It moves the views itself, by systemId: Account's "Your wallets"
 * (`profileWallets.start`) pushes ProfileWallets; another account while it shows (`root.account` not a restore, the
 * view held by this feature) resets to Account, or to Connect with no account.
 */
export const profileWalletsMachine = setup({
  types: machineTypes<{ context: ProfileWalletsContext; events: ProfileWalletsEvent }>(),
  actors: { readUser: fromPromise<ProfileWalletsUser, void>(notProvided('readUser')) },
  guards: {
    /** Another account (not a restore) while ProfileWallets shows. */
    isLeavingItsView: ({ event }) => event.type === 'root.account' && event.change !== 'restored' && event.holder === 'profileWallets',
  },
  actions: {
    tell: tellAction<ProfileWalletsContext, ProfileWalletsEvent>(),
    /** Params: the user `readUser` answered. */
    setUser: assign((_, user: ProfileWalletsUser) => ({ user, error: undefined })),
    setError: assign({ error: ({ event }) => summarizeError(actorErrorOf(event)) }),
  },
}).createMachine({
  id: 'profileWallets',
  context: { user: undefined, error: undefined },
  initial: 'idle',
  states: {
    idle: {},
    loading: {
      tags: ['loading'],
      invoke: { id: 'readUser', src: 'readUser', onDone: { target: 'loaded', actions: { type: 'setUser', params: ({ event }) => event.output } }, onError: { target: 'failed', actions: 'setError' } },
    },
    loaded: {},
    failed: { on: { 'profileWallets.retry': 'loading' } },
  },
  on: {
    'profileWallets.start': { target: '.loading', actions: { type: 'tell', params: { to: 'router', event: { type: 'router.push', view: 'ProfileWallets' } } } },
    'root.account': { guard: 'isLeavingItsView', actions: { type: 'tell', params: ({ event }) => leave(event) } },
  },
})
