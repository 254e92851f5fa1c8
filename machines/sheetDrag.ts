import { assign, setup } from 'xstate'
import { machineTypes } from './machineTypes.ts'

/**
 * How far the phone's bottom sheet must be dragged down to close, as a fraction of its height: past 30 % it closes,
 * short of it it springs back.
 */
export const sheetDismissFraction = 0.3
/** A downward flick this fast (px per ms, over the last move) closes the sheet however short the drag. */
export const sheetFlickVelocity = 0.5

export type SheetDragContext = {
  /** Where the drag began (px, the pointer's clientY). */
  startY: number
  /** The sheet's height when the drag began (px). */
  height: number
  /** How far down the sheet is dragged (px, never negative: the sheet does not rise above its place). */
  offset: number
  /** The last move's speed downwards (px per ms; negative upwards). */
  velocity: number
  /** The pointer's last clientY (px) and when it was there (ms, the caller's clock). */
  lastY: number
  lastTime: number
}

export type SheetDragEvent =
  /** A pointer went down on the handle at clientY `y` (px), at `time` (ms), the sheet `height` px high. */
  | { type: 'drag.start'; y: number; time: number; height: number }
  /** The pointer moved to clientY `y` at `time`. */
  | { type: 'drag.move'; y: number; time: number }
  /** The pointer was lifted. */
  | { type: 'drag.end' }
  /** The browser took the pointer (a scroll, a system gesture): the drag ends without closing. */
  | { type: 'drag.cancel' }
  /** The sheet is back in its place (its spring-back transition ended, or there was none to run). */
  | { type: 'drag.settled' }

const resting: SheetDragContext = { startY: 0, height: 0, offset: 0, velocity: 0, lastY: 0, lastTime: 0 }

/**
 * The phone bottom sheet's swipe to close (spec §2 phones: the modal as a bottom sheet): a downward drag on its handle.
 *
 * - `resting`: the sheet in its place. `drag.start` (a pointer down on the handle) → `dragging`.
 * - `dragging`: the sheet follows the pointer down (`offset`, never above its place). `drag.end` closes it
 *   (`dismissed`) when it went past {@link sheetDismissFraction} of its height or was flicked down at
 *   {@link sheetFlickVelocity} or faster; else it springs back (`springingBack`). `drag.cancel` springs back.
 * - `springingBack`: the sheet returns to its place (a short transition, none under `prefers-reduced-motion`);
 *   `drag.settled` → `resting`; a new `drag.start` catches it on the way.
 * - `dismissed` (final): the view sends the modal its close event (`app.close`), as the Close button does.
 *
 * Pointer positions and times come in the events: the chart reads no DOM and no clock.
 * @example
 * const drag = createActor(sheetDragMachine).start()
 * drag.send({ type: 'drag.start', y: 500, time: 0, height: 600 })
 * drag.send({ type: 'drag.move', y: 800, time: 300 })
 * drag.send({ type: 'drag.end' })
 * drag.getSnapshot().value // 'dismissed' (300 px of 600 is past 30 %)
 */
export const sheetDragMachine = setup({
  types: machineTypes<{ context: SheetDragContext; events: SheetDragEvent }>(),
  guards: {
    /** Dragged past the fraction of the sheet's height, or flicked down fast enough. */
    isPastDismissThreshold: ({ context }) => context.offset > context.height * sheetDismissFraction || (context.offset > 0 && context.velocity >= sheetFlickVelocity),
  },
  actions: {
    /** The drag's origin, the sheet's height, nothing moved yet. */
    begin: assign(({ event }) => (event.type === 'drag.start' ? { ...resting, startY: event.y, height: event.height, lastY: event.y, lastTime: event.time } : {})),
    /** The sheet follows the pointer down; the speed of this move is kept for a flick. */
    follow: assign(({ context, event }) => {
      if (event.type !== 'drag.move') return {}
      const dt = event.time - context.lastTime
      return { offset: Math.max(0, event.y - context.startY), velocity: dt > 0 ? (event.y - context.lastY) / dt : context.velocity, lastY: event.y, lastTime: event.time }
    }),
    /** Back to the sheet's place. */
    release: assign({ offset: 0, velocity: 0 }),
  },
}).createMachine({
  id: 'sheetDrag',
  context: resting,
  initial: 'resting',
  states: {
    resting: { on: { 'drag.start': { target: 'dragging', actions: 'begin' } } },
    dragging: {
      on: {
        'drag.move': { actions: 'follow' },
        'drag.end': [
          { guard: 'isPastDismissThreshold', target: 'dismissed' },
          { target: 'springingBack', actions: 'release' },
        ],
        'drag.cancel': { target: 'springingBack', actions: 'release' },
      },
    },
    springingBack: { on: { 'drag.settled': 'resting', 'drag.start': { target: 'dragging', actions: 'begin' } } },
    dismissed: { type: 'final' },
  },
})
