import { describe, expect, test, vi } from 'vitest'
import { fromCallback, fromPromise } from 'xstate'
import { UserRejectedRequestError } from '../adapters/errors.ts'
import { createManualClock } from '../tests/harness/clock.ts'
import { flush } from '../tests/harness/deferred.ts'
import { connectionHarness, type ConnectionHarnessOptions } from '../tests/harness/connection.ts'
import type { ConnectionInput } from './connection.ts'
import { connectAccount, connectConnecting } from './connection.connect.ts'
import { timing } from './timing.ts'
import { ForeignError } from '../tests/harness/failures.ts'

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const C = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

describe('connection', () => {
  test('behavior: tells its owner each status but connected as it enters it (the owner never reads its snapshot)', async () => {
    const h = connectionHarness()
    expect(h.reports).toEqual([{ status: 'disconnected', connectorId: undefined }])
    h.actor.send({ type: 'connection.request', connectorId: 'dev.wallet' })
    expect(h.reports.at(-1)).toEqual({ status: 'connecting', connectorId: 'dev.wallet' })
    h.connects[0]!.resolve({ accounts: [A], chainId: 31337 })
    await flush()
    // Connected is told by connection.connected, with the account.
    expect(h.reports).toHaveLength(2)
    expect(h.emitted.map((e) => e.type)).toEqual(['connection.connected'])
    h.actor.send({ type: 'connection.disconnect' })
    expect(h.reports.at(-1)).toEqual({ status: 'connecting', connectorId: 'dev.wallet' })
    await flush()
    expect(h.reports.at(-1)?.status).toBe('disconnected')
    expect(h.emitted.at(-1)).toMatchObject({ type: 'connection.disconnected', reason: 'user' })
  })

  test('spec §3: the account state keeps connectedWalletInfo and addressLabels from the session, shows them while connected, and forgets them on disconnect', async () => {
    const h = connectionHarness()
    h.actor.send({ type: 'connection.request', connectorId: 'auth' })
    const wallet = { name: 'Email', icon: 'data:image/svg+xml,<svg/>', identifier: 'auth', social: 'github' }
    h.connects[0]!.resolve({ accounts: [A], chainId: 31337, wallet, addressLabels: { [A]: 'Smart Account', [B]: 'EOA' } })
    await flush()
    expect(h.actor.getSnapshot().context).toMatchObject({ connectedWalletInfo: wallet, addressLabels: { [A]: 'Smart Account', [B]: 'EOA' } })
    expect(connectAccount(h.actor.getSnapshot())).toMatchObject({ connectedWalletInfo: wallet, addressLabels: { [A]: 'Smart Account' } })
    // Another account of the same wallet: the wallet and the labels stay.
    h.actor.send({ type: 'connection.accountsChanged', accounts: [B] })
    expect(connectAccount(h.actor.getSnapshot()).connectedWalletInfo).toEqual(wallet)
    h.actor.send({ type: 'connection.disconnect' })
    await flush()
    expect(h.actor.getSnapshot().context.connectedWalletInfo).toBeUndefined()
    expect(h.actor.getSnapshot().context.addressLabels).toBeUndefined()
    expect(connectAccount(h.actor.getSnapshot()).connectedWalletInfo).toBeUndefined()

    // A session without a description (a dapp's own adapter, nothing known of the connector) keeps none.
    await h.connect('dev.wallet')
    expect(connectAccount(h.actor.getSnapshot())).not.toHaveProperty('connectedWalletInfo')
  })

  test('behavior: starts disconnected without a stored connection', () => {
    const h = connectionHarness()
    expect(h.status()).toBe('disconnected')
    expect(h.emitted).toEqual([])
  })

  test('behavior: with reconnect enabled a stored connection starts as connecting and restores', async () => {
    const h = connectionHarness({ storedConnectorId: 'dev.wallet', reconnect: true })
    expect(h.status()).toBe('connecting')
    h.reconnects[0]!.resolve({ accounts: [A], chainId: 31337 })
    await flush()
    expect(h.status()).toBe('connected')
    expect(h.emitted).toEqual([{ type: 'connection.connected', namespace: 'eip155', connectorId: 'dev.wallet', address: A, accounts: [A], chainId: 31337, restored: true }])
  })

  test('behavior: with reconnect disabled it starts disconnected and drops stored connections', () => {
    const h = connectionHarness({ storedConnectorId: 'dev.wallet', reconnect: false })
    expect(h.status()).toBe('disconnected')
    expect(h.reconnects).toHaveLength(0)
    expect(h.emitted).toEqual([{ type: 'connection.storedDropped', namespace: 'eip155' }])
    expect(h.actor.getSnapshot().context.connectorId).toBeUndefined()
  })

  test('behavior: another tab stored a connection: restored here silently (no prompt), as at boot', async () => {
    const h = connectionHarness()
    h.actor.send({ type: 'connection.restore', connectorId: 'dev.wallet' })
    expect(h.status()).toBe('connecting')
    expect(h.connects).toHaveLength(0)
    h.reconnects[0]!.resolve({ accounts: [A], chainId: 31337 })
    await flush()
    expect(h.status()).toBe('connected')
    expect(h.emitted).toEqual([{ type: 'connection.connected', namespace: 'eip155', connectorId: 'dev.wallet', address: A, accounts: [A], chainId: 31337, restored: true }])
    // Already connected: another restore is not heard.
    h.actor.send({ type: 'connection.restore', connectorId: 'dev.wallet' })
    expect(h.reconnects).toHaveLength(1)
  })

  test('behavior: another tab ended the connection: forgotten here without asking the wallet (reason elsewhere); during a restore too', async () => {
    const h = connectionHarness({ storedConnectorId: 'dev.wallet' })
    h.reconnects[0]!.resolve({ accounts: [A], chainId: 31337 })
    await flush()
    h.actor.send({ type: 'connection.endedElsewhere' })
    expect(h.status()).toBe('disconnected')
    expect(h.disconnects).toHaveLength(0)
    expect(h.emitted.at(-1)).toEqual({ type: 'connection.disconnected', namespace: 'eip155', connectorId: 'dev.wallet', reason: 'elsewhere' })
    expect(h.actor.getSnapshot().context.address).toBeUndefined()
    // A restore under way is given up; its late answer is ignored.
    h.actor.send({ type: 'connection.restore', connectorId: 'dev.wallet' })
    h.actor.send({ type: 'connection.endedElsewhere' })
    expect(h.status()).toBe('disconnected')
    h.reconnects[1]!.resolve({ accounts: [A], chainId: 31337 })
    await flush()
    expect(h.status()).toBe('disconnected')
    // Already disconnected: not heard.
    const count = h.emitted.length
    h.actor.send({ type: 'connection.endedElsewhere' })
    expect(h.emitted).toHaveLength(count)
  })

  test('behavior: a failed restore ends disconnected and tells the owner to forget it', async () => {
    const h = connectionHarness({ storedConnectorId: 'gone.wallet' })
    h.reconnects[0]!.reject(new ForeignError('not found'))
    await flush()
    expect(h.status()).toBe('disconnected')
    expect(h.emitted.at(-1)).toMatchObject({ type: 'connection.disconnected', reason: 'restoreFailed', connectorId: 'gone.wallet' })
  })

  test('behavior: connect, then the balance is fetched for the first account on the wallet chain', async () => {
    const h = connectionHarness()
    h.actor.send({ type: 'connection.request', connectorId: 'dev.wallet' })
    expect(h.status()).toBe('connecting')
    expect(connectConnecting(h.actor.getSnapshot()).phase).toBe('waiting')
    h.connects[0]!.resolve({ accounts: [A, B], chainId: 31337 })
    await flush()
    expect(h.status()).toBe('connected')
    expect(h.isWatching()).toBe(true)
    expect(h.balances[0]!.input).toEqual({ connectorId: 'dev.wallet', address: A, chainId: 31337, namespace: 'eip155', fresh: true })
    h.balances[0]!.d.resolve({ value: '1234567000000000000000', decimals: 18, symbol: 'ETH' })
    await flush()
    const view = connectAccount(h.actor.getSnapshot())
    expect(view).toMatchObject({ address: A, balance: '1234.567', balanceSymbol: 'ETH', caipAddress: `eip155:31337:${A}`, displayAddress: '0xf39F…2266' })
    // The visitor's text: grouped in the locale; the state's `balance` stays plain.
    expect(view.formattedBalance).toBe('1,234.567')
    expect(view.compactBalance).toBe('1,234.567')
    expect(connectAccount(h.actor.getSnapshot(), undefined, 'de-DE').formattedBalance).toBe('1.234,567')
  })

  test('behavior: a balance from a million whole tokens on is compact where space is short (the account button), exact in formattedBalance', async () => {
    const h = connectionHarness()
    await h.connect('dev.wallet')
    h.balances[0]!.d.resolve({ value: '1234567890000000000000000', decimals: 18, symbol: 'ETH' })
    await flush()
    const view = connectAccount(h.actor.getSnapshot())
    expect(view.formattedBalance).toBe('1,234,567.89')
    expect(view.compactBalance).toBe('1.23M')
  })

  test('spec §3 §9: native balance cache: the first read after a restore or a change may be the stored balance; after a connect the visitor made, a refresh or a poll with a balance shown it is fresh', async () => {
    const restored = connectionHarness({ storedConnectorId: 'dev.wallet', reconnect: true })
    restored.reconnects[0]!.resolve({ accounts: [A, B], chainId: 31337 })
    await flush()
    expect(restored.balances[0]!.input).toMatchObject({ fresh: false })
    restored.balances[0]!.d.resolve({ value: '1', decimals: 18, symbol: 'ETH' })
    await flush()
    restored.actor.send({ type: 'connection.refreshBalance' })
    expect(restored.balances[1]!.input).toMatchObject({ fresh: true })

    // A connect the visitor made reads the chain: the account may have moved since its balance was stored.
    const h = connectionHarness()
    await h.connect('dev.wallet', { accounts: [A, B], chainId: 31337 })
    expect(h.balances[0]!.input).toMatchObject({ address: A, fresh: true })
    // A read that failed is tried again as it was asked: still fresh.
    h.balances[0]!.d.reject(new Error('the node is away'))
    await flush()
    h.actor.send({ type: 'connection.refreshBalance' })
    expect(h.balances[1]!.input).toMatchObject({ fresh: true })
    h.balances[1]!.d.resolve({ value: '2', decimals: 18, symbol: 'ETH' })
    await flush()
    // Once read, a change of account reads as any change does: its first read may be the stored one.
    h.actor.send({ type: 'connection.accountsChanged', accounts: [B, A] })
    expect(h.balances[2]!.input).toMatchObject({ address: B, fresh: false })
  })

  test('behavior: a user rejection (4001) is declined, not an error, and can be retried', async () => {
    const h = connectionHarness()
    h.actor.send({ type: 'connection.request', connectorId: 'dev.wallet' })
    h.connects[0]!.reject(new UserRejectedRequestError())
    await flush()
    expect(h.actor.getSnapshot().value).toBe('rejected')
    expect(h.actor.getSnapshot().context.error).toBeUndefined()
    expect(connectConnecting(h.actor.getSnapshot()).phase).toBe('declined')
    await h.connect('dev.wallet', { accounts: [A], chainId: 1 })
    expect(h.status()).toBe('connected')
  })

  test('behavior: a wallet error is a failure with its message, and can be retried', async () => {
    const h = connectionHarness()
    h.actor.send({ type: 'connection.request', connectorId: 'dev.wallet' })
    h.connects[0]!.reject('something broke')
    await flush()
    expect(h.actor.getSnapshot().value).toBe('failed')
    expect(connectConnecting(h.actor.getSnapshot())).toEqual({ phase: 'error', error: { name: 'BaseError', message: 'something broke' } })
    h.actor.send({ type: 'connection.request', connectorId: 'dev.wallet' })
    expect(h.status()).toBe('connecting')
  })

  test('behavior: cancel while the wallet never answers returns to disconnected; a late answer is ignored', async () => {
    const h = connectionHarness()
    h.actor.send({ type: 'connection.request', connectorId: 'dev.wallet' })
    h.actor.send({ type: 'connection.cancel' })
    expect(h.status()).toBe('disconnected')
    h.connects[0]!.resolve({ accounts: [A], chainId: 1 })
    await flush()
    expect(h.status()).toBe('disconnected')
    expect(h.emitted).toEqual([])
  })

  test('behavior: accountsChanged resyncs the first account and refetches the balance', async () => {
    const h = connectionHarness()
    await h.connect('w', { accounts: [A], chainId: 1 })
    h.wallet({ type: 'connection.accountsChanged', accounts: [B, A] })
    expect(h.actor.getSnapshot().context.address).toBe(B)
    expect(h.balances.at(-1)!.input.address).toBe(B)
    expect(h.emitted.at(-1)).toEqual({ type: 'connection.accountChanged', namespace: 'eip155', connectorId: 'w', address: B, accounts: [B, A] })
  })

  test("behavior: several accounts: selectAccount picks another the wallet gave; the wallet's reordering keeps the pick; an account it did not give does nothing", async () => {
    const h = connectionHarness()
    await h.connect('w', { accounts: [A, B], chainId: 1 })
    expect(h.emitted.at(-1)).toMatchObject({ type: 'connection.connected', address: A, accounts: [A, B] })
    h.actor.send({ type: 'connection.selectAccount', address: C })
    h.actor.send({ type: 'connection.selectAccount', address: A })
    expect(h.actor.getSnapshot().context.address).toBe(A)
    expect(h.emitted.filter((e) => e.type === 'connection.accountChanged')).toEqual([])
    h.actor.send({ type: 'connection.selectAccount', address: B.toLowerCase() })
    expect(h.actor.getSnapshot().context).toMatchObject({ address: B, picked: true })
    expect(h.balances.at(-1)!.input.address).toBe(B)
    expect(h.emitted.at(-1)).toEqual({ type: 'connection.accountChanged', namespace: 'eip155', connectorId: 'w', address: B, accounts: [A, B] })
    // The wallet puts its own selected account first: the pick stays, nothing is told.
    const told = h.emitted.length
    h.wallet({ type: 'connection.accountsChanged', accounts: [A, B] })
    expect(h.actor.getSnapshot().context.address).toBe(B)
    expect(h.emitted.length).toBe(told)
    // Another set still giving the pick: it stays, the new set is told.
    h.wallet({ type: 'connection.accountsChanged', accounts: [C, B] })
    expect(h.emitted.at(-1)).toEqual({ type: 'connection.accountChanged', namespace: 'eip155', connectorId: 'w', address: B, accounts: [C, B] })
    // The pick is no longer given: the wallet's first is selected.
    h.wallet({ type: 'connection.accountsChanged', accounts: [C, A] })
    expect(h.actor.getSnapshot().context).toMatchObject({ address: C, picked: false })
  })

  test("behavior: bip122: a wallet's addresses by purpose (payment, ordinals) are one account: the owner is told the selected address only", async () => {
    const h = connectionHarness({ namespace: 'bip122' })
    await h.connect('w', { accounts: ['bcrt1qpayment', 'bcrt1pordinals'], chainId: 'regtest' })
    expect(h.emitted.at(-1)).toMatchObject({ type: 'connection.connected', address: 'bcrt1qpayment', accounts: ['bcrt1qpayment'] })
  })

  test('behavior: a restore asks for the stored account: kept (a pick) when the wallet gives it, else the wallet first', async () => {
    const kept = connectionHarness({ storedConnectorId: 'w', storedAddress: B.toLowerCase(), reconnect: true })
    kept.reconnects[0]!.resolve({ accounts: [A, B], chainId: 1 })
    await flush()
    expect(kept.actor.getSnapshot().context).toMatchObject({ address: B, picked: true })
    const gone = connectionHarness({ storedConnectorId: 'w', storedAddress: C, reconnect: true })
    gone.reconnects[0]!.resolve({ accounts: [A, B], chainId: 1 })
    await flush()
    expect(gone.actor.getSnapshot().context).toMatchObject({ address: A, picked: false })
  })

  test('behavior: accountsChanged with the same first account changes nothing', async () => {
    const h = connectionHarness()
    await h.connect('w', { accounts: [A], chainId: 1 })
    const before = h.emitted.length
    h.wallet({ type: 'connection.accountsChanged', accounts: [A.toLowerCase()] })
    expect(h.emitted.length).toBe(before)
    expect(h.balances).toHaveLength(1)
  })

  test('behavior: an empty accountsChanged or the wallet disconnecting resets the account', async () => {
    for (const event of [{ type: 'connection.accountsChanged', accounts: [] }, { type: 'connection.walletDisconnected' }]) {
      const h = connectionHarness()
      await h.connect('w', { accounts: [A], chainId: 1 })
      h.wallet(event)
      expect(h.status()).toBe('disconnected')
      expect(h.actor.getSnapshot().context).toMatchObject({ address: undefined, connectorId: undefined, balance: undefined })
      expect(h.emitted.at(-1)).toMatchObject({ type: 'connection.disconnected', reason: 'wallet', connectorId: 'w' })
      expect(h.isWatching()).toBe(false)
    }
  })

  test('behavior: chainChanged updates the chain and refetches the balance on it', async () => {
    const h = connectionHarness()
    await h.connect('w')
    h.wallet({ type: 'connection.chainChanged', chainId: 31338 })
    expect(h.actor.getSnapshot().context.chainId).toBe(31338)
    expect(h.balances.at(-1)!.input.chainId).toBe(31338)
    expect(h.emitted.at(-1)).toEqual({ type: 'connection.chainChanged', namespace: 'eip155', chainId: 31338 })
  })

  test('behavior: a balance failure shows unavailable and retries only after 30 s', async () => {
    vi.useFakeTimers()
    try {
      const h = connectionHarness()
      h.actor.send({ type: 'connection.request', connectorId: 'w' })
      h.connects[0]!.resolve({ accounts: [A], chainId: 1 })
      await vi.advanceTimersByTimeAsync(0)
      h.balances[0]!.d.reject(new ForeignError('rpc down'))
      await vi.advanceTimersByTimeAsync(0)
      expect(connectAccount(h.actor.getSnapshot()).isBalanceUnavailable).toBe(true)
      await vi.advanceTimersByTimeAsync(29_999)
      expect(h.balances).toHaveLength(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(h.balances).toHaveLength(2)
    } finally {
      vi.useRealTimers()
    }
  })

  test('behavior: disconnect asks the wallet, then resets the account', async () => {
    const h = connectionHarness()
    await h.connect('w', { accounts: [A], chainId: 1 })
    h.actor.send({ type: 'connection.disconnect' })
    await flush()
    expect(h.disconnects).toEqual([{ connectorId: 'w', namespace: 'eip155' }])
    expect(h.status()).toBe('disconnected')
    expect(h.emitted.at(-1)).toMatchObject({ type: 'connection.disconnected', reason: 'user', connectorId: 'w' })
  })
})

describe('connection: a wallet that never answers or whose events break', () => {
  /** The machine on a manual clock, some of its actors optionally replaced. */
  function timed(input: Partial<ConnectionInput> = {}, actors: ConnectionHarnessOptions['actors'] = {}) {
    const clock = createManualClock()
    return { ...connectionHarness(input, { clock, actors }), clock }
  }

  test('behavior: a restore the wallet never answers gives up after walletRequestTimeout with a typed timeout error; its late answer is ignored', async () => {
    const h = timed({ storedConnectorId: 'dev.wallet' })
    h.clock.advance(timing.walletRequestTimeout - 1)
    expect(h.status()).toBe('connecting')
    h.clock.advance(1)
    expect(h.status()).toBe('disconnected')
    expect(h.actor.getSnapshot().context.error).toEqual({ name: 'RequestTimeoutError', message: 'Restoring the wallet connection timed out after 10 s.' })
    expect(h.emitted.at(-1)).toMatchObject({ type: 'connection.disconnected', reason: 'restoreFailed', connectorId: 'dev.wallet' })
    h.reconnects[0]!.resolve({ accounts: [A], chainId: 31337 })
    await flush()
    expect(h.status()).toBe('disconnected')
  })

  test('behavior: a balance the wallet never answers is unavailable after walletRequestTimeout, then retried after balanceRetry', async () => {
    const h = timed()
    await h.connect()
    h.clock.advance(timing.walletRequestTimeout)
    expect(h.actor.getSnapshot().value).toEqual({ connected: 'balanceUnavailable' })
    expect(connectAccount(h.actor.getSnapshot()).isBalanceUnavailable).toBe(true)
    expect(h.actor.getSnapshot().context.error).toEqual({ name: 'RequestTimeoutError', message: 'Reading the balance timed out after 10 s.' })
    h.balances[0]!.d.resolve({ value: '1', decimals: 18, symbol: 'ETH' })
    await flush()
    expect(h.actor.getSnapshot().value).toEqual({ connected: 'balanceUnavailable' })
    h.clock.advance(timing.balanceRetry)
    expect(h.balances).toHaveLength(2)
  })

  test('behavior: a revoke the wallet never answers is given up after disconnectWait: disconnected, as the visitor asked', async () => {
    const h = timed({}, { disconnect: fromPromise(() => new Promise<void>(() => {})) })
    await h.connect()
    h.actor.send({ type: 'connection.disconnect' })
    await flush()
    expect(h.status()).toBe('connecting')
    h.clock.advance(timing.disconnectWait)
    expect(h.status()).toBe('disconnected')
    expect(h.actor.getSnapshot().context.error).toEqual({ name: 'RequestTimeoutError', message: "Revoking the wallet's permissions timed out after 3 s." })
    expect(h.emitted.filter((e) => e.type === 'connection.disconnected')).toEqual([{ type: 'connection.disconnected', namespace: 'eip155', connectorId: 'dev.wallet', reason: 'user' }])
    await flush()
    expect(h.emitted.filter((e) => e.type === 'connection.disconnected')).toHaveLength(1)
  })

  test("behavior: the wallet's on() throwing: the connection holds, with the typed error as watchError; it is cleared with the account", async () => {
    const throwing = fromCallback(() => {
      throw new TypeError('on() is broken')
    })
    const h = timed({}, { watchWallet: throwing })
    await h.connect()
    expect(h.status()).toBe('connected')
    expect(h.actor.getSnapshot().context.watchError).toEqual({ name: 'BaseError', message: 'on() is broken' })
    h.balances[0]!.d.resolve({ value: '1', decimals: 18, symbol: 'ETH' })
    await flush()
    expect(h.actor.getSnapshot().value).toEqual({ connected: 'balanceReady' })
    h.actor.send({ type: 'connection.disconnect' })
    await flush()
    expect(h.actor.getSnapshot().context.watchError).toBeUndefined()
  })
})
