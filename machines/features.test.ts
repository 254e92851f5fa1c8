import { assign, fromCallback, setup, type EventObject } from 'xstate'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { ADDRESS, createRootHarness } from '../tests/harness/root.ts'
import { deferred } from '../tests/harness/deferred.ts'
import { resolveFeatures } from '../services/features.ts'
import type { FeatureFacts, FeatureRegistration, FeatureReport, RootMoment } from './features.ts'
import { reportAction, tellAction } from './system.ts'
import { pairingFeature } from './pairing.feature.ts'
import { sendFeature } from './send.feature.ts'
import { timing } from './timing.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())
const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms)

const account = { address: ADDRESS, caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'dev.wallet', supported: true, testnet: true }
/** Facts as the root would hand them, with `overrides`. */
function facts(overrides: Partial<FeatureFacts> = {}): FeatureFacts {
  return {
    view: 'Account',
    holder: undefined,
    isConnecting: false,
    account,
    connection: 'connection.eip155',
    flags: resolveFeatures({}, undefined, { basic: false }).features,
    ...overrides,
  }
}

describe('send registration (machines/send.feature.ts)', () => {
  test('behavior: the send feature exists only with the send flag on, and is spawned with the connected account', () => {
    const off = resolveFeatures({ send: false }, undefined, { basic: false }).features
    expect(sendFeature.available!(facts({ flags: off }))).toBe(false)
    expect(sendFeature.available!(facts())).toBe(true)
    expect(sendFeature.input!(facts())).toEqual({ target: account })
  })
})

describe('pairing registration (machines/pairing.feature.ts)', () => {
  test("behavior: claims only WalletConnect's connector, and exists only with WalletConnect on", () => {
    const on = pairingFeature({ connectorId: 'walletConnect' })
    expect(on.claims!('walletConnect')).toBe(true)
    expect(on.claims!('dev.wallet')).toBe(false)
    expect(pairingFeature({ connectorId: undefined }).available!(facts())).toBe(false)
  })
})

type GreeterContext = { address: string | undefined; hellos: number }
type GreeterEvent = { type: 'greeter.hello' } | RootMoment
/** What the greeter reports to the root when it greets (its analytics). */
const greeted: FeatureReport = { type: 'feature.track', name: 'GREETED', properties: {} }
/**
 * A toy feature, registered by a test only: root.ts, createModal.ts and the modal's own registrations are untouched. It
 * starts with the connected account, follows the root's account moments, and tells the toast and reports to the root
 * itself when it greets.
 */
const greeterMachine = setup({
  types: { context: {} as GreeterContext, events: {} as GreeterEvent, input: {} as { address?: string | undefined } | undefined },
  actions: {
    tell: tellAction<GreeterContext, GreeterEvent>(),
    report: reportAction<GreeterContext, GreeterEvent>(),
    countHello: assign({ hellos: ({ context }) => context.hellos + 1 }),
    followAccount: assign({ address: ({ context, event }) => (event.type === 'root.account' ? event.account?.address : context.address) }),
  },
}).createMachine({
  id: 'greeter',
  context: ({ input }) => ({ address: input?.address, hellos: 0 }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'greeter.hello': {
          target: 'greeting',
          actions: ['countHello', { type: 'tell', params: { to: 'toast', event: { type: 'toast.show', variant: 'success', message: 'Hello' } } }, { type: 'report', params: greeted }],
        },
      },
    },
    greeting: { tags: ['busy'], on: { 'greeter.hello': { target: 'idle' } } },
  },
  on: { 'root.account': { actions: 'followAccount' } },
})

function greeter(overrides: Partial<FeatureRegistration> = {}): FeatureRegistration {
  return {
    id: 'greeter',
    logic: greeterMachine,
    views: ['Receive'],
    busyTag: 'busy',
    input: (facts) => ({ address: facts.account?.address }),
    ...overrides,
  }
}
const greeterOf = (h: ReturnType<typeof createRootHarness>) => h.actor.getSnapshot().context.features['greeter']

describe('a new feature plugs in by its registration alone', () => {
  test('behavior: spawned on its first gesture with the account; it moves the toast and reports analytics itself', async () => {
    const h = createRootHarness({ extraFeatures: [greeter()] })
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.selectWallet', connectorId: 'dev.wallet' })
    h.connects.at(-1)!.resolve({ accounts: [ADDRESS], chainId: 31337 })
    await tick(timing.viewTransition)
    expect(greeterOf(h)).toBeUndefined()
    h.actor.send({ type: 'feature.deliver', feature: 'greeter', event: { type: 'greeter.hello' } })
    expect(greeterOf(h)!.getSnapshot().context).toEqual({ address: ADDRESS, hellos: 1 })
    expect(h.toast().context.current).toEqual({ variant: 'success', message: 'Hello' })
    expect(h.calls).toContain('track')
  })

  test('behavior: its views make the root `open.feature`; Back waits while it is busy, then goes back', async () => {
    const h = createRootHarness({ extraFeatures: [greeter()] })
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.push', view: 'Receive' })
    expect(h.actor.getSnapshot().matches({ screen: { open: 'feature' } })).toBe(true)
    h.actor.send({ type: 'feature.deliver', feature: 'greeter', event: { type: 'greeter.hello' } })
    h.actor.send({ type: 'app.back' })
    expect(h.view()).toBe('Receive')
    h.actor.send({ type: 'feature.deliver', feature: 'greeter', event: { type: 'greeter.hello' } })
    h.actor.send({ type: 'app.back' })
    expect(h.view()).toBe('Connect')
    expect(h.actor.getSnapshot().matches({ screen: { open: 'browsing' } })).toBe(true)
  })

  test('behavior: fetched on intent; gestures made while it loads wait and arrive in order', async () => {
    const module = deferred<typeof greeterMachine>()
    const h = createRootHarness({ extraFeatures: [greeter({ logic: undefined, load: () => module.promise })] })
    h.actor.send({ type: 'feature.deliver', feature: 'greeter', event: { type: 'greeter.hello' } })
    h.actor.send({ type: 'feature.deliver', feature: 'greeter', event: { type: 'greeter.hello' } })
    expect(h.actor.getSnapshot().context.loading).toEqual(['greeter'])
    module.resolve(greeterMachine)
    await tick()
    expect(greeterOf(h)!.getSnapshot().value).toBe('idle')
    expect(greeterOf(h)!.getSnapshot().context.hellos).toBe(1)
  })

  test('behavior: a moment it wakes on brings it (spawned, the moment delivered); a spawned one hears every moment, one not there is not brought by others', async () => {
    const h = createRootHarness({ extraFeatures: [greeter({ wakesOn: { account: (_account, change) => change === 'connected' } })] })
    h.actor.send({ type: 'app.open' })
    expect(greeterOf(h)).toBeUndefined()
    h.actor.send({ type: 'app.selectWallet', connectorId: 'dev.wallet' })
    h.connects.at(-1)!.resolve({ accounts: [ADDRESS], chainId: 31337 })
    await tick(timing.viewTransition)
    expect(greeterOf(h)!.getSnapshot().context.address).toBe(ADDRESS)
    h.actor.send({ type: 'app.disconnect' })
    await tick(timing.viewTransition)
    expect(greeterOf(h)!.getSnapshot().context.address).toBeUndefined()
  })

  test('behavior: unavailable (its flag off): its gestures are dropped and nothing is spawned or fetched', async () => {
    const load = vi.fn(async () => greeterMachine)
    const h = createRootHarness({ extraFeatures: [greeter({ logic: undefined, load, available: () => false })] })
    h.actor.send({ type: 'feature.deliver', feature: 'greeter', event: { type: 'greeter.hello' } })
    h.actor.send({ type: 'feature.ensure', feature: 'greeter' })
    await tick()
    expect(load).not.toHaveBeenCalled()
    expect(greeterOf(h)).toBeUndefined()
    expect(h.toast().context.current).toBeUndefined()
  })

  test('behavior: a feature holding the opening shows its view whatever was asked', async () => {
    const h = createRootHarness({ extraFeatures: [greeter({ opensOn: { tag: 'busy', view: 'Receive' } })] })
    h.actor.send({ type: 'feature.deliver', feature: 'greeter', event: { type: 'greeter.hello' } })
    h.actor.send({ type: 'app.open', view: 'AllWallets' })
    expect(h.view()).toBe('Receive')
  })

  test('behavior: a feature holding the connection by a tag keeps the modal open on a connection while it has the tag, and only then', async () => {
    const h = createRootHarness({ extraFeatures: [greeter({ holdsConnect: { tag: 'busy' } })] })
    h.actor.send({ type: 'feature.deliver', feature: 'greeter', event: { type: 'greeter.hello' } })
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.selectWallet', connectorId: 'dev.wallet' })
    h.connects.at(-1)!.resolve({ accounts: [ADDRESS], chainId: 31337 })
    await tick(timing.viewTransition)
    expect(h.modal().matches('open')).toBe(true)
    expect(greeterOf(h)!.getSnapshot().context.address).toBe(ADDRESS)
    // Without the tag a connection closes the modal as usual.
    const other = createRootHarness({ extraFeatures: [greeter({ holdsConnect: { tag: 'busy' } })] })
    other.actor.send({ type: 'feature.ensure', feature: 'greeter' })
    other.actor.send({ type: 'app.open' })
    other.actor.send({ type: 'app.selectWallet', connectorId: 'dev.wallet' })
    other.connects.at(-1)!.resolve({ accounts: [ADDRESS], chainId: 31337 })
    await tick(timing.viewTransition)
    expect(other.modal().value).toBe('closed')
  })

  test('behavior: an unknown feature in a gesture is ignored', () => {
    const h = createRootHarness()
    h.actor.send({ type: 'feature.deliver', feature: 'nope', event: { type: 'nope.go' } })
    h.actor.send({ type: 'feature.ensure', feature: 'nope' })
    expect(Object.keys(h.actor.getSnapshot().context.features)).toEqual([])
  })
})

/** A toy feature that records the opening and closing moments it hears, in order; it wakes on every opening. */
const listenerMachine = setup({
  types: { context: {} as { heard: string[] }, events: {} as RootMoment },
  actions: { hear: assign({ heard: ({ context, event }) => [...context.heard, event.type] }) },
}).createMachine({ id: 'listener', context: { heard: [] }, on: { 'root.opened': { actions: 'hear' }, 'root.closing': { actions: 'hear' }, 'root.closed': { actions: 'hear' } } })
const listener: FeatureRegistration = { id: 'listener', logic: listenerMachine, wakesOn: { opened: 'always' } }

/** A root whose `firstPaint` waits for the test: `painted()` is the browser painting the opened modal's first frame. */
function paintedByTest() {
  const waiting: Array<(event: EventObject) => void> = []
  const h = createRootHarness({ extraFeatures: [listener], firstPaint: fromCallback(({ sendBack }) => void waiting.push(sendBack)) })
  const heard = () => h.actor.getSnapshot().context.features['listener']?.getSnapshot().context.heard as string[] | undefined
  return { h, heard, painted: () => waiting.splice(0).forEach((sendBack) => sendBack({ type: 'screen.painted' })) }
}

describe('the features hear an opening once its first frame is painted (spec §2 "Opening the modal")', () => {
  test('behavior: app.open opens the modal at once; the features hear root.opened only with screen.painted', () => {
    const { h, heard, painted } = paintedByTest()
    h.actor.send({ type: 'app.open' })
    expect(h.modal().matches('open')).toBe(true)
    expect(h.view()).toBe('Connect')
    expect(heard()).toBeUndefined()
    expect(h.actor.getSnapshot().matches({ announcing: 'awaitingFirstPaint' })).toBe(true)
    painted()
    expect(heard()).toEqual(['root.opened'])
    expect(h.actor.getSnapshot().matches({ announcing: 'quiet' })).toBe(true)
  })

  test('behavior: a second app.open before that frame is heard with the first, once; a later one is heard again', () => {
    const { h, heard, painted } = paintedByTest()
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.open', view: 'AllWallets' })
    painted()
    expect(heard()).toEqual(['root.opened'])
    h.actor.send({ type: 'app.open' })
    expect(heard()).toEqual(['root.opened'])
    painted()
    expect(heard()).toEqual(['root.opened', 'root.opened'])
  })

  test('behavior: closed before its first frame, the features hear opened, then closing', async () => {
    const { h, heard, painted } = paintedByTest()
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.close' })
    expect(heard()).toEqual(['root.opened', 'root.closing'])
    painted()
    await tick(timing.viewTransition)
    expect(heard()).toEqual(['root.opened', 'root.closing', 'root.closed'])
  })
})
