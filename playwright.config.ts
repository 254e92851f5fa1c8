import { defineConfig, devices } from '@playwright/test'

/** Ports of the e2e stack; the specs' fixtures use the same ones (tests/e2e/fixtures.ts). */
const PORT = '5273'
const ANVIL_PORT_1 = '28545'
const ANVIL_PORT_2 = '28546'
/** The reference API server (dev/api) of the e2e stack; the demo reaches it through VITE_API_URL. */
const API_PORT = '28600'
/** The local Solana RPC (dev/solana, LiteSVM) of the e2e stack; the demo reaches it through VITE_SOLANA_RPC. */
const SOLANA_PORT = '28899'
/** The loopback WalletConnect relay (dev/relay) of the e2e stack; the pages reach it through VITE_RELAY_URL. */
const RELAY_PORT = '28700'
/** The secure site of the embedded wallet (dev/secure-site) and its loopback SMTP server; the demo reaches it through VITE_SECURE_SITE_URL. */
const SECURE_SITE_PORT = '28800'
const SMTP_PORT = '22525'
/** The development on-ramp provider's checkout (dev/onramp); the reference API's on-ramp URL points at it. */
const ONRAMP_PORT = '28950'
/** The OpenID Connect provider of the social logins (dev/oidc); the secure site discovers it. */
const OIDC_PORT = '28900'
/** The development ERC-4337 bundler (dev/aa) of the e2e stack; the secure site's frame sends user operations to it. */
const BUNDLER_PORT = '28650'

/**
 * End-to-end tests of the demo dapp (`npm run test:e2e`). The webServer is the `npm start` stack (two anvil
 * chains, the reference API server and the Vite dev server) on dedicated ports. One worker: the anvil chains are shared state.
 * The browser is the system Chromium (Debian package); never `npx playwright install`.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        browserName: 'chromium',
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node --import tsx dev/start.ts',
    env: { PORT, ANVIL_PORT_1, ANVIL_PORT_2, API_PORT, SOLANA_PORT, RELAY_PORT, SECURE_SITE_PORT, SMTP_PORT, ONRAMP_PORT, OIDC_PORT, BUNDLER_PORT },
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    // Without it Playwright SIGKILLs the server's process group, and the anvils (detached into process groups
    // of their own by dev/anvil.ts) outlive the run and keep 28545/28546 busy. SIGTERM lets dev/start.ts
    // stop Vite and both anvils.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
})
