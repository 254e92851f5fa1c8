import { and, assign, enqueueActions, fromCallback, fromPromise, setup, type AnyActorRef } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { RequestTimeoutError, summarizeError, type ErrorSummary } from '../adapters/errors.ts'
import type { ConnectedAccount, RootMoment } from './features.ts'
import { machineTypes } from './machineTypes.ts'
import { actorErrorOf } from './narrow.ts'
import { tellAction } from './system.ts'
import { timing } from './timing.ts'
import { walletBalanceMachine, type WalletBalanceTarget } from './walletBalance.ts'

/**
 * One wallet connection of a namespace (spec §3 "Connection: connectorId and accounts[{address}], kept per
 * namespace"), as the multi-wallet list keeps it.
 */
export type WalletConnection = {
  /** `<namespace>:<connectorId>` (`eip155:io.metamask`): one connection per wallet and namespace. */
  id: string
  namespace: string
  connectorId: string
  /** Its accounts, the one it acts with first (checksummed on eip155). */
  accounts: readonly string[]
  /** When it was last the active one (ms since the epoch): removing the active one activates the most recent (spec §6). */
  lastUsed: number
}

/** One namespace's connections and the active one's id (undefined: none active, the namespace disconnected). */
export type WalletList = { connections: readonly WalletConnection[]; activeId: string | undefined }

/** A connection kept in storage: its connector and accounts, and when it was last used (absent in older data). */
export type StoredWalletConnection = { connectorId: string; accounts: readonly string[]; lastUsed?: number | undefined }

/**
 * What the list starts from: the stored connections of each namespace and its stored active connector (spec §3), and
 * the account connected when it spawns (the remote config turned multi-wallet on while connected: it is the active one).
 */
export type MultiWalletInput = {
  stored?: Readonly<Record<string, { connections: readonly StoredWalletConnection[]; activeConnectorId?: string | undefined }>> | undefined
  account?: ConnectedAccount | undefined
}

export type MultiWalletContext = {
  /** Each namespace's list. */
  lists: Readonly<Record<string, WalletList>>
  /** The active namespace as the root last told it (its connection's systemId `connection.<namespace>`). */
  namespace: string | undefined
  /** Each namespace's active network (CAIP-2) as its last account told it: the switcher's balances are read there. */
  networks: Readonly<Record<string, string>>
  /** The connection a switch waits for (its connection's restore). */
  target: string | undefined
  /** The non-active connection being removed (its wallet asked to revoke). */
  removed: string | undefined
  /** The held connections the visitor's Disconnect ended besides the active one (their wallets asked to revoke). */
  ended: readonly WalletConnection[]
  /** A removed connection's wallet refused or did not answer the revoke (it is forgotten anyway). */
  error: ErrorSummary | undefined
}

export type MultiWalletEvent =
  /** The dapp or the switcher: this connection becomes the active one (its namespace's connection restores it silently). */
  | { type: 'multiWallet.switch'; connectionId: string }
  /** The dapp or the switcher: this connection is removed (the active one: disconnected, the most recent other follows). */
  | { type: 'multiWallet.remove'; connectionId: string }
  /** A non-active wallet reported its accounts (`accountsChanged`): that connection only is updated; none left removes it. */
  | { type: 'multiWallet.walletAccounts'; connectionId: string; accounts: readonly string[] }
  /** A non-active wallet ended the connection (`disconnect`, a WalletConnect session deleted on the phone): it is removed. */
  | { type: 'multiWallet.walletGone'; connectionId: string }
  | RootMoment

/**
 * What the watcher (`watchConnections`) receives after every change: the non-active connections it follows now. It
 * sends back `multiWallet.walletAccounts` and `multiWallet.walletGone` for them.
 */
export type WatchConnectionsEvent = { type: 'multiWallet.watch'; connections: readonly WalletConnection[] }

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('multiWallet', name)
}

/** The id of a namespace's connection through a connector. */
export function connectionIdOf(namespace: string, connectorId: string): string {
  return `${namespace}:${connectorId}`
}

/** The namespace a connection id names. */
function namespaceOfId(id: string): string {
  return id.slice(0, id.indexOf(':'))
}

/** The list of a namespace (empty when it has none). */
export function listOf(context: Pick<MultiWalletContext, 'lists'>, namespace: string | undefined): WalletList {
  return (namespace ? context.lists[namespace] : undefined) ?? { connections: [], activeId: undefined }
}

/** A connection by id, in any namespace. */
export function findConnection(context: Pick<MultiWalletContext, 'lists'>, id: string): WalletConnection | undefined {
  return listOf(context, namespaceOfId(id)).connections.find((c) => c.id === id)
}

/** The most recently used connection of a list other than the active one (undefined: none). */
export function mostRecentOther(list: WalletList): WalletConnection | undefined {
  return list.connections.filter((c) => c.id !== list.activeId).reduce<WalletConnection | undefined>((best, c) => (!best || c.lastUsed > best.lastUsed ? c : best), undefined)
}

/** The lists started from storage: each stored connection (deduplicated by connector), the stored active one marked. */
function initialLists(input: MultiWalletInput): Record<string, WalletList> {
  const lists: Record<string, WalletList> = {}
  for (const [namespace, stored] of Object.entries(input.stored ?? {})) {
    const connections: WalletConnection[] = []
    for (const [index, s] of stored.connections.entries()) {
      const id = connectionIdOf(namespace, s.connectorId)
      if (connections.some((c) => c.id === id) || s.accounts.length === 0) continue
      // Older data has no time: the stored order (newest last, as added) stands for it.
      connections.push({ id, namespace, connectorId: s.connectorId, accounts: [...s.accounts], lastUsed: s.lastUsed ?? index })
    }
    const activeId = stored.activeConnectorId ? connectionIdOf(namespace, stored.activeConnectorId) : undefined
    if (connections.length) lists[namespace] = { connections, activeId: connections.some((c) => c.id === activeId) ? activeId : undefined }
  }
  return lists
}

/** The lists with the account of a connection moment recorded: added or updated, made the active one, used now. */
function recordActive(lists: MultiWalletContext['lists'], account: ConnectedAccount, now: number): MultiWalletContext['lists'] {
  const id = connectionIdOf(account.namespace, account.connectorId)
  const list = lists[account.namespace] ?? { connections: [], activeId: undefined }
  const known = list.connections.find((c) => c.id === id)
  const accounts = [account.address, ...(known?.accounts ?? []).filter((a) => a.toLowerCase() !== account.address.toLowerCase())]
  const connection: WalletConnection = { id, namespace: account.namespace, connectorId: account.connectorId, accounts, lastUsed: now }
  const connections = known ? list.connections.map((c) => (c.id === id ? connection : c)) : [...list.connections, connection]
  return { ...lists, [account.namespace]: { connections, activeId: id } }
}

/** The lists without connection `id` (the active one: the namespace then has none active). */
function without(lists: MultiWalletContext['lists'], id: string): MultiWalletContext['lists'] {
  const namespace = namespaceOfId(id)
  const list = lists[namespace]
  if (!list) return lists
  return { ...lists, [namespace]: { connections: list.connections.filter((c) => c.id !== id), activeId: list.activeId === id ? undefined : list.activeId } }
}

/** The connections the watcher follows: every non-active one. */
function nonActiveConnections(lists: MultiWalletContext['lists']): WalletConnection[] {
  return Object.values(lists).flatMap((l) => l.connections.filter((c) => c.id !== l.activeId))
}

/** The child id of a connection's balance row: `balance.<connectionId>`. */
export const balanceRowPrefix = 'balance.'
type BalanceRowActor = { src: 'walletBalance'; logic: typeof walletBalanceMachine; id: string | undefined }

/** The balance rows wanted now: the non-active connections of the namespace shown, on its active network (none unknown). */
function balanceTargets(context: MultiWalletContext): WalletBalanceTarget[] {
  const network = context.namespace ? context.networks[context.namespace] : undefined
  const list = listOf(context, context.namespace)
  if (!network) return []
  return list.connections.filter((c) => c.id !== list.activeId && c.accounts[0]).map((c) => ({ connectionId: c.id, namespace: c.namespace, address: c.accounts[0] ?? '', caipNetworkId: network }))
}

/** The namespace of a root account moment: its account's, else its connection's systemId (`connection.solana`). */
function momentNamespace(event: Extract<RootMoment, { type: 'root.account' }>): string | undefined {
  return event.account?.namespace ?? event.connection?.split('.')[1]
}

/**
 * The multi-wallet list (spec §6 "Multi-wallet methods (get connections, switch, delete)", §8 'Multi-Wallet Not
 * Enabled'; spec §3 "Connection … kept per namespace"): per namespace, every wallet connection the visitor holds, and
 * the active one, which every other surface acts on (the active namespace's connection actor, `connection.<namespace>`).
 *
 * - `starting` → `holding` when spawned with the connected account (input `account`: the remote config turned the flag
 *   on while connected), else `idle`. `idle`: the active namespace has no active connection; `holding.single` /
 *   `holding.several`: it has one, alone or among others; `switching`: the namespace's connection restores the chosen
 *   one silently (`connection.switch`, or `connection.restore` once the active one ended; no prompt: the wallet approved
 *   the site before), until the root tells its account; `removingActive`: the active one is being disconnected through
 *   its connection; `removing`: a non-active connection is forgotten at once and its wallet asked to revoke (`revoke`,
 *   at most `disconnectWait`); `disconnectingAll`: the visitor's Disconnect, the other wallets asked to revoke
 *   (`revokeAll`, at most `disconnectWait`).
 * - The root's account moments (`root.account`): a connection, a restore or a change records the account as the active
 *   connection (added, or updated: connecting a wallet already held switches to it, no second entry). The active one
 *   ending by the wallet, a failed restore (at load too: the list is then brought by that moment) or its removal makes
 *   the most recently used other one active, and so on while their restores fail, or leaves the namespace disconnected
 *   (`idle`) when none remains. The visitor's Disconnect (reason `user`, not a removal) ends every connection of the
 *   namespace: Disconnect means disconnected, as without multi-wallet (spec §4 "Account reset sets disconnected"); one
 *   wallet leaves with Remove. Another namespace becoming active shows its list.
 * - `multiWallet.switch` to the active one, or to an unknown id, does nothing (the public API refuses an unknown id
 *   with `ConnectionNotFoundError` before it is sent); `multiWallet.remove` of the active one disconnects it through its
 *   connection, of another one removes it; an unknown id does nothing (removing twice is harmless).
 * - A non-active wallet's own events (the watcher of the non-active connections, `watchConnections`) update that connection
 *   only: other accounts, none (removed), or its disconnect (removed).
 * - Restored lists (input `stored`): the non-active connections are asked silently whether their wallet still holds the
 *   site (`verify`, at most `walletRequestTimeout`); those whose wallet is gone are dropped quietly, the others stay.
 * - The switcher's balances: each non-active connection of the namespace shown has a `walletBalance` child
 *   (`balance.<connectionId>`, `machines/walletBalance.ts`) reading its address on the namespace's active network (the
 *   active account's chain); the active one's is the Account view's own. A row's read never holds up the list.
 *
 * Actors to provide: `verify` ({ connections } → the ids still authorised), `revoke` ({ namespace, connectorId }),
 * `revokeAll` ({ connections }: each wallet asked to revoke, failures ignored),
 * `watchConnections` (callback told `multiWallet.watch` with the non-active connections, sending back
 * `multiWallet.walletAccounts` / `multiWallet.walletGone`), `walletBalance` (the row machine with its `readBalance`
 * provided). Action to provide:
 * `persist` (the lists after each change, written to storage).
 */
export const multiWalletMachine = setup({
  types: machineTypes<{ context: MultiWalletContext; events: MultiWalletEvent; input: MultiWalletInput }>(),
  actors: {
    verify: fromPromise<readonly string[], { connections: readonly WalletConnection[] }>(notProvided('verify')),
    revoke: fromPromise<void, { namespace: string; connectorId: string }>(notProvided('revoke')),
    revokeAll: fromPromise<void, { connections: readonly WalletConnection[] }>(notProvided('revokeAll')),
    watchConnections: fromCallback<WatchConnectionsEvent>(notProvided('watchConnections')),
    walletBalance: walletBalanceMachine,
  },
  delays: { walletRequestTimeout: timing.walletRequestTimeout, disconnectWait: timing.disconnectWait },
  guards: {
    /** The root tells an account (a connection, a restore, a change of account or chain). */
    hasAccount: ({ event }) => event.type === 'root.account' && event.account !== undefined,
    /**
     * The root tells the active namespace's connection ended, and another connection of that namespace is held (none
     * active counts: the stored active one's restore failed at load).
     */
    isActiveEndedWithOthers: ({ context, event }) => {
      if (event.type !== 'root.account' || event.account || event.change === 'switched') return false
      return mostRecentOther(listOf(context, momentNamespace(event))) !== undefined
    },
    /** The visitor's Disconnect ended the active connection (reason `user`), and others of that namespace are held. */
    isVisitorDisconnectWithOthers: ({ context, event }) => event.type === 'root.account' && !event.account && event.reason === 'user' && mostRecentOther(listOf(context, momentNamespace(event))) !== undefined,
    /** The root tells the active namespace's connection ended (none other held). */
    isActiveEnded: ({ event }) => event.type === 'root.account' && !event.account && event.change !== 'switched',
    /** Another namespace became active, with no account there. */
    isSwitchedAway: ({ event }) => event.type === 'root.account' && !event.account && event.change === 'switched',
    /** The event names a held connection that is not its namespace's active one. */
    isOtherConnection: ({ context, event }) => {
      if (!('connectionId' in event)) return false
      const found = findConnection(context, event.connectionId)
      return found !== undefined && listOf(context, found.namespace).activeId !== found.id
    },
    /** The event names its namespace's active connection. */
    isActiveConnection: ({ context, event }) => 'connectionId' in event && listOf(context, namespaceOfId(event.connectionId)).activeId === event.connectionId,
    /** A non-active wallet reported no account: the connection goes. */
    hasNoAccounts: ({ event }) => event.type === 'multiWallet.walletAccounts' && event.accounts.length === 0,
    /** A non-active connection's wallet reported no account. */
    isOtherWithoutAccounts: and(['isOtherConnection', 'hasNoAccounts']),
    /** The active namespace holds more than one connection. */
    hasSeveral: ({ context }) => listOf(context, context.namespace).connections.length > 1,
    /** The list started with a connected account (spawned while connected): its namespace has an active connection. */
    hasActive: ({ context }) => listOf(context, context.namespace).activeId !== undefined,
    /** A restored list holds connections that are not active (their wallets are asked whether they still hold the site). */
    hasStoredOthers: ({ context }) => nonActiveConnections(context.lists).length > 0,
  },
  actions: {
    tell: tellAction<MultiWalletContext, MultiWalletEvent>(),
    /** The root's account moment: its namespace becomes the one shown, its account the active connection. */
    recordAccount: assign(({ context, event }) => {
      if (event.type !== 'root.account') return {}
      const namespace = momentNamespace(event) ?? context.namespace
      const networks = event.account ? { ...context.networks, [event.account.namespace]: event.account.caipNetworkId } : context.networks
      return { namespace, networks, lists: event.account ? recordActive(context.lists, event.account, Date.now()) : context.lists, target: undefined }
    }),
    /** The active namespace's connection ended: it leaves the list. */
    dropActive: assign(({ context, event }) => {
      if (event.type !== 'root.account') return {}
      const namespace = momentNamespace(event) ?? context.namespace
      const activeId = listOf(context, namespace).activeId
      return { namespace, lists: activeId ? without(context.lists, activeId) : context.lists, target: undefined }
    }),
    /** The visitor's Disconnect: every connection of its namespace leaves the list, the non-active ones kept to revoke. */
    endAll: assign(({ context, event }) => {
      if (event.type !== 'root.account') return {}
      const namespace = momentNamespace(event) ?? context.namespace
      const list = listOf(context, namespace)
      const lists = namespace ? { ...context.lists, [namespace]: { connections: [], activeId: undefined } } : context.lists
      return { namespace, lists, ended: list.connections.filter((c) => c.id !== list.activeId), target: undefined }
    }),
    clearEnded: assign({ ended: [] }),
    /** The most recently used other connection of the active namespace becomes the switch's target. */
    targetMostRecent: assign(({ context }) => ({ target: mostRecentOther(listOf(context, context.namespace))?.id })),
    /** The event's connection becomes the switch's target. */
    targetEvent: assign(({ event }) => ('connectionId' in event ? { target: event.connectionId } : {})),
    /** The target is marked active at once (the switcher paints it in the frame of the click); its connection follows. */
    markTargetActive: assign(({ context }) => {
      const target = context.target ? findConnection(context, context.target) : undefined
      if (!target) return {}
      const list = listOf(context, target.namespace)
      const lists = { ...context.lists, [target.namespace]: { ...list, activeId: target.id } }
      return { lists, namespace: target.namespace }
    }),
    /**
     * The target's connection restores it silently (`connection.<namespace>`): `connection.switch` from the connected
     * one (params `via: 'switch'`), `connection.restore` once the active one has ended (`via: 'restore'`).
     */
    switchConnection: enqueueActions<MultiWalletContext, MultiWalletEvent, { via: 'switch' | 'restore' }, MultiWalletEvent, never, never, never, never, never>(({ context, system, enqueue }, params) => {
      const target = context.target ? findConnection(context, context.target) : undefined
      const ref = target ? system.get(`connection.${target.namespace}`) : undefined
      const event: { type: string; connectorId: string } = { type: `connection.${params.via}`, connectorId: target?.connectorId ?? '' }
      if (target && ref) enqueue.sendTo(ref, event)
    }),
    /** The active connection is removed: its namespace's connection disconnects it (the root then tells it ended). */
    disconnectActive: enqueueActions<MultiWalletContext, MultiWalletEvent, undefined, MultiWalletEvent, never, never, never, never, never>(({ event, system, enqueue }) => {
      if (!('connectionId' in event)) return
      const ref = system.get(`connection.${namespaceOfId(event.connectionId)}`)
      if (ref) enqueue.sendTo(ref, { type: 'connection.disconnect' })
    }),
    /** The event's (non-active) connection leaves the list. */
    dropEventConnection: assign(({ context, event }) => ('connectionId' in event ? { lists: without(context.lists, event.connectionId) } : {})),
    /** A non-active wallet's new accounts (params: the event's connection and accounts). */
    setOtherAccounts: assign(({ context, event }) => {
      if (event.type !== 'multiWallet.walletAccounts') return {}
      const found = findConnection(context, event.connectionId)
      if (!found) return {}
      const list = listOf(context, found.namespace)
      const connections = list.connections.map((c) => (c.id === found.id ? { ...c, accounts: [...event.accounts] } : c))
      return { lists: { ...context.lists, [found.namespace]: { ...list, connections } } }
    }),
    /** The verified ids (params): the other restored connections are dropped quietly. */
    keepVerified: assign(({ context }, verified: readonly string[]) => {
      const lists: Record<string, WalletList> = {}
      for (const [namespace, list] of Object.entries(context.lists)) {
        lists[namespace] = { ...list, connections: list.connections.filter((c) => c.id === list.activeId || verified.includes(c.id)) }
      }
      return { lists }
    }),
    /** The restore could not ask the wallets (failed, or no answer in time): only the active connections are kept. */
    keepActiveOnly: assign(({ context }) => ({
      lists: Object.fromEntries(Object.entries(context.lists).map(([ns, list]) => [ns, { ...list, connections: list.connections.filter((c) => c.id === list.activeId) }])),
    })),
    /** The event's connection is the one removed. */
    targetRemoved: assign(({ event }) => ('connectionId' in event ? { removed: event.connectionId } : {})),
    setError: assign({ error: ({ event }) => summarizeError(actorErrorOf(event)) }),
    /** The wallet did not answer the revoke in time: a typed timeout error in context (the connection is forgotten anyway). */
    setRevokeTimedOut: assign({ error: () => summarizeError(new RequestTimeoutError("Revoking the wallet's permissions", timing.disconnectWait)) }),
    clearError: assign({ error: undefined }),
    /**
     * The watcher follows the non-active connections of every namespace now (those now active or gone no more), and each
     * non-active connection of the namespace shown has its balance row (`walletBalance`, systemless child
     * `balance.<connectionId>`) on that namespace's active network: spawned, told its new address or network, or stopped.
     */
    syncWatchers: enqueueActions<MultiWalletContext, MultiWalletEvent, undefined, MultiWalletEvent, BalanceRowActor, never, never, never, never>(({ context, self, enqueue }) => {
      // Read softly: a snapshot restored without its children (the graph tools, a replay) has no watcher to tell, nor
      // has the first state (spawned holding): the watcher starts after it, told by the restore's check.
      let children: Readonly<Record<string, AnyActorRef | undefined>> | undefined
      try {
        children = self.getSnapshot()?.children
      } catch {
        children = undefined
      }
      const watcher = children?.watchConnections
      const event: WatchConnectionsEvent = { type: 'multiWallet.watch', connections: nonActiveConnections(context.lists) }
      if (watcher) enqueue.sendTo(watcher, event)
      const rows = balanceTargets(context)
      for (const id of Object.keys(children ?? {})) {
        if (id.startsWith(balanceRowPrefix) && !rows.some((r) => balanceRowPrefix + r.connectionId === id)) enqueue.stopChild(id)
      }
      for (const row of rows) {
        const existing = children?.[balanceRowPrefix + row.connectionId]
        if (existing) enqueue.sendTo(existing, { type: 'walletBalance.retarget', address: row.address, caipNetworkId: row.caipNetworkId })
        else enqueue.spawnChild('walletBalance', { id: balanceRowPrefix + row.connectionId, input: row })
      }
    }),
    /** Provided at assembly: the lists written to storage (spec §3 connections, with their last use). */
    persist: () => {},
  },
}).createMachine({
  id: 'multiWallet',
  context: ({ input }) => ({
    lists: input.account ? recordActive(initialLists(input), input.account, Date.now()) : initialLists(input),
    namespace: input.account?.namespace,
    networks: input.account ? { [input.account.namespace]: input.account.caipNetworkId } : {},
    target: undefined,
    removed: undefined,
    ended: [],
    error: undefined,
  }),
  type: 'parallel',
  // One watcher for the machine's whole life: it follows the non-active connections it is told of (`syncWatchers`).
  invoke: { id: 'watchConnections', src: 'watchConnections' },
  states: {
    /** The active namespace's list: none active, one or several held, a switch or a removal under way. */
    list: {
      initial: 'starting',
      states: {
        /** Spawned with a connected account (multi-wallet turned on while connected): held at once; else none yet. */
        starting: { always: [{ guard: 'hasActive', target: 'holding' }, { target: 'idle' }] },
        /** The active namespace has no active connection (disconnected). */
        idle: {
          tags: ['disconnected'],
        },
        holding: {
          initial: 'settling',
          states: {
            /** After every change: the watchers follow the non-active connections, the lists are stored, the count decides. */
            settling: { entry: ['syncWatchers', 'persist'], always: [{ guard: 'hasSeveral', target: 'several' }, { target: 'single' }] },
            /** One connection: the switcher shows it alone. */
            single: {},
            /** Several: the switcher lists them, the active one marked. */
            several: {},
          },
          on: {
            'multiWallet.switch': [
              { guard: 'isActiveConnection' },
              { guard: 'isOtherConnection', target: 'switching', actions: ['targetEvent', 'markTargetActive', { type: 'switchConnection', params: { via: 'switch' } }] },
            ],
            'multiWallet.remove': [
              { guard: 'isActiveConnection', target: 'removingActive', actions: 'disconnectActive' },
              { guard: 'isOtherConnection', target: 'removing', actions: ['targetRemoved', 'dropEventConnection'] },
            ],
            'multiWallet.walletAccounts': [
              { guard: 'isOtherWithoutAccounts', target: '.settling', actions: 'dropEventConnection' },
              { guard: 'isOtherConnection', actions: ['setOtherAccounts', 'syncWatchers', 'persist'] },
            ],
            'multiWallet.walletGone': { guard: 'isOtherConnection', target: '.settling', actions: 'dropEventConnection' },
          },
        },
        /** The chosen connection is being restored by its namespace's connection; the root's account moment ends it. */
        switching: {
          tags: ['switching'],
          entry: ['syncWatchers', 'persist'],
        },
        /**
         * The active connection is being removed (its connection disconnects it, at most `disconnectWait`): its end makes
         * the most recently used other one active, where the visitor's Disconnect would end them all.
         */
        removingActive: {
          on: {
            'root.account': {
              guard: 'isActiveEndedWithOthers',
              target: 'switching',
              actions: ['dropActive', 'targetMostRecent', 'markTargetActive', { type: 'switchConnection', params: { via: 'restore' } }],
            },
          },
        },
        /**
         * The visitor's Disconnect with several wallets held (spec §4 "Account reset sets disconnected"; §6 names no
         * multi-wallet disconnect): the namespace ends disconnected, every other held wallet asked to revoke the site
         * (best effort, at most `disconnectWait`), the list empty.
         */
        disconnectingAll: {
          tags: ['disconnected'],
          entry: ['syncWatchers', 'persist'],
          invoke: {
            id: 'revokeAll',
            src: 'revokeAll',
            input: ({ context }) => ({ connections: context.ended }),
            onDone: { target: 'idle', actions: ['clearEnded', 'clearError'] },
            onError: { target: 'idle', actions: ['clearEnded', 'setError'] },
          },
          after: { disconnectWait: { target: 'idle', actions: ['clearEnded', 'setRevokeTimedOut'] } },
        },
        /** A non-active connection was removed: its wallet is asked to revoke the site (best effort). */
        removing: {
          entry: ['syncWatchers', 'persist'],
          invoke: {
            id: 'revoke',
            src: 'revoke',
            input: ({ context }) => ({ namespace: namespaceOfId(context.removed ?? ''), connectorId: (context.removed ?? '').slice((context.removed ?? '').indexOf(':') + 1) }),
            onDone: { target: 'holding', actions: 'clearError' },
            onError: { target: 'holding', actions: 'setError' },
          },
          after: { disconnectWait: { target: 'holding', actions: 'setRevokeTimedOut' } },
        },
      },
      on: {
        'root.account': [
          { guard: 'hasAccount', target: '.holding.settling', actions: 'recordAccount' },
          { guard: 'isVisitorDisconnectWithOthers', target: '.disconnectingAll', actions: 'endAll' },
          { guard: 'isActiveEndedWithOthers', target: '.switching', actions: ['dropActive', 'targetMostRecent', 'markTargetActive', { type: 'switchConnection', params: { via: 'restore' } }] },
          { guard: 'isActiveEnded', target: '.idle', actions: ['dropActive', 'syncWatchers', 'persist'] },
          { guard: 'isSwitchedAway', target: '.idle', actions: ['recordAccount', 'syncWatchers'] },
        ],
        // Elsewhere than `holding` (another namespace shown, a switch or a removal under way): the lists follow.
        'multiWallet.walletAccounts': [
          { guard: 'isOtherWithoutAccounts', actions: ['dropEventConnection', 'syncWatchers', 'persist'] },
          { guard: 'isOtherConnection', actions: ['setOtherAccounts', 'syncWatchers', 'persist'] },
        ],
        'multiWallet.walletGone': { guard: 'isOtherConnection', actions: ['dropEventConnection', 'syncWatchers', 'persist'] },
      },
    },
    /** Restored lists: the non-active connections' wallets are asked whether they still hold the site. */
    restore: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'hasStoredOthers', target: 'verifying' }, { target: 'done' }] },
        verifying: {
          invoke: {
            id: 'verify',
            src: 'verify',
            input: ({ context }) => ({ connections: Object.values(context.lists).flatMap((l) => l.connections.filter((c) => c.id !== l.activeId)) }),
            onDone: { target: 'done', actions: [{ type: 'keepVerified', params: ({ event }) => event.output }, 'syncWatchers', 'persist'] },
            onError: { target: 'done', actions: ['keepActiveOnly', 'syncWatchers', 'persist'] },
          },
          after: { walletRequestTimeout: { target: 'done', actions: ['keepActiveOnly', 'syncWatchers', 'persist'] } },
        },
        done: {},
      },
    },
  },
})
