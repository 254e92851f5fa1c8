// @vitest-environment happy-dom
import { fireEvent } from '@testing-library/react'
import { waitFor } from './until.ts'
import { describe, expect, test } from 'vitest'
import { createActor } from 'xstate'
import { sheetDragMachine } from '../../machines/sheetDrag.ts'
import { dialogCloses, renderApp } from './app.tsx'
import { buildModelPaths, coverageReport, formatCoverage, type ModelPath } from './coverage.ts'

/**
 * Model-based test of the phone sheet's swipe to close: the chart's paths (every state, every transition), each walked
 * on the real modal's handle with pointer events: `drag.start` a pointer down on the handle, `drag.move` a move 300 px
 * down, `drag.end` lifting it, `drag.cancel` the browser taking it, `drag.settled` the sheet's spring-back transition
 * ending. After each step the dialog shows the chart's state (`data-drag`) and offset (its transform); `dismissed`
 * closes the modal. happy-dom lays nothing out (the sheet is 0 px high there), so the walks drag either 0 px (springs
 * back at any height) or 300 px (past 30 % of any sheet up to 1000 px).
 */
const start = { type: 'drag.start', y: 100, time: 0, height: 600 }
const move = { type: 'drag.move', y: 400, time: 1000 }
const events = () => [start, move, { type: 'drag.end' }, { type: 'drag.cancel' }, { type: 'drag.settled' }]
const run = buildModelPaths(sheetDragMachine, { events })

/** The end of the dialog's transform transition (happy-dom's TransitionEvent carries no `propertyName`: set here). */
function transformEnded(): Event {
  const event = new Event('transitionend')
  Object.defineProperty(event, 'propertyName', { value: 'transform' })
  return event
}

test('coverage: every state and every transition of the sheet drag chart', () => {
  const report = coverageReport(sheetDragMachine, [run])
  console.log(formatCoverage('sheetDrag', report))
  expect(report.states.missing).toEqual([])
  expect(report.transitions.missing).toEqual([])
})

async function walk(path: ModelPath) {
  const app = await renderApp({})
  try {
    await app.ensureOpen()
    const dialog = app.dialog()!
    const handle = dialog.querySelector<HTMLElement>('[data-testid="sheet-handle"]')!
    expect(handle.getAttribute('aria-hidden')).toBe('true')
    const expected = createActor(sheetDragMachine).start()
    const pointer = { pointerId: 1, pointerType: 'touch', isPrimary: true }
    for (const step of path.steps) {
      const moved = expected.getSnapshot().context.offset > 0
      // One gesture per event.
      if (step.event.type === 'drag.start') fireEvent.pointerDown(handle, { ...pointer, clientY: start.y })
      else if (step.event.type === 'drag.move') fireEvent.pointerMove(handle, { ...pointer, clientY: move.y })
      else if (step.event.type === 'drag.end') fireEvent.pointerUp(handle, { ...pointer, clientY: move.y })
      else if (step.event.type === 'drag.cancel') fireEvent.pointerCancel(handle, pointer)
      else dialog.dispatchEvent(transformEnded())
      expected.send(step.event as never)
      // A sheet that did not move has nothing to spring back: the view puts it at rest at once.
      if (expected.getSnapshot().matches('springingBack') && !moved) expected.send({ type: 'drag.settled' })
      const snapshot = expected.getSnapshot()
      if (snapshot.status === 'done') {
        await dialogCloses(app)
        return
      }
      await waitFor(() => {
        expect(dialog.dataset.drag).toBe(String(snapshot.value))
        expect(dialog.style.transform).toBe(snapshot.matches('dragging') && snapshot.context.offset > 0 ? `translateY(${snapshot.context.offset}px)` : '')
      })
      expect(app.dialog()).toBe(dialog)
    }
  } finally {
    await app.dispose()
  }
}

describe('sheet drag model: walked on the handle', () => {
  for (const path of run.paths) {
    const name = path.steps.map((s) => s.event.type).join(' → ') || '(initial)'
    test(`walk: ${name} ⇒ ${path.target}`, () => walk(path), 20_000)
  }
  // The shortest paths spring back from a sheet that did not move: the same chart with the sheet moved first, so the
  // spring back runs its transition and rests when it ends.
  const moved = (...tail: Array<{ type: string }>): ModelPath => ({ ...run.paths[0]!, steps: [start, move, ...tail].map((event) => ({ event }) as ModelPath['steps'][number]) })
  test('walk: drag.start → drag.move → drag.cancel → drag.settled ⇒ "resting" (the sheet springs back from 300 px)', () => walk(moved({ type: 'drag.cancel' }, { type: 'drag.settled' })), 20_000)
  test('walk: drag.start → drag.move → drag.cancel → drag.start ⇒ "dragging" (caught while springing back)', () => walk(moved({ type: 'drag.cancel' }, start)), 20_000)
})
