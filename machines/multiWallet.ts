import { and, assign, enqueueActions, fromCallback, fromPromise, setup, type AnyActorRef } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import { RequestTimeoutError, summarizeError } from '../adapters/errors.ts'
import type { RootMoment } from './features.ts'
import { machineTypes } from './machineTypes.ts'
import { actorErrorOf } from './narrow.ts'
import { tellAction } from './system.ts'
import { timing } from './timing.ts'
import { walletBalanceMachine, type WalletBalanceTarget } from './walletBalance.ts'
import { walletNameMachine } from './walletName.ts'
import {
  findConnection,
  initialLists,
  keepVerified,
  listOf,
  hasAddress,
  keepSelected,
  mostRecentOther,
  namespaceOfId,
  selectFirst,
  nonActiveConnections,
  recordActive,
  updateConnection,
  without,
  type MultiWalletContext,
  type MultiWalletEvent,
  type MultiWalletInput,
  type VerifiedConnection,
  type WalletConnection,
  type WatchConnectionsEvent,
} from './multiWallet.lists.ts'

export { connectionIdOf, listOf } from './multiWallet.lists.ts'
export type {
  MultiWalletContext,
  MultiWalletEvent,
  MultiWalletInput,
  StoredWalletConnection,
  VerifiedConnection,
  WalletConnection,
  WalletList,
  WatchConnectionsEvent,
} from './multiWallet.lists.ts'

const notProvided = (name: string) => () => {
  throw new ActorNotProvidedError('multiWallet', name)
}

/** The child id of a connection's balance row: `balance.<connectionId>`. */
export const balanceRowPrefix = 'balance.'
/** The child id of a connection's name lookup: `name.<connectionId>`. */
export const nameRowPrefix = 'name.'
type RowActor = { src: 'walletBalance'; logic: typeof walletBalanceMachine; id: string | undefined } | { src: 'walletName'; logic: typeof walletNameMachine; id: string | undefined }

/**
 * The key of a switcher row (one per account of a connection): the connection's id for the account it acts with (its
 * first), `<connectionId>/<address>` (lower case) for its other accounts.
 */
export function rowKeyOf(connectionId: string, address: string, index: number): string {
  return index === 0 ? connectionId : `${connectionId}/${address.toLowerCase()}`
}

/**
 * The balance rows wanted now: every account of the namespace shown but the active one's own, each on its wallet's own
 * chain, else (not known yet) on the namespace's active network; none while neither is known. `connectionId` is the
 * row's key ({@link rowKeyOf}).
 */
function balanceTargets(context: MultiWalletContext): WalletBalanceTarget[] {
  const network = context.namespace ? context.networks[context.namespace] : undefined
  const list = listOf(context, context.namespace)
  return list.connections.flatMap((c) => {
    const caipNetworkId = c.caipNetworkId ?? network
    if (!caipNetworkId) return []
    return c.accounts.flatMap((address, i) => (c.id === list.activeId && i === 0 ? [] : [{ connectionId: rowKeyOf(c.id, address, i), namespace: c.namespace, address, caipNetworkId }]))
  })
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
 *   only, never the active one: other accounts, none (removed), another chain (its balance read there), or its
 *   disconnect (removed).
 * - Restored lists (input `stored`): the non-active connections are asked silently whether their wallet still holds the
 *   site (`verify`, at most `walletRequestTimeout`); those whose wallet is gone are dropped quietly, the others stay, on
 *   the chain their wallet answered.
 * - The switcher's balances: each non-active connection of the namespace shown has a `walletBalance` child
 *   (`balance.<connectionId>`, `machines/walletBalance.ts`) reading its address on its wallet's own chain (the one it
 *   had while active, or that it told since), else on the namespace's active network; the active one's is the Account
 *   view's own. Beside it, its name lookup (`walletName` child `name.<connectionId>`, `machines/walletName.ts`): the row
 *   shows the name found in place of the shortened address. A row's read never holds up the list.
 *
 * Actors to provide: `verify` ({ connections } → those still authorised, each with its chain), `revoke` ({ namespace, connectorId }),
 * `revokeAll` ({ connections }: each wallet asked to revoke, failures ignored),
 * `watchConnections` (callback told `multiWallet.watch` with the non-active connections, sending back
 * `multiWallet.walletAccounts` / `multiWallet.walletChain` / `multiWallet.walletGone`), `walletBalance` (the row machine with its `readBalance`
 * provided), `walletName` (the name lookup with its `readName` provided). Action to provide:
 * `persist` (the lists after each change, written to storage).
 */
export const multiWalletMachine = setup({
  types: machineTypes<{ context: MultiWalletContext; events: MultiWalletEvent; input: MultiWalletInput }>(),
  actors: {
    verify: fromPromise<readonly VerifiedConnection[], { connections: readonly WalletConnection[] }>(notProvided('verify')),
    revoke: fromPromise<void, { namespace: string; connectorId: string }>(notProvided('revoke')),
    revokeAll: fromPromise<void, { connections: readonly WalletConnection[] }>(notProvided('revokeAll')),
    watchConnections: fromCallback<WatchConnectionsEvent>(notProvided('watchConnections')),
    walletBalance: walletBalanceMachine,
    walletName: walletNameMachine,
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
    /** The event names the active connection and another of its accounts: only the account changes. */
    isOtherAccountOfActive: ({ context, event }) => {
      if (event.type !== 'multiWallet.switch' || !event.address) return false
      const list = listOf(context, namespaceOfId(event.connectionId))
      const active = list.connections.find((c) => c.id === list.activeId && c.id === event.connectionId)
      return active !== undefined && hasAddress(active.accounts, event.address) && active.accounts[0]?.toLowerCase() !== event.address.toLowerCase()
    },
    /** A switch naming an address its connection does not hold (the public API refuses it before it is sent). */
    isUnknownAddress: ({ context, event }) => {
      if (event.type !== 'multiWallet.switch' || !event.address) return false
      const found = findConnection(context, event.connectionId)
      return found === undefined || !hasAddress(found.accounts, event.address)
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
    /** The event's connection becomes the switch's target, the account named (if any) its first: the one it restores with. */
    targetEvent: assign(({ context, event }) => {
      if (!('connectionId' in event)) return {}
      const address = event.type === 'multiWallet.switch' ? event.address : undefined
      const found = findConnection(context, event.connectionId)
      return { target: event.connectionId, lists: address && found ? updateConnection(context.lists, found.id, { accounts: selectFirst(found.accounts, address) }) : context.lists }
    }),
    /** The active connection's account named by the switch becomes its first (painted at once; its connection follows). */
    markAccountSelected: assign(({ context, event }) => {
      if (event.type !== 'multiWallet.switch' || !event.address) return {}
      const found = findConnection(context, event.connectionId)
      return found ? { lists: updateConnection(context.lists, found.id, { accounts: selectFirst(found.accounts, event.address) }) } : {}
    }),
    /** The active connection acts with the named account from now on (`connection.selectAccount` to its connection). */
    selectAccount: enqueueActions<MultiWalletContext, MultiWalletEvent, undefined, MultiWalletEvent, never, never, never, never, never>(({ event, system, enqueue }) => {
      if (event.type !== 'multiWallet.switch' || !event.address) return
      const ref = system.get(`connection.${namespaceOfId(event.connectionId)}`)
      const told: { type: string; address: string } = { type: 'connection.selectAccount', address: event.address }
      if (ref) enqueue.sendTo(ref, told)
    }),
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
      // The account it acted with last (or the one the switch named: made its first), restored when its wallet still gives it.
      const event: { type: string; connectorId: string; address: string | undefined } = { type: `connection.${params.via}`, connectorId: target?.connectorId ?? '', address: target?.accounts[0] }
      if (target && ref) enqueue.sendTo(ref, event)
    }),
    /**
     * The active connection is removed: its namespace's connection disconnects it (the root then tells it ended), as a
     * removal (`removed`: the modal stays, another follows) while another connection of the namespace is held.
     */
    disconnectActive: enqueueActions<MultiWalletContext, MultiWalletEvent, undefined, MultiWalletEvent, never, never, never, never, never>(({ context, event, system, enqueue }) => {
      if (!('connectionId' in event)) return
      const namespace = namespaceOfId(event.connectionId)
      const ref = system.get(`connection.${namespace}`)
      const told: { type: string; removed?: boolean } = mostRecentOther(listOf(context, namespace)) ? { type: 'connection.disconnect', removed: true } : { type: 'connection.disconnect' }
      if (ref) enqueue.sendTo(ref, told)
    }),
    /** The event's (non-active) connection leaves the list. */
    dropEventConnection: assign(({ context, event }) => ('connectionId' in event ? { lists: without(context.lists, event.connectionId) } : {})),
    /** A non-active wallet's new accounts (the event's connection and accounts). */
    setOtherAccounts: assign(({ context, event }) => {
      if (event.type !== 'multiWallet.walletAccounts') return {}
      const accounts = keepSelected(findConnection(context, event.connectionId)?.accounts ?? [], event.accounts)
      return { lists: updateConnection(context.lists, event.connectionId, { accounts }) }
    }),
    /** A non-active wallet's new chain (the event's connection and CAIP-2 id): its balance row reads there next. */
    setOtherChain: assign(({ context, event }) => (event.type === 'multiWallet.walletChain' ? { lists: updateConnection(context.lists, event.connectionId, { caipNetworkId: event.caipNetworkId }) } : {})),
    /** The verified connections (params): the other restored connections are dropped quietly, the kept ones on their chain. */
    keepVerified: assign(({ context }, verified: readonly VerifiedConnection[]) => ({ lists: keepVerified(context.lists, verified) })),
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
    syncWatchers: enqueueActions<MultiWalletContext, MultiWalletEvent, undefined, MultiWalletEvent, RowActor, never, never, never, never>(({ context, self, enqueue }) => {
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
        const prefix = id.startsWith(balanceRowPrefix) ? balanceRowPrefix : id.startsWith(nameRowPrefix) ? nameRowPrefix : undefined
        if (prefix && !rows.some((r) => prefix + r.connectionId === id)) enqueue.stopChild(id)
      }
      for (const row of rows) {
        const existing = children?.[balanceRowPrefix + row.connectionId]
        if (existing) enqueue.sendTo(existing, { type: 'walletBalance.retarget', address: row.address, caipNetworkId: row.caipNetworkId })
        else enqueue.spawnChild('walletBalance', { id: balanceRowPrefix + row.connectionId, input: row })
        const named = children?.[nameRowPrefix + row.connectionId]
        if (named) enqueue.sendTo(named, { type: 'walletName.retarget', address: row.address, caipNetworkId: row.caipNetworkId })
        else enqueue.spawnChild('walletName', { id: nameRowPrefix + row.connectionId, input: row })
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
              // Several accounts inside one wallet: another account of the active wallet, no restore (its connection selects it).
              { guard: 'isOtherAccountOfActive', target: '.settling', actions: ['markAccountSelected', 'selectAccount'] },
              { guard: 'isUnknownAddress' },
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
        // In every state: the list and its count stay, the row reads its balance on the new chain.
        'multiWallet.walletChain': { guard: 'isOtherConnection', actions: ['setOtherChain', 'syncWatchers'] },
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
