import { type Copy, en } from '../locales/en.ts'

/**
 * The pseudo-locales, made from English for tests (`supportedLocales` in `tags.ts`): `en-XA` shows every letter
 * accented and each message about 40 % longer between brackets, so a word that is not in the catalogue (still plain
 * English) or a layout that clips long text shows at a glance; `ar-XB` writes English's words right to left, so a
 * layout that breaks in Arabic, Persian or Hebrew shows without reading them. The values a message is given (an
 * address, an amount, a wallet's name) stay as they are, left to right.
 */

const accents: Record<string, string> = Object.fromEntries([...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, [...'åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]!]))

/** Right-to-left override … pop directional formatting; left-to-right isolate … pop directional isolate. */
const RLO = '\u202e'
const PDF = '\u202c'
const LRI = '\u2066'
const PDI = '\u2069'

type Transform = (text: string) => string

/** `[Çöññéçţ Ŵåļļéţ ·····]`: accented, padded to about 1.4 times the length (at least one dot). */
const long: Transform = (text) => `[${[...text].map((c) => accents[c] ?? c).join('')} ${'·'.repeat(Math.max(1, Math.round(text.length * 0.4)))}]`
/** The text shown right to left (a right-to-left override around it). */
const rightToLeft: Transform = (text) => `${RLO}${text}${PDF}`

/**
 * `text` transformed, except the values it was given: each stays as given, in a left-to-right isolate in `ar-XB`.
 * Values are found by their text; one shorter than 2 characters is transformed with the rest (a count of 1 in a word).
 */
function transformExcept(text: string, values: readonly unknown[], transform: Transform, isolate: boolean): string {
  const kept = values.map((v) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' ? String(v) : '')).filter((v) => v.length >= 2)
  if (!kept.length) return transform(text)
  const pattern = new RegExp(kept.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g')
  let out = ''
  let last = 0
  for (const match of text.matchAll(pattern)) {
    out += text.slice(last, match.index) && transform(text.slice(last, match.index))
    out += isolate ? `${LRI}${match[0]}${PDI}` : match[0]
    last = match.index + match[0].length
  }
  return out + (text.slice(last) && transform(text.slice(last)))
}

/** Every word of `node` transformed: strings, the strings a function returns (its values kept), lists, objects. */
function pseudoOf<T>(node: T, transform: Transform, isolate: boolean): T {
  if (typeof node === 'string') return transform(node) as T
  if (typeof node === 'function') {
    const fn = node as (...args: unknown[]) => unknown
    const wrapped = (...args: unknown[]) => {
      const result = fn(...args)
      return typeof result === 'string' ? transformExcept(result, args, transform, isolate) : pseudoOf(result, transform, isolate)
    }
    // The same number of values as English's message (the completeness test compares them).
    return Object.defineProperty(wrapped, 'length', { value: fn.length }) as T
  }
  if (Array.isArray(node)) return node.map((item) => pseudoOf(item, transform, isolate)) as T
  if (typeof node === 'object' && node !== null) return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, pseudoOf(v, transform, isolate)])) as T
  return node
}

/** The `en-XA` catalogue: accented and about 40 % longer. */
export function pseudoLong(): Copy {
  return pseudoOf(en as Copy, long, false)
}

/** The `ar-XB` catalogue: English's words right to left, the values given left to right in their own isolates. */
export function pseudoRightToLeft(): Copy {
  return pseudoOf(en as Copy, rightToLeft, true)
}
