import type { ActorRefFrom, AnyActorLogic, AnyActorRef, EventObject } from 'xstate'
import type { CaipNetwork, ChainNamespace } from '../adapters/networks.ts'
import type { Connector } from '../adapters/types.ts'
import type { RecentWallet } from '../services/storage.ts'
import type { Features } from '../services/features.ts'
import type { RemoteFeatures } from '../services/features.schema.ts'
import type { connectionMachine, ConnectionEmitted, ConnectionStatus } from './connection.ts'
import type { CommandEvent, FeatureRegistration, FeatureReport } from './features.ts'
import type { modalMachine, ModalEmitted } from './modal.ts'
import type { networkMachine, NetworkEmitted } from './network.ts'
import type { routerMachine, RouterEmitted } from './router.ts'
import type { toastMachine } from './toast.ts'
import type { TabsEvent } from './root.tabs.ts'
import type { ViewData, ViewName } from './views.ts'

/*
 * The root machine's input, context and events (machines/root.ts), and the pure reads of its context that the root
 * and its feature host (machines/root.features.ts) share.
 */

/** Options the root machine needs (a subset of the public options, already defaulted). */
export type RootOptions = {
  /** The namespace active at start (the active network's). */
  namespace: ChainNamespace
  /**
   * Every namespace the dapp configures networks and an adapter for: one connection actor each (spec §3 "Account
   * state per chain namespace"). Default `[namespace]`.
   */
  namespaces?: readonly ChainNamespace[]
  /**
   * The networks at start: the network actor's input, read nowhere else. The network actor owns the list from then on
   * (`modal.addNetwork` / `modal.removeNetwork`): read it with {@link networksOf}.
   */
  networks: readonly CaipNetwork[]
  enableReconnect: boolean
  enableNetworkSwitch: boolean
  allowUnsupportedChain: boolean
  /** Embedded mode: closing shows Account if connected (spec §2). */
  enableEmbedded: boolean
  debug: boolean
  /** WalletConnect is configured: its connector id (pairing instead of ConnectingExternal). Undefined: off. */
  walletConnectConnectorId?: string | undefined
  /**
   * Opening while disconnected goes straight to WalletConnect (spec §2): the manual-WalletConnect option, or no
   * adapter besides WalletConnect (universal-provider mode).
   */
  walletConnectFirst?: boolean | undefined
  /** A phone (spec §2: AllWallets on mobile, ConnectingWalletConnectBasic on desktop). */
  isMobile?: boolean | undefined
  /**
   * The switch confirmation is ignored (spec §2 "SwitchNetwork is pushed when confirmation is not ignored"): a network
   * switch while connected asks the wallet without pushing SwitchNetwork. Default false.
   */
  ignoreSwitchConfirmation?: boolean | undefined
  /**
   * The embedded wallet's connector (spec §3 type AUTH) and the namespaces it serves (spec §6: eip155 and solana only).
   * Connected in one of them, it connects the others that have no wallet (spec §4 "A different namespace using
   * embedded-wallet auth connects or switches through it"): a switch to Solana then finds its account; Bitcoin has none.
   */
  authConnector?: { id: string; namespaces: readonly ChainNamespace[] } | undefined
}

export type RootInput = {
  options: RootOptions
  /**
   * The features: one registration each (`machines/<feature>.feature.ts`, listed in
   * `ui/assemble/index.ts`). A feature with a `load` is imported on its first use and spawned when it resolves (events
   * meant for it wait); one with a `logic` (tests) is spawned at once.
   */
  features?: readonly FeatureRegistration[]
  /**
   * The local feature options, basic mode and the project's remote config as this browser last heard it (`remembered`,
   * `services/remoteConfigMemory.ts`): the feature set until the remote config answers (spec §6), so that the opened
   * modal's first frame already shows what the last answer decided.
   */
  featureFlags?: { local?: Partial<Features> | undefined; basic?: boolean | undefined; remembered?: { features: RemoteFeatures } | undefined }
  /** The stored connector id of the start namespace (spec §3: one key per namespace). */
  storedConnectorId?: string | undefined
  /** The stored connector ids of the other namespaces. */
  storedConnectorIds?: Partial<Record<ChainNamespace, string>>
  /** Each namespace's stored selected account of its stored connector (restored when its wallet still gives it). */
  storedAddresses?: Partial<Record<ChainNamespace, string>>
  storedActiveNetworkId?: string | undefined
  recentWallets?: readonly RecentWallet[]
}

export type RootContext = {
  options: RootOptions
  storedConnectorId: string | undefined
  connectors: readonly Connector[]
  recentWallets: readonly RecentWallet[]
  router: ActorRefFrom<typeof routerMachine>
  modal: ActorRefFrom<typeof modalMachine>
  toast: ActorRefFrom<typeof toastMachine>
  connection: ActorRefFrom<typeof connectionMachine>
  network: ActorRefFrom<typeof networkMachine>
  /** The features' registrations by id: what the root knows of each feature. */
  registry: Readonly<Record<string, FeatureRegistration>>
  /** The feature actors spawned so far, by feature id (also their systemId): none before the first use. */
  features: Readonly<Record<string, AnyActorRef | undefined>>
  /** Features whose module is being fetched. */
  loading: readonly string[]
  /** Events for a feature still being fetched, delivered in order once it is spawned. */
  pending: Readonly<Record<string, EventObject[] | undefined>>
  /**
   * The resolved feature set (spec §6, §9): the local options at creation, then the remote config's
   * resolution (`feature.flags`). Views and the public state read it here.
   */
  flags: Features
  /** Basic mode (spec §6): every remote feature off; a WalletConnect session then skips UnsupportedChain. */
  basic: boolean
  /** One connection per configured namespace (spec §3). */
  connections: Partial<Record<ChainNamespace, ActorRefFrom<typeof connectionMachine>>>
  /** The active namespace (spec §3); `connection` is its connection. */
  activeNamespace: ChainNamespace
  /** The router's current view, as it last reported it (`router.changed`). */
  view: ViewName
  /**
   * Each namespace's connection as it last told the root ({@link recordWallet}): the guards and actions read this copy,
   * never a connection's snapshot.
   */
  wallets: Partial<Record<ChainNamespace, WalletRecord>>
  /** The configured networks as the network actor last told them (`network.listChanged`; the options' at start). */
  caipNetworks: readonly CaipNetwork[]
  /** The wallet is on a chain the dapp did not configure, as the network actor last told it (`network.status`). */
  unsupported: boolean
  /** Each spawned feature's tags as its relay last reported them (`feature.tags`): busy, holding the opening. */
  featureTags: Readonly<Record<string, readonly string[] | undefined>>
}

/** A connection as the root knows it: its status (spec §4), and the connector, address and chain while connected. */
export type WalletRecord = {
  status: ConnectionStatus
  connectorId?: string | undefined
  address?: string | undefined
  /** Every account the wallet gave (the wallet's order); `address` is the selected one. */
  accounts?: readonly string[] | undefined
  chainId?: number | string | undefined
}

/** Events the UI and the public API send to the root. */
export type AppEvent =
  | { type: 'app.open'; view?: ViewName; data?: ViewData }
  | { type: 'app.close' }
  | { type: 'app.back' }
  /** Show a toast (e.g. "Address copied"). */
  | { type: 'app.notify'; variant: 'loading' | 'success' | 'error'; message: string }
  /** Navigate to a view from a gesture (e.g. the All Wallets entry). */
  | { type: 'app.push'; view: ViewName; data?: ViewData }
  | { type: 'app.selectWallet'; connectorId: string }
  | { type: 'app.disconnect' }
  | { type: 'app.selectNetwork'; caipNetworkId: string }
  | { type: 'app.viewLoaded' }
  /** A wallet link was opened on a phone: remembered as the deep-link choice (spec §3). */
  | { type: 'app.openedWalletLink'; href: string; name: string }
  /** SwitchActiveChain's button: the network of another namespace becomes active, then Connect (spec §2). */
  | { type: 'app.confirmNamespaceSwitch'; caipNetworkId: string }
  | { type: 'connectors.changed'; connectors: readonly Connector[] }
  /** A view needs a feature's machine (Account's data, Connect's catalogue): spawned, or fetched then spawned. */
  | { type: 'feature.ensure'; feature: string }
  /** A view's gesture for a feature (`send.review`, `siwx.sign`, …): the event to the feature, spawned or fetched first. */
  | { type: 'feature.deliver'; feature: string; event: CommandEvent }

/** The feature plumbing's events: a module arrived or failed, a spawned feature's tags changed. */
export type FeatureLoadEvent =
  | { type: 'feature.loaded'; feature: string; logic: AnyActorLogic }
  | { type: 'feature.loadFailed'; feature: string; error: unknown }
  /** A spawned feature's tags changed (relayed by `featureTags`): the root's copy (busy, holding the opening). */
  | { type: 'feature.tags'; feature: string; tags: readonly string[] }

/** The modal asked to open has had its first frame painted (the `firstPaint` actor): the features hear the opening. */
export type ScreenEvent = { type: 'screen.painted' }

export type RootEvent = AppEvent | FeatureLoadEvent | ScreenEvent | FeatureReport | RouterEmitted | ModalEmitted | ConnectionEmitted | NetworkEmitted | TabsEvent

/** The configured networks now, as the network actor (which owns the list) last told them. */
export function networksOf(context: Pick<RootContext, 'caipNetworks'>): readonly CaipNetwork[] {
  return context.caipNetworks
}

/** The namespace of a configured network id, if any. */
export function namespaceOf(context: Pick<RootContext, 'caipNetworks'>, caipNetworkId: string): ChainNamespace | undefined {
  return networksOf(context).find((n) => n.caipNetworkId === caipNetworkId)?.chainNamespace
}

/**
 * The configured network of the connected wallet's chain, and whether the chain is supported: configured, or in a
 * namespace with no networks (unfiltered, spec §4).
 */
export function walletNetwork(context: RootContext, namespace: ChainNamespace, chainId: number | string | undefined): { network: CaipNetwork | undefined; supported: boolean } {
  const networks = networksOf(context)
  const network = networks.find((n) => n.chainNamespace === namespace && String(n.id) === String(chainId))
  return { network, supported: Boolean(network) || !networks.some((n) => n.chainNamespace === namespace) }
}

/** The record of a namespace's connection (what it last told the root); undefined when the namespace has none. */
export function walletOf(context: Pick<RootContext, 'wallets'>, namespace: string): WalletRecord | undefined {
  return Object.entries(context.wallets).find(([ns]) => ns === namespace)?.[1]
}

/** The active namespace's connection is connected. */
export function isConnected(context: Pick<RootContext, 'wallets' | 'activeNamespace'>): boolean {
  return walletOf(context, context.activeNamespace)?.status === 'connected'
}

/**
 * The wallet records after a connection's report: `connection.status` (not connected), `connection.connected` (the
 * account), `connection.accountChanged`, `connection.chainChanged`, `connection.disconnected`. Any other event leaves
 * them as they are.
 */
export function recordWallet(wallets: RootContext['wallets'], event: RootEvent): RootContext['wallets'] {
  switch (event.type) {
    case 'connection.status':
      return { ...wallets, [event.namespace]: { status: event.status, connectorId: event.connectorId } }
    case 'connection.connected':
      return { ...wallets, [event.namespace]: { status: 'connected', connectorId: event.connectorId, address: event.address, accounts: event.accounts, chainId: event.chainId } }
    case 'connection.accountChanged':
      return { ...wallets, [event.namespace]: { ...wallets[event.namespace], status: 'connected', connectorId: event.connectorId, address: event.address, accounts: event.accounts } }
    case 'connection.chainChanged':
      return { ...wallets, [event.namespace]: { ...wallets[event.namespace], status: 'connected', chainId: event.chainId } }
    case 'connection.disconnected':
      return { ...wallets, [event.namespace]: { status: 'disconnected' } }
    default:
      return wallets
  }
}
/**
 * A basic remote-wallet session exists (spec §2 open rules): basic mode, and the active namespace is connected through
 * WalletConnect. The wallet then decides its chain itself, so opening does not show UnsupportedChain.
 */
export function hasBasicRemoteWalletSession(context: RootContext): boolean {
  const walletConnectId = context.options.walletConnectConnectorId
  return context.basic && walletConnectId !== undefined && isConnected(context) && walletOf(context, context.activeNamespace)?.connectorId === walletConnectId
}
/**
 * The auth (email/social) connector is active on a chain it supports (spec §2 "Switching network"): the active
 * namespace is connected through {@link RootOptions.authConnector}, and `caipNetworkId` is a configured network of a
 * namespace that connector serves (spec §6: eip155 and solana). False when no embedded wallet is configured.
 */
export function isAuthOnSupportedChain(context: Pick<RootContext, 'options' | 'wallets' | 'activeNamespace' | 'caipNetworks'>, caipNetworkId: string): boolean {
  const auth = context.options.authConnector
  if (!auth || !isConnected(context) || walletOf(context, context.activeNamespace)?.connectorId !== auth.id) return false
  const namespace = namespaceOf(context, caipNetworkId)
  return namespace !== undefined && auth.namespaces.includes(namespace)
}
/** The router's current view as the root last heard it (`router.changed`): the root's own copy, not a read of the router. */
export function currentView(context: RootContext): ViewName {
  return context.view
}
