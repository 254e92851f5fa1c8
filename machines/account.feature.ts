import type { FeatureRegistration } from './features.ts'
import type { AccountInput } from './account.ts'
import { defineFeature } from './features.ts'
import type { accountMachine } from './account.ts'

/**
 * Account's data (spec §2 Account: tokens, NFTs, activity) as a feature: spawned when Account first needs it (or
 * the modal opens connected: `root.opened` with an account brings it), with the resolved `activity` flag and the
 * connected account; its own chart follows the root's moments (`root.account`: the active account's address and
 * chain; `root.flags`: the `activity` flag).
 */
export const accountFeature: FeatureRegistration = {
  id: 'account',
  // The account data starts with the resolved `activity` flag and the connected account (later ones arrive as moments).
  input: (facts): AccountInput => ({ activity: facts.flags.activity, target: facts.account }),
  // Opening while connected shows Account: its data starts loading with the view's code.
  wakesOn: { opened: 'connected' },
}

/** Account (spec §2): address, balance, network and the Tokens, NFTs and Activity tabs; Activity only with `activity`. */
export const accountManifest = defineFeature<typeof accountMachine>()({
  id: 'account',
  views: { Account: { export: 'Account', machines: ['account'], next: ['SwitchNetwork', 'Receive', 'Send', 'Swap'] } },
  parts: { 'Account: Activity tab (and the history request)': 'activity' },
  register: () => accountFeature,
})
