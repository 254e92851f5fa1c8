import { assign, fromPromise, setup } from 'xstate'
import type { GetWalletsParameters, GetWalletsReturnType } from '../services/directory.ts'
import type { Wallet } from '../services/schemas.ts'
import { timing } from './timing.ts'

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
  /** The search box changed (the text is trimmed; blank clears the search). */
  | { type: 'catalogue.search'; query: string }

const notProvided = () => () => {
  throw new Error('The catalogue machine\'s "fetchWallets" actor was not provided.')
}

function baseQuery(o: CatalogueOptions): Pick<GetWalletsParameters, 'include' | 'chains'> {
  return { include: o.includeWalletIds, chains: o.chains }
}

/**
 * The wallet catalogue of AllWallets (spec §2, §3, §9): featured (page size = number of ids), recommended
 * (4), then pages of 40 as the visitor scrolls; search (trimmed text) asks for 100 after the visitor stops
 * typing, and its spinner shows at least 300 ms. Loading flags are states; errors are swallowed (the list
 * keeps what it had), as the spec says.
 *
 * Actor to provide: `fetchWallets` ({@link GetWalletsParameters} → {@link GetWalletsReturnType}).
 */
export const catalogueMachine = setup({
  types: {
    context: {} as CatalogueContext,
    events: {} as CatalogueEvent,
    input: {} as CatalogueOptions,
  },
  actors: {
    fetchWallets: fromPromise<GetWalletsReturnType, GetWalletsParameters>(notProvided()),
    loadInitial: fromPromise<{ featured: Wallet[]; recommended: Wallet[]; first: GetWalletsReturnType }, { options: CatalogueOptions }>(notProvided()),
  },
  delays: {
    searchDebounce: timing.searchDebounce,
    searchMinDuration: timing.searchMinDuration,
  },
  guards: {
    hasMore: ({ context }) => context.wallets.length < context.count,
    isBlankQuery: ({ event }) => event.type === 'catalogue.search' && event.query.trim() === '',
  },
  actions: {
    setInitial: assign(({ event }) => {
      const { featured, recommended, first } = (event as unknown as { output: { featured: Wallet[]; recommended: Wallet[]; first: GetWalletsReturnType } }).output
      return { featured, recommended, wallets: first.data, count: first.count, page: 1 }
    }),
    appendPage: assign(({ context, event }) => {
      const page = (event as unknown as { output: GetWalletsReturnType }).output
      const seen = new Set(context.wallets.map((w) => w.id))
      return { wallets: [...context.wallets, ...page.data.filter((w) => !seen.has(w.id))], count: page.count, page: context.page + 1 }
    }),
    setQuery: assign({ query: ({ event }) => (event.type === 'catalogue.search' ? event.query.trim() : '') }),
    setResults: assign(({ event }) => {
      const r = (event as unknown as { output: GetWalletsReturnType }).output
      return { results: r.data, resultsCount: r.count }
    }),
    clearResults: assign({ results: [], resultsCount: 0 }),
    clearSearch: assign({ query: '', results: [], resultsCount: 0 }),
  },
}).createMachine({
  id: 'catalogue',
  context: ({ input }) => ({ options: input ?? {}, featured: [], recommended: [], wallets: [], count: 0, page: 0, query: '', results: [], resultsCount: 0 }),
  type: 'parallel',
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
            onDone: { target: 'ready', actions: 'setInitial' },
            // Errors are swallowed (spec §4): the list stays empty and can be loaded again.
            onError: 'failed',
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
            onDone: { target: 'ready', actions: 'appendPage' },
            onError: 'pageFailed',
          },
        },
        /** A page failed (swallowed, spec §4): the list keeps what it has; the visitor's next scroll asks again. */
        pageFailed: { on: { 'catalogue.loadMore': { guard: 'hasMore', target: 'loadingPage' } } },
        /** The first load failed; showing the catalogue again retries. */
        failed: { on: { 'catalogue.load': 'loadingInitial' } },
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
          onDone: 'showingResults',
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
                    onDone: { target: 'done', actions: 'setResults' },
                    onError: { target: 'done', actions: 'clearResults' },
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
      },
    },
  },
})
