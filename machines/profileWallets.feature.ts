import type { FeatureRegistration } from './features.ts'
import { isEmbeddedAccount } from './updateEmail.feature.ts'
import { defineFeature } from './features.ts'
import type { profileWalletsMachine } from './profileWallets.ts'

/**
 * ProfileWallets (spec §2) as a feature: the embedded wallet's accounts, for an account of the embedded
 * wallet (email or social) when the dapp configured `embeddedWallet`. Account's "Your wallets" fetches the machine,
 * which does the rest in its own chart (`machines/profileWallets.ts`): it pushes the view and reads the frame's user;
 * another account leaves the view for Account.
 *
 * @param options.enabled whether `embeddedWallet` is configured.
 */
export function profileWalletsFeature(options: { enabled: boolean }): FeatureRegistration {
  return {
    id: 'profileWallets',
    available: (facts) => options.enabled && isEmbeddedAccount(facts.account),
  }
}

/** The embedded wallet's accounts (spec §2 ProfileWallets): Account's "Your wallets", email and social users. */
export const profileWalletsManifest = defineFeature<typeof profileWalletsMachine>()({
  id: 'profileWallets',
  flag: 'email',
  views: { ProfileWallets: { machines: ['profileWallets'] } },
  holdsViews: true,
  loadsWith: ['embeddedWallet'],
  // Account: "Your wallets" under the email row.
  entries: [{ slot: 'account.identity', order: 50, component: 'profileWallets', export: 'YourWallets' }],
  register: (settings: { embeddedWallet?: boolean | undefined }) => profileWalletsFeature({ enabled: settings.embeddedWallet === true }),
})
