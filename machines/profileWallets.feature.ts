import { to, type FeatureRegistration } from './features.ts'
import { isEmbeddedAccount } from './updateEmail.feature.ts'
import { defineFeature } from './features.ts'
import type { profileWalletsMachine } from './profileWallets.ts'

/** The gestures of ProfileWallets that are not its machine's own events. */
export type ProfileWalletsGesture =
  /** Account's "Your wallets": ProfileWallets, its machine fetched now (first use). */
  { type: 'profileWallets.start' }

/**
 * ProfileWallets (spec §2) as a feature: the embedded wallet's accounts, for an account of the embedded
 * wallet (email or social) when the dapp configured `embeddedWallet`. Account's "Your wallets" pushes the view and
 * reads the frame's user (fetched then, not before); another account leaves it for Account.
 *
 * @param options.enabled whether `embeddedWallet` is configured.
 */
export function profileWalletsFeature(options: { enabled: boolean }): FeatureRegistration {
  return {
    id: 'profileWallets',
    available: (facts) => options.enabled && isEmbeddedAccount(facts.account),
    on: {
      gesture: (facts, event) => {
        if (!isEmbeddedAccount(facts.account)) return []
        if (event.type === 'profileWallets.start') return [to.router({ type: 'router.push', view: 'ProfileWallets' }), to.self({ type: 'profileWallets.open' }, true)]
        return [to.self(event, true)]
      },
      account: (facts, change) => (change !== 'restored' && facts.holder === 'profileWallets' ? [to.router({ type: 'router.reset', view: facts.account ? 'Account' : 'Connect' })] : []),
    },
  }
}

/** The embedded wallet's accounts (spec §2 ProfileWallets): Account's "Your wallets", email and social users. */
export const profileWalletsManifest = defineFeature<typeof profileWalletsMachine, ProfileWalletsGesture>()({
  id: 'profileWallets',
  flag: 'email',
  views: { ProfileWallets: { machines: ['profileWallets'] } },
  holdsViews: true,
  loadsWith: ['embeddedWallet'],
  // Account: "Your wallets" under the email row.
  entries: [{ slot: 'account.identity', order: 50, component: 'profileWallets', export: 'YourWallets' }],
  register: (settings: { embeddedWallet?: boolean | undefined }) => profileWalletsFeature({ enabled: settings.embeddedWallet === true }),
})
