/**
 * What `createModal`'s facade answers before the core is in: the public state of a modal that has not
 * connected, derived from the options and storage as the core derives its start. Shared with the core where the core
 * computes the same thing (`idleSiwx`, `startNetwork`); `createModal.facade.test.ts` fails if the two drift apart.
 */
import type { CaipNetwork } from '../adapters/networks.ts'
import { resolveFeatures } from '../services/features.ts'
import { defaultSwapProvider } from '../kernel/swap.ts'
import type { ModalOptions, ModalState } from './types.ts'

/**
 * The public sign-in state before the SIWX machine is spawned (no connection yet): idle, the option's `required`.
 * @example idleSiwx(true) // { phase: 'idle', required: true, session: undefined }
 */
export function idleSiwx(required: boolean): NonNullable<ModalState['siwx']> {
  return { phase: 'idle', required, session: undefined }
}

/**
 * The network a modal starts on, for its active namespace (spec §4): the stored active network when it is configured,
 * else the default network.
 * @example startNetwork([mainnet, solana], 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', mainnet) // solana
 */
export function startNetwork(networks: readonly CaipNetwork[], storedId: string | undefined, defaultNetwork: CaipNetwork): CaipNetwork {
  return networks.find((n) => n.caipNetworkId === storedId) ?? defaultNetwork
}

/**
 * The public state of a modal whose core is not in yet: closed on Connect, disconnected, on the network the network
 * machine starts on (the stored one if configured, else the default one, else the first), the features the options
 * resolve to (no remote config yet), sign-in idle when `siwx` is set.
 * @example defaultState({ projectId: 'p', networks: [mainnet] }, mainnet, undefined).network // mainnet
 */
export function defaultState(options: ModalOptions, defaultNetwork: CaipNetwork, storedNetworkId: string | undefined): ModalState {
  const networks = options.networks
  // As the network machine starts: the stored id (else the default network's) if configured, else the first network.
  const wanted = storedNetworkId ?? defaultNetwork.caipNetworkId
  const network = networks.find((n) => n.caipNetworkId === wanted) ?? networks[0]
  return {
    open: false,
    view: 'Connect',
    account: {
      status: 'disconnected',
      isConnected: false,
      connectorId: undefined,
      address: undefined,
      caipAddress: undefined,
      displayAddress: '',
      chainId: undefined,
      balance: undefined,
      formattedBalance: undefined,
      compactBalance: undefined,
      balanceSymbol: network.nativeCurrency.symbol,
      isBalanceLoading: false,
      isBalanceUnavailable: false,
    },
    // In the order the core writes its state (listeners compare the two by their JSON).
    activeNamespace: startNetwork(networks, storedNetworkId, defaultNetwork).chainNamespace,
    caipNetworkId: network.caipNetworkId,
    network,
    isUnsupportedChain: false,
    siwx: options.siwx ? idleSiwx(options.siwx.required ?? false) : undefined,
    features: resolveFeatures(options.features ?? {}, undefined, { basic: options.basic ?? false }).features,
    swapProvider: options.swapProvider ?? defaultSwapProvider,
  }
}
