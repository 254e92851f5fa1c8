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
 * - A failed phase's last 40 lines are repeated at the very end of the report (a failure no report file records, such
 *   as a Vitest unhandled error, then still shows at the tail of a CI log).
 * - `LATCHKEY_INSTALL_SECONDS` (set by .ci/run): the `npm install` before, shown as the first phase.
 *
 * Writes `test-reports/phases.json` (the phases, for tests/ci/report.ts).
 */
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { collectTimes, formatReport, plainText, repoRoot, reportsDir, type Phase } from './report.ts'

/** How many of its last lines a failed phase shows at the end of the report. */
const TAIL_LINES = 40
/** The last lines each phase printed (stdout and stderr as they came), for the report of a failed phase. */
const tails: Record<string, string[]> = {}

/** The unfinished last line of each of a phase's streams (a chunk can end mid-line). */
const partial: Record<string, string> = {}

/** Keeps the last {@link TAIL_LINES} non-blank lines of what `script` prints on `stream`, as it passes them through. */
function keepTail(script: string, stream: 'out' | 'err', chunk: Buffer) {
  const key = `${script}:${stream}`
  const lines = plainText((partial[key] ?? '') + chunk.toString()).split('\n')
  partial[key] = lines.pop() ?? ''
  const tail = (tails[script] ??= [])
  for (const line of lines) if (line.trim() !== '') tail.push(line.trimEnd())
  if (tail.length > TAIL_LINES) tail.splice(0, tail.length - TAIL_LINES)
}

/** Clock ticks per second of `/proc/<pid>/stat` (`getconf CLK_TCK`: 100 on Linux). */
const CLOCK_TICKS = 100

/**
 * CPU seconds (user + system) of this process's children that have ended and been waited for (`/proc/self/stat`
 * cutime + cstime), or undefined where there is no /proc. A phase's children are waited for by npm, and theirs by them:
 * the difference over a phase is the CPU it used (processes left running past the phase are not counted).
 */
function childrenCpuSeconds(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8')
    // The fields after the command name, which is in parentheses and may hold spaces: cutime is field 16, cstime 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS
  } catch {
    return undefined
  }
}

function run(script: string, measureCpu: boolean): Promise<Phase> {
  const started = performance.now()
  const cpuBefore = measureCpu ? childrenCpuSeconds() : undefined
  console.log(`\n▶ npm run ${script}`)
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { cwd: repoRoot, stdio: ['inherit', 'pipe', 'pipe'] })
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk)
      keepTail(script, 'out', chunk)
    })
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk)
      keepTail(script, 'err', chunk)
    })
    const done = (status: number) => {
      const cpuAfter = cpuBefore === undefined ? undefined : childrenCpuSeconds()
      const phase: Phase = { name: script, seconds: (performance.now() - started) / 1000, status }
      if (cpuBefore !== undefined && cpuAfter !== undefined) phase.cpuSeconds = cpuAfter - cpuBefore
      resolve(phase)
    }
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
  if (parallel) phases.push(...(await Promise.all(present.map((script) => run(script, false)))))
  else for (const script of present) phases.push(await run(script, true))

  writeFileSync(join(reportsDir, 'phases.json'), JSON.stringify(phases, null, 2))
  console.log(`\n${formatReport(phases, collectTimes(), 15, tails)}`)
  return phases.some((p) => p.status !== 0) ? 1 : 0
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
