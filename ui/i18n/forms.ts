/**
 * What the locale catalogues (`ui/locales/<tag>.ts`) write counts and values with: the plural form of a count through
 * `Intl.PluralRules`, never by comparing the count to 1, and a value isolated in its own direction inside a sentence.
 * Imported by the locale chunks only (each locale's words stay a chunk of their own, `loaders.ts`).
 */

/** A message's words per plural category of a locale (`one`, `few`, …); `other` is required and stands for any category not given. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { readonly other: string }

/**
 * The plural picker of a locale: given a count and its forms, the form of the count's category
 * (`Intl.PluralRules(locale).select`), `other` when that category is not given.
 * @param locale a BCP 47 tag with plural rules (`'ru'`, `'ar'`, `'pt-BR'`).
 * @example const plural = pluralOf('ru'); plural(22, { one: 'секунду', few: 'секунды', many: 'секунд', other: 'секунды' }) // 'секунды'
 */
export function pluralOf(locale: string): (count: number, forms: PluralForms) => string {
  const rules = new Intl.PluralRules(locale)
  return (count, forms) => forms[rules.select(count)] ?? forms.other
}

/**
 * A value (an address, an amount, a name, a count) in a first-strong isolate (FSI … PDI), so it keeps its own
 * direction inside a right-to-left sentence (Arabic, Persian, Hebrew).
 * @example isolate('0x12…ab') // '\u20680x12…ab\u2069'
 */
export const isolate = (value: string | number): string => `\u2068${value}\u2069`
