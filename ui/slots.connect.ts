import type { ComponentType } from 'react'
import type { EntrySpec } from '../machines/features.ts'
import { manifests } from '../machines/manifests.ts'
import { ComponentModuleMissingError } from './componentErrors.ts'

/**
 * Connect's slot (`connect.methods`, `machines/features.ts` `EntrySlot`): the ways of connecting beside the wallet list
 * (the email field, the social buttons), each a feature's component in `ui/entries/connect/<id>.tsx` that its manifest
 * names with its `method`. Bundled with this module, that is with Connect's chunk (never with Account's, nor in the
 * page's first JS); checked when it loads: a component that is not there throws then.
 */

/** The components of `ui/entries/connect/`, by path (`./entries/connect/emailLogin.tsx`). */
const modules = import.meta.glob<Record<string, unknown>>(['./entries/connect/*.tsx', '!./entries/connect/*.test.tsx'], { eager: true })

/** A `connect.methods` entry's component, found by file and export. */
function componentOf(feature: string, entry: EntrySpec & { component: string; export: string }): ComponentType {
  const file = `ui/entries/${entry.component}.tsx`
  const module = modules[`./entries/${entry.component}.tsx`]
  if (!module) throw new ComponentModuleMissingError({ kind: 'entry', name: feature, file, exported: entry.export })
  const component = module[entry.export]
  if (typeof component !== 'function') throw new ComponentModuleMissingError({ kind: 'entry', name: feature, file, exported: entry.export, missingExport: true })
  return component as ComponentType
}

/** Each connect method's component (`email`, `social`), from the manifests' `connect.methods` entries. */
const methods: ReadonlyMap<string, ComponentType> = new Map(
  manifests.flatMap((m) =>
    ('entries' in m ? ((m.entries ?? []) as readonly EntrySpec[]) : []).flatMap((e) => (e.slot === 'connect.methods' && 'component' in e && e.method ? [[e.method, componentOf(m.id, e)] as const] : [])),
  ),
)

/**
 * The component of a connect method's section of Connect, if a feature provides one (the wallet list is Connect's own).
 * @example connectMethod('email') // the email login's field
 */
export function connectMethod(method: string): ComponentType | undefined {
  return methods.get(method)
}
