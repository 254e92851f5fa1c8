import { BaseError } from '../kernel/errors.ts'
import type { CommandEvent, EntrySlot } from '../machines/features.ts'
import { manifests } from '../machines/manifests.ts'
import { supportsNamespace } from '../machines/namespaces.ts'
import { isViewName, type ViewName } from '../machines/views.ts'
import { isFeatureOn, type FeatureFlag, type Features } from '../services/features.ts'

/**
 * The entry points other views render from the features' manifests (STYLE rule 14): Account's action buttons are the
 * `account.actions` slot, so adding a feature with an Account button edits neither `Account.tsx` nor any list but
 * `machines/manifests.ts`. A manifest's entry is data only (a label key, an order, what a press sends, what gates it):
 * reading it fetches none of the feature's code, which still arrives with the press.
 */

/** An entry to render: the feature it belongs to, its label's catalogue key and what a press sends to the root. */
export type SlotEntry = {
  /** The feature's id (its manifest's `id`): the button's `data-feature`, and whom a gesture is delivered to. */
  feature: string
  /** The dotted catalogue key of its label (`buy`, `swap.start`). */
  label: string
  /** The root event a press sends: a gesture delivered to the feature (its machine fetched then), or a view pushed. */
  press: { type: 'feature.deliver'; feature: string; event: CommandEvent } | { type: 'app.push'; view: ViewName }
}

export type SlotEntriesParameters = {
  /** The resolved feature set (spec §6 `features`): an entry shows only with its flag on (the entry's, else its feature's). */
  features: Features
  /** The active account's namespace (CAIP-2 namespace, e.g. `eip155`): an entry with a capability shows only where it is supported. */
  namespace: string | undefined
}

/**
 * The entries of `slot` that show now, by ascending `order` (Account: Buy 10, Receive 20, Send 30, Swap 40).
 * @throws {EntryViewUnknownError} when an entry pushes a view no manifest declares.
 * @example slotEntries('account.actions', { features, namespace: 'solana' }) // Buy, Receive, Send: no Swap on Solana
 */
export function slotEntries(slot: EntrySlot, { features, namespace }: SlotEntriesParameters): SlotEntry[] {
  return manifests
    .flatMap((m) => ('entries' in m && m.entries ? m.entries.map((entry) => ({ m, entry })) : []))
    .filter(({ entry }) => entry.slot === slot)
    .filter(({ m, entry }) => {
      const flag: FeatureFlag | undefined = entry.flag ?? ('flag' in m ? m.flag : undefined)
      return (flag === undefined || isFeatureOn(features, flag)) && (entry.capability === undefined || supportsNamespace(entry.capability, namespace))
    })
    .sort((a, b) => a.entry.order - b.entry.order)
    .map(({ m, entry }) => ({
      feature: m.id,
      label: entry.label,
      press: 'view' in entry.gesture ? { type: 'app.push', view: viewOf(entry.gesture.view) } : { type: 'feature.deliver', feature: m.id, event: entry.gesture.event },
    }))
}

/** An entry's view, checked against the views the manifests declare. */
function viewOf(view: string): ViewName {
  if (!isViewName(view)) throw new EntryViewUnknownError({ view })
  return view
}

export type EntryViewUnknownErrorParameters = {
  /** The view an entry would push. */
  view: string
}

/** An entry pushes a view no manifest declares: its press would go nowhere. */
export class EntryViewUnknownError extends BaseError {
  override name = 'EntryViewUnknownError'
  constructor({ view }: EntryViewUnknownErrorParameters) {
    super(`The entry's view "${view}" is not a view of any manifest: declare it in its feature's manifest (machines/<id>.feature.ts).`)
  }
}

export type EntryLabelMissingErrorParameters = {
  /** The dotted catalogue key an entry declares. */
  label: string
}

/** An entry's label key names no string of the catalogue: the button would have no words (and no accessible name). */
export class EntryLabelMissingError extends BaseError {
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
