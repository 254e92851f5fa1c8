/**
 * The Bitcoin part of the dev stack: the dev keys, the regtest UTXO index the reference API server holds,
 * and its Esplora-style HTTP handlers. Dev-only.
 */
import { bitcoinRegtest } from '../../adapters/networks.ts'
import type { CaipNetwork } from '../../adapters/networks.ts'

export * from './accounts.ts'
export * from './utxoIndex.ts'
export { bitcoinHandlers, bitcoinTokenBalances, bitcoinTxsPageSize, formatSats, regtestCaipNetworkId } from './api.ts'
export type { BitcoinOperationId } from './api.ts'

/**
 * {@link bitcoinRegtest} with the RPC URL of a running reference server (its blockchain API, where the Bitcoin
 * adapter reads balances).
 *
 * @param apiUrl the server's URL, e.g. `http://127.0.0.1:8600` (`startApiServer().url`, `inject('apiUrl')`).
 * @example bitcoinRegtestNetwork(api.url).rpcUrls.default.http[0] // 'http://127.0.0.1:<port>/blockchain'
 */
export function bitcoinRegtestNetwork(apiUrl: string): CaipNetwork {
  return { ...bitcoinRegtest, rpcUrls: { default: { http: [`${apiUrl.replace(/\/+$/, '')}/blockchain`] } } }
}
