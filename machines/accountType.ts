import { assign, emit, fromCallback, fromPromise, setup, type EventObject } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { summarizeError, type ErrorSummary } from '../adapters/errors.ts'
import { actorErrorOf } from './narrow.ts'
import type { RootMoment } from './features.ts'
import { messageOf } from './messages.ts'
import { tellAction, type SystemMessage } from './system.ts'
import { isEmbeddedEvmAccount } from './accountType.account.ts'
import { machineTypes } from './machineTypes.ts'

/** The account types of the embedded wallet on EVM chains (spec §3 `preferredAccountType`). */
export type EmbeddedAccountType = 'eoa' | 'smartAccount'

/**
 * The embedded wallet's account state on the connected EVM chain (spec §3 account state: `preferredAccountType`,
 * `smartAccountDeployed`; network enabling `smartAccountEnabledNetworks`), as the frame reports it.
 */
export type AccountTypeState = {
  /** The EVM chain id the state is of. */
  chainId: number
  /** The account the wallet acts with now. */
  preferredAccountType: EmbeddedAccountType
  /** The user's accounts: the EOA, and the smart account where the secure site has one. */
  accounts: { address: string; type: EmbeddedAccountType }[]
  /** Whether the smart account has code on the chain (its first user operation deploys it). */
  smartAccountDeployed: boolean
  /** The EVM chain ids with smart accounts (spec §3 `smartAccountEnabledNetworks`). */
  smartAccountEnabledNetworks: number[]
}

/** What the frame's user payload carries of the state (spec §3 "Embedded wallet user payload"). */
export type AccountTypeUser = {
  address: string
  chainId: number | string
  accounts?: { address: string; type: EmbeddedAccountType }[] | undefined
  preferredAccountType?: string | undefined
  smartAccountDeployed?: boolean | undefined
}

/**
 * The account state from the frame's user payload and the enabled networks: a payload without `accounts` lists its
 * address as the EOA; any preferred type but `smartAccount` is `eoa`.
 * @example accountTypeStateOf({ address: '0x12…', chainId: 31337 }, [31337]).preferredAccountType // 'eoa'
 */
export function accountTypeStateOf(user: AccountTypeUser, smartAccountEnabledNetworks: readonly number[]): AccountTypeState {
  const chainId = typeof user.chainId === 'number' ? user.chainId : Number(String(user.chainId).split(':').at(-1))
  return {
    chainId,
    preferredAccountType: user.preferredAccountType === 'smartAccount' ? 'smartAccount' : 'eoa',
    accounts: user.accounts && user.accounts.length > 0 ? user.accounts : [{ address: user.address, type: 'eoa' }],
    smartAccountDeployed: user.smartAccountDeployed === true,
    smartAccountEnabledNetworks: [...smartAccountEnabledNetworks],
  }
}

/**
 * Whether the wallet may switch to `to` (spec §4): to the smart account only when smart accounts are enabled for the
 * chain, the user has one and the current type is `eoa`; to the EOA only from the smart account.
 * @example canSwitchAccountType(state, 'smartAccount')
 */
export function canSwitchAccountType(state: AccountTypeState | undefined, to: EmbeddedAccountType): boolean {
  if (!state || state.preferredAccountType === to) return false
  if (to === 'eoa') return true
  return state.smartAccountEnabledNetworks.includes(state.chainId) && state.accounts.some((a) => a.type === 'smartAccount')
}

/** Context of the account-type switch. */
export type AccountTypeContext = {
  /** The state last read or pushed; undefined until read. */
  state: AccountTypeState | undefined
  /** The type a switch in progress goes to. */
  target: EmbeddedAccountType | undefined
  /** The last failure (a read or a switch). */
  error: ErrorSummary | undefined
  /** The type a login starts with (spec §4 defaults, the dapp's option, the visitor's stored choice), applied once read. */
  prefer: EmbeddedAccountType | undefined
  /** The switch in progress applies the login's preferred type (no toast). */
  applied: boolean
  /** The eip155 type a login starts with (the visitor's stored choice, the dapp's default), asked at each login. */
  preferredType: (() => EmbeddedAccountType) | undefined
}

/** What the machine starts with: the type a login starts with; none, a login keeps what the frame reports. */
export type AccountTypeInput = { preferredType?: (() => EmbeddedAccountType) | undefined } | undefined

export type AccountTypeEvent =
  /**
   * The root's moments: `root.account` with the embedded wallet's account on eip155 (connected, came back, another
   * address or chain) reads the state again, a login (`connected`) with the type to start with (switched to once read,
   * when {@link canSwitchAccountType} allows it); any other account, or none, forgets the state.
   */
  | RootMoment
  /** Account's "Switch to your smart account" / "Switch to your EOA". */
  | { type: 'accountType.switch'; to: EmbeddedAccountType }
  /** The frame pushed the user (FRAME_SESSION_UPDATE: e.g. the smart account deployed by its first user operation). */
  | { type: 'accountType.updated'; user: AccountTypeUser }

/** What the machine emits beside its toasts (observers, tests). */
export type AccountTypeEmitted =
  /** `applied`: the login's preferred type was applied (no gesture of the visitor). */
  { type: 'accountType.switched'; to: EmbeddedAccountType; applied: boolean } | { type: 'accountType.failed'; error: ErrorSummary; applied: boolean }

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('accountType', name)
}

/** A switch done by the visitor: 'Switched to your smart account' / 'Switched to your EOA'; the login's own switch: nothing. */
const toastSwitched = {
  type: 'tell',
  params: ({ context }: { context: AccountTypeContext }): SystemMessage | undefined =>
    context.applied
      ? undefined
      : { to: 'toast', event: { type: 'toast.show', variant: 'success', message: messageOf(context.state?.preferredAccountType === 'smartAccount' ? 'accountTypeSmartAccount' : 'accountTypeEoa') } },
} as const

/** A refused switch of the visitor: its error as a toast (the account and the view stay); the login's own: nothing. */
const toastFailed = {
  type: 'tell',
  params: ({ context }: { context: AccountTypeContext }): SystemMessage | undefined =>
    context.applied || !context.error ? undefined : { to: 'toast', event: { type: 'toast.show', variant: 'error', message: messageOf('failure', context.error) } },
} as const

/**
 * The embedded wallet's account-type switch (spec §3, §4 "switching to smart account"). It follows the root's account
 * moments (`root.account`): the embedded wallet's account on eip155 reads the state (`readState`: the frame's user and
 * its smart-account enabled networks) → `ready`, or `failed` (no switch offered); a login reads with the type to start
 * with (`input.preferredType`), switched to at once and silently when allowed; any other account, or none, → `idle`,
 * the state forgotten. From `ready`, `accountType.switch` (allowed by {@link canSwitchAccountType}) runs
 * `setPreferred` (the frame's SET_PREFERRED_ACCOUNT; the connection's address then changes) in `switching` (tag `busy`,
 * reads wait for its answer) and returns to `ready` with the new state: the toast says 'Switched to your smart
 * account' / 'Switched to your EOA' (emits `accountType.switched`); a refusal keeps the state as it was and shows its
 * error (emits `accountType.failed`). The frame's pushes of the user (`watchUser`) update the state
 * (`smartAccountDeployed` after the first user operation).
 */
export const accountTypeMachine = setup({
  types: machineTypes<{ context: AccountTypeContext; events: AccountTypeEvent; emitted: AccountTypeEmitted; input: AccountTypeInput }>(),
  actors: {
    readState: fromPromise<AccountTypeState, void>(notProvided('readState')),
    setPreferred: fromPromise<AccountTypeUser, { to: EmbeddedAccountType }>(notProvided('setPreferred')),
    watchUser: fromCallback<EventObject, void>(() => () => {}),
  },
  guards: {
    /** Params: the state `readState` answered. */
    shouldApplyPreference: ({ context }, state: AccountTypeState) => context.prefer !== undefined && canSwitchAccountType(state, context.prefer),
    canSwitch: ({ context, event }) => event.type === 'accountType.switch' && canSwitchAccountType(context.state, event.to),
    /** The root's account moment brings the embedded wallet's account on eip155. */
    isEmbeddedAccount: ({ event }) => event.type === 'root.account' && isEmbeddedEvmAccount(event.account),
  },
  actions: {
    /** Params: the state `readState` answered. */
    setState: assign((_, state: AccountTypeState) => ({ state, error: undefined })),
    setReadError: assign({ state: undefined, error: ({ event }) => summarizeError(actorErrorOf(event)) }),
    setTarget: assign({ target: ({ event }) => (event.type === 'accountType.switch' ? event.to : undefined), error: undefined, prefer: undefined, applied: false }),
    /** A login (`connected`, not a restore or a change) starts with the preferred type. */
    setPrefer: assign({ prefer: ({ context, event }) => (event.type === 'root.account' && event.change === 'connected' ? context.preferredType?.() : undefined) }),
    tell: tellAction<AccountTypeContext, AccountTypeEvent>(),
    applyPreference: assign({ target: ({ context }) => context.prefer, prefer: undefined }),
    forgetPreference: assign({ prefer: undefined }),
    /** Params: the user `setPreferred` answered. */
    setSwitched: assign(({ context }, user: AccountTypeUser) => ({ state: accountTypeStateOf(user, context.state?.smartAccountEnabledNetworks ?? []), target: undefined })),
    setSwitchError: assign({ target: undefined, error: ({ event }) => summarizeError(actorErrorOf(event)) }),
    resetApplied: assign({ applied: false }),
    emitSwitched: emit(({ context }) => ({ type: 'accountType.switched' as const, to: context.state?.preferredAccountType ?? 'eoa', applied: context.applied })),
    emitFailed: emit(({ context }) => ({ type: 'accountType.failed' as const, error: context.error ?? { name: 'Error', message: 'Something went wrong' }, applied: context.applied })),
    applyUpdate: assign({
      state: ({ context, event }) => (event.type === 'accountType.updated' && context.state ? accountTypeStateOf(event.user, context.state.smartAccountEnabledNetworks) : context.state),
    }),
    clear: assign({ state: undefined, target: undefined, error: undefined, prefer: undefined, applied: false }),
    markApplied: assign({ applied: true }),
  },
}).createMachine({
  id: 'accountType',
  context: ({ input }) => ({ state: undefined, target: undefined, error: undefined, prefer: undefined, applied: false, preferredType: input?.preferredType }),
  invoke: { id: 'watchUser', src: 'watchUser' },
  initial: 'idle',
  states: {
    idle: {},
    reading: {
      tags: ['loading'],
      invoke: {
        id: 'readState',
        src: 'readState',
        onDone: [
          // A login's preferred type (spec §4 defaults): switched to at once, without a toast.
          {
            guard: { type: 'shouldApplyPreference', params: ({ event }) => event.output },
            target: 'switching',
            actions: [{ type: 'setState', params: ({ event }) => event.output }, 'applyPreference', 'markApplied'],
          },
          { target: 'ready', actions: [{ type: 'setState', params: ({ event }) => event.output }, 'forgetPreference'] },
        ],
        onError: { target: 'failed', actions: ['setReadError', 'forgetPreference'] },
      },
    },
    ready: {
      on: {
        'accountType.switch': { guard: 'canSwitch', target: 'switching', actions: 'setTarget' },
        'accountType.updated': { actions: 'applyUpdate' },
      },
    },
    switching: {
      tags: ['busy'],
      invoke: {
        id: 'setPreferred',
        src: 'setPreferred',
        input: ({ context }) => ({ to: context.target ?? 'eoa' }),
        onDone: { target: 'ready', actions: [{ type: 'setSwitched', params: ({ event }) => event.output }, 'emitSwitched', toastSwitched, 'resetApplied'] },
        onError: { target: 'ready', actions: ['setSwitchError', 'emitFailed', toastFailed, 'resetApplied'] },
      },
      // The switch itself changes the connection's account: its answer is the new state, a read now would cancel it.
      on: { 'root.account': { guard: 'isEmbeddedAccount' } },
    },
    failed: {},
  },
  on: {
    'root.account': [
      { guard: 'isEmbeddedAccount', target: '.reading', actions: 'setPrefer' },
      { target: '.idle', actions: 'clear' },
    ],
  },
})
