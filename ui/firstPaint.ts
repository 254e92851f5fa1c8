import { fromCallback, type EventObject } from 'xstate'
import { afterNextPaint, noFrame, type FrameTarget } from './nextPaint.ts'

/**
 * The root's `firstPaint` actor in a browser (spec §2 "Opening the modal": the tap's frame shows the modal; what the
 * features do on hearing of the opening comes after it): answers `screen.painted` once the next frame is painted
 * ({@link afterNextPaint}), at once where no frame will come. Stopped before that (the root stopped, the region left),
 * it sends nothing.
 * @example rootMachine.provide({ actors: { firstPaint: firstPaintActor() } })
 */
export function firstPaintActor(target: FrameTarget = globalThis) {
  return fromCallback<EventObject>(({ sendBack }) => {
    const painted = () => sendBack({ type: 'screen.painted' })
    if (noFrame(target)) {
      painted()
      return
    }
    return afterNextPaint(painted, target)
  })
}
