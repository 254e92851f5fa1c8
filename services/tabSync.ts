import * as v from 'valibot'
import { readStoredConnections, storageKeys, storagePrefix, type ModalStorage } from './storage.ts'

/**
 * Tabs agree (spec §3 storage, §4 connection storage): what another tab of the site stored about its connections,
 * read from the `storage` events the browser fires in every other tab of the origin when a key changes. A tab writing
 * the value it already holds fires nothing, so a tab that applies a change and stores the same value does not echo it.
 * Every value is validated (valibot, as storage reads are); junk is ignored and nothing is removed for it; in the stored
 * connections a malformed entry is passed over alone.
 */

/** A change another tab stored, as this tab applies it. */
export type TabChange =
  /** A namespace's connected connector was stored: restore it here (the restore path, no prompt). */
  | { type: 'connected'; namespace: string; connectorId: string }
  /** A namespace's connected connector was removed: the connection ended there. */
  | { type: 'disconnected'; namespace: string }
  /** The current account of a namespace's connected connector (the first stored account). */
  | { type: 'account'; namespace: string; connectorId: string; address: string }
  /** The active network (CAIP-2 id). */
  | { type: 'network'; caipNetworkId: string }

/** What is read of a `storage` event (`StorageEvent` fits). */
export type StorageChangeEvent = { key: string | null; newValue: string | null; storageArea?: unknown }

const connectorIdSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(256))
const namespaceSchema = v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}$/))
/** CAIP-2: namespace, colon, reference (spec §3). */
const caipNetworkIdSchema = v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,64}$/))

/** The JSON of a stored value checked against `schema`; undefined for junk (bad JSON, wrong shape). */
function parse<S extends v.GenericSchema>(raw: string, schema: S): v.InferOutput<S> | undefined {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return undefined
  }
  const result = v.safeParse(schema, value)
  return result.success ? result.output : undefined
}

export type ReadTabChangesParameters = {
  /** The storage event. */
  event: StorageChangeEvent
  /** This instance's storage, to read the connected connector of a namespace whose accounts changed. */
  storage: Pick<ModalStorage, 'getConnectedConnectorId'>
  /** This instance's key prefix (default `@latchkey/`): another instance's keys are not its business. */
  prefix?: string | undefined
  /** The storage area this instance writes to; an event of another area (sessionStorage) is ignored. */
  storageArea?: unknown
}
export type ReadTabChangesReturnType = TabChange[]

/**
 * The changes a `storage` event carries for this modal instance, validated; junk gives none.
 * - `<ns>:connected_connector_id` set → `connected`; removed → `disconnected`;
 * - `connections` → for each namespace, the current account (the first) of its connected connector → `account`;
 * - `active_caip_network_id` set → `network` (removed: nothing);
 * - any other key, a `clear()` (key null), another prefix or another storage area → none.
 *
 * @example
 * readTabChanges({ event: { key: '@latchkey/eip155:connected_connector_id', newValue: '"io.metamask"' }, storage })
 * // [{ type: 'connected', namespace: 'eip155', connectorId: 'io.metamask' }]
 */
export function readTabChanges({ event, storage, prefix = storagePrefix, storageArea }: ReadTabChangesParameters): ReadTabChangesReturnType {
  if (storageArea !== undefined && event.storageArea !== undefined && event.storageArea !== storageArea) return []
  if (typeof event.key !== 'string' || !event.key.startsWith(prefix)) return []
  const key = event.key.slice(prefix.length)
  const connectorKey = /^([^:]+):connected_connector_id$/.exec(key)
  if (connectorKey) {
    const namespace = v.safeParse(namespaceSchema, connectorKey[1])
    if (!namespace.success) return []
    if (event.newValue === null) return [{ type: 'disconnected', namespace: namespace.output }]
    const connectorId = parse(event.newValue, connectorIdSchema)
    return connectorId === undefined ? [] : [{ type: 'connected', namespace: namespace.output, connectorId }]
  }
  if (key === storageKeys.connections) {
    const all = event.newValue === null ? undefined : parse(event.newValue, v.record(v.string(), v.unknown()))
    if (!all) return []
    const changes: TabChange[] = []
    // Entry by entry, as storage reads them: a malformed connection or account is passed over alone.
    for (const [ns, list] of Object.entries(readStoredConnections(all).connections)) {
      if (!v.is(namespaceSchema, ns)) continue
      const connectorId = storage.getConnectedConnectorId(ns)
      const address = list.find((c) => c.connectorId === connectorId)?.accounts[0]?.address
      if (connectorId && address) changes.push({ type: 'account', namespace: ns, connectorId, address })
    }
    return changes
  }
  if (key === storageKeys.activeNetworkId) {
    const caipNetworkId = event.newValue === null ? undefined : parse(event.newValue, caipNetworkIdSchema)
    return caipNetworkId === undefined ? [] : [{ type: 'network', caipNetworkId }]
  }
  return []
}

/** The window-like target the `storage` events come from. */
export type StorageEventTarget = {
  addEventListener(type: 'storage', listener: (event: StorageChangeEvent) => void): void
  removeEventListener(type: 'storage', listener: (event: StorageChangeEvent) => void): void
}

export type WatchOtherTabsParameters = Omit<ReadTabChangesParameters, 'event'> & {
  /** Where `storage` events arrive (the window). */
  target: StorageEventTarget
  /** Called once per change, in the order stored. */
  onChange: (change: TabChange) => void
}

/**
 * Listens for what the other tabs of the site store ({@link readTabChanges}) and reports each change. One listener per
 * modal instance, removed by the returned function; no module state (two modals on one page each have their own).
 * @example const stop = watchOtherTabs({ target: window, storage, storageArea: localStorage, onChange: (c) => actor.send(…) })
 */
export function watchOtherTabs({ target, onChange, ...read }: WatchOtherTabsParameters): () => void {
  const listener = (event: StorageChangeEvent) => {
    for (const change of readTabChanges({ event, ...read })) onChange(change)
  }
  target.addEventListener('storage', listener)
  return () => target.removeEventListener('storage', listener)
}
