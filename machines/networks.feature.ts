import { defineFeature } from './features.ts'

/** Networks: switching network, another namespace's network, and the wallet on a chain the dapp does not support (spec §2). */
export const networksManifest = defineFeature()({
  id: 'networks',
  views: {
    SwitchNetwork: { next: ['SwitchActiveChain'] },
    SwitchActiveChain: { reachableWith: 'otherNamespace' },
    UnsupportedChain: {},
  },
})
