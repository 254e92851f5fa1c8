/**
 * The end of `npm test` and `.ci/run`: a table of the phases with their seconds, then the slowest tests and the slowest
 * Vitest files, read from the JSON reporters' files in `test-reports/` (Vitest: `vitest-<project>.json`; Playwright:
 * `e2e.json`, `examples.json`). A report file that is missing (its phase failed early or did not run) is skipped.
 *
 * `node --import tsx tests/ci/report.ts` prints the report of the files that are there (phases from
 * `test-reports/phases.json`, written by tests/ci/phases.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
/** Where the phases and the reporters write (Playwright's own `test-results/` is wiped at each of its runs). */
export const reportsDir = join(repoRoot, 'test-reports')

/**
 * One phase of a run: its name (an npm script, or `install`), its wall-clock seconds, its exit status (0 = passed), and
 * when measured the CPU seconds (user + system) its processes used: CPU ÷ wall is how many of the cores it kept busy.
 * Phases of the same `group` ran side by side, each in its `lane`; the phases of one lane ran one after another. The
 * run's wall clock counts, for each group, its longest lane.
 */
export type Phase = {
  name: string
  seconds: number
  status: number
  /** CPU seconds of the phase's own processes and those it waited for (bash `times`): detached ones (Chromium's renderers once their browser is killed, servers a setup started) are not counted. */
  cpuSeconds?: number
  /** How many cores the whole machine kept busy while the phase's group ran (/proc/stat): what the phase and everything it started cost, with whatever else ran then. */
  machineCores?: number
  group?: number
  /** Within its group, the lane it ran in: phases of one lane ran one after the other (absent: a lane of its own). */
  lane?: number
}
/**
 * One test's time: where it ran (`unit`, `integration`, `e2e`, …), its file and full title, its duration in ms, and,
 * when it did not pass, `failure`: its status and the first line of its error (ANSI colours removed).
 */
export type TestTime = { suite: string; file: string; title: string; ms: number; failure?: string }
/** One test file's wall-clock time in ms (Vitest: from its start to its end, import and setup included). */
export type FileTime = { suite: string; file: string; ms: number; tests: number }

type VitestJson = {
  testResults?: Array<{
    name: string
    status?: string
    message?: string
    startTime?: number
    endTime?: number
    assertionResults?: Array<{
      fullName?: string
      title: string
      ancestorTitles?: string[]
      duration?: number | null
      status?: string
      failureMessages?: string[]
    }>
  }>
}
type PlaywrightSuite = {
  title?: string
  file?: string
  specs?: Array<{
    title: string
    file?: string
    tests?: Array<{ projectName?: string; results?: Array<{ duration?: number; status?: string; error?: { message?: string } }> }>
  }>
  suites?: PlaywrightSuite[]
}

/**
 * The tests and files of a Vitest JSON report (`--reporter=json`, the Jest-shaped format).
 *
 * @param json the parsed report.
 * @param suite the label to give them (the project's name).
 */
export function vitestTimes(json: VitestJson, suite: string): { tests: TestTime[]; files: FileTime[] } {
  const tests: TestTime[] = []
  const files: FileTime[] = []
  for (const result of json.testResults ?? []) {
    const file = relative(repoRoot, result.name) || result.name
    const assertions = result.assertionResults ?? []
    for (const a of assertions) {
      const title = a.fullName ?? [...(a.ancestorTitles ?? []), a.title].join(' > ')
      const test: TestTime = { suite, file, title, ms: a.duration ?? 0 }
      if (a.status === 'failed') test.failure = `failed: ${firstLine(a.failureMessages?.[0])}`
      tests.push(test)
    }
    // A file that failed outside its tests (an import that threw, a hook that timed out) is listed as the file itself.
    if (result.status === 'failed' && !assertions.some((a) => a.status === 'failed')) {
      tests.push({ suite, file, title: '(the file, outside its tests)', ms: 0, failure: `failed: ${firstLine(result.message) || 'no message in the report'}` })
    }
    if (result.startTime !== undefined && result.endTime !== undefined) files.push({ suite, file, ms: result.endTime - result.startTime, tests: assertions.length })
  }
  return { tests, files }
}

/**
 * The tests of a Playwright JSON report (`reporter: [['json', { outputFile }]]`); a test retried counts all its runs.
 *
 * @param json the parsed report (`{ suites: [...] }`).
 * @param suite the label to give them (`e2e`, `examples`).
 */
export function playwrightTimes(json: { suites?: PlaywrightSuite[] }, suite: string): TestTime[] {
  const tests: TestTime[] = []
  const visit = (s: PlaywrightSuite, titles: string[], file: string | undefined) => {
    const here = s.file ?? file
    const path = s.title && s.title !== here ? [...titles, s.title] : titles
    for (const spec of s.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const results = t.results ?? []
        const ms = results.reduce((sum, r) => sum + (r.duration ?? 0), 0)
        const test: TestTime = { suite, file: spec.file ?? here ?? '', title: [...path, spec.title].join(' > '), ms }
        const last = results.at(-1)
        if (last?.status && last.status !== 'passed' && last.status !== 'skipped') test.failure = `${last.status}: ${firstLine(last.error?.message)}`
        tests.push(test)
      }
    }
    for (const child of s.suites ?? []) visit(child, path, here)
  }
  for (const s of json.suites ?? []) visit(s, [], undefined)
  return tests
}

/** `text` without ANSI colour codes. */
export function plainText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ESC of ANSI colour codes is what is removed
  return text.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '')
}

/** The first non-empty line of an error message, without ANSI colour codes ('' for none). */
function firstLine(message: string | undefined): string {
  const plain = plainText(message ?? '')
  return (
    plain
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim() ?? ''
  )
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return undefined
  }
}

/** Every test and Vitest file time found in `dir` (`vitest-*.json`, `e2e.json`, `examples.json`). */
export function collectTimes(dir: string = reportsDir): { tests: TestTime[]; files: FileTime[] } {
  const tests: TestTime[] = []
  const files: FileTime[] = []
  if (!existsSync(dir)) return { tests, files }
  for (const name of readdirSync(dir).sort()) {
    const json = readJson(join(dir, name))
    if (json === undefined || typeof json !== 'object' || json === null) continue
    const vitest = /^vitest-(.+)\.json$/.exec(name)
    if (vitest) {
      const times = vitestTimes(json as VitestJson, vitest[1]!)
      tests.push(...times.tests)
      files.push(...times.files)
    } else if (name === 'e2e.json' || name === 'examples.json') {
      tests.push(...playwrightTimes(json as { suites?: PlaywrightSuite[] }, name.replace(/\.json$/, '')))
    }
  }
  return { tests, files }
}

const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(7)
const clip = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text)

/**
 * The report's text: the phases table (with the total), the `top` slowest tests and the `top` slowest Vitest files,
 * and last (so that the tail of a CI log shows it) every test that did not pass, with the first line of its error.
 *
 * @param phases the phases in the order they ran.
 * @param times what {@link collectTimes} found.
 * @param top how many tests and files to list (15).
 * @param tails for a failed phase, the last lines it printed: shown at the very end, so that a failure no report file
 *   records (an unhandled error, a crash before the reporter wrote) still reaches the tail of the CI log.
 */
export function formatReport(phases: readonly Phase[], times: { tests: TestTime[]; files: FileTime[] }, top = 15, tails: Readonly<Record<string, readonly string[]>> = {}): string {
  const lines: string[] = []
  const width = Math.max(5, ...phases.map((p) => p.name.length))
  const withCpu = phases.some((p) => p.cpuSeconds !== undefined)
  const cpu = (p: Phase) => {
    if (!withCpu) return ''
    if (p.cpuSeconds === undefined) return `${''.padStart(7)}  ${''.padStart(5)}  `
    return `${p.cpuSeconds.toFixed(1).padStart(7)}  ${(p.cpuSeconds / Math.max(p.seconds, 0.001)).toFixed(2).padStart(5)}  `
  }
  const withMachine = phases.some((p) => p.machineCores !== undefined)
  const machine = (p: Phase) => (withMachine ? `${p.machineCores === undefined ? ''.padStart(7) : p.machineCores.toFixed(2).padStart(7)}  ` : '')
  lines.push('Phases', `  ${'phase'.padEnd(width)}  seconds  ${withCpu ? '    cpu  cores  ' : ''}${withMachine ? 'machine  ' : ''}result`)
  // A phase without a lane ran in one of its own (the phases.json of a run before lanes existed).
  const lane = (p: Phase) => (p.lane === undefined ? `own ${phases.indexOf(p)}` : `lane ${p.lane}`)
  const beside = (p: Phase) => {
    const together = phases.filter((o) => o !== p && o.group !== undefined && o.group === p.group)
    const others = together.filter((o) => lane(o) !== lane(p)).map((o) => o.name)
    const before = together.filter((o) => lane(o) === lane(p) && phases.indexOf(o) < phases.indexOf(p)).map((o) => o.name)
    return `${others.length ? ` (beside ${others.join(', ')})` : ''}${before.length ? ` (after ${before.join(', ')})` : ''}`
  }
  for (const p of phases) lines.push(`  ${p.name.padEnd(width)}  ${p.seconds.toFixed(1).padStart(7)}  ${cpu(p)}${machine(p)}${p.status === 0 ? 'passed' : `FAILED (exit ${p.status})`}${beside(p)}`)
  // Wall clock: a group counts as its longest lane, a lane as the sum of its phases.
  const lanes = new Map<string, number>()
  for (const [i, p] of phases.entries()) {
    const key = p.group === undefined ? `alone ${i}` : `group ${p.group}|${lane(p)}`
    lanes.set(key, (lanes.get(key) ?? 0) + p.seconds)
  }
  const longest = new Map<string, number>()
  for (const [key, seconds] of lanes) {
    const group = key.replace(/\|.*$/, '')
    longest.set(group, Math.max(longest.get(group) ?? 0, seconds))
  }
  const total = [...longest.values()].reduce((sum, s) => sum + s, 0)
  lines.push(`  ${'total'.padEnd(width)}  ${total.toFixed(1).padStart(7)}  ${(total / 60).toFixed(1)} min`)
  const slowTests = [...times.tests].sort((a, b) => b.ms - a.ms).slice(0, top)
  if (slowTests.length) {
    lines.push('', `The ${slowTests.length} slowest tests (seconds)`)
    for (const t of slowTests) lines.push(`  ${seconds(t.ms)}  ${t.suite.padEnd(11)}  ${clip(`${t.file} > ${t.title}`, 150)}`)
  }
  const slowFiles = [...times.files].sort((a, b) => b.ms - a.ms).slice(0, top)
  if (slowFiles.length) {
    lines.push('', `The ${slowFiles.length} slowest Vitest files (seconds, import and setup included)`)
    for (const f of slowFiles) lines.push(`  ${seconds(f.ms)}  ${f.suite.padEnd(11)}  ${f.file} (${f.tests} tests)`)
  }
  const failed = times.tests.filter((t) => t.failure !== undefined)
  if (failed.length) {
    lines.push('', `The ${failed.length} tests that did not pass`)
    for (const t of failed) lines.push(`  ${t.suite.padEnd(11)}  ${clip(`${t.file} > ${t.title}`, 150)}`, `               ${clip(t.failure ?? '', 200)}`)
  }
  for (const p of phases) {
    const tail = tails[p.name]
    if (p.status === 0 || !tail?.length) continue
    lines.push('', `What the failed phase ${p.name} printed last (${tail.length} lines)`)
    for (const line of tail) lines.push(`  | ${clip(line, 200)}`)
  }
  return lines.join('\n')
}

/** The phases of the last `tests/ci/phases.ts` run, or none. */
export function readPhases(dir: string = reportsDir): Phase[] {
  const json = readJson(join(dir, 'phases.json'))
  return Array.isArray(json) ? (json as Phase[]) : []
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(formatReport(readPhases(), collectTimes()))
}
