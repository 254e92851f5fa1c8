import type { SnapshotFrom } from 'xstate'
import type { Wallet } from '../services/schemas.ts'
import type { catalogueMachine } from './catalogue.ts'

/** A catalogue wallet with its image URL (resolved by the assembly). */
export type CatalogueWallet = Wallet & { imageUrl?: string }

/** What AllWallets renders. */
export type CatalogueView = {
  /** Featured first, then custom, then recommended, then the paged list; deduplicated; excluded wallets hidden. */
  items: CatalogueWallet[]
  /** The lists of the Connect view (spec §9 connectorTypeOrder: featured, custom, …, recommended). */
  featured: CatalogueWallet[]
  custom: CatalogueWallet[]
  recommended: CatalogueWallet[]
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
  loadFailed: boolean
}

/** Wallets already shown as installed connectors are hidden from the catalogue (by rdns or lowercase name, spec §6). */
export type Exclusions = { rdns: readonly string[]; names: readonly string[] }

function dedupe(list: CatalogueWallet[], exclusions: Exclusions): CatalogueWallet[] {
  const seen = new Set<string>()
  const rdns = new Set(exclusions.rdns)
  const names = new Set(exclusions.names.map((n) => n.toLowerCase()))
  return list.filter((w) => {
    if (seen.has(w.id)) return false
    seen.add(w.id)
    return !(w.rdns && rdns.has(w.rdns)) && !names.has(w.name.toLowerCase())
  })
}

/**
 * Turns a catalogue snapshot into AllWallets' view model. While the visitor types, the wallets already
 * loaded are filtered at once (case-insensitive, trimmed); the server's results replace them when they
 * arrive.
 */
export function connectCatalogue(snapshot: SnapshotFrom<typeof catalogueMachine>, exclusions: Exclusions, typed?: string): CatalogueView {
  const c = snapshot.context
  const query = (typed ?? c.query).trim()
  const searchActive = query !== '' && !snapshot.matches({ search: 'idle' })
  const custom = (c.options.customWallets ?? []) as CatalogueWallet[]
  const all = [...c.featured, ...custom, ...c.recommended, ...c.wallets] as CatalogueWallet[]
  const featured = dedupe(c.featured as CatalogueWallet[], exclusions)
  const shownFirst = new Set([...featured, ...custom].map((w) => w.id))
  let items: CatalogueWallet[]
  if (query === '') items = all
  // The server searches its directory; the dapp's own custom wallets that match are kept in front of its results.
  else if (snapshot.matches({ search: 'showingResults' }) && c.query === query) {
    items = [...custom.filter((w) => w.name.toLowerCase().includes(query.toLowerCase())), ...(c.results as CatalogueWallet[])]
  }
  else items = all.filter((w) => w.name.toLowerCase().includes(query.toLowerCase()))
  const device = (list: CatalogueWallet[]): CatalogueWallet[] =>
    c.options.platform === 'mobile'
      ? (filterForMobile(list, c.options.namespace ?? 'eip155') as CatalogueWallet[])
      : c.options.platform === 'links'
        ? (filterForUniversalProvider(list) as CatalogueWallet[])
        : list
  return {
    items: device(dedupe(items, exclusions)),
    featured,
    custom: dedupe(custom, exclusions),
    recommended: device(dedupe(c.recommended as CatalogueWallet[], exclusions).filter((w) => !shownFirst.has(w.id))),
    isLoading: snapshot.matches({ list: 'loadingInitial' }),
    isLoadingMore: snapshot.matches({ list: 'loadingPage' }),
    isPageFailed: snapshot.matches({ list: 'pageFailed' }),
    hasMore: query === '' && c.wallets.length < c.count,
    isSearching: searchActive && (snapshot.matches({ search: 'debouncing' }) || snapshot.matches({ search: 'searching' })),
    query,
    count: query === '' ? c.count : c.resultsCount,
    unloaded: query === '' ? Math.max(0, c.count - c.wallets.length) : 0,
    loadFailed: snapshot.matches({ list: 'failed' }),
  }
}

/**
 * The All Wallets entry's tag in Connect (issue 14, defect 11): how many wallets All Wallets lists — the installed
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
export function filterForMobile(wallets: readonly Wallet[], namespace: string): Wallet[] {
  const always = ['coinbase wallet']
  const solana = ['solflare', 'phantom']
  return wallets.filter((w) => {
    const name = w.name.toLowerCase()
    return Boolean(w.mobile_link) || always.includes(name) || (namespace === 'solana' && solana.includes(name))
  })
}

/** Universal-provider mode (spec §6): wallets with no mobile, desktop or web link are excluded. */
export function filterForUniversalProvider(wallets: readonly Wallet[]): Wallet[] {
  return wallets.filter((w) => Boolean(w.mobile_link || w.desktop_link || w.webapp_link))
}

/**
 * Connect method order (spec §2): email, social, wallet by default; wallet, email, social when injected or
 * announced wallets are shown.
 */
export function connectMethodOrder(hasInstalledWallets: boolean): Array<'email' | 'social' | 'wallet'> {
  return hasInstalledWallets ? ['wallet', 'email', 'social'] : ['email', 'social', 'wallet']
}

/** connectorTypeOrder default (spec §9). */
export const connectorTypeOrder = ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'] as const
