/**
 * The kit's optional peer dependencies (`@solana/web3.js` for the test Solana wallet, `bitcoinjs-lib` and
 * `@bitcoinerlab/secp256k1` for the test Bitcoin wallet): a dapp on that chain has them; one that does not and asks for
 * that wallet gets a message naming what to install, not a module resolution error from inside the kit.
 */
import { TestWalletError } from '../errors.ts'

/**
 * Runs `load` (a dynamic import of the kit's module that needs `packages`); when Node cannot find a package, rejects with
 * a {@link TestWalletError} naming them and the install command. Any other failure is passed on unchanged.
 * @param wallet the wallet's name in the message ('The test Solana wallet').
 * @param packages the optional peers it needs.
 * @throws TestWalletError when a package is missing (`cause`: Node's error).
 * @example const { createTestSolanaWallet } = await withPeers('The test Solana wallet', ['@solana/web3.js'], () => import('../solana/testWallet.ts'))
 */
export async function withPeers<T>(wallet: string, packages: readonly string[], load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (cause) {
    const code = (cause as { code?: unknown } | null)?.code
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw cause
    throw new TestWalletError(`${wallet} needs ${packages.join(' and ')}`, { details: `npm install -D ${packages.join(' ')} (optional peer dependencies of latchkey)`, cause })
  }
}
