/**
 * `latchkey/testing`: a dapp's own tests of its wallet flows, without a wallet extension. Plain functions for Vitest
 * (happy-dom, jsdom) and Node; the Playwright fixtures are in `latchkey/testing/playwright`. Nothing here is part of
 * `latchkey` itself. Guide: docs/guide/testing.md.
 *
 * - {@link createTestWallet} / {@link installTestWallet}: an EIP-6963 / EIP-1193 EVM wallet whose prompts the test
 *   answers (approve, reject 4001, hang, fail with an error), which signs and sends for real on the RPC it is given.
 * - {@link connectedStorage} / {@link testWalletConnection}: the stored entries of a connection made earlier, which the
 *   modal's reconnect restores (a test whose subject is not connecting starts connected).
 * - {@link signedInStorage}: the stored sign-in (SIWX) of that visitor, a session the dapp's server issued for a real
 *   signed message, which the default `siwx` config's restore finds.
 */
export { ConnectedStartError, CoverageReportError, GenerateConfigError, TestWalletError, TestWalletOptionsError, UnknownAccountError, UnknownChainError } from './errors.ts'
export { mnemonicToSeed } from './wallet/keys.ts'
export { DevWalletRpcError as TestWalletRpcError } from './wallet/provider.ts'
export type { DevWalletMisbehaviour as TestWalletMisbehaviour, WalletStorage } from './wallet/provider.ts'
export { createTestWallet, installTestWallet, parseAnswer, TEST_WALLET_NAME, TEST_WALLET_RDNS, TestWallet, testWalletStorageKey } from './wallet/testWallet.ts'
export type { Prompt, PromptAnswer, PromptKind, TestWalletChain, TestWalletOptions } from './wallet/testWallet.ts'
export { DEV_ADDRESSES as ANVIL_ADDRESSES, DEV_MNEMONIC as ANVIL_MNEMONIC } from './wallet/accounts.ts'
export { connectedStorage, MODAL_STORAGE_PREFIX, testBitcoinWalletConnection, testSolanaWalletConnection, testWalletConnection } from './session.ts'
export type { ConnectedNamespace, StoredConnection, TestBitcoinWalletConnectionOptions, TestSolanaWalletConnectionOptions, TestWalletConnectionOptions } from './session.ts'
export { BITCOIN_CAIP_NETWORK_IDS, TEST_BITCOIN_WALLET_NAME, testBitcoinWalletStorageKey } from './bitcoin/names.ts'
export { TEST_SOLANA_WALLET_NAME, testSolanaWalletStorageKey } from './solana/names.ts'
export { signedInStorage } from './siwx.ts'
export type { SignedInSession, SignedInStartOptions, SignedInStorageParameters, SignedInStorageReturnType } from './siwx.ts'
export { MODAL_TEST_IDS } from './testIds.ts'
export type { ModalTestId } from './testIds.ts'
