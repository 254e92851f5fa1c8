/**
 * The phone profile on two builds of the library-only page and on RainbowKit's, visits taking turns in one browser
 * (`npm run bench -- --phone-compare=<dir>`): a change measured against the code before it on a shared, loaded machine,
 * where one run's medians move by 20–30 % from the next. Round after round, one visit of each kind (phone.ts) on each
 * page in turn, so that the machine's load drifts over all alike; medians with min–max per page, and the load average.
 * `<dir>` holds the other build: `npm run bench -- --build-fixture=<dir>` in the other checkout makes it.
 */
import { loadavg } from 'node:os'
import type { Browser } from 'playwright'
import { measurePhone, type PhoneRun, type PhoneVisit } from './phone.ts'
import { ratio, renderTable, summarize } from './report.ts'
import type { StaticServer } from './serve.ts'

/** One page of the comparison: its column's name and its server. */
type ComparedPage = { name: string; server: StaticServer }

/** Each page's runs by kind, and the 1-minute load average before each visit round of each page. */
type PhoneComparison = { runs: Map<string, Record<PhoneVisit, PhoneRun[]>>; loads: number[] }

/** `rounds` rounds; in each, {@link measurePhone}'s one visit of each of `kinds` on every page in turn. */
export async function measurePhoneCompared(browser: Browser, pages: readonly ComparedPage[], rounds: number, kinds: readonly PhoneVisit[]): Promise<PhoneComparison> {
  const runs = new Map(pages.map((p) => [p.name, { idle: [], cold: [], asap: [] } as Record<PhoneVisit, PhoneRun[]>]))
  const loads: number[] = []
  for (let round = 0; round < rounds; round++) {
    for (const page of pages) {
      loads.push(loadavg()[0] ?? 0)
      const one = await measurePhone(browser, page.server, 1, kinds)
      for (const kind of kinds) runs.get(page.name)![kind].push(...one[kind])
    }
    console.log(`  round ${round + 1} of ${rounds} done (load ${(loadavg()[0] ?? 0).toFixed(1)})`)
  }
  return { runs, loads }
}

/** The comparison's rows: each page's median (min–max), and each latchkey page against the last page (RainbowKit). */
export function reportPhoneCompared({ runs, loads }: PhoneComparison, kinds: readonly PhoneVisit[]): void {
  const names = [...runs.keys()]
  const peer = names.at(-1)!
  const rows: Array<[string, PhoneVisit, 'tapToRow' | 'toRow' | 'toButton' | 'roundTrips' | 'bytesAfter' | 'bytesToRow']> = [
    ['navigation → Connect button painted', 'idle', 'toButton'],
    ['tap → first wallet row, after the idle prefetch', 'idle', 'tapToRow'],
    ['tap → first wallet row, cold (Save-Data)', 'cold', 'tapToRow'],
    ['navigation → first row, tapping as soon as the button shows', 'asap', 'toRow'],
    ['  its tap → first row (the rest: navigation → the tap)', 'asap', 'tapToRow'],
    ['round trips from the tap to the row, cold', 'cold', 'roundTrips'],
    ['bytes after the tap, cold (B, gzip as served)', 'cold', 'bytesAfter'],
    ['bytes from the tap until the row painted, cold (B)', 'cold', 'bytesToRow'],
  ]
  const cell = (values: number[]) => {
    if (values.length === 0) return 'not measured'
    const s = summarize(values)
    return `${Math.round(s.median)} (${Math.round(s.min)}–${Math.round(s.max)})`
  }
  const median = (values: number[]) => (values.length ? summarize(values).median : undefined)
  const kept = rows.filter(([, kind]) => kinds.includes(kind))
  console.log(`\n  Phone profile, pages taking turns: median (min–max) of ${runs.get(peer)?.[kinds[0]!].length ?? 0} visits each\n`)
  console.log(
    renderTable(
      ['Measure', ...names, ...names.slice(0, -1).map((n) => `${n} / ${peer}`)],
      kept.map(([label, kind, key]) => {
        const of = (name: string) => runs.get(name)![kind].map((r) => r[key])
        return [label, ...names.map((n) => cell(of(n))), ...names.slice(0, -1).map((n) => ratio(median(of(n)), median(of(peer))))]
      }),
    ),
  )
  const s = summarize(loads)
  console.log(`  Load average (1 min) before the visits: ${s.min.toFixed(1)}–${s.max.toFixed(1)}, median ${s.median.toFixed(1)}.`)
}
