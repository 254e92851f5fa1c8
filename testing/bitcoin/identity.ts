import type { WalletIcon } from '@wallet-standard/base'

/**
 * What the development Bitcoin wallet shows before its code loads (its name, icon and chain): light enough for every
 * demo page (no bitcoinjs-lib), shared by the wallet (`./wallet.ts`) and its stand-in (`./lazy.ts`).
 */

/** The wallet's name, unless its options give another. */
export const BITCOIN_DEV_WALLET_NAME = 'Latchkey Bitcoin Dev Wallet'

/** Where the wallet keeps its state (authorised, account, auto-approve) in the page's storage, unless its options give another key. */
export const BITCOIN_DEV_WALLET_STORAGE_KEY = 'latchkey-bitcoin-dev-wallet'

/** The Wallet Standard chain of the dev wallet. */
export const devWalletChain = 'bitcoin:regtest' as const

/** The dev Bitcoin wallet's icon (an orange ₿ tile), a data URI as the Wallet Standard requires. */
export const bitcoinDevWalletIcon: WalletIcon = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="#f7931a"/><text x="48" y="66" font-family="Arial,sans-serif" font-size="52" font-weight="700" text-anchor="middle" fill="#fff">B</text></svg>',
)}`
