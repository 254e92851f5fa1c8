/** The Wallet Standard registration of the development Bitcoin wallet: the test kit's (testing/register.ts), shared with the Solana wallets. */
export { registerStandardWallet as registerBitcoinWallet } from '../../testing/register.ts'
