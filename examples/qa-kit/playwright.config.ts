import { defineConfig } from '@playwright/test'

/**
 * The dapp's own end-to-end tests, with latchkey's test kit. BASE_URL: the served app (`npm start`);
 * LATCHKEY_TEST_RPC_URL: an anvil already running (without it, the `chain` fixture starts one per worker);
 * CHROMIUM_PATH: a system Chromium instead of Playwright's own.
 */
export default defineConfig({
  testDir: 'tests',
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: 'list',
  use: {
    baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:4173',
    launchOptions: {
      ...(process.env.CHROMIUM_PATH ? { executablePath: process.env.CHROMIUM_PATH } : {}),
      args: ['--no-sandbox', '--disable-gpu'],
    },
  },
})
