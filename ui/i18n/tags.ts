/**
 * Which language the modal speaks, decided without any catalogue loaded: the supported locales, the choice among them
 * for a requested tag or the browser's languages, and the writing direction. Part of the page's initial JS (the facade
 * resolves the locale before anything loads); each locale's words are a chunk of their own (`loaders.ts`).
 */

/**
 * The locales with a catalogue, by BCP 47 tag. `en` is built in; the others load on the first opening. The two
 * pseudo-locales are for tests and are never chosen by `'auto'`: `en-XA` (every letter accented, about 40 % longer:
 * text that is clipped or hard-coded shows), `ar-XB` (English words written right to left: layouts that break in a
 * right-to-left script show).
 */
export const supportedLocales = ['en', 'ar', 'ja', 'zh-CN', 'zh-TW', 'ko', 'ru', 'uk', 'hi', 'id', 'th', 'vi', 'he', 'fa', 'de', 'fr', 'es', 'pt-BR', 'it', 'nl', 'pl', 'tr', 'en-XA', 'ar-XB'] as const

/** A supported locale's tag ({@link supportedLocales}). */
export type SupportedLocale = (typeof supportedLocales)[number]

/** Languages written right to left (Arabic, Persian, Hebrew), and the right-to-left pseudo-locale. */
const rightToLeft = new Set(['ar', 'fa', 'he'])

/** The pseudo-locales: chosen only when asked for by their exact tag. */
const pseudo = new Set<string>(['en-XA', 'ar-XB'])

/**
 * The writing direction of a locale: `'rtl'` for Arabic, Persian and Hebrew (and `ar-XB`), else `'ltr'`.
 * @example directionOf('fa') // 'rtl'
 */
export function directionOf(tag: string): 'ltr' | 'rtl' {
  return rightToLeft.has(tag.split('-')[0]!.toLowerCase()) ? 'rtl' : 'ltr'
}

/** The script a tag is written in, as `Intl.Locale#maximize` infers it (`zh-HK` → `Hant`); undefined if unknown. */
function scriptOf(tag: string): string | undefined {
  try {
    return new Intl.Locale(tag).maximize().script
  } catch {
    return undefined
  }
}

/**
 * The supported locale for one requested tag, or undefined: the same tag (case-insensitive), else one of the same
 * language, preferring the same script (`zh-HK` → `zh-TW`, `zh-SG` → `zh-CN`) and then the first listed (`pt-PT` →
 * `pt-BR`). Pseudo-locales only match their exact tag.
 */
function matchOne(requested: string, available: readonly string[]): string | undefined {
  const wanted = requested.toLowerCase()
  const exact = available.find((tag) => tag.toLowerCase() === wanted)
  if (exact) return exact
  const language = wanted.split('-')[0]
  const sameLanguage = available.filter((tag) => !pseudo.has(tag) && tag.split('-')[0]!.toLowerCase() === language)
  if (sameLanguage.length <= 1) return sameLanguage[0]
  const script = scriptOf(requested)
  return sameLanguage.find((tag) => scriptOf(tag) === script) ?? sameLanguage[0]
}

/**
 * The locale the modal speaks (spec §1 copy; the `locale` option and `setLocale`): for a tag, that tag's supported
 * locale (see the language fallback below), else English; for `'auto'` (or nothing), the first of the browser's
 * languages that has one, else English. Language fallback: `de-AT` → `de`, `pt-PT` → `pt-BR`, `zh-HK` → `zh-TW`.
 *
 * @param requested the option's value: a BCP 47 tag, `'auto'` or undefined (= `'auto'`).
 * @param languages the browser's `navigator.languages`, most preferred first.
 * @param available the locales to choose from (default {@link supportedLocales}).
 * @example resolveLocale('auto', ['pt-PT', 'en-US'], ['en', 'pt-BR']) // 'pt-BR'
 */
export function resolveLocale(requested: string | undefined, languages: readonly string[], available: readonly string[] = supportedLocales): string {
  const candidates = requested && requested !== 'auto' ? [requested] : languages
  for (const tag of candidates) {
    const match = matchOne(tag, available)
    if (match) return match
  }
  return 'en'
}

/** The browser's languages, most preferred first; empty outside a browser (SSR, Node). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return []
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : []
}
