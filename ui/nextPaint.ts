/** The page's frame scheduling, as {@link afterNextPaint} reads it (default `globalThis`; tests pass their own). */
export type FrameTarget = {
  requestAnimationFrame?: typeof requestAnimationFrame
  cancelAnimationFrame?: typeof cancelAnimationFrame
  document?: { visibilityState?: string; addEventListener?: (type: 'visibilitychange', listener: () => void) => void; removeEventListener?: (type: 'visibilitychange', listener: () => void) => void }
}

/** No frame will come: no `requestAnimationFrame` (test DOMs, workers) or a hidden page (a background tab runs no animation callbacks). */
export function noFrame(target: FrameTarget): boolean {
  return typeof target.requestAnimationFrame !== 'function' || target.document?.visibilityState === 'hidden'
}

/**
 * Runs `run` once the browser has painted its next frame: in a task queued from that frame's animation callback (the
 * browser paints the frame before it runs the task). Where no frame will come, in a task of its own: no
 * `requestAnimationFrame`, a hidden page, or a page hidden while it waits (a background tab runs no animation
 * callbacks, so the wait would last until the visitor came back). Returns the cancel.
 * What a gesture's frame need not wait for goes here (spec §2 "Opening the modal": the tap's frame shows the modal).
 * @example useEffect(() => afterNextPaint(() => catalogue.load()), [])
 */
export function afterNextPaint(run: () => void, target: FrameTarget = globalThis): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  if (noFrame(target)) {
    timer = setTimeout(run, 0)
    return () => clearTimeout(timer)
  }
  const doc = target.document
  const hidden = () => {
    if (doc?.visibilityState !== 'hidden' || timer !== undefined) return
    doc.removeEventListener?.('visibilitychange', hidden)
    target.cancelAnimationFrame?.(frame)
    timer = setTimeout(run, 0)
  }
  const frame = target.requestAnimationFrame!(() => {
    doc?.removeEventListener?.('visibilitychange', hidden)
    timer ??= setTimeout(run, 0)
  })
  doc?.addEventListener?.('visibilitychange', hidden)
  return () => {
    doc?.removeEventListener?.('visibilitychange', hidden)
    target.cancelAnimationFrame?.(frame)
    clearTimeout(timer)
  }
}
