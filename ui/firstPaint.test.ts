import { createActor, createMachine, type EventObject } from 'xstate'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { firstPaintActor } from './firstPaint.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

/** Runs the `firstPaint` actor under a parent that records what it sends back; `stop()` stops it. */
function run(target: Parameters<typeof firstPaintActor>[0]) {
  const received: EventObject[] = []
  const parent = createActor(createMachine({ invoke: { src: 'firstPaint' }, on: { '*': { actions: ({ event }) => void received.push(event) } } }, { actors: { firstPaint: firstPaintActor(target) } } as never)).start()
  return { received, stop: () => parent.stop() }
}

/** A page whose next frame's animation callbacks run when the test says (`frame()`), and which the test may hide (`hide()`). */
function page(visibilityState = 'visible') {
  const callbacks = new Map<number, FrameRequestCallback>()
  const listeners = new Set<() => void>()
  let next = 0
  const document = {
    visibilityState,
    addEventListener: (_: 'visibilitychange', listener: () => void) => void listeners.add(listener),
    removeEventListener: (_: 'visibilitychange', listener: () => void) => void listeners.delete(listener),
  }
  return {
    listeners,
    hide: () => {
      document.visibilityState = 'hidden'
      for (const listener of [...listeners]) listener()
    },
    requestAnimationFrame: (callback: FrameRequestCallback) => {
      callbacks.set(++next, callback)
      return next
    },
    cancelAnimationFrame: (id: number) => void callbacks.delete(id),
    document,
    frame: () => {
      const due = [...callbacks.values()]
      callbacks.clear()
      for (const callback of due) callback(0)
    },
  }
}

describe("firstPaintActor (the root's firstPaint in a browser)", () => {
  test('behavior: answers screen.painted in a task after the next frame, not before that frame nor inside its callbacks', async () => {
    const p = page()
    const { received } = run(p)
    await vi.advanceTimersByTimeAsync(50)
    expect(received).toEqual([])
    p.frame()
    expect(received).toEqual([])
    await vi.advanceTimersByTimeAsync(0)
    expect(received).toEqual([{ type: 'screen.painted' }])
  })

  test('behavior: at once where no frame will come: a hidden page, or no requestAnimationFrame', () => {
    expect(run(page('hidden')).received).toEqual([{ type: 'screen.painted' }])
    expect(run({ document: { visibilityState: 'visible' } }).received).toEqual([{ type: 'screen.painted' }])
  })

  test('behavior: a page hidden while it waits answers in a task of its own (a background tab paints no frame), once, and lets go of the page', async () => {
    const p = page()
    const { received } = run(p)
    p.hide()
    expect(received).toEqual([])
    await vi.advanceTimersByTimeAsync(0)
    expect(received).toEqual([{ type: 'screen.painted' }])
    p.frame()
    await vi.advanceTimersByTimeAsync(0)
    expect(received).toEqual([{ type: 'screen.painted' }])
    expect(p.listeners.size).toBe(0)
  })

  test('behavior: after the frame, hiding the page adds nothing; the listener is gone', async () => {
    const p = page()
    const { received } = run(p)
    p.frame()
    expect(p.listeners.size).toBe(0)
    p.hide()
    await vi.advanceTimersByTimeAsync(0)
    expect(received).toEqual([{ type: 'screen.painted' }])
  })

  test('behavior: stopped before the frame or before its task, it sends nothing', async () => {
    const before = page()
    const first = run(before)
    first.stop()
    before.frame()
    await vi.advanceTimersByTimeAsync(0)
    expect(first.received).toEqual([])
    const during = page()
    const second = run(during)
    during.frame()
    second.stop()
    await vi.advanceTimersByTimeAsync(0)
    expect(second.received).toEqual([])
  })
})
