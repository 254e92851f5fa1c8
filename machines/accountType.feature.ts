import { messageOf } from './messages.ts'
import { to, type ConnectedAccount, type FeatureRegistration } from './features.ts'
import type { AccountTypeEmitted, EmbeddedAccountType } from './accountType.ts'
import { isEmbeddedAccount } from './updateEmail.feature.ts'
import { defineFeature } from './features.ts'
import type { accountTypeMachine } from './accountType.ts'

/** The gestures of the account-type switch (its machine's own `accountType.switch`). */
export type AccountTypeGesture = { type: 'accountType.switch'; to: EmbeddedAccountType }

/** Whether `account` is the embedded wallet's on an EVM chain (the only namespace with smart accounts here). */
const isEmbeddedEvmAccount = (account: ConnectedAccount | undefined): boolean => isEmbeddedAccount(account) && account?.namespace === 'eip155'

/**
 * The embedded wallet's account-type switch (spec §3 account state, §4 "switching to smart account") as
 * a feature: for an embedded (email or social) account on eip155 when the dapp configured `embeddedWallet`. It follows
 * the account (its `account` hook spawns it: the machine is fetched when an embedded account connects or comes back,
 * and reads the state the Account's button needs); the Account's press is `accountType.switch`. A switch done shows
 * 'Switched to your smart account' / 'Switched to your EOA'; a refusal shows its error as a toast (the account and the
 * view stay as they were).
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
    // Available with the option (not only with an embedded account): the `account` hook also clears it at a disconnect.
    available: () => options.enabled,
    on: {
      account: (facts, change) => {
        if (!isEmbeddedEvmAccount(facts.account)) return [to.self({ type: 'accountType.clear' })]
        const prefer = change === 'connected' ? options.preferredType?.() : undefined
        return [to.self(prefer ? { type: 'accountType.read', prefer } : { type: 'accountType.read' }, true)]
      },
      gesture: (facts, event) => (isEmbeddedEvmAccount(facts.account) && event.type === 'accountType.switch' ? [to.self(event, true)] : []),
      emitted: (_facts, event: AccountTypeEmitted) => {
        if (event.applied) return []
        if (event.type === 'accountType.switched') return [to.toast('success', messageOf(event.to === 'smartAccount' ? 'accountTypeSmartAccount' : 'accountTypeEoa'))]
        if (event.type === 'accountType.failed') return [to.toast('error', messageOf('failure', event.error))]
        return []
      },
    },
  }
}

/** The embedded wallet's account type (spec §4 smart accounts): Account's switch, email and social users on eip155. */
export const accountTypeManifest = defineFeature<typeof accountTypeMachine, AccountTypeGesture>()({
  id: 'accountType',
  loadsWith: ['embeddedWallet'],
  // Account: 'Smart account' beside the address, the switch after the other links.
  entries: [
    { slot: 'account.identity', order: 10, component: 'accountType', export: 'AccountTypeBadge' },
    { slot: 'account.identity', order: 60, component: 'accountType', export: 'AccountTypeSwitch' },
  ],
  register: (settings: { embeddedWallet?: boolean | undefined; preferredAccountType?: (() => EmbeddedAccountType) | undefined }) =>
    accountTypeFeature({ enabled: settings.embeddedWallet === true, ...(settings.preferredAccountType ? { preferredType: settings.preferredAccountType } : {}) }),
})
