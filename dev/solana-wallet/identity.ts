/** The development Solana wallet's name, icon and storage key: shared with `latchkey/testing/solana` (testing/solana/identity.ts). */
export { DEV_SOLANA_WALLET_NAME, DEV_SOLANA_WALLET_STORAGE_KEY, devSolanaWalletIcon } from '../../testing/solana/identity.ts'
