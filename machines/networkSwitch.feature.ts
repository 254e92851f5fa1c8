import { defineFeature } from './features.ts'

/**
 * The network switch: switching network, another namespace's network, and the wallet on a chain the dapp does not
 * support (spec §2). Its id is not `networks`, the option listing the dapp's networks.
 */
export const networkSwitchManifest = defineFeature()({
  id: 'networkSwitch',
  views: {
    SwitchNetwork: { next: ['SwitchActiveChain'] },
    SwitchActiveChain: { reachableWith: 'otherNamespace' },
    UnsupportedChain: {},
  },
})
