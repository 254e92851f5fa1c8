import { describe, expect, test } from 'vitest'
import { createActor } from 'xstate'
import { type SheetDragEvent, sheetDragMachine } from './sheetDrag.ts'

/** A sheet 600 px high, dragged from clientY 300 through `moves` ([y, time ms]), then lifted (or cancelled). */
function drag(moves: Array<[number, number]>, end: SheetDragEvent = { type: 'drag.end' }) {
  const actor = createActor(sheetDragMachine).start()
  actor.send({ type: 'drag.start', y: 300, time: 0, height: 600 })
  for (const [y, time] of moves) actor.send({ type: 'drag.move', y, time })
  const during = actor.getSnapshot().context.offset
  actor.send(end)
  return { actor, during, after: actor.getSnapshot() }
}

describe('sheetDrag', () => {
  test('behavior: a slow drag past 30 % of the sheet closes it', () => {
    const { during, after } = drag([
      [400, 500],
      [481, 1000],
    ])
    expect(during).toBe(181)
    expect(after.value).toBe('dismissed')
    expect(after.status).toBe('done')
  })

  test('behavior: a slow drag short of 30 % springs back, and the sheet rests once back', () => {
    const { actor, during, after } = drag([
      [400, 500],
      [479, 1000],
    ])
    expect(during).toBe(179)
    expect(after.value).toBe('springingBack')
    expect(after.context.offset).toBe(0)
    actor.send({ type: 'drag.settled' })
    expect(actor.getSnapshot().value).toBe('resting')
  })

  test('behavior: a short fast flick down closes it (0.5 px/ms over the last move)', () => {
    expect(
      drag([
        [310, 100],
        [340, 150],
      ]).after.value,
    ).toBe('dismissed')
    // The same distance slowly springs back.
    expect(
      drag([
        [310, 100],
        [340, 400],
      ]).after.value,
    ).toBe('springingBack')
  })

  test('bad input: a drag upwards does not lift the sheet above its place, and a fast flick up does not close it', () => {
    const { during, after } = drag([
      [200, 100],
      [0, 120],
    ])
    expect(during).toBe(0)
    expect(after.value).toBe('springingBack')
  })

  test('bad input: moves with no time between them keep the last speed instead of dividing by zero', () => {
    const { actor } = drag([])
    actor.send({ type: 'drag.start', y: 300, time: 0, height: 600 })
    actor.send({ type: 'drag.move', y: 320, time: 100 })
    actor.send({ type: 'drag.move', y: 330, time: 100 })
    expect(actor.getSnapshot().context.velocity).toBe(0.2)
  })

  test('behavior: a cancelled pointer springs back however far it went; a drag caught while springing back follows again', () => {
    const { actor, after } = drag([[550, 100]], { type: 'drag.cancel' })
    expect(after.value).toBe('springingBack')
    actor.send({ type: 'drag.start', y: 100, time: 200, height: 600 })
    actor.send({ type: 'drag.move', y: 150, time: 1200 })
    expect(actor.getSnapshot()).toMatchObject({ value: 'dragging', context: { offset: 50 } })
  })

  test('behavior: moves, lifts and settles outside their state are ignored', () => {
    const actor = createActor(sheetDragMachine).start()
    actor.send({ type: 'drag.move', y: 900, time: 10 })
    actor.send({ type: 'drag.end' })
    actor.send({ type: 'drag.settled' })
    expect(actor.getSnapshot()).toMatchObject({ value: 'resting', context: { offset: 0 } })
  })
})
