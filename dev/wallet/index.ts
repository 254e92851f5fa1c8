/**
 * The development wallet: an EIP-1193 provider over viem local accounts and anvil, its EIP-6963
 * announcement, and its popup-like panel. Dev and test use only; never part of the library bundle.
 */
export { DevWallet, DevWalletRpcError } from '../../testing/wallet/provider.ts'
export type {
  DevWalletChain,
  DevWalletMisbehaviour,
  DevWalletOptions,
  DevWalletState,
  PendingRequest,
  PendingRequestKind,
  WalletStorage,
} from '../../testing/wallet/provider.ts'
export { announceDevWallet, devMobileWalletIcon, devWalletIcon } from '../../testing/wallet/announce.ts'
export type { AnnounceOptions, DevWalletInfo } from '../../testing/wallet/announce.ts'
export { describeRequest, mountWalletPanel } from './panel.ts'
export { DEV_ACCOUNT_BALANCE, DEV_ACCOUNT_COUNT, DEV_ADDRESSES, DEV_MNEMONIC, devAccounts } from '../accounts.ts'
export { anvilNetwork, devChains, devNativeCurrency } from '../chains.ts'
