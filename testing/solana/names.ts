/** The test Solana wallet's default name and its storage key: light (no web3.js), for the connected start in `latchkey/testing`. */

/** The test Solana wallet's default name: shown in Connect, and the modal's connector id for it (Wallet Standard wallets are named). */
export const TEST_SOLANA_WALLET_NAME = 'Test Solana Wallet'

/** The storage key a test Solana wallet with this name keeps its state under (its authorisation of the site, its account). */
export function testSolanaWalletStorageKey(name: string = TEST_SOLANA_WALLET_NAME): string {
  return `latchkey-test-solana-wallet:${name}`
}
