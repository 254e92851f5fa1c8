import { describe, expect, test } from 'vitest'
import { directionOf, resolveLocale, supportedLocales } from './tags.ts'

const available = ['en', 'de', 'pt-BR', 'zh-CN', 'zh-TW', 'ar', 'he', 'en-XA', 'ar-XB']

describe('the locale the modal speaks (option locale, setLocale)', () => {
  test("'auto' takes the first of the browser's languages that has words, by exact tag or by language", () => {
    expect(resolveLocale('auto', ['fr-FR', 'de-AT', 'en-US'], available)).toBe('de')
    expect(resolveLocale(undefined, ['pt-PT'], available)).toBe('pt-BR')
    expect(resolveLocale('auto', ['PT-br'], available)).toBe('pt-BR')
    expect(resolveLocale('auto', ['ja', 'ko'], available)).toBe('en')
    expect(resolveLocale('auto', [], available)).toBe('en')
  })

  test('Chinese falls back by script: Hong Kong and Hant to Traditional, Singapore and Hans to Simplified', () => {
    expect(resolveLocale('zh-HK', [], available)).toBe('zh-TW')
    expect(resolveLocale('zh-Hant', [], available)).toBe('zh-TW')
    expect(resolveLocale('zh-SG', [], available)).toBe('zh-CN')
    expect(resolveLocale('zh', [], available)).toBe('zh-CN')
  })

  test('a tag wins over the browser; a tag with no words falls back to English, not to the browser', () => {
    expect(resolveLocale('de-CH', ['pt-BR'], available)).toBe('de')
    expect(resolveLocale('sw', ['de'], available)).toBe('en')
  })

  test('the pseudo-locales are chosen only by their exact tag, never by language', () => {
    expect(resolveLocale('en-XA', [], available)).toBe('en-XA')
    expect(resolveLocale('auto', ['en-GB'], ['en-XA', 'ar-XB'])).toBe('en')
    expect(resolveLocale('ar-EG', [], ['en', 'ar-XB'])).toBe('en')
    expect(resolveLocale('ar-EG', [], available)).toBe('ar')
  })

  test('right to left for Arabic, Persian, Hebrew and ar-XB; left to right for the others', () => {
    expect(['ar', 'ar-EG', 'fa', 'he', 'HE-il', 'ar-XB'].map(directionOf)).toEqual(['rtl', 'rtl', 'rtl', 'rtl', 'rtl', 'rtl'])
    expect(['en', 'de', 'ja', 'zh-TW', 'en-XA'].map(directionOf)).toEqual(['ltr', 'ltr', 'ltr', 'ltr', 'ltr'])
  })

  test('the supported list starts with English, the built-in fallback', () => {
    expect(supportedLocales[0]).toBe('en')
    expect(resolveLocale('auto', ['en-AU'])).toBe('en')
  })
})
