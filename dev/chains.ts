import { defineEvmNetwork } from '../adapters/networks.ts'
import type { CaipNetwork } from '../adapters/networks.ts'

/** The native currency of the dev chains: Ether, 18 decimals. */
export const devNativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const

/** Facts about one local dev chain (an anvil instance started by `npm start`). */
export type DevChainSpec = {
  /** EVM chain id (decimal). */
  readonly chainId: number
  /** Human-readable name, shown by the demo and the dev wallet. */
  readonly name: string
  /** The TCP port `npm start` runs this chain's anvil on unless {@link DevChainSpec.portEnvVar} says otherwise. */
  readonly defaultPort: number
  /** The environment variable overriding the port for `npm start`. */
  readonly portEnvVar: string
  /** The environment variable through which the RPC URL reaches the demo page (`import.meta.env`). */
  readonly rpcEnvVar: string
  readonly nativeCurrency: typeof devNativeCurrency
  /** The chain's image id, served by the reference API's `/public/getAssetImage/{id}`. */
  readonly imageId: string
}

/**
 * The two local chains of the dev setup. A tuple, so `devChains[0]` and `devChains[1]` are typed
 * without `undefined`. Browser-safe (no Node imports): the demo page may import it.
 */
export const devChains = [
  {
    chainId: 31337,
    name: 'Anvil Local',
    defaultPort: 8545,
    portEnvVar: 'ANVIL_PORT_1',
    rpcEnvVar: 'VITE_ANVIL_RPC_1',
    nativeCurrency: devNativeCurrency,
    imageId: 'dd26f775-c0b0-46c9-a8c3-7c00aefce248',
  },
  {
    chainId: 31338,
    name: 'Anvil Local 2',
    defaultPort: 8546,
    portEnvVar: 'ANVIL_PORT_2',
    rpcEnvVar: 'VITE_ANVIL_RPC_2',
    nativeCurrency: devNativeCurrency,
    imageId: '7e003107-dba5-4a57-a2ad-741b5298f6fa',
  },
] as const satisfies readonly DevChainSpec[]

/**
 * A local anvil chain as a modal network (`eip155:<chainId>`, ETH, `testnet: true`, the dev chain's `imageId`).
 *
 * @param chainId EVM chain id (decimal), e.g. 31337.
 * @param name display name, e.g. 'Anvil Local'.
 * @param rpcUrl HTTP JSON-RPC URL of the anvil, e.g. 'http://127.0.0.1:8545'.
 * @returns a {@link CaipNetwork} built with `defineEvmNetwork`.
 */
export function anvilNetwork(chainId: number, name: string, rpcUrl: string): CaipNetwork {
  const imageId = devChains.find((c) => c.chainId === chainId)?.imageId
  return defineEvmNetwork({ id: chainId, name, nativeCurrency: devNativeCurrency, rpcUrl, testnet: true, ...(imageId ? { imageId } : {}) })
}
