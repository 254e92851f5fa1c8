import { describe, expect, test } from 'vitest'
import { type Copy, en } from '../locales/en.ts'
import { createElement } from 'react'
import { applyOverrides, buildCatalogue, mergeCatalogue } from './catalogue.ts'
import { catalogueLoaders } from './loaders.ts'
import { fillSlots } from './slots.ts'

/** Every leaf of a catalogue by dotted path, with its kind (a function's kind includes its number of values). */
function shape(node: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof node === 'function') out.set(prefix, `function/${node.length}`)
  else if (Array.isArray(node)) node.forEach((item, i) => shape(item, `${prefix}[${i}]`, out))
  else if (typeof node === 'object' && node !== null) for (const [k, v] of Object.entries(node)) shape(v, prefix ? `${prefix}.${k}` : k, out)
  else out.set(prefix, typeof node)
  return out
}

describe('a locale catalogue over English', () => {
  test('a missing word, or one of another kind, shows English; nothing becomes undefined or a key name', () => {
    const base = { a: 'A', nested: { b: 'B', f: (n: number) => `${n} B` }, list: ['x', 'y'] }
    const merged = mergeCatalogue(base, { a: 'Ä', nested: { b: 42, f: 'not a function' }, list: ['only one'], extra: 'ignored' })
    expect(merged).toEqual({ a: 'Ä', nested: { b: 'B', f: base.nested.f }, list: ['x', 'y'] })
    expect(mergeCatalogue(base, null)).toBe(base)
    expect(mergeCatalogue(base, 'garbage')).toBe(base)
  })

  test('per-key overrides: typed keys apply; a key English lacks or a value of another kind is refused and named, the rest apply', () => {
    const { copy, refused } = applyOverrides(en as Copy, {
      'titles.Connect': 'Sign in with a wallet',
      'callsStatus.asking': (count: number) => `Approve ${count}`,
      // From plain JavaScript: no such key, a string where English has a function, a whole group.
      ...({ 'titles.Conect': 'typo', 'callsStatus.confirmedBody': 'plain', titles: 'all' } as object),
    })
    expect(copy.titles.Connect).toBe('Sign in with a wallet')
    expect(copy.callsStatus.asking(2)).toBe('Approve 2')
    expect(copy.titles.Account).toBe(en.titles.Account)
    expect(copy.callsStatus.confirmedBody(2)).toBe(en.callsStatus.confirmedBody(2))
    expect(refused).toEqual([
      "messages['titles.Conect']: no such key in the English catalogue",
      "messages['callsStatus.confirmedBody']: expected a function like English's, received a string",
      "messages['titles']: no such key in the English catalogue",
    ])
    // The English module itself is untouched.
    expect(en.titles.Connect).toBe('Connect Wallet')
  })

  test('every locale places each slot of a slotted message exactly once, in its own word order', async () => {
    const slot = (name: string) => createElement('b', { 'data-slot': name })
    const slotted = (copy: Copy) => [
      fillSlots(copy.legalAgree, [slot('terms'), slot('privacy')]),
      fillSlots(copy.pay.succeededBody, ['1.5', 'ETH', slot('recipient')]),
      fillSlots(copy.tokenButton, [slot('token')]),
      fillSlots(copy.branding, [slot('name')]),
      fillSlots(copy.swap.tokenButtonSide, [copy.swap.from, slot('token')]),
    ]
    const slotsOf = (parts: unknown[]) => parts.flatMap((part) => (typeof part === 'object' && part ? [(part as { key: string }).key] : [])).sort()
    const english = slotted(en as Copy).map(slotsOf)
    expect(english).toEqual([['slot0', 'slot1'], ['slot2'], ['slot0'], ['slot0'], ['slot1']])
    for (const [tag, load] of Object.entries(catalogueLoaders)) {
      const copy = mergeCatalogue(en as Copy, await load())
      // fillSlots throws a MessageSlotsError for a message that drops a slot or places one twice.
      expect(slotted(copy).map(slotsOf), tag).toEqual(english)
      expect(copy.pay.succeededBody('1.5', 'ETH', 'to-me'), tag).toContain('1.5')
      // Max's accessible name holds its visible word (WCAG 2.5.3), with or without a symbol.
      for (const symbol of ['ETH', '']) expect(copy.maxLabel(copy.max, symbol), tag).toContain(copy.max)
    }
  })

  test('every locale has every key of English, of the same kind, with the same values for its messages, and no other', async () => {
    const english = shape(en)
    for (const [tag, load] of Object.entries(catalogueLoaders)) {
      const words = await load()
      expect(shape(words), tag).toEqual(english)
    }
  })
})

describe('English counts', () => {
  test("the email throttle's seconds: one second, else seconds (spec §5 'Please try again after N seconds')", () => {
    expect(en.emailThrottled(1)).toBe('Please try again after 1 second')
    expect(en.emailThrottled(17)).toBe('Please try again after 17 seconds')
    expect(en.emailThrottled(0)).toBe('Please try again after 0 seconds')
  })
})

describe('the pseudo-locales', () => {
  test('en-XA: every word accented and longer, the values given kept as they are', async () => {
    const { copy } = await buildCatalogue('en-XA', undefined)
    expect(copy.titles.Connect).toMatch(/^\[Çöññéçţ Ŵåļļéţ ·+\]$/)
    const sentence = copy.callsStatus.viewCallOnExplorer(2, 'Etherscan')
    expect(sentence).toContain('Etherscan')
    expect(sentence).not.toContain('View')
    // Every plain word of the catalogue is bracketed, so a word shown in plain English was not read from it.
    const words: string[] = []
    const collect = (node: unknown): void => {
      if (typeof node === 'string') words.push(node)
      else if (node && typeof node === 'object') for (const v of Object.values(node)) collect(v)
    }
    collect(copy)
    expect(words.length).toBeGreaterThan(100)
    expect(words.filter((w) => !/^\[.* ·+\]$/s.test(w))).toEqual([])
  })

  test('ar-XB: right-to-left words, the values in left-to-right isolates', async () => {
    const { copy } = await buildCatalogue('ar-XB', undefined)
    expect(copy.titles.Connect).toBe('\u202eConnect Wallet\u202c')
    expect(copy.callsStatus.viewCallOnExplorer(12, 'Etherscan')).toBe('\u202eCall \u202c\u206612\u2069\u202e: View on \u202c\u2066Etherscan\u2069')
  })

  test('English with no overrides is the built-in catalogue itself; an unknown locale is English', async () => {
    expect((await buildCatalogue('en', undefined)).copy).toBe(en)
    expect((await buildCatalogue('xx', undefined)).copy).toBe(en)
  })
})
