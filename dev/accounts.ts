import { mnemonicToAccount } from 'viem/accounts'
import type { HDAccount } from 'viem/accounts'

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

let cached: readonly HDAccount[] | undefined

/**
 * The anvil dev accounts 0..4 as viem local accounts (can sign messages, typed data and transactions).
 *
 * Derived once with `mnemonicToAccount(DEV_MNEMONIC, { addressIndex: i })` on first call and memoised:
 * the derivation costs roughly 150 ms, so it is not done at import time.
 *
 * @returns a frozen array of 5 accounts; index `i` has address `DEV_ADDRESSES[i]`.
 */
export function devAccounts(): readonly HDAccount[] {
  cached ??= Object.freeze(Array.from({ length: DEV_ACCOUNT_COUNT }, (_, addressIndex) => mnemonicToAccount(DEV_MNEMONIC, { addressIndex })))
  return cached
}
