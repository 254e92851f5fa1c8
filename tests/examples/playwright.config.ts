import { defineConfig, devices } from '@playwright/test'

/**
 * The example apps' end-to-end tests (`npm run test:examples` → tests/examples/run.ts, which packs, installs, builds and
 * serves every example and starts anvil before calling Playwright with this config). One worker: one anvil is shared.
 * The browser is the system Chromium, as in playwright.config.ts.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: '../../test-reports/examples.json' }]],
  timeout: 30_000,
  outputDir: '../../test-results/examples',
  use: { trace: 'retain-on-failure' },
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
})
