import { defineConfig, devices } from '@playwright/test'
import { chromiumArgs, chromiumExecutable } from '../chromium.ts'

/**
 * The example apps' end-to-end tests (`npm run test:examples` → tests/examples/run.ts, which packs, installs, builds and
 * serves every example and starts anvil before calling Playwright with this config). One worker: one anvil is shared.
 * The browser is the system Chromium's headless shell (tests/chromium.ts), as in playwright.config.ts. No retries: a
 * test that passes only on a second try fails.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: '../../test-reports/examples.json' }]],
  timeout: 30_000,
  // As in playwright.config.ts: the examples run beside the integration phase on two cores, where what takes a second
  // alone (the inspector's first chart: ELK fetched, then its layout on the page's main thread) can take more than
  // Playwright's default 5 s.
  expect: { timeout: 15_000 },
  outputDir: '../../test-results/examples',
  use: { trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off' },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        browserName: 'chromium',
        launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs },
      },
    },
  ],
})
