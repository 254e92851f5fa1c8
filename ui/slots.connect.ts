import type { ComponentType } from 'react'
import type { EntryButtonSpec, EntrySpec } from '../machines/features.ts'
import { manifests } from '../machines/manifests.ts'
import { isViewName, type ViewName } from '../machines/views.ts'
import { isFeatureOn, type FeatureFlag, type Features } from '../services/features.ts'
import { ComponentModuleMissingError, EntryViewUnknownError } from './componentErrors.ts'

/**
 * Connect's slots (`machines/features.ts` `EntrySlot`): `connect.methods`, the ways of connecting (the wallet list, the
 * email field, the social buttons), each a feature's component in `ui/entries/connect/<id>.tsx` that its manifest
 * names with its `method`; `connect.foot`, the links under them ('New to wallets?'), button entries that push a view.
 * Bundled with this module, that is with Connect's chunk (never with Account's, nor in the page's first JS); checked
 * when it loads: a component that is not there, or a view no manifest declares, throws then.
 */

/** The components of `ui/entries/connect/`, by path (`./entries/connect/emailLogin.tsx`). */
const modules = import.meta.glob<Record<string, unknown>>(['./entries/connect/*.tsx', '!./entries/connect/*.test.tsx'], { eager: true })

/**
 * What Connect hands a `connect.methods` entry's component: `Method`, the component of another method's section, for the
 * entry that arranges the sections (the wallet method's); the others ignore it.
 */
export type ConnectMethodProps = { Method: ComponentType<{ method: string }> }

/** A `connect.methods` entry's component, found by file and export. */
function componentOf(feature: string, entry: EntrySpec & { component: string; export: string }): ComponentType<ConnectMethodProps> {
  const file = `ui/entries/${entry.component}.tsx`
  const module = modules[`./entries/${entry.component}.tsx`]
  if (!module) throw new ComponentModuleMissingError({ kind: 'entry', name: feature, file, exported: entry.export })
  const component = module[entry.export]
  if (typeof component !== 'function') throw new ComponentModuleMissingError({ kind: 'entry', name: feature, file, exported: entry.export, missingExport: true })
  return component as ComponentType<ConnectMethodProps>
}

/** Each connect method's component (`email`, `social`), from the manifests' `connect.methods` entries. */
const methods: ReadonlyMap<string, ComponentType<ConnectMethodProps>> = new Map(
  manifests.flatMap((m) =>
    ('entries' in m ? ((m.entries ?? []) as readonly EntrySpec[]) : []).flatMap((e) => (e.slot === 'connect.methods' && 'component' in e && e.method ? [[e.method, componentOf(m.id, e)] as const] : [])),
  ),
)

/**
 * The component of a connect method's section of Connect, if a feature provides one (`wallet`: the catalogue's wallet
 * list, which arranges the sections).
 * @example connectMethod('email') // the email login's field
 */
export function connectMethod(method: string): ComponentType<ConnectMethodProps> | undefined {
  return methods.get(method)
}

/** A link of Connect's foot (`connect.foot`): its feature, its label (a dotted key of the copy catalogue) and the view it pushes. */
export type ConnectFootEntry = { feature: string; label: string; view: ViewName; flag: FeatureFlag | undefined }

/** Every manifest's `connect.foot` entries, by ascending `order`, checked when this module loads. */
const foot: readonly ConnectFootEntry[] = manifests
  .flatMap((m) =>
    ('entries' in m ? ((m.entries ?? []) as readonly EntrySpec[]) : []).flatMap((e) =>
      e.slot === 'connect.foot' && 'gesture' in e && 'view' in e.gesture ? [{ order: e.order, entry: footEntry(m.id, 'flag' in m ? m.flag : undefined, e, e.gesture.view) }] : [],
    ),
  )
  .sort((a, b) => a.order - b.order)
  .map(({ entry }) => entry)

function footEntry(feature: string, featureFlag: FeatureFlag | undefined, entry: EntryButtonSpec, view: string): ConnectFootEntry {
  if (!isViewName(view)) throw new EntryViewUnknownError({ view })
  return { feature, label: entry.label, view, flag: entry.flag === null ? undefined : (entry.flag ?? featureFlag) }
}

/**
 * The links of Connect's foot that show with `features` on, in their order.
 * @example connectFoot(features) // [{ feature: 'onboarding', label: 'newToWallets', view: 'WhatIsAWallet', flag: undefined }]
 */
export function connectFoot(features: Features): readonly ConnectFootEntry[] {
  return foot.filter((e) => e.flag === undefined || isFeatureOn(features, e.flag))
}
