/**
 * The development mobile wallet (WalletConnect v2 wallet side): the wallet, its page, its storages
 * and the URI parser. Dev and test only; never part of the library bundle.
 */
export { acknowledgementPoll, devProjectId, DevMobileWallet, sessionUpdateTimeout, supportedEvents, supportedMethods, walletReasons } from './wallet.ts'
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
} from './wallet.ts'
export { DevMobileWalletError, parseWalletConnectUri } from './uri.ts'
export type { WalletConnectUri } from './uri.ts'
export { MemoryKeyValueStorage, WebKeyValueStorage } from './storage.ts'
export type { KeyValueStorage, WebStorageLike } from './storage.ts'
export { defaultRelayUrl, mountMobileWalletPage, pageConfig, startMobileWalletPage } from './page.ts'
export type { MobileWalletPageConfig, MobileWalletPageInfo } from './page.ts'
