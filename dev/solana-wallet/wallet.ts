/** The development Solana wallet: shared with `latchkey/testing/solana`, where it lives (testing/solana/wallet.ts). */
export { DEV_SOLANA_THIEF_ADDRESS, DevSolanaWallet, DevSolanaWalletError, describeTransaction, devSolanaWalletIcon, messageText } from '../../testing/solana/wallet.ts'
export type {
  DevSolanaPendingRequest,
  DevSolanaRequestKind,
  DevSolanaWalletChain,
  DevSolanaWalletFeatures,
  DevSolanaWalletMisbehaviour,
  DevSolanaWalletOptions,
  DevSolanaWalletState,
  DevSolanaWalletStorage,
} from '../../testing/solana/wallet.ts'
