import { BaseError } from '../kernel/errors.ts'

export type EntryComponentMissingErrorParameters = {
  /** The feature whose manifest declares the entry. */
  feature: string
  /** The file expected to hold the component (`ui/entries/names.tsx`). */
  file: string
  /** The export expected, when the file is there. */
  exported?: string
}

/** An entry names a component that is not in `ui/entries/` (or not exported there): the slot would render nothing. */
export class EntryComponentMissingError extends BaseError {
  override name = 'EntryComponentMissingError'
  constructor({ feature, file, exported }: EntryComponentMissingErrorParameters) {
    super(exported ? `The ${feature} entry's module ${file} has no component exported as ${exported}.` : `The ${feature} entry's component has no module: add ${file} (the component as a named export).`)
  }
}
