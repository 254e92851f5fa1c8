/**
 * The development Solana wallet: a Wallet Standard wallet over web3.js keypairs and the local Solana RPC, its
 * registration through the standard's window events, and its popup-like panel. Dev and test use only; never part
 * of the library bundle (it loads `@solana/web3.js`).
 */
export { DevSolanaWallet, DevSolanaWalletError, DEV_SOLANA_THIEF_ADDRESS, describeTransaction, devSolanaWalletIcon, messageText } from './wallet.ts'
export type {
  DevSolanaPendingRequest,
  DevSolanaRequestKind,
  DevSolanaWalletChain,
  DevSolanaWalletFeatures,
  DevSolanaWalletMisbehaviour,
  DevSolanaWalletOptions,
  DevSolanaWalletState,
  DevSolanaWalletStorage,
} from './wallet.ts'
export { registerDevSolanaWallet } from './register.ts'
export { describeSolanaRequest, mountSolanaWalletPanel } from './panel.ts'
