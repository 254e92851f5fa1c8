import type { ComponentType, ReactNode } from 'react'
import { BaseError } from '../kernel/errors.ts'
import type { CommandEvent, EntrySlot, EntrySpec } from '../machines/features.ts'
import { manifests } from '../machines/manifests.ts'
import { supportsNamespace } from '../machines/namespaces.ts'
import { isViewName, type ViewName } from '../machines/views.ts'
import { isFeatureOn, type FeatureFlag, type Features } from '../services/features.ts'
import { walletFeaturesOrder, type WalletFeaturesOrderItem } from './slots.order.ts'
import { ComponentModuleMissingError, EntryViewUnknownError } from './componentErrors.ts'

export { ComponentModuleMissingError, EntryViewUnknownError } from './componentErrors.ts'
export { EntryLabelMissingError, entryLabel } from './slots.labels.ts'

/**
 * The entry points other views render from the features' manifests (STYLE rule 14), in named slots
 * (`machines/features.ts` {@link EntrySlot}): Account's action buttons are the `account.actions` slot, the name on its
 * address line `account.name`, the lines under it `account.identity`, the email row's controls `account.email`. Adding
 * a feature with an Account entry edits neither `Account.tsx` nor any list but `machines/manifests.ts`.
 *
 * A button entry is data only (a label key, an order, what a press sends, what gates it): reading it fetches none of the
 * feature's code, which still arrives with the press. A component entry is the feature's own file in `ui/entries/`,
 * bundled with this module, that is with the view that renders the slot (Account's chunk), never in the page's first JS.
 * Every entry is checked when this module loads: a view or a component that does not exist throws then.
 */

/** The slots whose entries are buttons the slot renders; the other slots take the features' components. */
const buttonSlots: readonly EntrySlot[] = ['account.actions', 'connect.foot']

/** What Account hands the components of its slots. */
export type AccountSlotProps = {
  /** The active account's address (checksummed on eip155). */
  address: string
  /** The connector of the active connection (`auth`: the embedded wallet). */
  connectorId: string | undefined
  /** The active account's namespace (CAIP-2 namespace, e.g. `eip155`). */
  namespace: string | undefined
  /** The account data's identity (spec §2 Account): the looked-up name and whether the lookups settled or failed. */
  identity: {
    /** The name the identity lookup found (undefined: none, or not looked up here). */
    name: string | undefined
    /** The identity and the reverse lookup of names are settled (or not asked here). */
    known: boolean
    /** The reverse lookup found a name registered for the address. */
    hasRegisteredName: boolean
    /** The reverse lookup of names failed. */
    namesFailed: boolean
  }
  /** Renders another slot inside this entry (the email row's `account.email`), its extra props given. */
  slot: RenderSlot
}

/** What each component slot hands its components (see {@link EntrySlot}). */
export type SlotProps = {
  /** `fallback`: what to show without a name of the feature's own (the next entry's output, last the truncated address). */
  'account.name': AccountSlotProps & { fallback: ReactNode }
  'account.identity': AccountSlotProps
  /** `email`: the email the row shows. */
  'account.email': AccountSlotProps & { email: string }
}

/** A slot whose entries are the features' components. */
export type ComponentSlot = keyof SlotProps

/** Renders a component slot with the props its slot adds to {@link AccountSlotProps}. */
export type RenderSlot = <S extends ComponentSlot>(slot: S, props: Omit<SlotProps[S], keyof AccountSlotProps>) => ReactNode

/** An entry to render: the feature it belongs to, its label's catalogue key and what a press sends to the root. */
export type SlotEntry = {
  /** The feature's id (its manifest's `id`): the button's `data-feature`, and whom a gesture is delivered to. */
  feature: string
  /** The dotted catalogue key of its label (`buy`, `swap.start`). */
  label: string
  /** The root event a press sends: a gesture delivered to the feature (its machine fetched then), or a view pushed. */
  press: { type: 'feature.deliver'; feature: string; event: CommandEvent } | { type: 'app.push'; view: ViewName }
}

/** A component entry to render: a key unique in its slot and the feature's component. */
export type SlotComponent<S extends ComponentSlot> = {
  /** The feature's id and the entry's order (`names:30`). */
  key: string
  Component: ComponentType<SlotProps[S]>
}

export type SlotEntriesParameters = {
  /** The resolved feature set (spec §6 `features`): an entry shows only with its flag on (the entry's, else its feature's). */
  features: Features
  /** The active account's namespace (CAIP-2 namespace, e.g. `eip155`): an entry with a capability shows only where it is supported. */
  namespace: string | undefined
  /**
   * The `walletFeaturesOrder` option (spec §9; default {@link walletFeaturesOrder}): the button entries whose feature
   * flag it names come first, in its order; the others follow in their manifests' order.
   */
  order?: readonly WalletFeaturesOrderItem[] | undefined
}

/** What {@link resolveEntries} reads of a manifest. */
export type EntryManifest = { id: string; flag?: FeatureFlag; entries?: readonly EntrySpec[] }

/** The modules of `ui/entries/`, by path (`./entries/names.tsx`), each with its exports. */
export type EntryModules = Readonly<Record<string, Readonly<Record<string, unknown>>>>

/** An entry checked and resolved: its place, its gate, and its button's press or its component. */
export type ResolvedEntry = {
  feature: string
  slot: EntrySlot
  order: number
  /** The flag that must be on, if any (the entry's, else its feature's; `null` in the manifest: none). */
  flag: FeatureFlag | undefined
  capability: EntrySpec['capability']
} & ({ kind: 'button'; label: string; press: SlotEntry['press'] } | { kind: 'component'; component: ComponentType<never> })

/**
 * Checks and resolves every entry of `list`, in slot order (ascending `order`; the list's order for equal ones): a
 * button's press (the view it pushes checked against the manifests' views), a component found in `modules` by its
 * file and export.
 * @throws {EntryViewUnknownError} when a button pushes a view no manifest declares.
 * @throws {ComponentModuleMissingError} when a component's file is not in `ui/entries/` or lacks the export.
 * @throws {EntryKindError} when a button is put in a component slot, or a component in a button slot.
 * @example resolveEntries(manifests, entryModules).filter((e) => e.slot === 'account.actions').length // 4
 */
export function resolveEntries(list: readonly EntryManifest[], modules: EntryModules): ResolvedEntry[] {
  return list.flatMap((m) => (m.entries ?? []).map((entry) => resolveEntry(m, entry, modules))).sort((a, b) => a.order - b.order)
}

function resolveEntry(m: EntryManifest, entry: EntrySpec, modules: EntryModules): ResolvedEntry {
  const place = { feature: m.id, slot: entry.slot, order: entry.order, flag: entry.flag === null ? undefined : (entry.flag ?? m.flag), capability: entry.capability }
  const isButtonSlot = buttonSlots.includes(entry.slot)
  if ('gesture' in entry) {
    if (!isButtonSlot) throw new EntryKindError({ feature: m.id, slot: entry.slot, kind: 'button' })
    const press: SlotEntry['press'] = 'view' in entry.gesture ? { type: 'app.push', view: viewOf(entry.gesture.view) } : { type: 'feature.deliver', feature: m.id, event: entry.gesture.event }
    return { ...place, kind: 'button', label: entry.label, press }
  }
  if (isButtonSlot) throw new EntryKindError({ feature: m.id, slot: entry.slot, kind: 'component' })
  const file = `ui/entries/${entry.component}.tsx`
  const module = modules[`./entries/${entry.component}.tsx`]
  if (!module) throw new ComponentModuleMissingError({ kind: 'entry', name: m.id, file, exported: entry.export })
  const component = module[entry.export]
  if (typeof component !== 'function') throw new ComponentModuleMissingError({ kind: 'entry', name: m.id, file, exported: entry.export, missingExport: true })
  return { ...place, kind: 'component', component: component as ComponentType<never> }
}

/** The entries of `slot` that show now: the flag on, the capability supported. */
function shown(entries: readonly ResolvedEntry[], slot: EntrySlot, { features, namespace }: SlotEntriesParameters): ResolvedEntry[] {
  return entries.filter((e) => e.slot === slot && (e.flag === undefined || isFeatureOn(features, e.flag)) && (e.capability === undefined || supportsNamespace(e.capability, namespace)))
}

/**
 * The features' entry components of `ui/entries/`, bundled with this module (Account's chunk). Read at load, so a
 * manifest naming a component that is not there fails the first test that imports this module.
 */
const entryModules: EntryModules = import.meta.glob<Record<string, unknown>>(['./entries/*.tsx', '!./entries/*.test.tsx'], { eager: true })

/** The slots this module renders: Account's (Connect's `connect.methods` are `ui/slots.connect.ts`', with Connect's chunk). */
const isAccountSlot = (slot: EntrySlot): boolean => slot.startsWith('account.')

/** Every manifest's entries in Account's slots, checked once when this module loads (see {@link resolveEntries}). */
const entries = resolveEntries(
  (manifests as readonly EntryManifest[]).map((m) => ({ ...m, entries: m.entries?.filter((e) => isAccountSlot(e.slot)) })),
  entryModules,
)

/**
 * The button entries of `slot` that show now, in the `walletFeaturesOrder` option's order (spec §9; default onramp,
 * swaps, receive, send: Account's Buy, Swap, Receive, Send), then the entries of the features it does not name by
 * ascending manifest `order`.
 * @example slotEntries('account.actions', { features, namespace: 'solana' }) // Buy, Receive, Send: no Swap on Solana
 */
export function slotEntries(slot: EntrySlot, params: SlotEntriesParameters): SlotEntry[] {
  const order: readonly FeatureFlag[] = params.order ?? walletFeaturesOrder
  const rank = (e: ResolvedEntry) => (e.flag !== undefined && order.includes(e.flag) ? order.indexOf(e.flag) : order.length)
  // Array.prototype.sort is stable: entries of equal rank keep their manifests' order.
  const ordered = [...shown(entries, slot, params)].sort((a, b) => rank(a) - rank(b))
  return ordered.flatMap((e) => (e.kind === 'button' ? [{ feature: e.feature, label: e.label, press: e.press }] : []))
}

/**
 * The component entries of `slot` that show now, by ascending `order`.
 * @example slotComponents('account.identity', { features, namespace: 'eip155' }).map((e) => e.key) // ['accountType:10', 'socialLogin:20', 'names:30', …]
 */
export function slotComponents<S extends ComponentSlot>(slot: S, params: SlotEntriesParameters): SlotComponent<S>[] {
  // A component entry's props are its slot's by contract (the manifest puts it in the slot it is written for).
  return shown(entries, slot, params).flatMap((e) => (e.kind === 'component' ? [{ key: `${e.feature}:${e.order}`, Component: e.component as ComponentType<SlotProps[S]> }] : []))
}

/** An entry's view, checked against the views the manifests declare. */
function viewOf(view: string): ViewName {
  if (!isViewName(view)) throw new EntryViewUnknownError({ view })
  return view
}

export type EntryKindErrorParameters = {
  feature: string
  slot: EntrySlot
  /** What the manifest put there. */
  kind: 'button' | 'component'
}

/** A button in a slot of components, or a component in a slot of buttons: the slot would not know how to render it. */
export class EntryKindError extends BaseError {
  static override docsPath = '/errors/EntryKindError'
  override name = 'EntryKindError'
  constructor({ feature, slot, kind }: EntryKindErrorParameters) {
    super(
      kind === 'button'
        ? `The ${feature} entry in "${slot}" is a button (label and gesture), but that slot renders the features' components: give it a component and an export.`
        : `The ${feature} entry in "${slot}" is a component, but that slot renders buttons: give it a label and a gesture.`,
    )
  }
}
