import { assign, sendTo } from 'xstate'
import type { ChainNamespace } from '../adapters/networks.ts'
import type { Connector } from '../adapters/types.ts'
import type { ErrorSummary } from '../adapters/errors.ts'
import { recentWalletsLimit, type RecentWallet } from '../services/storage.ts'
import { messageOf } from './messages.ts'
import { currentView, isConnected, namespaceOf, recordWallet, walletOf } from './root.context.ts'
import { featureActions, heldOpening } from './root.features.ts'
import { rootGuarded } from './root.guards.ts'
import { rootSetup } from './root.setup.ts'
import { tabsActions } from './root.tabs.ts'
import type { ViewData, ViewName } from './views.ts'

/** The recent-wallet entry of a connector (spec §3 storage: recent wallets). */
export function toRecentWallet(c: Connector): RecentWallet {
  return { id: c.id, name: c.name, ...(c.imageUrl ? { imageUrl: c.imageUrl } : {}), ...(c.info?.rdns ? { rdns: c.info.rdns } : {}) }
}
/**
 * The root's actions (the chart is machines/root.ts): messages to its children, the assigns of its own context, and the
 * side effects provided at assembly (no-ops here).
 */
export const rootImplementations = rootGuarded.extend({
  actions: {
    ...tabsActions,
    /** `open({ view, data })`: the view asked for, with its data (params: {@link requested}). */
    resetToRequested: sendTo(
      ({ context }) => context.router,
      (_, params: { view: ViewName; data?: ViewData | undefined }) => ({ type: 'router.reset' as const, view: params.view, ...(params.data ? { data: params.data } : {}) }),
    ),
    resetTo: sendTo(
      ({ context }) => context.router,
      (_, params: { view: ViewName }) => ({ type: 'router.reset' as const, view: params.view }),
    ),
    /** The view of the feature holding the opening. */
    resetToHeldView: sendTo(
      ({ context }) => context.router,
      ({ context }) => ({ type: 'router.reset' as const, view: heldOpening(context)!.opensOn!.view }),
    ),
    openModal: sendTo(({ context }) => context.modal, { type: 'modal.open' }),
    closeModal: sendTo(({ context }) => context.modal, { type: 'modal.close' }),
    markLoaded: sendTo(({ context }) => context.modal, { type: 'modal.loaded' }),
    pushConnecting: sendTo(
      ({ context }) => context.router,
      (_, params: { connectorId: string }) => ({ type: 'router.push' as const, view: 'ConnectingExternal' as const, data: { connectorId: params.connectorId } }),
    ),
    pushSwitchNetwork: sendTo(
      ({ context }) => context.router,
      (_, params: { caipNetworkId: string }) => ({ type: 'router.push' as const, view: 'SwitchNetwork' as const, data: { caipNetworkId: params.caipNetworkId } }),
    ),
    replaceWith: sendTo(
      ({ context }) => context.router,
      (_, params: { view: ViewName }) => ({ type: 'router.replace' as const, view: params.view }),
    ),
    pushView: sendTo(
      ({ context }) => context.router,
      (_, params: { view: ViewName; data?: ViewData | undefined }) => ({ type: 'router.push' as const, view: params.view, ...(params.data ? { data: params.data } : {}) }),
    ),
    goBack: sendTo(
      ({ context }) => context.router,
      ({ context }) => ({ type: 'router.back' as const, isConnected: isConnected(context) }),
    ),
    requestConnection: sendTo(
      ({ context }) => context.connection,
      (_, params: { connectorId: string }) => ({ type: 'connection.request' as const, connectorId: params.connectorId }),
    ),
    cancelConnection: sendTo(({ context }) => context.connection, { type: 'connection.cancel' }),
    pushSwitchActiveChain: sendTo(
      ({ context }) => context.router,
      (_, params: { caipNetworkId: string }) => ({ type: 'router.push' as const, view: 'SwitchActiveChain' as const, data: { caipNetworkId: params.caipNetworkId } }),
    ),
    /** The namespace of the picked network becomes active; `connection` follows (spec §3, §4). */
    setActiveNamespace: assign(({ context }, params: { caipNetworkId: string }) => {
      const ns = namespaceOf(context, params.caipNetworkId)
      if (!ns || !context.connections[ns]) return {}
      return { activeNamespace: ns, connection: context.connections[ns]! }
    }),
    /**
     * The event's network becomes active in the namespace just made active: its wallet, when connected on another
     * chain of that namespace, is asked to switch (spec §4: same namespace with an address switches via the adapter);
     * otherwise the network is just set.
     */
    setNetworkFromEvent: sendTo(
      ({ context }) => context.network,
      ({ context }, { caipNetworkId }: { caipNetworkId: string }) => {
        const c = walletOf(context, context.activeNamespace)
        const onOtherChain = c?.status === 'connected' && `${context.activeNamespace}:${c.chainId}` !== caipNetworkId
        return { type: 'network.switch' as const, caipNetworkId, ...(onOtherChain ? { connectorId: c.connectorId } : {}) }
      },
    ),
    /**
     * After a namespace switch picked in SwitchNetwork: Account when that namespace is connected, else the list is
     * left as when nothing is connected (back, or closed at the last entry).
     */
    leaveNetworkList: rootSetup.enqueueActions(({ context, enqueue }) => {
      if (currentView(context) !== 'SwitchNetwork') return
      if (isConnected(context)) enqueue.sendTo(context.router, { type: 'router.reset', view: 'Account' })
      else enqueue.sendTo(context.router, { type: 'router.back', isConnected: false })
    }),
    disconnect: sendTo(({ context }) => context.connection, { type: 'connection.disconnect' }),
    /**
     * The auth connector connected in one namespace: each other namespace it serves that has no wallet connects it too
     * (spec §4, §6; {@link RootOptions.authConnector}). Nothing for any other connector.
     */
    connectAuthElsewhere: rootSetup.enqueueActions(({ context, event, enqueue }) => {
      const auth = context.options.authConnector
      if (!auth || event.type !== 'connection.connected' || event.connectorId !== auth.id) return
      for (const ns of auth.namespaces) {
        const target = ns === event.namespace ? undefined : context.connections[ns]
        if (!target) continue
        const status = walletOf(context, ns)?.status
        if (status === 'connected' || status === 'connecting') continue
        enqueue.sendTo(target, { type: 'connection.request', connectorId: auth.id })
      }
    }),
    switchNetwork: sendTo(
      ({ context }) => context.network,
      ({ context }, params: { caipNetworkId: string }) => ({
        type: 'network.switch' as const,
        caipNetworkId: params.caipNetworkId,
        connectorId: isConnected(context) ? walletOf(context, context.activeNamespace)?.connectorId : undefined,
      }),
    ),
    /**
     * The visitor left the view that waits for the wallet's switch (SwitchNetwork's Back, closing the modal): the
     * pending switch is given up. The network machine ignores it when nothing is pending.
     */
    cancelNetworkSwitch: sendTo(({ context }) => context.network, { type: 'network.cancel' }),
    /** The wallet's chain (params: {@link walletChain}), read in the wallet's namespace (an unfiltered one accepts any chain, spec §4). */
    forwardWalletChain: sendTo(
      ({ context }) => context.network,
      (_, params: { chainId: number | string; namespace?: ChainNamespace | undefined }) => ({ type: 'network.walletChainChanged' as const, chainId: params.chainId, namespace: params.namespace }),
    ),
    forwardWalletDisconnected: sendTo(({ context }) => context.network, { type: 'network.walletDisconnected' }),
    clearTransactions: sendTo(({ context }) => context.router, { type: 'router.clearTransactions' }),
    notifyStackFull: sendTo(({ context }) => context.toast, { type: 'toast.show', variant: 'error', message: messageOf('transactionStackFull') }),
    /** The resolved feature set changed (`feature.flags`): the root's `flags` (and basic mode when said). */
    /** The resolved feature set changed: every namespace's connection follows its multi-wallet flag (spec §6). */
    configureConnections: rootSetup.enqueueActions(({ context, enqueue }) => {
      for (const ref of Object.values(context.connections)) if (ref) enqueue.sendTo(ref, { type: 'connection.configure', multiWallet: context.flags.multiWallet })
    }),
    setFlags: assign(({ context, event }) => (event.type === 'feature.flags' ? { flags: event.features, ...(event.basic !== undefined ? { basic: event.basic } : {}) } : { flags: context.flags })),
    ...featureActions,
    toastFeatureLoadFailed: sendTo(({ context }) => context.toast, { type: 'toast.show', variant: 'error', message: messageOf('featureLoadFailed') }),
    notify: sendTo(
      ({ context }) => context.toast,
      (_, params: { variant: 'loading' | 'success' | 'error'; message: string }) => ({ type: 'toast.show' as const, variant: params.variant, message: params.message }),
    ),
    /** A failure as an error toast (params: the failure's summary). */
    toastError: sendTo(
      ({ context }) => context.toast,
      (_, params: { error: ErrorSummary }) => ({ type: 'toast.show' as const, variant: 'error' as const, message: messageOf('failure', params.error) }),
    ),
    /** A connection's report (`connection.status`, `.connected`, `.accountChanged`, `.chainChanged`, `.disconnected`). */
    recordWallet: assign({ wallets: ({ context, event }) => recordWallet(context.wallets, event) }),
    /** The network actor's report of the wallet's chain (`network.status`). */
    recordSupport: assign({ unsupported: ({ context, event }) => (event.type === 'network.status' ? event.unsupported : context.unsupported) }),
    /** The network actor's list after an add or a remove (`network.listChanged`). */
    recordNetworks: assign({ caipNetworks: ({ context, event }) => (event.type === 'network.listChanged' ? event.networks : context.caipNetworks) }),
    /** A feature's tags as its relay reported them (`feature.tags`). */
    recordFeatureTags: assign({ featureTags: ({ context, event }) => (event.type === 'feature.tags' ? { ...context.featureTags, [event.feature]: event.tags } : context.featureTags) }),
    /** The router's current view, as it reported it. */
    setView: assign({ view: ({ context, event }) => (event.type === 'router.changed' ? event.view : context.view) }),
    setConnectors: assign({
      connectors: ({ context, event }) => (event.type === 'connectors.changed' ? event.connectors : context.connectors),
    }),
    rememberRecentWallet: assign({
      recentWallets: ({ context, event }) => {
        if (event.type !== 'connection.connected') return context.recentWallets
        const c = context.connectors.find((x) => x.id === event.connectorId)
        if (!c) return context.recentWallets
        return [toRecentWallet(c), ...context.recentWallets.filter((w) => w.id !== c.id)].slice(0, recentWalletsLimit)
      },
    }),
    // Provided at assembly (storage, logging); no-ops here keep the machine pure and testable.
    persistConnection: () => {},
    persistAccount: () => {},
    forgetConnection: () => {},
    dropStoredConnections: () => {},
    persistNetwork: () => {},
    persistActiveNamespace: () => {},
    persistDeepLinkChoice: () => {},
    reportNetworkNotFound: () => {},
    showAlert: () => {},
    trackOpen: () => {},
    trackConnected: () => {},
    track: () => {},
    reportError: () => {},
  },
})
