import { assign, emit, not, setup } from 'xstate'
import { timing } from './timing.ts'
import { machineTypes } from './machineTypes.ts'

/** Modal context. `closeBlocked`: a required sign-in has no session yet (fed by the SIWX issue). */
export type ModalContext = { closeBlocked: boolean }

export type ModalEvent =
  | { type: 'modal.open' }
  | { type: 'modal.close' }
  /** The opened view's code and data are ready: the loading indicator ends. */
  | { type: 'modal.loaded' }
  /** Whether closing is refused (spec §2: required sign-in without a session). */
  | { type: 'modal.setCloseBlocked'; blocked: boolean }

/** `modal.closing`: the exit transition began (a close no longer refused); `modal.closed`: it ended. */
export type ModalEmitted = { type: 'modal.opened' } | { type: 'modal.closing' } | { type: 'modal.closed' }

export type ModalInput = { closeBlocked?: boolean }

/** Spec §2 presence states, derived from the chart. */
export type ModalPresence = 'mounted' | 'unmountSuspended' | 'unmounted'

/**
 * The modal's open/close lifecycle (spec §2 "Modal presence states", §4 "Modal", §9 "Shake").
 *
 * - `closed` (presence `unmounted`) → `modal.open` → `open` (presence `mounted`) with `loading` until
 *   `modal.loaded`.
 * - `modal.close` → `closing` (presence `unmountSuspended`, the exit transition; emitting `modal.closing`, so that what
 *   closing ends ends now, not 150 ms later) → after `viewTransition` → `closed`, emitting `modal.closed` so the owner
 *   resets the view.
 * - Closing is refused while `closeBlocked`; the shake region shakes instead (500 ms `shakeDuration`, restarted by
 *   each refused close) and the content region is left as it is (a view already loaded stays loaded).
 * - `modal.open` while closing reopens at once.
 */
export const modalMachine = setup({
  types: machineTypes<{ context: ModalContext; events: ModalEvent; emitted: ModalEmitted; input: ModalInput }>(),
  delays: {
    shakeDuration: timing.shakeDuration,
    viewTransition: timing.viewTransition,
  },
  guards: {
    isCloseBlocked: ({ context }) => context.closeBlocked,
  },
  actions: {
    setCloseBlocked: assign({
      closeBlocked: ({ event }) => (event.type === 'modal.setCloseBlocked' ? event.blocked : false),
    }),
    notifyOpened: emit({ type: 'modal.opened' } as const),
    notifyClosing: emit({ type: 'modal.closing' } as const),
    notifyClosed: emit({ type: 'modal.closed' } as const),
  },
}).createMachine({
  id: 'modal',
  context: ({ input }) => ({ closeBlocked: input?.closeBlocked ?? false }),
  initial: 'closed',
  on: {
    'modal.setCloseBlocked': { actions: 'setCloseBlocked' },
  },
  states: {
    closed: {
      tags: ['unmounted'],
      on: { 'modal.open': { target: 'open', actions: 'notifyOpened' } },
    },
    open: {
      tags: ['mounted'],
      type: 'parallel',
      on: {
        'modal.close': { guard: not('isCloseBlocked'), target: 'closing' },
      },
      states: {
        content: {
          initial: 'loading',
          states: {
            loading: { on: { 'modal.loaded': 'ready' } },
            ready: {},
          },
        },
        /** A refused close shakes (again: the 500 ms restart); only this region re-enters, the content stays loaded. */
        shake: {
          initial: 'still',
          states: {
            still: { on: { 'modal.close': { guard: 'isCloseBlocked', target: 'shaking' } } },
            shaking: {
              after: { shakeDuration: 'still' },
              on: { 'modal.close': { guard: 'isCloseBlocked', target: 'shaking', reenter: true } },
            },
          },
        },
      },
    },
    closing: {
      tags: ['unmountSuspended'],
      entry: 'notifyClosing',
      after: { viewTransition: { target: 'closed', actions: 'notifyClosed' } },
      on: { 'modal.open': { target: 'open', actions: 'notifyOpened' } },
    },
  },
})

/** The spec's presence state of a modal snapshot. */
export function modalPresence(snapshot: { hasTag(tag: string): boolean }): ModalPresence {
  if (snapshot.hasTag('mounted')) return 'mounted'
  if (snapshot.hasTag('unmountSuspended')) return 'unmountSuspended'
  return 'unmounted'
}
