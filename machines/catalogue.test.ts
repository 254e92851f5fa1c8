import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import { OfflineError } from '../adapters/connectivity.ts'
import { ApiError } from '../services/api.ts'
import type { GetWalletsParameters, GetWalletsReturnType } from '../services/directory.ts'
import type { Wallet } from '../services/schemas.ts'
import { deferred, type Deferred } from '../tests/harness/deferred.ts'
import {
  allWalletsTag,
  connectCatalogue,
  isBrowserWalletEntryShown,
  listedConnectors,
  connectConnect,
  connectMethodOrder,
  connectorMatchName,
  filterForMobile,
  filterForUniversalProvider,
  withDirectoryInfo,
} from './catalogue.connect.ts'
import type { Connector } from '../adapters/types.ts'
import { catalogueMachine, type CatalogueOptions } from './catalogue.ts'
import { timing } from './timing.ts'
import { ForeignError } from '../tests/harness/failures.ts'

const wallet = (id: string, extra: Partial<Wallet> = {}): Wallet => ({ id, name: `Wallet ${id}`, image_id: id, chains: ['eip155:1'], ...extra })

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function harness(options: CatalogueOptions = {}) {
  const calls: Array<{ input: GetWalletsParameters; d: Deferred<GetWalletsReturnType> }> = []
  let initial = deferred<{ featured: Wallet[]; recommended: Wallet[]; first: GetWalletsReturnType }>()
  /** The connectivity watcher's way back to the machine: `online()` is the browser's `online` event. */
  const connectivity = { online: () => {}, stopped: false }
  const actor = createActor(
    catalogueMachine.provide({
      actors: {
        fetchWallets: fromPromise(({ input }) => {
          const d = deferred<GetWalletsReturnType>()
          calls.push({ input, d })
          return d.promise
        }),
        loadInitial: fromPromise(() => initial.promise),
        watchConnectivity: fromCallback(({ sendBack }) => {
          connectivity.online = () => sendBack({ type: 'catalogue.online' })
          return () => void (connectivity.stopped = true)
        }),
      },
    }),
    { input: options },
  ).start()
  return {
    actor,
    calls,
    get initial() {
      return initial
    },
    /** A fresh first load for the next `loadInitial` (the first one settled). */
    nextInitial: () => (initial = deferred()),
    connectivity,
    view: (typed?: string) => connectCatalogue(actor.getSnapshot(), { rdns: [], names: [] }, typed),
  }
}

describe('catalogue', () => {
  test('behavior: loads featured, recommended and the first page once shown; featured first', async () => {
    const h = harness({ featuredWalletIds: ['f'] })
    // Not asked yet: nothing is loading (no call), and the view already awaits the first answer (Connect keeps its room).
    expect(h.actor.getSnapshot().matches({ list: 'idle' })).toBe(true)
    expect(h.view().isLoading).toBe(true)
    h.actor.send({ type: 'catalogue.load' })
    expect(h.actor.getSnapshot().matches({ list: 'loadingInitial' })).toBe(true)
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

  test('behavior: a failed load is a state with its reason (unavailable) and is asked again when the catalogue shows again', async () => {
    const h = harness()
    h.actor.send({ type: 'catalogue.load' })
    h.initial.reject(new ApiError({ status: 500, body: 'boom', url: 'http://127.0.0.1/directory/getWallets' }))
    await vi.advanceTimersByTimeAsync(0)
    expect(h.actor.getSnapshot().matches({ list: 'failed' })).toBe(true)
    expect(h.view()).toMatchObject({ loadFailed: true, loadFailure: 'unavailable', isLoading: false, items: [] })
    h.nextInitial()
    h.actor.send({ type: 'catalogue.load' })
    expect(h.view()).toMatchObject({ isLoading: true, loadFailed: false, loadFailure: undefined })
    h.initial.resolve({ featured: [], recommended: [], first: { data: [wallet('a')], count: 1 } })
    await vi.advanceTimersByTimeAsync(0)
    expect(h.view()).toMatchObject({ loadFailed: false, loadFailure: undefined, items: [expect.objectContaining({ id: 'a' })] })
  })

  test('behavior: a load failed offline says offline; the browser coming back online asks again', async () => {
    const h = harness()
    h.actor.send({ type: 'catalogue.load' })
    h.initial.reject(new OfflineError({ cause: new TypeError('Failed to fetch') }))
    await vi.advanceTimersByTimeAsync(0)
    expect(h.view()).toMatchObject({ loadFailed: true, loadFailure: 'offline' })
    h.nextInitial()
    h.connectivity.online()
    expect(h.actor.getSnapshot().matches({ list: 'loadingInitial' })).toBe(true)
    h.initial.resolve({ featured: [], recommended: [wallet('r')], first: { data: [], count: 0 } })
    await vi.advanceTimersByTimeAsync(0)
    expect(h.actor.getSnapshot().matches({ list: 'ready' })).toBe(true)
    // Online again while nothing failed: nothing is asked.
    h.connectivity.online()
    expect(h.actor.getSnapshot().matches({ list: 'ready' })).toBe(true)
    expect(h.calls).toHaveLength(0)
  })

  test('behavior: the connectivity watcher lives as long as the catalogue', () => {
    const h = harness()
    expect(h.connectivity.stopped).toBe(false)
    h.actor.stop()
    expect(h.connectivity.stopped).toBe(true)
  })

  test('behavior: a failed page keeps the rows and waits for the next scroll (no retry loop)', async () => {
    const h = harness()
    h.actor.send({ type: 'catalogue.load' })
    h.initial.resolve({ featured: [], recommended: [], first: { data: [wallet('a')], count: 3 } })
    await vi.advanceTimersByTimeAsync(0)
    h.actor.send({ type: 'catalogue.loadMore' })
    h.calls[0]!.d.reject(new ForeignError('down'))
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

  test('behavior: a failed search is said (not "no match"): unavailable for an HTTP error, with the loaded matches kept', async () => {
    const h = harness()
    h.actor.send({ type: 'catalogue.load' })
    h.initial.resolve({ featured: [], recommended: [], first: { data: [wallet('zz1'), wallet('a')], count: 2 } })
    await vi.advanceTimersByTimeAsync(0)
    h.actor.send({ type: 'catalogue.search', query: 'zz' })
    await vi.advanceTimersByTimeAsync(timing.searchDebounce)
    h.calls[0]!.d.reject(new ApiError({ status: 429, body: '', url: 'http://127.0.0.1/directory/getWallets' }))
    await vi.advanceTimersByTimeAsync(timing.searchMinDuration)
    expect(h.actor.getSnapshot().matches({ search: 'failed' })).toBe(true)
    expect(h.view('zz')).toMatchObject({ isSearching: false, searchFailure: 'unavailable', items: [expect.objectContaining({ id: 'zz1' })] })
    // Another query typed: the failure is not said for it.
    h.actor.send({ type: 'catalogue.search', query: 'a' })
    expect(h.view('a').searchFailure).toBeUndefined()
  })

  test('behavior: a search failed offline says offline; coming back online searches again, and its answer replaces the failure', async () => {
    const h = harness()
    h.actor.send({ type: 'catalogue.search', query: 'meta' })
    await vi.advanceTimersByTimeAsync(timing.searchDebounce)
    h.calls[0]!.d.reject(new OfflineError())
    await vi.advanceTimersByTimeAsync(timing.searchMinDuration)
    expect(h.view('meta')).toMatchObject({ searchFailure: 'offline', items: [] })
    h.connectivity.online()
    expect(h.calls).toHaveLength(2)
    expect(h.calls[1]!.input).toMatchObject({ search: 'meta', entries: 100 })
    expect(h.view('meta')).toMatchObject({ isSearching: true, searchFailure: undefined })
    h.calls[1]!.d.resolve({ data: [wallet('m')], count: 1 })
    await vi.advanceTimersByTimeAsync(timing.searchMinDuration)
    expect(h.actor.getSnapshot().matches({ search: 'showingResults' })).toBe(true)
    expect(h.view('meta')).toMatchObject({ searchFailure: undefined, items: [expect.objectContaining({ id: 'm' })] })
  })

  test('behavior: Try again on a failed search sends the same query again (after the debounce)', async () => {
    const h = harness()
    h.actor.send({ type: 'catalogue.search', query: 'meta' })
    await vi.advanceTimersByTimeAsync(timing.searchDebounce)
    h.calls[0]!.d.reject(new OfflineError())
    await vi.advanceTimersByTimeAsync(timing.searchMinDuration)
    h.actor.send({ type: 'catalogue.search', query: 'meta' })
    await vi.advanceTimersByTimeAsync(timing.searchDebounce)
    expect(h.calls).toHaveLength(2)
    h.calls[1]!.d.resolve({ data: [], count: 0 })
    await vi.advanceTimersByTimeAsync(timing.searchMinDuration)
    expect(h.view('meta')).toMatchObject({ searchFailure: undefined, items: [], count: 0 })
  })

  test('behavior: wallets shown as installed are hidden by rdns or lowercase name', () => {
    const h = harness()
    const snap = h.actor.getSnapshot()
    const view = connectCatalogue({ ...snap, context: { ...snap.context, wallets: [wallet('a', { rdns: 'io.metamask' }), wallet('b', { name: 'Rainbow' }), wallet('c')] } } as never, {
      rdns: ['io.metamask'],
      names: ['rainbow'],
    })
    expect(view.items.map((w) => w.id)).toEqual(['c'])
  })

  test('spec §9: the connector-name alias maps Trust Wallet to Trust: an installed "Trust" hides the directory\'s "Trust Wallet", and the other way round', () => {
    const h = harness()
    const snap = h.actor.getSnapshot()
    const withWallets = (...wallets: Wallet[]) => ({ ...snap, context: { ...snap.context, wallets } }) as never
    const installedTrust = connectCatalogue(withWallets(wallet('t', { name: 'Trust Wallet' }), wallet('c')), { rdns: [], names: ['Trust'] })
    expect(installedTrust.items.map((w) => w.id)).toEqual(['c'])
    const installedTrustWallet = connectCatalogue(withWallets(wallet('t', { name: 'Trust' }), wallet('c')), { rdns: [], names: ['Trust Wallet'] })
    expect(installedTrustWallet.items.map((w) => w.id)).toEqual(['c'])
    // Only that alias: another wallet whose name starts with Trust stays.
    expect(connectCatalogue(withWallets(wallet('x', { name: 'Trustee' })), { rdns: [], names: ['Trust'] }).items.map((w) => w.id)).toEqual(['x'])
    expect(connectorMatchName('TRUST WALLET')).toBe('trust')
  })
})

describe('catalogue filters', () => {
  test('behavior: mobile keeps wallets with a mobile link, plus Coinbase, and Solflare and Phantom on Solana', () => {
    const list = [wallet('1', { mobile_link: 'foo://' }), wallet('2', { name: 'Coinbase Wallet' }), wallet('3', { name: 'Phantom' }), wallet('4', { name: 'Desktop Only', desktop_link: 'https://x' })]
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

describe('the All Wallets tag', () => {
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

describe('Connect view model', () => {
  const connector = (id: string, type: Connector['type'], rdns?: string): Connector => ({ id, name: id, type, chain: 'eip155', ...(rdns ? { info: { rdns } } : {}) })
  const wc = connector('walletConnect', 'WALLET_CONNECT')
  const metamask = connector('io.metamask', 'ANNOUNCED', 'io.metamask')
  const rabby = connector('io.rabby', 'ANNOUNCED', 'io.rabby')
  const injected = connector('injected', 'INJECTED')
  const external = connector('coinbaseSdk', 'MULTI_CHAIN')
  const catalogue = { featured: [wallet('f1')], custom: [wallet('c1')], recommended: [wallet('r1'), wallet('r2'), wallet('r3')] }
  const groups = (view: ReturnType<typeof connectConnect>) => view.rows.map((r) => (r.kind === 'connector' ? `${r.group}:${r.connector.id}` : `${r.group}:${r.wallet.id}`))

  test('spec §9: connector order: by default walletConnect, recent, injected, featured, custom, external, recommended (WalletConnect before the recent wallets)', () => {
    const view = connectConnect({ connectors: [metamask, external, rabby, injected, wc], recentIds: ['io.rabby'], catalogue })
    expect(groups(view)).toEqual(['walletConnect:walletConnect', 'recent:io.rabby', 'injected:io.metamask', 'injected:injected', 'featured:f1', 'custom:c1', 'external:coinbaseSdk', 'recommended:r1', 'recommended:r2'])
    expect(view.rows.map((r) => (r.kind === 'connector' ? r.tag : r.isFeatured))).toEqual(['qrCode', 'recent', 'installed', 'installed', true, false, 'installed', false, false])
  })

  test('spec §9: connector order: the connectorTypeOrder option reorders the groups; a group left out is not shown', () => {
    const view = connectConnect({ connectors: [metamask, wc, rabby], recentIds: ['io.rabby', 'io.metamask'], catalogue, order: ['recommended', 'recent', 'walletConnect'] })
    expect(groups(view)).toEqual(['recommended:r1', 'recommended:r2', 'recommended:r3', 'recent:io.rabby', 'recent:io.metamask', 'walletConnect:walletConnect'])
  })

  test('spec §2: connect method order: the sections follow connectMethodOrder, wallet first when installed wallets are shown; only the methods this build has', () => {
    const all = { wallet: true, email: true, social: true }
    expect(connectConnect({ connectors: [wc], recentIds: [], catalogue, methods: all }).sections).toEqual(['email', 'social', 'wallet'])
    expect(connectConnect({ connectors: [wc, metamask], recentIds: [], catalogue, methods: all }).sections).toEqual(['wallet', 'email', 'social'])
    expect(connectConnect({ connectors: [wc], recentIds: [], catalogue }).sections).toEqual(['wallet'])
  })

  test('spec §3: Connector imageId and explorerId: a connector matched by rdns to a directory wallet gets its id, image id and image URL', () => {
    const directory = [{ ...wallet('dir-mm'), rdns: 'io.metamask', image_id: 'img-mm', imageUrl: 'https://dir.example/getWalletImage/img-mm' }]
    expect(withDirectoryInfo([metamask, injected, { ...rabby, imageUrl: 'data:image/png;base64,AA' }], directory)).toEqual([
      { ...metamask, explorerId: 'dir-mm', imageId: 'img-mm', imageUrl: 'https://dir.example/getWalletImage/img-mm' },
      injected,
      { ...rabby, imageUrl: 'data:image/png;base64,AA' },
    ])
    const own = { ...metamask, imageUrl: 'data:image/svg+xml,<svg/>' }
    expect(withDirectoryInfo([own], directory)[0]).toEqual({ ...own, explorerId: 'dir-mm', imageId: 'img-mm' })
    const row = connectConnect({ connectors: [metamask], recentIds: [], catalogue, directory }).rows[0]
    expect(row).toMatchObject({ kind: 'connector', connector: { explorerId: 'dir-mm', imageId: 'img-mm' } })
  })

  test('spec §6: the browser-wallet entry is hidden on a desktop unless relevant (its provider in the page), and on a phone without rdns and not installed', () => {
    const entry = (extra: Partial<Connector>): Connector => ({ ...injected, name: 'Browser Wallet', ...extra })
    const cases: Array<[string, Connector, boolean, boolean]> = [
      // [case, connector, shown on a desktop, shown on a phone]
      ['installed', entry({ installed: true }), true, true],
      ['installed, with an rdns', entry({ installed: true, info: { rdns: 'com.example' } }), true, true],
      ['not installed, with an rdns', entry({ info: { rdns: 'com.example' } }), false, true],
      ['not installed, no rdns', entry({}), false, false],
      ['installed: false, no rdns', entry({ installed: false }), false, false],
      ['not installed, an empty rdns', entry({ info: { rdns: '' } }), false, false],
      ['not installed, info without rdns', entry({ info: {} }), false, false],
      ['an announced wallet (never hidden)', metamask, true, true],
      ['WalletConnect (never hidden)', wc, true, true],
      ['a multi-chain connector (never hidden)', external, true, true],
    ]
    for (const [name, c, desktop, phone] of cases) {
      expect([name, isBrowserWalletEntryShown(c, { isMobile: false }), isBrowserWalletEntryShown(c, { isMobile: true })]).toEqual([name, desktop, phone])
    }
  })

  test('spec §6: listedConnectors drops only the hidden browser-wallet entry and keeps the order; Connect then counts what it lists', () => {
    const bare = { ...injected, name: 'Browser Wallet' }
    const withRdns = { ...bare, id: 'injected-rdns', info: { rdns: 'com.example' } }
    const all = [wc, metamask, bare, withRdns, external]
    expect(listedConnectors(all, { isMobile: false }).map((c) => c.id)).toEqual(['walletConnect', 'io.metamask', 'coinbaseSdk'])
    expect(listedConnectors(all, { isMobile: true }).map((c) => c.id)).toEqual(['walletConnect', 'io.metamask', 'injected-rdns', 'coinbaseSdk'])
    expect(listedConnectors([], { isMobile: true })).toEqual([])
    expect(connectConnect({ connectors: listedConnectors(all, { isMobile: false }), recentIds: [] }).installedCount).toBe(1)
  })
})
