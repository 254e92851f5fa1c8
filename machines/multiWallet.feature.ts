import type { FeatureRegistration } from './features.ts'
import { defineFeature } from './features.ts'
import type { MultiWalletInput, multiWalletMachine } from './multiWallet.ts'

/**
 * Multi-wallet (spec §6 "Multi-wallet methods (get connections, switch, delete)", §8 'Multi-Wallet Not Enabled', §9
 * remote default off) as a feature: exists while the resolved feature set has `multiWallet` on, and is brought by the
 * first account moment (a connection, a restore, a change) or by the flag turning on while connected, from then on keeping every connection of each namespace
 * and the active one (`machines/multiWallet.ts`). Off, nothing of it exists: a second wallet replaces the first.
 *
 * @param options.stored the stored connections of each namespace and its active connector (spec §3), read when it spawns.
 */
export function multiWalletFeature(options: { stored: () => MultiWalletInput['stored'] }): FeatureRegistration {
  return {
    id: 'multiWallet',
    available: (facts) => facts.flags.multiWallet,
    input: (facts): MultiWalletInput => ({ stored: options.stored(), account: facts.account }),
    // A connection, a restore, a change; or the remote config turning the flag on while connected (that account held).
    // A stored active wallet gone at load: the other held ones are tried, the most recently used first.
    wakesOn: { account: () => true, flags: 'connected', ended: (reason) => reason === 'restoreFailed' },
  }
}

/** Several wallets connected at once per namespace, one active (spec §6, §8): the `multiWallet` flag, off by default. */
export const multiWalletManifest = defineFeature<typeof multiWalletMachine>()({
  id: 'multiWallet',
  flag: 'multiWallet',
  // The stored connections, read when the machine spawns.
  settingsFrom: (_options, host) => ({ multiWallet: { stored: host.storedConnections } }),
  // Account: the wallet switcher under the address, while more than one wallet is held.
  entries: [{ slot: 'account.identity', order: 60, component: 'multiWallet', export: 'WalletSwitcher' }],
  register: (settings: { multiWallet: { stored: () => MultiWalletInput['stored'] } }) => multiWalletFeature(settings.multiWallet),
})
