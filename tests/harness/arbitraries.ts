import fc from 'fast-check'

/** The code points of fast-check's `'binary'` unit: 0 to 0x10FFFF less the surrogates (0xD800–0xDFFF), in that order. */
const lastIndex = 0x10ffff - 0x800
const toCodePoint = (index: number): number => (index < 0xd800 ? index : index + 0x800)

/**
 * The characters of fast-check's `'binary'` unit, the same arbitrary: fast-check's is `mapToConstant` over 0–0xD7FF and
 * 0xE000–0x10FFFF, that is `nat(0x10FFFF − 0x800)` mapped to a code point, drawn and shrunk as this one; only its way
 * back from a character to its index is a lookup, a map of all 1,112,064 code points that fast-check builds the first
 * time a string of the unit is made (to cut its bias strings into units): 4.4 CPU-seconds in each worker that makes
 * one. Here it is computed. A value the unit cannot draw (not one code point, or a surrogate) maps to -1, which `nat`
 * refuses, as fast-check's lookup refuses it.
 */
export const binaryUnit: fc.Arbitrary<string> = fc.nat({ max: lastIndex }).map(
  (index) => String.fromCodePoint(toCodePoint(index)),
  (value) => {
    const point = typeof value === 'string' ? value.codePointAt(0) : undefined
    if (point === undefined || String.fromCodePoint(point) !== value || (point >= 0xd800 && point <= 0xdfff)) return -1
    return point < 0xd800 ? point : point - 0x800
  },
)

/**
 * `fc.string({ unit: 'binary' })` without its 4.4 CPU-seconds of set-up ({@link binaryUnit}): strings of any code
 * point but the surrogates, drawn, biased and shrunk as fast-check's own.
 *
 * @param constraints `fc.string`'s other constraints (`minLength`, `maxLength`, `size`).
 */
export function binaryString(constraints: Omit<fc.StringConstraints, 'unit'> = {}): fc.Arbitrary<string> {
  return fc.string({ ...constraints, unit: binaryUnit })
}
