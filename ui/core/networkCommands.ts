/**
 * The network commands of one core (spec §4 network switching, §5 network options): switch the active network, add
 * and remove configured networks at run time. The network actor owns the list.
 */
import { AdapterNotFoundError, type AdaptersByNamespace } from '../../adapters/actors.ts'
import type { CaipNetwork, ChainNamespace } from '../../adapters/networks.ts'
import type { RootActor } from '../../machines/root.ts'
import { InvalidOptionsError, validateNetwork } from '../options.ts'

/**
 * Creates the network commands of one core, on its started root actor and its adapters.
 * @example
 * const { switchNetwork } = createNetworkCommands(actor, adapters)
 * switchNetwork('eip155:10')
 */
export function createNetworkCommands(actor: RootActor, adapters: AdaptersByNamespace) {
  return {
    /**
     * Switches the active network: through the wallet when connected (SwitchNetwork shows while it confirms),
     * else just sets it (spec §4). An unknown id is ignored (alert in debug mode).
     */
    switchNetwork(network: CaipNetwork | string) {
      actor.send({ type: 'app.selectNetwork', caipNetworkId: typeof network === 'string' ? network : network.caipNetworkId })
    },
    /**
     * Adds a network at run time (spec §4, §5). The network actor owns the list: the network button, the SwitchNetwork
     * list, `switchNetwork`, the wallet's chain reports, balances and WalletConnect pairings made after this call all
     * see it. Adding a network whose CAIP-2 id is already configured does nothing (the first one stays). The active
     * network does not change.
     *
     * `network` is a `CaipNetwork` as in `options.networks` (`defineEvmNetwork()`, `defineSolanaNetwork()` or a
     * built-in): `caipNetworkId` `namespace:reference`, `id` the chain id (eip155: a positive integer) or the CAIP-2
     * reference, `nativeCurrency.decimals` in the currency's smallest unit (18 for wei), http(s) RPC URLs.
     *
     * @throws InvalidOptionsError when the network is malformed, naming the field (`addNetwork(network).caipNetworkId:
     *   Invalid CAIP-2 network id`), with the checks of `options.networks` (`validateOptions`).
     * @throws AdapterNotFoundError 'Adapter not found' (spec §8; its details 'The adapter for the {namespace} namespace does
     *   not exist.') when the modal has no
     *   adapter for its namespace (spec §5: Solana and Bitcoin have one only when `options.networks` had a network of
     *   theirs at creation).
     * @example
     * const modal = createModal({ projectId, networks: [mainnet] })
     * modal.addNetwork(defineEvmNetwork({ id: 10, name: 'OP Mainnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'https://mainnet.optimism.io' }))
     * modal.switchNetwork('eip155:10')
     */
    addNetwork(network: CaipNetwork): void {
      validateNetwork(network, 'addNetwork')
      if (!adapters[network.chainNamespace]) throw new AdapterNotFoundError(network.chainNamespace)
      actor.getSnapshot().context.network.send({ type: 'network.add', network })
    },
    /**
     * Removes a configured network at run time (spec §4). Removing the active network makes the first remaining
     * network of its namespace active, else the first remaining network (stored as the active network, as a switch
     * is). Removing the last network of a namespace leaves it unfiltered (spec §4): the wallet of that namespace may be
     * on any chain, it is not marked unsupported. A connected wallet is not asked to switch.
     *
     * @param caipNetworkId the CAIP-2 id (`eip155:1`).
     * @throws AdapterNotFoundError 'Adapter not found' (spec §8; its details 'The adapter for the {namespace} namespace does
     *   not exist.') when the modal has no
     *   adapter for the id's namespace (spec §5).
     * @throws InvalidOptionsError 'Network not found' (spec §8) when no configured network has that id, and 'At least
     *   one network is required' for the last network of all (the modal always has an active network).
     * @example
     * modal.removeNetwork('eip155:42161') // arbitrum leaves the network list
     */
    removeNetwork(caipNetworkId: string): void {
      const option = 'removeNetwork(caipNetworkId)'
      if (typeof caipNetworkId !== 'string') throw new InvalidOptionsError(`${option}: Expected a CAIP-2 network id`, { option, details: `Received: ${String(caipNetworkId)}` })
      const namespace = caipNetworkId.split(':')[0] ?? ''
      if (!adapters[namespace as ChainNamespace]) throw new AdapterNotFoundError(namespace)
      const network = actor.getSnapshot().context.network
      const list = network.getSnapshot().context.networks
      if (!list.some((n) => n.caipNetworkId === caipNetworkId)) {
        throw new InvalidOptionsError('Network not found', { option, details: `${caipNetworkId} is not configured (${list.map((n) => n.caipNetworkId).join(', ')}).` })
      }
      if (list.length === 1) throw new InvalidOptionsError('At least one network is required', { option, details: `${caipNetworkId} is the last network.` })
      network.send({ type: 'network.remove', caipNetworkId })
    },
  }
}
