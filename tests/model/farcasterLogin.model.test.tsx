// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { FrameUser } from '../../adapters/frame.protocol.ts'
import { frameMachine } from '../../machines/frame.ts'
import { farcasterLoginMachine, farcasterReloadDelay } from '../../machines/farcasterLogin.ts'
import { connectFarcasterLogin } from '../../machines/farcasterLogin.connect.ts'
import { timing } from '../../machines/timing.ts'
import { createFrameClient, frameMountActor, frameSendActor } from '../../ui/assemble/frameClient.ts'
import { farcasterLoginActors } from '../../ui/assemble/farcasterLogin.ts'
import { coordination } from '../harness/coordination.ts'
import { buildModelPaths, coverageReport, formatCoverage, stateKey, type ModelPath } from './coverage.ts'
import { frameFixture } from './frameFixture.ts'
import { ForeignError } from '../harness/failures.ts'

/**
 * Model-based test of the Farcaster login (spec §2 ConnectingFarcaster and leaving it, §3 farcasterUrl):
 * every path walked through the real actors (`farcasterLoginActors`: the frame client to a fake frame page), the
 * machine run as the root runs it (beside the router and a recorder for the connection). Gestures: start (the entry,
 * Try again, `open({ view })`), the frame answering the request URL and the connect (or refusing them), leave (Back /
 * the modal closed on the view) before and after connecting, the 100 ms reload (and a start during it), a connection or a disconnect
 * elsewhere. After each step: the URL shows only while waiting; leaving clears it and sends APP_RELOAD 100 ms later
 * (not before); a refusal shows the frame's words; a start shows ConnectingFarcaster; signing in asks the connection.
 */
type E = { type: string; [k: string]: unknown }
const URL_ = 'farcaster://connect?channelToken=abcdefghijklmnopqrst&nonce=abcdef123456'
const REFUSAL = 'Sign-in refused: 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 is not the custody address of fid 1'
const user: FrameUser = { email: null, address: '0x' + '12'.repeat(20), chainId: 31337, userName: 'alice', socialProvider: 'farcaster' }
const done = (id: string, output: unknown): E => ({ type: `xstate.done.actor.${id}`, output })
const error = (id: string): E => ({ type: `xstate.error.actor.${id}`, error: new ForeignError(REFUSAL) })
const start: E = { type: 'farcasterLogin.start' }
const back: E = { type: 'root.back', view: 'ConnectingFarcaster' }
const closed: E = { type: 'root.closed', view: 'ConnectingFarcaster' }
/** The root's account moment: a connection or a disconnect is a new visit; another chain only follows the connection. */
const account = (change: 'connected' | 'disconnected' | 'changed'): E => ({ type: 'root.account', change, account: undefined, holder: undefined, connection: 'connection.eip155' })
const events = (snapshot: any): E[] => {
  const key = stateKey(snapshot)
  const byState: Record<string, E[]> = {
    '"idle"': [start, back, closed, { type: 'root.open', view: 'ConnectingFarcaster' }, account('changed')],
    '"gettingUrl"': [done('getFarcasterUri', { url: URL_ }), error('getFarcasterUri'), back, start],
    '"waiting"': [done('connectFarcaster', user), error('connectFarcaster'), back, closed, start],
    '"failed"': [start, back],
    '"leaving"': [{ type: 'xstate.after.reloadDelay.farcasterLogin.leaving' }, start],
    '{"reloading":"quiet"}': [done('reloadAuth', undefined), error('reloadAuth'), start],
    '{"reloading":"picked"}': [done('reloadAuth', undefined), error('reloadAuth'), start],
    '"connected"': [back, closed, start],
  }
  return [...(byState[key] ?? []), account('disconnected')]
}
const serialize = (s: any) => JSON.stringify({ v: s.value, url: Boolean(s.context.farcasterUrl), err: s.context.error?.message ?? null, user: Boolean(s.context.user) })
const run = buildModelPaths(farcasterLoginMachine, { events, serialize })

test('coverage: every state and every transition of the Farcaster login chart', () => {
  const report = coverageReport(farcasterLoginMachine, [run])
  console.log(formatCoverage('farcasterLogin', report))
  expect(report.states.missing).toEqual([])
  expect(report.transitions.missing).toEqual([])
})

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }))
afterEach(() => vi.useRealTimers())

async function walk(path: ModelPath) {
  const f = frameFixture()
  const frame = createActor(frameMachine.provide({ actors: { mount: frameMountActor(() => f.transport) } }), { input: {} }).start()
  const client = createFrameClient({ frame, send: frameSendActor(() => f.transport) })
  // Run as the root runs it, beside the router (on Connect) and a recorder standing for the active namespace's connection.
  const host = coordination({ id: 'farcasterLogin', logic: farcasterLoginMachine.provide({ actors: farcasterLoginActors(async () => client) }) }, { router: { view: 'Connect' }, recorders: ['connection.eip155'] })
  const actor = host.feature
  const kinds = { getFarcasterUri: 'GET_FARCASTER_URI', connectFarcaster: 'CONNECT_FARCASTER', reloadAuth: 'RELOAD' } as const
  let readied = false
  try {
    for (const step of path.steps) {
      const e = step.event as E
      if (e.type.startsWith('xstate.done.actor.') || e.type.startsWith('xstate.error.actor.')) {
        const kind = kinds[e.type.split('.').at(-1) as keyof typeof kinds]
        if (!readied) {
          f.ready()
          await vi.advanceTimersByTimeAsync(timing.iframeReadyDelay)
          readied = true
        }
        await vi.advanceTimersByTimeAsync(0)
        expect(f.requests.some((r) => r.type === `APP_${kind}`)).toBe(true)
        if (e.type.startsWith('xstate.done')) f.succeed(kind, (e.output ?? {}) as never)
        else f.fail(kind, { message: REFUSAL })
        // The page reloads once it answered APP_RELOAD: the next request waits for its FRAME_READY.
        if (e.type === 'xstate.done.actor.reloadAuth') readied = false
      } else if (e.type.startsWith('xstate.after.')) {
        // The reload waits 100 ms after leaving, not less.
        const reloadsBefore = f.requests.filter((r) => r.type === 'APP_RELOAD').length
        await vi.advanceTimersByTimeAsync(farcasterReloadDelay - 1)
        expect(stateKey(actor.getSnapshot())).toBe('"leaving"')
        await vi.advanceTimersByTimeAsync(1)
        if (readied) {
          await vi.advanceTimersByTimeAsync(0)
          expect(f.requests.filter((r) => r.type === 'APP_RELOAD').length).toBe(reloadsBefore + 1)
        }
      } else actor.send(e as never)
      await vi.advanceTimersByTimeAsync(0)
      const s = actor.getSnapshot()
      expect(stateKey(s)).toBe(step.state)
      const view = connectFarcasterLogin(s)
      if (s.matches('waiting')) expect(view.url).toBe(URL_)
      else expect(view.url).toBeUndefined()
      if (s.matches('leaving') || s.matches('idle')) expect(s.context.farcasterUrl).toBeUndefined()
      if (s.matches('failed')) expect(view.error).toBe(REFUSAL)
      if (s.matches('connected')) expect(s.context.user).toEqual(user)
      // A start (the entry, Try again, `open({ view })`) shows ConnectingFarcaster, pushed once.
      const started = path.steps.slice(0, path.steps.indexOf(step) + 1).some((x) => x.event.type === 'farcasterLogin.start' || x.event.type === 'root.open')
      expect(host.views()).toEqual(started ? ['Connect', 'ConnectingFarcaster'] : ['Connect'])
      // Signed in: the active namespace's connection is asked to connect the auth connector.
      const signedIn = path.steps.slice(0, path.steps.indexOf(step) + 1).filter((x) => x.event.type === 'xstate.done.actor.connectFarcaster').length
      expect(host.heard).toEqual(Array.from({ length: signedIn }, () => ({ to: 'connection.eip155', event: { type: 'connection.request', connectorId: 'auth' } })))
    }
  } finally {
    host.stop()
    frame.stop()
    f.transport.destroy()
  }
}

describe('Farcaster login model: walked through the real actors', () => {
  for (const path of run.paths) test(`walk: ${path.steps.map((s) => s.event.type).join(' → ') || '(initial)'} ⇒ ${path.target}`, () => walk(path))
})

test('emits farcasterLogin.connected with the user, and farcasterLogin.failed with the frame’s words', async () => {
  const emitted: unknown[] = []
  const actor = createActor(
    farcasterLoginMachine.provide({
      actors: {
        getFarcasterUri: fromPromise(async () => ({ url: URL_ })),
        connectFarcaster: fromPromise(async () => user),
      },
    }),
    { input: {} },
  ).start()
  actor.on('*', (e) => void emitted.push(e))
  actor.send({ type: 'farcasterLogin.start' })
  await vi.advanceTimersByTimeAsync(0)
  expect(emitted).toEqual([{ type: 'farcasterLogin.connected', user }])
  // Connected, leaving changes nothing (no reload).
  actor.send({ type: 'root.back', view: 'ConnectingFarcaster' })
  expect(actor.getSnapshot().value).toBe('connected')
  actor.stop()
})

test('Farcaster picked again while the frame reloads: the request is asked once the reloaded page is ready', async () => {
  const f = frameFixture()
  const frame = createActor(frameMachine.provide({ actors: { mount: frameMountActor(() => f.transport) } }), { input: {} }).start()
  const client = createFrameClient({ frame, send: frameSendActor(() => f.transport) })
  const host = coordination({ id: 'farcasterLogin', logic: farcasterLoginMachine.provide({ actors: farcasterLoginActors(async () => client) }) }, { router: { view: 'Connect' }, recorders: ['connection.eip155'] })
  const actor = host.feature
  const urlRequests = () => f.requests.filter((r) => r.type === 'APP_GET_FARCASTER_URI').length
  try {
    actor.send({ type: 'farcasterLogin.start' })
    await vi.advanceTimersByTimeAsync(0)
    f.ready()
    await vi.advanceTimersByTimeAsync(timing.iframeReadyDelay)
    f.succeed('GET_FARCASTER_URI', { url: URL_ })
    await vi.advanceTimersByTimeAsync(0)
    expect(connectFarcasterLogin(actor.getSnapshot()).url).toBe(URL_)
    // Back; 100 ms later APP_RELOAD goes, held unanswered while Farcaster is picked again.
    actor.send({ type: 'root.back', view: 'ConnectingFarcaster' })
    await vi.advanceTimersByTimeAsync(farcasterReloadDelay)
    expect(f.last('RELOAD')).toBeDefined()
    actor.send({ type: 'farcasterLogin.start' })
    await vi.advanceTimersByTimeAsync(0)
    expect(host.views()).toEqual(['Connect', 'ConnectingFarcaster'])
    expect(urlRequests()).toBe(1)
    // The page answers and reloads: nothing is posted to it until the reloaded page says FRAME_READY and settles.
    f.succeed('RELOAD', {})
    await vi.advanceTimersByTimeAsync(timing.iframeReadyDelay)
    expect(connectFarcasterLogin(actor.getSnapshot()).step).toBe('preparing')
    expect(urlRequests()).toBe(1)
    f.ready()
    await vi.advanceTimersByTimeAsync(timing.iframeReadyDelay)
    expect(urlRequests()).toBe(2)
    f.succeed('GET_FARCASTER_URI', { url: URL_ })
    await vi.advanceTimersByTimeAsync(0)
    expect(connectFarcasterLogin(actor.getSnapshot())).toEqual({ loaded: true, step: 'waiting', url: URL_, error: undefined })
  } finally {
    host.stop()
    frame.stop()
    f.transport.destroy()
  }
})
