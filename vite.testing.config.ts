import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

/**
 * The test wallet's page script (testing/inPage.ts): one IIFE file, `dist/lib/test-wallet.js`, with everything it needs
 * bundled (viem's accounts and HTTP transport), which `installTestWallet(page, …)` of `latchkey/testing/playwright`
 * adds to a page before its scripts (the page has no bundler of ours). Global: `latchkeyTestWallet.install(config)`.
 * Built after vite.lib.config.ts by dev/build-lib.ts, into the same directory (not emptied).
 */
const root = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig({
  root,
  publicDir: false,
  build: {
    outDir: `${root}dist/lib`,
    emptyOutDir: false,
    target: 'es2022',
    minify: true,
    sourcemap: false,
    lib: { entry: `${root}testing/inPage.ts`, formats: ['iife'], name: 'latchkeyTestWallet', fileName: () => 'test-wallet.js' },
  },
})
