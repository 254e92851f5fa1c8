import { assign, emit, setup } from 'xstate'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { ADDRESS, createRootHarness } from '../tests/harness/root.ts'
import { deferred } from '../tests/harness/deferred.ts'
import { resolveFeatures } from '../services/features.ts'
import { to, type FeatureFacts, type FeatureRegistration } from './features.ts'
import { pairingFeature } from './pairing.feature.ts'
import { messageOf } from './messages.ts'
import { sendFeature } from './send.feature.ts'
import { sendOutcomes, sendToastMessages } from './send.outcomes.ts'
import { siwxFeature } from './siwx.feature.ts'
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
    flags: resolveFeatures({}, undefined, { basic: false }).features,
    transactions: { count: 0, limit: 99 },
    toast: undefined,
    self: undefined,
    ...overrides,
  }
}
const tagged = (...tags: string[]) => ({ hasTag: (t: string) => tags.includes(t), context: {} })

describe('send registration (machines/send.feature.ts, its loaded hooks machines/send.outcomes.ts)', () => {
  const on = { ...sendFeature.on, ...sendOutcomes }
  test('behavior: before its machine arrives the page answers only the start; other gestures wait for the machine', () => {
    const page = sendFeature.on!
    expect(page.emitted).toBeUndefined()
    expect(page.account).toBeUndefined()
    expect(page.gesture!(facts(), { type: 'send.start' })).toEqual([to.router({ type: 'router.push', view: 'Send' }), to.self({ type: 'send.open' }, true)])
    expect(page.gesture!(facts({ view: 'SendPreview' }), { type: 'send.confirm' })).toEqual([to.self({ type: 'send.confirm' }, true)])
  })
  test('behavior: Confirm with a full transaction stack is refused with the toast; nothing enters the stack, the wallet is not asked', () => {
    expect(on.gesture!(facts({ view: 'SendPreview', holder: 'send', transactions: { count: 99, limit: 99 } }), { type: 'send.confirm' })).toEqual([to.toast('error', messageOf('transactionStackFull'))])
  })
  test('behavior: Confirm with room pushes the stack entry, then asks the send machine', () => {
    const commands = on.gesture!(facts({ view: 'SendPreview', holder: 'send' }), { type: 'send.confirm' })
    expect(commands.map((c) => (c.to === 'root' ? c.to : `${c.to}:${c.event?.type}`))).toEqual(['router:router.pushTransaction', 'self:send.confirm'])
  })
  test('behavior: Account → Send while a send waits for the wallet shows its preview, not a second form', () => {
    expect(on.gesture!(facts({ self: tagged('loading') }), { type: 'send.start' })).toEqual([to.router({ type: 'router.push', view: 'SendPreview' })])
    expect(on.gesture!(facts({ self: tagged() }), { type: 'send.start', tokenKey: 'native' })).toEqual([to.router({ type: 'router.push', view: 'Send' }), to.self({ type: 'send.open', tokenKey: 'native' }, true)])
  })
  test('behavior: another account while the send views show leaves for Account and hides the loading toast of the send', () => {
    const commands = on.account!(facts({ holder: 'send', view: 'SendPreview', toast: { variant: 'loading', message: sendToastMessages.submitted } }), 'changed')
    expect(commands).toEqual([
      to.self({ type: 'send.setTarget', target: account }),
      { to: 'toast', event: { type: 'toast.hide' } },
      to.router({ type: 'router.clearTransactions' }),
      to.router({ type: 'router.reset', view: 'Account' }),
    ])
  })
  test('behavior: another toast is never hidden by a send being cleared', () => {
    expect(on.account!(facts({ account: undefined, toast: { variant: 'success', message: 'Address copied' } }), 'disconnected')).toEqual([to.self({ type: 'send.clear' })])
  })
  test('behavior: success without a stack entry (closed and reopened meanwhile) resets to Account; balances and Account data are read again', () => {
    const commands = on.emitted!(facts({ view: 'SendPreview' }), { type: 'send.succeeded', hash: '0x1', caipNetworkId: 'eip155:31337', native: false, tokenAddress: 'eip155:31337:0xabc' })
    expect(commands).toEqual([
      to.router({ type: 'router.reset', view: 'Account' }),
      to.connection({ type: 'connection.refreshBalance' }),
      { to: 'feature', feature: 'account', event: { type: 'account.reload', forceUpdate: 'eip155:31337:0xabc' } },
      to.toast('success', sendToastMessages.sent),
    ])
  })
  test('behavior: a failure pops its stack entry, shows the error and reports it; an unknown event moves nothing', () => {
    const error = { name: 'TransactionRevertedError', message: 'The transaction was reverted' }
    expect(on.emitted!(facts({ view: 'SendPreview', transactions: { count: 1, limit: 99 } }), { type: 'send.failed', error })).toEqual([
      to.router({ type: 'router.popTransaction', outcome: 'error', isConnected: true }),
      to.toast('error', messageOf('failure', error)),
      to.root({ type: 'feature.reportError', error }),
    ])
    expect(on.emitted!(facts(), { type: 'send.somethingElse' })).toEqual([])
  })
  test('behavior: the send feature exists only with the send flag on', () => {
    const off = resolveFeatures({ send: false }, undefined, { basic: false }).features
    expect(sendFeature.available!(facts({ flags: off }))).toBe(false)
    expect(sendFeature.available!(facts())).toBe(true)
  })
})

describe('siwx registration (machines/siwx.feature.ts)', () => {
  const siwx = siwxFeature({ enabled: true, input: { required: true } })
  test('behavior: a network outcome concerns sign-in only while it returns the wallet to the signed-in network', () => {
    expect(siwx.on!.network!(facts({ self: tagged('awaitingSession') }), { type: 'network.switchRejected' })).toEqual([])
    for (const type of ['network.switchRejected', 'network.switchFailed', 'network.notFound']) {
      expect(siwx.on!.network!(facts({ self: tagged('returning') }), { type })).toEqual([to.self({ type: 'siwx.returnFailed' })])
    }
    expect(siwx.on!.network!(facts({ self: tagged('returning') }), { type: 'network.switched' })).toEqual([])
  })
  test('behavior: a session found closes the modal only from a connecting view or the sign view', () => {
    const found = { type: 'siwx.sessionFound', session: {} }
    expect(siwx.on!.emitted!(facts({ isConnecting: true }), found)).toEqual([to.modal({ type: 'modal.close' })])
    expect(siwx.on!.emitted!(facts({ holder: 'siwx', view: 'SIWXSignMessage' }), found)).toEqual([to.modal({ type: 'modal.close' })])
    expect(siwx.on!.emitted!(facts({ view: 'Account' }), found)).toEqual([])
  })
  test('behavior: without the option the feature does not exist; disconnecting unblocks closing', () => {
    expect(siwxFeature({ enabled: false }).available!(facts())).toBe(false)
    expect(siwx.on!.account!(facts({ account: undefined }), 'disconnected')).toEqual([to.self({ type: 'siwx.disconnected' }), to.modal({ type: 'modal.setCloseBlocked', blocked: false })])
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

/** A toy feature, registered by a test only: root.ts, createModal.ts and the modal's own registrations are untouched. */
const greeterMachine = setup({
  types: { context: {} as { address: string | undefined; hellos: number }, events: {} as { type: 'greeter.account'; address?: string } | { type: 'greeter.hello' } },
}).createMachine({
  id: 'greeter',
  context: { address: undefined, hellos: 0 },
  initial: 'idle',
  states: {
    idle: { on: { 'greeter.hello': { target: 'greeting', actions: [assign({ hellos: ({ context }) => context.hellos + 1 }), emit({ type: 'greeter.greeted' })] } } },
    greeting: { tags: ['busy'], on: { 'greeter.hello': { target: 'idle' } } },
  },
  on: { 'greeter.account': { actions: assign({ address: ({ event }) => (event.type === 'greeter.account' ? event.address : undefined) }) } },
})

function greeter(overrides: Partial<FeatureRegistration> = {}): FeatureRegistration {
  return {
    id: 'greeter',
    logic: greeterMachine,
    views: ['Receive'],
    busyTag: 'busy',
    on: {
      spawned: (f) => [to.self({ type: 'greeter.account', address: f.account?.address })],
      account: (f) => [to.self({ type: 'greeter.account', address: f.account?.address })],
      emitted: (_f, event) => (event.type === 'greeter.greeted' ? [to.toast('success', 'Hello'), to.root({ type: 'feature.track', name: 'GREETED', properties: {} })] : []),
    },
    ...overrides,
  }
}
const greeterOf = (h: ReturnType<typeof createRootHarness>) => h.actor.getSnapshot().context.features['greeter']

describe('a new feature plugs in by its registration alone', () => {
  test('behavior: spawned on its first gesture with the account; what it emits moves the toast and analytics', async () => {
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

  test('behavior: the hooks that arrive with the module answer from then on, replacing the page hook of the same name', async () => {
    const module = deferred<{ logic: typeof greeterMachine; on: FeatureRegistration['on'] }>()
    const h = createRootHarness({
      extraFeatures: [
        greeter({
          logic: undefined,
          load: () => module.promise,
          on: { emitted: () => [to.toast('success', 'page hook')] },
        }),
      ],
    })
    h.actor.send({ type: 'feature.deliver', feature: 'greeter', event: { type: 'greeter.hello' } })
    module.resolve({ logic: greeterMachine, on: { emitted: () => [to.toast('success', 'loaded hook')], spawned: () => [to.self({ type: 'greeter.account', address: '0xloaded' })] } })
    await tick()
    expect(greeterOf(h)!.getSnapshot().context).toEqual({ address: '0xloaded', hellos: 1 })
    expect(h.toast().context.current).toEqual({ variant: 'success', message: 'loaded hook' })
    expect(h.actor.getSnapshot().context.registry['greeter']!.on!.emitted).not.toBeUndefined()
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

  test('behavior: an unknown feature in a gesture is ignored', () => {
    const h = createRootHarness()
    h.actor.send({ type: 'feature.deliver', feature: 'nope', event: { type: 'nope.go' } })
    h.actor.send({ type: 'feature.ensure', feature: 'nope' })
    expect(Object.keys(h.actor.getSnapshot().context.features)).toEqual([])
  })
})
