import type { ErrorSummary } from '../adapters/errors.ts'
import type { ConnectedAccount, RootMoment } from './features.ts'

/*
 * The multi-wallet list's data (spec §3 "Connection … kept per namespace", §6 multi-wallet): its types and the pure
 * functions its chart (`machines/multiWallet.ts`) assigns with. No state here: the chart decides when each applies.
 */

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
  /**
   * The wallet's own chain (CAIP-2) as last known: the active network while it is the active one, then what its own
   * `chainChanged` says while it is held; undefined when not known yet (restored, before its wallet answered).
   */
  caipNetworkId: string | undefined
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
  /**
   * The dapp or the switcher: this connection becomes the active one (its namespace's connection restores it silently),
   * acting with `address` when given (one of its accounts: several accounts inside one wallet), else with the account it
   * used last. The active connection with another of its accounts: only the account changes (no restore).
   */
  | { type: 'multiWallet.switch'; connectionId: string; address?: string | undefined }
  /** The dapp or the switcher: this connection is removed (the active one: disconnected, the most recent other follows). */
  | { type: 'multiWallet.remove'; connectionId: string }
  /** A non-active wallet reported its accounts (`accountsChanged`): that connection only is updated; none left removes it. */
  | { type: 'multiWallet.walletAccounts'; connectionId: string; accounts: readonly string[] }
  /** A non-active wallet changed its chain (`chainChanged`): that connection only is updated (its balance read there). */
  | { type: 'multiWallet.walletChain'; connectionId: string; caipNetworkId: string }
  /** A non-active wallet ended the connection (`disconnect`, a WalletConnect session deleted on the phone): it is removed. */
  | { type: 'multiWallet.walletGone'; connectionId: string }
  | RootMoment

/**
 * What the watcher (`watchConnections`) receives after every change: the non-active connections it follows now. It
 * sends back `multiWallet.walletAccounts`, `multiWallet.walletChain` and `multiWallet.walletGone` for them.
 */
export type WatchConnectionsEvent = { type: 'multiWallet.watch'; connections: readonly WalletConnection[] }

/** The id of a namespace's connection through a connector. */
export function connectionIdOf(namespace: string, connectorId: string): string {
  return `${namespace}:${connectorId}`
}

/** The namespace a connection id names. */
export function namespaceOfId(id: string): string {
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
export function initialLists(input: MultiWalletInput): Record<string, WalletList> {
  const lists: Record<string, WalletList> = {}
  for (const [namespace, stored] of Object.entries(input.stored ?? {})) {
    const connections: WalletConnection[] = []
    for (const [index, s] of stored.connections.entries()) {
      const id = connectionIdOf(namespace, s.connectorId)
      if (connections.some((c) => c.id === id) || s.accounts.length === 0) continue
      // Older data has no time: the stored order (newest last, as added) stands for it.
      connections.push({ id, namespace, connectorId: s.connectorId, accounts: [...s.accounts], caipNetworkId: undefined, lastUsed: s.lastUsed ?? index })
    }
    const activeId = stored.activeConnectorId ? connectionIdOf(namespace, stored.activeConnectorId) : undefined
    if (connections.length) lists[namespace] = { connections, activeId: connections.some((c) => c.id === activeId) ? activeId : undefined }
  }
  return lists
}

/** `address` is one of `accounts` (compared without case). */
export function hasAddress(accounts: readonly string[], address: string | undefined): boolean {
  return address !== undefined && accounts.some((a) => a.toLowerCase() === address.toLowerCase())
}

/** `accounts` with `address` first (the one the connection acts with); the others in their order. */
export function selectFirst(accounts: readonly string[], address: string): string[] {
  const found = accounts.find((a) => a.toLowerCase() === address.toLowerCase())
  return found ? [found, ...accounts.filter((a) => a !== found)] : [...accounts]
}

/**
 * A held wallet's new accounts (its own `accountsChanged`): the account it acts with stays first while the wallet still
 * gives it (the visitor's selection outlives the wallet's reordering), else the wallet's first leads.
 */
export function keepSelected(previous: readonly string[], next: readonly string[]): string[] {
  const selected = previous[0]
  return selected && hasAddress(next, selected) ? selectFirst(next, selected) : [...next]
}

/** The lists with the account of a connection moment recorded: added or updated, made the active one, used now. */
export function recordActive(lists: MultiWalletContext['lists'], account: ConnectedAccount, now: number): MultiWalletContext['lists'] {
  const id = connectionIdOf(account.namespace, account.connectorId)
  const list = lists[account.namespace] ?? { connections: [], activeId: undefined }
  const known = list.connections.find((c) => c.id === id)
  // Every account the wallet gave, the selected one first; a moment without them keeps the ones known.
  const accounts = selectFirst(account.accounts?.length ? account.accounts : [account.address, ...(known?.accounts ?? []).filter((a) => a.toLowerCase() !== account.address.toLowerCase())], account.address)
  const connection: WalletConnection = { id, namespace: account.namespace, connectorId: account.connectorId, accounts, caipNetworkId: account.caipNetworkId, lastUsed: now }
  const connections = known ? list.connections.map((c) => (c.id === id ? connection : c)) : [...list.connections, connection]
  return { ...lists, [account.namespace]: { connections, activeId: id } }
}

/** The lists without connection `id` (the active one: the namespace then has none active). */
export function without(lists: MultiWalletContext['lists'], id: string): MultiWalletContext['lists'] {
  const namespace = namespaceOfId(id)
  const list = lists[namespace]
  if (!list) return lists
  return { ...lists, [namespace]: { connections: list.connections.filter((c) => c.id !== id), activeId: list.activeId === id ? undefined : list.activeId } }
}

/** The connections the watcher follows: every non-active one. */
export function nonActiveConnections(lists: MultiWalletContext['lists']): WalletConnection[] {
  return Object.values(lists).flatMap((l) => l.connections.filter((c) => c.id !== l.activeId))
}

/** A connection whose wallet answered the restore's silent check: its id and the chain it is on (CAIP-2). */
export type VerifiedConnection = { id: string; caipNetworkId: string | undefined }

/** The lists with connection `id` changed by `change` (an unknown id: unchanged). */
export function updateConnection(lists: MultiWalletContext['lists'], id: string, change: Partial<Pick<WalletConnection, 'accounts' | 'caipNetworkId'>>): MultiWalletContext['lists'] {
  const list = lists[namespaceOfId(id)]
  if (!list?.connections.some((c) => c.id === id)) return lists
  return { ...lists, [namespaceOfId(id)]: { ...list, connections: list.connections.map((c) => (c.id === id ? { ...c, ...change } : c)) } }
}

/** The lists keeping each namespace's active connection and the verified others, these on the chain their wallet answered. */
export function keepVerified(lists: MultiWalletContext['lists'], verified: readonly VerifiedConnection[]): MultiWalletContext['lists'] {
  const kept: Record<string, WalletList> = {}
  for (const [namespace, list] of Object.entries(lists)) {
    const connections = list.connections.flatMap((c) => {
      if (c.id === list.activeId) return [c]
      const answer = verified.find((v) => v.id === c.id)
      return answer ? [{ ...c, caipNetworkId: answer.caipNetworkId ?? c.caipNetworkId }] : []
    })
    kept[namespace] = { ...list, connections }
  }
  return kept
}
