import { describe, expect, test } from 'vitest'
import { openingView, readableScale } from './Chart.tsx'

describe('openingView', () => {
  test('behavior: a chart that fits its frame at a readable scale opens whole, centred, never above 1', () => {
    expect(openingView({ width: 400, height: 300 }, { width: 1240, height: 540 })).toEqual({ k: 1, x: 420, y: 20 })
    // 500 / 600 of the frame's height (less its margins): above the readable scale, so whole.
    const v = openingView({ width: 1000, height: 600 }, { width: 1240, height: 540 })
    expect(v.k).toBeCloseTo(500 / 600, 5)
    expect(v.x).toBeCloseTo((1240 - 1000 * v.k) / 2, 5)
  })

  test("behavior: a chart too big to read whole (the root's) opens at the readable scale from its top-left, to be panned", () => {
    // The root's chart measured on the demo: about 1690 × 2050 px in a 1240 × 540 frame (whole it would be 0.24).
    expect(openingView({ width: 1690, height: 2050 }, { width: 1240, height: 540 })).toEqual({ k: readableScale, x: 20, y: 20 })
    // On a 390 px phone too: readable, not shrunk to the width.
    expect(openingView({ width: 1690, height: 2050 }, { width: 372, height: 360 })).toEqual({ k: readableScale, x: 20, y: 20 })
  })

  test('behavior: a tall chart whose width fits opens at its width (up to 1), centred across, from its top', () => {
    const v = openingView({ width: 600, height: 3000 }, { width: 1240, height: 540 })
    expect(v).toEqual({ k: 1, x: 320, y: 20 })
  })
})
