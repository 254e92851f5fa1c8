import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Identity, TokenBalance, Transaction } from '../services/schemas.ts'
import { deferred, type Deferred } from '../tests/harness/deferred.ts'
import { connectAccountData, filterTransactions, floorDecimal, groupByMonth } from './account.connect.ts'
import { accountMachine, type AccountInput, type AccountTarget } from './account.ts'
import { timing } from './timing.ts'
import { defaultFeatures } from '../services/features.ts'
import { ForeignError } from '../tests/harness/failures.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

const mainnetTarget: AccountTarget = { address: '0xabc', caipNetworkId: 'eip155:1', namespace: 'eip155', testnet: false, supported: true }
const token = (symbol: string, numeric: string, decimals = '18', value = 10): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: 'eip155:1',
  value,
  price: 1,
  quantity: { decimals, numeric },
  ...(symbol === 'ETH' ? {} : { address: `eip155:1:0x${symbol}` }),
})
const tx = (id: string, minedAt: string, chain = 'eip155:1', spam = false): Transaction => ({
  id,
  metadata: { minedAt, chain, hash: id, status: 'confirmed', operationType: 'send', sentFrom: '0xa', sentTo: '0xb' },
  transfers: [{ direction: 'out', operation_type: 'send', ...(spam ? { nft_info: { flags: { is_spam: true } } } : {}) }],
})

/** The root's account moment: the account is now `target` (none: disconnected). */
const set = (target: AccountTarget) => ({ type: 'root.account', change: 'changed', account: { ...target, connectorId: 'dev' }, holder: undefined }) as const
const clear = { type: 'root.account', change: 'disconnected', account: undefined, holder: undefined } as const
/** The root's feature set with the `activity` feature on or off. */
const flags = (activity: boolean) => ({ type: 'root.flags', flags: { ...defaultFeatures, activity } }) as const

function harness(input: AccountInput = {}) {
  const balances: Deferred<TokenBalance[]>[] = []
  const identities: Deferred<Identity>[] = []
  const names: Array<{ address: string; d: Deferred<string[]> }> = []
  const histories: Array<{ cursor?: string | undefined; d: Deferred<{ data: Transaction[]; next?: string | null }> }> = []
  const actor = createActor(
    accountMachine.provide({
      actors: {
        fetchBalances: fromPromise(() => {
          const d = deferred<TokenBalance[]>()
          balances.push(d)
          return d.promise
        }),
        fetchIdentity: fromPromise(() => {
          const d = deferred<Identity>()
          identities.push(d)
          return d.promise
        }),
        fetchNames: fromPromise(({ input }) => {
          const d = deferred<string[]>()
          names.push({ address: input.address, d })
          return d.promise
        }),
        fetchHistory: fromPromise(({ input }) => {
          const d = deferred<{ data: Transaction[]; next?: string | null }>()
          histories.push({ cursor: input.cursor, d })
          return d.promise
        }),
      },
    }),
    { input },
  ).start()
  return { actor, balances, identities, names, histories, view: () => connectAccountData(actor.getSnapshot()) }
}

describe('account', () => {
  test('behavior: the portfolio drops decimals-0 items (they are the NFTs), floors amounts to 3 decimals, totals USD', async () => {
    const h = harness()
    h.actor.send(set(mainnetTarget))
    h.actor.send({ type: 'account.refresh' })
    h.balances[0]!.resolve([token('ETH', '1.23456'), token('PUNK', '1', '0', 0), token('DEV', '1000000', '18', 5)])
    await vi.advanceTimersByTimeAsync(0)
    expect(h.view().tokens.map((t) => [t.symbol, t.amount, t.fiat])).toEqual([
      ['ETH', '1.234', '$10.00'],
      ['DEV', '1M', '$5.00'],
    ])
    // The row's title holds the amount written out.
    expect(h.view().tokens.map((t) => t.exactAmount)).toEqual(['1.234', '1,000,000'])
    expect(h.view().nfts.map((t) => t.symbol)).toEqual(['PUNK'])
    expect(h.view().totalFiat).toBe('$15.00')
  })

  test('behavior: amounts and fiat are written in the locale given (de-DE: 1 Mio., 1.000.000 and 5,00 $)', async () => {
    const h = harness()
    h.actor.send(set(mainnetTarget))
    h.actor.send({ type: 'account.refresh' })
    h.balances[0]!.resolve([token('DEV', '1000000', '18', 5)])
    await vi.advanceTimersByTimeAsync(0)
    const view = connectAccountData(h.actor.getSnapshot(), 'de-DE')
    expect(view.tokens.map((t) => [t.amount, t.exactAmount, t.fiat])).toEqual([['1\u00a0Mio.', '1.000.000', '5,00\u00a0$']])
  })

  test('behavior: a token without a price shows no fiat, and then no total either (never $0.00, never a partial sum)', async () => {
    const h = harness()
    h.actor.send(set({ ...mainnetTarget, caipNetworkId: 'eip155:31337', testnet: true }))
    h.actor.send({ type: 'account.refresh' })
    h.balances[0]!.resolve([{ ...token('ETH', '2'), price: 0, value: 0 }, token('DEV', '4', '18', 2)])
    await vi.advanceTimersByTimeAsync(0)
    expect(h.view().tokens.map((t) => t.fiat)).toEqual([undefined, '$2.00'])
    expect(h.view().totalFiat).toBeUndefined()
  })

  test('behavior: a namespace the balance API does not support (bip122) shows no fiat, even with a price', async () => {
    const h = harness()
    h.actor.send(set({ ...mainnetTarget, namespace: 'bip122', caipNetworkId: 'bip122:000000000019d6689c085ae165831e93' }))
    h.actor.send({ type: 'account.refresh' })
    h.balances[0]?.resolve([{ ...token('BTC', '1'), price: 65_000, value: 65_000 }])
    await vi.advanceTimersByTimeAsync(0)
    expect(h.view().tokens.map((t) => [t.symbol, t.fiat])).toEqual([['BTC', undefined]])
    expect(h.view().totalFiat).toBeUndefined()
  })

  test('behavior: no token priced, no total', async () => {
    const h = harness()
    h.actor.send(set(mainnetTarget))
    h.actor.send({ type: 'account.refresh' })
    h.balances[0]!.resolve([{ ...token('ETH', '2'), price: 0, value: 0 }])
    await vi.advanceTimersByTimeAsync(0)
    expect(h.view().totalFiat).toBeUndefined()
  })

  test('behavior: Token Balance Unavailable on failure, and a retry only 30 s after it', async () => {
    const h = harness()
    h.actor.send(set(mainnetTarget))
    h.actor.send({ type: 'account.refresh' })
    h.balances[0]!.reject(new ForeignError('down'))
    await vi.advanceTimersByTimeAsync(0)
    expect(h.view().isBalanceUnavailable).toBe(true)
    h.actor.send({ type: 'account.refresh' })
    expect(h.balances).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(timing.balanceRetry)
    h.actor.send({ type: 'account.refresh' })
    expect(h.balances).toHaveLength(2)
  })

  test('behavior: an unsupported network shows Token Balance Unavailable without a request', () => {
    const h = harness()
    h.actor.send(set({ ...mainnetTarget, supported: false }))
    h.actor.send({ type: 'account.refresh' })
    expect(h.balances).toHaveLength(0)
    expect(h.view().isBalanceUnavailable).toBe(true)
  })

  test('behavior: identity only on eip155 non-testnet networks, otherwise cleared', async () => {
    const h = harness()
    h.actor.send(set(mainnetTarget))
    h.actor.send({ type: 'account.refresh' })
    h.identities[0]!.resolve({ name: 'alice.reown.id', avatar: null })
    await vi.advanceTimersByTimeAsync(0)
    expect(h.view().identityName).toBe('alice.reown.id')
    h.actor.send(set({ ...mainnetTarget, testnet: true }))
    h.actor.send({ type: 'account.refresh' })
    expect(h.identities).toHaveLength(1)
    expect(h.view().identityName).toBeNull()
  })

  describe('names registered for the address (the reverse lookup)', () => {
    const testnet: AccountTarget = { ...mainnetTarget, caipNetworkId: 'eip155:31337', testnet: true }

    test('behavior: on a testnet (no identity) the first registered name shows, and the account is known to have one', async () => {
      const h = harness()
      h.actor.send(set(testnet))
      h.actor.send({ type: 'account.refresh' })
      expect(h.names.map((n) => n.address)).toEqual(['0xabc'])
      expect(h.view().identityKnown).toBe(false)
      h.names[0]!.d.resolve(['alice-dev.reown.id', 'alice2.reown.id'])
      await vi.advanceTimersByTimeAsync(0)
      expect(h.view()).toMatchObject({ hasRegisteredName: true, identityKnown: true, namesFailed: false })
    })

    test('behavior: no names and the identity settled: known to have none (Account may offer to register one)', async () => {
      const h = harness()
      h.actor.send(set(mainnetTarget))
      h.actor.send({ type: 'account.refresh' })
      h.identities[0]!.resolve({ name: null, avatar: null })
      await vi.advanceTimersByTimeAsync(0)
      // The identity alone does not settle it: the names are still on their way.
      expect(h.view().identityKnown).toBe(false)
      h.names[0]!.d.resolve([])
      await vi.advanceTimersByTimeAsync(0)
      expect(h.view()).toMatchObject({ identityName: null, hasRegisteredName: false, identityKnown: true, namesFailed: false })
      // The identity's name wins over a registered one.
      h.actor.send(set({ ...mainnetTarget, address: '0xdef' }))
      h.actor.send({ type: 'account.refresh' })
      h.identities[1]!.resolve({ name: 'bob.eth', avatar: null })
      h.names[1]!.d.resolve(['bob.reown.id'])
      await vi.advanceTimersByTimeAsync(0)
      expect(h.view().identityName).toBe('bob.eth')
    })

    test("behavior: the lookup failing is 'Error fetching names for address': not known, nothing shown in place of the address", async () => {
      const h = harness()
      h.actor.send(set(testnet))
      h.actor.send({ type: 'account.refresh' })
      h.names[0]!.d.reject(new TypeError('Failed to fetch'))
      await vi.advanceTimersByTimeAsync(0)
      expect(h.view()).toMatchObject({ hasRegisteredName: false, identityKnown: false, namesFailed: true })
      // Looked up once per account and chain: shown again, it is not asked again; another account asks.
      h.actor.send({ type: 'account.refresh' })
      expect(h.names).toHaveLength(1)
      h.actor.send(set({ ...testnet, address: '0xdef' }))
      expect(h.view().namesFailed).toBe(false)
      h.actor.send({ type: 'account.refresh' })
      expect(h.names.map((n) => n.address)).toEqual(['0xabc', '0xdef'])
    })

    test('behavior: the same address connected again (or on another chain) has its names at once; another address asks', async () => {
      const h = harness()
      h.actor.send(set(testnet))
      h.actor.send({ type: 'account.refresh' })
      h.names[0]!.d.resolve(['alice-dev.reown.id'])
      await vi.advanceTimersByTimeAsync(0)
      h.actor.send(clear)
      h.actor.send(set({ ...testnet, caipNetworkId: 'eip155:31338' }))
      h.actor.send({ type: 'account.refresh' })
      expect(h.names).toHaveLength(1)
      expect(h.view()).toMatchObject({ hasRegisteredName: true, identityKnown: true })
      h.actor.send(set({ ...testnet, address: '0xdef' }))
      expect(h.view().hasRegisteredName).toBe(false)
      h.actor.send({ type: 'account.refresh' })
      expect(h.names.map((n) => n.address)).toEqual(['0xabc', '0xdef'])
      expect(h.view().hasRegisteredName).toBe(false)
    })

    test('behavior: not looked up off eip155 or on a network the dapp does not configure', async () => {
      const h = harness()
      h.actor.send(set({ address: 'So1', caipNetworkId: 'solana:x', namespace: 'solana', testnet: false, supported: true }))
      h.actor.send({ type: 'account.refresh' })
      h.actor.send(set({ ...testnet, supported: false }))
      h.actor.send({ type: 'account.refresh' })
      expect(h.names).toHaveLength(0)
      expect(h.actor.getSnapshot().matches({ names: 'cleared' })).toBe(true)
    })
  })

  test('behavior: activity loads with the Activity tab, pages by cursor, and a failure empties it and clears the cursor', async () => {
    const h = harness()
    h.actor.send(set(mainnetTarget))
    expect(h.histories).toHaveLength(0)
    h.actor.send({ type: 'account.selectTab', tab: 'activity' })
    expect(h.view().currentTab).toBe('activity')
    h.histories[0]!.d.resolve({ data: [tx('a', '2026-11-20T10:00:00Z')], next: 'c2' })
    await vi.advanceTimersByTimeAsync(0)
    expect(h.view().hasMoreActivity).toBe(true)
    h.actor.send({ type: 'account.loadMoreActivity' })
    expect(h.histories[1]!.cursor).toBe('c2')
    h.histories[1]!.d.reject(new ForeignError('down'))
    await vi.advanceTimersByTimeAsync(0)
    expect(h.view()).toMatchObject({ activityFailed: true, activity: [], hasMoreActivity: false })
    expect(h.actor.getSnapshot().context.cursor).toBeNull()
  })

  test('behavior: with activity off no history is fetched: not on the Activity tab, not on refresh, not on reload', async () => {
    const h = harness({ activity: false })
    h.actor.send(set(mainnetTarget))
    h.actor.send({ type: 'account.selectTab', tab: 'activity' })
    expect(h.view().currentTab).toBe('tokens')
    h.actor.send({ type: 'account.refresh' })
    h.balances[0]!.resolve([token('ETH', '1')])
    await vi.advanceTimersByTimeAsync(0)
    h.actor.send({ type: 'account.reload' })
    h.actor.send({ type: 'account.loadMoreActivity' })
    expect(h.histories).toHaveLength(0)
    expect(h.actor.getSnapshot().matches({ activity: 'idle' })).toBe(true)
  })

  test('behavior: activity turned off while its tab shows: Tokens becomes current, the history is dropped and never fetched again', async () => {
    const h = harness()
    h.actor.send(set(mainnetTarget))
    h.actor.send({ type: 'account.selectTab', tab: 'activity' })
    h.histories[0]!.d.resolve({ data: [tx('a', '2026-11-20T10:00:00Z')], next: 'c2' })
    await vi.advanceTimersByTimeAsync(0)
    expect(h.view().activity).toHaveLength(1)
    h.actor.send(flags(false))
    expect(h.view()).toMatchObject({ currentTab: 'tokens', activity: [], hasMoreActivity: false })
    expect(h.actor.getSnapshot().matches({ activity: 'idle' })).toBe(true)
    h.actor.send({ type: 'account.selectTab', tab: 'activity' })
    h.actor.send({ type: 'account.reload' })
    expect(h.histories).toHaveLength(1)
  })

  test('behavior: activity turned off while its history is on its way: the answer is dropped', async () => {
    const h = harness()
    h.actor.send(set(mainnetTarget))
    h.actor.send({ type: 'account.selectTab', tab: 'activity' })
    h.actor.send(flags(false))
    h.histories[0]!.d.resolve({ data: [tx('a', '2026-11-20T10:00:00Z')], next: null })
    await vi.advanceTimersByTimeAsync(0)
    expect(h.view().activity).toEqual([])
    expect(h.actor.getSnapshot().matches({ activity: 'idle' })).toBe(true)
  })

  test('behavior: activity turned on (local option off, the remote config on): the tab loads its history when picked', () => {
    const h = harness({ activity: false })
    h.actor.send(set(mainnetTarget))
    h.actor.send(flags(true))
    h.actor.send({ type: 'account.selectTab', tab: 'activity' })
    expect(h.view().currentTab).toBe('activity')
    expect(h.histories).toHaveLength(1)
  })

  test('behavior: configuring activity on again keeps the loaded history and the tab', async () => {
    const h = harness()
    h.actor.send(set(mainnetTarget))
    h.actor.send({ type: 'account.selectTab', tab: 'activity' })
    h.histories[0]!.d.resolve({ data: [tx('a', '2026-11-20T10:00:00Z')], next: null })
    await vi.advanceTimersByTimeAsync(0)
    h.actor.send(flags(true))
    expect(h.view()).toMatchObject({ currentTab: 'activity' })
    expect(h.view().activity).toHaveLength(1)
    expect(h.actor.getSnapshot().matches({ activity: 'ready' })).toBe(true)
  })
})

describe('account view helpers', () => {
  test('behavior: floors decimal strings without floating point', () => {
    expect(floorDecimal('0.99999999999999999999')).toBe('0.999')
    expect(floorDecimal('12')).toBe('12.000')
    expect(floorDecimal('not a number')).toBe('0.000')
  })
  test('behavior: drops spam-only transactions and other chains; groups by month, newest first', () => {
    const list = filterTransactions([tx('a', '2026-10-01T00:00:00Z'), tx('b', '2026-11-02T00:00:00Z', 'eip155:5'), tx('c', '2026-11-03T00:00:00Z', 'eip155:1', true), tx('d', '2026-11-04T00:00:00Z')], 'eip155:1')
    expect(list.map((t) => t.id)).toEqual(['a', 'd'])
    expect(groupByMonth(list).map((g) => [g.label, g.transactions.map((t) => t.tx.id)])).toEqual([
      ['November 2026', ['d']],
      ['October 2026', ['a']],
    ])
  })
})
