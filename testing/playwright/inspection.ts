/**
 * The kit's view of the modal's charts in a page: an init script that defines `globalThis.latchkeyTestInspect`, an
 * XState inspection observer the dapp passes to `createModal({ inspect })` (undefined outside the kit's tests, so the
 * option does nothing in production). It keeps, per actor system id, the last state value (what `modal.chartState`
 * reads) and, per machine id, how often each state node was entered and each transition taken (named as the inspector
 * names them), kept across reloads in sessionStorage. The `latchkeyCoverage` fixture writes them per test.
 */
import type { Page } from '@playwright/test'

/** The counts per machine id, as latchkey/inspect's recorder counts them. */
export type RecordedCoverage = Record<string, { states: Record<string, number>; transitions: Record<string, number> }>

/** What the hook keeps in the page (`globalThis.__latchkeyTest`). */
type HookState = { values: Record<string, unknown>; coverage: RecordedCoverage }

/** The init script (runs in the page, serialised by Playwright: self-contained). */
export function inspectionHook(): void {
  const w = globalThis as unknown as { __latchkeyTest?: HookState; latchkeyTestInspect?: (event: unknown) => void; top?: unknown; sessionStorage?: Storage }
  if (w.__latchkeyTest || (w.top !== undefined && w.top !== globalThis)) return
  const key = 'latchkey-test-coverage'
  let saved: RecordedCoverage = {}
  try {
    saved = JSON.parse(w.sessionStorage?.getItem(key) ?? '{}') as RecordedCoverage
  } catch {
    saved = {}
  }
  const state: HookState = { values: {}, coverage: saved }
  w.__latchkeyTest = state
  globalThis.addEventListener?.('pagehide', () => w.sessionStorage?.setItem(key, JSON.stringify(state.coverage)))
  type NodeLike = { id: string; transitions: Map<string, unknown[]>; always?: unknown[] }
  type Event = {
    type: string
    actorRef: { systemId?: string; logic?: { id?: unknown; root?: unknown } }
    snapshot?: { value?: unknown; _nodes?: NodeLike[] }
    _transitions?: Array<NodeLike & { source: NodeLike; eventType: string }>
  }
  const bump = (record: Record<string, number>, id: string) => void (record[id] = (record[id] ?? 0) + 1)
  w.latchkeyTestInspect = (raw: unknown) => {
    try {
      const event = raw as Event
      const logic = event.actorRef.logic
      if (!logic || typeof logic.id !== 'string' || !logic.root) return
      const counts = (state.coverage[logic.id] ??= { states: {}, transitions: {} })
      if (event.type === '@xstate.microstep') {
        for (const t of event._transitions ?? []) {
          const list = t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? [])
          bump(counts.transitions, `${t.source.id} --${t.eventType === '' ? 'always' : t.eventType}[${list.indexOf(t)}]`)
          bump(counts.states, t.source.id)
        }
      }
      if (event.type === '@xstate.snapshot' && event.snapshot) {
        for (const node of event.snapshot._nodes ?? []) counts.states[node.id] ??= 1
        if (typeof event.actorRef.systemId === 'string') state.values[event.actorRef.systemId] = JSON.parse(JSON.stringify(event.snapshot.value ?? null))
      }
    } catch {
      // A value the hook cannot read is not worth breaking the page for.
    }
  }
}

/** The chart's last state value in the page (by its actor's system id), or undefined before the actor ran. */
export function chartStateIn(page: Page, systemId: string): Promise<unknown> {
  return page.evaluate((id) => (globalThis as unknown as { __latchkeyTest?: HookState }).__latchkeyTest?.values[id], systemId)
}

/** The counts recorded in the page so far (empty when the page does not pass the hook to `createModal`). */
export async function recordedCoverage(page: Page): Promise<RecordedCoverage> {
  if (page.isClosed()) return {}
  return page.evaluate(() => (globalThis as unknown as { __latchkeyTest?: HookState }).__latchkeyTest?.coverage ?? {}).catch(() => ({}))
}

/**
 * The `latchkeyCoverage` fixture (automatic): adds the hook before the page's scripts, and after the test writes what
 * it recorded to `latchkey-coverage.json` in the test's output directory (nothing when the page has no hook), which
 * `latchkey-testing coverage test-results` reads.
 */
export async function recordCoverage(page: Page, use: () => Promise<void>, testInfo: { outputPath(...parts: string[]): string; titlePath: string[] }): Promise<void> {
  await page.addInitScript(inspectionHook)
  await use()
  const coverage = await recordedCoverage(page)
  if (Object.keys(coverage).length === 0) return
  const { writeFile } = await import('node:fs/promises')
  await writeFile(testInfo.outputPath('latchkey-coverage.json'), `${JSON.stringify({ format: 'latchkey-coverage', version: 1, test: testInfo.titlePath.join(' › '), coverage })}\n`)
}
