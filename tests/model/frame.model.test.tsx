// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor } from 'xstate'
import { frameMachine } from '../../machines/frame.ts'
import { timing } from '../../machines/timing.ts'
import { frameMountActor } from '../../ui/assemble/frameClient.ts'
import { buildModelPaths, coverageReport, delayedEvents, formatCoverage, stateKey, type ModelPath } from './coverage.ts'
import { delayOf, frameFixture } from './frameFixture.ts'

/**
 * Model-based test of the frame machine (spec §4 "Embedded frame"): every path of the chart walked against the real
 * transport and its iframe, the frame page faked in happy-dom. Gestures: `frame.load` is an email action's need of
 * the frame (the client sends it); `frame.ready` the frame page posting FRAME_READY from its window at the secure
 * origin; `frame.reloading` the client's report that the page answered APP_RELOAD; the delays are the manual clock; `frame.requestTimedOut` the client's report of a request's 120 s,
 * `frame.providerError` its report of a refusal with one of the provider's errors (each alert's key). Run in
 * debug mode (alerts) and not.
 */
const providerErrors = (['SESSION_EXPIRED', 'ORIGIN_NOT_ALLOWED', 'INVALID_PROJECT_ID'] as const).map((key) => ({ type: 'frame.providerError', key }))
const events = (snapshot: any) => {
  const key = stateKey(snapshot)
  const byState: Record<string, Array<{ type: string }>> = {
    '"notReady"': [{ type: 'frame.load' }, { type: 'frame.requestTimedOut' }, ...providerErrors],
    '{"live":"loading"}': [{ type: 'frame.ready' }],
    '{"live":"ready"}': [{ type: 'frame.reloading' }],
    '"failed"': [{ type: 'frame.load' }, { type: 'frame.requestTimedOut' }, ...providerErrors],
  }
  return [...(byState[key] ?? []), ...delayedEvents(snapshot)]
}
const serialize = (s: any) => JSON.stringify({ v: s.value, a: s.context.alerted })
const runs: Array<ReturnType<typeof buildModelPaths> & { debug: boolean }> = []
for (const debug of [true, false]) runs.push({ debug, ...buildModelPaths(frameMachine, { events, serialize, input: { debug }, covered: runs }) })

test('coverage: every state and every transition of the frame chart', () => {
  const report = coverageReport(frameMachine, runs)
  console.log(formatCoverage('frame', report))
  expect(report.states.missing).toEqual([])
  expect(report.transitions.missing).toEqual([])
})

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
afterEach(() => vi.useRealTimers())

function walk(path: ModelPath, debug: boolean) {
  const f = frameFixture()
  const actor = createActor(frameMachine.provide({ actors: { mount: frameMountActor(() => f.transport) } }), { input: { debug } })
  const alerts: string[] = []
  actor.on('frame.alert', (e) => alerts.push(e.key))
  actor.start()
  try {
    for (const step of path.steps) {
      const type = step.event.type
      if (type === 'frame.ready') f.ready()
      else if (type.startsWith('xstate.after.')) vi.advanceTimersByTime(delayOf(type, { iframeLoadTimeout: timing.iframeLoadTimeout, iframeReadyDelay: timing.iframeReadyDelay }))
      else actor.send(step.event as never)
      expect(stateKey(actor.getSnapshot())).toBe(step.state)
      // The iframe exists exactly while the chart is live; alerts only in debug mode.
      expect(document.querySelectorAll('iframe[data-latchkey-frame]').length).toBe(actor.getSnapshot().matches('live') ? 1 : 0)
      if (!debug) expect(alerts).toEqual([])
    }
  } finally {
    actor.stop()
    f.transport.destroy()
  }
}

for (const run of runs) {
  describe(`frame model (debug ${run.debug})`, () => {
    for (const path of run.paths) {
      test(`walk: ${path.steps.map((s) => s.event.type).join(' → ') || '(initial)'} ⇒ ${path.target}`, () => walk(path, run.debug))
    }
  })
}
