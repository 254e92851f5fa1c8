// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import * as v from 'valibot'
import { createActor } from 'xstate'
import type { FrameUser } from '../../adapters/frame.protocol.ts'
import { accountTypeMachine, type AccountTypeEmitted } from '../../machines/accountType.ts'
import { connectAccountType } from '../../machines/accountType.connect.ts'
import { timing } from '../../machines/timing.ts'
import { createEmbeddedWallet } from '../../ui/embedded.ts'
import { buildModelPaths, coverageReport, formatCoverage, stateKey, type ModelPath } from './coverage.ts'
import { frameFixture } from './frameFixture.ts'
import { ForeignError } from '../harness/failures.ts'

/**
 * Model-based test of the account-type switch: every path walked through the real embedded wallet (its
 * frame client, SET_PREFERRED_ACCOUNT and the frame's session pushes) to a fake frame page. Gestures: the embedded
 * account arriving or changing (read), leaving (clear), Account's "Switch to your smart account" / "Switch to your
 * EOA"; the frame answers APP_GET_USER with the EOA or the smart account active, refuses, answers or refuses the switch,
 * and pushes the user once the smart account is deployed. After each step the view model and the connection's
 * `accountsChanged` are what the frame reported.
 */
type E = { type: string; [k: string]: unknown }
const EOA = '0x' + '12'.repeat(20)
const SMART = '0x' + 'ab'.repeat(20)
const accounts = [
  { address: EOA, type: 'eoa' as const },
  { address: SMART, type: 'smartAccount' as const },
]
const eoaUser: FrameUser = { email: 'ada@example.com', address: EOA, chainId: 31337, accounts, preferredAccountType: 'eoa', smartAccountDeployed: false }
const smartUser: FrameUser = { ...eoaUser, address: SMART, preferredAccountType: 'smartAccount' }
/** The root's account moment: the embedded wallet's account on eip155, or none. */
const accountIs = (change: string, address: string | undefined): E => ({
  type: 'root.account',
  change,
  account: address ? { address, caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'auth', supported: true, testnet: true } : undefined,
  holder: undefined,
})
const userOf = (type: string, deployed: boolean): FrameUser => ({ ...(type === 'smartAccount' ? smartUser : eoaUser), smartAccountDeployed: deployed })

const events = (snapshot: any): E[] => {
  // The root's account moments: the embedded account changed (a read), a login (`connected`: its preferred type is the
  // smart account, spec §4 default — switched to once read), the wallet disconnected (the state forgotten).
  const list: E[] = [accountIs('changed', EOA), accountIs('connected', EOA), accountIs('disconnected', undefined)]
  const state = snapshot.context.state
  if (snapshot.matches('reading')) {
    list.push(
      { type: 'xstate.done.actor.readState', output: { chainId: 31337, preferredAccountType: 'eoa', accounts, smartAccountDeployed: false, smartAccountEnabledNetworks: [31337] }, tag: 'eoa' },
      { type: 'xstate.done.actor.readState', output: { chainId: 31337, preferredAccountType: 'smartAccount', accounts, smartAccountDeployed: false, smartAccountEnabledNetworks: [31337] }, tag: 'smart' },
      { type: 'xstate.error.actor.readState', error: new ForeignError('refused') },
    )
  }
  if (snapshot.matches('ready') && state) {
    list.push({ type: 'accountType.switch', to: state.preferredAccountType === 'eoa' ? 'smartAccount' : 'eoa' })
    if (state.preferredAccountType === 'smartAccount' && !state.smartAccountDeployed) list.push({ type: 'accountType.updated', user: userOf('smartAccount', true) })
  }
  if (snapshot.matches('switching')) {
    const target = snapshot.context.target
    list.push(
      { type: 'xstate.done.actor.setPreferred', output: userOf(target, state?.smartAccountDeployed ?? false) },
      { type: 'xstate.error.actor.setPreferred', error: new ForeignError('Smart accounts are not enabled on this network') },
    )
  }
  return list
}
const serialize = (s: any) =>
  JSON.stringify({
    v: s.value,
    t: s.context.state?.preferredAccountType ?? null,
    d: s.context.state?.smartAccountDeployed ?? null,
    to: s.context.target ?? null,
    p: s.context.prefer ?? null,
    a: s.context.applied,
    err: s.context.error ? 1 : 0,
  })
/** The type a login starts with in these walks (the input of the feature's registration). */
const input = { preferredType: () => 'smartAccount' as const }
const run = buildModelPaths(accountTypeMachine, { events, serialize, input })

test('coverage: every state and every transition of the account-type chart', () => {
  const report = coverageReport(accountTypeMachine, [run])
  console.log(formatCoverage('accountType', report))
  expect(report.states.missing).toEqual([])
  expect(report.transitions.missing).toEqual([])
})

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
afterEach(() => vi.useRealTimers())

async function signedIn() {
  const f = frameFixture()
  const store = new Map<string, unknown>()
  const e = createEmbeddedWallet({
    secureSiteUrl: 'https://secure.test',
    projectId: 'p',
    chainId: () => 31337,
    debug: false,
    storage: {
      read: <S extends v.GenericSchema>(key: string, schema: S) => {
        const r = v.safeParse(schema, store.get(key))
        return r.success ? r.output : undefined
      },
      write: (key: string, value: unknown) => void store.set(key, value),
      remove: (key: string) => void store.delete(key),
    },
    metadata: { name: 'Dapp', description: '', url: 'https://dapp.test', icons: [] },
    sdkVersion: 't',
    themeMode: () => 'dark',
    createTransport: () => f.transport,
  })
  const login = e.provider.request({ method: 'eth_requestAccounts' })
  await vi.advanceTimersByTimeAsync(0)
  f.ready()
  await vi.advanceTimersByTimeAsync(timing.iframeReadyDelay)
  f.succeed('GET_USER', eoaUser)
  await login
  const changed: unknown[] = []
  e.provider.on?.('accountsChanged', (a) => changed.push(a))
  return { f, e, changed }
}

async function walk(path: ModelPath) {
  const { f, e, changed } = await signedIn()
  const actor = createActor(accountTypeMachine.provide({ actors: e.accountTypeActors }), { input }).start()
  const emitted: AccountTypeEmitted[] = []
  actor.on('*', (event) => emitted.push(event as AccountTypeEmitted))
  const flush = () => vi.advanceTimersByTimeAsync(0)
  try {
    for (const step of path.steps) {
      const ev = step.event as E
      const before = actor.getSnapshot().context.state
      const changesBefore = changed.length
      if (ev.type === 'xstate.done.actor.readState') {
        const user = userOf(ev.tag === 'smart' ? 'smartAccount' : 'eoa', false)
        f.succeed('GET_USER', user)
        await flush()
        f.succeed('GET_SMART_ACCOUNT_ENABLED_NETWORKS', { smartAccountEnabledNetworks: [31337] })
      } else if (ev.type === 'xstate.error.actor.readState') f.fail('GET_USER', { message: 'refused' })
      else if (ev.type === 'xstate.done.actor.setPreferred' || ev.type === 'xstate.error.actor.setPreferred') {
        // The embedded wallet asks the enabled networks before a switch to the smart account (spec §4).
        if (actor.getSnapshot().context.target === 'smartAccount') {
          f.succeed('GET_SMART_ACCOUNT_ENABLED_NETWORKS', { smartAccountEnabledNetworks: [31337] })
          await flush()
        }
        if (ev.type === 'xstate.done.actor.setPreferred') f.succeed('SET_PREFERRED_ACCOUNT', ev.output as FrameUser)
        else f.fail('SET_PREFERRED_ACCOUNT', { message: 'Smart accounts are not enabled on this network' })
      } else if (ev.type === 'accountType.updated') f.say({ type: 'FRAME_SESSION_UPDATE', payload: ev.user })
      else actor.send(ev as never)
      await flush()
      await flush()
      const snapshot = actor.getSnapshot()
      expect(stateKey(snapshot)).toBe(step.state)
      const view = connectAccountType(snapshot)
      if (snapshot.matches('ready')) {
        const current = snapshot.context.state!.preferredAccountType
        expect(view).toMatchObject({ shown: true, current, target: current === 'eoa' ? 'smartAccount' : 'eoa', switching: false })
      }
      if (snapshot.matches('switching')) {
        expect(view).toMatchObject({ shown: true, switching: true, target: snapshot.context.target })
        expect(f.last('GET_SMART_ACCOUNT_ENABLED_NETWORKS') ?? f.last('SET_PREFERRED_ACCOUNT')).toBeDefined()
      }
      if (snapshot.matches('failed') || snapshot.matches('idle') || snapshot.matches('reading')) expect(view.shown).toBe(false)
      if (ev.type === 'xstate.done.actor.readState' && snapshot.matches('switching')) {
        // The login's preferred type applied: the switch asked of the frame without a gesture.
        expect(snapshot.context).toMatchObject({ target: 'smartAccount', applied: true })
      }
      if (ev.type === 'xstate.done.actor.setPreferred') {
        const to = (ev.output as FrameUser).preferredAccountType
        expect(emitted.at(-1)).toMatchObject({ type: 'accountType.switched', to })
        expect(changed.slice(changesBefore)).toEqual([[(ev.output as FrameUser).address]])
        expect(await e.provider.request({ method: 'eth_accounts' })).toEqual([(ev.output as FrameUser).address])
      }
      if (ev.type === 'xstate.error.actor.setPreferred') {
        expect(emitted.at(-1)).toMatchObject({ type: 'accountType.failed', error: { message: 'Smart accounts are not enabled on this network' } })
        // Nothing lost: the state and the connection's account stay as they were.
        expect(snapshot.context.state).toEqual(before)
        expect(changed.length).toBe(changesBefore)
      }
      if (ev.type === 'accountType.updated') expect(view.deployed).toBe(true)
    }
  } finally {
    actor.stop()
    e.destroy()
  }
}

describe('account-type model: walked through the real embedded wallet', () => {
  for (const path of run.paths) test(`walk: ${path.steps.map((s) => s.event.type).join(' → ') || '(initial)'} ⇒ ${path.target}`, () => walk(path))
})
