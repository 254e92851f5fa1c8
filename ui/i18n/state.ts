import { InvalidOptionsError } from '../../kernel/optionChecks.ts'
import { defaultLocale } from '../../machines/format.locale.ts'
import type { Copy, CopyOverrides } from '../locales/en.ts'
import { browserLanguages, directionOf, resolveLocale } from './tags.ts'

/**
 * The language the modal speaks now (the facade's `getLocale()`): the supported locale chosen (`tags.ts`), its
 * writing direction, the locale numbers and fiat values are written in, and the catalogue (`null`: English's, built
 * in). `locale`, `direction` and `copy` change together, once the new catalogue is in.
 */
export type ModalLocale = {
  /** The supported locale the words are in, e.g. `'en'`, `'en-XA'`. */
  readonly locale: string
  /** `'rtl'` for Arabic, Persian and Hebrew: the modal's root gets `dir="rtl"`. */
  readonly direction: 'ltr' | 'rtl'
  /** The BCP 47 tag numbers, amounts and dates are formatted in: the tag asked for, else the browser's language. */
  readonly numberLocale: string
  /** The catalogue the views read; `null` while English's built-in words apply. */
  readonly copy: Copy | null
  /** Another language's words are on their way (the first opening waits for them rather than flash English). */
  readonly pending: boolean
}

/** The locale part of the facade: state, subscription, `setLocale`, and the load the first opening asks for. */
export type LocaleState = {
  get(): ModalLocale
  subscribe(listener: (locale: ModalLocale) => void): () => void
  /** Validates and applies a new choice (see `ModalInstance.setLocale`). */
  set(requested: string): Promise<void>
  /** Fetches the catalogue of the current choice if it needs one (the first opening's intent, the idle prefetch). */
  load(): Promise<void>
}

/** `'auto'`, or a well-formed BCP 47 tag (`Intl.getCanonicalLocales` throws a RangeError for a malformed one). */
export function isLocaleChoice(value: unknown): value is string {
  if (value === 'auto') return true
  if (typeof value !== 'string') return false
  try {
    return Intl.getCanonicalLocales(value).length === 1
  } catch {
    return false
  }
}

/**
 * The facade's locale state (spec §1 copy; the `locale` and `messages` options). Nothing is fetched until `load()` (an
 * intent to open, the idle prefetch) or `set()`; English with no overrides never fetches anything. A failed fetch
 * keeps the words shown (reported to `onError`); the next `load()` tries again.
 *
 * @param options the validated options: `locale` (`'auto'` by default), `messages` (per-key overrides).
 * @param onError told of a failed catalogue fetch and of refused overrides (the modal's log).
 */
export function createLocaleState(options: { locale?: string | undefined; messages?: CopyOverrides | undefined }, onError: (message: string) => void): LocaleState {
  const listeners = new Set<(locale: ModalLocale) => void>()
  const numberLocaleOf = (requested: string | undefined) => (requested && requested !== 'auto' ? requested : browserLanguages()[0] || defaultLocale)
  const first = resolveLocale(options.locale, browserLanguages())
  const needsCatalogue = (locale: string) => locale !== 'en' || options.messages !== undefined
  // English's built-in words until the chosen catalogue is in (fetched on the first intent, never before).
  let state: ModalLocale = { locale: 'en', direction: 'ltr', numberLocale: numberLocaleOf(options.locale), copy: null, pending: false }
  /** The choice being applied (its catalogue may still be loading), and the catalogue already in per locale. */
  let wanted = { locale: first, numberLocale: state.numberLocale }
  let loading: Promise<void> | undefined
  let loadingFor: string | undefined
  const apply = (next: ModalLocale) => {
    state = next
    for (const listener of [...listeners]) listener(state)
  }
  const fetchFor = (target: { locale: string; numberLocale: string }): Promise<void> => {
    if (loading && loadingFor === target.locale) return loading
    loadingFor = target.locale
    if (!state.pending) apply({ ...state, pending: true })
    const attempt = import('./catalogue.ts')
      .then((m) => m.buildCatalogue(target.locale, options.messages))
      .then(
        ({ copy, refused }) => {
          if (refused.length) onError(`Some messages were not applied: ${refused.join('; ')}`)
          // A later choice won meanwhile: this catalogue is not shown.
          if (wanted.locale !== target.locale) return
          apply({ locale: target.locale, direction: directionOf(target.locale), numberLocale: wanted.numberLocale, copy, pending: false })
        },
        (error: unknown) => {
          onError(`The words for ${target.locale} could not be loaded: ${error instanceof Error ? error.message : String(error)}`)
          if (wanted.locale === target.locale) apply({ ...state, pending: false })
        },
      )
      .finally(() => {
        if (loading === attempt) loading = loadingFor = undefined
      })
    loading = attempt
    return attempt
  }
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    load() {
      if (state.locale === wanted.locale && (state.copy || !needsCatalogue(wanted.locale))) return Promise.resolve()
      return fetchFor(wanted)
    },
    set(requested) {
      if (!isLocaleChoice(requested)) {
        throw new InvalidOptionsError(`setLocale(locale): Invalid locale: expected 'auto' or a BCP 47 language tag but received ${JSON.stringify(requested)?.slice(0, 40)}`, { option: 'locale' })
      }
      const locale = resolveLocale(requested, browserLanguages())
      wanted = { locale, numberLocale: numberLocaleOf(requested) }
      if (!needsCatalogue(locale)) {
        apply({ locale, direction: directionOf(locale), numberLocale: wanted.numberLocale, copy: null, pending: false })
        return Promise.resolve()
      }
      if (state.locale === locale && state.copy) {
        apply({ ...state, numberLocale: wanted.numberLocale, pending: false })
        return Promise.resolve()
      }
      return fetchFor(wanted)
    },
  }
}
