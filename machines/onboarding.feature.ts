import { defineFeature } from './features.ts'

/**
 * Onboarding: What is a wallet? (from Connect's "New to wallets?" link) and Get a wallet (the directory's recommended
 * wallets with their store links; WalletConnect when the directory has none). Always there, fetched only when the
 * visitor follows the link (Connect does not prefetch it).
 */
export const onboardingManifest = defineFeature()({
  id: 'onboarding',
  views: {
    WhatIsAWallet: { next: ['GetWallet'] },
    GetWallet: { machines: ['catalogue'], next: ['ConnectingWalletConnect'] },
  },
  // Connect: "New to wallets?" under the ways of connecting.
  entries: [{ slot: 'connect.foot', order: 10, label: 'newToWallets', gesture: { view: 'WhatIsAWallet' } }],
})
