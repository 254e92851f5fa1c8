/**
 * The `latchkey-testing` command (package.json "bin"; Node-only, built to dist/lib/testing-cli.js):
 *
 * - `latchkey-testing generate --out <dir> [--config <file>]`: reads the config (default
 *   `latchkey-testing.config.json`) and writes one Playwright spec per chart into `<dir>` (docs/guide/testing.md,
 *   "Generating journeys").
 * - `latchkey-testing coverage [<dir>] [--min-transitions <percent>]`: reads every `latchkey-coverage.json` under
 *   `<dir>` (default `test-results`) and prints, per chart, the states and transitions the suite visited and the
 *   missing ones; exits 1 when a chart is under the threshold ("Coverage").
 *
 * Exit codes: 0 done, 1 a typed error (its message printed), 2 a usage error.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { CoverageReportError, GenerateConfigError } from './errors.ts'
import { belowThreshold, coverageOf, formatCoverage, parseCoverageRecord } from './generate/coverage.ts'
import { generate, parseConfig } from './generate/index.ts'
import { BaseError } from '../kernel/errors.ts'

const usage = `Usage:
  latchkey-testing generate --out <dir> [--config <file>]
  latchkey-testing coverage [<dir>] [--min-transitions <percent>]`

/** `--name value` flags and the positional arguments. */
function parseArgs(args: readonly string[]): { flags: Record<string, string>; positional: string[] } {
  const flags: Record<string, string> = {}
  const positional: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg.startsWith('--')) flags[arg.slice(2)] = args[++i] ?? ''
    else positional.push(arg)
  }
  return { flags, positional }
}

/** Reads and checks a config file. @throws GenerateConfigError for a missing file, bad JSON or a bad field. */
export function readConfig(file: string) {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (cause) {
    throw new GenerateConfigError('(file)', `cannot read ${file}`, { cause })
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (cause) {
    throw new GenerateConfigError('(file)', `${file} is not JSON`, { cause })
  }
  return parseConfig(json)
}

function findRecords(dir: string): string[] {
  let entries: string[]
  try {
    entries = readdirSync(dir)
  } catch {
    return []
  }
  return entries.sort().flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? findRecords(path) : name === 'latchkey-coverage.json' ? [path] : []
  })
}

/**
 * Runs the command with `args` (without `node` and the script), writing to `out`.
 * @returns The exit code.
 */
export function main(args: readonly string[], out: (line: string) => void = console.log): number {
  const [command, ...rest] = args
  const { flags, positional } = parseArgs(rest)
  try {
    if (command === 'generate') {
      if (!flags.out) {
        out(usage)
        return 2
      }
      const config = readConfig(resolve(flags.config ?? 'latchkey-testing.config.json'))
      const dir = resolve(flags.out)
      mkdirSync(dir, { recursive: true })
      for (const file of generate(config)) {
        writeFileSync(join(dir, file.file), file.text)
        out(`${join(flags.out, file.file)}: ${file.tests} tests (${file.fired} of ${file.transitions} transitions)`)
      }
      return 0
    }
    if (command === 'coverage') {
      const dir = resolve(positional[0] ?? 'test-results')
      const files = findRecords(dir)
      if (files.length === 0) throw new CoverageReportError(`No latchkey-coverage.json under ${dir}`, { details: 'Run the suite first; the page passes inspect: globalThis.latchkeyTestInspect to createModal' })
      const records = files.map((file) => parseCoverageRecord(JSON.parse(readFileSync(file, 'utf8')), file))
      const report = coverageOf(records)
      out(formatCoverage(report, records.length))
      const min = flags['min-transitions']
      const low = min === undefined ? undefined : belowThreshold(report, Number(min))
      if (low) throw new CoverageReportError('Coverage under the threshold', { details: low })
      return 0
    }
    out(usage)
    return 2
  } catch (error) {
    if (error instanceof BaseError) {
      out(error.message)
      return 1
    }
    throw error
  }
}
