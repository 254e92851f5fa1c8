import type { RootContext } from './root.context.ts'
import { rootSetup } from './root.setup.ts'

/**
 * Tabs agree (spec §4 connection storage): what another tab of the site stored, as the root hears it from its
 * `watchTabs` actor (the assembly's listener of `storage` events, `services/tabSync.ts`; machines never touch the
 * window). Each is applied through this tab's own paths, never by copying state: a stored connection through the silent
 * restore, an ended one through the connection's end (the wallet is not asked again), an account through the wallet's
 * account-change path, a network through the wallet's chain-change path (connected) or the plain network choice (not
 * connected). A change this tab already holds is a no-op in those paths, and storing the same value again fires no
 * `storage` event in the other tabs: nothing echoes.
 */
export type TabsEvent =
  | { type: 'tabs.connected'; namespace: string; connectorId: string }
  | { type: 'tabs.disconnected'; namespace: string }
  | { type: 'tabs.accountChanged'; namespace: string; connectorId: string; address: string }
  | { type: 'tabs.networkChanged'; caipNetworkId: string }

/** The connection actor of a namespace this modal has, if any. */
const connectionOf = (context: RootContext, namespace: string) => Object.entries(context.connections).find(([ns]) => ns === namespace)?.[1]
/** What the connection of a namespace last told the root. */
const recordOf = (context: RootContext, namespace: string) => Object.entries(context.wallets).find(([ns]) => ns === namespace)?.[1]

/** The root's actions for {@link TabsEvent}s, spread into its `setup({ actions })`. */
export const tabsActions = {
  /** Another tab connected a namespace: this tab restores it, silently (`connection.restore`; ignored unless disconnected). */
  restoreFromOtherTab: rootSetup.enqueueActions(({ context, event, enqueue }) => {
    if (event.type !== 'tabs.connected') return
    const connection = connectionOf(context, event.namespace)
    if (connection) enqueue.sendTo(connection, { type: 'connection.restore', connectorId: event.connectorId })
  }),
  /** Another tab's connection of a namespace ended: this tab's ends too (`connection.endedElsewhere`). */
  endFromOtherTab: rootSetup.enqueueActions(({ context, event, enqueue }) => {
    if (event.type !== 'tabs.disconnected') return
    const connection = connectionOf(context, event.namespace)
    if (connection) enqueue.sendTo(connection, { type: 'connection.endedElsewhere' })
  }),
  /** Another tab's wallet changed account: followed as the wallet's own account change, when this tab has that wallet. */
  followOtherTabAccount: rootSetup.enqueueActions(({ context, event, enqueue }) => {
    if (event.type !== 'tabs.accountChanged') return
    const connection = connectionOf(context, event.namespace)
    if (!connection || recordOf(context, event.namespace)?.connectorId !== event.connectorId) return
    enqueue.sendTo(connection, { type: 'connection.accountsChanged', accounts: [event.address] })
  }),
  /**
   * Another tab changed the active network: connected in its namespace, followed as the wallet's chain change (the
   * wallet is the browser's, already there); not connected, in the active namespace, chosen as the visitor would with
   * nothing connected. A network this modal does not configure, or another namespace's, is left alone.
   */
  followOtherTabNetwork: rootSetup.enqueueActions(({ context, event, enqueue }) => {
    if (event.type !== 'tabs.networkChanged') return
    const { caipNetworkId } = event
    const network = context.caipNetworks.find((n) => n.caipNetworkId === caipNetworkId)
    const connection = network && connectionOf(context, network.chainNamespace)
    if (!network || !connection) return
    const wallet = recordOf(context, network.chainNamespace)
    if (wallet?.status === 'connected') {
      if (String(wallet.chainId) === String(network.id)) return
      enqueue.sendTo(connection, { type: 'connection.chainChanged', chainId: network.id })
    } else if (network.chainNamespace === context.activeNamespace) {
      enqueue.sendTo(context.network, { type: 'network.switch', caipNetworkId })
    }
  }),
}
