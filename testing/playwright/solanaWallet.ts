/**
 * `installTestSolanaWallet(page, options)`: the test Solana wallet of `latchkey/testing/solana` in a Playwright page,
 * registered with the Wallet Standard before the page's own scripts, and the test's handle on it. Options are checked
 * in Node first (a malformed one throws here, typed; web3.js is loaded only by this call); the handle's calls run in the
 * page, on the wallet the page script (`test-solana-wallet.js`) made.
 */
import type { Page } from '@playwright/test'
import type { SolanaPrompt, SolanaPromptKind, TestSolanaWalletOptions } from '../solana/testWalletTypes.ts'
import type { DevSolanaWalletMisbehaviour } from '../solana/types.ts'
import { withPeers } from './peers.ts'
import { installStandardWallet, type StandardWalletHandle } from './standardWallet.ts'

/** The options of a test Solana wallet in a page: {@link TestSolanaWalletOptions} without `storage` (the page's localStorage is used). */
export type PageTestSolanaWalletOptions = Omit<TestSolanaWalletOptions, 'storage'>

/** The test's handle on a test Solana wallet in a page (base58 addresses, `solana:` chain ids). Its calls need the page loaded (after `page.goto`). */
export type TestSolanaWalletHandle = StandardWalletHandle<SolanaPromptKind, SolanaPrompt, { authorised: boolean; accountIndex: number; address: string }, DevSolanaWalletMisbehaviour>

/**
 * Adds a test Solana wallet to `page`: registered with the Wallet Standard before any script of each document the
 * page loads (top frame), its authorisation and account kept in the page's localStorage as an extension keeps them.
 *
 * @returns the handle; its `addresses`, `name` and `chains` are known at once, its calls need the page loaded.
 * @throws TestWalletOptionsError for each malformed option (see `TestSolanaWalletOptions`), before the page is touched;
 *   TestWalletError when `@solana/web3.js` (an optional peer of latchkey) is not installed.
 * @example
 * const solana = await installTestSolanaWallet(page, { rpcUrl: 'http://127.0.0.1:8899' })
 * await page.goto('/'); await solana.answerNext('reject', 'signMessage')
 */
export async function installTestSolanaWallet(page: Page, options: PageTestSolanaWalletOptions = {}): Promise<TestSolanaWalletHandle> {
  const { createTestSolanaWallet } = await withPeers('The test Solana wallet', ['@solana/web3.js'], () => import('../solana/testWallet.ts'))
  const model = createTestSolanaWallet(options)
  // Byte keys cross into the page as arrays of numbers (JSON).
  const secretKeys = options.secretKeys?.map((key) => (typeof key === 'string' ? key : [...key]))
  return installStandardWallet(page, {
    script: 'test-solana-wallet.js',
    globalName: 'latchkeyTestSolanaWallet',
    registry: '__latchkeyTestSolanaWallets',
    model,
    config: { ...options, ...(secretKeys ? { secretKeys } : {}) },
  })
}
