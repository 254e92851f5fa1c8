import { defineConfig, devices } from '@playwright/test'
import { chromiumArgs, chromiumExecutable } from '../chromium.ts'

/**
 * The documentation site's check (`npm run test:docs`, after `vitepress build docs`): the built pages served by
 * ./global-setup.ts, opened in the system Chromium's headless shell (tests/chromium.ts). One worker, one spec: the
 * check stays cheap beside the rest of `npm test`. No retries.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  // One test walks four pages with three axe scans; the API page of `latchkey` is large (about 700 kB of HTML).
  timeout: 90_000,
  outputDir: '../../test-results/docs',
  use: { trace: 'off' },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], browserName: 'chromium', launchOptions: { executablePath: chromiumExecutable, args: chromiumArgs } },
    },
  ],
})
