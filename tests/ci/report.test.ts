import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { collectTimes, formatReport, playwrightTimes, repoRoot, vitestTimes } from './report.ts'

const vitestJson = {
  testResults: [
    {
      name: join(repoRoot, 'ui/a.test.ts'),
      startTime: 1000,
      endTime: 4500,
      assertionResults: [
        { fullName: 'a > behavior: fast', title: 'behavior: fast', duration: 12 },
        { fullName: 'a > behavior: slow', title: 'behavior: slow', duration: 3000 },
      ],
    },
    { name: join(repoRoot, 'machines/b.test.ts'), startTime: 0, endTime: 900, assertionResults: [{ title: 'b', ancestorTitles: ['B'], duration: null }] },
  ],
}
const playwrightJson = {
  suites: [
    {
      title: 'connect.spec.ts',
      file: 'connect.spec.ts',
      specs: [{ title: 'connects', file: 'connect.spec.ts', tests: [{ results: [{ duration: 7000 }] }] }],
      suites: [{ title: 'retried', file: 'connect.spec.ts', specs: [{ title: 'twice', file: 'connect.spec.ts', tests: [{ results: [{ duration: 1000 }, { duration: 1500 }] }] }] }],
    },
  ],
}

let dir: string | undefined
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

describe('CI report', () => {
  test('behavior: Vitest tests and files are read with their durations, paths relative to the repository', () => {
    const { tests, files } = vitestTimes(vitestJson, 'unit')
    expect(tests).toEqual([
      { suite: 'unit', file: 'ui/a.test.ts', title: 'a > behavior: fast', ms: 12 },
      { suite: 'unit', file: 'ui/a.test.ts', title: 'a > behavior: slow', ms: 3000 },
      { suite: 'unit', file: 'machines/b.test.ts', title: 'B > b', ms: 0 },
    ])
    expect(files).toEqual([
      { suite: 'unit', file: 'ui/a.test.ts', ms: 3500, tests: 2 },
      { suite: 'unit', file: 'machines/b.test.ts', ms: 900, tests: 1 },
    ])
  })

  test('behavior: Playwright tests are read through nested suites, a retried test counting every run', () => {
    expect(playwrightTimes(playwrightJson, 'e2e')).toEqual([
      { suite: 'e2e', file: 'connect.spec.ts', title: 'connects', ms: 7000 },
      { suite: 'e2e', file: 'connect.spec.ts', title: 'retried > twice', ms: 2500 },
    ])
  })

  test('behavior: the report lists the phases with a total, a failed phase marked, then the slowest tests and files', () => {
    dir = mkdtempSync(join(tmpdir(), 'latchkey-report-'))
    writeFileSync(join(dir, 'vitest-unit.json'), JSON.stringify(vitestJson))
    writeFileSync(join(dir, 'e2e.json'), JSON.stringify(playwrightJson))
    writeFileSync(join(dir, 'vitest-integration.json'), '{ not json') // a phase killed while writing: skipped
    const text = formatReport(
      [
        { name: 'install', seconds: 80.25, status: 0 },
        { name: 'test:unit', seconds: 100, status: 1 },
      ],
      collectTimes(dir),
      2,
    )
    expect(text).toMatchInlineSnapshot(`
      "Phases
        phase      seconds  result
        install       80.3  passed
        test:unit    100.0  FAILED (exit 1)
        total        180.3  3.0 min

      The 2 slowest tests (seconds)
            7.0  e2e          connect.spec.ts > connects
            3.0  unit         ui/a.test.ts > a > behavior: slow

      The 2 slowest Vitest files (seconds, import and setup included)
            3.5  unit         ui/a.test.ts (2 tests)
            0.9  unit         machines/b.test.ts (1 tests)"
    `)
  })

  test('behavior: tests that did not pass are listed last with their status and the first line of their error', () => {
    const failedVitest = {
      testResults: [
        {
          name: join(repoRoot, 'ui/c.test.ts'),
          assertionResults: [
            { title: 'ok', status: 'passed', duration: 1 },
            { title: 'broken', status: 'failed', duration: 2, failureMessages: ['\n\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at c.test.ts:3'] },
          ],
        },
      ],
    }
    const failedPlaywright = {
      suites: [
        {
          title: 'send.spec.ts',
          file: 'send.spec.ts',
          specs: [
            { title: 'sends', tests: [{ results: [{ duration: 60000, status: 'timedOut', error: { message: 'Test timeout of 60000ms exceeded.' } }] }] },
            { title: 'skipped', tests: [{ results: [{ duration: 0, status: 'skipped' }] }] },
          ],
        },
      ],
    }
    const tests = [...vitestTimes(failedVitest, 'unit').tests, ...playwrightTimes(failedPlaywright, 'e2e')]
    expect(tests.filter((t) => t.failure).map((t) => [t.title, t.failure])).toEqual([
      ['broken', 'failed: AssertionError: expected 1 to be 2'],
      ['sends', 'timedOut: Test timeout of 60000ms exceeded.'],
    ])
    const text = formatReport([{ name: 'test:e2e', seconds: 60, status: 1 }], { tests, files: [] }, 1)
    expect(text.split('\n').slice(-5)).toEqual([
      'The 2 tests that did not pass',
      '  unit         ui/c.test.ts > broken',
      '               failed: AssertionError: expected 1 to be 2',
      '  e2e          send.spec.ts > sends',
      '               timedOut: Test timeout of 60000ms exceeded.',
    ])
  })

  test('bad input: a Vitest file that failed outside its tests (an import that threw) is listed as the file', () => {
    const json = { testResults: [{ name: join(repoRoot, 'ui/d.test.ts'), status: 'failed', message: '\u001b[31mError: Cannot find module ./gone.ts\u001b[39m\n  at d.test.ts:1', assertionResults: [] }] }
    expect(vitestTimes(json, 'integration').tests).toEqual([{ suite: 'integration', file: 'ui/d.test.ts', title: '(the file, outside its tests)', ms: 0, failure: 'failed: Error: Cannot find module ./gone.ts' }])
  })

  test('behavior: a failed phase with what it printed last ends the report (an unhandled error no report file holds)', () => {
    const text = formatReport(
      [
        { name: 'test:unit', seconds: 10, status: 0 },
        { name: 'test:integration', seconds: 20, status: 1 },
      ],
      { tests: [], files: [] },
      15,
      { 'test:unit': ['all fine'], 'test:integration': ['Unhandled Rejection', 'Error: socket hang up'] },
    )
    expect(text.split('\n').slice(-3)).toEqual(['What the failed phase test:integration printed last (2 lines)', '  | Unhandled Rejection', '  | Error: socket hang up'])
    expect(text).not.toContain('all fine')
  })

  test('behavior: with CPU measured, each phase shows its CPU seconds and the cores it kept busy (CPU ÷ wall)', () => {
    const text = formatReport(
      [
        { name: 'install', seconds: 80, status: 0 },
        { name: 'test:e2e', seconds: 100, status: 0, cpuSeconds: 150 },
      ],
      { tests: [], files: [] },
    )
    expect(text.split('\n').slice(1, 4)).toEqual(['  phase     seconds      cpu  cores  result', '  install      80.0                  passed', '  test:e2e    100.0    150.0   1.50  passed'])
  })
  test('behavior: with the machine measured, each phase shows the cores the whole machine kept busy while its group ran', () => {
    const text = formatReport(
      [
        { name: 'install', seconds: 80, status: 0 },
        { name: 'test:e2e', seconds: 100, status: 0, cpuSeconds: 50, machineCores: 1.93, group: 4 },
        { name: 'examples', seconds: 60, status: 0, cpuSeconds: 30, machineCores: 1.93, group: 4 },
      ],
      { tests: [], files: [] },
    )
    expect(text.split('\n').slice(1, 5)).toEqual([
      '  phase     seconds      cpu  cores  machine  result',
      '  install      80.0                           passed',
      '  test:e2e    100.0     50.0   0.50     1.93  passed (beside examples)',
      '  examples     60.0     30.0   0.50     1.93  passed (beside test:e2e)',
    ])
  })

  test('behavior: phases run side by side count once in the total (the longest of their group) and say beside what they ran', () => {
    const text = formatReport(
      [
        { name: 'install', seconds: 80, status: 0 },
        { name: 'test:e2e', seconds: 600, status: 0, group: 2 },
        { name: 'test:examples', seconds: 150, status: 1, group: 2 },
      ],
      { tests: [], files: [] },
    )
    expect(text.split('\n').slice(1, 6)).toEqual([
      '  phase          seconds  result',
      '  install           80.0  passed',
      '  test:e2e         600.0  passed (beside test:examples)',
      '  test:examples    150.0  FAILED (exit 1) (beside test:e2e)',
      '  total            680.0  11.3 min',
    ])
  })

  test('behavior: a lane of a group counts as the sum of its phases, the group as its longest lane, and each phase says what ran beside it and before it', () => {
    const text = formatReport(
      [
        { name: 'install', seconds: 80, status: 0 },
        { name: 'test:integration', seconds: 300, status: 0, group: 2, lane: 0 },
        { name: 'test:examples', seconds: 200, status: 0, group: 2, lane: 1 },
        { name: 'test:e2e', seconds: 400, status: 1, group: 2, lane: 1 },
      ],
      { tests: [], files: [] },
    )
    expect(text.split('\n').slice(1, 7)).toEqual([
      '  phase             seconds  result',
      '  install              80.0  passed',
      '  test:integration    300.0  passed (beside test:examples, test:e2e)',
      '  test:examples       200.0  passed (beside test:integration)',
      '  test:e2e            400.0  FAILED (exit 1) (beside test:integration) (after test:examples)',
      '  total               680.0  11.3 min',
    ])
  })

  test('behavior: a missing reports folder gives no tests, not an error', () => {
    expect(collectTimes(join(tmpdir(), 'latchkey-no-such-dir'))).toEqual({ tests: [], files: [] })
  })
})
