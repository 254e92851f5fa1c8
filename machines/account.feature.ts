import { to, type FeatureRegistration } from './features.ts'
import type { AccountTarget } from './account.ts'
import { defineFeature } from './features.ts'
import type { accountMachine } from './account.ts'

/**
 * Account's data (spec §2 Account: tokens, NFTs, activity) as a feature: spawned when Account first needs it (or
 * the modal opens connected), started with the resolved `activity` flag and told when it changes, and following the
 * active account (address and chain).
 */
export const accountFeature: FeatureRegistration = {
  id: 'account',
  // The account data starts with the resolved `activity` flag (the remote config may change it later).
  input: (facts) => ({ activity: facts.flags.activity }),
  on: {
    spawned: (facts) => (facts.account ? [to.self({ type: 'account.set', target: accountTarget(facts.account) })] : []),
    account: (facts) => [to.self(facts.account ? { type: 'account.set', target: accountTarget(facts.account) } : { type: 'account.clear' })],
    flags: (facts) => [to.self({ type: 'account.configure', activity: facts.flags.activity })],
    // Opening while connected shows Account: its data starts loading with the view's code.
    opened: (facts) => (facts.account ? [to.self(undefined, true)] : []),
  },
}

function accountTarget(a: { address: string; caipNetworkId: string; namespace: string; testnet: boolean; supported: boolean }): AccountTarget {
  return { address: a.address, caipNetworkId: a.caipNetworkId, namespace: a.namespace, testnet: a.testnet, supported: a.supported }
}

/** Account (spec §2): address, balance, network and the Tokens, NFTs and Activity tabs; Activity only with `activity`. */
export const accountManifest = defineFeature<typeof accountMachine>()({
  id: 'account',
  views: { Account: { export: 'Account', machines: ['account'], next: ['SwitchNetwork', 'Receive', 'Send', 'Swap'] } },
  parts: { 'Account: Activity tab (and the history request)': 'activity' },
  register: () => accountFeature,
})
