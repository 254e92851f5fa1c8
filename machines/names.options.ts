import * as v from 'valibot'
import { preview } from '../kernel/urls.ts'
import type { FeatureOptions } from './features.ts'
import type { OptionsDeclaredBy } from './manifests.ts'

/** Name registration's keys of `createModal`'s options (spec §9). */
export type NamesModalOptions = {
  /**
   * The zone suffix of registered names (spec §9; default `'.reown.id'`): RegisterAccountName shows it and registers
   * `<label><nameSuffix>`. Lower-case, a dot then DNS labels (`'.wcn.id'`, `'.example.eth'`); anything else throws
   * `InvalidOptionsError` at `options.nameSuffix`.
   */
  nameSuffix?: string
}

/** Name registration's options: the zone suffix, a dot then DNS labels (letters, digits, hyphens) separated by dots. */
export const namesOptions: FeatureOptions<OptionsDeclaredBy<'names'>> = {
  schemas: {
    nameSuffix: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/, (issue) => `Invalid name suffix: expected a dot and DNS labels, like '.reown.id', but received ${preview(issue.input)}`),
      ),
    ),
  },
}
