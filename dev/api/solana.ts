/**
 * Solana balances of the reference server: the SOL balance of an address read from the local Solana RPC
 * (`dev/solana`, LiteSVM) with a plain JSON-RPC `getBalance`, answered as a contract `TokenBalance`
 * (spec §6: balances are served for eip155 and solana). The reading is the kit's (testing/node/blockchainApi/balances.ts,
 * which `startBlockchainApi` of latchkey/testing/node serves too); this passes the dataset's price and icon. Dev-only.
 */
import { readSolanaBalances as kitReadSolanaBalances } from '../../testing/node/blockchainApi/balances.ts'
import type { SolanaReader, TokenBalance } from '../../testing/node/blockchainApi/balances.ts'
import type { Dataset } from './dataset.ts'

export { createSolanaReader, formatLamports, parseSolanaAccount } from '../../testing/node/blockchainApi/balances.ts'
export type { SolanaReader } from '../../testing/node/blockchainApi/balances.ts'

/**
 * The SOL balance of `address` on the reader's network as `TokenBalance`s: one native entry (also at 0, like the
 * eip155 native balance), `quantity.numeric` in whole SOL, `price` and `value` in USD from `dataset.pricesUsd.SOL`.
 *
 * @throws TestWalletError when the RPC does not answer or answers an error.
 */
export function readSolanaBalances(reader: SolanaReader, address: string, dataset: Dataset): Promise<TokenBalance[]> {
  return kitReadSolanaBalances(reader, address, { prices: dataset.pricesUsd, iconUrls: dataset.tokenIconUrls })
}
