// @vitest-environment happy-dom
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { waitFor } from './until.ts'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { BaseError, JsonRpcError, UserRejectedRequestError } from '../../adapters/errors.ts'
import { DEV_ADDRESSES } from '../../dev/wallet/index.ts'
import { connectionMachine } from '../../machines/connection.ts'
import { timing } from '../../machines/timing.ts'
import { truncateAddress } from '../../machines/format.ts'
import { onHeld, RDNS, renderApp, SECOND_RDNS, SECOND_WALLET_NAME, type App } from './app.tsx'
import { buildModelPaths, coverageReport, delayedEvents, formatCoverage, stateKey, withoutPrefixes, type ModelPath } from './coverage.ts'
import { ForeignError, TestFailure } from '../harness/failures.ts'

/**
 * Model-based tests of the connection machine: paths generated from the production chart reach every
 * state and fire every transition, and each path is walked through the real UI (happy-dom) with the
 * real development wallet on anvil. Each event maps to one gesture of the visitor or the wallet's user.
 *
 * A silent wallet: a restore, a balance read or a revoke the wallet never answers ends on the manual clock
 * (`walletRequestTimeout`, `disconnectWait`; the abandoned request then answers late and is ignored); a wallet whose
 * `on()` throws connects, unwatched (`xstate.error.actor.watchWallet`, which arrives by itself as the connection starts).
 */
const [A, B, C] = DEV_ADDRESSES
/** A project of the reference server whose remote config turns multi-wallet on (set before the walks). */
const REMOTE_PROJECT = 'model-multi-wallet-remote'
const REMOTE_CONFIG = 'api:/directory/appkit/v1/config'
beforeAll(async () => {
  const response = await fetch(`${inject('apiUrl')}/__control/features`, { method: 'POST', body: JSON.stringify({ projectId: REMOTE_PROJECT, features: { multiWallet: true } }) })
  expect(response.ok).toBe(true)
})
const session = (address: string) => ({ accounts: [address], chainId: 31337 })
const balance = { value: '1', decimals: 18, symbol: 'ETH' }

/** The events a gesture can produce in a state (the model's alphabet), with payloads as the UI makes them. */
/** A model event: its type and the payload the gesture produces. */
type ModelEvent = { type: string; [key: string]: unknown }

/**
 * The events of a fixture: every gesture, or (`onThrows`) only the way to the watch failing, or (`otherTab`) what
 * another tab of the site stores: a connection restored here, then ended there (while restoring, or connected).
 */
const eventsOf =
  (fixture: { onThrows?: boolean; otherTab?: boolean; twoWallets?: boolean; adding?: boolean; remoteOn?: boolean; severalAccounts?: boolean }) =>
  (snapshot: any): ModelEvent[] => {
    if (fixture.severalAccounts) {
      // Two accounts (A, B): the visitor picks one, then the wallet's user selects C (the wallet gives C, A): A stays.
      const key = stateKey(snapshot)
      const address = snapshot.context.address as string | undefined
      if (key === '"disconnected"') return [{ type: 'connection.request', connectorId: RDNS }]
      if (key === '"connecting"') return [{ type: 'xstate.done.actor.connect', output: { accounts: [A, B], chainId: 31337 } }]
      if (key === '{"connected":"fetchingBalance"}') return [{ type: 'xstate.done.actor.getBalance', output: balance }]
      if (key === '{"connected":"balanceReady"}' && snapshot.context.accounts?.length === 2)
        return [{ type: 'connection.selectAccount', address: address === A ? B : A }, ...(address === A && snapshot.context.picked ? [{ type: 'connection.accountsChanged', accounts: [C, A] }] : [])]
      return []
    }
    if (fixture.remoteOn) {
      // Multi-wallet off at load; the project's remote config, held until the first wallet is connected, turns it on.
      const key = stateKey(snapshot)
      if (key === '"disconnected"') return [{ type: 'connection.request', connectorId: RDNS }]
      if (key === '"connecting"') return [{ type: 'xstate.done.actor.connect', output: session(A!) }]
      if (key === '{"connected":"fetchingBalance"}') return [{ type: 'xstate.done.actor.getBalance', output: balance }]
      if (key === '{"connected":"balanceReady"}' && !snapshot.context.multiWallet) return [{ type: 'connection.configure', multiWallet: true }]
      return []
    }
    if (fixture.adding) {
      // Multi-wallet: connected to the first wallet, the visitor adds the second from Account ('Add wallet').
      const key = stateKey(snapshot)
      const onFirst = snapshot.context.connectorId === RDNS
      if (key === '"disconnected"' && !snapshot.context.address) return [{ type: 'connection.request', connectorId: RDNS }]
      if (key === '"connecting"') return [{ type: 'xstate.done.actor.connect', output: session(A!) }]
      if (key === '{"connected":"fetchingBalance"}') return [{ type: 'xstate.done.actor.getBalance', output: balance }]
      if (key === '{"connected":"balanceReady"}' && onFirst)
        return [
          { type: 'connection.request', connectorId: SECOND_RDNS },
          { type: 'connection.request', connectorId: RDNS },
        ]
      if (key === '{"adding":"waiting"}')
        return [
          { type: 'connection.cancel' },
          { type: 'xstate.done.actor.connect', output: session(B!) },
          { type: 'xstate.error.actor.connect', error: new UserRejectedRequestError() },
          { type: 'xstate.error.actor.connect', error: new JsonRpcError(-32603, 'Internal error') },
          { type: 'connection.endedElsewhere' },
        ]
      if (key === '{"adding":"rejected"}' || key === '{"adding":"failed"}') return [{ type: 'connection.request', connectorId: SECOND_RDNS }, { type: 'connection.cancel' }]
      return []
    }
    if (fixture.twoWallets) {
      // Multi-wallet: the stored first wallet comes back, then the visitor switches to the second one they hold.
      const key = stateKey(snapshot)
      if (key === '"reconnecting"' && snapshot.context.connectorId === RDNS) return [{ type: 'xstate.done.actor.reconnect', output: session(A!) }]
      if (key.startsWith('{"connected"') && snapshot.context.connectorId === RDNS) return [{ type: 'connection.switch', connectorId: SECOND_RDNS }]
      return []
    }
    if (fixture.otherTab) {
      const key = stateKey(snapshot)
      if (key === '"disconnected"') return [{ type: 'connection.restore', connectorId: RDNS }]
      if (key === '"reconnecting"') return [{ type: 'connection.endedElsewhere' }, { type: 'xstate.done.actor.reconnect', output: session(A!) }]
      if (key.startsWith('{"connected"')) return [{ type: 'connection.endedElsewhere' }]
      return []
    }
    if (!fixture.onThrows) return events(snapshot)
    const key = stateKey(snapshot)
    if (key === '"disconnected"') return [{ type: 'connection.request', connectorId: RDNS }]
    if (key === '"connecting"') return [{ type: 'xstate.done.actor.connect', output: session(A!) }]
    if (key.startsWith('{"connected"') && !snapshot.context.watchError) return [{ type: 'xstate.error.actor.watchWallet', error: new BaseError('on() is broken') }]
    return []
  }

function events(snapshot: any): ModelEvent[] {
  const address = snapshot.context.address as string | undefined
  const connected: ModelEvent[] = [
    { type: 'connection.accountsChanged', accounts: [address === A ? B : A] },
    { type: 'connection.accountsChanged', accounts: [address] },
    { type: 'connection.accountsChanged', accounts: [] },
    { type: 'connection.chainChanged', chainId: snapshot.context.chainId === 31337 ? 31338 : 31337 },
    { type: 'connection.walletDisconnected' },
    { type: 'connection.disconnect' },
    { type: 'connection.refreshBalance' },
  ]
  const byState: Record<string, ModelEvent[]> = {
    '"disconnected"': [{ type: 'connection.request', connectorId: RDNS }],
    '"reconnecting"': [
      { type: 'connection.request', connectorId: RDNS },
      { type: 'xstate.done.actor.reconnect', output: session(A!) },
      { type: 'xstate.error.actor.reconnect', error: new ForeignError('not authorised') },
    ],
    '"connecting"': [
      { type: 'connection.cancel' },
      { type: 'xstate.done.actor.connect', output: session(A!) },
      { type: 'xstate.error.actor.connect', error: new UserRejectedRequestError() },
      { type: 'xstate.error.actor.connect', error: new JsonRpcError(-32603, 'Internal error') },
    ],
    '"rejected"': [{ type: 'connection.request', connectorId: RDNS }, { type: 'connection.cancel' }],
    '"failed"': [{ type: 'connection.request', connectorId: RDNS }, { type: 'connection.cancel' }],
    '{"connected":"fetchingBalance"}': [{ type: 'xstate.done.actor.getBalance', output: balance }, { type: 'xstate.error.actor.getBalance', error: new ForeignError('node down') }, ...connected],
    '{"connected":"balanceReady"}': connected,
    '{"connected":"balanceUnavailable"}': connected,
    '"disconnecting"': [
      { type: 'xstate.done.actor.disconnect', output: undefined },
      { type: 'xstate.error.actor.disconnect', error: new ForeignError('revoke failed') },
    ],
  }
  return [...(byState[stateKey(snapshot)] ?? []), ...delayedEvents(snapshot)]
}

/** One gesture per event: what a person does in the page or in the wallet. */
async function perform(app: App, event: any, from: string) {
  const type: string = event.type
  // Adding a wallet (multi-wallet): Account's 'Add wallet', then the wallet in Connect; its answers come through its gates.
  if (from.startsWith('{"connected"') || from.startsWith('{"adding"')) {
    if (type === 'connection.request') {
      if (from.startsWith('{"adding"')) return app.click('button', 'Try again')
      await app.ensureOpen()
      await app.click('button', 'Add wallet')
      return app.click('button', event.connectorId === SECOND_RDNS ? SECOND_WALLET_NAME : 'Latchkey Dev Wallet')
    }
    const second = 'second:eth_requestAccounts'
    if (type === 'xstate.done.actor.connect') return app.gates.release(second)
    if (type === 'xstate.error.actor.connect')
      return app.gates.fail(second, event.error instanceof UserRejectedRequestError ? { code: 4001, message: 'User rejected the request.' } : { code: -32603, message: 'Internal error' })
  }
  if (type === 'connection.request') {
    // While the page restores the stored connection, the user revoked the site in the wallet and now picks it again.
    if (from === '"reconnecting"') app.wallet.disconnect()
    await app.ensureOpen()
    if (app.find('button', 'Try again')) return app.click('button', 'Try again')
    return app.click('button', 'Latchkey Dev Wallet')
  }
  if (type === 'connection.cancel') return app.click('button', 'Back')
  if (type === 'xstate.done.actor.connect') {
    await app.gates.release('eth_requestAccounts')
    return app.walletAnswer('Approve')
  }
  if (type === 'xstate.error.actor.connect') {
    if (event.error instanceof UserRejectedRequestError) {
      await app.gates.release('eth_requestAccounts')
      return app.walletAnswer('Reject')
    }
    // The wallet's own RPC fails before the user sees anything.
    await app.gates.fail('eth_requestAccounts', { code: -32603, message: 'Internal error' })
    return app.settle()
  }
  if (type === 'connection.restore') {
    // Another tab connected the wallet: the wallet (the browser's) approved the site there, and the tab stored it.
    const state = JSON.parse(app.walletStorage.getItem('latchkey-dev-wallet') ?? '{}')
    app.walletStorage.setItem('latchkey-dev-wallet', JSON.stringify({ ...state, authorised: true }))
    app.wallet.reload()
    await app.otherTabStores('eip155:connected_connector_id', event.connectorId)
    return app.otherTabStores('connections', { eip155: [{ connectorId: event.connectorId, accounts: [{ address: app.wallet.state.address }] }] })
  }
  // Another tab disconnected: it removed what it stored (the wallet was told there).
  if (type === 'connection.endedElsewhere') {
    await app.otherTabStores('eip155:connected_connector_id', null)
    return app.otherTabStores('connections', { eip155: [] })
  }
  // The project's remote config (spec §6), fetched at the first opening and held since, answers: multi-wallet on.
  if (type === 'connection.configure') {
    await onHeld(app, REMOTE_CONFIG, () => app.gates.release(REMOTE_CONFIG))
    // The answer is in when the resolved feature set says so (the origins call beside it may still be on its way).
    return waitFor(() => expect(app.modal.getState().features.multiWallet).toBe(true))
  }
  if (type === 'connection.switch') {
    // The dapp (or the switcher) switches to the second wallet once the list holds it (its wallet still holds the site).
    await waitFor(() => expect(app.modal.getConnections('eip155')?.map((c) => c.connectorId)).toContain(event.connectorId))
    app.gates.close('second:eth_accounts')
    return app.modal.switchConnection({ connectionId: `eip155:${event.connectorId}` })
  }
  if (type === 'xstate.done.actor.reconnect') return app.gates.release('eth_accounts')
  if (type === 'xstate.error.actor.reconnect') {
    app.wallet.disconnect() // the user revoked the site in the wallet meanwhile
    return app.gates.release('eth_accounts')
  }
  if (type === 'xstate.done.actor.getBalance') {
    // A held account's balance may be known already (the switcher's row read it on the node): the cache answers, no request.
    const connection = app.modal.actor.getSnapshot().context.connection
    await waitFor(() => expect(app.gates.waiting('eth_getBalance') > 0 || connection.getSnapshot().matches({ connected: 'balanceReady' })).toBe(true))
    return app.gates.waiting('eth_getBalance') > 0 ? app.gates.release('eth_getBalance') : undefined
  }
  if (type === 'xstate.error.actor.getBalance') return app.gates.fail('eth_getBalance', { code: -32603, message: 'node down' })
  if (type.startsWith('xstate.after.nativeBalanceTtl')) return app.clock.advance(timing.nativeBalanceTtl)
  if (type.startsWith('xstate.after.balanceRetry')) return app.clock.advance(timing.balanceRetry)
  // The wallet never answers: the machine gives up on the clock; the abandoned request then answers late (ignored).
  if (type.startsWith('xstate.after.walletRequestTimeout')) {
    const method = from === '"reconnecting"' ? 'eth_accounts' : 'eth_getBalance'
    app.clock.advance(timing.walletRequestTimeout)
    await app.settle()
    return abandon(app, method)
  }
  if (type.startsWith('xstate.after.disconnectWait')) {
    app.clock.advance(timing.disconnectWait)
    await app.settle()
    return abandon(app, 'wallet_revokePermissions')
  }
  // The wallet's on() threw as the connection started: nothing to do, the error is there already.
  if (type === 'xstate.error.actor.watchWallet') return app.settle()
  if (type === 'connection.selectAccount') {
    await app.ensureOpen() // Account's switcher: the row of the wallet's other account.
    return app.click('button', `Switch to Latchkey Dev Wallet ${truncateAddress(event.address)}`)
  }
  if (type === 'connection.accountsChanged') {
    if (event.accounts.length === 0) return app.click('button', 'Disconnect site')
    const index = DEV_ADDRESSES.indexOf(event.accounts[0])
    if (index === app.wallet.state.accountIndex) {
      app.wallet.setAccount(index) // the wallet re-reports the same account
      return app.settle()
    }
    return app.selectInPanel('Account', String(index))
  }
  if (type === 'connection.chainChanged') return app.selectInPanel('Wallet chain', String(event.chainId))
  if (type === 'connection.walletDisconnected') return app.click('button', 'Disconnect site')
  if (type === 'connection.disconnect') {
    await app.ensureOpen()
    return app.click('button', 'Disconnect')
  }
  if (type === 'connection.refreshBalance') {
    // A send lands: the balance is read again (spec §4).
    await app.ensureOpen()
    await app.clickInDialog('button', 'Send')
    await app.get('button', /^Token: ETH/)
    await app.type('Amount', '0.0001')
    await app.type('To', privateKeyToAccount(generatePrivateKey()).address)
    await app.clickInDialog('button', 'Review send')
    await waitFor(() => expect((app.find('button', 'Send') as HTMLButtonElement | null)?.disabled).toBe(false))
    await app.clickInDialog('button', 'Send')
    await app.walletAnswer('Approve')
    return app.get('dialog', 'Account')
  }
  if (type === 'xstate.done.actor.disconnect') return app.gates.release('wallet_revokePermissions')
  if (type === 'xstate.error.actor.disconnect') return app.gates.fail('wallet_revokePermissions', { code: 4200, message: 'unsupported' })
  throw new TestFailure(`No gesture for ${type}: every event of the model needs one`)
}

/** A request the machine gave up on answers late (it fails): nothing happens. */
async function abandon(app: App, method: string) {
  await app.gates.fail(method, { code: -32603, message: 'late' })
  await app.settle()
}

/** What the visitor sees in each state of the chart. */
async function expectUi(app: App, state: string) {
  if (state === '"disconnected"') await app.get('button', 'Connect Wallet')
  if (state === '"reconnecting"') await app.get('button', 'Connecting…')
  if (state === '"connecting"') await app.get('progressbar', 'Connecting…')
  if (state === '"rejected"') await waitFor(() => expect(app.dialog()?.textContent).toContain('Connection declined'))
  if (state === '"failed"') await waitFor(() => expect(app.dialog()?.textContent).toContain('Connection failed'))
  if (state.startsWith('{"connected"')) await app.get('button', new RegExp(app.modal.getState().account.displayAddress))
  if (state === '{"connected":"balanceUnavailable"}') {
    await app.ensureOpen()
    await waitFor(() => expect(app.dialog()?.textContent).toContain('Token Balance Unavailable'))
  }
}

const fixtures = [
  { name: 'fresh visitor', input: { namespace: 'eip155' }, app: { api: true } },
  { name: 'stored connection, wallet answering late', input: { namespace: 'eip155', storedConnectorId: RDNS, reconnect: true }, app: { stored: true, authorised: true, hold: ['eth_accounts'], api: true } },
  { name: 'stored connection, reconnect disabled', input: { namespace: 'eip155', storedConnectorId: RDNS, reconnect: false }, app: { stored: true, reconnect: false, api: true } },
  { name: 'a wallet whose on() throws', input: { namespace: 'eip155' }, app: { api: true }, onThrows: true },
  { name: 'another tab of the site', input: { namespace: 'eip155' }, app: { hold: ['eth_accounts'], api: true }, otherTab: true },
  {
    name: 'two held wallets, multi-wallet on',
    input: { namespace: 'eip155', storedConnectorId: RDNS, reconnect: true },
    app: { stored: true, authorised: true, secondWallet: true, features: { multiWallet: true }, hold: ['eth_accounts'], api: true },
    twoWallets: true,
  },
  {
    name: 'multi-wallet turned on by the remote config after the first wallet connected',
    input: { namespace: 'eip155' },
    app: { secondWallet: true, directory: true, api: true, projectId: REMOTE_PROJECT, hold: [REMOTE_CONFIG] },
    remoteOn: true,
  },
  {
    name: 'a wallet giving two accounts, multi-wallet on',
    input: { namespace: 'eip155', multiWallet: true },
    app: { exposedAccounts: 2, features: { multiWallet: true }, api: true },
    severalAccounts: true,
  },
  {
    name: 'adding a second wallet, multi-wallet on',
    input: { namespace: 'eip155', multiWallet: true },
    app: { secondWallet: true, features: { multiWallet: true }, api: true },
    adding: true,
  },
] as { name: string; input: object; app: Parameters<typeof renderApp>[0]; onThrows?: boolean; otherTab?: boolean; twoWallets?: boolean; adding?: boolean; remoteOn?: boolean; severalAccounts?: boolean }[]

const runs: Array<{ fixture: (typeof fixtures)[number] } & ReturnType<typeof buildModelPaths>> = []
/** The last events whose walk asserts more at the path's end than {@link expectUi} (see walk()). */
const endChecked = /^(xstate\.after\.(walletRequestTimeout|disconnectWait)|connection\.(endedElsewhere|switch|configure|selectAccount)$|xstate\.error\.actor\.watchWallet$)/
/**
 * The paths whose end walk() checks beyond the page of its state, or with a gesture (Account opened to see the balance
 * unavailable): walked to their own end even when a longer path starts with them.
 */
const endsOnItsOwn = (fixture: (typeof fixtures)[number]) => (path: ModelPath) => {
  const last = path.steps.at(-1)?.event.type ?? ''
  return (
    endChecked.test(last) ||
    (fixture.severalAccounts === true && last === 'connection.accountsChanged') ||
    (fixture.adding === true && path.steps.some((st) => st.state.startsWith('{"adding"'))) ||
    path.target === '{"connected":"balanceUnavailable"}'
  )
}
// The paths a longer one starts with are walked by it: walk() checks the page where each of them ended (`ends`).
for (const fixture of fixtures) {
  const built = buildModelPaths(connectionMachine, { input: fixture.input, events: eventsOf(fixture), covered: runs })
  runs.push({ fixture, ...withoutPrefixes(built, endsOnItsOwn(fixture)) })
}

async function walk(fixture: (typeof fixtures)[number], path: ModelPath) {
  const app = await renderApp(fixture.app)
  if (fixture.onThrows) app.wallet.misbehave = { onThrows: new TypeError('on() is broken') }
  app.gates.close('eth_requestAccounts')
  app.gates.close('eth_getBalance')
  app.gates.close('wallet_revokePermissions')
  if (fixture.adding) app.gates.close('second:eth_requestAccounts')
  const connection = app.modal.actor.getSnapshot().context.connection
  const visited: string[] = [stateKey(connection.getSnapshot())]
  const sub = connection.subscribe((s) => visited.push(stateKey(s)))
  try {
    // The page of each path this one starts with (dropped by withoutPrefixes), where that path ended.
    const endsAfter = async (length: number) => {
      for (const end of path.ends ?? []) if (end.length === length) await expectUi(app, end.target)
    }
    await endsAfter(0)
    for (const [i, step] of path.steps.entries()) {
      const from = visited.length - 1
      await perform(app, step.event, visited[from]!)
      await waitFor(() => {
        if (!visited.slice(from).includes(step.state)) throw new TestFailure(`after ${step.event.type} expected ${step.state}, visited ${visited.slice(from).join(' > ')}`)
      })
      await endsAfter(i + 1)
    }
    await expectUi(app, path.target)
    const last = path.steps.at(-1)?.event.type
    // Typed errors in context, named for what the visitor waited on.
    if (last?.startsWith('xstate.after.walletRequestTimeout') || last?.startsWith('xstate.after.disconnectWait')) expect(connection.getSnapshot().context.error?.name).toBe('RequestTimeoutError')
    // Ended in another tab: this tab forgot it without asking the wallet again, and its storage holds no connection.
    if (last === 'connection.endedElsewhere') {
      expect(app.gates.waiting('wallet_revokePermissions')).toBe(0)
      expect(app.storage.getItem('@latchkey/eip155:connected_connector_id')).toBeNull()
    }
    if (last === 'connection.switch') {
      // Painted at once: the second wallet is the active connection while its restore is under way, the first still held.
      expect(app.modal.getState().connections).toMatchObject({ activeId: `eip155:${SECOND_RDNS}`, isSwitching: true })
      expect(app.modal.getConnections('eip155')?.map((c) => [c.connectorId, c.active])).toEqual([
        [SECOND_RDNS, true],
        [RDNS, false],
      ])
      // The second wallet answers: it is the connected one, on its own account; the first was not revoked.
      await app.gates.release('second:eth_accounts')
      await waitFor(() => expect(app.modal.getState().account).toMatchObject({ isConnected: true, connectorId: SECOND_RDNS, address: app.second!.state.address }))
      expect(app.modal.getState().connections?.isSwitching).toBe(false)
      expect(app.gates.waiting('wallet_revokePermissions')).toBe(0)
    }
    if (last === 'connection.configure') {
      // Turned on after load: Account offers 'Add wallet' for the wallet connected before; the second one is added beside it.
      expect(connection.getSnapshot().context.multiWallet).toBe(true)
      await waitFor(() => expect(held(app)).toEqual([[RDNS, true]]))
      await app.ensureOpen()
      await app.click('button', 'Add wallet')
      await app.click('button', SECOND_WALLET_NAME)
      await waitFor(() =>
        expect(held(app)).toEqual([
          [SECOND_RDNS, true],
          [RDNS, false],
        ]),
      )
      expect(app.modal.getState().account).toMatchObject({ isConnected: true, connectorId: SECOND_RDNS, address: app.second!.state.address })
    }
    if (last === 'connection.selectAccount' || (fixture.severalAccounts && last === 'connection.accountsChanged')) {
      const picked = (last === 'connection.selectAccount' ? (path.steps.at(-1)!.event as ModelEvent).address : A) as string
      await waitFor(() => expect(app.modal.getState().account.address).toBe(picked)) // the pick, kept by the wallet's reordering
      expect(JSON.parse(app.storage.getItem('@latchkey/connections') ?? '{}').eip155?.[0]?.accounts[0]?.address).toBe(picked)
    }
    if (fixture.adding && path.steps.some((st) => st.state.startsWith('{"adding"'))) await expectAdded(app, path.steps.at(-1)!.event)
    if (last === 'xstate.error.actor.watchWallet') {
      expect(connection.getSnapshot().context.watchError).toEqual({ name: 'BaseError', message: 'on() is broken' })
      // The modal still opens and closes.
      await app.ensureOpen()
      await app.get('dialog', 'Account')
      await app.close()
    }
  } finally {
    sub.unsubscribe()
    await app.dispose()
  }
}

const held = (app: App) => app.modal.getConnections('eip155')?.map((c) => [c.connectorId, c.active])

/** After adding a wallet: added, it is the active one beside the first; cancelled or declined, the first is still the active one. */
async function expectAdded(app: App, last: ModelEvent) {
  if (last.type === 'xstate.done.actor.connect') {
    await waitFor(() => expect(app.modal.getState().account).toMatchObject({ isConnected: true, connectorId: SECOND_RDNS, address: app.second!.state.address }))
    await waitFor(() =>
      expect(held(app)).toEqual([
        [SECOND_RDNS, true],
        [RDNS, false],
      ]),
    )
    return
  }
  if (last.type === 'connection.endedElsewhere') return
  // Cancelled, declined, failed or waiting: nothing lost, the first wallet still connected and active, held alone.
  expect(app.modal.getState().account).toMatchObject({ isConnected: true, connectorId: RDNS, address: app.wallet.state.address })
  expect(held(app)).toEqual([[RDNS, true]])
  if (last.type === 'xstate.error.actor.connect' && last.error instanceof UserRejectedRequestError) expect(app.dialog()?.textContent).toContain('Connection declined')
  if (last.type === 'connection.cancel') {
    // Back from the wallet's view is Connect (to pick another); Back again is Account, the first wallet there.
    await app.get('button', SECOND_WALLET_NAME)
    await app.click('button', 'Back')
    await app.get('button', 'Add wallet')
    expect(app.modal.getState().account).toMatchObject({ isConnected: true, connectorId: RDNS })
  }
}

describe('adding a wallet that is already held (multi-wallet on)', () => {
  test('behavior: picking a held wallet in Connect switches to it: no second entry, no prompt in its wallet, nothing revoked', async () => {
    const app = await renderApp({ secondWallet: true, features: { multiWallet: true }, api: true })
    try {
      await app.ensureOpen()
      await app.click('button', 'Latchkey Dev Wallet')
      await app.walletAnswer('Approve')
      await waitFor(() => expect(app.modal.getState().account).toMatchObject({ isConnected: true, connectorId: RDNS }))
      await app.ensureOpen()
      await app.click('button', 'Add wallet')
      await app.click('button', SECOND_WALLET_NAME)
      await waitFor(() =>
        expect(held(app)).toEqual([
          [SECOND_RDNS, true],
          [RDNS, false],
        ]),
      )
      // The switcher lists both; Add wallet again, the first wallet (held) picked: it is the active one again.
      await app.ensureOpen()
      await app.get('region', 'Connected wallets')
      await app.click('button', 'Add wallet')
      await app.click('button', 'Latchkey Dev Wallet')
      await waitFor(() => expect(app.modal.getState().account).toMatchObject({ isConnected: true, connectorId: RDNS, address: app.wallet.state.address }))
      expect(held(app)).toEqual([
        [RDNS, true],
        [SECOND_RDNS, false],
      ])
      expect(app.wallet.pending).toEqual([])
      expect(app.gates.waiting('wallet_revokePermissions')).toBe(0)
    } finally {
      await app.dispose()
    }
  }, 20_000)

  test('behavior: with multi-wallet off Account has no Add wallet entry', async () => {
    const app = await renderApp({ secondWallet: true, api: true })
    try {
      await app.ensureOpen()
      await app.click('button', 'Latchkey Dev Wallet')
      await app.walletAnswer('Approve')
      await app.ensureOpen()
      await app.get('dialog', 'Account')
      expect(app.find('button', 'Add wallet')).toBeNull()
    } finally {
      await app.dispose()
    }
  }, 20_000)
})

describe('connection model', () => {
  afterAll(() => {
    const report = coverageReport(connectionMachine, runs, (id, states) => states.has(id.split(' --')[0]!))
    console.log(formatCoverage('connection (model paths walked in the UI)', report))
  })

  test('coverage: the paths reach every state and fire every transition of the chart', () => {
    const report = coverageReport(connectionMachine, runs, (id, states) => states.has(id.split(' --')[0]!))
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })

  for (const run of runs) {
    describe(run.fixture.name, () => {
      for (const path of run.paths) {
        const name = path.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ') || '(initial)'
        test(`walk: ${name} ⇒ ${path.target}`, () => walk(run.fixture, path), 20_000)
      }
    })
  }
})
