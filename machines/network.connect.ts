import type { SnapshotFrom } from 'xstate'
import type { CaipNetwork } from '../adapters/networks.ts'
import { activeNetwork, type networkMachine } from './network.ts'

export type NetworkItem = { network: CaipNetwork; isActive: boolean; isPending: boolean }

/** The network button and the SwitchNetwork / UnsupportedChain lists. */
export type NetworkView = {
  active: CaipNetwork
  isUnsupported: boolean
  isSwitching: boolean
  /** Wallet's chain id when it is not a configured network. */
  walletChainId: number | string | undefined
  items: NetworkItem[]
  errorMessage: string | undefined
}

/**
 * Turns a network snapshot into the view model of the network button and lists: the active network,
 * whether the wallet is on an unsupported chain, the pending target while the wallet confirms.
 */
export function connectNetwork(snapshot: SnapshotFrom<typeof networkMachine>): NetworkView {
  const c = snapshot.context
  const active = activeNetwork(c)
  const isUnsupported = snapshot.matches('unsupported') || (c.walletChainId !== undefined && !snapshot.matches('supported'))
  return {
    active,
    isUnsupported,
    isSwitching: snapshot.matches('pending'),
    walletChainId: c.walletChainId,
    items: c.networks.map((network) => ({
      network,
      isActive: !isUnsupported && network.caipNetworkId === c.activeCaipNetworkId,
      isPending: c.target === network.caipNetworkId,
    })),
    errorMessage: c.error?.message,
  }
}
