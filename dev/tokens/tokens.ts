/**
 * The ERC-20 tokens of the local dev chains: what they are and where they live. Their addresses are
 * constants: both contracts are deployed by one dedicated dev account (anvil account 9) as its first two
 * transactions, so `getContractAddress({ from, nonce })` gives the same addresses on every fresh anvil
 * (chain 31337 and 31338 alike). Browser-safe and light (no bytecode): `dev/tokens/deploy.ts` deploys them.
 */
import { getContractAddress } from 'viem'
import type { Address } from 'viem'

/** The anvil dev account that deploys the tokens: index 9 of the dev mnemonic (`m/44'/60'/0'/0/9`). */
export const DEV_TOKEN_DEPLOYER_INDEX = 9

/**
 * Address of anvil dev account 9 (what `mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 9 })` derives; anvil
 * funds it with 10 000 ETH like accounts 0..8). It sends nothing but the two deployments.
 */
export const DEV_TOKEN_DEPLOYER: Address = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

/** The Solidity contract behind a dev token (`dev/tokens/contracts/<contract>.sol`). */
export type DevTokenContract = 'DevToken' | 'DevTetherToken'

/** A dev ERC-20 token: contract, deterministic address and metadata (what the contract's getters return). */
export type DevTokenInfo = {
  contract: DevTokenContract
  /** Checksummed address, the same on every dev chain. */
  address: Address
  /** The deployer's nonce of the deployment transaction (the address is derived from it). */
  nonce: number
  name: string
  symbol: string
  decimals: number
  /** What the constructor mints to each dev account 0..4, in the token's smallest unit. */
  mintedPerAccount: bigint
  /**
   * Whether `transfer`/`transferFrom` return the EIP-20 `bool`. `false` for the USDT-style token (spec §9):
   * decoding its return with the standard ERC-20 ABI fails (`simulateContract`, `readContract`); use its own
   * ABI or ignore the return and rely on the receipt.
   */
  transferReturnsBool: boolean
}

/** Address of Dev Token (DEV): the deployer's contract at nonce 0. */
export const DEV_TOKEN_ADDRESS: Address = getContractAddress({ from: DEV_TOKEN_DEPLOYER, nonce: 0n })

/** Address of Dev Tether (dUSDT): the deployer's contract at nonce 1. */
export const DEV_TETHER_ADDRESS: Address = getContractAddress({ from: DEV_TOKEN_DEPLOYER, nonce: 1n })

/** Dev Token: a standard ERC-20, 18 decimals, 1 000 000 DEV for each dev account 0..4. */
export const devToken = {
  contract: 'DevToken',
  address: DEV_TOKEN_ADDRESS,
  nonce: 0,
  name: 'Dev Token',
  symbol: 'DEV',
  decimals: 18,
  mintedPerAccount: 1_000_000n * 10n ** 18n,
  transferReturnsBool: true,
} as const satisfies DevTokenInfo

/** Dev Tether: USDT-style (`transfer` returns nothing), 6 decimals, 1 000 000 dUSDT for each dev account 0..4. */
export const devTetherToken = {
  contract: 'DevTetherToken',
  address: DEV_TETHER_ADDRESS,
  nonce: 1,
  name: 'Dev Tether',
  symbol: 'dUSDT',
  decimals: 6,
  mintedPerAccount: 1_000_000n * 10n ** 6n,
  transferReturnsBool: false,
} as const satisfies DevTokenInfo

/** Both dev tokens in deployment order (nonce 0, then 1). */
export const devTokens = [devToken, devTetherToken] as const satisfies readonly DevTokenInfo[]
