/**
 * `npm test` and `npm run test:quick`: runs npm scripts as timed phases and ends with the report of tests/ci/report.ts
 * (the phases with their seconds, the slowest tests and Vitest files).
 *
 * Usage: `node --import tsx tests/ci/phases.ts [--parallel] <lane>[+<lane>…]…`, a lane being `<script>[><script>…]`,
 * e.g. `tests/ci/phases.ts typecheck+lint+test:unit 'test:integration+test:examples>test:docs' test:e2e` (npm test;
 * the lane quoted, or the shell reads `>` as a redirection).
 *
 * - Each argument is a group; groups run one after another, the lanes of a group (`a+b`) side by side, their output
 *   lines prefixed with `[script]`. The scripts of one lane (`a>b`) run one after the other while the group's other
 *   lanes go on. `npm test` puts the documentation site (`test:docs`, ~65 CPU-s) after the example apps, which end about
 *   120 s before the integration tests (those then keep ~1.1 cores busy). The e2e tests stay a group of their own: measured on a fresh clone (2 cores), the e2e tests beside the integration tests
 *   took 1090 s in all instead of about 1000, the integration tests 743 s instead of 343 (the e2e workers, their
 *   Chromium and their stacks took the cores). Every phase runs even when an earlier one failed, so one run shows every
 *   failure and every phase's time; the exit status is 1 when any phase failed.
 * - `--parallel`: all at once (`test:quick`: the type check on one core, the unit tests on the other).
 * - Each phase's CPU (user + system, itself and every process it waited for, from bash's `times`) is reported beside
 *   its wall clock: CPU ÷ wall is how many cores it kept busy, the measure of what can run beside it.
 *   Those processes miss what runs detached (Chromium's renderers, a setup's servers), so the busy cores of the whole
 *   machine while each phase ran (/proc/stat, where there is one) are shown too: for the e2e phase that is the real cost.
 * - A script that package.json does not define is skipped with a note (a phase another change adds, e.g. `lint`).
 * - A failed phase's last 40 lines are repeated at the very end of the report (a failure no report file records, such
 *   as a Vitest unhandled error, then still shows at the tail of a CI log).
 * - `LATCHKEY_INSTALL_SECONDS` (set by .ci/run): the `npm ci` before, shown as the first phase.
 *
 * Writes `test-reports/phases.json` (the phases, for tests/ci/report.ts).
 */
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
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

/**
 * CPU seconds (user + system) a finished command used with all its descendants that were waited for, read from what
 * bash's `times` printed into `file` ("0m0.01s 0m0.00s" for the shell, then the same for its children); undefined
 * when it cannot be read.
 */
function readTimes(file: string): number | undefined {
  try {
    const children = readFileSync(file, 'utf8').trim().split('\n')[1] ?? ''
    const parts = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]))
    return parts.length === 2 ? parts[0]! + parts[1]! : undefined
  } catch {
    return undefined
  } finally {
    rmSync(file, { force: true })
  }
}

/** Passes a phase's stream through, each line prefixed with `[script]` when phases run side by side. */
function passThrough(script: string, stream: 'out' | 'err', target: NodeJS.WriteStream, prefixed: boolean) {
  let pending = ''
  return {
    write(chunk: Buffer) {
      keepTail(script, stream, chunk)
      if (!prefixed) {
        target.write(chunk)
        return
      }
      const lines = (pending + chunk.toString()).split('\n')
      pending = lines.pop() ?? ''
      if (lines.length) target.write(lines.map((line) => `[${script}] ${line}\n`).join(''))
    },
    end() {
      if (prefixed && pending) target.write(`[${script}] ${pending}\n`)
    },
  }
}

/**
 * Runs `npm run <script>` through bash, which records with `times` the CPU the script and all it waited for used.
 *
 * @param group the phase's group, `lane` its lane in the group (lanes of one group run side by side); `prefixed`: its
 *   lines carry `[script]`.
 */
function run(script: string, group: number, lane: number, prefixed: boolean): Promise<Phase> {
  const started = performance.now()
  const busyBefore = machineBusySeconds()
  console.log(`\n▶ npm run ${script}`)
  const timesFile = join(tmpdir(), `latchkey-phase-${process.pid}-${script.replace(/[^\w.-]/g, '_')}.times`)
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', 'npm run "$0"; status=$?; times > "$1"; exit $status', script, timesFile], { cwd: repoRoot, stdio: ['inherit', 'pipe', 'pipe'] })
    const out = passThrough(script, 'out', process.stdout, prefixed)
    const err = passThrough(script, 'err', process.stderr, prefixed)
    child.stdout.on('data', (chunk: Buffer) => out.write(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.write(chunk))
    let ended = false
    const done = (status: number) => {
      if (ended) return
      ended = true
      out.end()
      err.end()
      const seconds = (performance.now() - started) / 1000
      const phase: Phase = { name: script, seconds, status, group, lane }
      const cpu = readTimes(timesFile)
      if (cpu !== undefined) phase.cpuSeconds = cpu
      const busyAfter = machineBusySeconds()
      if (busyBefore !== undefined && busyAfter !== undefined && seconds > 0) phase.machineCores = (busyAfter - busyBefore) / seconds
      resolve(phase)
    }
    child.on('error', () => done(127))
    child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1)))
  })
}

/** Busy CPU seconds of the whole machine since boot (user, nice, system, irq, softirq of /proc/stat); undefined off Linux. */
function machineBusySeconds(): number | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
    const busy = [0, 1, 2, 5, 6].reduce((sum, i) => sum + (fields[i] ?? 0), 0)
    return Number.isFinite(busy) ? busy / 100 : undefined // USER_HZ: 100 on Linux
  } catch {
    return undefined
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2)
  const parallel = args.includes('--parallel')
  const scripts = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
  const present = (names: string[]) =>
    names.filter((s) => {
      if (s in scripts) return true
      console.log(`(no "${s}" script in package.json: phase skipped)`)
      return false
    })
  const wanted = args.filter((a) => !a.startsWith('--'))
  // `--parallel`: one group of every script, each its own lane; otherwise each argument is a group, `a+b` running lanes a
  // and b side by side, and `a>b` running b after a in one lane.
  const lanesOf = (arg: string) =>
    arg
      .split('+')
      .map((lane) => present(lane.split('>')))
      .filter((lane) => lane.length > 0)
  const groups = (parallel ? [wanted.flatMap((a) => a.split(/[+>]/)).flatMap((s) => lanesOf(s))] : wanted.map(lanesOf)).filter((g) => g.length > 0)
  // The reports of the phases about to run start afresh; older ones of other phases stay out of this run's report.
  rmSync(reportsDir, { recursive: true, force: true })
  mkdirSync(reportsDir, { recursive: true })

  const phases: Phase[] = []
  const install = Number(process.env.LATCHKEY_INSTALL_SECONDS)
  if (process.env.LATCHKEY_INSTALL_SECONDS && Number.isFinite(install)) phases.push({ name: 'install', seconds: install, status: 0 })
  for (const [index, lanes] of groups.entries()) {
    const prefixed = lanes.flat().length > 1
    const ran = await Promise.all(
      lanes.map(async (scripts, lane) => {
        const done: Phase[] = []
        for (const script of scripts) done.push(await run(script, index + 1, lane, prefixed))
        return done
      }),
    )
    phases.push(...ran.flat())
  }

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
