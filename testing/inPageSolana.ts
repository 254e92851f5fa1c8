/**
 * The test Solana wallet's page script: built by the package build into one IIFE file (`dist/lib/test-solana-wallet.js`,
 * web3.js bundled), which `installTestSolanaWallet(page, …)` of `latchkey/testing/playwright` adds to a page before its
 * own scripts. `install(config)` registers a {@link TestSolanaWallet} with the Wallet Standard in the top frame, keeps
 * its state in the page's localStorage, and keeps it under its name for the test's calls (`page.evaluate`).
 */
import { installTestSolanaWallet, type TestSolanaWallet, type TestSolanaWalletOptions } from './solana/testWallet.ts'

declare global {
  /** The test Solana wallets of this page, by name (set by the page script). */
  var __latchkeyTestSolanaWallets: Record<string, TestSolanaWallet> | undefined
}

/** Installs one test Solana wallet in this page (top frame only). */
export function install(config: TestSolanaWalletOptions): void {
  if (typeof window === 'undefined' || window.top !== window) return
  const { wallet } = installTestSolanaWallet(config)
  globalThis.__latchkeyTestSolanaWallets ??= {}
  globalThis.__latchkeyTestSolanaWallets[wallet.name] = wallet
}
