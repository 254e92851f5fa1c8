// @vitest-environment happy-dom
import { waitFor } from './until.ts'
import { afterAll, afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from 'vitest'
import { alerts, remoteConfigMachine, type AlertKey, type RemoteConfigContext } from '../../machines/remoteConfig.ts'
import { timing } from '../../machines/timing.ts'
import { defaultFeatures, resolveFeatures, type Features } from '../../services/features.ts'
import { describeWalks, featureOf, followFeature, onHeld, renderApp, toastText, type App } from './app.tsx'
import { buildModelPaths, coverageReport, firedTransitions, formatCoverage, stateKey, type ModelPath, type Step, type TransitionId } from './coverage.ts'
import { TestFailure } from '../harness/failures.ts'

/**
 * Model-based tests of the remote config machine (spec §6 feature access, §7 allowed-origins fetch, §8 alerts),
 * walked through the UI: its one visitor gesture is opening the modal (the config is fetched on the first opening
 * only, never before); the rest is the reference server's directory answering the two calls of the config actor
 * (`/directory/appkit/v1/config`, `/directory/projects/v1/origins`), held by the gates and then let through or
 * answered with what a server says when it rate-limits (429), breaks (503) or lists the page's origin. Alerts
 * show in debug mode, as an error toast and a console warning each.
 *
 * The page is happy-dom's (`location.origin`, `http://localhost:3000`): the reference server lists the demo's
 * loopback origins, not it, so letting the origins call through is an origin not on the allowlist.
 *
 * Not reachable from any gesture: `loading --xstate.error.actor.loadRemoteConfig` (see {@link unreachable}).
 *
 * Regressions (found by these walks, now fixed): basic mode kept analytics on after a failed config call (it is
 * off now, as outside basic mode); and without a directory (nothing fetched) the first opening raised 'Invalid App
 * Configuration' (the assembly's `*`, "any origin", now allows any origin).
 */
type ModelEvent = { type: string; [key: string]: unknown }

const CONFIG = 'api:/directory/appkit/v1/config'
const ORIGINS = 'api:/directory/projects/v1/origins'
const held = [CONFIG, ORIGINS]
/** The remote config of the reference server's projects (dev/api/dataset.ts `defaultFeatures`). */
const serverFeatures = { email: true, socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'], swaps: true, onramp: true, activity: true, reownBranding: true, multiWallet: false, analytics: true }
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/**
 * The transitions no gesture produces, with the reason. The config actor of the assembly (ui/createModal.ts
 * `loadRemoteConfig`) never rejects: the config call's failures become `config: 'failed'`, and
 * `getAllowedOrigins` (services/directory.ts) turns 429 and 5xx into RATE_LIMITED and SERVER_ERROR and every
 * other failure (network, other status, malformed body) into an empty list. Whatever the server or the network
 * does, the actor resolves.
 */
const unreachable: Record<TransitionId, string> = {
  'remoteConfig.loading --xstate.error.actor.loadRemoteConfig[0]':
    'the assembly\'s loadRemoteConfig catches every failure of both calls (config → "failed", origins → RATE_LIMITED / SERVER_ERROR / []), so the actor never rejects',
}

type Fixture = {
  name: string
  app: Parameters<typeof renderApp>[0]
  /** What the machine starts with (as createModal builds it; the origin is the page's). */
  input: { projectId: string; local: Partial<Features>; basic: boolean }
  /** Every path of this fixture is walked, not only those covering something new (the feature rules of basic mode). */
  walkAll?: boolean
}

const origin = () => globalThis.location.origin
const fixtures: Fixture[] = [
  {
    name: 'project configured, a local option the remote config overrides (swaps off)',
    app: { directory: true, debug: true, hold: held, features: { swaps: false } },
    input: { projectId: 'model-tests', local: { swaps: false }, basic: false },
  },
  {
    name: 'no project id',
    app: { directory: true, debug: true, hold: held, projectId: '' },
    input: { projectId: '', local: {}, basic: false },
  },
  {
    name: 'basic mode',
    app: { directory: true, debug: true, hold: held, basic: true },
    input: { projectId: 'model-tests', local: {}, basic: true },
    walkAll: true,
  },
]

const ctx = (s: any) => s.context as RemoteConfigContext

/** The events a gesture can produce in a state. */
function modelEvents(s: any): ModelEvent[] {
  if (s.matches('idle')) return [{ type: 'root.opened', account: undefined, gesture: 'open' }]
  if (s.matches('loading')) {
    const config = { features: serverFeatures }
    return [
      // The project's origins call is rate-limited (the config call answers).
      { type: 'xstate.done.actor.loadRemoteConfig', output: { config, origins: 'RATE_LIMITED' }, answer: 'rateLimited' },
      // The directory fails with a 5xx.
      { type: 'xstate.done.actor.loadRemoteConfig', output: { config, origins: 'SERVER_ERROR' }, answer: 'serverError' },
      // Both calls go through: the server does not list happy-dom's origin.
      { type: 'xstate.done.actor.loadRemoteConfig', output: { config, origins: ['http://127.0.0.1:5173'] }, answer: 'release' },
      // The allowlist names the page's origin; the config call fails (analytics off, local options).
      { type: 'xstate.done.actor.loadRemoteConfig', output: { config: 'failed', origins: [origin()] }, answer: 'allowed' },
    ]
  }
  return []
}

/** Both calls answered with bodies that break the contract: the config is not used, the origins are an empty list (spec §7). */
const malformed: ModelEvent = { type: 'xstate.done.actor.loadRemoteConfig', output: { config: 'failed', origins: [] }, answer: 'malformed' }

/** State values only: the context follows from the path (the same gestures, the same answers). */
const serialize = (s: any) => JSON.stringify(s.value)

const runs: Array<{ fixture: Fixture } & ReturnType<typeof buildModelPaths>> = []
for (const fixture of fixtures) {
  const input = { ...fixture.input, origin: origin() }
  runs.push({ fixture, ...buildModelPaths(remoteConfigMachine, { input, events: modelEvents as never, serialize: serialize as never, covered: fixture.walkAll ? [] : runs }) })
}

// ---------------------------------------------------------------- gestures

/** One gesture per event. */
async function perform(app: App, event: any) {
  if (event.type === 'root.opened') return app.ensureOpen()
  if (event.type === 'xstate.done.actor.loadRemoteConfig') {
    if (event.answer === 'rateLimited') {
      await onHeld(app, CONFIG, () => app.gates.release(CONFIG))
      return onHeld(app, ORIGINS, () => app.gates.answer(ORIGINS, json({ message: 'Too many requests' }, 429)))
    }
    if (event.answer === 'serverError') {
      await onHeld(app, CONFIG, () => app.gates.release(CONFIG))
      return onHeld(app, ORIGINS, () => app.gates.answer(ORIGINS, json({ message: 'Service unavailable' }, 503)))
    }
    if (event.answer === 'release') {
      await onHeld(app, CONFIG, () => app.gates.release(CONFIG))
      return onHeld(app, ORIGINS, () => app.gates.release(ORIGINS))
    }
    if (event.answer === 'malformed') {
      await onHeld(app, CONFIG, () => app.gates.answer(CONFIG, json({ features: { swaps: 'yes' } })))
      return onHeld(app, ORIGINS, () => app.gates.answer(ORIGINS, new Response('<html>not json</html>', { status: 200, headers: { 'content-type': 'text/html' } })))
    }
    if (event.answer === 'allowed') {
      await onHeld(app, CONFIG, () => app.gates.answer(CONFIG, json({ message: 'Internal error' }, 500)))
      return onHeld(app, ORIGINS, () => app.gates.answer(ORIGINS, json({ allowedOrigins: [origin()] })))
    }
  }
  throw new TestFailure(`No gesture for ${event.type}: every event of the model needs one`)
}

let warn: MockInstance<typeof console.warn>
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => warn.mockRestore())
const warned = () => warn.mock.calls.map((c) => String(c[0]))
const alertLine = (key: AlertKey) => `[latchkey] ${alerts[key].title}: ${alerts[key].message}`

/** The alert the step raises (none for the plain ready), shown once as a toast and a warning. */
const alertOf = (event: any): AlertKey | undefined =>
  event.type === 'root.opened'
    ? undefined
    : ({ rateLimited: 'RATE_LIMITED', serverError: 'SERVER_ERROR', release: 'UNVERIFIED_DOMAIN', malformed: 'UNVERIFIED_DOMAIN', allowed: undefined } as Record<string, AlertKey | undefined>)[event.answer]

/** The remote config machine, once the first opening spawned it. */
const remoteOf = (app: App) => featureOf(app, 'remoteConfig')!

/** Plain assertions after a step. */
async function check(app: App, fixture: Fixture, event: any, state: string) {
  const snapshot = remoteOf(app).getSnapshot()
  const features = ctx(snapshot).features
  if (state === stateKey({ value: 'loading' })) {
    // Both calls of the first opening, and nothing else.
    await waitFor(() => expect([app.gates.waiting(CONFIG), app.gates.waiting(ORIGINS)]).toEqual([1, 1]))
  }
  if (state === stateKey({ value: 'failed' })) {
    // No project id: the project-not-configured alert, no request, local options with analytics off.
    await waitFor(() => expect(toastText()).toContain(alerts.PROJECT_ID_NOT_CONFIGURED.title))
    expect(warned()).toContain(alertLine('PROJECT_ID_NOT_CONFIGURED'))
    expect(app.gates.waiting(CONFIG) + app.gates.waiting(ORIGINS)).toBe(0)
    expect(features).toEqual(resolveFeatures(fixture.input.local, 'failed', { basic: fixture.input.basic }).features)
    expect(features.analytics).toBe(false)
  }
  if (state === stateKey({ value: 'ready' })) {
    const key = alertOf(event)
    const lines = warned().filter((l) => l.startsWith('[latchkey]'))
    if (key) expect(lines).toContain(alertLine(key))
    // No other configuration alert (each shows once, only the one the answer calls for).
    for (const other of ['RATE_LIMITED', 'SERVER_ERROR', 'UNVERIFIED_DOMAIN', 'PROJECT_ID_NOT_CONFIGURED'] as const) {
      if (other !== key) expect(lines.filter((l) => l.startsWith(`[latchkey] ${alerts[other].title}:`))).toEqual([])
    }
    // The features: basic mode turns every remote feature off; a found config overrides local options (naming
    // them in the "Local configuration ignored" notice); a failed config keeps local options, analytics off.
    const config = event.answer === 'allowed' || event.answer === 'malformed' ? 'failed' : { features: serverFeatures }
    const expected = resolveFeatures(fixture.input.local, config as never, { basic: fixture.input.basic })
    expect(features).toEqual(expected.features)
    if (fixture.input.basic) expect(features).toMatchObject({ email: false, socials: false, swaps: false, onramp: false, activity: false, reownBranding: false, multiWallet: false })
    const ignoredNotice = lines.find((l) => l.startsWith(`[latchkey] ${alerts.LOCAL_CONFIGURATION_IGNORED.title}:`))
    if (expected.ignored.length) {
      expect(ignoredNotice).toContain("Local configuration ignored: the project's remote configuration sets swaps.")
      expect(features.swaps).toBe(true)
      // The notice comes last: the toast before it closes and the notice shows after the swap.
      app.clock.advance(timing.toastSwap)
      await waitFor(() => expect(toastText()).toContain(alerts.LOCAL_CONFIGURATION_IGNORED.title))
    } else {
      expect(ignoredNotice).toBeUndefined()
      if (key) await waitFor(() => expect(toastText()).toContain(alerts[key].title))
    }
    // Analytics turns off when the config call failed, in basic mode too (spec §4); else it follows the config.
    if (config === 'failed') expect(features.analytics).toBe(false)
    else if (fixture.input.basic) expect(features.analytics).toBe(serverFeatures.analytics)
    else expect(features).toMatchObject({ ...defaultFeatures, ...serverFeatures })
    // Opened again, nothing is fetched again and nothing changes.
    await app.close()
    await app.ensureOpen()
    await app.settle()
    expect(app.gates.waiting(CONFIG) + app.gates.waiting(ORIGINS)).toBe(0)
    expect(remoteOf(app).getSnapshot().value).toBe('ready')
    // The root holds the resolved set the views read (its flags).
    expect(app.modal.actor.getSnapshot().context.flags).toEqual(features)
  }
  if (event.type === 'root.opened') {
    // Opened again, the config is not fetched again (first opening only).
    await app.close()
    await app.ensureOpen()
    expect(app.gates.waiting(CONFIG) + app.gates.waiting(ORIGINS)).toBe(state === stateKey({ value: 'loading' }) ? 2 : 0)
  }
}

async function walk(fixture: Fixture, path: ModelPath, after?: (app: App) => Promise<void>) {
  const app = await renderApp(fixture.app)
  try {
    // The remote config machine is spawned with the first opening: followed from then on.
    const remote = followFeature(app, 'remoteConfig')
    const visited = remote.visited
    // Nothing is requested, nor the machine's code fetched, before the first opening (spec §6).
    await app.get('button', 'Connect Wallet')
    await app.settle()
    expect(remote.ref).toBeUndefined()
    expect(app.gates.waiting(CONFIG) + app.gates.waiting(ORIGINS)).toBe(0)
    for (const step of path.steps) {
      const from = Math.max(0, visited.length - 1)
      await perform(app, step.event)
      await waitFor(() => {
        if (!visited.slice(from).includes(step.state)) throw new TestFailure(`after ${step.event.type} expected ${step.state}, visited ${visited.slice(from).join(' > ')}`)
      })
      await check(app, fixture, step.event, step.state)
    }
    remote.stop()
    if (path.steps.length) expect(visited).toContain(path.target)
    await after?.(app)
  } finally {
    await app.dispose()
  }
}

const stepName = (s: Step) => {
  const e = s.event as ModelEvent
  return e.type === 'root.opened' ? 'open' : `config(${String(e.answer)})`
}

describe('remoteConfig model: walked in the UI', () => {
  afterAll(() => {
    const report = coverageReport(remoteConfigMachine, runs)
    console.log(formatCoverage('remoteConfig (model paths walked in the UI)', report))
    console.log(
      `  not reachable from the UI: ${Object.entries(unreachable)
        .map(([t, why]) => `${t} (${why})`)
        .join('; ')}`,
    )
  })

  test('coverage: the walks reach every state and fire every transition a gesture can produce; the rest is listed as unreachable', () => {
    const report = coverageReport(remoteConfigMachine, runs)
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual(Object.keys(unreachable))
  })

  describeWalks(runs, stepName, walk)

  test(`malformed answers: the config is not used (analytics off), the origins are an empty list (Invalid App Configuration): open → config(malformed)`, () =>
    walk(fixtures[0]!, {
      steps: [
        { event: { type: 'root.opened', account: undefined, gesture: 'open' }, state: '"loading"' },
        { event: malformed, state: '"ready"' },
      ],
      target: '"ready"',
    }))

  /**
   * Spec §4: "Analytics is set from project config and turns off when the config call fails"; basic mode turns
   * off the remote features (§6: email, socials, swaps, onramp, activity, reownBranding, multiWallet), not analytics.
   * services/features.ts `resolveFeatures` returned the basic features before the failed-config rule, so in basic
   * mode a failed config call left analytics on; basic mode now sets analytics from the config call too.
   */
  describe('regression (found by these walks): basic mode, the config call fails: analytics is off', () => {
    const basic = fixtures.find((f) => f.input.basic)!
    const path = runs.find((r) => r.fixture === basic)!.paths.find((p) => p.steps.some((s) => (s.event as ModelEvent).answer === 'allowed'))!
    const analytics = (app: App) => ctx(remoteOf(app).getSnapshot()).features.analytics

    test(`analytics is off after the config call failed (500), in basic mode: ${path.steps.map(stepName).join(' → ')}`, () =>
      walk(basic, path, async (app) => {
        expect(remoteOf(app).getSnapshot().value).toBe('ready')
        expect(analytics(app)).toBe(false)
        expect(app.modal.getState().features.analytics).toBe(false)
        // The remote features stay off in basic mode.
        expect(ctx(remoteOf(app).getSnapshot()).features).toMatchObject({ email: false, socials: false, swaps: false, onramp: false, activity: false, reownBranding: false, multiWallet: false })
      }))
  })

  /**
   * Without `api.directoryUrl` no remote config is fetched (createModal's option docs; spec §6: local options
   * when none is fetched). The config actor then answers `origins: ['*']`, meant as "any origin"; `isOriginAllowed`
   * matched `*` as `[^/]*`, which no origin (`scheme://host:port`) matches, so the first opening raised
   * UNVERIFIED_DOMAIN ('Invalid App Configuration') although nothing was checked. A bare `*` now allows any origin.
   */
  describe('regression (found by these walks): no directory configured: no "Invalid App Configuration"', () => {
    const open = async () => {
      const app = await renderApp({ debug: true })
      await app.get('button', 'Connect Wallet')
      await app.ensureOpen()
      await waitFor(() => expect(remoteOf(app).getSnapshot().value).toBe('ready'))
      return app
    }

    test('no alert is raised when no remote config is fetched; the local options apply', async () => {
      const app = await open()
      try {
        const remote = remoteOf(app)
        expect(ctx(remote.getSnapshot()).features).toEqual(defaultFeatures)
        // The "any origin" answer takes the plain ready branch (no alert), not the unverified-domain one.
        const loading = remoteConfigMachine.resolveState({ value: 'loading', context: ctx(remote.getSnapshot()) })
        expect(firedTransitions(remoteConfigMachine, loading, { type: 'xstate.done.actor.loadRemoteConfig', output: { config: undefined, origins: ['*'] } } as never)).toEqual([
          'remoteConfig.loading --xstate.done.actor.loadRemoteConfig[3]',
        ])
        app.clock.advance(timing.toastSwap)
        await app.settle()
        expect(toastText()).not.toContain(alerts.UNVERIFIED_DOMAIN.title)
        expect(warned().filter((l) => l.startsWith('[latchkey]'))).toEqual([])
      } finally {
        await app.dispose()
      }
    })
  })
})
