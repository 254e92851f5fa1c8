/** The development Bitcoin wallet: shared with `latchkey/testing/bitcoin`, where it lives (testing/bitcoin/wallet.ts). */
export { BitcoinDevWallet, BitcoinWalletError, bitcoinDevWalletIcon, devWalletChain } from '../../testing/bitcoin/wallet.ts'
export type { BitcoinDevWalletMisbehaviour, BitcoinDevWalletOptions, BitcoinDevWalletState, BitcoinPendingRequest, BitcoinPendingRequestKind, BitcoinWalletStorage } from '../../testing/bitcoin/wallet.ts'
