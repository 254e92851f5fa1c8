import { defaultLocale } from '../machines/format.locale.ts'

/**
 * The locale numbers and fiat values are written in: the dapp's `locale` option when it set one, else
 * the browser's `navigator.language`, `'en-US'` where there is none (the server, a worker without it). The view models
 * take it as a parameter; machines never read `navigator`.
 * @example visitorLocale() // 'de-DE' in a German browser
 * visitorLocale('fr-FR') // 'fr-FR' whatever the browser
 */
export function visitorLocale(option?: string): string {
  if (option) return option
  const language = typeof navigator === 'undefined' ? undefined : navigator.language
  return language || defaultLocale
}
