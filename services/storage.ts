import * as v from 'valibot'

/**
 * Browser storage of spec §3, every key under one prefix (`@latchkey/`).
 *
 * Reads are validated with a schema: a malformed or foreign value (bad JSON, wrong shape, another
 * library's data under our key) is ignored, removed and reported as absent — never thrown at the user.
 * Writes never throw either (a full or disabled storage is ignored): losing a cache is better than
 * breaking the modal.
 */
export const storagePrefix = '@latchkey/'

/** The spec's storage keys (§3), without the prefix. One key per namespace for the connected connector id. */
export const storageKeys = {
  walletId: 'wallet_id',
  walletName: 'wallet_name',
  activeNetworkId: 'active_caip_network_id',
  activeNamespace: 'active_namespace',
  connectedNamespaces: 'connected_namespaces',
  connectionStatus: 'connection_status',
  recentWallets: 'recent_wallets',
  siwxAuthToken: 'siwx_auth_token',
  siwxNonceToken: 'siwx_nonce_token',
  balanceCache: 'balance_cache',
  portfolioCache: 'portfolio_cache',
  nameCache: 'name_cache',
  identityCache: 'identity_cache',
  preferredAccountTypes: 'preferred_account_types',
  connections: 'connections',
  disconnectedConnectorIds: 'disconnected_connector_ids',
  deepLinkChoice: 'deeplink_choice',
  smartAccountEnabledNetworks: 'smart_account_enabled_networks',
  /** The payment under way (an exchange session, a sent transfer): a reload picks it up again (spec §1 Pay). */
  pendingPayment: 'pending_payment',
  /** The project's remote config as last answered, per project id: the next page's first frame starts from it (spec §6). */
  remoteConfig: 'remote_config',
  connectedConnectorId: (namespace: string) => `${namespace}:connected_connector_id`,
} as const

/** The part of the Web Storage API we use; `localStorage` fits, and so does an in-memory map in tests. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const accountSchema = v.object({ address: v.pipe(v.string(), v.minLength(1)) })
const connectionSchema = v.object({ connectorId: v.pipe(v.string(), v.minLength(1)), accounts: v.array(accountSchema) })
/** Connections per namespace: `{ eip155: [{ connectorId, accounts: [{ address }] }] }`. */
const connectionsSchema = v.record(v.string(), v.array(connectionSchema))
/** A stored connection as read before its accounts are checked one by one (a bad account drops alone). */
const connectionEntrySchema = v.object({ connectorId: v.pipe(v.string(), v.minLength(1)), accounts: v.array(v.unknown()) })
const recentWalletSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  name: v.string(),
  imageUrl: v.optional(v.string()),
  rdns: v.optional(v.string()),
})
const stringSchema = v.pipe(v.string(), v.minLength(1))
/** A native balance as the native balance cache keeps it: `value` in the smallest unit (wei, lamports, satoshis), decimal digits. */
export const balanceSummarySchema = v.object({
  value: v.pipe(v.string(), v.regex(/^(0|[1-9][0-9]*)$/)),
  decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
  symbol: v.string(),
})
const statusSchema = v.picklist(['connecting', 'connected', 'disconnected'])
/** The EVM chain ids with smart accounts as stored (spec §3 network enabling `smartAccountEnabledNetworks`): positive safe integers. */
export const smartAccountEnabledNetworksSchema = v.array(v.pipe(v.number(), v.safeInteger(), v.minValue(1)))

export type StoredConnection = v.InferOutput<typeof connectionSchema>
export type StoredConnections = v.InferOutput<typeof connectionsSchema>
export type RecentWallet = v.InferOutput<typeof recentWalletSchema>
export type ConnectionStatus = v.InferOutput<typeof statusSchema>

/** Recent wallets kept (spec §9). */
export const recentWalletsLimit = 2

/** The four API caches of spec §3 kept in storage, by their key in {@link storageKeys}. */
export type CacheName = 'balanceCache' | 'portfolioCache' | 'nameCache' | 'identityCache'

/**
 * One cache kept in storage under one key: `{ [entry]: { value, expires } }`, `expires` in ms since the epoch.
 * {@link createTtlCache} (services/cache.ts) writes through it so a reload within the lifetime finds the value.
 */
export type CacheStore<T> = {
  /** The entry's value while `now` is before its expiry; an expired or malformed entry is dropped and reads as none. */
  get(entry: string, now: number): { value: T; expires: number } | undefined
  /** Writes the entry; expired entries (at `now`, ms) are dropped on the way. */
  set(entry: string, value: T, expires: number, now: number): void
  delete(entry: string, now: number): void
}

/**
 * Account types (spec §3, §6): `eoa` or `smartAccount` for account-based namespaces; a Bitcoin wallet's `payment` or
 * `ordinals` address for bip122.
 */
export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinals'
/** The account types a namespace can prefer; a stored type outside its namespace's list is dropped. */
export const accountTypesByNamespace: Readonly<Record<string, readonly AccountType[]>> = {
  eip155: ['eoa', 'smartAccount'],
  solana: ['eoa', 'smartAccount'],
  polkadot: ['eoa', 'smartAccount'],
  bip122: ['payment', 'ordinals'],
}
/** Account types by default per namespace (spec §4): bip122 payment, eip155 smartAccount, polkadot eoa, solana eoa. */
export const defaultAccountTypes: Readonly<Record<string, AccountType>> = {
  bip122: 'payment',
  eip155: 'smartAccount',
  polkadot: 'eoa',
  solana: 'eoa',
}
const accountTypeSchema = v.picklist(['eoa', 'smartAccount', 'payment', 'ordinals'])

export type CreateStorageParameters = {
  /** Defaults to `globalThis.localStorage` when present, else an in-memory store. */
  storage?: StorageLike | undefined
  prefix?: string
}
export type ModalStorage = ReturnType<typeof createStorage>

/** An in-memory {@link StorageLike} (server rendering, tests, storage disabled by the browser). */
export function createMemoryStorage(initial: Record<string, string> = {}): StorageLike & { dump(): Record<string, string> } {
  const map = new Map(Object.entries(initial))
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, value) => void map.set(k, String(value)),
    removeItem: (k) => void map.delete(k),
    dump: () => Object.fromEntries(map),
  }
}

function defaultStorage(): StorageLike {
  try {
    const ls = globalThis.localStorage
    if (ls) return ls
  } catch {
    // Access to localStorage can throw (sandboxed frames, disabled cookies).
  }
  return createMemoryStorage()
}

/**
 * Creates the modal's storage. One per modal instance; no module state.
 *
 * @example
 * const storage = createStorage({ storage: localStorage })
 * storage.addConnection('eip155', 'io.metamask', [{ address: '0xabc…' }])
 * storage.getConnections() // { eip155: [{ connectorId: 'io.metamask', accounts: [{ address: '0xabc…' }] }] }
 */
export function createStorage({ storage = defaultStorage(), prefix = storagePrefix }: CreateStorageParameters = {}) {
  const full = (key: string) => `${prefix}${key}`

  function read<S extends v.GenericSchema>(key: string, schema: S): v.InferOutput<S> | undefined {
    let raw: string | null
    try {
      raw = storage.getItem(full(key))
    } catch {
      return undefined
    }
    if (raw === null) return undefined
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      remove(key)
      return undefined
    }
    const result = v.safeParse(schema, parsed)
    if (!result.success) {
      remove(key)
      return undefined
    }
    return result.output
  }
  function write(key: string, value: unknown): void {
    try {
      storage.setItem(full(key), JSON.stringify(value))
    } catch {
      // Quota exceeded or storage disabled: the modal keeps working without persistence.
    }
  }
  function remove(key: string): void {
    try {
      storage.removeItem(full(key))
    } catch {
      // ignore
    }
  }

  /**
   * The stored connections per namespace (spec §3), checked entry by entry at the boundary: a malformed connection (no
   * connector id, accounts not a list, none of its accounts valid) or account is dropped alone, the rest kept, and the
   * key rewritten without it; a namespace whose value is not a list is dropped; a value that is no record is removed.
   */
  function getConnections(): StoredConnections {
    const all = read(storageKeys.connections, v.record(v.string(), v.unknown()))
    if (!all) return {}
    const { connections, dropped } = readStoredConnections(all)
    if (dropped) write(storageKeys.connections, connections)
    return connections
  }

  /**
   * The cache `name` (spec §3 balance, portfolio, name-service and identity caches; lifetimes of spec §9 are the
   * caller's). Each entry is checked with `schema` on read (valibot at the boundary): a malformed entry, or one whose
   * expiry has passed, is dropped from storage and reads as none.
   *
   * @example
   * const identities = storage.cache('identityCache', identitySchema)
   * identities.set('0xabc…|', { name: 'bob.reown.id', avatar: null }, Date.now() + 300_000, Date.now())
   * identities.get('0xabc…|', Date.now()) // { value: { name: 'bob.reown.id', avatar: null }, expires: … }
   */
  function cache<S extends v.GenericSchema>(name: CacheName, schema: S): CacheStore<v.InferOutput<S>> {
    const key = storageKeys[name]
    const entrySchema = v.object({ value: schema, expires: v.pipe(v.number(), v.finite()) })
    /** The stored entries, each valid and unexpired; the rest are dropped (and the key rewritten without them). */
    type Entry = { value: v.InferOutput<S>; expires: number }
    function entries(now: number): Record<string, Entry> {
      const all = read(key, v.record(v.string(), v.unknown()))
      if (!all) return {}
      const kept: Record<string, Entry> = {}
      let dropped = false
      for (const [entry, raw] of Object.entries(all)) {
        const parsed = v.safeParse(entrySchema, raw)
        const output = parsed.success ? (parsed.output as Entry) : undefined
        if (output && output.expires > now) kept[entry] = output
        else dropped = true
      }
      if (dropped) {
        if (Object.keys(kept).length) write(key, kept)
        else remove(key)
      }
      return kept
    }
    return {
      get: (entry, now) => entries(now)[entry],
      set: (entry, value, expires, now) => write(key, { ...entries(now), [entry]: { value, expires } }),
      delete(entry, now) {
        const rest = { ...entries(now) }
        if (!(entry in rest)) return
        delete rest[entry]
        if (Object.keys(rest).length) write(key, rest)
        else remove(key)
      },
    }
  }

  return {
    /** Raw access for keys of later features; values are JSON. */
    read,
    write,
    remove,
    cache,

    getActiveNetworkId: () => read(storageKeys.activeNetworkId, stringSchema),
    setActiveNetworkId: (id: string) => write(storageKeys.activeNetworkId, id),
    getActiveNamespace: () => read(storageKeys.activeNamespace, stringSchema),
    setActiveNamespace: (ns: string) => write(storageKeys.activeNamespace, ns),

    /** The connector id of the namespace's current connection (spec §3: one key per namespace). */
    getConnectedConnectorId: (namespace: string) => read(storageKeys.connectedConnectorId(namespace), stringSchema),
    setConnectedConnectorId: (namespace: string, connectorId: string) => write(storageKeys.connectedConnectorId(namespace), connectorId),
    removeConnectedConnectorId: (namespace: string) => remove(storageKeys.connectedConnectorId(namespace)),

    getConnectionStatus: () => read(storageKeys.connectionStatus, statusSchema),
    setConnectionStatus: (status: ConnectionStatus) => write(storageKeys.connectionStatus, status),

    getConnectedNamespaces: () => read(storageKeys.connectedNamespaces, v.array(v.string())) ?? [],
    addConnectedNamespace(namespace: string) {
      const list = this.getConnectedNamespaces()
      if (!list.includes(namespace)) write(storageKeys.connectedNamespaces, [...list, namespace])
    },
    removeConnectedNamespace(namespace: string) {
      write(
        storageKeys.connectedNamespaces,
        this.getConnectedNamespaces().filter((n) => n !== namespace),
      )
    },

    getConnections,
    /**
     * Records accounts of a connector (spec §4 "Connection storage"): the auth connector's list is replaced;
     * other connectors' lists are merged without case-insensitive duplicates, the accounts given first (the current
     * account leads, so other tabs of the site can follow it); connectors left with no accounts are removed.
     */
    addConnection(namespace: string, connectorId: string, accounts: readonly { address: string }[], opts: { replace?: boolean } = {}) {
      const all = getConnections()
      const list = all[namespace] ?? []
      const existing = list.find((c) => c.connectorId === connectorId)
      let merged: { address: string }[]
      if (opts.replace || !existing) merged = dedupeAccounts(accounts)
      else merged = dedupeAccounts([...accounts, ...existing.accounts])
      const next = list.filter((c) => c.connectorId !== connectorId)
      if (merged.length > 0) next.push({ connectorId, accounts: merged })
      write(storageKeys.connections, { ...all, [namespace]: next })
    },
    /**
     * Replaces a namespace's connections, oldest first (the multi-wallet list: spec §3 connections kept per namespace,
     * the order their last use); none left removes the namespace's entry.
     */
    setConnections(namespace: string, connections: readonly StoredConnection[]) {
      const { [namespace]: _, ...others } = getConnections()
      write(storageKeys.connections, connections.length ? { ...others, [namespace]: connections.map((c) => ({ connectorId: c.connectorId, accounts: dedupeAccounts(c.accounts) })) } : others)
    },
    /** Drops one connector's connection for a namespace. */
    removeConnection(namespace: string, connectorId: string) {
      const all = getConnections()
      write(storageKeys.connections, { ...all, [namespace]: (all[namespace] ?? []).filter((c) => c.connectorId !== connectorId) })
    },
    /** Drops every stored connection (spec §4: reconnect disabled). */
    clearConnections() {
      remove(storageKeys.connections)
      remove(storageKeys.connectionStatus)
      remove(storageKeys.connectedNamespaces)
    },

    getDisconnectedConnectorIds: () => read(storageKeys.disconnectedConnectorIds, v.array(v.string())) ?? [],
    addDisconnectedConnectorId(connectorId: string) {
      const ids = this.getDisconnectedConnectorIds()
      if (!ids.includes(connectorId)) write(storageKeys.disconnectedConnectorIds, [...ids, connectorId])
    },
    removeDisconnectedConnectorId(connectorId: string) {
      write(
        storageKeys.disconnectedConnectorIds,
        this.getDisconnectedConnectorIds().filter((id) => id !== connectorId),
      )
    },

    /** Recent wallets, newest first, at most {@link recentWalletsLimit} (spec §4, §9). */
    getRecentWallets: (): RecentWallet[] => (read(storageKeys.recentWallets, v.array(recentWalletSchema)) ?? []).slice(0, recentWalletsLimit),
    addRecentWallet(wallet: RecentWallet) {
      const rest = this.getRecentWallets().filter((w) => w.id !== wallet.id)
      write(storageKeys.recentWallets, [wallet, ...rest].slice(0, recentWalletsLimit))
    },

    /**
     * The preferred account type of each namespace that has one stored (spec §3 `preferred_account_types`, §6 "preferred
     * type stored per chain"): `{ eip155: 'eoa' }`. A value that is not an account type of its namespace is dropped
     * (and the key rewritten without it); a malformed key reads as `{}` and is removed.
     */
    getPreferredAccountTypes(): Partial<Record<string, AccountType>> {
      const all = read(storageKeys.preferredAccountTypes, v.record(v.string(), v.unknown()))
      if (!all) return {}
      const kept: Partial<Record<string, AccountType>> = {}
      for (const [namespace, type] of Object.entries(all)) {
        const parsed = v.safeParse(accountTypeSchema, type)
        if (parsed.success && accountTypesByNamespace[namespace]?.includes(parsed.output)) kept[namespace] = parsed.output
      }
      if (Object.keys(kept).length === 0) remove(storageKeys.preferredAccountTypes)
      else if (Object.keys(kept).length !== Object.keys(all).length) write(storageKeys.preferredAccountTypes, kept)
      return kept
    },
    /**
     * The namespace's preferred account type: the stored one, else `defaults` (the dapp's `defaultAccountTypes` option),
     * else the default of spec §4 ({@link defaultAccountTypes}), else `eoa`.
     * @example
     * storage.getPreferredAccountType('eip155') // 'smartAccount' until another is stored
     */
    getPreferredAccountType(namespace: string, defaults: Readonly<Partial<Record<string, AccountType>>> = defaultAccountTypes): AccountType {
      return this.getPreferredAccountTypes()[namespace] ?? defaults[namespace] ?? defaultAccountTypes[namespace] ?? 'eoa'
    },
    /**
     * Stores the namespace's preferred account type (spec §6; what a switch to or from a smart account records).
     * @throws TypeError for a type the namespace does not have (`payment` on eip155, `smartAccount` on bip122).
     */
    setPreferredAccountType(namespace: string, type: AccountType) {
      if (!(accountTypesByNamespace[namespace] ?? ['eoa', 'smartAccount']).includes(type)) {
        throw new TypeError(`Invalid account type "${type}" for the ${namespace} namespace`)
      }
      write(storageKeys.preferredAccountTypes, { ...this.getPreferredAccountTypes(), [namespace]: type })
    },

    /**
     * The EVM chain ids where the embedded wallet has smart accounts, as its frame last reported them (spec §3 network
     * enabling `smartAccountEnabledNetworks`, stored). Undefined when none were stored; a malformed value (not a list
     * of positive integers) reads as undefined and is removed.
     */
    getSmartAccountEnabledNetworks: (): number[] | undefined => read(storageKeys.smartAccountEnabledNetworks, smartAccountEnabledNetworksSchema),
    /** Stores the frame's smart-account-enabled networks (each id once, in the frame's order). */
    setSmartAccountEnabledNetworks: (chainIds: readonly number[]) => write(storageKeys.smartAccountEnabledNetworks, [...new Set(chainIds)]),

    /** The wallet link last opened on a phone (spec §3 deep-link choice): `{ href, name }`; malformed values read as none. */
    /** The key of the payment kept under way (`pending_payment`), or none: the whole record is read by the pay feature. */
    getPendingPaymentKey: () => read(storageKeys.pendingPayment, v.object({ key: v.pipe(v.string(), v.minLength(1)) }))?.key,
    getDeepLinkChoice: () => read(storageKeys.deepLinkChoice, v.object({ href: v.string(), name: v.string() })),
    setDeepLinkChoice: (choice: { href: string; name: string }) => write(storageKeys.deepLinkChoice, { href: choice.href, name: choice.name }),
    removeDeepLinkChoice: () => remove(storageKeys.deepLinkChoice),

    setWallet(info: { id: string; name: string }) {
      write(storageKeys.walletId, info.id)
      write(storageKeys.walletName, info.name)
    },
    clearWallet() {
      remove(storageKeys.walletId)
      remove(storageKeys.walletName)
    },
  }
}

/**
 * The stored connections per namespace (spec §3) read entry by entry: a malformed connection (no connector id, accounts
 * not a list, none of its accounts valid) or account is dropped alone, the rest kept; a namespace whose value is not a
 * list is dropped. `dropped` says whether anything was. Shared by the storage reads and the other tabs' changes.
 *
 * @example readStoredConnections({ eip155: [{ connectorId: 42 }, { connectorId: 'w', accounts: [{ address: '0xa' }] }] })
 * // { connections: { eip155: [{ connectorId: 'w', accounts: [{ address: '0xa' }] }] }, dropped: true }
 */
export function readStoredConnections(all: Record<string, unknown>): { connections: StoredConnections; dropped: boolean } {
  const kept: Record<string, StoredConnection[]> = {}
  let dropped = false
  for (const [namespace, list] of Object.entries(all)) {
    if (!Array.isArray(list)) {
      dropped = true
      continue
    }
    const connections: StoredConnection[] = []
    for (const raw of list) {
      const entry = v.safeParse(connectionEntrySchema, raw)
      const accounts = entry.success ? entry.output.accounts.flatMap((a) => (v.is(accountSchema, a) ? [{ address: a.address }] : [])) : []
      if (entry.success && accounts.length) connections.push({ connectorId: entry.output.connectorId, accounts })
      if (!entry.success || !accounts.length || accounts.length !== entry.output.accounts.length) dropped = true
    }
    kept[namespace] = connections
  }
  return { connections: kept, dropped }
}

function dedupeAccounts(accounts: readonly { address: string }[]): { address: string }[] {
  const seen = new Set<string>()
  const out: { address: string }[] = []
  for (const a of accounts) {
    const key = a.address.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ address: a.address })
  }
  return out
}

/**
 * Derives a connector's status for a namespace (spec §4): `connected` when it is the namespace's active
 * connector, `active` when any stored connection has it, else `disconnected`.
 */
export function connectorStatus(connectorId: string, namespace: string, activeConnectorId: string | undefined, connections: StoredConnections): 'connected' | 'active' | 'disconnected' {
  if (activeConnectorId === connectorId) return 'connected'
  if ((connections[namespace] ?? []).some((c) => c.connectorId === connectorId)) return 'active'
  return 'disconnected'
}
