import { type CaipNetworkId, type ChainNamespace, InvalidCaipNetworkIdError } from '../kernel/caip.ts'
import { httpProtocols, parseConnectionUrl } from '../kernel/urls.ts'

export {
  type CaipAddress,
  type CaipNetworkId,
  type ChainNamespace,
  chainNamespaces,
  InvalidCaipAddressError,
  InvalidCaipNetworkIdError,
  parseCaipAddress,
  type ParseCaipAddressErrorType,
  type ParseCaipAddressReturnType,
  parseCaipNetworkId,
  type ParseCaipNetworkIdErrorType,
  type ParseCaipNetworkIdReturnType,
} from '../kernel/caip.ts'

/**
 * A network as the modal knows it (spec §3 "Network").
 * `id` is the chain reference (EVM chain id as a number; Solana genesis prefix or Bitcoin genesis hash as a string).
 */
export type CaipNetwork = {
  id: number | string
  name: string
  chainNamespace: ChainNamespace
  caipNetworkId: CaipNetworkId
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[]; webSocket?: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
  /** Optional icon URL (http(s) or data:image); wins over {@link CaipNetwork.imageId}. */
  imageUrl?: string
  /**
   * The network's image in the wallet directory (spec §3 Connector/Network `imageId`, §7 `/public/getAssetImage/{id}`):
   * the modal shows that image when the directory is configured; a built-in glyph of the namespace otherwise.
   */
  imageId?: string
}

/**
 * Defines an EVM network from viem-like chain facts (spec §3 "Network"): `caipNetworkId` `eip155:<id>`.
 *
 * @throws InvalidUrlError when `rpcUrl` is not an absolute http(s) URL (spec §5: the connection layer accepts only
 *   http(s) or ws(s) URLs; parsed with `URL`, see `parseConnectionUrl` of kernel/urls.ts).
 * @example defineEvmNetwork({ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'http://127.0.0.1:8545', testnet: true })
 */
export function defineEvmNetwork(chain: {
  id: number
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrl: string
  blockExplorer?: { name: string; url: string }
  testnet?: boolean
  imageUrl?: string
  imageId?: string
}): CaipNetwork {
  parseConnectionUrl(chain.rpcUrl, { protocols: httpProtocols })
  return {
    id: chain.id,
    name: chain.name,
    chainNamespace: 'eip155',
    caipNetworkId: `eip155:${chain.id}`,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    ...(chain.blockExplorer ? { blockExplorers: { default: chain.blockExplorer } } : {}),
    testnet: chain.testnet ?? false,
    ...(chain.imageUrl ? { imageUrl: chain.imageUrl } : {}),
    ...(chain.imageId ? { imageId: chain.imageId } : {}),
  }
}

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** Ethereum mainnet (chain id 1), the default network (spec §9). */
export const mainnet = defineEvmNetwork({
  id: 1,
  imageId: 'f746d333-41cb-42c5-a81e-93c6c46debb4',
  name: 'Ethereum',
  nativeCurrency: ether,
  rpcUrl: 'https://eth.merkle.io',
  blockExplorer: { name: 'Etherscan', url: 'https://etherscan.io' },
})
/** Arbitrum One (42161). */
export const arbitrum = defineEvmNetwork({
  id: 42161,
  imageId: 'a4edf1c9-bbc3-4a31-a205-7fb516a0bf44',
  name: 'Arbitrum One',
  nativeCurrency: ether,
  rpcUrl: 'https://arb1.arbitrum.io/rpc',
  blockExplorer: { name: 'Arbiscan', url: 'https://arbiscan.io' },
})
/** BNB Smart Chain (56). */
export const bsc = defineEvmNetwork({
  id: 56,
  imageId: '12a18bc3-1c95-472c-a5c7-b92e6384ae28',
  name: 'BNB Smart Chain',
  nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
  rpcUrl: 'https://56.rpc.thirdweb.com',
  blockExplorer: { name: 'BscScan', url: 'https://bscscan.com' },
})

const sol = { name: 'Solana', symbol: 'SOL', decimals: 9 }

/**
 * Defines a Solana network (spec §3 "Network"): `reference` is the CAIP-2 reference, the first 32 characters of
 * the cluster's base58 genesis hash; the native currency is SOL (9 decimals, amounts in lamports).
 *
 * @throws InvalidCaipNetworkIdError when `reference` is not 1–32 base58 characters.
 * @throws InvalidUrlError when `rpcUrl` is not an absolute http(s) URL (spec §5, as {@link defineEvmNetwork}).
 * @example defineSolanaNetwork({ reference: 'AK7zphcMpwwaFXRuPquNGSMjWsVvhFPZ', name: 'Solana Localnet', rpcUrl: 'http://127.0.0.1:8899', testnet: true })
 */
export function defineSolanaNetwork(network: { reference: string; name: string; rpcUrl: string; blockExplorer?: { name: string; url: string }; testnet?: boolean; imageUrl?: string; imageId?: string }): CaipNetwork {
  if (!/^[1-9A-HJ-NP-Za-km-z]{1,32}$/.test(network.reference)) throw new InvalidCaipNetworkIdError(`solana:${network.reference}`)
  parseConnectionUrl(network.rpcUrl, { protocols: httpProtocols })
  return {
    id: network.reference,
    name: network.name,
    chainNamespace: 'solana',
    caipNetworkId: `solana:${network.reference}`,
    nativeCurrency: sol,
    rpcUrls: { default: { http: [network.rpcUrl] } },
    ...(network.blockExplorer ? { blockExplorers: { default: network.blockExplorer } } : {}),
    testnet: network.testnet ?? false,
    ...(network.imageUrl ? { imageUrl: network.imageUrl } : {}),
    ...(network.imageId ? { imageId: network.imageId } : {}),
  }
}

/** Solana mainnet (CAIP-2 reference is the genesis hash prefix). */
export const solana: CaipNetwork = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  imageId: '4790252f-25c1-4fad-a252-0c1cc90264cf',
  nativeCurrency: sol,
  rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } },
  testnet: false,
}
/** Solana devnet. */
export const solanaDevnet: CaipNetwork = {
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Devnet',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  imageId: '1d5df0e2-8bb1-46ca-a123-105d234707c4',
  nativeCurrency: sol,
  rpcUrls: { default: { http: ['https://api.devnet.solana.com'] } },
  testnet: true,
}
/** Solana testnet. */
export const solanaTestnet: CaipNetwork = {
  id: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  name: 'Solana Testnet',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  imageId: '2780d61f-0180-4a77-a149-218b203fb97b',
  nativeCurrency: sol,
  rpcUrls: { default: { http: ['https://api.testnet.solana.com'] } },
  testnet: true,
}
const btc = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }
/** Bitcoin mainnet (CAIP-2 reference is the genesis block hash prefix). */
export const bitcoin: CaipNetwork = {
  id: '000000000019d6689c085ae165831e93',
  name: 'Bitcoin',
  chainNamespace: 'bip122',
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  imageId: '4db568bc-f832-4d79-a316-c4b91f9090ff',
  nativeCurrency: btc,
  rpcUrls: { default: { http: ['https://rpc.walletconnect.org/v1'] } },
  testnet: false,
}
/** Bitcoin testnet. */
export const bitcoinTestnet: CaipNetwork = {
  id: '000000000933ea01ad0ee984209779ba',
  name: 'Bitcoin Testnet',
  chainNamespace: 'bip122',
  caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba',
  imageId: '2f48e76b-500d-4caa-a473-8118adcf622b',
  nativeCurrency: btc,
  rpcUrls: { default: { http: ['https://rpc.walletconnect.org/v1'] } },
  testnet: true,
}

/**
 * The local Bitcoin regtest chain of the dev stack: CAIP-2 reference = the first 32 hex digits of the
 * regtest genesis block hash. Its RPC URL is the reference API server's blockchain API (`npm start`: port 8600), whose
 * Esplora-style `/v1/bitcoin/…` routes serve the UTXO index; the Bitcoin adapter reads balances there. A server on
 * another port: `{ ...bitcoinRegtest, rpcUrls: { default: { http: [`${apiUrl}/blockchain`] } } }`.
 */
export const bitcoinRegtest: CaipNetwork = {
  id: '0f9188f13cb7b2c71f2a335e3a4fc328',
  name: 'Bitcoin Regtest',
  chainNamespace: 'bip122',
  caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  imageId: 'e85a1bcb-d7c1-4d37-ac8b-a047cdb4a223',
  nativeCurrency: btc,
  rpcUrls: { default: { http: ['http://127.0.0.1:8600/blockchain'] } },
  testnet: true,
}

/** Every built-in network of spec §3. */
export const builtInNetworks: readonly CaipNetwork[] = [mainnet, arbitrum, bsc, solana, solanaDevnet, solanaTestnet, bitcoin, bitcoinTestnet]

/** Finds a network of a namespace by its chain reference (`1`, `'1'`, or the Solana/Bitcoin reference). */
export function findNetwork(networks: readonly CaipNetwork[], chainNamespace: ChainNamespace, chainId: number | string): CaipNetwork | undefined {
  return networks.find((n) => n.chainNamespace === chainNamespace && String(n.id) === String(chainId))
}
