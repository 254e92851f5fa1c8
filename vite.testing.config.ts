import { fileURLToPath } from 'node:url'
import { defineConfig, type UserConfig } from 'vite'

/**
 * The test wallet's page script (testing/inPage.ts): one IIFE file, `dist/lib/test-wallet.js`, with everything it needs
 * bundled (viem's accounts and HTTP transport), which `installTestWallet(page, …)` of `latchkey/testing/playwright`
 * adds to a page before its scripts (the page has no bundler of ours). Global: `latchkeyTestWallet.install(config)`.
 * Built after vite.lib.config.ts by dev/build-lib.ts, into the same directory (not emptied).
 */
const root = fileURLToPath(new URL('.', import.meta.url))

/** One page script: `entry` (from the root) built to `dist/lib/<fileName>`, its exports on the global `name`. */
export function pageScriptConfig(entry: string, name: string, fileName: string): UserConfig {
  return {
    root,
    publicDir: false,
    build: {
      outDir: `${root}dist/lib`,
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      lib: { entry: `${root}${entry}`, formats: ['iife'], name, fileName: () => fileName },
    },
  }
}

/**
 * The other page scripts, built by dev/build-lib.ts after this one: the test Solana wallet (testing/inPageSolana.ts,
 * `dist/lib/test-solana-wallet.js`, global `latchkeyTestSolanaWallet`, web3.js bundled) and the test Bitcoin wallet
 * (testing/inPageBitcoin.ts, `dist/lib/test-bitcoin-wallet.js`, global `latchkeyTestBitcoinWallet`, bitcoinjs-lib and
 * @bitcoinerlab/secp256k1 bundled).
 */
export const otherPageScripts: UserConfig[] = [
  pageScriptConfig('testing/inPageSolana.ts', 'latchkeyTestSolanaWallet', 'test-solana-wallet.js'),
  pageScriptConfig('testing/inPageBitcoin.ts', 'latchkeyTestBitcoinWallet', 'test-bitcoin-wallet.js'),
]

export default defineConfig(pageScriptConfig('testing/inPage.ts', 'latchkeyTestWallet', 'test-wallet.js'))
