import { assign, emit, enqueueActions, raise, setup, type AnyActorRef } from 'xstate'
import { views, type ViewData, type ViewName } from './views.ts'
import { machineTypes } from './machineTypes.ts'

/** One entry of the view history. */
export type RouterEntry = { view: ViewName; data?: ViewData }

/**
 * A transaction waiting for its outcome (spec §4 "transaction stack"): where success leads. Error and cancel
 * always go back one view. Declarative instead of callbacks, so the context stays serialisable.
 */
export type TransactionEntry = { id: string; onSuccess: (typeof transactionSuccessViews)[number] }

/** Pending transactions kept at most (spec §9). */
export const pendingTransactionsLimit = 99

/** The views a transaction's success can lead to. */
export const transactionSuccessViews = ['Account'] as const satisfies readonly ViewName[]

/** Router context: the history list (last entry is the current view), the last transition's direction and the transaction stack. */
export type RouterContext = {
  history: RouterEntry[]
  direction: 'next' | 'prev'
  transactionStack: TransactionEntry[]
  /** {@link pendingTransactionsLimit} unless the input sets another. */
  transactionLimit: number
}

/** Router events (spec §2 "Navigation rules"). */
export type RouterEvent =
  /**
   * `from` (push, replace, reset, back, clearTransactions): only while this view shows; elsewhere the event is ignored.
   * `unlessCovered` (push, reset): a transaction entry's id; while that entry is under a newer one (another request's
   * view shows over it), the event is ignored (a send's "sent, status unknown" never covers a later approval).
   */
  | { type: 'router.push'; view: ViewName; data?: ViewData; from?: ViewName | undefined; unlessCovered?: string | undefined }
  | { type: 'router.replace'; view: ViewName; data?: ViewData; from?: ViewName | undefined }
  /** `isConnected`: whether an address is connected, for "back to Connect while connected shows Account". */
  /**
   * `from`: only while this view shows (an outcome that may arrive after the visitor left the view, such as a
   * checkout closed in its window); elsewhere the back is ignored.
   */
  | { type: 'router.back'; isConnected: boolean; from?: ViewName | undefined }
  /** `from`: only while this view shows (an outcome that may arrive after the visitor left the view); elsewhere ignored. */
  | { type: 'router.reset'; view: ViewName; data?: ViewData; from?: ViewName | undefined; unlessCovered?: string | undefined }
  /**
   * A transaction is about to be handed to the wallet; its outcome pops it. `replyTo`: the actor told whether the entry
   * was taken (`router.transactionAccepted`) or refused at the limit (`router.transactionRefused`), so that it asks the
   * wallet only with an entry.
   */
  | { type: 'router.pushTransaction'; id: string; onSuccess: TransactionEntry['onSuccess']; replyTo?: AnyActorRef | undefined }
  /**
   * A transaction ended: its entry (`id`; without one, the newest) leaves the stack. On top, success shows its
   * `onSuccess` view (a new history), error and cancel go back one view. Under a newer entry (another request asked
   * meanwhile: its view shows), the entry only leaves: the views are the newer request's. `orElse`: with the entry gone
   * (the modal was closed and reopened meanwhile) and `orElse.from` showing, that move instead (a send's outcome on its
   * preview: Account, or the form again).
   */
  | { type: 'router.popTransaction'; id?: string | undefined; outcome: 'success' | 'error' | 'cancel'; isConnected: boolean; orElse?: RouterFallback | undefined }
  /** The modal closed: pending entries are dropped. */
  | { type: 'router.clearTransactions'; from?: ViewName | undefined }
  /**
   * A transaction ends without moving the views (a swap repriced before its prompt, a send left unconfirmed): its entry
   * (`id`; without one, the newest) is dropped, history kept.
   */
  | { type: 'router.dropTransaction'; id?: string | undefined }

/**
 * `router.closeRequested`: back was pressed (or a transaction failed) at the last history entry, the owner
 * closes the modal. `router.transactionStackFull`: a push was refused at {@link pendingTransactionsLimit}.
 */
export type RouterEmitted =
  | { type: 'router.closeRequested' }
  | { type: 'router.transactionStackFull' }
  /** The history changed: `view` is the current view now (the root follows who holds the screen by it). */
  | { type: 'router.changed'; view: ViewName }

/** What a transaction's pop does when no entry is left (see `router.popTransaction`). */
export type RouterFallback = { from: ViewName; type: 'router.reset' | 'router.replace'; view: ViewName }

/** The router's answers to a `router.pushTransaction` that named a `replyTo`. */
export type RouterReply = { type: 'router.transactionAccepted' } | { type: 'router.transactionRefused' }

export type RouterInput = { view?: ViewName; data?: ViewData; transactionLimit?: number }

type Target = { view: ViewName; data?: ViewData }

/**
 * Where the entry an event names is on the stack: a pop's or a drop's `id` (the newest without one), a push's or a
 * reset's `unlessCovered`; -1 when it is not there or the event names none.
 */
function entryIndex(context: RouterContext, event: RouterEvent): number {
  const stack = context.transactionStack
  if (event.type === 'router.push' || event.type === 'router.reset') return event.unlessCovered === undefined ? -1 : stack.findIndex((e) => e.id === event.unlessCovered)
  if (event.type !== 'router.popTransaction' && event.type !== 'router.dropTransaction') return -1
  return event.id === undefined ? stack.length - 1 : stack.findIndex((e) => e.id === event.id)
}

function current(context: RouterContext): RouterEntry {
  return context.history[context.history.length - 1] ?? { view: 'Connect' }
}

/**
 * The view that back would show: the previous entry, or Account instead of Connect while connected, except a Connect
 * opened to add a wallet (`data.adding`, multi-wallet: spec §6), which stays while the current wallet is connected.
 */
export function backTarget(context: RouterContext, isConnected: boolean): RouterEntry | undefined {
  const previous = context.history[context.history.length - 2]
  if (!previous) return undefined
  if (previous.view === 'Connect' && isConnected && !previous.data?.adding) return { view: 'Account' }
  return previous
}

/**
 * The view stack of spec §2 as a statechart: one state per view (so QA sees the current view in the
 * visualiser), the history list in context.
 *
 * - `router.push` ignores the current view; `router.replace` ignores a view equal to the last history entry.
 * - `router.back` pops history; at the last entry it emits `router.closeRequested` (the modal closes). With `from`, it
 *   applies only while that view shows.
 *   Going back to Connect while an address is connected shows Account instead.
 * - `router.reset` starts a new history with one view.
 * - With `from`, `router.push`, `.replace`, `.reset`, `.back` and `.clearTransactions` apply only while that view shows
 *   (a move that depends on the view: a registration's success view goes over the form, Account or the approval).
 * - `direction` is `next` after push/replace/reset and `prev` after back.
 * - The transaction stack (spec §4; at most 99 entries, spec §9), one entry per request by its id:
 *   `router.pushTransaction` when the wallet is asked, `router.popTransaction` with the outcome: success shows the
 *   entry's view as a new history (send → Account); error and cancel go back one view (or close at the last entry). An
 *   entry under a newer one only leaves, so that an outcome never moves the views of a request asked after it (a
 *   dapp's signature waiting over a confirmed send). `router.dropTransaction` removes an entry and keeps the view.
 *
 * @example
 * const router = createActor(routerMachine).start()
 * router.send({ type: 'router.push', view: 'AllWallets' })
 * router.getSnapshot().value // 'AllWallets'
 */
export const routerMachine = setup({
  types: machineTypes<{ context: RouterContext; events: RouterEvent; emitted: RouterEmitted; input: RouterInput }>(),
  guards: {
    /** The event's view is the current view (push) or the last history entry (replace). */
    isCurrentView: ({ context, event }) => (event.type === 'router.push' || event.type === 'router.replace') && current(context).view === event.view,
    /** The event targets this view. */
    isTarget: ({ event }, params: { view: ViewName }) => (event.type === 'router.push' || event.type === 'router.replace' || event.type === 'router.reset') && event.view === params.view,
    /** The current history entry is this view. */
    isCurrent: ({ context }, params: { view: ViewName }) => current(context).view === params.view,
    isLastEntry: ({ context }) => context.history.length <= 1,
    /** An event meant for another view than the current one (its `from`: push, replace, reset, back, clearTransactions). */
    isElsewhere: ({ context, event }) => 'from' in event && event.from !== undefined && current(context).view !== event.from,
    isBackTarget: ({ context, event }, params: { view: ViewName }) => (event.type === 'router.back' || event.type === 'router.popTransaction') && backTarget(context, event.isConnected)?.view === params.view,
    /** A new entry past the limit (an entry pushed again with its id takes its own place, never a new one). */
    isStackFull: ({ context, event }) => event.type === 'router.pushTransaction' && context.transactionStack.length >= context.transactionLimit && !context.transactionStack.some((e) => e.id === event.id),
    /** The pop's or drop's entry is not on the stack. */
    hasNoTransaction: ({ context, event }) => entryIndex(context, event) === -1,
    /** The entry the event names (a pop's, a push's or a reset's `unlessCovered`) is under a newer one (another request asked meanwhile). */
    isCovered: ({ context, event }) => {
      const index = entryIndex(context, event)
      return index !== -1 && index < context.transactionStack.length - 1
    },
    /** No entry left and the pop's `orElse.from` is the current view. */
    isFallingBack: ({ context, event }) => event.type === 'router.popTransaction' && entryIndex(context, event) === -1 && current(context).view === event.orElse?.from,
    isSuccessTarget: ({ context, event }, params: { view: ViewName }) => event.type === 'router.popTransaction' && event.outcome === 'success' && context.transactionStack.at(-1)?.onSuccess === params.view,
  },
  actions: {
    pushHistory: assign(({ context, event }) => {
      if (event.type !== 'router.push') return {}
      return { history: [...context.history, entry(event)], direction: 'next' as const }
    }),
    replaceHistory: assign(({ context, event }) => {
      if (event.type !== 'router.replace') return {}
      return { history: [...context.history.slice(0, -1), entry(event)], direction: 'next' as const }
    }),
    resetHistory: assign(({ event }) => {
      if (event.type !== 'router.reset') return {}
      return { history: [entry(event)], direction: 'next' as const }
    }),
    popHistory: assign(({ context, event }) => {
      if (event.type !== 'router.back' && event.type !== 'router.popTransaction') return {}
      const target = backTarget(context, event.isConnected)!
      return { history: [...context.history.slice(0, -2), target], direction: 'prev' as const }
    }),
    requestClose: emit({ type: 'router.closeRequested' } as const),
    /** After every history change: the current view, for the owner (an event, not a read of this machine). */
    emitChanged: emit(({ context }) => ({ type: 'router.changed' as const, view: current(context).view })),
    /** On top; an entry of the same id leaves its old place. */
    pushTransaction: assign(({ context, event }) => {
      if (event.type !== 'router.pushTransaction') return {}
      return { transactionStack: [...context.transactionStack.filter((e) => e.id !== event.id), { id: event.id, onSuccess: event.onSuccess }] }
    }),
    /** The pop's or drop's entry leaves the stack. */
    dropTransaction: assign(({ context, event }) => {
      const index = entryIndex(context, event)
      return { transactionStack: context.transactionStack.filter((_, i) => i !== index) }
    }),
    clearTransactions: assign({ transactionStack: [] }),
    showSuccessView: assign(({ context }) => ({
      history: [{ view: context.transactionStack.at(-1)!.onSuccess }],
      direction: 'next' as const,
      transactionStack: context.transactionStack.slice(0, -1),
    })),
    reportStackFull: emit({ type: 'router.transactionStackFull' } as const),
    /** Tells the pusher its entry was taken (when it asked to be told). */
    replyAccepted: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'router.pushTransaction' && event.replyTo) enqueue.sendTo(event.replyTo, { type: 'router.transactionAccepted' } satisfies RouterReply)
    }),
    /** Tells the pusher the stack is full (when it asked to be told). */
    replyRefused: enqueueActions(({ event, enqueue }) => {
      if (event.type === 'router.pushTransaction' && event.replyTo) enqueue.sendTo(event.replyTo, { type: 'router.transactionRefused' } satisfies RouterReply)
    }),
    /** The pop's `orElse` move, as its own event. */
    fallBack: raise(({ event }) => {
      const orElse = event.type === 'router.popTransaction' ? event.orElse : undefined
      return orElse ? { type: orElse.type, view: orElse.view } : { type: 'router.clearTransactions' }
    }),
  },
}).createMachine({
  id: 'router',
  context: ({ input }) => ({
    history: [{ view: input?.view ?? 'Connect', ...(input?.data ? { data: input.data } : {}) }],
    direction: 'next',
    transactionStack: [],
    transactionLimit: input?.transactionLimit ?? pendingTransactionsLimit,
  }),
  initial: 'resolving',
  states: {
    /** Enters the state of the input view. */
    resolving: {
      always: views.map((view) => ({ guard: { type: 'isCurrent' as const, params: { view } }, target: view })),
    },
    ...Object.fromEntries(views.map((view) => [view, { tags: ['view'] }])),
  },
  on: {
    'router.push': [
      { guard: 'isElsewhere' },
      { guard: 'isCovered' },
      { guard: 'isCurrentView' },
      ...views.map((view) => ({ guard: { type: 'isTarget' as const, params: { view } }, target: `.${view}`, actions: ['pushHistory', 'emitChanged'] as const })),
    ],
    'router.replace': [
      { guard: 'isElsewhere' },
      { guard: 'isCurrentView' },
      ...views.map((view) => ({ guard: { type: 'isTarget' as const, params: { view } }, target: `.${view}`, actions: ['replaceHistory', 'emitChanged'] as const })),
    ],
    'router.back': [
      { guard: 'isElsewhere' },
      { guard: 'isLastEntry', actions: 'requestClose' },
      ...views.map((view) => ({ guard: { type: 'isBackTarget' as const, params: { view } }, target: `.${view}`, actions: ['popHistory', 'emitChanged'] as const })),
    ],
    'router.reset': [
      { guard: 'isElsewhere' },
      { guard: 'isCovered' },
      ...views.map((view) => ({ guard: { type: 'isTarget' as const, params: { view } }, target: `.${view}`, actions: ['resetHistory', 'emitChanged'] as const })),
    ],
    'router.pushTransaction': [{ guard: 'isStackFull', actions: ['reportStackFull', 'replyRefused'] }, { actions: ['pushTransaction', 'replyAccepted'] }],
    'router.popTransaction': [
      { guard: 'isFallingBack', actions: 'fallBack' },
      { guard: 'hasNoTransaction' },
      { guard: 'isCovered', actions: 'dropTransaction' },
      ...transactionSuccessViews.map((view) => ({ guard: { type: 'isSuccessTarget' as const, params: { view } }, target: `.${view}`, actions: ['showSuccessView', 'emitChanged'] as const })),
      { guard: 'isLastEntry', actions: ['dropTransaction', 'requestClose'] },
      ...views.map((view) => ({ guard: { type: 'isBackTarget' as const, params: { view } }, target: `.${view}`, actions: ['dropTransaction', 'popHistory', 'emitChanged'] as const })),
    ],
    'router.clearTransactions': [{ guard: 'isElsewhere' }, { actions: 'clearTransactions' }],
    'router.dropTransaction': [{ guard: 'hasNoTransaction' }, { actions: 'dropTransaction' }],
  },
})

function entry(e: Target): RouterEntry {
  return e.data ? { view: e.view, data: e.data } : { view: e.view }
}
