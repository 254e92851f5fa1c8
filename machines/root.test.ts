import type { EventObject } from 'xstate'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { UserRejectedRequestError } from '../adapters/errors.ts'
import { ADDRESS, createRootHarness } from '../tests/harness/root.ts'
import { connectionStatus } from './connection.ts'
import { messageOf } from './messages.ts'
import { catalogueMachine } from './catalogue.ts'
import { sendMachine } from './send.ts'
import { deferred } from '../tests/harness/deferred.ts'

const TX_A = `0x${'ab'.repeat(32)}`
const TX_1 = `0x${'01'.repeat(32)}`
import { timing } from './timing.ts'
import { ForeignError } from '../tests/harness/failures.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())
const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms)

async function connected(h: ReturnType<typeof createRootHarness>, chainId = 31337) {
  h.actor.send({ type: 'app.open' })
  h.actor.send({ type: 'app.selectWallet', connectorId: 'dev.wallet' })
  h.connects.at(-1)!.resolve({ accounts: [ADDRESS], chainId })
  await tick(timing.viewTransition)
}

describe('root', () => {
  test('behavior: opens on Connect when disconnected, with the loading flag on', () => {
    const h = createRootHarness()
    h.actor.send({ type: 'app.open' })
    expect(h.view()).toBe('Connect')
    expect(h.modal().matches({ open: { content: 'loading' } })).toBe(true)
    h.actor.send({ type: 'app.viewLoaded' })
    expect(h.modal().matches({ open: { content: 'ready' } })).toBe(true)
  })

  test('behavior: opens a requested view with its data', () => {
    const h = createRootHarness()
    h.actor.send({ type: 'app.open', view: 'SwitchNetwork', data: { caipNetworkId: 'eip155:31338' } })
    expect(h.view()).toBe('SwitchNetwork')
    expect(h.actor.getSnapshot().context.router.getSnapshot().context.history[0]!.data).toEqual({ caipNetworkId: 'eip155:31338' })
  })

  test('behavior: selecting a wallet shows ConnectingExternal; success closes the modal and the next open shows Account', async () => {
    const h = createRootHarness()
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.selectWallet', connectorId: 'dev.wallet' })
    expect(h.view()).toBe('ConnectingExternal')
    expect(connectionStatus(h.connection())).toBe('connecting')
    h.connects[0]!.resolve({ accounts: [ADDRESS], chainId: 31337 })
    await tick()
    expect(h.modal().value).toBe('closing')
    await tick(timing.viewTransition)
    expect(h.modal().value).toBe('closed')
    expect(h.view()).toBe('Connect')
    expect(h.calls).toContain('persistConnection')
    expect(h.actor.getSnapshot().context.recentWallets.map((w) => w.id)).toEqual(['dev.wallet'])
    h.actor.send({ type: 'app.open' })
    expect(h.view()).toBe('Account')
  })

  test('behavior: in embedded mode closing shows Account when connected', async () => {
    const h = createRootHarness({ options: { enableEmbedded: true } })
    await connected(h)
    expect(h.view()).toBe('Account')
  })

  test('behavior: the wallet declining keeps ConnectingExternal; retry connects', async () => {
    const h = createRootHarness()
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.selectWallet', connectorId: 'dev.wallet' })
    h.connects[0]!.reject(new UserRejectedRequestError())
    await tick()
    expect(h.view()).toBe('ConnectingExternal')
    expect(h.connection().value).toBe('rejected')
    h.actor.send({ type: 'app.selectWallet', connectorId: 'dev.wallet' })
    expect(h.history()).toEqual(['Connect', 'ConnectingExternal'])
    h.connects[1]!.resolve({ accounts: [ADDRESS], chainId: 31337 })
    await tick()
    expect(connectionStatus(h.connection())).toBe('connected')
  })

  test('behavior: back from ConnectingExternal cancels the pending connection', async () => {
    const h = createRootHarness()
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.selectWallet', connectorId: 'dev.wallet' })
    h.actor.send({ type: 'app.back' })
    expect(h.view()).toBe('Connect')
    expect(connectionStatus(h.connection())).toBe('disconnected')
  })

  test('behavior: back at the last entry closes the modal; closing cancels a pending connection', async () => {
    const h = createRootHarness()
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.back' })
    expect(h.modal().value).toBe('closing')
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.selectWallet', connectorId: 'dev.wallet' })
    h.actor.send({ type: 'app.close' })
    await tick(timing.viewTransition)
    expect(connectionStatus(h.connection())).toBe('disconnected')
    expect(h.view()).toBe('Connect')
  })

  test('behavior: opens UnsupportedChain when the wallet is on an unknown chain, switching is enabled and unsupported chains are not allowed', async () => {
    const h = createRootHarness()
    await connected(h, 5)
    expect(h.network().value).toBe('unsupported')
    h.actor.send({ type: 'app.open' })
    expect(h.view()).toBe('UnsupportedChain')

    const allowed = createRootHarness({ options: { allowUnsupportedChain: true } })
    await connected(allowed, 5)
    allowed.actor.send({ type: 'app.open' })
    expect(allowed.view()).toBe('Account')

    const noSwitch = createRootHarness({ options: { enableNetworkSwitch: false } })
    await connected(noSwitch, 5)
    noSwitch.actor.send({ type: 'app.open' })
    expect(noSwitch.view()).toBe('Account')
  })

  test('spec §2: open rules: UnsupportedChain opens only when no basic remote-wallet session exists (a WalletConnect session in basic mode)', async () => {
    const restoredOn = async (h: ReturnType<typeof createRootHarness>) => {
      h.reconnects.at(-1)!.resolve({ accounts: [ADDRESS], chainId: 5 })
      await tick(timing.viewTransition)
      expect(h.network().value).toBe('unsupported')
      h.actor.send({ type: 'app.open' })
      return h.view()
    }
    const options = { walletConnectConnectorId: 'walletConnect' }
    const basicSession = createRootHarness({ options, storedConnectorId: 'walletConnect', remoteConfig: { projectId: 'p', basic: true } })
    expect(await restoredOn(basicSession)).toBe('Account')
    // Not basic mode: UnsupportedChain.
    const fullSession = createRootHarness({ options, storedConnectorId: 'walletConnect', remoteConfig: { projectId: 'p' } })
    expect(await restoredOn(fullSession)).toBe('UnsupportedChain')
    // Basic mode with a browser wallet: UnsupportedChain.
    const basicBrowser = createRootHarness({ options, storedConnectorId: 'dev.wallet', remoteConfig: { projectId: 'p', basic: true } })
    expect(await restoredOn(basicBrowser)).toBe('UnsupportedChain')
  })

  test('spec §2: SwitchNetwork is pushed when confirmation is not ignored; with ignoreSwitchConfirmation the wallet is asked without it', async () => {
    const confirming = createRootHarness()
    await connected(confirming)
    confirming.actor.send({ type: 'app.selectNetwork', caipNetworkId: 'eip155:31338' })
    expect(confirming.view()).toBe('SwitchNetwork')
    expect(confirming.switches).toHaveLength(1)

    const ignoring = createRootHarness({ options: { ignoreSwitchConfirmation: true } })
    await connected(ignoring)
    const before = ignoring.view()
    ignoring.actor.send({ type: 'app.selectNetwork', caipNetworkId: 'eip155:31338' })
    expect(ignoring.view()).toBe(before)
    expect(ignoring.switches).toHaveLength(1)
  })

  test('behavior: switching from UnsupportedChain closes the modal on success', async () => {
    const h = createRootHarness()
    await connected(h, 5)
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.selectNetwork', caipNetworkId: 'eip155:31337' })
    expect(h.view()).toBe('UnsupportedChain')
    h.switches[0]!.resolve()
    await tick()
    expect(h.modal().value).toBe('closing')
  })

  test('behavior: while connected, selecting a network pushes SwitchNetwork; success goes back to Account', async () => {
    const h = createRootHarness()
    await connected(h)
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.selectNetwork', caipNetworkId: 'eip155:31338' })
    expect(h.history()).toEqual(['Account', 'SwitchNetwork'])
    h.switches[0]!.resolve()
    await tick()
    expect(h.view()).toBe('Account')
    expect(h.network().context.activeCaipNetworkId).toBe('eip155:31338')
    expect(h.calls).toContain('persistNetwork')
  })

  test('behavior: a failed switch goes back one view and shows an error toast', async () => {
    const h = createRootHarness()
    await connected(h)
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.push', view: 'SwitchNetwork' })
    h.actor.send({ type: 'app.selectNetwork', caipNetworkId: 'eip155:31338' })
    h.switches[0]!.reject({ code: -32603, message: 'Internal error' })
    await tick()
    expect(h.view()).toBe('Account')
    expect(h.toast().context.current).toEqual({ variant: 'error', message: messageOf('failure', { name: 'JsonRpcError', message: 'Internal error', code: -32603 }) })
  })

  test('behavior: a rejected switch keeps the SwitchNetwork view for another try', async () => {
    const h = createRootHarness()
    await connected(h)
    h.actor.send({ type: 'app.open', view: 'SwitchNetwork' })
    h.actor.send({ type: 'app.selectNetwork', caipNetworkId: 'eip155:31338' })
    h.switches[0]!.reject(new UserRejectedRequestError())
    await tick()
    expect(h.view()).toBe('SwitchNetwork')
    expect(h.modal().hasTag('mounted')).toBe(true)
  })

  test('behavior: while disconnected, picking a network just sets it and leaves the list', () => {
    const h = createRootHarness()
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.push', view: 'SwitchNetwork' })
    h.actor.send({ type: 'app.selectNetwork', caipNetworkId: 'eip155:31338' })
    expect(h.network().context.activeCaipNetworkId).toBe('eip155:31338')
    expect(h.switches).toHaveLength(0)
    expect(h.view()).toBe('Connect')
  })

  test('behavior: the wallet chain follows chainChanged events', async () => {
    const h = createRootHarness()
    await connected(h)
    h.wallet({ type: 'connection.chainChanged', chainId: 31338 })
    expect(h.network().context.activeCaipNetworkId).toBe('eip155:31338')
  })

  test('behavior: disconnect closes the modal and forgets the connection', async () => {
    const h = createRootHarness()
    await connected(h)
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.disconnect' })
    await tick(timing.viewTransition)
    expect(connectionStatus(h.connection())).toBe('disconnected')
    expect(h.modal().value).toBe('closed')
    expect(h.calls).toContain('forgetConnection')
  })

  test('behavior: the wallet disconnecting while the modal is open shows Connect', async () => {
    const h = createRootHarness()
    await connected(h)
    h.actor.send({ type: 'app.open' })
    h.wallet({ type: 'connection.walletDisconnected' })
    expect(h.view()).toBe('Connect')
    expect(h.modal().hasTag('mounted')).toBe(true)
  })

  test('behavior: a stored connection is restored without opening the modal', async () => {
    const h = createRootHarness({ storedConnectorId: 'dev.wallet' })
    expect(connectionStatus(h.connection())).toBe('connecting')
    h.reconnects[0]!.resolve({ accounts: [ADDRESS], chainId: 31338 })
    await tick()
    expect(connectionStatus(h.connection())).toBe('connected')
    expect(h.modal().value).toBe('closed')
    expect(h.network().context.activeCaipNetworkId).toBe('eip155:31338')
  })

  test('behavior: reconnect disabled drops the stored connections', () => {
    const h = createRootHarness({ storedConnectorId: 'dev.wallet', options: { enableReconnect: false } })
    expect(connectionStatus(h.connection())).toBe('disconnected')
    expect(h.calls).toEqual(['dropStoredConnections'])
  })

  test('behavior: two roots share no state', async () => {
    const a = createRootHarness()
    const b = createRootHarness()
    await connected(a)
    expect(connectionStatus(a.connection())).toBe('connected')
    expect(connectionStatus(b.connection())).toBe('disconnected')
  })
})

describe('root: features on intent (the machine of a feature spawned with its first use)', () => {
  test('behavior: no feature machine exists before its first use', () => {
    const h = createRootHarness()
    expect(h.actor.getSnapshot().context.features).toEqual({})
    h.actor.send({ type: 'app.open' })
    // Opening asks for the remote config: that feature alone is spawned; send, siwx, pairing, catalogue, account wait.
    expect(Object.keys(h.actor.getSnapshot().context.features)).toEqual(['remoteConfig'])
  })

  test('behavior: a feature with a loader is fetched once; the events meant for it wait and are delivered in order', async () => {
    const load = deferred<typeof catalogueMachine>()
    let calls = 0
    const h = createRootHarness({ loaders: { catalogue: () => (calls++, load.promise) } })
    h.actor.send({ type: 'feature.deliver', feature: 'catalogue', event: { type: 'catalogue.search', query: 'zz' } as EventObject })
    h.actor.send({ type: 'feature.deliver', feature: 'catalogue', event: { type: 'catalogue.load' } })
    h.actor.send({ type: 'feature.ensure', feature: 'catalogue' })
    expect(calls).toBe(1)
    expect(h.actor.getSnapshot().context.loading).toEqual(['catalogue'])
    expect(h.actor.getSnapshot().context.features.catalogue).toBeUndefined()
    load.resolve(catalogueMachine)
    await tick()
    const catalogue = h.actor.getSnapshot().context.features.catalogue!
    expect(catalogue.getSnapshot().context.query).toBe('zz')
    expect(catalogue.getSnapshot().matches({ list: 'idle' })).toBe(false)
    expect(h.actor.getSnapshot().context.loading).toEqual([])
    expect(h.actor.getSnapshot().context.pending.catalogue).toEqual([])
    // Spawned once: later intents go straight to it.
    h.actor.send({ type: 'feature.ensure', feature: 'catalogue' })
    expect(calls).toBe(1)
  })

  test('behavior: a gesture for a feature still loading (Review right after Send) waits for it instead of being dropped', async () => {
    const load = deferred<typeof sendMachine>()
    const h = createRootHarness({ loaders: { send: () => load.promise } })
    await connected(h)
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'feature.deliver', feature: 'send', event: { type: 'send.start' } })
    h.actor.send({ type: 'feature.deliver', feature: 'send', event: { type: 'send.review' } })
    expect(h.actor.getSnapshot().context.pending.send?.map((e) => e.type)).toEqual(['send.start', 'send.review'])
    load.resolve(sendMachine)
    await tick()
    // Handed the account, opened, then asked to review: the empty form says what is missing.
    expect(h.sendActor().matches({ flow: 'editing' })).toBe(true)
    expect(h.sendActor().context.target?.address).toBe(ADDRESS)
    expect(h.actor.getSnapshot().context.pending.send).toEqual([])
  })

  test('behavior: a feature that fails to load says so in a toast; the next intent fetches it again', async () => {
    let attempt = 0
    const h = createRootHarness({
      loaders: { send: () => (++attempt === 1 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve(sendMachine)) },
    })
    await connected(h)
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'feature.deliver', feature: 'send', event: { type: 'send.start' } })
    await tick()
    expect(h.toast().context.current).toEqual({ variant: 'error', message: messageOf('featureLoadFailed') })
    expect(h.actor.getSnapshot().context.features.send).toBeUndefined()
    expect(h.actor.getSnapshot().context.loading).toEqual([])
    h.actor.send({ type: 'app.back' })
    h.actor.send({ type: 'feature.deliver', feature: 'send', event: { type: 'send.start' } })
    await tick()
    expect(attempt).toBe(2)
    // The send machine arrived, was handed the connected account, then opened.
    expect(h.sendActor().matches({ flow: 'editing' })).toBe(true)
    expect(h.sendActor().context.target?.address).toBe(ADDRESS)
  })

  test('behavior: a feature that is off or not configured is never spawned (send with features.send off; siwx without the option)', async () => {
    const h = createRootHarness({ remoteConfig: { projectId: 'p', local: { send: false } } })
    await connected(h)
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'feature.deliver', feature: 'send', event: { type: 'send.start' } })
    expect(h.actor.getSnapshot().context.features.send).toBeUndefined()
    expect(h.actor.getSnapshot().context.features.siwx).toBeUndefined()
  })
})

describe('root: toasts', () => {
  test('behavior: app.notify shows a toast', () => {
    const h = createRootHarness()
    h.actor.send({ type: 'app.notify', variant: 'success', message: 'Address copied' })
    expect(h.toast().context.current).toEqual({ variant: 'success', message: 'Address copied' })
  })
})

describe('root: error reports', () => {
  test('behavior: a wallet failure is reported to analytics; the user declining is not', async () => {
    const h = createRootHarness()
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.selectWallet', connectorId: 'dev.wallet' })
    h.connects[0]!.reject(new UserRejectedRequestError())
    await tick()
    expect(h.calls).not.toContain('reportError')
    h.actor.send({ type: 'app.selectWallet', connectorId: 'dev.wallet' })
    h.connects[1]!.reject({ code: -32603, message: 'Internal error' })
    await tick()
    expect(h.calls.filter((c) => c === 'reportError')).toHaveLength(1)
  })

  describe('send (spec §4 Send, the transaction stack)', () => {
    const eth = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 0, price: 0, quantity: { decimals: '18', numeric: '2' } }
    const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const fee = { gas: '21000', gasPrice: '1', fee: '21000' }
    /** Connected, Account → Send, balances in, a valid form reviewed: the preview is shown and ready. */
    async function previewReady(h: ReturnType<typeof createRootHarness>) {
      await connected(h)
      h.actor.send({ type: 'app.open' })
      h.actor.send({ type: 'feature.deliver', feature: 'send', event: { type: 'send.start' } })
      expect(h.view()).toBe('Send')
      h.send.balances.at(-1)!.resolve([eth])
      await tick()
      const send = h.actor.getSnapshot().context.features.send!
      send.send({ type: 'send.setAmount', amount: '0.5' })
      send.send({ type: 'send.setReceiver', receiver: BOB })
      h.actor.send({ type: 'feature.deliver', feature: 'send', event: { type: 'send.review' } })
      expect(h.view()).toBe('SendPreview')
      h.send.estimates.at(-1)!.resolve(fee)
      await tick()
      expect(h.sendActor().matches({ flow: { preview: 'ready' } })).toBe(true)
    }
    const stack = (h: ReturnType<typeof createRootHarness>) => h.actor.getSnapshot().context.router.getSnapshot().context.transactionStack

    test('behavior: an invalid form stays on Send with the message; nothing is pushed', async () => {
      const h = createRootHarness()
      await connected(h)
      h.actor.send({ type: 'app.open' })
      h.actor.send({ type: 'feature.deliver', feature: 'send', event: { type: 'send.start' } })
      h.actor.send({ type: 'feature.deliver', feature: 'send', event: { type: 'send.review' } })
      expect(h.view()).toBe('Send')
      expect(h.sendActor().context.error).toEqual({ key: 'required' })
    })

    test('behavior: success pops the stack to Account (a new history), reads the balance again and says so', async () => {
      const h = createRootHarness()
      await previewReady(h)
      h.actor.send({ type: 'feature.deliver', feature: 'send', event: { type: 'send.confirm' } })
      expect(stack(h)).toHaveLength(1)
      h.send.transfers[0]!.d.resolve({ hash: TX_A })
      await tick()
      expect(h.toast().context.current).toEqual({ variant: 'loading', message: messageOf('sendSubmitted') })
      // Back is ignored while the chain has not answered.
      h.actor.send({ type: 'app.back' })
      expect(h.view()).toBe('SendPreview')
      const connection = h.actor.getSnapshot().context.connection
      const states: string[] = []
      const sub = connection.subscribe((s) => states.push(JSON.stringify(s.value)))
      h.send.receipts[0]!.resolve({ status: 'success', hash: TX_A })
      await tick()
      sub.unsubscribe()
      // The wallet's native balance is read again.
      expect(states[0]).toBe('{"connected":"fetchingBalance"}')
      expect(h.history()).toEqual(['Account'])
      expect(stack(h)).toEqual([])
      // The loading toast closes; 'Transaction sent' appears after the swap (spec §2 "Toasts").
      expect(h.toast().context.next).toEqual({ variant: 'success', message: messageOf('sendSent') })
      await tick(timing.toastSwap)
      expect(h.toast().context.current).toEqual({ variant: 'success', message: messageOf('sendSent') })
      expect(h.sendActor().context.sendTokenAmount).toBe('')
    })

    test('behavior: a rejection in the wallet goes back one view to the form, everything kept', async () => {
      const h = createRootHarness()
      await previewReady(h)
      h.actor.send({ type: 'feature.deliver', feature: 'send', event: { type: 'send.confirm' } })
      h.send.transfers[0]!.d.reject(new UserRejectedRequestError())
      await tick()
      expect(h.history()).toEqual(['Account', 'Send'])
      expect(stack(h)).toEqual([])
      expect(h.sendActor().context).toMatchObject({ sendTokenAmount: '0.5', receiverAddress: BOB })
      expect(h.toast().matches('visible')).toBe(false)
    })

    test('behavior: a failure goes back one view with an error toast and is reported', async () => {
      const h = createRootHarness()
      await previewReady(h)
      h.actor.send({ type: 'feature.deliver', feature: 'send', event: { type: 'send.confirm' } })
      h.send.transfers[0]!.d.reject(new ForeignError('nonce too low'))
      await tick()
      expect(h.view()).toBe('Send')
      expect(h.toast().context.current).toMatchObject({ variant: 'error', message: messageOf('failure', { name: 'BaseError', message: 'nonce too low' }) })
      expect(h.calls).toContain('reportError')
    })

    test('behavior: while the wallet is asked, back is ignored; closing and reopening shows the pending preview; the answer still lands', async () => {
      const h = createRootHarness()
      await previewReady(h)
      h.actor.send({ type: 'feature.deliver', feature: 'send', event: { type: 'send.confirm' } })
      h.actor.send({ type: 'app.back' })
      expect(h.view()).toBe('SendPreview')
      h.actor.send({ type: 'app.close' })
      await tick(timing.viewTransition)
      expect(stack(h)).toEqual([])
      h.actor.send({ type: 'app.open' })
      h.actor.send({ type: 'feature.deliver', feature: 'send', event: { type: 'send.start' } })
      expect(h.history()).toEqual(['Account', 'SendPreview'])
      h.send.transfers[0]!.d.resolve({ hash: TX_1 })
      await tick()
      h.send.receipts[0]!.resolve({ status: 'success', hash: TX_1 })
      await tick(timing.toastSwap)
      expect(h.toast().context.current?.message).toEqual(messageOf('sendSent'))
      expect(h.send.transfers).toHaveLength(1)
      expect(h.history()).toEqual(['Account'])
    })

    test('behavior: a rejection after the modal was reopened shows the form again', async () => {
      const h = createRootHarness()
      await previewReady(h)
      h.actor.send({ type: 'feature.deliver', feature: 'send', event: { type: 'send.confirm' } })
      h.actor.send({ type: 'app.close' })
      await tick(timing.viewTransition)
      h.actor.send({ type: 'app.open' })
      h.actor.send({ type: 'feature.deliver', feature: 'send', event: { type: 'send.start' } })
      h.send.transfers[0]!.d.reject(new UserRejectedRequestError())
      await tick()
      expect(h.history()).toEqual(['Account', 'Send'])
      expect(h.sendActor().context.sendTokenAmount).toBe('0.5')
    })

    test('behavior: a full transaction stack refuses to ask the wallet', async () => {
      const h = createRootHarness()
      await previewReady(h)
      const router = h.actor.getSnapshot().context.router
      for (let i = 0; i < 99; i++) router.send({ type: 'router.pushTransaction', id: `t${i}`, onSuccess: 'Account' })
      h.actor.send({ type: 'feature.deliver', feature: 'send', event: { type: 'send.confirm' } })
      expect(h.send.transfers).toHaveLength(0)
      expect(h.toast().context.current?.message).toEqual(messageOf('transactionStackFull'))
    })

    /** `previewReady`, Send, and the wallet returns the hash: the send waits for the chain. */
    async function submitted(h: ReturnType<typeof createRootHarness>) {
      await previewReady(h)
      h.actor.send({ type: 'feature.deliver', feature: 'send', event: { type: 'send.confirm' } })
      h.send.transfers[0]!.d.resolve({ hash: TX_A })
      await tick()
    }

    test('behavior: a send handed to the chain shows a loading toast that stays until the outcome replaces it', async () => {
      const h = createRootHarness()
      await previewReady(h)
      h.actor.send({ type: 'feature.deliver', feature: 'send', event: { type: 'send.confirm' } })
      await tick()
      // The wallet is asked: no toast yet.
      expect(h.toast().matches('hidden')).toBe(true)
      h.send.transfers[0]!.d.resolve({ hash: TX_A })
      await tick()
      expect(h.toast().matches({ visible: 'sticky' })).toBe(true)
      expect(h.toast().context.current).toEqual({ variant: 'loading', message: messageOf('sendSubmitted') })
      // A loading toast has no ttl.
      await tick(timing.toastTtl * 2)
      expect(h.toast().context.current?.variant).toBe('loading')
      // A reverted transaction: the error replaces it after the swap.
      h.send.receipts[0]!.resolve({ status: 'reverted', hash: TX_A })
      await tick()
      expect(h.toast().matches('swapping')).toBe(true)
      await tick(timing.toastSwap)
      expect(h.toast().context.current).toEqual({ variant: 'error', message: messageOf('failure', { name: 'TransactionRevertedError', message: 'Transaction reverted' }) })
    })

    test('behavior: the wallet disconnecting while a send waits for the chain hides its loading toast', async () => {
      const h = createRootHarness()
      await submitted(h)
      h.actor.send({ type: 'app.close' })
      await tick(timing.viewTransition)
      h.wallet({ type: 'connection.walletDisconnected' })
      await tick()
      expect(connectionStatus(h.connection())).toBe('disconnected')
      expect(h.sendActor().matches({ flow: 'idle' })).toBe(true)
      expect(h.toast().matches('hidden')).toBe(true)
      expect(h.toast().context).toEqual({})
    })

    test("behavior: Account's Disconnect hides the loading toast while it is about to show (during the swap)", async () => {
      const h = createRootHarness()
      await previewReady(h)
      h.actor.send({ type: 'app.notify', variant: 'success', message: 'Address copied' })
      h.actor.send({ type: 'feature.deliver', feature: 'send', event: { type: 'send.confirm' } })
      h.send.transfers[0]!.d.resolve({ hash: TX_A })
      await tick()
      expect(h.toast().matches('swapping')).toBe(true)
      expect(h.toast().context.next?.variant).toBe('loading')
      h.actor.send({ type: 'app.disconnect' })
      await tick()
      expect(h.toast().matches('hidden')).toBe(true)
      await tick(timing.toastSwap)
      expect(h.toast().matches('hidden')).toBe(true)
    })

    test("behavior: a disconnect hides only the send's loading toast: another toast stays", async () => {
      const h = createRootHarness()
      await submitted(h)
      h.actor.send({ type: 'app.notify', variant: 'success', message: 'Address copied' })
      await tick(timing.toastSwap)
      expect(h.toast().context.current).toEqual({ variant: 'success', message: 'Address copied' })
      h.wallet({ type: 'connection.walletDisconnected' })
      await tick()
      expect(h.toast().context.current).toEqual({ variant: 'success', message: 'Address copied' })
      // A loading toast that is not the send's (the dapp's own) stays too.
      const other = createRootHarness()
      await connected(other)
      other.actor.send({ type: 'app.notify', variant: 'loading', message: 'Minting…' })
      other.wallet({ type: 'connection.walletDisconnected' })
      await tick()
      expect(other.toast().context.current).toEqual({ variant: 'loading', message: 'Minting…' })
    })

    test('behavior: another chain or account clears the send and hides its loading toast, on a send view or not', async () => {
      const onPreview = createRootHarness()
      await submitted(onPreview)
      onPreview.wallet({ type: 'connection.chainChanged', chainId: 31338 })
      await tick()
      expect(onPreview.history()).toEqual(['Account'])
      expect(onPreview.sendActor().matches({ flow: 'idle' })).toBe(true)
      expect(onPreview.toast().matches('hidden')).toBe(true)

      const closed = createRootHarness()
      await submitted(closed)
      closed.actor.send({ type: 'app.close' })
      await tick(timing.viewTransition)
      closed.wallet({ type: 'connection.accountsChanged', accounts: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] })
      await tick()
      expect(closed.sendActor().matches({ flow: 'idle' })).toBe(true)
      expect(closed.toast().matches('hidden')).toBe(true)
    })

    test('behavior: another chain while on a send view returns to Account with the send state reset', async () => {
      const h = createRootHarness()
      await previewReady(h)
      h.wallet({ type: 'connection.chainChanged', chainId: 31338 })
      await tick()
      expect(h.history()).toEqual(['Account'])
      expect(h.sendActor().context.sendTokenAmount).toBe('')
    })

    test('behavior: open({ view: "Send" }) opens the form when connected, Connect otherwise', async () => {
      const h = createRootHarness()
      h.actor.send({ type: 'app.open', view: 'Send' })
      // Not connected: nothing to send from, so the send machine is not even spawned (features load on intent).
      expect(h.actor.getSnapshot().context.features.send).toBeUndefined()
      h.actor.send({ type: 'app.close' })
      await tick(timing.viewTransition)
      await connected(h)
      h.actor.send({ type: 'app.open', view: 'Send' })
      expect(h.view()).toBe('Send')
      expect(h.sendActor().matches({ flow: 'editing', balances: 'loading' })).toBe(true)
    })
  })
})

describe('root: sign-in (SIWX)', () => {
  const message = {
    accountAddress: ADDRESS,
    chainId: 'eip155:31337',
    domain: 'example.org',
    uri: 'https://example.org',
    version: '1',
    nonce: 'abcdefgh1',
    serializedMessage: 'example.org wants you to sign in…',
  }
  const session = { data: message, message: message.serializedMessage, signature: '0xsig', token: 't' }

  /** Connects through the modal; the session check is left pending. */
  async function connectedChecking(h: ReturnType<typeof createRootHarness>) {
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.selectWallet', connectorId: 'dev.wallet' })
    h.connects.at(-1)!.resolve({ accounts: [ADDRESS], chainId: 31337 })
    await tick()
  }
  async function prompting(h: ReturnType<typeof createRootHarness>) {
    await connectedChecking(h)
    h.signIn.sessions.at(-1)!.d.resolve([])
    await tick()
  }

  test('behavior: without the siwx option nothing is checked and connecting closes the modal', async () => {
    const h = createRootHarness()
    await connected(h)
    expect(h.signIn.sessions).toHaveLength(0)
    expect(h.modal().value).toBe('closed')
  })

  test('behavior: connecting checks the account and chain; the modal stays meanwhile; a session found closes it', async () => {
    const h = createRootHarness({ siwx: { required: true } })
    await connectedChecking(h)
    expect(h.signIn.sessions[0]!.input).toEqual({ address: ADDRESS, caipNetworkId: 'eip155:31337', namespace: 'eip155', connectorId: 'dev.wallet' })
    expect(h.view()).toBe('ConnectingExternal')
    expect(h.modal().hasTag('mounted')).toBe(true)
    h.signIn.sessions[0]!.d.resolve([session])
    await tick(timing.viewTransition)
    expect(h.modal().value).toBe('closed')
  })

  test('behavior: no session: SIWXSignMessage opens as a new history, and required the modal cannot close (it shakes)', async () => {
    const h = createRootHarness({ siwx: { required: true } })
    await prompting(h)
    expect(h.history()).toEqual(['SIWXSignMessage'])
    expect(h.modal().context.closeBlocked).toBe(true)
    h.actor.send({ type: 'app.close' })
    expect(h.modal().matches({ open: { shake: 'shaking' } })).toBe(true)
    h.actor.send({ type: 'app.back' })
    await tick(timing.viewTransition)
    expect(h.modal().hasTag('mounted')).toBe(true)
  })

  test('behavior: a restored connection without a session opens the modal on the sign view', async () => {
    const h = createRootHarness({ siwx: { required: true }, storedConnectorId: 'dev.wallet' })
    h.reconnects[0]!.resolve({ accounts: [ADDRESS], chainId: 31337 })
    await tick()
    expect(h.modal().hasTag('mounted')).toBe(false)
    h.signIn.sessions[0]!.d.resolve([])
    await tick()
    expect(h.modal().hasTag('mounted')).toBe(true)
    expect(h.view()).toBe('SIWXSignMessage')
  })

  test('behavior: signing closes the modal and tracks success; opening again shows Account', async () => {
    const h = createRootHarness({ siwx: { required: true } })
    await prompting(h)
    h.actor.send({ type: 'feature.deliver', feature: 'siwx', event: { type: 'siwx.sign' } })
    h.signIn.messages[0]!.d.resolve(message)
    await tick()
    expect(h.signIn.signatures[0]!.input).toEqual({ target: expect.objectContaining({ address: ADDRESS }), message: message.serializedMessage })
    h.signIn.signatures[0]!.d.resolve('0xsig')
    await tick()
    h.signIn.added[0]!.d.resolve(session)
    await tick(timing.viewTransition)
    expect(h.modal().value).toBe('closed')
    expect(h.modal().context.closeBlocked).toBe(false)
    expect(h.calls).toContain('trackSignIn')
    h.actor.send({ type: 'app.open' })
    expect(h.view()).toBe('Account')
  })

  test('behavior: a signing failure keeps SIWXSignMessage with "Error signing message" in a toast', async () => {
    const h = createRootHarness({ siwx: { required: true } })
    await prompting(h)
    h.actor.send({ type: 'feature.deliver', feature: 'siwx', event: { type: 'siwx.sign' } })
    h.signIn.messages[0]!.d.reject(new ForeignError('nonce endpoint down'))
    await tick()
    expect(h.view()).toBe('SIWXSignMessage')
    expect(h.toast().context.current?.message).toEqual(messageOf('siwxSignFailed'))
    expect(h.modal().hasTag('mounted')).toBe(true)
  })

  test('behavior: not required, a failure after the visitor closed the modal reopens the sign view', async () => {
    const h = createRootHarness({ siwx: { required: false } })
    await prompting(h)
    h.actor.send({ type: 'feature.deliver', feature: 'siwx', event: { type: 'siwx.sign' } })
    h.actor.send({ type: 'app.close' })
    await tick(timing.viewTransition)
    expect(h.modal().value).toBe('closed')
    h.signIn.messages[0]!.d.reject(new ForeignError('nonce endpoint down'))
    await tick()
    expect(h.modal().hasTag('mounted')).toBe(true)
    expect(h.view()).toBe('SIWXSignMessage')
  })

  test('behavior: an init failure disconnects the wallet, resets the view and shows the spec message', async () => {
    const h = createRootHarness({ siwx: { required: true } })
    await connectedChecking(h)
    h.signIn.sessions[0]!.d.reject(new ForeignError('verifier down'))
    await tick(timing.viewTransition)
    expect(connectionStatus(h.connection())).toBe('disconnected')
    expect(h.view()).toBe('Connect')
    expect(h.toast().context.current?.message).toEqual(messageOf('siwxInitFailed'))
  })

  test('behavior: cancel when required and never signed in disconnects and closes', async () => {
    const h = createRootHarness({ siwx: { required: true } })
    await prompting(h)
    h.actor.send({ type: 'feature.deliver', feature: 'siwx', event: { type: 'siwx.cancel' } })
    await tick(timing.viewTransition)
    expect(connectionStatus(h.connection())).toBe('disconnected')
    expect(h.modal().value).toBe('closed')
  })

  test('behavior: cancel when required after a session on another chain switches the wallet back to that chain; the modal stays unclosable until the session is found', async () => {
    const h = createRootHarness({ siwx: { required: true } })
    await connectedChecking(h)
    h.signIn.sessions[0]!.d.resolve([session])
    await tick(timing.viewTransition)
    h.wallet({ type: 'connection.chainChanged', chainId: 31338 })
    await tick()
    h.signIn.sessions[1]!.d.resolve([])
    await tick()
    expect(h.view()).toBe('SIWXSignMessage')
    h.actor.send({ type: 'feature.deliver', feature: 'siwx', event: { type: 'siwx.cancel' } })
    await tick()
    expect(h.view()).toBe('SIWXSignMessage')
    expect(h.network().context.target).toBe('eip155:31337')
    expect(h.switches).toHaveLength(1)
    expect(connectionStatus(h.connection())).toBe('connected')
    h.actor.send({ type: 'app.close' })
    expect(h.modal().matches({ open: { shake: 'shaking' } })).toBe(true)
    h.switches[0]!.resolve()
    h.wallet({ type: 'connection.chainChanged', chainId: 31337 })
    await tick()
    h.signIn.sessions[2]!.d.resolve([session])
    await tick(timing.viewTransition)
    expect(h.modal().value).toBe('closed')
    expect(h.siwx().value).toBe('signedIn')
  })

  test('behavior: the wallet refusing to switch back after a required cancel shows the prompt again', async () => {
    const h = createRootHarness({ siwx: { required: true } })
    await connectedChecking(h)
    h.signIn.sessions[0]!.d.resolve([session])
    await tick(timing.viewTransition)
    h.wallet({ type: 'connection.chainChanged', chainId: 31338 })
    await tick()
    h.signIn.sessions[1]!.d.resolve([])
    await tick()
    h.actor.send({ type: 'feature.deliver', feature: 'siwx', event: { type: 'siwx.cancel' } })
    h.switches[0]!.reject(new UserRejectedRequestError())
    await tick()
    expect(h.siwx().value).toEqual({ awaitingSession: 'prompting' })
    expect(h.view()).toBe('SIWXSignMessage')
    expect(h.modal().context.closeBlocked).toBe(true)
    expect(connectionStatus(h.connection())).toBe('connected')
  })

  test('behavior: a required cancel returning to a network the dapp does not configure shows the prompt again', async () => {
    const h = createRootHarness({ siwx: { required: true } })
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.selectWallet', connectorId: 'dev.wallet' })
    // The wallet connects on 999 (a chain the dapp does not configure) and a session exists there.
    h.connects.at(-1)!.resolve({ accounts: [ADDRESS], chainId: 999 })
    await tick()
    h.signIn.sessions[0]!.d.resolve([{ ...session, data: { ...message, chainId: 'eip155:999' } }])
    await tick(timing.viewTransition)
    expect(h.siwx().value).toBe('signedIn')
    h.wallet({ type: 'connection.chainChanged', chainId: 31338 })
    await tick()
    h.signIn.sessions[1]!.d.resolve([])
    await tick()
    h.actor.send({ type: 'feature.deliver', feature: 'siwx', event: { type: 'siwx.cancel' } })
    await tick()
    expect(h.switches).toHaveLength(0)
    expect(h.siwx().value).toEqual({ awaitingSession: 'prompting' })
    expect(h.modal().context.closeBlocked).toBe(true)
  })

  test('behavior: cancel when not required closes and stays connected; so does closing the modal', async () => {
    const gestures = [{ type: 'feature.deliver', feature: 'siwx', event: { type: 'siwx.cancel' } }, { type: 'app.close' }] as const
    for (const gesture of gestures) {
      const h = createRootHarness({ siwx: { required: false } })
      await prompting(h)
      h.actor.send(gesture)
      await tick(timing.viewTransition)
      expect(h.modal().value).toBe('closed')
      expect(h.siwx().value).toBe('idle')
      expect(connectionStatus(h.connection())).toBe('connected')
    }
  })

  test('behavior: opening while the prompt waits shows the sign view', async () => {
    const h = createRootHarness({ siwx: { required: false } })
    await prompting(h)
    h.actor.send({ type: 'feature.deliver', feature: 'siwx', event: { type: 'siwx.sign' } })
    h.actor.send({ type: 'app.close' })
    await tick(timing.viewTransition)
    h.actor.send({ type: 'app.open' })
    expect(h.view()).toBe('SIWXSignMessage')
  })

  test('behavior: disconnecting signs out and lets the modal close', async () => {
    const h = createRootHarness({ siwx: { required: true } })
    await connectedChecking(h)
    h.signIn.sessions[0]!.d.resolve([session])
    await tick(timing.viewTransition)
    h.actor.send({ type: 'app.open' })
    h.actor.send({ type: 'app.disconnect' })
    await tick(timing.viewTransition)
    expect(h.signIn.revoked).toEqual([{ sessions: [session] }])
    expect(h.modal().value).toBe('closed')
  })

  test('behavior: the wallet changing account asks the new account to sign in', async () => {
    const h = createRootHarness({ siwx: { required: true } })
    await connectedChecking(h)
    h.signIn.sessions[0]!.d.resolve([session])
    await tick(timing.viewTransition)
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    h.wallet({ type: 'connection.accountsChanged', accounts: [other] })
    await tick()
    expect(h.signIn.sessions[1]!.input.address).toBe(other)
    h.signIn.sessions[1]!.d.resolve([])
    await tick()
    expect(h.view()).toBe('SIWXSignMessage')
    expect(h.modal().context.closeBlocked).toBe(true)
  })
})
