import { defaultLocale } from '../machines/format.ts'

/**
 * The visitor's locale for numbers (issue 17 §5): the browser's `navigator.language`, `'en-US'` where there is none (the
 * server, a worker without it). The view models take it as a parameter; machines never read `navigator`.
 * @example visitorLocale() // 'de-DE' in a German browser
 */
export function visitorLocale(): string {
  const language = typeof navigator === 'undefined' ? undefined : navigator.language
  return language || defaultLocale
}
