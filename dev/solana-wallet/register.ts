/** The Wallet Standard registration of the development Solana wallet: the test kit's (testing/register.ts), shared with the Bitcoin wallets. */
export { registerStandardWallet as registerDevSolanaWallet } from '../../testing/register.ts'
