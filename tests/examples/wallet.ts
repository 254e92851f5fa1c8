/**
 * The development wallet as a page init script for the example apps (tests/examples): built by run.ts into one IIFE
 * file that Playwright adds before any script of the page (`page.addInitScript`). It creates the dev wallet
 * (dev/wallet: viem local accounts, auto-approving) on the anvil chain run.ts started, and announces it over
 * EIP-6963, as a browser extension would. The examples know nothing about it. Dev and test use only.
 */
import { announceDevWallet, DevWallet } from '../../dev/wallet/index.ts'

declare global {
  /**
   * Set by the init script just before this bundle: the RPC URL and chain id of the test's anvil; `secondWallet` adds a
   * second wallet (multi-wallet).
   */
  var __latchkeyExampleWallet: { rpcUrl: string; chainId: number; secondWallet?: boolean } | undefined
  /** The wallets made here, for a test to act inside one as its visitor would (its account picker: `setAccount`). */
  var __latchkeyExampleWallets: { first: DevWallet; second?: DevWallet } | undefined
}

const config = globalThis.__latchkeyExampleWallet
if (config && typeof window !== 'undefined' && window.top === window) {
  // Its authorisation kept in the page's storage, as an extension keeps it: a reload restores the connection.
  const wallet = new DevWallet({ chains: [{ chainId: config.chainId, name: 'Anvil Local', rpcUrl: config.rpcUrl }], autoApprove: true, storage: localStorage })
  announceDevWallet(wallet)
  globalThis.__latchkeyExampleWallets = { first: wallet }
}
if (config?.secondWallet && typeof window !== 'undefined' && window.top === window) {
  // A second browser wallet under its own EIP-6963 identity, on dev account 1, its state kept apart from the first's.
  const storageKey = 'latchkey-dev-wallet-second'
  const fresh = localStorage.getItem(storageKey) === null
  const second = new DevWallet({ chains: [{ chainId: config.chainId, name: 'Anvil Local', rpcUrl: config.rpcUrl }], autoApprove: true, storage: localStorage, storageKey })
  if (fresh) second.setAccount(1)
  announceDevWallet(second, { name: 'Second Dev Wallet', rdns: 'dev.latchkey.wallet.second' })
  if (globalThis.__latchkeyExampleWallets) globalThis.__latchkeyExampleWallets.second = second
}
