import { assign, setup } from 'xstate'
import { isMessage, type MessageKey, type ToastText } from './messages.ts'
import { timing } from './timing.ts'
import { machineTypes } from './machineTypes.ts'

export type ToastVariant = 'loading' | 'success' | 'error'
/**
 * A toast: its variant and what it says (a machine's message key, or a dapp's own words); `opens`, a view a press of
 * its Details button opens the modal on (a batch of calls: `CallsStatus`), none: no button.
 */
export type ToastMessage = { variant: ToastVariant; message: ToastText; opens?: string | undefined }

export type ToastContext = { current?: ToastMessage; next?: ToastMessage }
/**
 * `toast.hide`: hides what shows (or is about to show after the swap); with `loading`, only when that is the loading
 * toast with this message (a send cleared before its outcome hides its own toast, never another one).
 */
export type ToastEvent = { type: 'toast.show'; variant: ToastVariant; message: ToastText; opens?: string | undefined } | { type: 'toast.hide'; loading?: MessageKey | undefined }

/** The toast of a `toast.show` (its `opens` only when it has one). */
const shown = (event: ToastEvent): ToastMessage | undefined => (event.type === 'toast.show' ? { variant: event.variant, message: event.message, ...(event.opens ? { opens: event.opens } : {}) } : undefined)

/**
 * The toast area (spec §2 "Toasts"): loading, success and error messages. If one is open it closes and
 * the new one appears after `toastSwap` (150 ms). Success and error hide after `toastTtl` (2.5 s), or `toastActionTtl`
 * (8 s) when they have a Details button; loading stays until replaced or hidden. A toast may name a view (`opens`): the
 * toast area shows a Details button opening it.
 */
export const toastMachine = setup({
  types: machineTypes<{ context: ToastContext; events: ToastEvent }>(),
  // A toast with a Details button stays longer (`toastActionTtl`): its button must be reachable before it goes.
  delays: { toastSwap: timing.toastSwap, toastTtl: ({ context }) => (context.current?.opens ? timing.toastActionTtl : timing.toastTtl) },
  guards: {
    isLoading: ({ context }) => context.current?.variant === 'loading',
    /** A `toast.hide` for a loading toast that is not the one shown (`next` while swapping, else `current`). */
    isOtherThanShown: ({ context, event }) => {
      if (event.type !== 'toast.hide' || !event.loading) return false
      const shown = context.next ?? context.current
      return shown?.variant !== 'loading' || !isMessage(shown.message, event.loading)
    },
  },
  actions: {
    showNow: assign({
      current: ({ event }) => shown(event),
      next: undefined,
    }),
    queueNext: assign({
      next: ({ event }) => shown(event),
    }),
    promoteNext: assign({ current: ({ context }) => context.next, next: undefined }),
    clear: assign({ current: undefined, next: undefined }),
  },
}).createMachine({
  id: 'toast',
  context: {},
  initial: 'hidden',
  // Hiding: whatever shows or is queued, unless the hide names a loading toast that is not the one shown.
  on: { 'toast.hide': [{ guard: 'isOtherThanShown' }, { target: '.hidden', actions: 'clear' }] },
  states: {
    hidden: {
      on: { 'toast.show': { target: 'visible', actions: 'showNow' } },
    },
    // `visible` and `swapping`: what other machines read (tags, not state names).
    visible: {
      tags: ['visible'],
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'isLoading', target: 'sticky' }, { target: 'timed' }] },
        sticky: {},
        timed: { after: { toastTtl: { target: '#toast.hidden', actions: 'clear' } } },
      },
      on: {
        'toast.show': { target: 'swapping', actions: 'queueNext' },
      },
    },
    /** The open toast is closing; the queued one appears after `toastSwap`. */
    swapping: {
      tags: ['swapping'],
      after: { toastSwap: { target: 'visible', actions: 'promoteNext' } },
      on: {
        'toast.show': { actions: 'queueNext' },
      },
    },
  },
})
