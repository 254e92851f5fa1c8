import { defineConfig, devices } from '@playwright/test'
import { chromiumArgs, chromiumExecutable } from './tests/chromium.ts'
import { DEMO_ORIGIN } from './tests/e2e/stack.ts'

/**
 * Workers, each with a stack of its own (E2E_WORKERS, default 4). The machines have 2 cores, but a test spends much of
 * its time waiting (on its stack's servers and chains, on the page's timers, on Playwright's polling of an assertion):
 * measured on 73 tests of six specs beside other work, two workers kept 1.06 cores busy and three 1.17, 8 s sooner
 * with a third stack to start. The whole suite (386 tests) on an otherwise idle 2-core machine, one run after another
 * on the same clone: three workers 6.7, 6.9 and 7.6 min (the three kept the machine 1.77 cores busy in CI), four 5.1
 * min, five 6.0 and 5.4 min; every run passed. The whole suite also passed with three workers on a machine loaded past 14.
 */
const E2E_WORKERS = Number(process.env.E2E_WORKERS) || 4

/**
 * The files that take longest (test seconds of one full run, 3 workers: siwx 112, embedded 99, namespaces 98, swap 96,
 * send 83, phone 72, all-wallets 69, walletconnect 62, demo 62, social 60): run first (project `chromium-long`).
 * A file missing here only runs later; the list is an order, not a selection.
 */
const LONG_FILES = ['siwx', 'embedded', 'namespaces', 'swap', 'send', 'phone', 'all-wallets', 'walletconnect', 'demo', 'social'].map((name) => `${name}.spec.ts`)

/**
 * V8 without its optimising compilers (TurboFan, Maglev): the interpreter and the baseline compiler only. A test's page
 * lives seconds and runs most of its code a few times, so optimising it is work the page never earns back, done on
 * the two cores the workers share. Measured on send.spec and embedded.spec (28 tests, one worker, beside other work):
 * 67 CPU-s instead of 76–80, the same tests passing. The pages that lay out a chart with ELK (inspector, visualiser:
 * 13 tests) pay a little for it, 45 CPU-s instead of 43. Not for the bench (tests/chromium.ts), whose numbers are the
 * optimised page's.
 */
const E2E_JS_FLAGS = '--js-flags=--no-opt --no-maglev'

/** The system Chromium's headless shell (Debian package, tests/chromium.ts) with the flags that keep it quiet on a closed network. */
const browser = {
  ...devices['Desktop Chrome'],
  browserName: 'chromium' as const,
  launchOptions: { executablePath: chromiumExecutable, args: [...chromiumArgs, E2E_JS_FLAGS] },
}

/**
 * End-to-end tests of the demo dapp (`npm run test:e2e`). Each worker has its own `npm start` stack (two anvil
 * chains, the reference API server, the Solana RPC, the relay, the secure site, … and the Vite dev server) on free
 * ports: tests/e2e/global-setup.ts starts them, tests/e2e/stack.ts gives each worker its ports (and `baseURL`). The
 * pages come from a production build of the demo (tests/e2e/demo-build.ts).
 * A file's tests share their worker's chains, as they run in order; two workers never share one.
 * The browser is the system Chromium's headless shell (Debian package, tests/chromium.ts); never `npx playwright install`.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  // Files are spread over the workers; a file's tests run in order in one worker.
  fullyParallel: false,
  workers: E2E_WORKERS,
  // A flaky test fails: no retry hides it.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'test-reports/e2e.json' }]],
  // Four workers share two cores with their stacks: a test that takes 15 s alone can take 40 s beside the others.
  timeout: 60_000,
  // The same reason: a WalletConnect pairing takes seconds more on a loaded machine than Playwright's default 5 s.
  expect: { timeout: 15_000 },
  // A trace records DOM snapshots and screenshots at every action: CPU two busy workers do not have to spare. A failing
  // test run again with E2E_TRACE=1 keeps its trace (`npx playwright show-trace test-results/…/trace.zip`).
  use: {
    // The pages prefer reduced motion (the modal's own path for those visitors: no transition, no spinning or pulsing
    // loader), except in the specs whose subject is the motion (motion.spec.ts, the phone sheet's entrance). Software
    // compositing draws every frame of a running animation on the CPU: measured on swap.spec and account.spec
    // (19 tests, one worker), Chromium used 29 CPU-s instead of 46.
    reducedMotion: 'reduce',
    // The pages run in UTC whatever the runner's time zone (dates, spec §6's restricted time zones).
    timezoneId: 'UTC',
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
  },
  // Two projects of the same browser, so the longest files are handed out first (a worker that frees up takes the next
  // file in order, and files are in name order within a project): the suite then ends on short files and on
  // visual.spec.ts's tests, which spread over every worker, instead of one worker finishing a long file alone.
  projects: [
    { name: 'chromium-long', testMatch: LONG_FILES, use: { ...browser, baseURL: DEMO_ORIGIN } },
    { name: 'chromium', testIgnore: LONG_FILES, use: { ...browser, baseURL: DEMO_ORIGIN } },
  ],
})
