/**
 * The development mobile wallet (WalletConnect v2 wallet side): the wallet, its page, its storages
 * and the URI parser. Dev and test only; never part of the library bundle.
 */
export { acknowledgementPoll, devProjectId, DevMobileWallet, sessionUpdateTimeout, supportedEvents, supportedMethods, walletReasons } from '../../testing/walletConnect/wallet.ts'
export type {
  DevMobilePending,
  DevMobilePendingKind,
  DevMobileSession,
  DevMobileWalletMisbehaviour,
  DevMobileWalletOptions,
  DevMobileWalletState,
  DevMobileWalletStatus,
  DevWalletChain,
  WalletMetadata,
} from '../../testing/walletConnect/wallet.ts'
export { DevMobileWalletError, parseWalletConnectUri } from '../../testing/walletConnect/uri.ts'
export type { WalletConnectUri } from '../../testing/walletConnect/uri.ts'
export { MemoryKeyValueStorage, WebKeyValueStorage } from '../../testing/walletConnect/storage.ts'
export type { KeyValueStorage, WebStorageLike } from '../../testing/walletConnect/storage.ts'
export { defaultRelayUrl, mountMobileWalletPage, pageConfig, startMobileWalletPage } from './page.ts'
export type { MobileWalletPageConfig, MobileWalletPageInfo } from './page.ts'
