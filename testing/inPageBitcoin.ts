/**
 * The test Bitcoin wallet's page script: built by the package build into one IIFE file (`dist/lib/test-bitcoin-wallet.js`,
 * bitcoinjs-lib and @bitcoinerlab/secp256k1 bundled), which `installTestBitcoinWallet(page, …)` of
 * `latchkey/testing/playwright` adds to a page before its own scripts. `install(config)` registers a
 * {@link TestBitcoinWallet} with the Wallet Standard in the top frame, keeps its state in the page's localStorage, and
 * keeps it under its name for the test's calls (`page.evaluate`).
 */
import { installTestBitcoinWallet, type TestBitcoinWallet, type TestBitcoinWalletOptions } from './bitcoin/testWallet.ts'

declare global {
  /** The test Bitcoin wallets of this page, by name (set by the page script). */
  var __latchkeyTestBitcoinWallets: Record<string, TestBitcoinWallet> | undefined
}

/** Installs one test Bitcoin wallet in this page (top frame only). */
export function install(config: TestBitcoinWalletOptions): void {
  if (typeof window === 'undefined' || window.top !== window) return
  const { wallet } = installTestBitcoinWallet(config)
  globalThis.__latchkeyTestBitcoinWallets ??= {}
  globalThis.__latchkeyTestBitcoinWallets[wallet.name] = wallet
}
