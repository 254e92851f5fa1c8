import { defineConfig } from 'vitest/config'
import type { Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { catalogueGroup } from './dev/catalogueGroup.ts'

const root = fileURLToPath(new URL('.', import.meta.url))

/**
 * The development mobile wallet's universal link (spec §5): the demo lists it with `mobile_link`
 * `<origin>/mobile-wallet/`, so a pairing opens `<origin>/mobile-wallet/wc?uri=wc:…`, which serves its page.
 */
const mobileWalletUniversalLink: Plugin = {
  name: 'latchkey-mobile-wallet-universal-link',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const match = /^\/mobile-wallet\/wc(\?.*)?$/.exec(req.url ?? '')
      if (match) req.url = `/mobile-wallet.html${match[1] ?? ''}`
      next()
    })
  },
}

/**
 * One config for the demo (`npm start`, `npm run build`); the tests (`vitest`) extend it in vitest.config.ts.
 * The demo page lives in demo/; the anvil RPC URLs reach it as VITE_ANVIL_RPC_1 / VITE_ANVIL_RPC_2,
 * set by dev/start.ts. Four pages: the demo (demo/index.html) and the statechart visualiser (demo/visualiser.html,
 * code in dev/visualiser/) and the development mobile wallet (demo/mobile-wallet.html,
 * code in dev/mobile-wallet/; VITE_RELAY_URL names the loopback WalletConnect relay), served and built side by side,
 * and demo/csp.html: the demo with nothing inline, which the e2e server sends with a strict CSP (tests/e2e/demo-build.ts).
 */
export default defineConfig({
  root: `${root}demo`,
  envDir: root,
  plugins: [react(), mobileWalletUniversalLink],
  // The WalletConnect SDK (the mobile wallet page, the universal provider) reads Node's `global` in the browser.
  // MOCKED (cannot run here): the SDK verifies the dapp's origin with a hosted service (a hidden iframe it waits 5 s
  // for, per proposal and per request). Its own test switch, `process.env.IS_VITEST`, skips the call; a build replaces
  // `process.env` with `{}`, so the switch is defined here, for the demo's pages (dev stack and e2e) only: the
  // library's build (vite.lib.config.ts) never sets it.
  define: { global: 'globalThis', 'process.env.IS_VITEST': JSON.stringify('true') },
  server: { host: '127.0.0.1', strictPort: true, fs: { allow: [root] } },
  // Found at start, not on first use: a dependency discovered late makes Vite reload the page mid-test.
  optimizeDeps: {
    include: [
      'viem/siwe',
      'elkjs/lib/elk.bundled.js',
      // The Solana and Bitcoin adapters and dev wallets load them with dynamic imports.
      '@solana/web3.js',
      '@solana/wallet-standard-features',
      '@wallet-standard/app',
      '@wallet-standard/features',
      'bitcoinjs-lib',
      '@bitcoinerlab/secp256k1',
    ],
  },
  preview: { host: '127.0.0.1', strictPort: true },
  build: {
    outDir: `${root}dist/demo`,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      input: { main: `${root}demo/index.html`, visualiser: `${root}demo/visualiser.html`, mobileWallet: `${root}demo/mobile-wallet.html`, csp: `${root}demo/csp.html` },
      // Minified, the functions keep their names: the visualiser shows the machines' guards and actions by them.
      // Each locale's words one chunk, their shared helpers with the catalogue (dev/catalogueGroup.ts).
      output: { keepNames: true, codeSplitting: { includeDependenciesRecursively: false, groups: [catalogueGroup] } },
    },
  },
})
