import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { OfflineError } from '../adapters/connectivity.ts'
import type { GetWalletsParameters, GetWalletsReturnType } from '../services/directory.ts'
import type { Wallet } from '../services/schemas.ts'
import { timing } from './timing.ts'
import { actorErrorOf } from './narrow.ts'
import { machineTypes } from './machineTypes.ts'

/** Catalogue sizes of spec §9. */
export const cataloguePage = { featuredDefault: 4, recommended: 4, entries: 40, imagesPreloaded: 20, search: 100 } as const

/** Wallet catalogue state (spec §3): featured, recommended, wallets, search results, count, page. */
export type CatalogueContext = {
  options: CatalogueOptions
  featured: Wallet[]
  recommended: Wallet[]
  wallets: Wallet[]
  /** Total of the paged list on the server. */
  count: number
  /** Last page loaded (1-based; 0 before the first). */
  page: number
  query: string
  results: Wallet[]
  resultsCount: number
  /** Why the first load failed (`list.failed`): the visitor is offline, or the directory did not answer well. */
  loadFailure?: CatalogueFailure | undefined
  /** Why the last search failed (`search.failed`); cleared by an answer. */
  searchFailure?: CatalogueFailure | undefined
}

/**
 * Why the directory could not be read: `offline` (the browser is offline, or the request got no HTTP answer: an
 * `OfflineError` from the assembly) or `unavailable` (an HTTP error, a malformed answer, a timeout).
 */
export type CatalogueFailure = 'offline' | 'unavailable'

/** What the first read answers: the featured and recommended wallets and the first page of all wallets. */
type InitialCatalogue = { featured: Wallet[]; recommended: Wallet[]; first: GetWalletsReturnType }

/** The failure kind of an actor's error. */
export function catalogueFailureOf(error: unknown): CatalogueFailure {
  const named = typeof error === 'object' && error !== null && 'name' in error && error.name === 'OfflineError'
  return error instanceof OfflineError || named ? 'offline' : 'unavailable'
}

/** What the dapp configured (spec §6): featured, included and excluded wallet ids; chains; platform filter. */
export type CatalogueOptions = {
  featuredWalletIds?: readonly string[]
  includeWalletIds?: readonly string[]
  excludeWalletIds?: readonly string[]
  /** CAIP-2 ids of the configured networks: wallets supporting any are listed. */
  chains?: readonly string[]
  /**
   * Device filters of spec §6, applied to what is shown: `mobile` (on phones: wallets with a mobile link,
   * plus Coinbase, and Solflare and Phantom on Solana), `links` (universal-provider mode: wallets with some link).
   * The server is asked without them so the always-kept wallets are not lost.
   */
  platform?: 'mobile' | 'links'
  /** The active namespace, for the mobile filter's Solana wallets. */
  namespace?: string
  /** Wallets the dapp adds itself (spec §6 custom wallets), listed after the featured ones. */
  customWallets?: ReadonlyArray<Wallet & { imageUrl?: string }>
}

export type CatalogueEvent =
  /** AllWallets (or Connect) is shown: load featured, recommended and the first page, once. */
  | { type: 'catalogue.load' }
  /** The list was scrolled near its end. */
  | { type: 'catalogue.loadMore' }
  /** The search box changed (the text is trimmed; blank clears the search). A failed search's Try again sends the query again. */
  | { type: 'catalogue.search'; query: string }
  /** The browser came back online (fed by the `watchConnectivity` actor): a failed load or search is asked again. */
  | { type: 'catalogue.online' }

const notProvided = () => () => {
  throw new ActorNotProvidedError('catalogue', 'fetchWallets')
}

function baseQuery(o: CatalogueOptions): Pick<GetWalletsParameters, 'include' | 'chains'> {
  return { include: o.includeWalletIds, chains: o.chains }
}

/**
 * The wallet catalogue of AllWallets (spec §2, §3, §9): featured (page size = number of ids), recommended
 * (4), then pages of 40 as the visitor scrolls; search (trimmed text) asks for 100 after the visitor stops
 * typing, and its spinner shows at least 300 ms. Loading flags are states. A failed page is swallowed (the list
 * keeps what it had), as spec §4 says; a failed first load is `list.failed` and a failed search `search.failed`, each
 * with its {@link CatalogueFailure} in context, so AllWallets can say it (Connect stays quiet, spec §4). Showing the
 * catalogue again (`catalogue.load`: AllWallets' Try again, Back to Connect) asks the first load again; typing (or
 * Try again, the same query) asks the search again; `catalogue.online` asks both again when they failed.
 *
 * Actors to provide: `fetchWallets` ({@link GetWalletsParameters} → {@link GetWalletsReturnType}), `loadInitial`, and
 * `watchConnectivity` (a callback that sends `catalogue.online` when the browser comes back online; it never ends;
 * by default none).
 */
export const catalogueMachine = setup({
  types: machineTypes<{ context: CatalogueContext; events: CatalogueEvent; input: CatalogueOptions }>(),
  actors: {
    fetchWallets: fromPromise<GetWalletsReturnType, GetWalletsParameters>(notProvided()),
    loadInitial: fromPromise<InitialCatalogue, { options: CatalogueOptions }>(notProvided()),
    /**
     * Listens for the browser coming back online; sends `catalogue.online`. A listener, not a wait: it has no end. By
     * default nothing is heard (no browser); the assembly provides the window's.
     */
    watchConnectivity: fromCallback<EventObject>(() => {}),
  },
  delays: {
    searchDebounce: timing.searchDebounce,
    searchMinDuration: timing.searchMinDuration,
  },
  guards: {
    hasMore: ({ context }) => context.wallets.length < context.count,
    isBlankQuery: ({ event }) => event.type === 'catalogue.search' && event.query.trim() === '',
    hasSearchFailed: ({ context }) => context.searchFailure !== undefined,
  },
  actions: {
    /** Params: what `loadInitial` answered. */
    setInitial: assign((_, { featured, recommended, first }: InitialCatalogue) => {
      return { featured, recommended, wallets: first.data, count: first.count, page: 1, loadFailure: undefined }
    }),
    setLoadFailure: assign({ loadFailure: ({ event }) => catalogueFailureOf(actorErrorOf(event)) }),
    setSearchFailure: assign({ results: [], resultsCount: 0, searchFailure: ({ event }) => catalogueFailureOf(actorErrorOf(event)) }),
    /** Params: the page `fetchWallets` answered. */
    appendPage: assign(({ context }, page: GetWalletsReturnType) => {
      const seen = new Set(context.wallets.map((w) => w.id))
      return { wallets: [...context.wallets, ...page.data.filter((w) => !seen.has(w.id))], count: page.count, page: context.page + 1 }
    }),
    setQuery: assign({ query: ({ event }) => (event.type === 'catalogue.search' ? event.query.trim() : '') }),
    /** Params: the search results `fetchWallets` answered. */
    setResults: assign((_, r: GetWalletsReturnType) => {
      return { results: r.data, resultsCount: r.count, searchFailure: undefined }
    }),
    clearSearch: assign({ query: '', results: [], resultsCount: 0, searchFailure: undefined }),
  },
}).createMachine({
  id: 'catalogue',
  context: ({ input }) => ({ options: input ?? {}, featured: [], recommended: [], wallets: [], count: 0, page: 0, query: '', results: [], resultsCount: 0 }),
  type: 'parallel',
  // A listener for the whole life of the catalogue, not a wait for an answer: it has no timeout.
  invoke: { id: 'watchConnectivity', src: 'watchConnectivity' },
  states: {
    list: {
      initial: 'idle',
      states: {
        idle: { on: { 'catalogue.load': 'loadingInitial' } },
        loadingInitial: {
          invoke: {
            id: 'loadInitial',
            src: 'loadInitial',
            input: ({ context }) => ({ options: context.options }),
            onDone: { target: 'ready', actions: { type: 'setInitial', params: ({ event }) => event.output } },
            // Connect swallows the error (spec §4); AllWallets says it, with Try again.
            onError: { target: 'failed', actions: 'setLoadFailure' },
          },
        },
        ready: { on: { 'catalogue.loadMore': { guard: 'hasMore', target: 'loadingPage' } } },
        loadingPage: {
          invoke: {
            id: 'loadPage',
            src: 'fetchWallets',
            input: ({ context }) => ({
              ...baseQuery(context.options),
              page: context.page + 1,
              entries: cataloguePage.entries,
              exclude: [...(context.options.excludeWalletIds ?? []), ...(context.options.featuredWalletIds ?? [])],
            }),
            onDone: { target: 'ready', actions: { type: 'appendPage', params: ({ event }) => event.output } },
            onError: 'pageFailed',
          },
        },
        /** A page failed (swallowed, spec §4): the list keeps what it has; the visitor's next scroll asks again. */
        pageFailed: { on: { 'catalogue.loadMore': { guard: 'hasMore', target: 'loadingPage' } } },
        /**
         * The first load failed (why in `loadFailure`): showing the catalogue again (AllWallets' Try again, Back to
         * Connect) or the browser coming back online asks again.
         */
        failed: { on: { 'catalogue.load': 'loadingInitial', 'catalogue.online': 'loadingInitial' } },
      },
    },
    search: {
      initial: 'idle',
      on: {
        'catalogue.search': [
          { guard: 'isBlankQuery', target: '.idle', actions: 'clearSearch' },
          // Internal (no reenter): only this region's child restarts (the debounce timer with it); a re-entry would
          // take the whole parallel machine as its scope and put the list back in idle.
          { target: '.debouncing', actions: 'setQuery' },
        ],
      },
      states: {
        idle: {},
        /** The visitor is typing; the server is asked when they stop. */
        debouncing: { after: { searchDebounce: 'searching' } },
        searching: {
          type: 'parallel',
          onDone: [{ guard: 'hasSearchFailed', target: 'failed' }, { target: 'showingResults' }],
          states: {
            request: {
              initial: 'pending',
              states: {
                pending: {
                  invoke: {
                    id: 'search',
                    src: 'fetchWallets',
                    input: ({ context }) => ({
                      ...baseQuery(context.options),
                      page: 1,
                      entries: cataloguePage.search,
                      search: context.query,
                      exclude: context.options.excludeWalletIds,
                    }),
                    onDone: { target: 'done', actions: { type: 'setResults', params: ({ event }) => event.output } },
                    onError: { target: 'done', actions: 'setSearchFailure' },
                  },
                },
                done: { type: 'final' },
              },
            },
            /** The spinner shows at least `searchMinDuration` (spec §9), so results never flash. */
            minDuration: {
              initial: 'waiting',
              states: {
                waiting: { after: { searchMinDuration: 'elapsed' } },
                elapsed: { type: 'final' },
              },
            },
          },
        },
        showingResults: {},
        /**
         * The search could not be done (why in `searchFailure`): AllWallets says so (offline, or the directory failed)
         * instead of "No wallet matches"; Try again sends the query again, and coming back online searches again.
         */
        failed: { on: { 'catalogue.online': 'searching' } },
      },
    },
  },
})
