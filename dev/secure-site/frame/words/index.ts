/**
 * The frame page's languages (spec §4 frame pages follow the modal's locale): the modal passes its locale in the frame
 * URL (`locale=ar`); the secure site checks it against the locales it has words for and bundles the frame's script with
 * that one locale's words (`chosen.ts` is replaced at bundling), so the page loads no other language.
 */
import { FRAME_LOCALE_TAG } from '../../../../adapters/frame.protocol.ts'

/** The locales with frame words: the modal's, English first. */
export const frameLocales = ['en', 'ar', 'de', 'es', 'fa', 'fr', 'he', 'hi', 'id', 'it', 'ja', 'ko', 'nl', 'pl', 'pt-BR', 'ru', 'th', 'tr', 'uk', 'vi', 'zh-CN', 'zh-TW'] as const

/** A locale with frame words. */
export type FrameLocale = (typeof frameLocales)[number]

/**
 * The frame's locale for the frame URL's `locale`: the same tag (case-insensitive), else the first of the same language
 * (`de-AT` → `de`, `ar-XB` → `ar`, `pt-PT` → `pt-BR`), else English. Anything else — no
 * value, an unknown language, a value that is not a language tag (`<script>`, `../en`) — is English.
 * @example frameLocale('pt-PT') // 'pt-BR'; frameLocale('xx') // 'en'; frameLocale(null) // 'en'
 */
export function frameLocale(requested: string | null | undefined): FrameLocale {
  if (!requested || requested.length > 35 || !FRAME_LOCALE_TAG.test(requested)) return 'en'
  const wanted = requested.toLowerCase()
  return frameLocales.find((tag) => tag.toLowerCase() === wanted) ?? frameLocales.find((tag) => tag.split('-')[0] === wanted.split('-')[0]) ?? 'en'
}

/** `'rtl'` for Arabic, Persian and Hebrew, else `'ltr'`. */
export const frameDirection = (locale: FrameLocale): 'ltr' | 'rtl' => (['ar', 'fa', 'he'].includes(locale) ? 'rtl' : 'ltr')
