import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { main } from './cli.ts'

const config = {
  url: '/',
  networks: [
    { chainId: 31337, name: 'Anvil Local' },
    { chainId: 31338, name: 'Anvil Local 2' },
  ],
  charts: ['connection', 'network'],
}

/** Runs the command in a fresh directory; returns its exit code, printed lines and the directory. */
function run(args: string[], files: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'latchkey-cli-'))
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true })
    writeFileSync(join(dir, name), text)
  }
  const lines: string[] = []
  const code = main(
    args.map((a) => a.replace('<dir>', dir)),
    (line) => lines.push(line),
  )
  return { code, out: lines.join('\n'), dir }
}

describe('latchkey-testing', () => {
  test('behavior: generate writes one spec per chart of the config and says how many tests each has', () => {
    const { code, out, dir } = run(['generate', '--out', '<dir>/tests/latchkey', '--config', '<dir>/latchkey-testing.config.json'], { 'latchkey-testing.config.json': JSON.stringify(config) })
    expect(code).toBe(0)
    expect(out).toMatch(/connection\.spec\.ts: 7 tests/)
    expect(readFileSync(join(dir, 'tests/latchkey/network.spec.ts'), 'utf8')).toContain("test.describe('network chart'")
  })

  test('behavior: a bad config exits 1 with the field named; a missing --out is a usage error (2)', () => {
    const bad = run(['generate', '--out', '<dir>/out', '--config', '<dir>/c.json'], { 'c.json': JSON.stringify({ ...config, networks: [{ chainId: 0, name: 'x' }] }) })
    expect(bad.code).toBe(1)
    expect(bad.out).toContain('Invalid latchkey-testing config: networks[0].chainId')
    expect(run(['generate', '--config', '<dir>/c.json']).code).toBe(2)
    expect(run(['generate', '--out', '<dir>/out', '--config', '<dir>/missing.json']).out).toContain('Invalid latchkey-testing config: (file)')
  })

  test('behavior: coverage prints each chart from the recorded runs, exits 1 under --min-transitions, and 1 with nothing recorded', () => {
    const record = { format: 'latchkey-coverage', version: 1, test: 't', coverage: { siwx: { states: { 'siwx.idle': 1 }, transitions: { 'siwx --root.account[0]': 1 } } } }
    const files = { 'test-results/a/latchkey-coverage.json': JSON.stringify(record) }
    const report = run(['coverage', '<dir>/test-results'], files)
    expect(report.code).toBe(0)
    expect(report.out).toMatch(/^latchkey coverage of 1 test:\n {2}connection: states 0\/\d+/)
    expect(report.out).toMatch(/siwx: states 1\/11 \(9%\), transitions 1\/24 \(4%\)/)
    const low = run(['coverage', '<dir>/test-results', '--min-transitions', '50'], files)
    expect(low.code).toBe(1)
    expect(low.out).toContain('connection, network, siwx, send below 50% of transitions')
    expect(run(['coverage', '<dir>/nothing']).out).toContain('No latchkey-coverage.json under')
  })
})
