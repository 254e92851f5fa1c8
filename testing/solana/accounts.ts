/**
 * The five Solana development accounts (like anvil's well-known accounts): ed25519 keypairs from fixed,
 * documented seeds, funded by the local RPC on start. Anyone can derive their keys: never use them elsewhere.
 * Browser-safe: the dev wallet imports this file.
 */
import { Keypair } from '@solana/web3.js'

/** How many dev accounts there are. */
export const DEV_SOLANA_ACCOUNT_COUNT = 5
/** What the local RPC gives each dev account on start: 100 SOL, in lamports. */
export const DEV_SOLANA_ACCOUNT_LAMPORTS = 100_000_000_000n

/**
 * The 32-byte ed25519 seed of dev account `index`: the UTF-8 of `latchkey/solana/dev-account/<index>` padded with
 * '.' to 32 characters (e.g. `latchkey/solana/dev-account/0...`).
 *
 * @throws RangeError when `index` is not an integer in 0..99.
 */
export function devSolanaSeed(index: number): Uint8Array {
  if (!Number.isInteger(index) || index < 0 || index > 99) throw new RangeError(`No Solana dev account seed for index ${index}`)
  return new TextEncoder().encode(`latchkey/solana/dev-account/${index}`.padEnd(32, '.'))
}

/**
 * The dev keypairs (web3.js `Keypair.fromSeed` of {@link devSolanaSeed}), fresh objects on each call.
 * @param count how many, default {@link DEV_SOLANA_ACCOUNT_COUNT}.
 */
export function devSolanaKeypairs(count = DEV_SOLANA_ACCOUNT_COUNT): Keypair[] {
  return Array.from({ length: count }, (_, i) => Keypair.fromSeed(devSolanaSeed(i)))
}

/** The base58 addresses of the five dev accounts, in index order. */
export const DEV_SOLANA_ADDRESSES: readonly string[] = [
  'HPRrGFaH1GeKXeURURykoaHz1ejDuRbyEJXdcNq6FjhV',
  '7BNg9dvdHrtiuYmK1wF2DoMRbRkZup9Q9wWsdCjvSd4S',
  'A8DwFcaS4Bnrb4j4YFtMD3DxtQdCTafbjAT6FByKvn75',
  '6A8ShAyviu4DYwYSahYXbVDbhpkhNF4k3CeqVXzVz52K',
  'G6uAAxwgptyX37AvVLAykPfQXKAvWudaBeJgX1GHS8rm',
]
