import { useEffect, useState, type PointerEvent, type RefObject } from 'react'
import { createActor } from 'xstate'
import { sheetDragMachine } from '../machines/sheetDrag.ts'
import { useSend } from './hooks.ts'

/** How long the sheet takes to spring back into place after a drag short of closing it (ms). */
export const sheetSpringBackDuration = 200

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches

/**
 * The phone bottom sheet's handle (shown below 600 px, spec §2 phones): a downward drag on it moves the sheet with the
 * pointer (touch, pen or mouse: pointer events, captured by the handle), and when lifted closes the modal through its
 * close event (`app.close`, as the Close button) past 30 % of the sheet's height or after a fast flick, else springs
 * back (no transition under `prefers-reduced-motion`). The gesture is the `sheetDrag` chart's
 * (`machines/sheetDrag.ts`), one actor per dialog shown; this component only renders it, writing the sheet's offset
 * into the dialog's style. Not keyboard-operable, so hidden from assistive technology: Close and Escape close the
 * modal there.
 */
export function SheetHandle({ dialogRef }: { dialogRef: RefObject<HTMLDivElement | null> }) {
  const send = useSend()
  const [actor] = useState(() => createActor(sheetDragMachine).start())
  useEffect(
    () => () => {
      actor.stop()
    },
    [actor],
  )
  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    const onTransitionEnd = (e: TransitionEvent) => {
      if (e.target === dialog && e.propertyName === 'transform') actor.send({ type: 'drag.settled' })
    }
    dialog.addEventListener('transitionend', onTransitionEnd)
    const subscription = actor.subscribe((s) => {
      dialog.dataset.drag = String(s.value)
      if (s.matches('dragging')) {
        dialog.style.transition = 'none'
        dialog.style.transform = s.context.offset > 0 ? `translateY(${s.context.offset}px)` : ''
      } else if (s.matches('springingBack')) {
        // Nothing to animate (not moved, or no motion wanted): in place at once.
        const instant = !dialog.style.transform || reducedMotion()
        dialog.style.transition = instant ? '' : `transform ${sheetSpringBackDuration}ms ease-out`
        dialog.style.transform = ''
        if (instant) actor.send({ type: 'drag.settled' })
      } else if (s.matches('resting')) {
        dialog.style.transition = ''
      } else if (s.status === 'done') {
        send({ type: 'app.close' })
      }
    })
    return () => {
      subscription.unsubscribe()
      dialog.removeEventListener('transitionend', onTransitionEnd)
    }
  }, [actor, dialogRef, send])

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    // A mouse drags with its main button only.
    if (e.pointerType === 'mouse' && e.button !== 0) return
    e.currentTarget.setPointerCapture?.(e.pointerId)
    actor.send({ type: 'drag.start', y: e.clientY, time: e.timeStamp, height: dialogRef.current?.getBoundingClientRect().height ?? 0 })
  }
  return (
    <div
      className="lk-sheet-handle"
      aria-hidden="true"
      data-testid="sheet-handle"
      onPointerDown={onPointerDown}
      onPointerMove={(e) => actor.send({ type: 'drag.move', y: e.clientY, time: e.timeStamp })}
      onPointerUp={() => actor.send({ type: 'drag.end' })}
      onPointerCancel={() => actor.send({ type: 'drag.cancel' })}
    />
  )
}
