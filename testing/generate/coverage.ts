/**
 * `latchkey-testing coverage <dir>`: which states and transitions of each chart a dapp's suite visited. The kit's
 * Playwright fixture records the modal's actors through XState's inspection API (the page passes
 * `inspect: globalThis.latchkeyTestInspect` to `createModal`) and writes one `latchkey-coverage.json` per test into
 * its output directory; this reads them all, merges the counts and measures them against each chart's definition
 * (states and transitions named as the inspector and the model walks name them, `<node> --<event>[<index>]`).
 */
import type { AnyStateMachine } from 'xstate'
import * as v from 'valibot'
import { connectionMachine } from '../../machines/connection.ts'
import { networkMachine } from '../../machines/network.ts'
import { sendMachine } from '../../machines/send.ts'
import { siwxMachine } from '../../machines/siwx.ts'
import { machineToGraph } from '../../inspect/graph.ts'
import { coverageSummary, mergeCoverage, type CoverageSummary } from '../../inspect/session.ts'
import type { Coverage } from '../../inspect/recorder.ts'
import { CoverageReportError } from '../errors.ts'

/** The charts the report measures, by machine id. */
export const COVERED_CHARTS: Record<string, AnyStateMachine> = {
  connection: connectionMachine as AnyStateMachine,
  network: networkMachine as AnyStateMachine,
  siwx: siwxMachine as AnyStateMachine,
  send: sendMachine as AnyStateMachine,
}

/** Every transition of `machine` as the report names it. */
export function transitionIds(machine: AnyStateMachine): string[] {
  return machineToGraph(machine).edges.map((e) => e.id)
}

const counts = v.record(v.string(), v.pipe(v.number(), v.integer(), v.minValue(0)))
const recordSchema = v.object({ format: v.literal('latchkey-coverage'), version: v.literal(1), test: v.string(), coverage: v.record(v.string(), v.object({ states: counts, transitions: counts })) })
/** One test's recording, as the fixture writes it. */
export type CoverageRecord = v.InferOutput<typeof recordSchema>

/**
 * Reads one recorded file's parsed JSON.
 * @throws CoverageReportError when it is not a recording of the kit (`file` names it).
 */
export function parseCoverageRecord(input: unknown, file: string): CoverageRecord {
  const result = v.safeParse(recordSchema, input)
  if (!result.success) throw new CoverageReportError(`${file} is not a latchkey coverage recording`, { details: result.issues[0].message })
  return result.output
}

/** A chart's figures. */
export type ChartCoverage = { chart: string } & CoverageSummary

/** The figures of every chart over the merged recordings. */
export function coverageOf(records: readonly CoverageRecord[], charts: readonly string[] = Object.keys(COVERED_CHARTS)): ChartCoverage[] {
  const merged = records.reduce<Coverage>((all, r) => mergeCoverage(all, r.coverage), {})
  return charts.map((chart) => ({ chart, ...coverageSummary(machineToGraph(COVERED_CHARTS[chart]!), merged[chart]) }))
}

/** The report as text: per chart `states x/y, transitions x/y` and the missed ones. */
export function formatCoverage(report: readonly ChartCoverage[], tests: number): string {
  const pct = (a: number, b: number) => (b === 0 ? 100 : Math.round((a / b) * 100))
  const lines = [`latchkey coverage of ${tests} test${tests === 1 ? '' : 's'}:`]
  for (const r of report) {
    lines.push(
      `  ${r.chart}: states ${r.states.visited}/${r.states.total} (${pct(r.states.visited, r.states.total)}%), transitions ${r.transitions.visited}/${r.transitions.total} (${pct(r.transitions.visited, r.transitions.total)}%)`,
    )
    if (r.states.missed.length) lines.push(`    states not visited: ${r.states.missed.join(', ')}`)
    if (r.transitions.missed.length) lines.push(`    transitions not taken: ${r.transitions.missed.join(', ')}`)
  }
  return lines.join('\n')
}

/**
 * The charts under a threshold (percent of transitions taken), as one message; none when all meet it.
 */
export function belowThreshold(report: readonly ChartCoverage[], minTransitions: number): string | undefined {
  const low = report.filter((r) => r.transitions.total > 0 && (r.transitions.visited / r.transitions.total) * 100 < minTransitions)
  return low.length ? `${low.map((r) => r.chart).join(', ')} below ${minTransitions}% of transitions` : undefined
}
