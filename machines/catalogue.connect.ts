import type { SnapshotFrom } from 'xstate'
import type { Connector } from '../adapters/types.ts'
import type { Wallet } from '../services/schemas.ts'
import type { catalogueMachine, CatalogueFailure } from './catalogue.ts'
import { connectorTypeOrder, type ConnectorTypeOrderItem } from './catalogue.order.ts'

/** A catalogue wallet with its image URL (resolved by the assembly). */
export type CatalogueWallet = Wallet & { imageUrl?: string }

/** What AllWallets renders. */
export type CatalogueView = {
  /** The catalogue machine is there; false in the not-loaded view model (see {@link connectCatalogue}). */
  loaded: boolean
  /** Featured first, then custom, then recommended, then the paged list; deduplicated; excluded wallets hidden. */
  items: CatalogueWallet[]
  /** The lists of the Connect view (spec §9 connectorTypeOrder: featured, custom, …, recommended). */
  featured: CatalogueWallet[]
  custom: CatalogueWallet[]
  recommended: CatalogueWallet[]
  /**
   * The first answer is awaited: not asked yet (Connect asks once the frame showing it is painted, AllWallets on mount)
   * or under way. Connect keeps room for the directory's rows meanwhile, from its first frame on.
   */
  isLoading: boolean
  isLoadingMore: boolean
  /** The last page failed: the next page is asked only when the visitor scrolls again (no retry loop). */
  isPageFailed: boolean
  hasMore: boolean
  /** The search spinner (at least 300 ms once the server is asked). */
  isSearching: boolean
  query: string
  count: number
  /** Wallets of the directory not loaded yet (pages still to come; 0 while searching). */
  unloaded: number
  /** The first load failed (AllWallets says it with Try again; Connect stays quiet, spec §4). */
  loadFailed: boolean
  /** Why the first load failed: `offline` or `unavailable`; undefined unless {@link CatalogueView.loadFailed}. */
  loadFailure: CatalogueFailure | undefined
  /**
   * Why the search of the shown query failed (`offline` or `unavailable`): AllWallets says it instead of "No wallet
   * matches"; `items` are then the loaded wallets that match. Undefined when no search failed.
   */
  searchFailure: CatalogueFailure | undefined
}

/** Wallets already shown as installed connectors are hidden from the catalogue (by rdns or lowercase name with its alias, spec §6, §9). */
export type Exclusions = { rdns: readonly string[]; names: readonly string[] }

/**
 * Connector-name aliases (spec §9 "One connector-name alias maps Trust Wallet to Trust"): one wallet that names itself
 * differently in its connectors (Trust's EVM extension announces "Trust Wallet", its Solana wallet "Trust").
 */
export const connectorNameAliases: Readonly<Record<string, string>> = { 'Trust Wallet': 'Trust' }

const aliasesByLowerName = new Map(Object.entries(connectorNameAliases).map(([from, to]) => [from.toLowerCase(), to.toLowerCase()]))

/**
 * The name a wallet is matched by: lower-case, its alias applied ({@link connectorNameAliases}).
 * @example connectorMatchName('TRUST WALLET') // 'trust'
 */
export function connectorMatchName(name: string): string {
  const lower = name.toLowerCase()
  return aliasesByLowerName.get(lower) ?? lower
}

function dedupe(list: readonly CatalogueWallet[], exclusions: Exclusions): CatalogueWallet[] {
  const seen = new Set<string>()
  const rdns = new Set(exclusions.rdns)
  const names = new Set(exclusions.names.map(connectorMatchName))
  return list.filter((w) => {
    if (seen.has(w.id)) return false
    seen.add(w.id)
    return !(w.rdns && rdns.has(w.rdns)) && !names.has(connectorMatchName(w.name))
  })
}

/**
 * AllWallets' and Connect's catalogue model before the catalogue machine arrived (it is fetched when Connect first
 * needs it): the first load under way (`isLoading`, the spinner), no wallets, nothing more to page, the
 * typed query kept. Connect then lists the installed connectors only; the All Wallets entry counts them.
 * @example catalogueNotLoaded(' meta ').query // 'meta'
 */
export function catalogueNotLoaded(typed = ''): CatalogueView {
  return {
    loaded: false,
    items: [],
    featured: [],
    custom: [],
    recommended: [],
    isLoading: true,
    isLoadingMore: false,
    isPageFailed: false,
    hasMore: false,
    isSearching: false,
    query: typed.trim(),
    count: 0,
    unloaded: 0,
    loadFailed: false,
    loadFailure: undefined,
    searchFailure: undefined,
  }
}

/**
 * Turns a catalogue snapshot into AllWallets' view model. While the visitor types, the wallets already
 * loaded are filtered at once (case-insensitive, trimmed); the server's results replace them when they
 * arrive. `undefined` (the machine not spawned yet) gives {@link catalogueNotLoaded}.
 * @example connectCatalogue(undefined, { rdns: [], names: [] }).isLoading // true
 */
export function connectCatalogue(snapshot: SnapshotFrom<typeof catalogueMachine> | undefined, exclusions: Exclusions, typed?: string): CatalogueView {
  if (!snapshot) return catalogueNotLoaded(typed)
  const c = snapshot.context
  const query = (typed ?? c.query).trim()
  const searchActive = query !== '' && !snapshot.matches({ search: 'idle' })
  const custom: CatalogueWallet[] = [...(c.options.customWallets ?? [])]
  const all: CatalogueWallet[] = [...c.featured, ...custom, ...c.recommended, ...c.wallets]
  const featured = dedupe(c.featured, exclusions)
  const shownFirst = new Set([...featured, ...custom].map((w) => w.id))
  let items: CatalogueWallet[]
  if (query === '') items = all
  // The server searches its directory; the dapp's own custom wallets that match are kept in front of its results.
  else if (snapshot.matches({ search: 'showingResults' }) && c.query === query) {
    items = [...custom.filter((w) => w.name.toLowerCase().includes(query.toLowerCase())), ...c.results]
  } else items = all.filter((w) => w.name.toLowerCase().includes(query.toLowerCase()))
  const device = (list: CatalogueWallet[]): CatalogueWallet[] =>
    c.options.platform === 'mobile' ? filterForMobile(list, c.options.namespace ?? 'eip155') : c.options.platform === 'links' ? filterForUniversalProvider(list) : list
  return {
    loaded: true,
    items: device(dedupe(items, exclusions)),
    featured,
    custom: dedupe(custom, exclusions),
    recommended: device(dedupe(c.recommended, exclusions).filter((w) => !shownFirst.has(w.id))),
    // Not asked yet counts: the frame before the ask shows the room the answer will fill (nothing below moves).
    isLoading: snapshot.matches({ list: 'idle' }) || snapshot.matches({ list: 'loadingInitial' }),
    isLoadingMore: snapshot.matches({ list: 'loadingPage' }),
    isPageFailed: snapshot.matches({ list: 'pageFailed' }),
    hasMore: query === '' && c.wallets.length < c.count,
    isSearching: searchActive && (snapshot.matches({ search: 'debouncing' }) || snapshot.matches({ search: 'searching' })),
    query,
    count: query === '' ? c.count : c.resultsCount,
    unloaded: query === '' ? Math.max(0, c.count - c.wallets.length) : 0,
    loadFailed: snapshot.matches({ list: 'failed' }),
    loadFailure: snapshot.matches({ list: 'failed' }) ? (c.loadFailure ?? 'unavailable') : undefined,
    searchFailure: query !== '' && c.query === query && snapshot.matches({ search: 'failed' }) ? (c.searchFailure ?? 'unavailable') : undefined,
  }
}

/**
 * The All Wallets entry's tag in Connect: how many wallets All Wallets lists — the installed
 * ones (WalletConnect, which is not a wallet, left out), the catalogue's rows already loaded (featured, custom,
 * recommended, pages; deduplicated, the installed ones and the device filter applied) and the directory's wallets
 * still to load. Exact under 10 (`'0'`–`'9'`), else rounded down to the ten with a plus (`'10+'`, `'520+'`).
 *
 * @param parameters.installed the installed wallets' count; `view` the catalogue view of an empty query.
 * @example allWalletsTag({ installed: 1, view: { items: [], unloaded: 0 } }) // '1'
 * allWalletsTag({ installed: 1, view: { items: Array(40), unloaded: 490 } }) // '530+'
 */
export function allWalletsTag({ installed, view }: { installed: number; view: Pick<CatalogueView, 'items' | 'unloaded'> }): string {
  const total = installed + view.items.length + view.unloaded
  return total < 10 ? String(total) : `${Math.floor(total / 10) * 10}+`
}

/** Wallet ids of wallets that ship their own built-in connector; the core variant excludes them (spec §6). */
export const builtInWalletIds: readonly string[] = []

/**
 * Mobile filtering (spec §6): wallets with a mobile link, plus Coinbase, and on Solana also Solflare and Phantom.
 */
export function filterForMobile<W extends Wallet>(wallets: readonly W[], namespace: string): W[] {
  const always = ['coinbase wallet']
  const solana = ['solflare', 'phantom']
  return wallets.filter((w) => {
    const name = w.name.toLowerCase()
    return Boolean(w.mobile_link) || always.includes(name) || (namespace === 'solana' && solana.includes(name))
  })
}

/** Universal-provider mode (spec §6): wallets with no mobile, desktop or web link are excluded. */
export function filterForUniversalProvider<W extends Wallet>(wallets: readonly W[]): W[] {
  return wallets.filter((w) => Boolean(w.mobile_link || w.desktop_link || w.webapp_link))
}

/**
 * Whether a connector is listed in Connect and AllWallets (spec §6 "The browser-wallet entry is hidden on desktop unless
 * relevant, and on mobile without rdns and not installed"). Only the browser-wallet entry (an `INJECTED` connector) is
 * ever hidden:
 * - on a desktop it is shown only when relevant: a provider of its own is in the page (`installed: true`, which the EVM
 *   adapter sets only when no announced wallet is that provider); an rdns alone does not make it relevant there;
 * - on a phone it is shown when it has an rdns (a wallet the phone can open) or is installed.
 * Announced, auth, multi-chain and WalletConnect connectors are always shown. An empty rdns counts as none.
 *
 * @example
 * isBrowserWalletEntryShown({ id: 'injected', name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155' }, { isMobile: false }) // false
 * isBrowserWalletEntryShown({ id: 'injected', name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155', installed: true }, { isMobile: false }) // true
 */
export function isBrowserWalletEntryShown(connector: Connector, { isMobile }: { isMobile: boolean }): boolean {
  if (connector.type !== 'INJECTED') return true
  const installed = connector.installed === true
  if (!isMobile) return installed
  return installed || Boolean(connector.info?.rdns)
}

/** The connectors Connect and AllWallets list on this device: {@link isBrowserWalletEntryShown} applied, order kept. */
export function listedConnectors(connectors: readonly Connector[], device: { isMobile: boolean }): Connector[] {
  return connectors.filter((c) => isBrowserWalletEntryShown(c, device))
}

/** A section of Connect (spec §2 connect methods): email login, social login, the wallet list. */
export type ConnectMethod = 'email' | 'social' | 'wallet'

/**
 * Connect method order (spec §2): email, social, wallet by default; wallet, email, social when injected or
 * announced wallets are shown.
 */
export function connectMethodOrder(hasInstalledWallets: boolean): ConnectMethod[] {
  return hasInstalledWallets ? ['wallet', 'email', 'social'] : ['email', 'social', 'wallet']
}

export { connectorTypeOrder, type ConnectorTypeOrderItem }

/** How many directory wallets Connect lists (featured, custom, recommended together; all the featured ones when more). */
export const connectCatalogueRows = 4

/**
 * The connectors with what the wallet directory knows of them (spec §3 Connector): a connector whose `info.rdns` is a
 * directory wallet's `rdns` gets that wallet's id as `explorerId` and its `image_id` as `imageId`, and the wallet's
 * image URL (the directory's `/getWalletImage/{imageId}`) when it has no image of its own. Others are unchanged.
 *
 * @example
 * withDirectoryInfo([{ id: 'io.metamask', info: { rdns: 'io.metamask' }, … }], [{ id: 'c57c…', rdns: 'io.metamask', image_id: '018b…', … }])
 * // [{ id: 'io.metamask', explorerId: 'c57c…', imageId: '018b…', … }]
 */
export function withDirectoryInfo(connectors: readonly Connector[], wallets: readonly CatalogueWallet[]): Connector[] {
  const byRdns = new Map<string, CatalogueWallet>()
  for (const w of wallets) if (w.rdns && !byRdns.has(w.rdns)) byRdns.set(w.rdns, w)
  return connectors.map((c) => {
    const w = c.info?.rdns ? byRdns.get(c.info.rdns) : undefined
    if (!w) return c
    return {
      ...c,
      explorerId: c.explorerId ?? w.id,
      ...((c.imageId ?? w.image_id) ? { imageId: c.imageId ?? w.image_id } : {}),
      ...((c.imageUrl ?? w.imageUrl) ? { imageUrl: c.imageUrl ?? w.imageUrl } : {}),
    }
  })
}

/** One row of Connect's wallet list. */
export type ConnectRow =
  | { kind: 'connector'; group: 'walletConnect' | 'recent' | 'injected' | 'external'; connector: Connector; tag: 'recent' | 'qrCode' | 'installed' }
  | { kind: 'wallet'; group: 'featured' | 'custom' | 'recommended'; wallet: CatalogueWallet; isFeatured: boolean }

/** What Connect renders (spec §2, §9). */
export type ConnectView = {
  /** The sections in the order shown (spec §2 connect method order), only those this build has. */
  sections: ConnectMethod[]
  /** The wallet section's rows, grouped in `connectorTypeOrder`. */
  rows: ConnectRow[]
  /** Installed (announced or injected) wallets, for the All Wallets entry's count. */
  installedCount: number
  /** The directory's wallets can connect on the active namespace: its rows and the All Wallets entry are offered. */
  directoryReachable: boolean
  /**
   * The room kept for the directory's rows (spec §2: nothing under a finger moves when they arrive): `count` placeholder
   * rows while the catalogue's first answer is awaited, less the directory rows already in (the dapp's custom wallets);
   * 0 once it answered or failed, or where the directory cannot reach. They stand at index `at` of `rows`: just after the
   * last directory row (where rows reserved beyond those that came collapse), else where the first directory group goes.
   */
  reserved: { at: number; count: number }
}

/**
 * How many directory rows Connect keeps room for while the catalogue's first answer is awaited, from what is known
 * before it (the options): with a directory, {@link connectCatalogueRows} or every featured wallet when more (Connect's
 * row limit); without one, the dapp's custom wallets up to that limit (the catalogue lists nothing else).
 * @example reservedDirectoryRows({ directory: true, featured: 0, custom: 0 }) // 4
 * reservedDirectoryRows({ directory: false, featured: 0, custom: 1 }) // 1
 */
export function reservedDirectoryRows({ directory, featured, custom }: { directory: boolean; featured: number; custom: number }): number {
  const limit = Math.max(connectCatalogueRows, featured)
  return directory ? limit : Math.min(limit, custom)
}

export type ConnectConnectParameters = {
  /** The active namespace's connectors. */
  connectors: readonly Connector[]
  /** Recent wallet ids, newest first. */
  recentIds: readonly string[]
  /**
   * The catalogue's Connect lists (installed wallets already excluded); absent before the catalogue arrived: no directory
   * rows. `isLoading`: its first answer is awaited (room is kept for `pendingRows` rows then).
   */
  catalogue?: (Pick<CatalogueView, 'featured' | 'custom' | 'recommended'> & Partial<Pick<CatalogueView, 'isLoading'>>) | undefined
  /** The rows to keep room for while the catalogue's first answer is awaited ({@link reservedDirectoryRows}); default 0. */
  pendingRows?: number
  /** Every directory wallet loaded (featured, recommended, pages), to match connectors by rdns. */
  directory?: readonly CatalogueWallet[]
  /** The `connectorTypeOrder` option; default {@link connectorTypeOrder}. Groups left out are not shown. */
  order?: readonly ConnectorTypeOrderItem[] | undefined
  /** Which connect methods exist (email and social login are not built yet: only `wallet` by default). */
  methods?: Partial<Record<ConnectMethod, boolean>>
  /**
   * The directory's wallets can connect on the active namespace (default true). They pair over WalletConnect, which
   * this build offers on eip155 only: on Solana or Bitcoin they are not listed (only what can work is
   * offered), nor is All Wallets; the installed wallets of the namespace are.
   */
  directoryReachable?: boolean
}

/**
 * Connect's view model (spec §2, §9): the sections in the connect method order ({@link connectMethodOrder}, wallet first
 * when installed wallets are shown), and the wallet rows grouped by `connectorTypeOrder`: WalletConnect, recent wallets
 * (newest first), installed (announced and injected) wallets, the directory's featured, the dapp's custom, external
 * connectors (a custom adapter's multi-chain or auth connectors), the directory's recommended. At most
 * {@link connectCatalogueRows} directory rows (all the featured ones when there are more), taken in that order. Before
 * the catalogue arrived (`catalogue` absent or {@link catalogueNotLoaded}) the rows are the connectors only; while its
 * first answer is awaited, `reserved` keeps room for `pendingRows` directory rows where they will go.
 *
 * @example
 * connectConnect({ connectors, recentIds: ['io.metamask'], catalogue }).rows.map((r) => r.group)
 * // ['walletConnect', 'recent', 'injected', 'featured', 'recommended', …]
 */
export function connectConnect({
  connectors,
  recentIds,
  catalogue,
  directory = [],
  order = connectorTypeOrder,
  methods = { wallet: true },
  directoryReachable = true,
  pendingRows = 0,
}: ConnectConnectParameters): ConnectView {
  const enriched = withDirectoryInfo(connectors, directory)
  const groupOf = (c: Connector): 'walletConnect' | 'recent' | 'injected' | 'external' =>
    recentIds.includes(c.id) ? 'recent' : c.type === 'WALLET_CONNECT' ? 'walletConnect' : c.type === 'ANNOUNCED' || c.type === 'INJECTED' ? 'injected' : 'external'
  const connectorRows = (group: 'walletConnect' | 'recent' | 'injected' | 'external'): ConnectRow[] => {
    const inGroup = enriched.filter((c) => groupOf(c) === group)
    if (group === 'recent') inGroup.sort((a, b) => recentIds.indexOf(a.id) - recentIds.indexOf(b.id))
    return inGroup.map((connector) => ({
      kind: 'connector' as const,
      group,
      connector,
      tag: group === 'recent' ? ('recent' as const) : connector.type === 'WALLET_CONNECT' ? ('qrCode' as const) : ('installed' as const),
    }))
  }
  const lists = (directoryReachable ? catalogue : undefined) ?? { featured: [], custom: [], recommended: [] }
  const walletLimit = Math.max(connectCatalogueRows, lists.featured.length)
  let wallets = 0
  const rows: ConnectRow[] = []
  /** Where the first directory group goes, and just after the last directory row. */
  let firstGroupAt: number | undefined
  let afterLastWallet: number | undefined
  for (const group of order) {
    if (group === 'featured' || group === 'custom' || group === 'recommended') {
      firstGroupAt ??= rows.length
      for (const wallet of lists[group]) {
        if (wallets >= walletLimit) break
        wallets++
        rows.push({ kind: 'wallet', group, wallet, isFeatured: group === 'featured' })
        afterLastWallet = rows.length
      }
    } else rows.push(...connectorRows(group))
  }
  const installedCount = enriched.filter((c) => c.type === 'ANNOUNCED' || c.type === 'INJECTED').length
  const awaited = directoryReachable && catalogue?.isLoading === true && firstGroupAt !== undefined
  return {
    sections: connectMethodOrder(installedCount > 0).filter((m) => methods[m] === true),
    rows,
    installedCount,
    directoryReachable,
    // Rows already in while it is awaited (the dapp's custom wallets, known at once) take their share of the room.
    reserved: { at: afterLastWallet ?? firstGroupAt ?? rows.length, count: awaited ? Math.max(0, pendingRows - wallets) : 0 },
  }
}
