import type { ActorRefFrom, AnyActorRef, SnapshotFrom } from 'xstate'
import { balanceRowPrefix, listOf, nameRowPrefix, rowKeyOf, type multiWalletMachine } from './multiWallet.ts'
import type { walletBalanceMachine } from './walletBalance.ts'
import type { walletNameMachine } from './walletName.ts'

/** One connection as the public state and the switcher show it (spec §3 Connection, §6 multi-wallet). */
export type ConnectionView = {
  /** `<namespace>:<connectorId>`: what `switchConnection` and `deleteConnection` take. */
  id: string
  namespace: string
  connectorId: string
  /** The account it acts with (checksummed on eip155). */
  address: string
  /** Every account of the connection, `address` first. */
  accounts: readonly string[]
  /**
   * The wallet's own chain (CAIP-2): the active network for the active one; for a held one the chain it told last (its
   * own `chainChanged`), which may differ from the active network; undefined while not known (restored, not answered).
   */
  caipNetworkId: string | undefined
  /** The namespace's active connection: every other surface acts on it. */
  active: boolean
  /** When it was last active (ms since the epoch; restored ones: their stored order). */
  lastUsed: number
}

/** A namespace's connections as the public state has them: the active one first, then the most recently used. */
export type ConnectionsView = {
  /** The namespace shown: the active namespace as the root last told it. */
  namespace: string | undefined
  /** Its connections, the active one first, then by last use, newest first. */
  connections: readonly ConnectionView[]
  /** The active connection's id (undefined: none, disconnected). */
  activeId: string | undefined
  /** A switch is under way (the chosen one already marked active, its connection restoring it). */
  isSwitching: boolean
}

/**
 * The connections of `namespace` (default: the namespace the machine shows) as the public state and the switcher read
 * them (zag-style `connect`).
 * @example connectMultiWallet(snapshot).connections.map((c) => c.address)
 */
export function connectMultiWallet(snapshot: SnapshotFrom<typeof multiWalletMachine>, namespace?: string): ConnectionsView {
  const ns = namespace ?? snapshot.context.namespace
  const list = listOf(snapshot.context, ns)
  const connections = [...list.connections]
    .sort((a, b) => Number(b.id === list.activeId) - Number(a.id === list.activeId) || b.lastUsed - a.lastUsed)
    .map((c) => ({
      id: c.id,
      namespace: c.namespace,
      connectorId: c.connectorId,
      address: c.accounts[0] ?? '',
      accounts: c.accounts,
      caipNetworkId: c.caipNetworkId,
      active: c.id === list.activeId,
      lastUsed: c.lastUsed,
    }))
  return { namespace: ns, connections, activeId: list.activeId, isSwitching: snapshot.hasTag('switching') }
}

/**
 * One row of the switcher: an account of a connection (a wallet that gave several accounts has a row for each). `key`
 * names its balance and name rows ({@link balanceRowOf}); `index` is the account's place in its connection (0: the one
 * it acts with); `active`: the active connection's own account.
 */
export type SwitcherRow = { key: string; connection: ConnectionView; address: string; index: number; active: boolean }

/**
 * The switcher's rows: every account of every connection, the active connection's accounts first (its own account
 * leading), then the others by last use.
 * @example switcherRows(connectMultiWallet(snapshot)).map((r) => `${r.connection.connectorId} ${r.address}`)
 */
export function switcherRows(view: Pick<ConnectionsView, 'connections'>): SwitcherRow[] {
  return view.connections.flatMap((connection) => connection.accounts.map((address, index) => ({ key: rowKeyOf(connection.id, address, index), connection, address, index, active: connection.active && index === 0 })))
}

/** Every namespace's connections (`getConnections()` without a namespace). */
export function connectAllConnections(snapshot: SnapshotFrom<typeof multiWalletMachine>): ConnectionView[] {
  return Object.keys(snapshot.context.lists).flatMap((ns) => connectMultiWallet(snapshot, ns).connections)
}

/**
 * The balance row of a held account (its `walletBalance` child, `machines/walletBalance.ts`), by its row key (a
 * connection's id for the account it acts with, {@link SwitcherRow.key} for its others); undefined for the active account
 * (the Account view's balance stands for it) or before the row is spawned.
 */
export function balanceRowOf(snapshot: SnapshotFrom<typeof multiWalletMachine> | undefined, connectionId: string): ActorRefFrom<typeof walletBalanceMachine> | undefined {
  const row = snapshot?.children[`${balanceRowPrefix}${connectionId}`]
  return isBalanceRow(row) ? row : undefined
}

/** The child is a balance row (a `walletBalance` machine's actor). */
function isBalanceRow(ref: AnyActorRef | undefined): ref is ActorRefFrom<typeof walletBalanceMachine> {
  return ref?.getSnapshot()?.machine?.id === 'walletBalance'
}

/**
 * The name lookup of a non-active connection (its `walletName` child, `machines/walletName.ts`); undefined for the
 * active one (the Account view's own name stands for it) or before it is spawned.
 */
export function nameRowOf(snapshot: SnapshotFrom<typeof multiWalletMachine> | undefined, connectionId: string): ActorRefFrom<typeof walletNameMachine> | undefined {
  const row: AnyActorRef | undefined = snapshot?.children[`${nameRowPrefix}${connectionId}`]
  return isNameRow(row) ? row : undefined
}

/** The child is a name row (a `walletName` machine's actor). */
function isNameRow(ref: AnyActorRef | undefined): ref is ActorRefFrom<typeof walletNameMachine> {
  return ref?.getSnapshot()?.machine?.id === 'walletName'
}
