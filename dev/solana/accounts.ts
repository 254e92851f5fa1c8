/** The five Solana development accounts: shared with `latchkey/testing/solana`, where they live (testing/solana/accounts.ts). */
export { DEV_SOLANA_ACCOUNT_COUNT, DEV_SOLANA_ACCOUNT_LAMPORTS, DEV_SOLANA_ADDRESSES, devSolanaKeypairs, devSolanaSeed } from '../../testing/solana/accounts.ts'
