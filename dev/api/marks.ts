/**
 * The real marks the reference server serves (spec §7 image routes), read from two icon sets installed from npm as
 * devDependencies (nothing is downloaded at install or at run time, and the library never imports this file):
 *
 * - `@web3icons/core` (MIT): network, token and wallet marks, each an SVG string in its own ES module
 *   (`svgs/<kind>/<variant>/<name>.svg.js`, default export).
 * - `cryptocurrency-icons` (CC0-1.0): the fiat currency marks (`svg/color/usd.svg`), which the first set lacks.
 *
 * Each lookup answers `undefined` when the set has no mark of that name; the caller then draws a tinted monogram
 * (`images.ts`). Dev-only.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/** The kinds of mark in `@web3icons/core`. */
export type MarkKind = 'networks' | 'tokens' | 'wallets'
/** `branded`: the mark in its colours on a transparent ground; `background`: the mark on its brand's square (an app icon). */
export type MarkVariant = 'branded' | 'background'

const cache = new Map<string, string | undefined>()

/**
 * A mark of `@web3icons/core` as an SVG document (24×24 view box).
 *
 * @param kind `networks` (kebab-case names: `ethereum`, `arbitrum-one`), `tokens` (tickers: `ETH`) or `wallets`
 *   (kebab-case: `metamask`).
 * @param variant see {@link MarkVariant}.
 * @param name the set's file name, without `.svg`.
 * @returns the SVG text, or undefined when the set has no such mark.
 * @example web3Mark('networks', 'branded', 'ethereum') // '<svg xmlns="http://www.w3.org/2000/svg" … class="web3icons">…'
 */
export function web3Mark(kind: MarkKind, variant: MarkVariant, name: string): string | undefined {
  const key = `web3icons:${kind}/${variant}/${name}`
  if (cache.has(key)) return cache.get(key)
  let svg: string | undefined
  if (/^[A-Za-z0-9.-]+$/.test(name)) {
    try {
      // Each mark is an ES module whose default export is the SVG text (Node ≥ 20.19 requires ES modules synchronously).
      const module = require(`@web3icons/core/svgs/${kind}/${variant}/${name}.svg.js`) as { default?: unknown }
      svg = typeof module.default === 'string' ? module.default : undefined
    } catch {
      svg = undefined
    }
  }
  cache.set(key, svg)
  return svg
}

/**
 * A fiat currency's mark of `cryptocurrency-icons` (a coloured disc with the currency's sign, 32×32 view box).
 *
 * @param code ISO 4217 code, any case (`USD`, `eur`).
 * @returns the SVG text, or undefined when the set has no mark of that code.
 * @example fiatMark('GBP') // '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">…'
 */
export function fiatMark(code: string): string | undefined {
  const lower = code.toLowerCase()
  const key = `fiat:${lower}`
  if (cache.has(key)) return cache.get(key)
  let svg: string | undefined
  if (/^[a-z]{3}$/.test(lower)) {
    try {
      svg = readFileSync(require.resolve(`cryptocurrency-icons/svg/color/${lower}.svg`), 'utf8')
    } catch {
      svg = undefined
    }
  }
  cache.set(key, svg)
  return svg
}

/**
 * The `@web3icons/core` network mark of each network served: EVM chains by CAIP-2 id; every Solana cluster and every
 * Bitcoin network by namespace (mainnet, devnet, testnet, localnet and regtest are that network's own clusters). A
 * network not listed (the local anvil chains) has no mark of its own.
 */
const networkMarkNames: Readonly<Record<string, string>> = {
  'eip155:1': 'ethereum',
  'eip155:10': 'optimism',
  'eip155:56': 'binance-smart-chain',
  'eip155:137': 'polygon',
  'eip155:8453': 'base',
  'eip155:42161': 'arbitrum-one',
  solana: 'solana',
  bip122: 'bitcoin',
}

/**
 * A network's own mark (branded variant), or undefined when the set has none for it.
 *
 * @param caipNetworkId CAIP-2 id, e.g. `'eip155:42161'`, `'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'`.
 * @returns the SVG text or undefined (e.g. for `'eip155:31337'`).
 * @example networkMark('eip155:56') // the BNB Smart Chain mark
 */
export function networkMark(caipNetworkId: string): string | undefined {
  const namespace = caipNetworkId.split(':')[0] ?? ''
  const name = networkMarkNames[caipNetworkId] ?? (namespace === 'eip155' ? undefined : networkMarkNames[namespace])
  return name ? web3Mark('networks', 'branded', name) : undefined
}

/**
 * A token's own mark by its symbol (branded variant, the set's tickers are upper case), or undefined.
 *
 * @param symbol the token's symbol, e.g. `'ETH'`, `'USDC'`; `'DEV'` has none.
 * @returns the SVG text or undefined.
 */
export function tokenMark(symbol: string): string | undefined {
  return web3Mark('tokens', 'branded', symbol.toUpperCase())
}

/**
 * The `@web3icons/core` wallet mark of each wallet the set draws, by the reverse-DNS id the wallet announces (EIP-6963)
 * and the directory lists.
 */
const walletMarkNames: Readonly<Record<string, string>> = {
  'io.metamask': 'metamask',
  'com.coinbase.wallet': 'coinbase',
  'com.trustwallet.app': 'trust',
  'me.rainbow': 'rainbow',
  'io.rabby': 'rabby',
  'io.zerion.wallet': 'zerion',
  'com.okex.wallet': 'okx',
  'app.phantom': 'phantom',
  'com.solflare': 'solflare',
  'app.backpack': 'backpack',
  'com.ledger': 'ledger',
  'io.trezor': 'trezor',
  'global.safe': 'safe',
  'im.token': 'imtoken',
  'pro.tokenpocket': 'token-pocket',
  'xyz.argent': 'argent',
  'com.exodus': 'exodus',
  'com.enkrypt': 'enkrypt',
  'com.coin98': 'coin98',
  'com.kraken.wallet': 'kraken',
  'com.zengo': 'zengo',
  'com.roninchain.wallet': 'ronin',
  'com.myetherwallet': 'my-ether-wallet',
  'com.alphawallet': 'alpha-wallet',
  'xyz.sequence': 'sequence',
  'io.atomicwallet': 'atomic',
  'io.bluewallet': 'blue',
  'ch.shiftcrypto.bitbox': 'bitbox',
  'com.cypherock': 'cypherock',
  'app.glow': 'glow',
  'com.daimo': 'daimo',
  'technology.obvious': 'obvious',
  'fi.pillar': 'pillar',
  'io.wallet3': 'wallet-3',
  'io.getclave': 'clave',
  'io.soulwallet': 'soul',
  'id.unipass': 'unipass',
  'io.venly': 'venly',
  'so.squads': 'squads',
}

/**
 * A wallet's own mark (the `background` variant: the mark on its brand's square, like an app icon), or undefined.
 *
 * @param rdns the wallet's reverse-DNS id, e.g. `'io.metamask'`.
 * @returns the SVG text or undefined when the set has no mark of that wallet.
 */
export function walletMark(rdns: string): string | undefined {
  const name = walletMarkNames[rdns]
  return name ? web3Mark('wallets', 'background', name) : undefined
}
