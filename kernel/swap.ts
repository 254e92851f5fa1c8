/**
 * The swap constants of spec §9 "Swaps": the 12 networks swaps are offered on by the hosted convert API, the
 * suggested and popular token lists (by symbol, in the spec's order, each symbol once), and the swap provider
 * setting's default. Plain data: the swap flow itself asks the dapp's blockchain API which tokens a network swaps
 * (`/v1/convert/tokens`), so a dapp pointing `apiUrl` at its own API (the local development stack's chains are not
 * among these 12) keeps swapping there.
 */

/** The 12 swap networks (CAIP-2): Ethereum, Arbitrum One, Optimism, zkSync Era, Base, BNB Smart Chain, Polygon, Gnosis, Avalanche, Fantom, Klaytn, Aurora. */
export const swapNetworks = ['eip155:1', 'eip155:42161', 'eip155:10', 'eip155:324', 'eip155:8453', 'eip155:56', 'eip155:137', 'eip155:100', 'eip155:43114', 'eip155:250', 'eip155:8217', 'eip155:1313161554'] as const

/** The suggested tokens of the token picker, by symbol. */
export const swapSuggestedTokens = [
  'ETH',
  'UNI',
  '1INCH',
  'AAVE',
  'SOL',
  'ADA',
  'AVAX',
  'DOT',
  'LINK',
  'NITRO',
  'GAIA',
  'MILK',
  'TRX',
  'NEAR',
  'GNO',
  'WBTC',
  'DAI',
  'WETH',
  'USDC',
  'USDT',
  'ARB',
  'BAL',
  'BICO',
  'CRV',
  'ENS',
  'POL',
  'OP',
] as const

/** The popular tokens: the suggested ones, then more (each symbol once). */
export const swapPopularTokens = [
  ...swapSuggestedTokens,
  'METAL',
  'CHAMP',
  'WOLF',
  'SALE',
  'BUSD',
  'MUST',
  'BTCpx',
  'ROUTE',
  'HEX',
  'WELT',
  'amDAI',
  'VSQ',
  'VISION',
  'AURUM',
  'pSP',
  'SNX',
  'VC',
  'CHP',
  'amUSDT',
  'SPHERE',
  'FOX',
  'GIDDY',
  'GFC',
  'OMEN',
  'OX_OLD',
  'DE',
  'WNT',
] as const

/** The swap providers a dapp may name in the `swapProvider` option. */
export const swapProviders = ['1inch'] as const
export type SwapProvider = (typeof swapProviders)[number]

/** The swap provider by default (spec §9: 1inch). */
export const defaultSwapProvider: SwapProvider = '1inch'
