import { and, assign, fromPromise, setup } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import type { Identity, TokenBalance, Transaction } from '../services/schemas.ts'
import { supportsNamespace } from './namespaces.ts'
import { timing } from './timing.ts'
import type { ConnectedAccount, RootMoment } from './features.ts'
import { machineTypes } from './machineTypes.ts'

/** The Account view's tabs (spec §2); `currentTab` is kept in the account state (spec §3). */
export type AccountTab = 'tokens' | 'nfts' | 'activity'

/** Who and where: the connected account and its network. */
export type AccountTarget = {
  address: string
  /** CAIP-2 id of the connected chain. */
  caipNetworkId: string
  namespace: string
  testnet: boolean
  /** The active network is one the dapp configured (spec §7: unsupported networks skip the API). */
  supported: boolean
  /** The connector of the account's wallet: its own asset list (EIP-7811) is asked of it where it has one. */
  connectorId?: string | undefined
}

export type AccountContext = {
  target?: AccountTarget
  currentTab: AccountTab
  tokens: TokenBalance[]
  identity: Identity
  /**
   * The names registered for the address (`/v1/profile/reverse/{address}`), eip155 on a configured network
   * only (spec §6): the first shows in place of the address where no identity name does (a testnet), and Account offers
   * "Register a name" only once they are known to be none.
   */
  names: string[]
  /** The address `names` were looked up for: kept through a disconnect, so the same account is not asked again. */
  namesFor?: string | undefined
  transactions: Transaction[]
  /** Cursor of the next history page; null at the end. */
  cursor: string | null
  /** The token a reload was asked for (`account.reload`). */
  forceUpdate?: string | undefined
  /**
   * The `activity` feature (spec §6), handed in by the owner from the resolved feature set: off, the
   * history is never fetched and the Activity tab cannot be the current tab.
   */
  activityEnabled: boolean
}

/** What the owner hands the machine at start: the `activity` feature of the resolved set (default on), and the connected account. */
export type AccountInput = { activity?: boolean; target?: AccountTarget | undefined }

/** One page of the address's history: the transactions and the cursor of the next page (`null`: none). */
type HistoryPage = { data: Transaction[]; next?: string | null | undefined }

export type AccountEvent =
  /** The root's moments: the account (another address or chain, or none), the feature set (the `activity` flag). */
  | RootMoment
  /** The Account view is shown: load what is not loaded yet. */
  | { type: 'account.refresh' }
  | { type: 'account.selectTab'; tab: AccountTab }
  /** The activity list was scrolled near its end. */
  | { type: 'account.loadMoreActivity' }
  /**
   * Something changed on chain (a send landed): balances and loaded activity are read again, bypassing
   * caches; `forceUpdate` is the CAIP-10 address of the token that changed (spec §7 balance `forceUpdate`).
   */
  | { type: 'account.reload'; forceUpdate?: string | undefined }
  /**
   * The visitor's Try again under 'Token Balance Unavailable' (once the 30 s back-off is over, spec §9) or under
   * 'Failed to fetch transactions' (spec §8): that data is asked again.
   */
  | { type: 'account.retry' }

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('account', name)
}
const noIdentity: Identity = { name: null, avatar: null }

/** The account as Account reads it (who and where). */
const accountTarget = (a: ConnectedAccount | AccountTarget): AccountTarget => ({
  address: a.address,
  caipNetworkId: a.caipNetworkId,
  namespace: a.namespace,
  testnet: a.testnet,
  supported: a.supported,
  ...(a.connectorId ? { connectorId: a.connectorId } : {}),
})
/** What `fetchBalances` is asked with: the account, its network, and its wallet's connector (its own assets, EIP-7811). */
const balancesInput = (target: AccountTarget) => ({ address: target.address, caipNetworkId: target.caipNetworkId, ...(target.connectorId ? { connectorId: target.connectorId } : {}) })

/**
 * The Account view's data (spec §2, §3, §5, §8): the portfolio from the balance endpoint, the identity
 * (eip155 non-testnet only, otherwise cleared) and the activity, paged by cursor. Each is a region:
 *
 * - balances: `unavailable` ('Token Balance Unavailable') on failure, on no answer within `accountLoadTimeout`, or on an
 *   unsupported network; a retry (`account.retry`, the view shown again) is allowed only `balanceRetry` (30 s) after a
 *   failure (spec §4, §9).
 * - identity: loaded on eip155 mainnets, `cleared` elsewhere.
 * - names: the names registered for the address (`/v1/profile/reverse/{address}`) on eip155 and a configured
 *   network, `cleared` elsewhere; `failed` is 'Error fetching names for address' (spec §8). Known for the address
 *   (another chain, or connected again after a disconnect), they are `ready` at once.
 * - activity: loaded when the Activity tab is first shown; 'Failed to fetch transactions' gives an empty
 *   list and clears the cursor, on a failure or on no answer within `accountLoadTimeout`; `account.retry` asks again.
 *   Only while the `activity` feature is on (`input.activity`, then the root's `root.flags`):
 *   off, `/v1/account/{address}/history` is never requested.
 *
 * Every load is bounded (`accountLoadTimeout`, spec §9): identity without an answer is `cleared` (the address shows),
 * names `failed`. A load left (a timeout, another account) stops its actor, whose `signal` aborts the request.
 *
 * It starts with the connected account (`input.target`) and follows the root's moments: `root.account` (another
 * address or chain starts every region afresh, no account clears them) and `root.flags` (the `activity` flag).
 *
 * Actors to provide: `fetchBalances`, `fetchIdentity`, `fetchNames`, `fetchHistory` (each gets XState's `signal`).
 */
export const accountMachine = setup({
  types: machineTypes<{ context: AccountContext; events: AccountEvent; input: AccountInput }>(),
  actors: {
    /** `connectorId`: the account's wallet, whose own asset list (EIP-7811) is read where it advertises one. */
    fetchBalances: fromPromise<TokenBalance[], { address: string; caipNetworkId: string; connectorId?: string; force?: boolean; forceUpdate?: string | undefined }>(notProvided('fetchBalances')),
    fetchIdentity: fromPromise<Identity, { address: string }>(notProvided('fetchIdentity')),
    fetchNames: fromPromise<string[], { address: string }>(notProvided('fetchNames')),
    fetchHistory: fromPromise<HistoryPage, { address: string; caipNetworkId: string; cursor?: string | undefined }>(notProvided('fetchHistory')),
  },
  delays: { balanceRetry: timing.balanceRetry, accountLoadTimeout: timing.accountLoadTimeout },
  guards: {
    hasTarget: ({ context }) => Boolean(context.target),
    // Spec §6: activity is eip155 only; another namespace's address would only make the API answer 400.
    isOnActivityTab: ({ context }) => context.activityEnabled && supportsNamespace('activity', context.target?.namespace) && context.currentTab === 'activity',
    isSupported: ({ context }) => Boolean(context.target?.supported),
    hasIdentity: ({ context }) => context.target?.namespace === 'eip155' && !context.target.testnet && context.target.supported,
    // Names are eip155 only (spec §6), on testnets too (the name service is the API's, not the chain's).
    /** The names of this address are known (looked up before a disconnect, or for another chain of it). */
    knowsNames: ({ context }) => context.namesFor !== undefined && context.namesFor === context.target?.address.toLowerCase(),
    hasNames: ({ context }) => supportsNamespace('names', context.target?.namespace) && Boolean(context.target?.supported),
    isActivityTab: ({ context, event }) => context.activityEnabled && supportsNamespace('activity', context.target?.namespace) && event.type === 'account.selectTab' && event.tab === 'activity',
    /** The root's feature set (`root.flags`) turns the `activity` feature off. */
    isActivityTurnedOff: ({ event }) => event.type === 'root.flags' && !event.flags.activity,
    /** The root's account moment brings an account (none: disconnected). */
    isAccountSet: ({ event }) => event.type === 'root.account' && event.account !== undefined,
    hasMoreActivity: ({ context }) => context.cursor !== null,
  },
  actions: {
    setTarget: assign(({ context, event }) => {
      if (event.type !== 'root.account' || !event.account) return {}
      // The names of the same address are kept (they do not depend on the chain); another address drops them.
      const same = context.namesFor === event.account.address.toLowerCase()
      return { target: accountTarget(event.account), tokens: [], identity: noIdentity, transactions: [], cursor: null, ...(same ? {} : { names: [], namesFor: undefined }) }
    }),
    clear: assign({ target: undefined, tokens: [], identity: noIdentity, transactions: [], cursor: null, currentTab: 'tokens' as const }),
    setTab: assign({
      currentTab: ({ context, event }) => (event.type === 'account.selectTab' && (event.tab !== 'activity' || context.activityEnabled) ? event.tab : context.currentTab),
    }),
    /** The `activity` feature: off, Tokens replaces the Activity tab and the loaded history is dropped. */
    configure: assign(({ context, event }) => {
      if (event.type !== 'root.flags') return {}
      if (event.flags.activity) return { activityEnabled: true }
      return { activityEnabled: false, currentTab: context.currentTab === 'activity' ? ('tokens' as const) : context.currentTab, transactions: [], cursor: null }
    }),
    /** Params: the balances the `fetchBalances` actor answered. */
    setTokens: assign((_, tokens: TokenBalance[]) => ({ tokens })),
    clearTokens: assign({ tokens: [] }),
    /** Params: the identity the `fetchIdentity` actor answered. */
    setIdentity: assign((_, identity: Identity) => ({ identity })),
    clearIdentity: assign({ identity: noIdentity }),
    /** Params: the names the `fetchNames` actor answered. */
    setNames: assign(({ context }, names: string[]) => ({ names, namesFor: context.target?.address.toLowerCase() })),
    clearNames: assign({ names: [], namesFor: undefined }),
    /** Params: the first history page the `fetchHistory` actor answered. */
    setHistory: assign((_, page: HistoryPage) => {
      return { transactions: page.data, cursor: page.next ?? null }
    }),
    /** Params: the next history page the `fetchHistory` actor answered. */
    appendHistory: assign(({ context }, page: HistoryPage) => {
      const seen = new Set(context.transactions.map((t) => t.id))
      return { transactions: [...context.transactions, ...page.data.filter((t) => !seen.has(t.id))], cursor: page.next ?? null }
    }),
    clearHistory: assign({ transactions: [], cursor: null }),
    setForceUpdate: assign({ forceUpdate: ({ event }) => (event.type === 'account.reload' ? event.forceUpdate : undefined) }),
  },
}).createMachine({
  id: 'account',
  context: ({ input }) => ({
    ...(input?.target ? { target: accountTarget(input.target) } : {}),
    currentTab: 'tokens',
    tokens: [],
    identity: noIdentity,
    names: [],
    transactions: [],
    cursor: null,
    activityEnabled: input?.activity ?? true,
  }),
  type: 'parallel',
  on: {
    // The root's account moment: another address or chain starts every region afresh; none clears them.
    'root.account': [
      { guard: 'isAccountSet', target: ['.balances.idle', '.identity.idle', '.names.idle', '.activity.idle'], actions: 'setTarget' },
      { target: ['.balances.idle', '.identity.idle', '.names.idle', '.activity.idle'], actions: 'clear' },
    ],
    'account.selectTab': { actions: 'setTab' },
    // The root's feature set: the activity region goes back to idle (a history on its way is dropped); on, nothing else changes.
    'root.flags': [{ guard: 'isActivityTurnedOff', target: '.activity.idle', actions: 'configure' }, { actions: 'configure' }],
  },
  states: {
    balances: {
      initial: 'idle',
      on: { 'account.reload': { guard: 'isSupported', target: '.reloading', actions: 'setForceUpdate' } },
      states: {
        idle: {
          on: {
            'account.refresh': [
              { guard: 'isSupported', target: 'loading' },
              { guard: 'hasTarget', target: 'unavailable', actions: 'clearTokens' },
            ],
          },
        },
        loading: {
          invoke: {
            id: 'fetchBalances',
            src: 'fetchBalances',
            input: ({ context }) => balancesInput(context.target!),
            onDone: { target: 'ready', actions: { type: 'setTokens', params: ({ event }) => event.output } },
            onError: { target: 'unavailable', actions: 'clearTokens' },
          },
          after: { accountLoadTimeout: { target: 'unavailable', actions: 'clearTokens' } },
        },
        ready: { on: { 'account.refresh': { guard: 'isSupported', target: 'loading' } } },
        /** Read again after a change on chain, bypassing caches. */
        reloading: {
          invoke: {
            id: 'reloadBalances',
            src: 'fetchBalances',
            input: ({ context }) => ({ ...balancesInput(context.target!), force: true, forceUpdate: context.forceUpdate }),
            onDone: { target: 'ready', actions: { type: 'setTokens', params: ({ event }) => event.output } },
            onError: { target: 'unavailable', actions: 'clearTokens' },
          },
          after: { accountLoadTimeout: { target: 'unavailable', actions: 'clearTokens' } },
        },
        /** 'Token Balance Unavailable'; a retry is allowed only `balanceRetry` after the failure (spec §9). */
        unavailable: {
          initial: 'coolingDown',
          states: {
            coolingDown: { after: { balanceRetry: 'retryable' } },
            retryable: {
              on: {
                'account.refresh': { guard: 'isSupported', target: '#account.balances.loading' },
                'account.retry': { guard: 'isSupported', target: '#account.balances.loading' },
              },
            },
          },
        },
      },
    },
    identity: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'account.refresh': [
              { guard: 'hasIdentity', target: 'loading' },
              { guard: 'hasTarget', target: 'cleared', actions: 'clearIdentity' },
            ],
          },
        },
        loading: {
          invoke: {
            id: 'fetchIdentity',
            src: 'fetchIdentity',
            input: ({ context }) => ({ address: context.target!.address }),
            onDone: { target: 'ready', actions: { type: 'setIdentity', params: ({ event }) => event.output } },
            onError: { target: 'cleared', actions: 'clearIdentity' },
          },
          after: { accountLoadTimeout: { target: 'cleared', actions: 'clearIdentity' } },
        },
        ready: {},
        /** No identity here: not eip155, a testnet, an unsupported network, or the lookup failed. */
        cleared: {},
      },
    },
    /** The names registered for the address (the reverse lookup), once per account and chain. */
    names: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'account.refresh': [
              { guard: and(['hasNames', 'knowsNames']), target: 'ready' },
              { guard: 'hasNames', target: 'loading' },
              { guard: 'hasTarget', target: 'cleared', actions: 'clearNames' },
            ],
          },
        },
        loading: {
          invoke: {
            id: 'fetchNames',
            src: 'fetchNames',
            input: ({ context }) => ({ address: context.target!.address }),
            onDone: { target: 'ready', actions: { type: 'setNames', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: 'clearNames' },
          },
          after: { accountLoadTimeout: { target: 'failed', actions: 'clearNames' } },
        },
        ready: {},
        /** 'Error fetching names for address' (spec §8): whether the account has a name is not known. */
        failed: {},
        /** No names here: not eip155, or a network the dapp does not configure. */
        cleared: {},
      },
    },
    activity: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'account.selectTab': { guard: 'isActivityTab', target: 'loading', actions: 'setTab' },
            // Shown again (or for another account or chain) with Activity as the current tab: its history.
            'account.refresh': { guard: 'isOnActivityTab', target: 'loading' },
          },
        },
        loading: {
          invoke: {
            id: 'fetchHistory',
            src: 'fetchHistory',
            input: ({ context }) => ({ address: context.target!.address, caipNetworkId: context.target!.caipNetworkId }),
            onDone: { target: 'ready', actions: { type: 'setHistory', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: 'clearHistory' },
          },
          after: { accountLoadTimeout: { target: 'failed', actions: 'clearHistory' } },
        },
        ready: {
          on: {
            'account.loadMoreActivity': { guard: 'hasMoreActivity', target: 'loadingMore' },
            'account.reload': { target: 'loading' },
          },
        },
        loadingMore: {
          invoke: {
            id: 'fetchMoreHistory',
            src: 'fetchHistory',
            input: ({ context }) => ({ address: context.target!.address, caipNetworkId: context.target!.caipNetworkId, cursor: context.cursor ?? undefined }),
            onDone: { target: 'ready', actions: { type: 'appendHistory', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: 'clearHistory' },
          },
          after: { accountLoadTimeout: { target: 'failed', actions: 'clearHistory' } },
        },
        /** 'Failed to fetch transactions': an empty list, the cursor cleared (spec §8). */
        failed: {
          on: {
            'account.selectTab': { guard: 'isActivityTab', target: 'loading', actions: 'setTab' },
            'account.reload': { target: 'loading' },
            'account.retry': { guard: 'isOnActivityTab', target: 'loading' },
          },
        },
      },
    },
  },
})
