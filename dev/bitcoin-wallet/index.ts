/**
 * The development Bitcoin wallet: a Wallet Standard wallet with the `bitcoin:` features of
 * `adapters/bip122.standard.ts` over the dev keys of `dev/bitcoin/accounts.ts` (regtest), its registration through the
 * window event protocol, and its approve/reject panel. Dev and test use only; never part of the library bundle.
 *
 * @example
 * const wallet = new BitcoinDevWallet({ apiUrl: `${apiUrl}/blockchain`, storage: localStorage })
 * registerBitcoinWallet(wallet)
 * mountBitcoinWalletPanel(wallet)
 */
export { BitcoinDevWallet, BitcoinWalletError, bitcoinDevWalletIcon, devWalletChain } from './wallet.ts'
export type {
  BitcoinDevWalletMisbehaviour,
  BitcoinDevWalletOptions,
  BitcoinDevWalletState,
  BitcoinPendingRequest,
  BitcoinPendingRequestKind,
  BitcoinWalletStorage,
} from './wallet.ts'
export { registerBitcoinWallet } from './register.ts'
export { bitcoinRequestQuestions, mountBitcoinWalletPanel } from './panel.ts'
export { buildTransferPsbt, signBip322, signEcdsaMessage, signPsbtInputs } from './signing.ts'
export { DEV_BITCOIN_BALANCE, DEV_BITCOIN_ORDINALS_ADDRESSES, DEV_BITCOIN_PAYMENT_ADDRESSES, devBitcoinAccounts } from '../bitcoin/accounts.ts'
