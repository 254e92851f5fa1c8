import { BaseError } from '../kernel/errors.ts'

export type ComponentModuleMissingErrorParameters = {
  /** What the manifest declares: a view (`ui/views/`) or a slot's entry (`ui/entries/`). */
  kind: 'view' | 'entry'
  /** The view's name, or the feature whose manifest declares the entry. */
  name: string
  /** The file expected to hold the component (`ui/views/Send.tsx`, `ui/entries/names.tsx`). */
  file: string
  /** The export expected: a view's is `default` unless its manifest names one; an entry's is always named. */
  exported: string
  /** The file is there, the export is not. */
  missingExport?: boolean
}

/**
 * A manifest declares a component (a view, or an entry of a slot) whose module, or whose export, is not there: the
 * modal would ship a view that cannot show or a slot that renders nothing. Thrown by the view registry
 * (`ui/features.ts`) and the slots (`ui/slots.ts`, `ui/slots.connect.ts`).
 * @example new ComponentModuleMissingError({ kind: 'view', name: 'Send', file: 'ui/views/Send.tsx', exported: 'default' })
 */
export class ComponentModuleMissingError extends BaseError {
  static override docsPath = '/errors/ComponentModuleMissingError'
  override name = 'ComponentModuleMissingError'
  constructor({ kind, name, file, exported, missingExport = false }: ComponentModuleMissingErrorParameters) {
    const owner = kind === 'view' ? `The ${name} view` : `The ${name} entry`
    const wanted = exported === 'default' ? 'the default export' : `the export ${exported}`
    super(missingExport ? `${owner}'s module ${file} has no component exported as ${exported}.` : `${owner} has no module: add ${file} (its component as ${wanted}).`)
  }
}

export type EntryViewUnknownErrorParameters = {
  /** The view an entry would push. */
  view: string
}

/** An entry pushes a view no manifest declares: its press would go nowhere. */
export class EntryViewUnknownError extends BaseError {
  static override docsPath = '/errors/EntryViewUnknownError'
  override name = 'EntryViewUnknownError'
  constructor({ view }: EntryViewUnknownErrorParameters) {
    super(`The entry's view "${view}" is not a view of any manifest: declare it in its feature's manifest (machines/<id>.feature.ts).`)
  }
}
