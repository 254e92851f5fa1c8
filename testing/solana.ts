/**
 * `latchkey/testing/solana`: the test Solana wallet for Vitest (happy-dom, jsdom), Node and page scripts — a Wallet
 * Standard wallet whose prompts the test answers (approve, reject 4001, hang, fail with an error), which signs with
 * real ed25519 keys and sends through the RPC it is given. Needs `@solana/web3.js` (an optional peer of latchkey, which
 * a dapp on Solana has). In Playwright: `installTestSolanaWallet(page, …)` of `latchkey/testing/playwright`.
 * Guide: docs/guide/testing.md.
 */
export { TestWalletError, TestWalletOptionsError, UnknownAccountError } from './errors.ts'
export { parseAnswer } from './prompts.ts'
export type { PromptAnswer } from './prompts.ts'
export { DEV_SOLANA_ADDRESSES as SOLANA_DEV_ADDRESSES } from './solana/accounts.ts'
export { SOLANA_LOCALNET_CAIP_NETWORK_ID, SOLANA_LOCALNET_REFERENCE, SOLANA_LOCALNET_STANDARD_CHAIN } from './solana/localnet.ts'
export { createTestSolanaWallet, installTestSolanaWallet, TEST_SOLANA_WALLET_NAME, TestSolanaWallet, testSolanaWalletStorageKey } from './solana/testWallet.ts'
export type { SolanaPrompt, SolanaPromptKind, TestSolanaWalletChain, TestSolanaWalletOptions } from './solana/testWallet.ts'
export { DevSolanaWalletError as TestSolanaWalletRpcError } from './solana/walletRpc.ts'
export type { DevSolanaWalletMisbehaviour as TestSolanaWalletMisbehaviour } from './solana/types.ts'
