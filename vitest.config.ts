import { defineConfig, mergeConfig } from 'vitest/config'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import viteConfig from './vite.config.ts'
import { splitTestFiles } from './tests/harness/projects.ts'
import { EnvironmentSequencer } from './tests/harness/sequencer.ts'

const root = fileURLToPath(new URL('.', import.meta.url))
const files = splitTestFiles(root)
const shared = new Set(files.shared)

// The tests do not depend on the runner's time zone (dates, month groups, spec §6's restricted time zones): set here,
// before any worker starts, so every worker thread runs in UTC.
process.env.TZ = 'UTC'

/**
 * The tests (`vitest`), on the demo's Vite config (plugins, `define`), in three projects (tests/README.md):
 *
 * - `unit`: every test file that needs no server; no global setup (`npm run test:quick` runs it alone); not isolated.
 * - `unit-isolated`: the unit files that reset or mock modules, each with modules of its own.
 * - `servers`: the files that start servers of their own (`startApiServer(…)`, …) and read none of the global setup's.
 * - `integration`: the files that `inject(…)` a server of tests/harness/global-setup.ts (the test anvils, the reference
 *   API, the Solana RPC, the relay), directly or through tests/model/app.tsx. Vitest runs a project's global setup
 *   only when the run has files of that project.
 *
 * The split is computed from the files' text (tests/harness/projects.ts), so a new test file needs no list edited.
 * `npm run test:unit` runs `unit` and `unit-machines` (machines/, not isolated); `npm run test:integration` runs `servers` and
 * `integration`, each split in two: the files that share their worker's modules (`-shared`) and those that load their own.
 */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      root,
      environment: 'node',
      // A modal's core is in at once in unit tests (the facade's own tests reset the modules to go without it), and no
      // page is ever idle (noIdle.ts: no idle prefetch unless a test fires it).
      setupFiles: ['tests/harness/core.ts', 'tests/harness/noIdle.ts'],
      // The WalletConnect SDKs skip their hosted verify calls (they cannot run here) in their own test mode.
      env: { IS_VITEST: 'true' },
      testTimeout: 20_000,
      // A file's setup that starts a reference server (startApiServer: the OpenAPI contracts compiled by Ajv on a worker's
      // first start, 3–4 CPU-s; the Solana RPC; a Bitcoin node) measured 8.6–10.8 s beside other work on 2 cores, past
      // Vitest's default 10 s hook limit: the hooks get the tests' own limit.
      hookTimeout: 20_000,
      pool: 'threads',
      // Vitest's default is one worker fewer than the cores: one worker on our 2-core machines, while the files spend
      // much of their time waiting on servers and imports. Measured on 2 cores: unit 133 s → 89 s, integration
      // 218 s instead of 348 s, with every test passing.
      maxWorkers: Math.max(2, availableParallelism()),
      // Vitest's file order with each project's files grouped by environment (Node, happy-dom), so a worker that shares
      // its modules goes on to the next file instead of being stopped at every change of environment
      // (tests/harness/sequencer.ts): measured on 2 cores, `npm run test:unit` 122 instead of 192 CPU-s.
      sequence: { sequencer: EnvironmentSequencer },
      projects: [
        // The other pure files share their worker's modules too (measured on 103 files: 83 s and 164 CPU-s instead of
        // 130 s and 258), except those that reset or mock modules (tests/harness/projects.ts `unitIsolated`).
        { extends: true, test: { name: 'unit', include: files.unit.filter((file) => !file.startsWith('machines/')), isolate: false } },
        { extends: true, test: { name: 'unit-isolated', include: files.unitIsolated } },
        // The statecharts' own tests (pure: no I/O, no page) share their worker's modules instead of loading them again
        // per file: measured on the 34 files, 47 s instead of 164 s, the same 424 tests passing.
        { extends: true, test: { name: 'unit-machines', include: files.unit.filter((file) => file.startsWith('machines/')), isolate: false } },
        // The server and integration files share their worker's modules (tests/harness/projects.ts `sharesModules`: 80 instead
        // of 133 CPU-s on 37 server files, 132 instead of 175 on the 14 model walks), but for those that reset modules or
        // read a page's lasting caches (view code, custom elements), which load their own.
        // Both integration projects list the global setup; they share its servers (tests/harness/global-setup.ts).
        { extends: true, test: { name: 'servers', include: files.servers.filter((file) => !shared.has(file)) } },
        { extends: true, test: { name: 'servers-shared', include: files.servers.filter((file) => shared.has(file)), isolate: false } },
        { extends: true, test: { name: 'integration', include: files.integration.filter((file) => !shared.has(file)), globalSetup: ['tests/harness/global-setup.ts'] } },
        {
          extends: true,
          test: { name: 'integration-shared', include: files.integration.filter((file) => shared.has(file)), globalSetup: ['tests/harness/global-setup.ts'], isolate: false },
        },
      ],
    },
  }),
)
