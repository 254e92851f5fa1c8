/**
 * `latchkey/testing/bitcoin`: the test Bitcoin wallet for Vitest (happy-dom, jsdom), Node and page scripts — a Wallet
 * Standard wallet with the `bitcoin:` features whose prompts the test answers (approve, reject 4001, hang, fail with an
 * error), with keys from a BIP-39 mnemonic (BIP-84 payment, BIP-86 ordinals), which signs messages (BIP-322, legacy
 * ECDSA) and PSBTs, and sends through the Esplora-style API it is given. Needs `bitcoinjs-lib` and
 * `@bitcoinerlab/secp256k1` (optional peers of latchkey, which a dapp on Bitcoin has). In Playwright:
 * `installTestBitcoinWallet(page, …)` of `latchkey/testing/playwright`. Guide: docs/guide/testing.md.
 */
export { TestWalletError, TestWalletOptionsError, UnknownAccountError } from './errors.ts'
export { parseAnswer } from './prompts.ts'
export type { PromptAnswer } from './prompts.ts'
export { DEV_BITCOIN_ORDINALS_ADDRESSES as BITCOIN_DEV_ORDINALS_ADDRESSES, DEV_BITCOIN_PAYMENT_ADDRESSES as BITCOIN_DEV_PAYMENT_ADDRESSES } from './bitcoin/accounts.ts'
export { BITCOIN_CAIP_NETWORK_IDS, createTestBitcoinWallet, installTestBitcoinWallet, parseBitcoinChain, TEST_BITCOIN_WALLET_NAME, TestBitcoinWallet, testBitcoinWalletStorageKey } from './bitcoin/testWallet.ts'
export type { BitcoinPrompt, BitcoinPromptKind, TestBitcoinWalletOptions } from './bitcoin/testWallet.ts'
export { BitcoinWalletError as TestBitcoinWalletRpcError } from './bitcoin/types.ts'
export type { BitcoinDevWalletMisbehaviour as TestBitcoinWalletMisbehaviour } from './bitcoin/types.ts'
