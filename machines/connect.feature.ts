import { defineFeature } from './features.ts'

/** Connect: the installed, recent and catalogue wallets (spec §2), connecting to a browser wallet, and the full catalogue. */
export const connectManifest = defineFeature()({
  id: 'connect',
  views: {
    Connect: { export: 'Connect', machines: ['catalogue'], next: ['AllWallets', 'ConnectingExternal', 'ConnectingWalletConnect'] },
    ConnectingExternal: { next: ['SIWXSignMessage'] },
    AllWallets: { flag: 'allWallets', next: ['ConnectingExternal', 'ConnectingWalletConnect'] },
  },
  parts: { 'Connect: All Wallets entry': 'allWallets' },
})
