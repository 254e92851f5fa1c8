/**
 * The test wallet's page script: built by the package build into one IIFE file (`dist/lib/test-wallet.js`), which
 * `installTestWallet(page, …)` of `latchkey/testing/playwright` adds to a page before its own scripts. `install(config)`
 * announces a {@link TestWallet} over EIP-6963 in the top frame, keeps its state in the page's localStorage (as an
 * extension keeps its own across reloads), and registers it under its rdns for the test's calls (`page.evaluate`).
 */
import { installTestWallet, type TestWallet, type TestWalletOptions } from './wallet/testWallet.ts'

declare global {
  /** The test wallets of this page, by rdns (set by the test wallet's page script). */
  var __latchkeyTestWallets: Record<string, TestWallet> | undefined
}

/** Installs one test wallet in this page (top frame only: frames of other origins are not the dapp). */
export function install(config: TestWalletOptions): void {
  if (typeof window === 'undefined' || window.top !== window) return
  const { wallet } = installTestWallet(config)
  globalThis.__latchkeyTestWallets ??= {}
  globalThis.__latchkeyTestWallets[wallet.info.rdns] = wallet
}
