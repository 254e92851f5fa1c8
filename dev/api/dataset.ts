/**
 * The data of the reference server where no real source exists on this machine: the wallet catalogue, project
 * features, names, prices, swap tokens, on-ramp options. Everything is deterministic (no
 * clock, no randomness at run time): the same call gives the same bytes in every run.
 *
 * Real data (native and ERC-20 balances, history, gas prices) comes from the anvil chains, see `dev/api/chain.ts`.
 * Dev-only: never imported by the library.
 */
import { createHash } from 'node:crypto'
import type { Address } from 'viem'
import type { components as BlockchainComponents } from '../../openapi/blockchain.d.ts'
import type { components as DirectoryComponents } from '../../openapi/directory.d.ts'
import { bitcoinRegtest, builtInNetworks } from '../../adapters/networks.ts'
import { DEV_ADDRESSES } from '../accounts.ts'
import { anvilNetwork, devChains } from '../chains.ts'
import { solanaLocalnet } from '../solana/network.ts'
import { NATIVE_TOKEN_ADDRESS, WETH_ADDRESS } from '../dex/exchange.ts'
import { devTokens } from '../tokens/tokens.ts'
import { initialsSvg, svgDataUri, tokenSvg } from './images.ts'
import { type RealWallet, realWallets } from './realWallets.ts'

/** A wallet of the directory (contract `directory.yaml#/components/schemas/Wallet`). */
export type Wallet = DirectoryComponents['schemas']['Wallet']
/** Project feature flags (contract `directory.yaml#/components/schemas/Features`). */
export type Features = DirectoryComponents['schemas']['Features']
/** A registered name (contract `blockchain/names.yaml#/components/schemas/NameProfile`). */
export type NameProfile = BlockchainComponents['schemas']['NameProfile']
/** Payment currency with limits per method (contract `PaymentCurrency`). */
export type PaymentCurrency = BlockchainComponents['schemas']['PaymentCurrency']
/** On-ramp purchase currency (contract `OnrampCurrency`). */
export type OnrampCurrency = BlockchainComponents['schemas']['OnrampCurrency']
/** Supported chains (contract `SupportedChains`). */
export type SupportedChains = BlockchainComponents['schemas']['SupportedChains']

/** An ERC-20 contract deployed on a dev chain, whose balances the server reads with `balanceOf`. */
export type Erc20Token = {
  /** Contract address (20 bytes, checksummed). */
  address: Address
  name: string
  symbol: string
  /** Token decimals, e.g. 6 for a USD stablecoin. */
  decimals: number
}

/** A native currency: display name, symbol and decimals (18 for ETH). */
export type NativeCurrency = { name: string; symbol: string; decimals: number }

/** Everything the reference server answers from memory rather than from a chain. */
export type Dataset = {
  /** The wallet catalogue, sorted by `order` (the real wallets between the dev wallet and the test wallets in {@link defaultDataset}). */
  wallets: readonly Wallet[]
  /** Features of every project whose features were not set with `control.setFeatures`. */
  features: Features
  /** The allowed origins of every project (`/projects/v1/origins`), exact `scheme://host:port` strings. */
  allowedOrigins: readonly string[]
  /** `/getAnalyticsConfig`. */
  analyticsEnabled: boolean
  /** Names and avatars by lower-case 0x address (`/v1/identity/{address}`). */
  identities: Readonly<Record<string, { name: string | null; avatar: string | null }>>
  /** Names registered before the server starts; `POST /v1/profile/account` adds to them in memory. */
  names: readonly NameProfile[]
  /**
   * Demo USD prices by token symbol (`ETH` → 3000), for tokens no pool prices: on the anvil chains balances take the
   * exchange's pool prices (`dev/api/exchange.ts`) over these.
   */
  pricesUsd: Readonly<Record<string, number>>
  /** Native currency by CAIP-2 id; EVM chains not listed use Ether. */
  nativeCurrencies: Readonly<Record<string, NativeCurrency>>
  /**
   * ERC-20 contracts on the dev chains, by CAIP-2 id: `/v1/account/{address}/balance` reads their balances
   * (`balanceOf`) and `/v1/account/{account}/history` their `Transfer` logs. {@link defaultDataset} lists the
   * dev tokens of `dev/tokens` (DEV and dUSDT, deployed by `npm start` and the test setup) and the exchange's WETH
   * (`dev/dex`) on both dev chains.
   */
  erc20Tokens: Readonly<Record<string, readonly Erc20Token[]>>
  /** Chains served besides the ones the server has an RPC URL for (`/v1/supported-chains`). */
  supportedChains: SupportedChains
  paymentCurrencies: readonly PaymentCurrency[]
  purchaseCurrencies: readonly OnrampCurrency[]
  /**
   * The on-ramp providers `/v1/generators/onrampurl` accepts and history's `onramp` names (spec §9: meld and
   * coinbase by default).
   */
  onrampProviders: readonly string[]
  /**
   * The checkout of the development on-ramp provider (`dev/onramp`, e.g. `http://127.0.0.1:8950`): the on-ramp URL
   * points at its `/checkout` with the order. Without it the URL is a placeholder page of no real provider.
   */
  onrampCheckoutUrl?: string
  /**
   * Token icons by symbol (`data:image/svg+xml` coins), sent as `iconUrl` in balances. Optional: a
   * dataset without it sends none.
   */
  tokenIconUrls?: Readonly<Record<string, string>>
  /** Ids the three non-wallet image routes know: network asset ids, fiat currency codes, token symbols. */
  images: {
    /** `/public/getAssetImage/{id}`: asset id → label (see {@link networkImageId}). */
    assets: Readonly<Record<string, string>>
    /** The CAIP-2 id of a network's asset id: its image is that network's own mark (or its monogram, see `images.ts`). */
    assetNetworks?: Readonly<Record<string, string>>
    /** `/public/getCurrencyImage/{id}`: `USD`, `EUR`, `GBP`. */
    currencies: Readonly<Record<string, string>>
    /** `/public/getTokenImage/{id}`: token symbols. */
    tokens: Readonly<Record<string, string>>
  }
}

/** The name of the development wallet in the catalogue (the one `dev/wallet` announces). */
export const devWalletName = 'Latchkey Dev Wallet'
/** The reverse-DNS id the development wallet announces with (EIP-6963). */
export const devWalletRdns = 'dev.latchkey.wallet'

/** CAIP-2 ids used by the catalogue. */
export const caip2 = {
  ethereum: 'eip155:1',
  arbitrum: 'eip155:42161',
  bsc: 'eip155:56',
  optimism: 'eip155:10',
  polygon: 'eip155:137',
  base: 'eip155:8453',
  solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  solanaDevnet: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  bitcoin: 'bip122:000000000019d6689c085ae165831e93',
} as const

/** The features a project has unless a test sets others (spec §3 project feature flags). */
export const defaultFeatures: Features = {
  email: true,
  socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
  swaps: true,
  onramp: true,
  activity: true,
  reownBranding: true,
  multiWallet: false,
  analytics: true,
}

/** Ports of the pages that call the API from a browser: the demo (5173) and the e2e stack (5273). */
export const defaultPagePorts = [5173, 5273] as const

/**
 * The allowed origins for pages on loopback ports: `http://127.0.0.1:<port>` and `http://localhost:<port>`.
 *
 * @param ports TCP ports, default {@link defaultPagePorts}.
 * @returns exact origins, no wildcards.
 */
export function loopbackOrigins(ports: readonly number[] = defaultPagePorts): string[] {
  return ports.flatMap((port) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`])
}

/**
 * A hex SHA-256 digest.
 *
 * @param text UTF-8 input.
 * @returns 64 lower-case hex characters.
 */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/**
 * A UUID-shaped id derived from a text (8-4-4-4-12 hex of its SHA-256), used for image ids and quote ids.
 *
 * @param text UTF-8 input.
 * @returns e.g. `'3f1c…-…'`, 36 characters.
 */
export function stableUuid(text: string): string {
  const hex = sha256Hex(text)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/**
 * The id of a network's image for `/public/getAssetImage/{id}`.
 *
 * @param caipNetworkId CAIP-2 id, e.g. `'eip155:1'`.
 * @returns a UUID-shaped id derived from it.
 */
export function networkImageId(caipNetworkId: string): string {
  return stableUuid(`network:${caipNetworkId}`)
}

type WalletSeed = {
  name: string
  rdns?: string
  chains: string[]
  mobile?: 'native' | 'universal'
  desktop?: boolean
  webapp?: boolean
  /** A browser extension, listed in the Chrome Web Store (`chrome_store`). */
  extension?: boolean
  badge: Wallet['badge_type']
}

const evmChains = [caip2.ethereum, caip2.arbitrum, caip2.bsc, caip2.optimism, caip2.polygon, caip2.base]
const devEvmChains = devChains.map((chain) => `eip155:${chain.chainId}`)

/**
 * The test wallets every test can count on: the development wallet first in the catalogue, then, after the real wallets,
 * the invented wallets with the properties the tests need (a Solana-only, a Bitcoin-only, a web-only, a desktop-only
 * and a link-less wallet; names containing "meta" for the search), in this order. Their links are `.example` addresses.
 */
const testWallets: WalletSeed[] = [
  { name: devWalletName, rdns: devWalletRdns, chains: [caip2.ethereum, caip2.arbitrum, caip2.bsc, ...devEvmChains], badge: 'certified' },
  { name: 'Sunflare Wallet', chains: [caip2.solana], mobile: 'universal', badge: 'certified' },
  { name: 'Metaverse Wallet', chains: [caip2.ethereum, caip2.base], mobile: 'universal', webapp: true, extension: true, badge: 'none' },
  { name: 'Satoshi Pocket', chains: [caip2.bitcoin], mobile: 'native', badge: 'none' },
  { name: 'Metal Pay', chains: [caip2.ethereum, caip2.bitcoin], mobile: 'native', badge: 'none' },
  { name: 'Browserbank Web', chains: [caip2.ethereum, caip2.arbitrum], webapp: true, badge: 'none' },
  { name: 'Deskkey Desktop', chains: [caip2.ethereum], desktop: true, badge: 'none' },
  { name: 'Cosmeta Wallet', chains: [caip2.ethereum, caip2.solana], mobile: 'universal', badge: null },
  { name: 'META Sphere', chains: [caip2.bsc], mobile: 'native', desktop: true, badge: 'none' },
  { name: 'Offline Vault', chains: [caip2.ethereum], badge: null },
]

function slugOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '')
}

function walletFromSeed(seed: WalletSeed, order: number): Wallet {
  const slug = slugOf(seed.name)
  const mobileLink = seed.mobile === 'native' ? `${slug}://` : seed.mobile === 'universal' ? `https://${slug}.example/wc` : null
  return {
    id: sha256Hex(seed.name),
    name: seed.name,
    image_id: stableUuid(`wallet-image:${seed.name}`),
    rdns: seed.rdns ?? `com.${slug}`,
    homepage: `https://${slug}.example`,
    mobile_link: mobileLink,
    desktop_link: seed.desktop ? `${slug}-desktop://` : null,
    webapp_link: seed.webapp ? `https://app.${slug}.example` : null,
    app_store: mobileLink ? `https://apps.apple.com/app/id${BigInt(`0x${sha256Hex(`ios:${seed.name}`).slice(0, 8)}`) % 1_000_000_000n}` : null,
    play_store: mobileLink ? `https://play.google.com/store/apps/details?id=com.${slug}` : null,
    // An extension's item id is 32 letters a–p (its key's hash in base 16 written with a–p).
    ...(seed.extension ? { chrome_store: `https://chromewebstore.google.com/detail/${slug}/${[...sha256Hex(`chrome:${seed.name}`).slice(0, 32)].map((d) => String.fromCharCode(97 + parseInt(d, 16))).join('')}` } : {}),
    chains: seed.chains,
    badge_type: seed.badge,
    order,
  }
}

/**
 * Builds the wallet catalogue: the development wallet first, then the real wallets of `realWallets.ts` (what Connect and
 * All Wallets' first pages show), then the invented test wallets of {@link testWallets} (`Metaverse Wallet`,
 * `Metal Pay`, `Cosmeta Wallet`, `META Sphere` and the real MetaMask are the only names containing "meta").
 *
 * `id` is the SHA-256 hex of the name, `image_id` a UUID-shaped id for `/getWalletImage/{id}`; a test wallet's `rdns`
 * is `com.<slug>` (the dev wallet: `dev.latchkey.wallet`).
 *
 * @returns the wallets sorted by `order` (1, 2, …), deterministic.
 */
export function buildWalletCatalogue(): Wallet[] {
  const [devWallet, ...others] = testWallets
  if (!devWallet) return []
  const real = realWallets.map((wallet, i) => realWalletEntry(wallet, i + 2))
  const rest = others.map((seed, i) => walletFromSeed(seed, realWallets.length + 2 + i))
  return [walletFromSeed(devWallet, 1), ...real, ...rest]
}

/** A real wallet (`realWallets.ts`) as a directory entry at catalogue position `order`. */
function realWalletEntry(wallet: RealWallet, order: number): Wallet {
  const chains = wallet.families.flatMap((family) => (family === 'evm' ? evmChains : family === 'solana' ? [caip2.solana] : [caip2.bitcoin]))
  return {
    id: sha256Hex(wallet.name),
    name: wallet.name,
    image_id: stableUuid(`wallet-image:${wallet.name}`),
    rdns: wallet.rdns,
    homepage: wallet.homepage,
    mobile_link: wallet.mobile ?? null,
    desktop_link: wallet.desktop ?? null,
    webapp_link: wallet.webapp ?? null,
    app_store: wallet.appStore ? `https://apps.apple.com/app/id${wallet.appStore}` : null,
    play_store: wallet.play ? `https://play.google.com/store/apps/details?id=${wallet.play}` : null,
    ...(wallet.chrome ? { chrome_store: `https://chromewebstore.google.com/detail/${wallet.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}/${wallet.chrome}` } : {}),
    chains,
    badge_type: wallet.certified ? 'certified' : 'none',
    order,
  }
}

/**
 * An avatar for an address: the initials of the name's first label (`alice.reown.id` → `AL`) on a colour
 * from the address, as a data URI.
 *
 * @param address 0x address.
 * @param name the name whose first label's initials are drawn.
 * @returns `data:image/svg+xml;base64,…`.
 */
export function avatarFor(address: string, name: string): string {
  return svgDataUri(initialsSvg(address.toLowerCase(), name.split('.')[0] ?? name))
}

const devNames = [
  { name: 'alice.reown.id', address: DEV_ADDRESSES[0], bio: 'Dev account 0' },
  { name: 'bob.reown.id', address: DEV_ADDRESSES[1], bio: 'Dev account 1' },
  { name: 'carol.wcn.id', address: DEV_ADDRESSES[2], bio: 'Dev account 2 (legacy suffix)' },
] as const

/** When the dev names were registered: 2026-01-01T00:00:00Z, in Unix seconds. */
const devNamesRegistered = 1_767_225_600

/** The native token's address in the convert API (`0xeeee…eeee`, the usual convention), lower-case. */
export const nativeTokenAddress = NATIVE_TOKEN_ADDRESS.toLowerCase()

/**
 * Fallback USD prices of the dev tokens (dev/tokens) where no pool prices them: DEV 1.5, dUSDT 1 (the prices the
 * exchange's pools are seeded at, `dev/dex`).
 */
export const devTokenPricesUsd = { DEV: 1.5, dUSDT: 1 } as const

/**
 * The dataset the server uses unless `startApiServer({ dataset })` overrides parts of it.
 *
 * @returns a fresh object (the catalogue is rebuilt each call, about 10 ms); see {@link Dataset}.
 */
export function defaultDataset(): Dataset {
  const identities: Record<string, { name: string | null; avatar: string | null }> = {}
  for (const { name, address } of devNames) identities[address.toLowerCase()] = { name, avatar: avatarFor(address, name) }
  const tokenSymbols = ['ETH', 'USDC', 'USDT', 'DAI', 'WETH', 'WBTC', 'BNB', 'WBNB', 'ARB', 'SOL', 'BTC', ...devTokens.map((t) => t.symbol)]
  const assets: Record<string, string> = {}
  const assetNetworks: Record<string, string> = {}
  // Every network the demo and the tests use, by its own `imageId` (what the modal asks for) and by the derived id.
  const networks = [...builtInNetworks, bitcoinRegtest, solanaLocalnet, ...devChains.map((c) => anvilNetwork(c.chainId, c.name, 'http://127.0.0.1:8545'))]
  for (const network of networks) {
    for (const id of new Set([networkImageId(network.caipNetworkId), network.imageId ?? networkImageId(network.caipNetworkId)])) {
      assets[id] = network.name
      assetNetworks[id] = network.caipNetworkId
    }
  }
  return {
    wallets: buildWalletCatalogue(),
    features: defaultFeatures,
    allowedOrigins: loopbackOrigins(),
    analyticsEnabled: true,
    identities,
    names: devNames.map(({ name, address, bio }) => ({
      name,
      registered: devNamesRegistered,
      updated: devNamesRegistered,
      addresses: { '60': { address, created: new Date(devNamesRegistered * 1000).toISOString() } },
      attributes: { bio },
    })),
    pricesUsd: { ETH: 3000, WETH: 3000, USDC: 1, USDT: 1, DAI: 1, WBTC: 65_000, BTC: 65_000, BNB: 600, WBNB: 600, ARB: 0.8, SOL: 150, ...devTokenPricesUsd },
    nativeCurrencies: { [caip2.bsc]: { name: 'BNB', symbol: 'BNB', decimals: 18 } },
    erc20Tokens: Object.fromEntries(
      devEvmChains.map((chain) => [
        chain,
        [...devTokens.map(({ address, name, symbol, decimals }) => ({ address, name, symbol, decimals })), { address: WETH_ADDRESS, name: 'Wrapped Ether', symbol: 'WETH', decimals: 18 }],
      ]),
    ),
    supportedChains: {
      http: [...builtInNetworks.map((n) => n.caipNetworkId), caip2.optimism, caip2.polygon, caip2.base],
      ws: [caip2.ethereum, caip2.arbitrum, caip2.base],
    },
    paymentCurrencies: [
      {
        id: 'USD',
        limits: [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      },
      {
        id: 'EUR',
        limits: [
          { id: 'card', min: '10.00', max: '5000.00' },
          { id: 'sepa_bank_account', min: '10.00', max: '20000.00' },
        ],
      },
      { id: 'GBP', limits: [{ id: 'card', min: '10.00', max: '5000.00' }] },
    ],
    purchaseCurrencies: [
      {
        id: 'ETH',
        name: 'Ether',
        symbol: 'ETH',
        networks: [
          { name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '' },
          // The dev anvil chains: the development on-ramp provider delivers there (dev/onramp).
          { name: 'anvil', display_name: 'Anvil Local', chain_id: '31337', contract_address: '' },
          { name: 'anvil-2', display_name: 'Anvil Local 2', chain_id: '31338', contract_address: '' },
          { name: 'arbitrum', display_name: 'Arbitrum One', chain_id: '42161', contract_address: '' },
          { name: 'base', display_name: 'Base', chain_id: '8453', contract_address: '' },
        ],
      },
      {
        id: 'USDC',
        name: 'USD Coin',
        symbol: 'USDC',
        networks: [
          { name: 'ethereum', display_name: 'Ethereum', chain_id: '1', contract_address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
          { name: 'arbitrum', display_name: 'Arbitrum One', chain_id: '42161', contract_address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' },
        ],
      },
      { id: 'SOL', name: 'Solana', symbol: 'SOL', networks: [{ name: 'solana', display_name: 'Solana', chain_id: '', contract_address: '' }] },
      { id: 'BTC', name: 'Bitcoin', symbol: 'BTC', networks: [{ name: 'bitcoin', display_name: 'Bitcoin', chain_id: '', contract_address: '' }] },
    ],
    onrampProviders: ['meld', 'coinbase'],
    tokenIconUrls: Object.fromEntries(tokenSymbols.map((symbol) => [symbol, svgDataUri(tokenSvg(symbol))])),
    images: {
      assets,
      assetNetworks,
      currencies: { USD: 'US Dollar', EUR: 'Euro', GBP: 'Pound Sterling' },
      tokens: Object.fromEntries(tokenSymbols.map((symbol) => [symbol, symbol])),
    },
  }
}
