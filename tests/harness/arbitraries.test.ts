import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { binaryString, binaryUnit } from './arbitraries.ts'

/**
 * fast-check's `'binary'` unit as fast-check builds it (`mapToConstant` over its two code-point ranges). The units are
 * compared, not `fc.string({ unit: 'binary' })` itself: making that string arbitrary costs the 4.4 CPU-seconds that
 * `binaryString` saves, and `fc.string` treats a unit given as an arbitrary the same way as a named one.
 */
const fastCheckBinaryUnit = fc.mapToConstant({ num: 0xd800, build: (i) => String.fromCodePoint(i) }, { num: 0x10ffff - 0xe000 + 1, build: (i) => String.fromCodePoint(0xe000 + i) })

describe('binaryUnit', () => {
  test("behavior: draws the characters fast-check's 'binary' unit draws, seed for seed, with and without bias", () => {
    for (const seed of [1, 42, 2026, -7]) {
      expect(fc.sample(binaryUnit, { seed, numRuns: 1000 })).toEqual(fc.sample(fastCheckBinaryUnit, { seed, numRuns: 1000 }))
      expect(fc.sample(binaryUnit, { seed, numRuns: 1000, unbiased: true })).toEqual(fc.sample(fastCheckBinaryUnit, { seed, numRuns: 1000, unbiased: true }))
    }
  })

  test('behavior: shrinks without context what it can draw, and nothing else (a surrogate, two code points, not a string)', () => {
    for (const char of ['\u0000', 'a', '\ud7ff', '\ue000', '\u{10ffff}']) expect(binaryUnit.canShrinkWithoutContext(char)).toBe(true)
    for (const value of ['\ud800', '\udfff', 'ab', '', 42]) expect(binaryUnit.canShrinkWithoutContext(value)).toBe(false)
    expect(binaryString().canShrinkWithoutContext('a\u{10ffff}\ue000')).toBe(true)
    expect(binaryString().canShrinkWithoutContext('a\ud800')).toBe(false)
  })
})
