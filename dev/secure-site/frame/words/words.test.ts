import { describe, expect, it } from 'vitest'
import { bundleFrameScript, frameHtml } from '../../pages.ts'
import en, { type FrameWords } from './en.ts'
import { frameDirection, frameLocale, frameLocales } from './index.ts'

/** Every key of a words module with its kind (a function's with its number of values). */
const shape = (words: object) => Object.fromEntries(Object.entries(words).map(([k, v]) => [k, typeof v === 'function' ? `function/${v.length}` : typeof v]))
const load = async (locale: string): Promise<FrameWords> => (await import(`./${locale}.ts`)).default

describe("the frame page's words", () => {
  it('behavior: every frame locale has every key of English, of the same kind, and no other', async () => {
    for (const locale of frameLocales) expect(shape(await load(locale)), locale).toEqual(shape(en))
  })

  it("behavior: the frame URL's locale picks its words: the same tag, else its language, else English", () => {
    expect(frameLocale('ar')).toBe('ar')
    expect(frameLocale('PT-br')).toBe('pt-BR')
    expect(frameLocale('de-AT')).toBe('de')
    expect(frameLocale('ar-XB')).toBe('ar')
    expect(frameDirection(frameLocale('ar-XB'))).toBe('rtl')
    expect(frameDirection('ja')).toBe('ltr')
  })

  it('bad input: no locale, an unknown language or a value that is not a tag gives English', () => {
    for (const bad of [null, undefined, '', 'xx', 'sv-SE', '<script>', '../en', 'ar/../../x', 'a'.repeat(40), 'en_US']) expect(frameLocale(bad), String(bad)).toBe('en')
  })

  it('behavior: the page in Arabic is right to left with its lang, and names the script bundled with Arabic words only', async () => {
    const html = frameHtml(['http://127.0.0.1:5273'], [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' }], [], frameLocale('ar-XB'))
    expect(html).toContain('<html lang="ar" dir="rtl">')
    expect(html).toContain('<script type="module" src="/frame.js?locale=ar"></script>')
    expect(frameHtml([], [], [], frameLocale('<img onerror=x>'))).toContain('<html lang="en" dir="ltr">')
    const [ar, english] = await Promise.all([bundleFrameScript('ar'), bundleFrameScript()])
    const arabic = await load('ar')
    expect(ar).toContain(arabic.approve)
    expect(ar).not.toContain(`"${en.approve}"`)
    expect(ar).not.toContain((await load('de')).approve)
    expect(english).toContain(`"${en.approve}"`)
    expect(english).not.toContain(arabic.approve)
  }, 30_000)
})
