import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { GetWalletsParameters, GetWalletsReturnType } from '../services/directory.ts'
import type { Wallet } from '../services/schemas.ts'
import { deferred, type Deferred } from '../tests/harness/deferred.ts'
import { allWalletsTag, connectCatalogue, connectMethodOrder, filterForMobile, filterForUniversalProvider } from './catalogue.connect.ts'
import { catalogueMachine, type CatalogueOptions } from './catalogue.ts'
import { timing } from './timing.ts'

const wallet = (id: string, extra: Partial<Wallet> = {}): Wallet => ({ id, name: `Wallet ${id}`, image_id: id, chains: ['eip155:1'], ...extra })

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function harness(options: CatalogueOptions = {}) {
  const calls: Array<{ input: GetWalletsParameters; d: Deferred<GetWalletsReturnType> }> = []
  const initial = deferred<{ featured: Wallet[]; recommended: Wallet[]; first: GetWalletsReturnType }>()
  const actor = createActor(
    catalogueMachine.provide({
      actors: {
        fetchWallets: fromPromise(({ input }) => {
          const d = deferred<GetWalletsReturnType>()
          calls.push({ input, d })
          return d.promise
        }),
        loadInitial: fromPromise(() => initial.promise),
      },
    }),
    { input: options },
  ).start()
  return { actor, calls, initial, view: (typed?: string) => connectCatalogue(actor.getSnapshot(), { rdns: [], names: [] }, typed) }
}

describe('catalogue', () => {
  test('behavior: loads featured, recommended and the first page once shown; featured first', async () => {
    const h = harness({ featuredWalletIds: ['f'] })
    expect(h.view().isLoading).toBe(false)
    h.actor.send({ type: 'catalogue.load' })
    expect(h.view().isLoading).toBe(true)
    h.initial.resolve({ featured: [wallet('f')], recommended: [wallet('r')], first: { data: [wallet('r'), wallet('a')], count: 100 } })
    await vi.advanceTimersByTimeAsync(0)
    expect(h.view().items.map((w) => w.id)).toEqual(['f', 'r', 'a'])
    expect(h.view()).toMatchObject({ isLoading: false, hasMore: true, count: 100 })
  })

  test('behavior: pages of 40 as the visitor scrolls, excluding featured ids, until the count is reached', async () => {
    const h = harness({ featuredWalletIds: ['f'], excludeWalletIds: ['x'] })
    h.actor.send({ type: 'catalogue.load' })
    h.initial.resolve({ featured: [wallet('f')], recommended: [], first: { data: [wallet('a')], count: 2 } })
    await vi.advanceTimersByTimeAsync(0)
    h.actor.send({ type: 'catalogue.loadMore' })
    expect(h.view().isLoadingMore).toBe(true)
    expect(h.calls[0]!.input).toMatchObject({ page: 2, entries: 40, exclude: ['x', 'f'] })
    h.calls[0]!.d.resolve({ data: [wallet('b')], count: 2 })
    await vi.advanceTimersByTimeAsync(0)
    expect(h.view()).toMatchObject({ hasMore: false, isLoadingMore: false })
    h.actor.send({ type: 'catalogue.loadMore' })
    expect(h.calls).toHaveLength(1)
  })

  test('behavior: a failed load is swallowed and can be retried; a failed page keeps the list', async () => {
    const h = harness()
    h.actor.send({ type: 'catalogue.load' })
    h.initial.reject(new Error('down'))
    await vi.advanceTimersByTimeAsync(0)
    expect(h.view()).toMatchObject({ loadFailed: true, isLoading: false, items: [] })
    h.actor.send({ type: 'catalogue.load' })
    expect(h.view().isLoading).toBe(true)
  })

  test('behavior: a failed page keeps the rows and waits for the next scroll (no retry loop)', async () => {
    const h = harness()
    h.actor.send({ type: 'catalogue.load' })
    h.initial.resolve({ featured: [], recommended: [], first: { data: [wallet('a')], count: 3 } })
    await vi.advanceTimersByTimeAsync(0)
    h.actor.send({ type: 'catalogue.loadMore' })
    h.calls[0]!.d.reject(new Error('down'))
    await vi.advanceTimersByTimeAsync(0)
    expect(h.view()).toMatchObject({ isPageFailed: true, isLoadingMore: false, hasMore: true })
    expect(h.view().items.map((w) => w.id)).toEqual(['a'])
    h.actor.send({ type: 'catalogue.loadMore' })
    expect(h.calls[1]!.input).toMatchObject({ page: 2 })
  })

  test('behavior: searching leaves the paged list as it is (a page on its way still lands)', async () => {
    const h = harness()
    h.actor.send({ type: 'catalogue.load' })
    h.initial.resolve({ featured: [], recommended: [], first: { data: [wallet('a')], count: 3 } })
    await vi.advanceTimersByTimeAsync(0)
    h.actor.send({ type: 'catalogue.loadMore' })
    h.actor.send({ type: 'catalogue.search', query: 'me' })
    h.actor.send({ type: 'catalogue.search', query: 'met' })
    h.actor.send({ type: 'catalogue.search', query: '' })
    expect(h.actor.getSnapshot().matches({ list: 'loadingPage' })).toBe(true)
    h.calls[0]!.d.resolve({ data: [wallet('b')], count: 3 })
    await vi.advanceTimersByTimeAsync(0)
    expect(h.view().items.map((w) => w.id)).toEqual(['a', 'b'])
    expect(h.actor.getSnapshot().matches({ list: 'ready' })).toBe(true)
  })

  test('behavior: search filters the loaded wallets at once, asks the server after the debounce for 100, and shows the spinner at least 300 ms', async () => {
    const h = harness()
    h.actor.send({ type: 'catalogue.load' })
    h.initial.resolve({ featured: [], recommended: [], first: { data: [wallet('1', { name: 'MetaVault' }), wallet('2', { name: 'Other' })], count: 500 } })
    await vi.advanceTimersByTimeAsync(0)
    h.actor.send({ type: 'catalogue.search', query: '  meta ' })
    expect(h.view().items.map((w) => w.name)).toEqual(['MetaVault'])
    expect(h.view().isSearching).toBe(true)
    await vi.advanceTimersByTimeAsync(timing.searchDebounce)
    expect(h.calls[0]!.input).toMatchObject({ page: 1, entries: 100, search: 'meta' })
    h.calls[0]!.d.resolve({ data: [wallet('1', { name: 'MetaVault' }), wallet('9', { name: 'Metal Pay' })], count: 2 })
    await vi.advanceTimersByTimeAsync(timing.searchMinDuration - 1)
    expect(h.view().isSearching).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect(h.view()).toMatchObject({ isSearching: false, count: 2 })
    expect(h.view().items.map((w) => w.name)).toEqual(['MetaVault', 'Metal Pay'])
  })

  test('behavior: typing again restarts the debounce; a blank search clears it', async () => {
    const h = harness()
    h.actor.send({ type: 'catalogue.search', query: 'me' })
    await vi.advanceTimersByTimeAsync(timing.searchDebounce - 1)
    h.actor.send({ type: 'catalogue.search', query: 'meta' })
    await vi.advanceTimersByTimeAsync(timing.searchDebounce - 1)
    expect(h.calls).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(h.calls.map((c) => c.input.search)).toEqual(['meta'])
    h.actor.send({ type: 'catalogue.search', query: '   ' })
    expect(h.actor.getSnapshot().matches({ search: 'idle' })).toBe(true)
    expect(h.view().query).toBe('')
  })

  test('behavior: a failed search shows no results instead of an error', async () => {
    const h = harness()
    h.actor.send({ type: 'catalogue.search', query: 'zzz' })
    await vi.advanceTimersByTimeAsync(timing.searchDebounce)
    h.calls[0]!.d.reject(new Error('429'))
    await vi.advanceTimersByTimeAsync(timing.searchMinDuration)
    expect(h.view()).toMatchObject({ isSearching: false, items: [] })
  })

  test('behavior: wallets shown as installed are hidden by rdns or lowercase name', () => {
    const h = harness()
    const snap = h.actor.getSnapshot()
    const view = connectCatalogue(
      { ...snap, context: { ...snap.context, wallets: [wallet('a', { rdns: 'io.metamask' }), wallet('b', { name: 'Rainbow' }), wallet('c')] } } as never,
      { rdns: ['io.metamask'], names: ['rainbow'] },
    )
    expect(view.items.map((w) => w.id)).toEqual(['c'])
  })
})

describe('catalogue filters', () => {
  test('behavior: mobile keeps wallets with a mobile link, plus Coinbase, and Solflare and Phantom on Solana', () => {
    const list = [
      wallet('1', { mobile_link: 'foo://' }),
      wallet('2', { name: 'Coinbase Wallet' }),
      wallet('3', { name: 'Phantom' }),
      wallet('4', { name: 'Desktop Only', desktop_link: 'https://x' }),
    ]
    expect(filterForMobile(list, 'eip155').map((w) => w.id)).toEqual(['1', '2'])
    expect(filterForMobile(list, 'solana').map((w) => w.id)).toEqual(['1', '2', '3'])
  })
  test('behavior: universal-provider mode drops wallets with no link at all', () => {
    expect(filterForUniversalProvider([wallet('1'), wallet('2', { webapp_link: 'https://w' })]).map((w) => w.id)).toEqual(['2'])
  })
  test('behavior: connect method order puts wallets first when installed wallets are shown', () => {
    expect(connectMethodOrder(false)).toEqual(['email', 'social', 'wallet'])
    expect(connectMethodOrder(true)).toEqual(['wallet', 'email', 'social'])
  })
})

describe('catalogue device filters in the view', () => {
  test('behavior: on a phone only wallets with a mobile link (and the always-kept ones) are shown', async () => {
    vi.useFakeTimers()
    const h = harness({ platform: 'mobile', namespace: 'eip155' })
    h.actor.send({ type: 'catalogue.load' })
    h.initial.resolve({ featured: [], recommended: [], first: { data: [wallet('m', { mobile_link: 'm://' }), wallet('d', { desktop_link: 'https://d' }), wallet('c', { name: 'Coinbase Wallet' })], count: 3 } })
    await vi.advanceTimersByTimeAsync(0)
    expect(h.view().items.map((w) => w.id)).toEqual(['m', 'c'])
  })
  test('behavior: in universal-provider mode wallets with no link are hidden', async () => {
    const h = harness({ platform: 'links' })
    h.actor.send({ type: 'catalogue.load' })
    h.initial.resolve({ featured: [], recommended: [], first: { data: [wallet('n'), wallet('w', { webapp_link: 'https://w' })], count: 2 } })
    await vi.advanceTimersByTimeAsync(0)
    expect(h.view().items.map((w) => w.id)).toEqual(['w'])
  })
})

describe('the All Wallets tag (issue 14, defect 11)', () => {
  const view = (items: number, unloaded = 0) => ({ items: Array.from({ length: items }, (_, i) => wallet(String(i))), unloaded })

  test.each([
    [0, 0, 0, '0'],
    [0, 1, 0, '1'],
    [1, 0, 0, '1'],
    [1, 8, 0, '9'],
    [0, 9, 0, '9'],
    [1, 9, 0, '10+'],
    [0, 10, 0, '10+'],
    [2, 17, 0, '10+'],
    [0, 20, 0, '20+'],
    [1, 40, 485, '520+'],
  ])('behavior: %i installed, %i listed, %i to load → %s (exact under 10, else rounded down to the ten)', (installed, items, unloaded, tag) => {
    expect(allWalletsTag({ installed, view: view(items, unloaded) })).toBe(tag)
  })

  test('behavior: the view counts the directory wallets not loaded yet; none while searching', async () => {
    const h = harness()
    h.actor.send({ type: 'catalogue.load' })
    h.initial.resolve({ featured: [], recommended: [wallet('a')], first: { data: [wallet('a'), wallet('b')], count: 45 } })
    await vi.advanceTimersByTimeAsync(0)
    expect(h.view()).toMatchObject({ count: 45, unloaded: 43 })
    expect(h.view().items).toHaveLength(2)
    expect(allWalletsTag({ installed: 1, view: h.view() })).toBe('40+')
    expect(h.view('zzz').unloaded).toBe(0)
  })
})
