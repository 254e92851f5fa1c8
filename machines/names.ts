import { assign, emit, fromPromise, setup, type EventObject } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { isUserRejection, summarizeError, type ErrorSummary } from '../adapters/errors.ts'
import type { NamesMessage } from './names.messages.ts'
import { supportsNamespace } from './namespaces.ts'
import { timing } from './timing.ts'
import { actorErrorOf } from './narrow.ts'
import type { ConnectedAccount, RootMoment } from './features.ts'
import { reportAction, tellAction, type SystemMessage } from './system.ts'
import { machineTypes } from './machineTypes.ts'
import { defaultNameSuffix } from './names.suffix.ts'

/** The names machine's logic type (for the view model's snapshot type). */
export type NamesMachineSnapshot = typeof namesMachine

/** The shortest name (spec §5, §9). */
export const nameMinLength = 4

/**
 * Whether `label` (the name without its suffix) may be registered: letters, digits or hyphen, at least 4 (spec §5).
 * @example isValidNameLabel('alice-dev') // true
 * @example isValidNameLabel('abc') // false
 */
export function isValidNameLabel(label: string): boolean {
  return label.length >= nameMinLength && /^[A-Za-z0-9-]+$/.test(label)
}

/**
 * The label of what the visitor typed: trimmed, lower-case, the suffix removed when typed.
 * @example nameLabel(' Alice-Dev.reown.id ', '.reown.id') // 'alice-dev'
 */
export function nameLabel(typed: string, suffix: string): string {
  const lower = typed.trim().toLowerCase()
  return lower.endsWith(suffix) ? lower.slice(0, -suffix.length) : lower
}

/** The account a name is registered for (from the active eip155 connection). */
export type NamesTarget = { address: string; caipNetworkId: string; namespace: string; connectorId: string }

/** A suggested name (spec §3 "Name suggestion") with whether it is taken. */
export type NameSuggestion = { name: string; registered: boolean }

export type NamesContext = {
  /** The suffix of the zone (configuration, default {@link defaultNameSuffix}). */
  suffix: string
  target: NamesTarget | undefined
  /** What the visitor typed (kept through a cancel or an error). */
  name: string
  /** The suggestions for the typed name (its own full name first when the server lists it). */
  suggestions: NameSuggestion[]
  /** The full name the suggestions are for (they are stale when the typed name moved on). */
  suggestionsFor: string | undefined
  message: NamesMessage | undefined
  /** The name registered, once registered (RegisterAccountNameSuccess). */
  registered: string | undefined
  /**
   * The profile name set by a registration (spec §4 "set the profile name"): Account shows it for that address, also
   * where the identity is not looked up (a testnet, spec §5). Kept across a new visit (`names.start`, `names.done`); another account clears it.
   */
  profile: { address: string; name: string } | undefined
  /** The signed registration, from its signature until the register request answers. */
  signed: SignedRegistration | undefined
}

/** What the machine starts with: the zone suffix (spec §9), and the connected account (none: not connected). */
export type NamesInput = { suffix?: string | undefined; target?: NamesTarget | undefined } | undefined

export type NamesEvent =
  /** Account's "Register a name": RegisterAccountName, fresh after a success. */
  | { type: 'names.start' }
  /** RegisterAccountNameSuccess's Done: back to Account, fresh. */
  | { type: 'names.done' }
  /** The visitor typed in the name field (a suggestion picked is typed too). */
  | { type: 'names.setName'; name: string }
  /** Register the typed name (when valid and available). */
  | { type: 'names.register' }
  /**
   * The root's moments: the active account (eip155 names: the account to register for, another address starts over; none
   * or another namespace: nothing to register; another account while the views show leaves them for Account).
   */
  | RootMoment

/** What the owner hears: the outcome of a registration. */
export type NamesEmitted = { type: 'names.registered'; name: string; address: string } | { type: 'names.cancelled' } | { type: 'names.failed'; error: ErrorSummary }

/** Input of `signRegistration`: the message is built (with its timestamp) and signed by the wallet. */
export type SignRegistrationInput = { name: string; target: NamesTarget }
/** Output of `signRegistration`. */
export type SignedRegistration = { message: string; signature: string }
/** Input of `registerName`. */
export type RegisterNameInput = SignedRegistration & { name: string; target: NamesTarget }

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('names', name)
}

/** The account to register for: an account of a namespace with names (eip155), else none. */
const namesTarget = (a: ConnectedAccount | NamesTarget | undefined): NamesTarget | undefined =>
  a && supportsNamespace('names', a.namespace) ? { address: a.address, caipNetworkId: a.caipNetworkId, namespace: a.namespace, connectorId: a.connectorId } : undefined

/** A failure (not the visitor's rejection) reported to the root: its WALLET_ERROR analytics. */
const reportFailure = { type: 'report', params: ({ event }: { event: EventObject }) => ({ type: 'feature.reportError', error: summarizeError(actorErrorOf(event)) }) } as const

/**
 * Another account (not a restore) while the names views show leaves them for Account; none while they show: the root
 * itself resets to Connect.
 */
const leaveViews = {
  type: 'tell',
  params: ({ event }: { event: NamesEvent }): SystemMessage | undefined =>
    event.type === 'root.account' && event.account && event.holder === 'names' && ['changed', 'disconnected', 'switched'].includes(event.change)
      ? { to: 'router', event: { type: 'router.reset', view: 'Account' } }
      : undefined,
} as const

/** A message for the router (the `tell` action's params). */
const toRouter = (event: SystemMessage['event']) => ({ type: 'tell', params: { to: 'router', event } satisfies SystemMessage }) as const

/**
 * The success view by the view the registration ends on, each move applying only on its view (`from`): a browser wallet
 * signs over the form, which is replaced; the embedded wallet's approval (ApproveTransaction) pops its stack entry to
 * Account (spec §4 "Embedded-wallet RPC lifecycle") before or after the registration ends (the balance refresh and the
 * API call race): an approval still showing is cleared from the transaction stack and Account shown (its late pop then
 * moves nothing), and the success view goes over Account. Elsewhere nothing moves.
 */
const showSuccess = [
  toRouter({ type: 'router.replace', view: 'RegisterAccountNameSuccess', from: 'RegisterAccountName' }),
  toRouter({ type: 'router.clearTransactions', from: 'ApproveTransaction' }),
  toRouter({ type: 'router.reset', view: 'Account', from: 'ApproveTransaction' }),
  toRouter({ type: 'router.push', view: 'RegisterAccountNameSuccess', from: 'Account' }),
] as const

/** The full name of what is typed: its label with the suffix. */
export const fullName = (context: Pick<NamesContext, 'name' | 'suffix'>): string => `${nameLabel(context.name, context.suffix)}${context.suffix}`
const labelValid = (context: NamesContext) => isValidNameLabel(nameLabel(context.name, context.suffix))

/**
 * Whether the typed name is free: the suggestions for it are in and do not list it as registered.
 * @example isNameAvailable(snapshot.context)
 */
export function isNameAvailable(context: NamesContext): boolean | undefined {
  const full = fullName(context)
  if (context.suggestionsFor !== full) return undefined
  return !context.suggestions.some((s) => s.name === full && s.registered)
}

/** The first reason's description of an API error body (`{ reasons: [{ description }] }`), if any. */
export function firstReason(error: unknown): string | undefined {
  const body = typeof error === 'object' && error !== null && 'body' in error ? error.body : undefined
  const reasons = typeof body === 'object' && body !== null && 'reasons' in body ? body.reasons : undefined
  const first: unknown = Array.isArray(reasons) ? reasons[0] : undefined
  const description = typeof first === 'object' && first !== null && 'description' in first ? first.description : undefined
  return typeof description === 'string' && description ? description : undefined
}

/**
 * Name registration (spec §2 RegisterAccountName, §4 "Name registration", §5, §8), eip155 only (spec §6):
 * - `editing`: the typed name; a valid one (letters, digits or hyphen, at least 4) asks the suggestions (with the
 *   zone) after `suggestionDebounce` (`idle` → `debouncing` → `fetching` → `ready`, or `failed`: 'Error fetching
 *   name suggestions'); `names.register` with a valid, available name and an eip155 account → `signing`.
 * - `signing`: the wallet signs the registration message (EIP-191) → `registering` (POST). The visitor's rejection
 *   (4001) returns to `editing` with the name kept (`names.cancelled`); any other failure too, with 'Error
 *   registering name {name}' preferring the API's first reason description (`names.failed`).
 * - `registered` (`names.registered`): Account's data is read again (its identity shows the name) and
 *   RegisterAccountNameSuccess shows ({@link showSuccess}); Done (`names.done`) returns to Account, fresh; a failure
 *   is reported to the root (`feature.reportError`).
 *
 * It starts with the connected account (`input.target`) and follows the root's account moments (`root.account`: another
 * address starts over; another account while its views show leaves them for Account); Account's "Register a name"
 * (`names.start`) pushes RegisterAccountName, fresh after a success. It moves the views itself, by systemId.
 *
 * Actors to provide: `fetchSuggestions` ({ name, zone } → suggestions), `signRegistration`, `registerName`.
 */
export const namesMachine = setup({
  types: machineTypes<{ context: NamesContext; events: NamesEvent; emitted: NamesEmitted; input: NamesInput }>(),
  actors: {
    fetchSuggestions: fromPromise<NameSuggestion[], { name: string; zone: string }>(notProvided('fetchSuggestions')),
    signRegistration: fromPromise<SignedRegistration, SignRegistrationInput>(notProvided('signRegistration')),
    registerName: fromPromise<unknown, RegisterNameInput>(notProvided('registerName')),
  },
  delays: { suggestionDebounce: timing.nameSuggestionDebounce },
  guards: {
    isValidName: ({ context, event }) => event.type === 'names.setName' && isValidNameLabel(nameLabel(event.name, context.suffix)),
    canRegister: ({ context }) => supportsNamespace('names', context.target?.namespace) && labelValid(context) && isNameAvailable(context) === true,
    isUserRejection: ({ event }) => isUserRejection(actorErrorOf(event)),
    /** The root's account moment brings no account with names (none, or another namespace). */
    isNoTarget: ({ event }) => event.type === 'root.account' && namesTarget(event.account) === undefined,
    /** The root's account moment brings another address than the one registering. */
    isOtherAddress: ({ context, event }) => event.type === 'root.account' && (context.target === undefined || context.target.address.toLowerCase() !== namesTarget(event.account)?.address.toLowerCase()),
  },
  actions: {
    setName: assign({ name: ({ context, event }) => (event.type === 'names.setName' ? event.name : context.name), message: undefined }),
    setTarget: assign({ target: ({ context, event }) => (event.type === 'root.account' ? namesTarget(event.account) : context.target) }),
    tell: tellAction<NamesContext, NamesEvent>(),
    report: reportAction<NamesContext, NamesEvent>(),
    startOver: assign({ name: '', suggestions: [], suggestionsFor: undefined, message: undefined, registered: undefined, signed: undefined }),
    clearTarget: assign({ target: undefined }),
    /** Params: the suggestions `fetchSuggestions` answered. */
    setSuggestions: assign(({ context }, suggestions: NameSuggestion[]) => ({ suggestions, suggestionsFor: fullName(context) })),
    /** Params: the registration `signRegistration` answered (what `registerName` sends). */
    setSigned: assign((_, signed: SignedRegistration) => ({ signed })),
    setSuggestionsFailed: assign({ suggestions: [], suggestionsFor: undefined, message: { key: 'suggestionsFailed' as const } }),
    setRegisterFailed: assign({
      message: ({ context, event }) => ({ key: 'registerFailed' as const, values: { name: fullName(context), reason: firstReason(actorErrorOf(event)) } }),
    }),
    setRegistered: assign(({ context }) => ({ signed: undefined, registered: fullName(context), profile: { address: context.target!.address, name: fullName(context) } })),
    clearProfile: assign({ profile: undefined }),
    emitRegistered: emit(({ context }) => ({ type: 'names.registered' as const, name: fullName(context), address: context.target!.address })),
    emitCancelled: emit({ type: 'names.cancelled' as const }),
    emitFailed: emit(({ event }) => ({ type: 'names.failed' as const, error: summarizeError(actorErrorOf(event)) })),
  },
}).createMachine({
  id: 'names',
  context: ({ input }) => ({
    suffix: input?.suffix ?? defaultNameSuffix,
    target: namesTarget(input?.target),
    name: '',
    suggestions: [],
    suggestionsFor: undefined,
    message: undefined,
    registered: undefined,
    profile: undefined,
    signed: undefined,
  }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      states: {
        /** Nothing valid typed yet. */
        idle: {},
        debouncing: { after: { suggestionDebounce: 'fetching' } },
        fetching: {
          invoke: {
            id: 'fetchSuggestions',
            src: 'fetchSuggestions',
            input: ({ context }) => ({ name: fullName(context), zone: context.suffix.replace(/^\./, '') }),
            onDone: { target: 'ready', actions: { type: 'setSuggestions', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: 'setSuggestionsFailed' },
          },
        },
        ready: {},
        failed: {},
      },
      on: {
        'names.setName': [
          { guard: 'isValidName', target: '.debouncing', reenter: true, actions: 'setName' },
          { target: '.idle', actions: 'setName' },
        ],
        'names.register': { guard: 'canRegister', target: 'signing' },
      },
    },
    signing: {
      tags: ['loading'],
      invoke: {
        id: 'signRegistration',
        src: 'signRegistration',
        input: ({ context }) => ({ name: fullName(context), target: context.target! }),
        onDone: { target: 'registering', actions: { type: 'setSigned', params: ({ event }) => event.output } },
        onError: [
          { guard: 'isUserRejection', target: 'editing.ready', actions: 'emitCancelled' },
          { target: 'editing.ready', actions: ['setRegisterFailed', 'emitFailed', reportFailure] },
        ],
      },
    },
    registering: {
      tags: ['loading'],
      invoke: {
        id: 'registerName',
        src: 'registerName',
        input: ({ context }) => ({ ...context.signed!, name: fullName(context), target: context.target! }),
        onDone: {
          target: 'registered',
          actions: ['setRegistered', 'emitRegistered', { type: 'tell', params: { to: 'account', event: { type: 'account.reload' } } }, ...showSuccess],
        },
        onError: { target: 'editing.ready', actions: ['setRegisterFailed', 'emitFailed', reportFailure] },
      },
    },
    registered: {
      on: {
        'names.start': { target: 'editing', actions: ['startOver', toRouter({ type: 'router.push', view: 'RegisterAccountName' })] },
        'names.done': { target: 'editing', actions: ['startOver', toRouter({ type: 'router.reset', view: 'Account' })] },
      },
    },
  },
  on: {
    // Account's "Register a name" while a registration is not done: the form as it was.
    'names.start': { actions: toRouter({ type: 'router.push', view: 'RegisterAccountName' }) },
    'root.account': [
      { guard: 'isNoTarget', target: '.editing', actions: ['clearTarget', 'startOver', 'clearProfile', leaveViews] },
      { guard: 'isOtherAddress', target: '.editing', actions: ['setTarget', 'startOver', 'clearProfile', leaveViews] },
      { actions: ['setTarget', leaveViews] },
    ],
  },
})
