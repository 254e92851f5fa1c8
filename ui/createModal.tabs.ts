import { fromCallback, type EventObject } from 'xstate'
import type { TabsEvent } from '../machines/root.tabs.ts'
import type { ModalStorage } from '../services/storage.ts'
import { watchOtherTabs, type StorageEventTarget, type TabChange } from '../services/tabSync.ts'

/** A change another tab stored, as the root's event (machines/root.tabs.ts). */
export function tabsEventOf(change: TabChange): TabsEvent {
  switch (change.type) {
    case 'connected':
      return { type: 'tabs.connected', namespace: change.namespace, connectorId: change.connectorId }
    case 'disconnected':
      return { type: 'tabs.disconnected', namespace: change.namespace }
    case 'account':
      return { type: 'tabs.accountChanged', namespace: change.namespace, connectorId: change.connectorId, address: change.address }
    case 'network':
      return { type: 'tabs.networkChanged', caipNetworkId: change.caipNetworkId }
  }
}

export type OtherTabsActorParameters = {
  /** `enableReconnect` (spec §4): a restore is what applies another tab's connection; off, no tab is heard. */
  enabled: boolean
  /** This instance's storage (reads the connected connector of a namespace whose accounts changed). */
  storage: Pick<ModalStorage, 'getConnectedConnectorId'>
  /**
   * The `storage` option, if any: its events are heard (a storage of the dapp's own fires none in a browser; tests
   * dispatch them); default the window's `localStorage`.
   */
  ownStorage?: unknown
  /** The window (default `globalThis`). */
  target?: (Partial<StorageEventTarget> & { localStorage?: unknown }) | undefined
}

/**
 * The root's `watchTabs` actor (tabs agree, spec §4): listens for what the other tabs of the site store in this
 * instance's storage (`storage` events, validated by `services/tabSync.ts`) and sends each change to the root as a
 * `tabs.*` event. Only events of this instance's storage area and key prefix count. One listener per modal instance,
 * removed when the root stops; nothing without a window, with storage disabled, or with reconnect off.
 *
 * @example rootMachine.provide({ actors: { watchTabs: otherTabsActor({ enabled: true, storage }) } })
 */
export function otherTabsActor({ enabled, storage, ownStorage, target = globalThis as OtherTabsActorParameters['target'] }: OtherTabsActorParameters) {
  return fromCallback<EventObject>(({ sendBack }) => {
    let area: unknown = ownStorage
    try {
      area ??= target?.localStorage
    } catch {
      return // storage disabled (sandboxed frames, blocked cookies)
    }
    if (!enabled || !area || typeof target?.addEventListener !== 'function') return
    return watchOtherTabs({ target: target as StorageEventTarget, storage, storageArea: area, onChange: (change) => sendBack(tabsEventOf(change)) })
  })
}
