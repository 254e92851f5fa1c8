import * as v from 'valibot'
import type { FeatureOptions } from './features.ts'
import type { OptionsDeclaredBy } from './manifests.ts'

/** WalletConnect pairing's keys of `createModal`'s options (spec §9). */
export type PairingModalOptions = {
  /**
   * The universal-links preference (spec §9 "no universal links" by default): on a phone, a directory wallet that has a
   * universal link (`link_mode`, https) is opened by it instead of its `mobile_link` (often a native scheme). Default
   * `false`.
   */
  preferUniversalLinks?: boolean
}

/** WalletConnect pairing's options: the universal-links preference, a boolean (default false: the manifest's `optionDefaults`). */
export const pairingOptions: FeatureOptions<OptionsDeclaredBy<'pairing'>> = {
  schemas: { preferUniversalLinks: v.optional(v.boolean()) },
}
