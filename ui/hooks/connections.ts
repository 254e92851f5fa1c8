import { useMemo, useSyncExternalStore } from 'react'
import type { ChainNamespace } from '../../adapters/networks.ts'
import type { ConnectionView } from '../../machines/multiWallet.connect.ts'
import { useModalInstance } from '../context.ts'
import type { DeleteConnectionParameters, SwitchConnectionParameters } from '../core/connectionCommands.ts'

/** What {@link useConnections} returns. */
export type UseConnectionsReturnType = {
  /** The held connections of the namespace, the active one first, then by last use (`[]`: none, or multi-wallet off). */
  connections: readonly ConnectionView[]
  /** The active one (undefined: disconnected, or multi-wallet off). */
  activeConnection: ConnectionView | undefined
  /** A switch is under way: `activeConnection` is the chosen one, its wallet being restored. */
  isSwitching: boolean
  /** `modal.switchConnection`: throws `ConnectionNotFoundError` for an id (or address) not held; nothing when off. */
  switchConnection: (args: SwitchConnectionParameters) => void
  /** `modal.deleteConnection`: throws `ConnectionNotFoundError` for an id not held; nothing when off. */
  deleteConnection: (args: DeleteConnectionParameters) => void
}

const none: readonly ConnectionView[] = []

/**
 * The visitor's wallet connections (multi-wallet, spec §6; `features.multiWallet` on): those of the active namespace
 * (the public state's `connections`), or of `namespace`, with the switch and the removal. Re-renders on every change.
 * With multi-wallet off: no connections, and the two calls do nothing (spec §6: the 'Multi-Wallet Not Enabled' alert
 * in debug mode).
 * @example
 * const { connections, switchConnection } = useConnections()
 * return connections.map((c) => <button key={c.id} aria-pressed={c.active} onClick={() => switchConnection({ connectionId: c.id })}>{c.address}</button>)
 */
export function useConnections(namespace?: ChainNamespace): UseConnectionsReturnType {
  const modal = useModalInstance()
  const state = useSyncExternalStore(modal.subscribe, modal.getState, modal.getState)
  const ofState = state.connections
  const listed = namespace && namespace !== state.activeNamespace ? undefined : ofState
  return useMemo(() => {
    const connections = listed ? listed.connections : namespace && state.features.multiWallet ? (modal.getConnections(namespace) ?? none) : none
    return {
      connections,
      activeConnection: connections.find((c) => c.active),
      isSwitching: listed?.isSwitching ?? false,
      switchConnection: modal.switchConnection,
      deleteConnection: modal.deleteConnection,
    }
  }, [listed, namespace, state, modal])
}

/**
 * The active wallet connection of the active namespace (or of `namespace`), undefined while disconnected or with
 * multi-wallet off (spec §6).
 * @example const active = useActiveWalletConnection(); active?.connectorId // 'io.metamask'
 */
export function useActiveWalletConnection(namespace?: ChainNamespace): ConnectionView | undefined {
  return useConnections(namespace).activeConnection
}
