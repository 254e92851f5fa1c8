import type { LocaleCatalogue } from './catalogue.ts'

/**
 * Each supported locale's catalogue, as a chunk of its own (spec §1 lazy rule: a locale's words load only for a
 * visitor who reads it). English is built in and has none. Adding a locale: its file under `ui/locales/`, a line here,
 * its tag in `supportedLocales` (`tags.ts`).
 */
export const catalogueLoaders: Readonly<Record<string, () => Promise<LocaleCatalogue>>> = {
  'en-XA': () => import('./pseudo.ts').then((m) => m.pseudoLong()),
  'ar-XB': () => import('./pseudo.ts').then((m) => m.pseudoRightToLeft()),
}
