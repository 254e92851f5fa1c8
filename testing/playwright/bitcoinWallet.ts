/**
 * `installTestBitcoinWallet(page, options)`: the test Bitcoin wallet of `latchkey/testing/bitcoin` in a Playwright page,
 * registered with the Wallet Standard before the page's own scripts, and the test's handle on it. Options are checked
 * in Node first (a malformed one throws here, typed; bitcoinjs-lib is loaded only by this call); the handle's calls run
 * in the page, on the wallet the page script (`test-bitcoin-wallet.js`) made.
 */
import type { Page } from '@playwright/test'
import type { BitcoinPrompt, BitcoinPromptKind, TestBitcoinWalletOptions } from '../bitcoin/testWalletTypes.ts'
import type { BitcoinDevWalletMisbehaviour } from '../bitcoin/types.ts'
import { withPeers } from './peers.ts'
import { installStandardWallet, type StandardWalletHandle } from './standardWallet.ts'

/** The options of a test Bitcoin wallet in a page: {@link TestBitcoinWalletOptions} without `storage` (the page's localStorage is used). */
export type PageTestBitcoinWalletOptions = Omit<TestBitcoinWalletOptions, 'storage'>

/** The test's handle on a test Bitcoin wallet in a page. Its calls need the page loaded (after `page.goto`). */
export type TestBitcoinWalletHandle = StandardWalletHandle<
  BitcoinPromptKind,
  BitcoinPrompt,
  { authorised: boolean; accountIndex: number; paymentAddress: string; ordinalsAddress: string },
  BitcoinDevWalletMisbehaviour
> & {
  /** Which kind of test wallet this is (a connected start tells the wallets apart by it). */
  readonly namespace: 'bip122'
  /** The ordinals (P2TR) addresses, account 0 first; `addresses` are the payment (P2WPKH) ones. */
  readonly ordinalsAddresses: readonly string[]
  /** The wallet's network as a CAIP-2 id (the modal's network id for it). */
  readonly caipNetworkId: string
}

/**
 * Adds a test Bitcoin wallet to `page`: registered with the Wallet Standard before any script of each document the
 * page loads (top frame), its authorisation and account kept in the page's localStorage as an extension keeps them.
 *
 * @returns the handle; its addresses, `name`, `chains` and `caipNetworkId` are known at once, its calls need the page loaded.
 * @throws TestWalletOptionsError for each malformed option (see `TestBitcoinWalletOptions`), before the page is touched;
 *   TestWalletError when `bitcoinjs-lib` or `@bitcoinerlab/secp256k1` (optional peers of latchkey) is not installed.
 * @example
 * const bitcoin = await installTestBitcoinWallet(page, { apiUrl: 'http://127.0.0.1:8600/blockchain' })
 * await page.goto('/'); await bitcoin.answerNext('reject', 'sendTransfer')
 */
export async function installTestBitcoinWallet(page: Page, options: PageTestBitcoinWalletOptions = {}): Promise<TestBitcoinWalletHandle> {
  const { createTestBitcoinWallet } = await withPeers('The test Bitcoin wallet', ['bitcoinjs-lib', '@bitcoinerlab/secp256k1'], () => import('../bitcoin/testWallet.ts'))
  const model = createTestBitcoinWallet(options)
  const handle = await installStandardWallet<BitcoinPromptKind, BitcoinPrompt, Awaited<ReturnType<TestBitcoinWalletHandle['state']>>, BitcoinDevWalletMisbehaviour>(page, {
    script: 'test-bitcoin-wallet.js',
    globalName: 'latchkeyTestBitcoinWallet',
    registry: '__latchkeyTestBitcoinWallets',
    model,
    config: { ...options },
  })
  return { ...handle, namespace: 'bip122', ordinalsAddresses: model.ordinalsAddresses, caipNetworkId: model.caipNetworkId }
}
