// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor } from 'xstate'
import { frameMachine } from '../../machines/frame.ts'
import { socialLoginMachine } from '../../machines/socialLogin.ts'
import { socialPopupPoll } from '../../machines/socialLogin.providers.ts'
import { timing } from '../../machines/timing.ts'
import { createFrameClient, frameMountActor, frameSendActor, socialLoginActors } from '../../ui/assemble/frameClient.ts'
import { coordination } from '../harness/coordination.ts'
import { buildModelPaths, coverageReport, formatCoverage, stateKey, type ModelPath } from './coverage.ts'
import { frameFixture } from './frameFixture.ts'
import { ForeignError } from '../harness/failures.ts'

/**
 * Model-based test of the social login (spec §9 popup 600×800, poll 1000 ms): every path walked through
 * the real actors (`socialLoginActors`: the frame client to a fake frame page, a fake popup window polled on the fake
 * clock, a fake page window). Gestures: a provider chosen with a popup or without (redirect), the frame answering the
 * redirect URI and the connect, the popup coming back with a result or a refusal or closed by the visitor, the page
 * coming back from a redirect, Cancel, reset. After each step: the popup is at the provider while waited for and closed
 * once the login leaves it, the return address is the page's (popup: marked), the result reaches APP_CONNECT_SOCIAL.
 */
type E = { type: string; [k: string]: unknown }
const PAGE = 'http://127.0.0.1:5273'
const AUTHORIZE = 'http://127.0.0.1:8900/auth?client_id=google&state=s'
const RESULT = 'http://127.0.0.1:8800/social/result?token=t'
const user = { email: null, address: '0x' + '12'.repeat(20), chainId: 31337, userName: 'alice#0', socialProvider: 'discord' }
const POPUP = { fake: 'popup' }
const done = (id: string, output: unknown): E => ({ type: `xstate.done.actor.${id}`, output })
const error = (id: string): E => ({ type: `xstate.error.actor.${id}`, error: new ForeignError('refused') })
/** The root's account moment: a connection or a disconnect is a new visit; another chain only follows the connection. */
const account = (change: 'connected' | 'disconnected' | 'changed'): E => ({ type: 'root.account', change, account: undefined, holder: undefined, connection: 'connection.eip155' })
const closed: E = { type: 'root.closed', view: 'Connect' }
const events = (snapshot: any): E[] => {
  const key = stateKey(snapshot)
  const byState: Record<string, E[]> = {
    '"idle"': [
      { type: 'socialLogin.start', provider: 'discord', popup: POPUP },
      { type: 'socialLogin.start', provider: 'google', popup: null },
      { type: 'socialLogin.returned', resultUri: RESULT },
      { type: 'socialLogin.refused', message: 'Sign-in refused' },
      account('connected'),
      account('changed'),
    ],
    '{"popup":"gettingUri"}': [done('getRedirectUri', { uri: AUTHORIZE }), error('getRedirectUri'), { type: 'socialLogin.cancel' }, closed],
    '{"popup":"waiting"}': [{ type: 'socialLogin.returned', resultUri: RESULT }, { type: 'socialLogin.refused', message: 'Sign-in refused' }, { type: 'socialLogin.popupClosed' }, { type: 'socialLogin.cancel' }, closed],
    '{"redirect":"gettingUri"}': [done('getRedirectUriForRedirect', { uri: AUTHORIZE }), error('getRedirectUriForRedirect'), { type: 'socialLogin.cancel' }, closed],
    '{"redirect":"leaving"}': [{ type: 'socialLogin.cancel' }, closed],
    '"connecting"': [done('connectSocial', user), error('connectSocial')],
    '"connected"': [account('disconnected')],
  }
  const extra: E[] = key === '"idle"' || key === '"connected"' ? [] : [account('disconnected')]
  return [...(byState[key] ?? []), ...extra]
}
const serialize = (s: any) => JSON.stringify({ v: s.value, p: s.context.provider ?? null, err: s.context.error?.name ?? null })
const run = buildModelPaths(socialLoginMachine, { events, serialize })

test('coverage: every state and every transition of the social login chart', () => {
  const report = coverageReport(socialLoginMachine, [run])
  console.log(formatCoverage('socialLogin', report))
  expect(report.states.missing).toEqual([])
  expect(report.transitions.missing).toEqual([])
})

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }))
afterEach(() => vi.useRealTimers())

/** A popup window: its address readable only while on the page's origin (like a browser's cross-origin rule). */
function fakePopup() {
  let href = 'about:blank'
  const popup = {
    closed: false,
    close: () => void (popup.closed = true),
    visited: [] as string[],
    location: {
      get href() {
        if (href !== 'about:blank' && !href.startsWith(`${PAGE}/`)) throw new DOMException('Blocked a frame with origin', 'SecurityError')
        return href
      },
      set href(value: string) {
        href = value
        popup.visited.push(value)
      },
    },
  }
  return popup
}

async function walk(path: ModelPath) {
  const f = frameFixture()
  const frame = createActor(frameMachine.provide({ actors: { mount: frameMountActor(() => f.transport) } }), { input: {} }).start()
  const client = createFrameClient({ frame, send: frameSendActor(() => f.transport) })
  const assign = vi.fn()
  const win = { location: { href: `${PAGE}/app?tab=1`, origin: PAGE, assign }, setInterval: (fn: () => void, ms: number) => setInterval(fn, ms), clearInterval: (t: number) => clearInterval(t) }
  // Run as the root runs it, beside a recorder standing for the active namespace's connection.
  const logic = socialLoginMachine.provide({ actors: socialLoginActors({ client: async () => client, window: win as unknown as Window, poll: socialPopupPoll }) })
  const host = coordination({ id: 'socialLogin', logic, input: { connection: 'connection.eip155' } }, { recorders: ['connection.eip155'] })
  const actor = host.feature
  let popup: ReturnType<typeof fakePopup> | undefined
  let readied = false
  const kinds = { getRedirectUri: 'GET_SOCIAL_REDIRECT_URI', getRedirectUriForRedirect: 'GET_SOCIAL_REDIRECT_URI', connectSocial: 'CONNECT_SOCIAL' } as const
  try {
    for (const step of path.steps) {
      const e = step.event as E
      const before = actor.getSnapshot()
      if (e.type.startsWith('xstate.done.actor.') || e.type.startsWith('xstate.error.actor.')) {
        const kind = kinds[e.type.split('.').at(-1) as keyof typeof kinds]
        if (!readied) {
          f.ready()
          await vi.advanceTimersByTimeAsync(timing.iframeReadyDelay)
          readied = true
        }
        await vi.advanceTimersByTimeAsync(0)
        if (e.type.startsWith('xstate.done')) f.succeed(kind, e.output as never)
        else f.fail(kind, { message: 'refused' })
      } else if (before.matches({ popup: 'waiting' }) && (e.type === 'socialLogin.returned' || e.type === 'socialLogin.refused' || e.type === 'socialLogin.popupClosed')) {
        // The popup itself: back on the page's origin, or closed; seen at the next poll (1000 ms), not before.
        if (e.type === 'socialLogin.popupClosed') popup!.closed = true
        else popup!.location.href = `${PAGE}/?latchkey_social=popup&${e.type === 'socialLogin.returned' ? `result_uri=${encodeURIComponent(RESULT)}` : 'social_error=Sign-in%20refused'}`
        await vi.advanceTimersByTimeAsync(socialPopupPoll - 1)
        expect(stateKey(actor.getSnapshot())).toBe('{"popup":"waiting"}')
        await vi.advanceTimersByTimeAsync(1)
      } else if (e.type === 'socialLogin.start' && e.popup) {
        popup = fakePopup()
        actor.send({ ...(e as { type: 'socialLogin.start'; provider: 'discord' }), popup })
      } else actor.send(e as never)
      await vi.advanceTimersByTimeAsync(0)
      const s = actor.getSnapshot()
      expect(stateKey(s)).toBe(step.state)
      // The popup is at the provider while waited for, and closed once the login leaves the popup state.
      if (s.matches({ popup: 'waiting' })) expect(popup!.visited).toContain(AUTHORIZE)
      if (popup && !s.matches('popup')) expect(popup.closed).toBe(true)
      if (s.matches({ redirect: 'leaving' })) expect(assign).toHaveBeenCalledWith(AUTHORIZE)
      if (e.type === 'socialLogin.popupClosed') expect(s.context.error?.name).toBe('SocialPopupClosedError')
      if (s.matches('connected')) expect(s.context.user).toEqual(user)
      // Signed in: the active namespace's connection is asked to connect the auth connector, once.
      const asked = host.heard.filter((h) => h.event.type === 'connection.request')
      const signedIn = path.steps.slice(0, path.steps.indexOf(step) + 1).filter((x) => x.event.type === 'xstate.done.actor.connectSocial').length
      expect(asked).toEqual(Array.from({ length: signedIn }, () => ({ to: 'connection.eip155', event: { type: 'connection.request', connectorId: 'auth' } })))
    }
    for (const r of f.requests) {
      if (r.type === 'APP_GET_SOCIAL_REDIRECT_URI') {
        const { provider, returnTo } = r.payload as { provider: string; returnTo: string }
        // Popup: the page's address marked for the popup; redirect: the page's own address (back where it was).
        expect(returnTo).toBe(provider === 'discord' ? `${PAGE}/app?latchkey_social=popup` : `${PAGE}/app?tab=1`)
      }
      if (r.type === 'APP_CONNECT_SOCIAL') expect(r.payload).toEqual({ uri: RESULT })
    }
  } finally {
    host.stop()
    frame.stop()
    f.transport.destroy()
  }
}

describe('social login model: walked through the real actors', () => {
  for (const path of run.paths) test(`walk: ${path.steps.map((s) => s.event.type).join(' → ') || '(initial)'} ⇒ ${path.target}`, () => walk(path))
})
