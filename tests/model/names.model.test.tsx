// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { verifyMessage } from 'viem'
import { namesMachine } from '../../machines/names.ts'
import { connectNames } from '../../machines/names.connect.ts'
import { timing } from '../../machines/timing.ts'
import { ApiError } from '../../services/api.ts'
import { assemble } from '../../ui/assemble/names.ts'
import type { FeatureHost } from '../../ui/assemble/host.ts'
import { coordination } from '../harness/coordination.ts'
import { buildModelPaths, coverageReport, delayedEvents, formatCoverage, stateKey, type ModelPath } from './coverage.ts'
import { ForeignError } from '../harness/failures.ts'

/**
 * Model-based test of name registration (spec §4 "Name registration", §5, §8): every path walked through
 * the real assembly (`ui/assemble/names.ts`) on a fake host whose API and wallet answer when the path says. Gestures:
 * the visitor types a valid, too short or bad name, registers; the account arrives, moves to another address or goes
 * away; the clock ends the debounce; the API answers the suggestions (free, taken, failure), the wallet signs or the
 * visitor rejects (4001) or it fails, the API registers or refuses with a reason. After each step the view model says
 * what the visitor sees: the name kept, the status, the spec's words for the failures.
 */
type E = { type: string; [k: string]: unknown }
const wallet = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const target = { address: wallet.address, caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'injected' }
const NAME = 'alice-dev'
const FULL = 'alice-dev.reown.id'
const free = [
  { name: FULL, registered: false },
  { name: 'alice-dev1.reown.id', registered: false },
]
const taken = [
  { name: FULL, registered: true },
  { name: 'alice-dev1.reown.id', registered: false },
]
/** The root's account moment (`tag`: what it brings), while the names views show. */
const moment = (account: typeof target | undefined, tag: string): E => ({
  type: 'root.account',
  change: account ? 'changed' : 'disconnected',
  account: account ? { ...account, supported: true, testnet: true } : undefined,
  holder: 'names',
  tag,
})
const done = (id: string, output: unknown): E => ({ type: `xstate.done.actor.${id}`, output })
const rejection = Object.assign(new ForeignError('User rejected the request.'), { code: 4001 })
const refused = new ApiError({ status: 400, body: { message: 'taken', reasons: [{ description: 'Name is already registered' }] }, url: 'http://127.0.0.1/v1/profile/account' })
const error = (id: string, e: unknown, tag: string): E => ({ type: `xstate.error.actor.${id}`, error: e, tag })

const events = (snapshot: any): E[] => {
  const key = stateKey(snapshot)
  const typed: E[] = [
    { type: 'names.setName', name: NAME },
    { type: 'names.setName', name: 'abc' },
  ]
  // The root's account moments: another address, the same one on another chain, none; or the first account.
  const account: E[] = snapshot.context.target
    ? [moment({ ...target, address: other }, 'other'), moment({ ...target, caipNetworkId: 'eip155:31338' }, 'sameAddress'), moment(undefined, 'none')]
    : [moment(target, 'connected')]
  const byState: Record<string, E[]> = {
    '{"editing":"idle"}': typed,
    '{"editing":"debouncing"}': [],
    '{"editing":"fetching"}': [done('fetchSuggestions', free), done('fetchSuggestions', taken), error('fetchSuggestions', new ForeignError('down'), 'down')],
    '{"editing":"ready"}': [{ type: 'names.register' }, { type: 'names.setName', name: 'abc' }],
    '{"editing":"failed"}': [{ type: 'names.setName', name: NAME }],
    '"signing"': [done('signRegistration', {}), error('signRegistration', rejection, 'rejected'), error('signRegistration', new ForeignError('wallet broke'), 'broke')],
    '"registering"': [done('registerName', { success: true }), error('registerName', refused, 'refused'), error('registerName', new ApiError({ status: 500, body: {}, url: 'http://127.0.0.1/x' }), '500')],
    '"registered"': [{ type: 'names.start' }, { type: 'names.done' }],
  }
  // Account's "Register a name" while a registration is not done: the form as it was.
  if (key === '{"editing":"idle"}') byState[key]!.push({ type: 'names.start' })
  return [...(byState[key] ?? []), ...account, ...delayedEvents(snapshot)]
}
const serialize = (s: any) =>
  JSON.stringify({
    v: s.value,
    n: s.context.name,
    t: s.context.target?.address ?? null,
    m: s.context.message?.key ?? null,
    sf: s.context.suggestionsFor ?? null,
    r: s.context.registered ?? null,
    a: s.context.suggestions.some((x: { registered: boolean }) => x.registered),
  })
const run = buildModelPaths(namesMachine, { events, serialize })

test('coverage: every state and every transition of the names chart', () => {
  const report = coverageReport(namesMachine, [run])
  console.log(formatCoverage('names', report))
  expect(report.states.missing).toEqual([])
  expect(report.transitions.missing).toEqual([])
})

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
afterEach(() => vi.useRealTimers())

type Held<T> = { resolve(v: T): void; reject(e: unknown): void; input: any }

async function walk(path: ModelPath) {
  const held: Record<string, Held<any>[]> = { fetchSuggestions: [], signRegistration: [], registerName: [] }
  const hold = <T,>(id: string, input: any) =>
    new Promise<T>((resolve, reject) => {
      held[id]!.push({ resolve, reject, input })
    })
  const posted: Array<{ coin_type: number; address: string; message: string; signature: string }> = []
  const host = {
    blockchain: async () => ({
      getNameSuggestions: (input: { name: string; zone: string }) => hold('fetchSuggestions', input),
      registerName: (body: { coin_type: number; address: string; message: string; signature: string }) => {
        posted.push(body)
        return hold('registerName', body)
      },
    }),
    signWithWallet: (input: { connectorId: string; address: string; message: string; namespace: string }) => hold('signRegistration', input),
  } as unknown as FeatureHost
  // Run as the root runs it: beside the real router (the form showing over Account) and a recorder for Account's data.
  const coordinated = coordination({ id: 'names', logic: assemble(host), input: {} }, { router: { view: 'Account' }, recorders: ['account'] })
  coordinated.child('router').send({ type: 'router.push', view: 'RegisterAccountName' })
  const actor = coordinated.feature
  try {
    for (const step of path.steps) {
      const e = step.event as E
      if (e.type.startsWith('xstate.done.actor.') || e.type.startsWith('xstate.error.actor.')) {
        const id = e.type.split('.').at(-1)!
        await vi.advanceTimersByTimeAsync(0)
        const h = held[id]!.at(-1)!
        if (id === 'fetchSuggestions') expect(h.input).toEqual({ name: FULL, zone: 'reown.id' })
        if (id === 'signRegistration') {
          // The registration message the wallet is asked to sign: JSON of the full name, attributes and time.
          expect(JSON.parse(h.input.message)).toEqual({ name: FULL, attributes: {}, timestamp: expect.any(Number) })
          expect(h.input).toMatchObject({ address: wallet.address, connectorId: 'injected', namespace: 'eip155' })
          if (e.type.startsWith('xstate.done')) h.resolve(await wallet.signMessage({ message: h.input.message }))
          else h.reject(e.error)
        } else if (e.type.startsWith('xstate.done')) h.resolve(id === 'fetchSuggestions' ? { suggestions: e.output } : e.output)
        else h.reject(e.error)
        if (id === 'registerName') {
          // ENSIP-11 coin type of chain 31337, and a real EIP-191 signature of the message by the address.
          const body = posted.at(-1)!
          expect(body.coin_type).toBe((0x80000000 | 31337) >>> 0)
          expect(await verifyMessage({ address: wallet.address, message: body.message, signature: body.signature as `0x${string}` })).toBe(true)
        }
      } else if (e.type.startsWith('xstate.after.')) await vi.advanceTimersByTimeAsync(timing.nameSuggestionDebounce)
      else actor.send(e as never)
      await vi.advanceTimersByTimeAsync(0)
      const snapshot = actor.getSnapshot()
      expect(stateKey(snapshot)).toBe(step.state)
      const view = connectNames(snapshot)
      if (e.tag === 'rejected') expect(view.message).toBeUndefined()
      if (e.tag === 'broke' || e.tag === '500') expect(view.message).toEqual({ key: 'registerFailed', values: { name: FULL, reason: undefined } })
      if (e.tag === 'refused') expect(view.message).toEqual({ key: 'registerFailed', values: { name: FULL, reason: 'Name is already registered' } })
      if (e.tag === 'down') expect(view.message).toEqual({ key: 'suggestionsFailed' })
      if (e.type.startsWith('xstate.error.actor.sign') || e.type.startsWith('xstate.error.actor.reg')) expect(view.name).toBe(NAME)
      if (e.type === 'names.setName' && e.name === 'abc') expect(view.status).toBe('invalid')
      if (snapshot.matches({ editing: 'ready' }) && !view.message) expect(['available', 'taken']).toContain(view.status)
      if (view.status === 'taken' || view.status === 'invalid') expect(view.canRegister).toBe(false)
      if (snapshot.matches('registered')) expect(view.registered).toBe(FULL)
      // The profile name set by the registration stays for its address across a new visit (names.start, names.done).
      if ((e.type === 'names.start' || e.type === 'names.done') && snapshot.context.profile) expect(snapshot.context.profile).toEqual({ address: wallet.address, name: FULL })
      if (e.tag === 'none' || e.tag === 'other') expect(snapshot.context.profile).toBeUndefined()
      // Registered: Account's data reloaded and the success view over the form; Done: Account; another account: Account.
      if (e.type === 'xstate.done.actor.registerName') {
        expect(coordinated.heard.at(-1)).toEqual({ to: 'account', event: { type: 'account.reload' } })
        expect(coordinated.views().at(-1)).toBe('RegisterAccountNameSuccess')
      }
      if (e.type === 'names.done' || e.tag === 'other' || e.tag === 'sameAddress') expect(coordinated.views()).toEqual(['Account'])
      if (e.type === 'names.start') expect(coordinated.views().at(-1)).toBe('RegisterAccountName')
      // A failure (not the visitor's rejection) is reported to the root.
      if (e.tag === 'broke' || e.tag === 'refused' || e.tag === '500') expect(coordinated.reported.at(-1)).toMatchObject({ type: 'feature.reportError' })
    }
  } finally {
    coordinated.stop()
  }
}

describe('names model: walked through the assembly', () => {
  for (const path of run.paths) test(`walk: ${path.steps.map((s) => (s.event as E).tag ?? s.event.type).join(' → ') || '(initial)'} ⇒ ${path.target}`, () => walk(path))
})
