/** The Wallet Standard registration of the development Solana wallet: shared with `latchkey/testing/solana` (testing/solana/register.ts). */
export { registerDevSolanaWallet } from '../../testing/solana/register.ts'
