import * as v from 'valibot'
import type { FeatureOptions } from './features.ts'
import type { OptionsDeclaredBy } from './manifests.ts'

/** The account-type switch's keys of `createModal`'s options (spec §4 smart accounts). */
export type AccountTypeModalOptions = {
  /**
   * The account type each namespace starts with (spec §4), over the spec's defaults: bip122 `payment`,
   * eip155 `smartAccount`, polkadot `eoa`, solana `eoa`. With eip155 `smartAccount`, an embedded-wallet (email or social)
   * login on a network with smart accounts switches to the user's smart account, unless the visitor chose the EOA
   * before (the choice is stored, `preferred_account_types`). `{ eip155: 'eoa' }` keeps the EOA (the demo does: see
   * README "Smart accounts"). A type of another namespace throws `InvalidOptionsError`.
   */
  defaultAccountTypes?: { eip155?: 'eoa' | 'smartAccount'; solana?: 'eoa' | 'smartAccount'; polkadot?: 'eoa' | 'smartAccount'; bip122?: 'payment' | 'ordinals' }
}

/**
 * The account types by default per namespace (spec §4): each namespace's own types only. No default here: a namespace
 * the dapp leaves out keeps spec §4's (`services/storage.ts` `defaultAccountTypes`, applied per namespace).
 */
export const accountTypeOptions: FeatureOptions<OptionsDeclaredBy<'accountType'>> = {
  schemas: {
    defaultAccountTypes: v.optional(
      v.strictObject({
        eip155: v.optional(v.picklist(['eoa', 'smartAccount'])),
        solana: v.optional(v.picklist(['eoa', 'smartAccount'])),
        polkadot: v.optional(v.picklist(['eoa', 'smartAccount'])),
        bip122: v.optional(v.picklist(['payment', 'ordinals'])),
      }),
    ),
  },
}
