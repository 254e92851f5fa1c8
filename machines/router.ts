import { assign, emit, setup } from 'xstate'
import { views, type ViewData, type ViewName } from './views.ts'

/** One entry of the view history. */
export type RouterEntry = { view: ViewName; data?: ViewData }

/** Router context: the history list (last entry is the current view) and the last transition's direction. */
export type RouterContext = {
  history: RouterEntry[]
  direction: 'next' | 'prev'
}

/** Router events (spec §2 "Navigation rules"). */
export type RouterEvent =
  | { type: 'router.push'; view: ViewName; data?: ViewData }
  | { type: 'router.replace'; view: ViewName; data?: ViewData }
  /** `isConnected`: whether an address is connected, for "back to Connect while connected shows Account". */
  | { type: 'router.back'; isConnected: boolean }
  | { type: 'router.reset'; view: ViewName; data?: ViewData }

/** Emitted when back is pressed at the last history entry: the owner closes the modal. */
export type RouterEmitted = { type: 'router.closeRequested' }

export type RouterInput = { view?: ViewName; data?: ViewData }

type Target = { view: ViewName; data?: ViewData }

function current(context: RouterContext): RouterEntry {
  return context.history[context.history.length - 1] ?? { view: 'Connect' }
}

/** The view that back would show: the previous entry, or Account instead of Connect while connected. */
export function backTarget(context: RouterContext, isConnected: boolean): RouterEntry | undefined {
  const previous = context.history[context.history.length - 2]
  if (!previous) return undefined
  if (previous.view === 'Connect' && isConnected) return { view: 'Account' }
  return previous
}

/**
 * The view stack of spec §2 as a statechart: one state per view (so QA sees the current view in the
 * visualiser), the history list in context.
 *
 * - `router.push` ignores the current view; `router.replace` ignores a view equal to the last history entry.
 * - `router.back` pops history; at the last entry it emits `router.closeRequested` (the modal closes).
 *   Going back to Connect while an address is connected shows Account instead.
 * - `router.reset` starts a new history with one view.
 * - `direction` is `next` after push/replace/reset and `prev` after back.
 *
 * @example
 * const router = createActor(routerMachine).start()
 * router.send({ type: 'router.push', view: 'AllWallets' })
 * router.getSnapshot().value // 'AllWallets'
 */
export const routerMachine = setup({
  types: {
    context: {} as RouterContext,
    events: {} as RouterEvent,
    emitted: {} as RouterEmitted,
    input: {} as RouterInput,
  },
  guards: {
    /** The event's view is the current view (push) or the last history entry (replace). */
    isCurrentView: ({ context, event }) =>
      (event.type === 'router.push' || event.type === 'router.replace') && current(context).view === event.view,
    /** The event targets this view. */
    isTarget: ({ event }, params: { view: ViewName }) =>
      (event.type === 'router.push' || event.type === 'router.replace' || event.type === 'router.reset') &&
      event.view === params.view,
    /** The current history entry is this view. */
    isCurrent: ({ context }, params: { view: ViewName }) => current(context).view === params.view,
    isLastEntry: ({ context }) => context.history.length <= 1,
    isBackTarget: ({ context, event }, params: { view: ViewName }) =>
      event.type === 'router.back' && backTarget(context, event.isConnected)?.view === params.view,
  },
  actions: {
    pushHistory: assign(({ context, event }) => {
      const e = event as Extract<RouterEvent, { type: 'router.push' }>
      return { history: [...context.history, entry(e)], direction: 'next' as const }
    }),
    replaceHistory: assign(({ context, event }) => {
      const e = event as Extract<RouterEvent, { type: 'router.replace' }>
      return { history: [...context.history.slice(0, -1), entry(e)], direction: 'next' as const }
    }),
    resetHistory: assign(({ event }) => {
      const e = event as Extract<RouterEvent, { type: 'router.reset' }>
      return { history: [entry(e)], direction: 'next' as const }
    }),
    popHistory: assign(({ context, event }) => {
      const e = event as Extract<RouterEvent, { type: 'router.back' }>
      const target = backTarget(context, e.isConnected)!
      return { history: [...context.history.slice(0, -2), target], direction: 'prev' as const }
    }),
    requestClose: emit({ type: 'router.closeRequested' } as const),
  },
}).createMachine({
  id: 'router',
  context: ({ input }) => ({
    history: [{ view: input?.view ?? 'Connect', ...(input?.data ? { data: input.data } : {}) }],
    direction: 'next',
  }),
  initial: 'resolving',
  states: {
    /** Enters the state of the input view. */
    resolving: {
      always: views.map((view) => ({ guard: { type: 'isCurrent', params: { view } }, target: view })) as any,
    },
    ...Object.fromEntries(views.map((view) => [view, { tags: ['view'] }])),
  },
  on: {
    'router.push': [
      { guard: 'isCurrentView' },
      ...views.map((view) => ({ guard: { type: 'isTarget', params: { view } }, target: `.${view}`, actions: 'pushHistory' })),
    ],
    'router.replace': [
      { guard: 'isCurrentView' },
      ...views.map((view) => ({ guard: { type: 'isTarget', params: { view } }, target: `.${view}`, actions: 'replaceHistory' })),
    ],
    'router.back': [
      { guard: 'isLastEntry', actions: 'requestClose' },
      ...views.map((view) => ({ guard: { type: 'isBackTarget', params: { view } }, target: `.${view}`, actions: 'popHistory' })),
    ],
    'router.reset': views.map((view) => ({ guard: { type: 'isTarget', params: { view } }, target: `.${view}`, actions: 'resetHistory' })),
  } as any,
})

function entry(e: Target): RouterEntry {
  return e.data ? { view: e.view, data: e.data } : { view: e.view }
}
