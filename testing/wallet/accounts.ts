import { HDKey, hdKeyToAccount } from 'viem/accounts'
import type { HDAccount } from 'viem/accounts'
import { hexToBytes } from 'viem'

/**
 * Anvil's well-known development mnemonic. Anvil derives its funded accounts from it
 * (`m/44'/60'/0'/0/i`). Public knowledge: never use it for anything of value.
 */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk'

/** How many dev accounts the dev wallet exposes (anvil funds 10 by default; we use the first 5). */
export const DEV_ACCOUNT_COUNT = 5

/** The balance anvil gives each dev account at genesis: 10000 ETH, in wei. */
export const DEV_ACCOUNT_BALANCE = 10_000n * 10n ** 18n

/**
 * The checksummed addresses of anvil dev accounts 0..4, in order. Literal copies of what
 * {@link devAccounts} derives, for code that only needs addresses (no key derivation cost).
 */
export const DEV_ADDRESSES = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
] as const

/**
 * The BIP-39 seed of {@link DEV_MNEMONIC} (empty passphrase), as hex: what `mnemonicToSeedSync(DEV_MNEMONIC)` computes.
 * Its PBKDF2 (2048 rounds of HMAC-SHA-512) costs tens of milliseconds in a page, and every dev wallet of the demo
 * derives from it on each load; as a literal it costs nothing (dev/accounts.test.ts checks it against the mnemonic).
 */
export const DEV_SEED_HEX = '0x9dfc3c64c2f8bede1533b6a79f8570e5943e0b8fd1cf77107adf7b72cef42185d564a3aee24cab43f80e3c4538087d70fc824eabbad596a23c97b6ee8322ccc0' as const

let master: HDKey | undefined

/** The BIP-32 master key of {@link DEV_MNEMONIC} (from {@link DEV_SEED_HEX}), made once and shared by the dev wallets. */
export function devMasterKey(): HDKey {
  master ??= HDKey.fromMasterSeed(hexToBytes(DEV_SEED_HEX))
  return master
}

const derived: HDAccount[] = []

/**
 * Anvil dev account `addressIndex` (0..4) as a viem local account, derived from {@link devMasterKey} the first time it
 * is asked for and kept: a dev wallet derives only the account it signs with.
 *
 * @throws RangeError for an index outside 0..{@link DEV_ACCOUNT_COUNT}-1.
 */
export function devAccount(addressIndex: number): HDAccount {
  if (!Number.isInteger(addressIndex) || addressIndex < 0 || addressIndex >= DEV_ACCOUNT_COUNT) throw new RangeError(`No dev account at index ${addressIndex}.`)
  derived[addressIndex] ??= hdKeyToAccount(devMasterKey(), { addressIndex })
  return derived[addressIndex]
}

let cached: readonly HDAccount[] | undefined

/**
 * The anvil dev accounts 0..4 as viem local accounts (can sign messages, typed data and transactions).
 *
 * The same accounts as `mnemonicToAccount(DEV_MNEMONIC, { addressIndex: i })`, derived from {@link devMasterKey} on
 * first call and memoised (nothing is derived at import time).
 *
 * @returns a frozen array of 5 accounts; index `i` has address `DEV_ADDRESSES[i]`.
 */
export function devAccounts(): readonly HDAccount[] {
  cached ??= Object.freeze(Array.from({ length: DEV_ACCOUNT_COUNT }, (_, addressIndex) => devAccount(addressIndex)))
  return cached
}
