import type { Copy } from '../locales/en.ts'

/** A locale module's catalogue: every key of English (the completeness test checks it), possibly fewer while a locale is written. */
export type LocaleCatalogue = DeepPartial<Copy>
type DeepPartial<T> = T extends (...args: never[]) => unknown ? T : T extends readonly unknown[] ? T : T extends object ? { readonly [K in keyof T]?: DeepPartial<T[K]> } : T

/**
 * Each supported locale's catalogue, as a chunk of its own (spec §1 lazy rule: a locale's words load only for a
 * visitor who reads it). English is built in and has none. Adding a locale: its file under `ui/locales/`, a line here,
 * its tag in `supportedLocales` (`tags.ts`).
 */
export const catalogueLoaders: Readonly<Record<string, () => Promise<LocaleCatalogue>>> = {
  ar: () => import('../locales/ar.ts').then((m) => m.default),
  ja: () => import('../locales/ja.ts').then((m) => m.default),
  'zh-CN': () => import('../locales/zh-CN.ts').then((m) => m.default),
  'zh-TW': () => import('../locales/zh-TW.ts').then((m) => m.default),
  ko: () => import('../locales/ko.ts').then((m) => m.default),
  ru: () => import('../locales/ru.ts').then((m) => m.default),
  uk: () => import('../locales/uk.ts').then((m) => m.default),
  hi: () => import('../locales/hi.ts').then((m) => m.default),
  id: () => import('../locales/id.ts').then((m) => m.default),
  th: () => import('../locales/th.ts').then((m) => m.default),
  vi: () => import('../locales/vi.ts').then((m) => m.default),
  he: () => import('../locales/he.ts').then((m) => m.default),
  fa: () => import('../locales/fa.ts').then((m) => m.default),
  de: () => import('../locales/de.ts').then((m) => m.default),
  fr: () => import('../locales/fr.ts').then((m) => m.default),
  es: () => import('../locales/es.ts').then((m) => m.default),
  'pt-BR': () => import('../locales/pt-BR.ts').then((m) => m.default),
  it: () => import('../locales/it.ts').then((m) => m.default),
  nl: () => import('../locales/nl.ts').then((m) => m.default),
  pl: () => import('../locales/pl.ts').then((m) => m.default),
  tr: () => import('../locales/tr.ts').then((m) => m.default),
  'en-XA': () => import('./pseudo.ts').then((m) => m.pseudoLong()),
  'ar-XB': () => import('./pseudo.ts').then((m) => m.pseudoRightToLeft()),
}
