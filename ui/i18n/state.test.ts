import { describe, expect, test } from 'vitest'
import { InvalidOptionsError } from '../../kernel/optionChecks.ts'
import type { CopyOverrides } from '../locales/en.ts'
import { createLocaleState, isLocaleChoice, type ModalLocale } from './state.ts'

const make = (options: { locale?: string; messages?: CopyOverrides } = {}) => {
  const errors: string[] = []
  const seen: ModalLocale[] = []
  const state = createLocaleState(options, (message) => errors.push(message))
  state.subscribe((locale) => seen.push(locale))
  return { state, errors, seen }
}

describe("the facade's locale state", () => {
  test('English with no overrides: nothing to fetch, nothing told; numbers in the tag asked for', async () => {
    const { state, seen } = make({ locale: 'en-GB' })
    await state.load()
    expect(state.get()).toEqual({ locale: 'en', direction: 'ltr', numberLocale: 'en-GB', copy: null, pending: false })
    expect(seen).toEqual([])
  })

  test('a locale with a catalogue shows English until load(), then its words, direction and tag together, told once', async () => {
    const { state, seen } = make({ locale: 'ar-XB' })
    expect(state.get()).toMatchObject({ locale: 'en', direction: 'ltr', copy: null })
    const loading = Promise.all([state.load(), state.load()])
    // Told that words are on their way (the first opening waits for them), then told once they are in.
    expect(state.get()).toMatchObject({ locale: 'en', pending: true })
    await loading
    expect(seen.map((l) => [l.locale, l.pending])).toEqual([
      ['en', true],
      ['ar-XB', false],
    ])
    expect(state.get()).toMatchObject({ locale: 'ar-XB', direction: 'rtl', numberLocale: 'ar-XB' })
    expect(state.get().copy?.titles.Connect).toBe('\u202eConnect Wallet\u202c')
    await state.load()
    expect(seen).toHaveLength(2)
  })

  test('the last setLocale wins: a catalogue that arrives after a later choice is not shown', async () => {
    const { state } = make()
    const first = state.set('en-XA')
    await state.set('en')
    await first
    expect(state.get()).toMatchObject({ locale: 'en', copy: null, pending: false })
  })

  test('a language without words: English words, numbers in that language; malformed choices are refused and change nothing', async () => {
    const { state } = make()
    await state.set('sv-SE')
    expect(state.get()).toMatchObject({ locale: 'en', numberLocale: 'sv-SE', copy: null })
    for (const bad of ['', 'not a tag', 'en_US!', 42, null]) expect(() => state.set(bad as string), String(bad)).toThrow(InvalidOptionsError)
    expect(state.get().numberLocale).toBe('sv-SE')
    expect(['auto', 'de', 'zh-Hant-TW'].every(isLocaleChoice)).toBe(true)
  })

  test('overrides in English load a catalogue; refused keys are reported, the others apply', async () => {
    const { state, errors } = make({ messages: { 'titles.Connect': 'Sign in', ...({ nope: 'x' } as object) } })
    await state.load()
    expect(state.get().copy?.titles.Connect).toBe('Sign in')
    expect(errors).toEqual(["Some messages were not applied: messages['nope']: no such key in the English catalogue"])
  })
})
