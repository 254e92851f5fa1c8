import { BaseError } from '../kernel/errors.ts'

/**
 * The words of a slot's button entries (Account's `account.actions`, Connect's `connect.foot`): their labels are dotted
 * keys of the copy catalogue, or of the features' own words beside their views.
 */

export type EntryLabelMissingErrorParameters = {
  /** The dotted catalogue key an entry declares. */
  label: string
}

/** An entry's label key names no string of the catalogue: the button would have no words (and no accessible name). */
export class EntryLabelMissingError extends BaseError {
  static override docsPath = '/errors/EntryLabelMissingError'
  override name = 'EntryLabelMissingError'
  constructor({ label }: EntryLabelMissingErrorParameters) {
    super(`The entry label "${label}" is not a string of the copy catalogue: add it to ui/locales/en.ts (a dotted key such as "swap.start").`)
  }
}

/**
 * The words of an entry's label: the string at the dotted `label` key of `copy` (the active catalogue), else of the
 * features' own words ({@link featureCopy}).
 * @throws {EntryLabelMissingError} when the key does not lead to a string.
 * @example entryLabel(en, 'swap.start') // 'Swap'
 */
export function entryLabel(copy: object, label: string): string {
  const value = at(copy, label) ?? at(featureCopy, label)
  if (value === undefined) throw new EntryLabelMissingError({ label })
  return value
}

/** The string at a dotted key of `catalogue`, if there is one. */
function at(catalogue: object, key: string): string | undefined {
  let value: unknown = catalogue
  for (const part of key.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined
  return typeof value === 'string' ? value : undefined
}

/**
 * The words of features that keep them beside their view (`ui/views/<View>.copy.ts`, exporting `featureCopy`, keyed by
 * the feature's id), as `npm run new:feature` writes them: a new feature edits no shared locale file. They arrive with
 * the view that renders the slot (Account's chunk), a few words each.
 */
const featureCopy: Record<string, unknown> = Object.assign({}, ...Object.values(import.meta.glob<Record<string, unknown>>('./views/*.copy.ts', { eager: true, import: 'featureCopy' })))
