/**
 * The root actor's input of one modal instance: its options (namespaces, networks, the switches of spec §3 and §9),
 * what storage holds to restore (spec §4 "Connection persistence": the connected connector per namespace, the active
 * network, the recent wallets), the local feature flags with the remote config last heard, and the features' registrations.
 */
import type { ChainNamespace } from '../../adapters/networks.ts'
import { supportsNamespace } from '../../machines/namespaces.ts'
import type { FeatureRegistration, RootInput } from '../../machines/root.ts'
import type { ModalStorage } from '../../services/storage.ts'
import { rememberedConfig } from '../../services/remoteConfigMemory.ts'
import { startNetwork } from '../createModal.defaults.ts'
import type { ValidateOptionsReturnType } from '../options.ts'
import type { ModalOptions } from '../types.ts'
import { resolvePlatform } from './platform.ts'

export type RootInputParameters = {
  options: ModalOptions
  validated: ValidateOptionsReturnType
  storage: ModalStorage
  /** The namespaces with an adapter. */
  namespaces: readonly ChainNamespace[]
  /** WalletConnect's connector id when the built-in adapter lists it; undefined when it is off or the adapter is the dapp's. */
  walletConnectConnectorId: string | undefined
  features: readonly FeatureRegistration[]
}

/**
 * The root actor's input. The active namespace at start is the stored active network's (spec §4 stores it), else the
 * default network's.
 * @example createActor(machine, { input: rootInput({ options, validated, storage, namespaces, walletConnectConnectorId, features }) })
 */
export function rootInput({ options, validated, storage, namespaces, walletConnectConnectorId, features }: RootInputParameters): RootInput {
  const networks = [...options.networks]
  const { defaultNetwork } = validated
  const storedNetworkId = storage.getActiveNetworkId()
  const namespace = startNetwork(networks, storedNetworkId, defaultNetwork).chainNamespace
  return {
    options: {
      namespace,
      namespaces: [...namespaces],
      networks: networks.length ? networks : [defaultNetwork],
      enableReconnect: options.enableReconnect ?? true,
      enableNetworkSwitch: options.enableNetworkSwitch ?? true,
      allowUnsupportedChain: options.allowUnsupportedChain ?? false,
      ignoreSwitchConfirmation: options.ignoreSwitchConfirmation ?? false,
      enableEmbedded: options.enableEmbedded ?? false,
      debug: options.debug ?? false,
      walletConnectConnectorId,
      // WalletConnect (on unless `walletConnect: false`) comes first in manual mode and without a browser-wallet adapter.
      walletConnectFirst: options.walletConnect !== false && (options.manualWalletConnect === true || options.adapter === null),
      isMobile: resolvePlatform(options.platform) === 'mobile',
      // The embedded wallet's connector serves eip155 (the built-in adapter) and solana (spec §6).
      ...(options.embeddedWallet ? { authConnector: { id: 'auth', namespaces: namespaces.filter((ns) => supportsNamespace('auth', ns) && (ns !== 'eip155' || options.adapter == null)) } } : {}),
    },
    storedConnectorId: storage.getConnectedConnectorId(namespace),
    storedConnectorIds: Object.fromEntries(
      namespaces.flatMap((ns) => {
        const id = storage.getConnectedConnectorId(ns)
        return id ? [[ns, id]] : []
      }),
    ),
    // The selected account of each stored connection (its stored accounts lead with it).
    storedAddresses: Object.fromEntries(
      namespaces.flatMap((ns) => {
        const id = storage.getConnectedConnectorId(ns)
        const address = id ? storage.getConnections()[ns]?.find((c) => c.connectorId === id)?.accounts[0]?.address : undefined
        return address ? [[ns, address]] : []
      }),
    ),
    storedActiveNetworkId: storedNetworkId ?? defaultNetwork.caipNetworkId,
    recentWallets: storage.getRecentWallets(),
    featureFlags: { local: options.features ?? {}, basic: options.basic ?? false, remembered: rememberedConfig(storage, options.projectId) },
    features,
  }
}
