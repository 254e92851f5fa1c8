import { defineConfig, devices } from '@playwright/test'
import { DEMO_ORIGIN, startEnv } from './tests/e2e/stack.ts'

/**
 * End-to-end tests of the demo dapp (`npm run test:e2e`). The webServer is the `npm start` stack (two anvil
 * chains, the reference API server and the Vite dev server) on the ports of tests/e2e/stack.ts. One worker: the anvil chains are shared state.
 * The browser is the system Chromium (Debian package); never `npx playwright install`.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  // A flaky test fails: no retry hides it.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'test-reports/e2e.json' }]],
  timeout: 30_000,
  use: {
    baseURL: DEMO_ORIGIN,
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
          args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        },
      },
    },
  ],
  webServer: {
    command: 'node --import tsx dev/start.ts',
    env: startEnv(),
    url: DEMO_ORIGIN,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    // Without it Playwright SIGKILLs the server's process group, and the anvils (detached into process groups
    // of their own by dev/anvil.ts) outlive the run and keep their ports busy. SIGTERM lets dev/start.ts
    // stop Vite and both anvils.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
})
