/**
 * `npm test` and `npm run test:quick`: runs npm scripts as timed phases and ends with the report of tests/ci/report.ts
 * (the phases with their seconds, the slowest tests and Vitest files).
 *
 * Usage: `node --import tsx tests/ci/phases.ts [--parallel] <script>…`, e.g.
 * `tests/ci/phases.ts typecheck test:unit test:integration test:e2e test:examples`.
 *
 * - One after another (default): every phase runs even when an earlier one failed, so one run shows every failure and
 *   every phase's time; the exit status is 1 when any phase failed.
 * - `--parallel`: all at once (`test:quick`: the type check on one core, the unit tests on the other).
 * - A script that package.json does not define is skipped with a note (a phase another change adds, e.g. `lint`).
 * - `LATCHKEY_INSTALL_SECONDS` (set by .ci/run): the `npm install` before, shown as the first phase.
 *
 * Writes `test-reports/phases.json` (the phases, for tests/ci/report.ts).
 */
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { collectTimes, formatReport, repoRoot, reportsDir, type Phase } from './report.ts'

function run(script: string): Promise<Phase> {
  const started = performance.now()
  console.log(`\n▶ npm run ${script}`)
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { cwd: repoRoot, stdio: 'inherit' })
    const done = (status: number) => resolve({ name: script, seconds: (performance.now() - started) / 1000, status })
    child.on('error', () => done(127))
    child.on('exit', (code, signal) => done(code ?? (signal ? 128 : 1)))
  })
}

async function main(): Promise<number> {
  const args = process.argv.slice(2)
  const parallel = args.includes('--parallel')
  const wanted = args.filter((a) => !a.startsWith('--'))
  const scripts = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
  const present = wanted.filter((s) => {
    if (s in scripts) return true
    console.log(`(no "${s}" script in package.json: phase skipped)`)
    return false
  })
  // The reports of the phases about to run start afresh; older ones of other phases stay out of this run's report.
  rmSync(reportsDir, { recursive: true, force: true })
  mkdirSync(reportsDir, { recursive: true })

  const phases: Phase[] = []
  const install = Number(process.env.LATCHKEY_INSTALL_SECONDS)
  if (process.env.LATCHKEY_INSTALL_SECONDS && Number.isFinite(install)) phases.push({ name: 'install', seconds: install, status: 0 })
  if (parallel) phases.push(...(await Promise.all(present.map(run))))
  else for (const script of present) phases.push(await run(script))

  writeFileSync(join(reportsDir, 'phases.json'), JSON.stringify(phases, null, 2))
  console.log(`\n${formatReport(phases, collectTimes())}`)
  return phases.some((p) => p.status !== 0) ? 1 : 0
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
