/**
 * What one modal instance keeps in storage as the root actor moves (spec §3 storage keys, §4 "Connection
 * persistence"): the connected connector and its account per namespace, the connection status, the active namespace
 * and network, the wallet, the recent wallets, the deep-link choice. The root machine names these actions; the core
 * provides them with this instance's storage.
 */
import { toRecentWallet, type RootContext, type RootEvent } from '../../machines/root.ts'
import type { ModalStorage } from '../../services/storage.ts'

/** One named action of the root machine as `rootMachine.provide({ actions })` takes it. */
export type RootActionImplementation = (args: { context: RootContext; event: RootEvent }) => void

/** The root machine's storage actions. */
export type PersistenceActions = Record<
  'persistConnection' | 'persistAccount' | 'forgetConnection' | 'dropStoredConnections' | 'persistDeepLinkChoice' | 'persistActiveNamespace' | 'persistNetwork',
  RootActionImplementation
>

/** A connection's accounts as stored: the selected one first (a reload restores it), then the others the wallet gave. */
function selectedFirst(event: { address: string; accounts?: readonly string[] | undefined }): { address: string }[] {
  return [event.address, ...(event.accounts ?? []).filter((a) => a.toLowerCase() !== event.address.toLowerCase())].map((address) => ({ address }))
}

/**
 * The root machine's storage actions on `storage`. A connection of a namespace that is not the active one (restored
 * in the background) writes only its own keys: the status, the active namespace and the wallet stored are the active
 * namespace's (spec §3).
 * @example rootMachine.provide({ actions: { ...persistenceActions(storage) } })
 */
export function persistenceActions(storage: ModalStorage): PersistenceActions {
  return {
    persistConnection: ({ context, event }) => {
      if (event.type !== 'connection.connected') return
      storage.setConnectedConnectorId(event.namespace, event.connectorId)
      storage.addConnection(event.namespace, event.connectorId, selectedFirst(event))
      storage.addConnectedNamespace(event.namespace)
      storage.removeDisconnectedConnectorId(event.connectorId)
      if (event.namespace !== context.activeNamespace) return
      storage.setConnectionStatus('connected')
      storage.setActiveNamespace(event.namespace)
      const connector = context.connectors.find((c) => c.id === event.connectorId)
      if (connector) {
        storage.setWallet({ id: connector.id, name: connector.name })
        if (!event.restored) storage.addRecentWallet(toRecentWallet(connector))
      }
    },
    persistAccount: ({ event }) => {
      if (event.type === 'connection.accountChanged') storage.addConnection(event.namespace, event.connectorId, selectedFirst(event))
    },
    forgetConnection: ({ context, event }) => {
      if (event.type !== 'connection.disconnected') return
      storage.removeConnectedConnectorId(event.namespace)
      storage.removeConnectedNamespace(event.namespace)
      if (event.connectorId) {
        storage.removeConnection(event.namespace, event.connectorId)
        if (event.reason === 'user' || event.reason === 'removed') storage.addDisconnectedConnectorId(event.connectorId)
      }
      // A wallet of another namespace leaving does not touch the active namespace's status and wallet (spec §3).
      if (event.namespace !== context.activeNamespace) return
      storage.setConnectionStatus('disconnected')
      storage.clearWallet()
    },
    dropStoredConnections: () => storage.clearConnections(),
    persistDeepLinkChoice: ({ event }) => {
      if (event.type === 'app.openedWalletLink') storage.setDeepLinkChoice({ href: event.href, name: event.name })
    },
    persistActiveNamespace: ({ context }) => storage.setActiveNamespace(context.activeNamespace),
    persistNetwork: ({ event }) => {
      if (event.type === 'network.changed') storage.setActiveNetworkId(event.caipNetworkId)
    },
  }
}
