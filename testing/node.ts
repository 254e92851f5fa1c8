/**
 * `latchkey/testing/node`: the kit's Node parts for a dapp's tests, whatever their runner (Vitest, Playwright, a script):
 * a loopback WalletConnect pair ({@link startWalletConnectPair}: the relay and the WalletConnect test wallet on
 * 127.0.0.1), a local anvil ({@link startAnvil}) and the blockchain API the modal reads balances from
 * ({@link startBlockchainApi}, on the test's nodes). Guide: docs/guide/testing.md. The pair needs `ws` and
 * `@walletconnect/sign-client` (optional peers of latchkey), loaded on its first start.
 */
export { AnvilStartError, findFreePort, startAnvil } from './node/anvil.ts'
export type { AnvilInstance, StartAnvilOptions } from './node/anvil.ts'
export { startWalletConnectPair, WALLETCONNECT_PAIR_PEERS } from './node/walletConnectPair.ts'
export type { WalletConnectAnswer, WalletConnectPair, WalletConnectPairOptions, WalletConnectPromptKind, WalletConnectTestWallet } from './node/walletConnectPair.ts'
export type { DevMobilePending as WalletConnectPrompt, DevMobileWalletState as WalletConnectWalletState } from './walletConnect/types.ts'
export { DevMobileWalletError } from './walletConnect/uri.ts'
export { startBlockchainApi } from './node/blockchainApi/server.ts'
export type { BlockchainApi, BlockchainApiBehaviour, StartBlockchainApiOptions } from './node/blockchainApi/server.ts'
export type { Erc20Token, NativeCurrency } from './node/blockchainApi/balances.ts'
export { TestWalletError, TestWalletOptionsError } from './errors.ts'
