import type { FeatureRegistration } from './features.ts'
import type { AccountTypeInput, EmbeddedAccountType } from './accountType.ts'
import { isEmbeddedEvmAccount } from './accountType.account.ts'
import { defineFeature } from './features.ts'
import type { accountTypeMachine } from './accountType.ts'
import type { AccountTypeModalOptions } from './accountType.options.ts'

/** The gestures of the account-type switch (its machine's own `accountType.switch`). */
export type AccountTypeGesture = { type: 'accountType.switch'; to: EmbeddedAccountType }

/**
 * The embedded wallet's account-type switch (spec §3 account state, §4 "switching to smart account") as
 * a feature: for an embedded (email or social) account on eip155 when the dapp configured `embeddedWallet`. Brought by
 * the embedded account's moment (`wakesOn`: the machine is fetched when an embedded account connects or comes back),
 * its chart (`machines/accountType.ts`) follows the account (`root.account`), reads the state the Account's button
 * needs and shows the switch's outcome as a toast; the Account's press is `accountType.switch` (ignored until the state
 * of an embedded account is read).
 *
 * A visitor's login (`connected`, not a restore) reads the state with the type to start with (`preferredType`: the
 * visitor's stored choice, else the dapp's `defaultAccountTypes`, else spec §4's eip155 `smartAccount`): the machine
 * switches to it once read when the network allows, silently (a failure keeps the EOA, silently too).
 *
 * @param options.enabled whether `embeddedWallet` is configured.
 * @param options.preferredType the eip155 type a login starts with; none: the login keeps what the frame reports.
 */
export function accountTypeFeature(options: { enabled: boolean; preferredType?: () => EmbeddedAccountType }): FeatureRegistration {
  return {
    id: 'accountType',
    // Available with the option (not only with an embedded account): another account, or none, also clears it.
    available: () => options.enabled,
    input: (): AccountTypeInput => ({ preferredType: options.preferredType }),
    wakesOn: { account: (account) => isEmbeddedEvmAccount(account) },
  }
}

/** The embedded wallet's account type (spec §4 smart accounts): Account's switch, email and social users on eip155. */
export const accountTypeManifest = defineFeature<typeof accountTypeMachine, AccountTypeGesture, AccountTypeModalOptions>()({
  id: 'accountType',
  loadsWith: ['embeddedWallet'],
  // Account: 'Smart account' beside the address, the switch after the other links.
  entries: [
    { slot: 'account.identity', order: 10, component: 'accountType', export: 'AccountTypeBadge' },
    { slot: 'account.identity', order: 60, component: 'accountType', export: 'AccountTypeSwitch' },
  ],
  // Spec §4 defaults under the dapp's, under the visitor's stored choice: what an embedded login starts with.
  settingsFrom: ({ defaultAccountTypes }, host) => ({
    embeddedWallet: host.embeddedWallet,
    preferredAccountType: (): EmbeddedAccountType => (host.accountTypeOf('eip155', defaultAccountTypes ?? {}) === 'smartAccount' ? 'smartAccount' : 'eoa'),
  }),
  register: (settings: { embeddedWallet?: boolean | undefined; preferredAccountType?: (() => EmbeddedAccountType) | undefined }) =>
    accountTypeFeature({ enabled: settings.embeddedWallet === true, ...(settings.preferredAccountType ? { preferredType: settings.preferredAccountType } : {}) }),
})
