import { enqueueActions, fromCallback, type ActorRefFrom, type AnyActorRef, type EventObject } from 'xstate'
import type { CaipNetwork, ChainNamespace } from '../adapters/networks.ts'
import type { connectionMachine, ConnectionStatus } from './connection.ts'
import type { networkMachine } from './network.ts'

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

/** The queue these actions use, typed by hand (XState's inference gives up on the root's size). */
type Queue = { sendTo<E extends EventObject>(actor: AnyActorRef, event: E): void }
/**
 * The part of the root's context these actions read: its connections and what they last told it, its network actor and
 * the networks it last told, the active namespace.
 */
type TabsContext = {
  connections: Partial<Record<ChainNamespace, ActorRefFrom<typeof connectionMachine>>>
  wallets: Partial<Record<ChainNamespace, { status: ConnectionStatus; connectorId?: string | undefined; chainId?: number | string | undefined }>>
  network: ActorRefFrom<typeof networkMachine>
  caipNetworks: readonly CaipNetwork[]
  activeNamespace: ChainNamespace
}
type Args = { context: TabsContext; event: EventObject | TabsEvent; enqueue: Queue }

/** The connection actor of a namespace this modal has, if any. */
const connectionOf = (context: TabsContext, namespace: string) => Object.entries(context.connections).find(([ns]) => ns === namespace)?.[1]
/** What the connection of a namespace last told the root. */
const recordOf = (context: TabsContext, namespace: string) => Object.entries(context.wallets).find(([ns]) => ns === namespace)?.[1]

/** The event is the tabs event of that type (the root calls each action for its own event only). */
function isTabsEvent<T extends TabsEvent['type']>(event: EventObject | TabsEvent, type: T): event is Extract<TabsEvent, { type: T }> {
  return event.type === type
}

/**
 * The default `watchTabs`: no other tab is heard (tests, server rendering, reconnect disabled). The assembly provides
 * the listener. It never ends: a listener, not a wait.
 */
export const noOtherTabs = fromCallback<EventObject>(() => {})

/** The root's actions for {@link TabsEvent}s, spread into its `setup({ actions })`. */
export const tabsActions = {
  /** Another tab connected a namespace: this tab restores it, silently (`connection.restore`; ignored unless disconnected). */
  restoreFromOtherTab: enqueueActions(({ context, event, enqueue }: Args) => {
    if (!isTabsEvent(event, 'tabs.connected')) return
    const connection = connectionOf(context, event.namespace)
    if (connection) enqueue.sendTo(connection, { type: 'connection.restore', connectorId: event.connectorId })
  }) as never,
  /** Another tab's connection of a namespace ended: this tab's ends too (`connection.endedElsewhere`). */
  endFromOtherTab: enqueueActions(({ context, event, enqueue }: Args) => {
    if (!isTabsEvent(event, 'tabs.disconnected')) return
    const connection = connectionOf(context, event.namespace)
    if (connection) enqueue.sendTo(connection, { type: 'connection.endedElsewhere' })
  }) as never,
  /** Another tab's wallet changed account: followed as the wallet's own account change, when this tab has that wallet. */
  followOtherTabAccount: enqueueActions(({ context, event, enqueue }: Args) => {
    if (!isTabsEvent(event, 'tabs.accountChanged')) return
    const connection = connectionOf(context, event.namespace)
    if (!connection || recordOf(context, event.namespace)?.connectorId !== event.connectorId) return
    enqueue.sendTo(connection, { type: 'connection.accountsChanged', accounts: [event.address] })
  }) as never,
  /**
   * Another tab changed the active network: connected in its namespace, followed as the wallet's chain change (the
   * wallet is the browser's, already there); not connected, in the active namespace, chosen as the visitor would with
   * nothing connected. A network this modal does not configure, or another namespace's, is left alone.
   */
  followOtherTabNetwork: enqueueActions(({ context, event, enqueue }: Args) => {
    if (!isTabsEvent(event, 'tabs.networkChanged')) return
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
  }) as never,
}
