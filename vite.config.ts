import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('.', import.meta.url))

/**
 * One config for the demo (`npm start`, `npm run build`) and the unit tests (`vitest`).
 * The demo page lives in demo/; the anvil RPC URLs reach it as VITE_ANVIL_RPC_1 / VITE_ANVIL_RPC_2,
 * set by dev/start.ts. Three pages: the demo (demo/index.html) and the statechart visualiser (demo/visualiser.html,
 * code in dev/visualiser/) and the development mobile wallet (demo/mobile-wallet.html,
 * code in dev/mobile-wallet/; VITE_RELAY_URL names the loopback WalletConnect relay), served and built side by side.
 */
export default defineConfig({
  root: `${root}demo`,
  envDir: root,
  plugins: [react()],
  // The WalletConnect SDK (the mobile wallet page, the universal provider) reads Node's `global` in the browser.
  define: { global: 'globalThis' },
  server: { host: '127.0.0.1', strictPort: true, fs: { allow: [root] } },
  // Found at start, not on first use: a dependency discovered late makes Vite reload the page mid-test.
  optimizeDeps: { include: ['viem/siwe', 'elkjs/lib/elk.bundled.js'] },
  preview: { host: '127.0.0.1', strictPort: true },
  build: {
    outDir: `${root}dist/demo`,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      input: { main: `${root}demo/index.html`, visualiser: `${root}demo/visualiser.html`, mobileWallet: `${root}demo/mobile-wallet.html` },
    },
  },
  test: {
    root,
    include: ['openapi/**/*.test.ts', 'machines/**/*.test.ts', 'adapters/**/*.test.ts', 'services/**/*.test.ts', 'ui/**/*.test.{ts,tsx}', 'dev/**/*.test.ts', 'tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    globalSetup: ['tests/harness/global-setup.ts'],
    testTimeout: 20_000,
    pool: 'threads',
  },
})
