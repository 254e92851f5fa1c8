import type { WalletIcon } from '@wallet-standard/base'

/**
 * What the development Solana wallet shows before its code loads (its name and icon): light enough for every demo page
 * (no web3.js), shared by the wallet (`./wallet.ts`) and its stand-in (`./lazy.ts`).
 */

/** The wallet's name, unless its options give another. */
export const DEV_SOLANA_WALLET_NAME = 'Latchkey Dev Solana Wallet'

const iconSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">' +
  '<rect width="96" height="96" rx="22" fill="#1b1035"/>' +
  '<circle cx="34" cy="48" r="15" fill="none" stroke="#14f195" stroke-width="8"/>' +
  '<path d="M49 48h31M70 48v13M80 48v9" fill="none" stroke="#14f195" stroke-width="8" stroke-linecap="round"/>' +
  '<circle cx="34" cy="48" r="4" fill="#9945ff"/>' +
  '</svg>'

/** The wallet's icon: the dev key in Solana colours, an SVG data URI in base64 (the Wallet Standard's form). */
export const devSolanaWalletIcon: WalletIcon = `data:image/svg+xml;base64,${btoa(iconSvg)}`

/** Where the wallet keeps its state (authorised, account, auto-approve) in the page's storage, unless its options give another key. */
export const DEV_SOLANA_WALLET_STORAGE_KEY = 'latchkey-dev-solana-wallet'
