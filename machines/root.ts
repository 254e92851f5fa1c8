import { assign, enqueueActions, fromCallback, sendTo, setup, stateIn, type ActorRefFrom, type AnyActorLogic, type AnyActorRef, type EventObject } from 'xstate'
import { ActorNotProvidedError } from '../kernel/errors.ts'
import type { CaipNetwork, ChainNamespace } from '../adapters/networks.ts'
import type { Connector } from '../adapters/types.ts'
import { recentWalletsLimit, type RecentWallet } from '../services/storage.ts'
import { connectionMachine, connectionStatus, type ConnectionEmitted } from './connection.ts'
import {
  isLoadedFeature,
  withLoadedHooks,
  type AccountChange,
  type CommandEvent,
  type ConnectedAccount,
  type FeatureCommand,
  type FeatureFacts,
  type FeatureRegistration,
  type FeatureReport,
  type LoadedFeature,
} from './features.ts'
import { modalMachine, type ModalEmitted } from './modal.ts'
import { networkMachine, type NetworkEmitted } from './network.ts'
import { routerMachine, type RouterEmitted } from './router.ts'
import { messageOf } from './messages.ts'
import type { ErrorSummary } from '../adapters/errors.ts'
import { resolveFeatures, type Features } from '../services/features.ts'
import { toastMachine } from './toast.ts'
import { noOtherTabs, tabsActions, type TabsEvent } from './root.tabs.ts'
import type { ViewData, ViewName } from './views.ts'

export type { AccountChange, ConnectedAccount, FeatureCommand, FeatureFacts, FeatureRegistration, FeatureReport } from './features.ts'

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
  /** The local feature options and basic mode: the feature set until the remote config resolves it (spec §6). */
  featureFlags?: { local?: Partial<Features> | undefined; basic?: boolean | undefined }
  /** The stored connector id of the start namespace (spec §3: one key per namespace). */
  storedConnectorId?: string | undefined
  /** The stored connector ids of the other namespaces. */
  storedConnectorIds?: Partial<Record<ChainNamespace, string>>
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
  /**
   * A view's gesture for a feature (`send.review`, `siwx.sign`, …): its registration's `on.gesture` decides what
   * happens (by default the event to the feature, once it is there).
   */
  | { type: 'feature.deliver'; feature: string; event: CommandEvent }

/** The feature plumbing's events: a module arrived or failed, a spawned feature emitted. */
export type FeatureLoadEvent =
  | { type: 'feature.loaded'; feature: string; logic: AnyActorLogic; on?: FeatureRegistration['on'] }
  | { type: 'feature.loadFailed'; feature: string; error: unknown }
  /** A spawned feature emitted `event` (relayed by `featureEvents`): its registration's `on.emitted` answers. */
  | { type: 'feature.emitted'; feature: string; event: EventObject }

export type RootEvent = AppEvent | FeatureLoadEvent | FeatureReport | RouterEmitted | ModalEmitted | ConnectionEmitted | NetworkEmitted | TabsEvent

/** The part of `enqueueActions`' queue these actions use, typed by hand (XState's inference gives up on a machine this size). */
type SendQueue = { sendTo<E extends EventObject>(actor: AnyActorRef, event: E): void }

/** The part of `enqueueActions`' queue the feature plumbing uses, typed by hand (see {@link SendQueue}). */
type FeatureQueue = SendQueue & {
  (action: string | { type: string; params: unknown }): void
  sendTo(to: (args: { context: RootContext }) => AnyActorRef, event: EventObject): void
  assign(update: (args: { context: RootContext; spawn: (src: unknown, options: unknown) => AnyActorRef }) => Partial<RootContext>): void
  spawnChild(src: string, options: { id: string; input: unknown }): void
  stopChild(id: string): void
  raise(event: EventObject): void
}

/** `enqueueActions` with the hand-typed queue (XState's inference gives up on a machine this size). */
function queueActions<P = undefined>(collect: (args: { context: RootContext; event: RootEvent; enqueue: FeatureQueue }, params: P) => void) {
  return enqueueActions(collect as never) as never
}

/** The connected account of the active namespace as features receive it; undefined when not connected. */
function connectedAccount(context: RootContext): ConnectedAccount | undefined {
  if (!isConnected(context)) return undefined
  const c = context.connection.getSnapshot().context
  const { network, supported } = walletNetwork(context, c.namespace, c.chainId)
  return {
    address: c.address ?? '',
    caipNetworkId: `${c.namespace}:${c.chainId}`,
    namespace: c.namespace,
    connectorId: c.connectorId ?? '',
    supported,
    testnet: network?.testnet ?? false,
  }
}

/** The feature whose views include `view`, if any. */
function holderOf(context: RootContext, view: ViewName): FeatureRegistration | undefined {
  return Object.values(context.registry).find((r) => r.views?.includes(view))
}

/** The view is a way of connecting: ConnectingExternal, or a view of a `connecting` feature (WalletConnect's QR). */
function isConnectingView(context: RootContext, view: ViewName): boolean {
  return view === 'ConnectingExternal' || holderOf(context, view)?.connecting === true
}

/** What a registration is told (see {@link FeatureFacts}), for the feature `id`. */
function factsFor(context: RootContext, id: string | undefined): FeatureFacts {
  const router = context.router.getSnapshot().context
  const toast = context.toast.getSnapshot()
  const shown = toast.hasTag('swapping') ? toast.context.next : toast.hasTag('visible') ? toast.context.current : undefined
  const self = id ? context.features[id]?.getSnapshot() : undefined
  return {
    view: context.view,
    holder: holderOf(context, context.view)?.id,
    isConnecting: isConnectingView(context, context.view),
    account: connectedAccount(context),
    flags: context.flags,
    transactions: { count: router.transactionStack.length, limit: router.transactionLimit },
    toast: shown ? { variant: shown.variant, message: shown.message } : undefined,
    self: self as FeatureFacts['self'],
  }
}

/** A feature may exist now: registered, and its flag or option on. */
function isAvailable(context: RootContext, id: string): boolean {
  const registration = context.registry[id]
  return Boolean(registration) && (registration!.available?.(factsFor(context, id)) ?? true)
}

/** Spawns a feature's machine (the loaded logic, or the registration's), its event relay, and tells it it is spawned. */
function spawnFeature(enqueue: FeatureQueue, id: string, logic: AnyActorLogic | undefined) {
  enqueue.assign(({ context, spawn }) => {
    const registration = context.registry[id]!
    const input = registration.input?.(factsFor(context, id))
    return { features: { ...context.features, [id]: spawn(logic ?? registration.logic, { id, systemId: id, input }) } }
  })
  enqueue.spawnChild('featureEvents', { id: `events.${id}`, input: { systemId: id } })
  enqueue({ type: 'featureSpawned', params: { id } })
}

/**
 * Delivers `event` to a feature. Spawned: sent. Being fetched: queued with the events already waiting for it. Neither:
 * dropped, unless `ensure` (an intent): then the feature, if available, is spawned at once (a registration's `logic`)
 * or fetched (its `load`), the event waiting for it.
 */
function deliver(enqueue: FeatureQueue, context: RootContext, id: string, event: EventObject | undefined, ensure: boolean) {
  const ref = context.features[id]
  if (ref) {
    if (event) enqueue.sendTo(ref, event)
    return
  }
  // Being fetched: whatever is meant for it waits with the rest (a Review clicked while the module loads is kept).
  if (context.loading.includes(id)) {
    if (event) enqueue.assign(({ context }) => ({ pending: { ...context.pending, [id]: [...(context.pending[id] ?? []), event] } }))
    return
  }
  if (!ensure || !isAvailable(context, id)) return
  const load = context.registry[id]!.load
  if (!load) {
    spawnFeature(enqueue, id, undefined)
    if (event) enqueue.sendTo(({ context }) => context.features[id]!, event)
    return
  }
  if (event) enqueue.assign(({ context }) => ({ pending: { ...context.pending, [id]: [...(context.pending[id] ?? []), event] } }))
  enqueue.assign(({ context }) => ({ loading: [...context.loading, id] }))
  enqueue.spawnChild('loadFeature', { id: `load.${id}`, input: { feature: id, load } })
}

/** Runs what a registration answered (see {@link FeatureCommand}), in order. */
function run(enqueue: FeatureQueue, context: RootContext, id: string, commands: readonly FeatureCommand[]) {
  for (const c of commands) {
    switch (c.to) {
      case 'self':
        deliver(enqueue, context, id, c.event, c.ensure ?? false)
        break
      case 'feature':
        deliver(enqueue, context, c.feature, c.event, c.ensure ?? false)
        break
      case 'root':
        enqueue.raise(c.event)
        break
      case 'connection':
        enqueue.sendTo(context.connection, c.event)
        break
      default:
        enqueue.sendTo(context[c.to], c.event)
    }
  }
}

type Moment = 'opened' | 'closed' | 'flags' | 'network' | 'account'

/** Tells every available feature about a moment, and runs what each answers (registration order). */
function tellFeatures(enqueue: FeatureQueue, context: RootContext, moment: Moment, event: RootEvent, change?: AccountChange) {
  for (const registration of Object.values(context.registry)) {
    const handler = registration.on?.[moment]
    if (!handler || !isAvailable(context, registration.id)) continue
    const facts = factsFor(context, registration.id)
    const commands =
      moment === 'account'
        ? registration.on!.account!(facts, change!)
        : moment === 'network'
          ? registration.on!.network!(facts, event as unknown as CommandEvent)
          : (handler as (facts: FeatureFacts) => FeatureCommand[])(facts)
    run(enqueue, context, registration.id, commands)
  }
}

/** The spawned feature whose snapshot holds the opening (its `opensOn` tag), if any. */
function heldOpening(context: RootContext): FeatureRegistration | undefined {
  return Object.values(context.registry).find((r) => r.opensOn && context.features[r.id]?.getSnapshot().hasTag(r.opensOn.tag))
}

/** The recent-wallet entry of a connector (spec §3 storage: recent wallets). */
export function toRecentWallet(c: Connector): RecentWallet {
  return { id: c.id, name: c.name, ...(c.imageUrl ? { imageUrl: c.imageUrl } : {}), ...(c.info?.rdns ? { rdns: c.info.rdns } : {}) }
}

/** The configured networks now: the network actor's list (it owns it). */
function networksOf(context: RootContext): readonly CaipNetwork[] {
  return context.network.getSnapshot().context.networks
}

/** The namespace of a configured network id, if any. */
function namespaceOf(context: RootContext, caipNetworkId: string): ChainNamespace | undefined {
  return networksOf(context).find((n) => n.caipNetworkId === caipNetworkId)?.chainNamespace
}

/**
 * The configured network of the connected wallet's chain, and whether the chain is supported: configured, or in a
 * namespace with no networks (unfiltered, spec §4).
 */
function walletNetwork(context: RootContext, namespace: ChainNamespace, chainId: number | string | undefined): { network: CaipNetwork | undefined; supported: boolean } {
  const networks = networksOf(context)
  const network = networks.find((n) => n.chainNamespace === namespace && String(n.id) === String(chainId))
  return { network, supported: Boolean(network) || !networks.some((n) => n.chainNamespace === namespace) }
}

/** The connections of the namespaces other than the start one (the start one is `connection`, already listened to). */
function otherConnections(context: RootContext): AnyActorRef[] {
  return Object.values(context.connections).filter((c): c is NonNullable<typeof c> => Boolean(c) && c !== context.connection)
}

/** Spawns one connection per configured namespace; the start namespace's is `connection`. */
function spawnConnections(
  input: RootInput,
  spawn: (src: 'connection', options: { id: string; systemId: string; input: unknown }) => ActorRefFrom<typeof connectionMachine>,
): Pick<RootContext, 'connection' | 'connections' | 'activeNamespace'> {
  const { options } = input
  const namespaces = [...new Set([options.namespace, ...(options.namespaces ?? [])])]
  const connections: RootContext['connections'] = {}
  for (const ns of namespaces) {
    const stored = ns === options.namespace ? (input.storedConnectorId ?? input.storedConnectorIds?.[ns]) : input.storedConnectorIds?.[ns]
    connections[ns] = spawn('connection', {
      id: `connection.${ns}`,
      systemId: `connection.${ns}`,
      input: { namespace: ns, storedConnectorId: stored, reconnect: options.enableReconnect },
    })
  }
  return { connections, connection: connections[options.namespace]!, activeNamespace: options.namespace }
}

function isConnected(context: RootContext): boolean {
  return connectionStatus(context.connection.getSnapshot()) === 'connected'
}
/**
 * A basic remote-wallet session exists (spec §2 open rules): basic mode, and the active namespace is connected through
 * WalletConnect. The wallet then decides its chain itself, so opening does not show UnsupportedChain.
 */
function hasBasicRemoteWalletSession(context: RootContext): boolean {
  const walletConnectId = context.options.walletConnectConnectorId
  return context.basic && walletConnectId !== undefined && isConnected(context) && context.connection.getSnapshot().context.connectorId === walletConnectId
}
/** The router's current view as the root last heard it (`router.changed`): the root's own copy, not a read of the router. */
function currentView(context: RootContext): ViewName {
  return context.view
}

/** `tellFeatures` of an account change: the parameterised action. */
const announce = (change: AccountChange) => ({ type: 'announceAccount', params: { change } }) as const

/**
 * The root actor of one modal instance: it owns the router, modal, toast, one connection per configured namespace
 * and the network actor from the start, and spawns the features on their first use. It knows features
 * only through their registrations ({@link FeatureRegistration}, `machines/<feature>.feature.ts`): at a few moments
 * (spawned, the account changed, the flags changed, opened, closed, Back on a feature's view, a gesture, an event the
 * feature emitted, a network outcome) it tells the registrations the {@link FeatureFacts} and runs the commands they
 * answer. Children never talk to each other: they emit, this machine listens (`childEvents`, `featureEvents`) and
 * sends. No module state: two modals on one page own two roots.
 *
 * The chart: `boot` → `closed` ⇄ `open`, following the modal machine (`modal.opened`, `modal.closed`).
 * Within `open`, who holds the screen follows the router's current view (`router.changed`): `browsing` (the root's
 * own views: Connect, Account, the network and wallet lists, Receive), `connecting` (ConnectingExternal, and the
 * views of a connecting feature such as WalletConnect's QR), `feature` (a feature's views: Send's, SIWXSignMessage).
 * Back is decided by the holder. What happens whatever is shown (wallets, networks, features arriving and
 * reporting) is handled on the root itself. Guards read tags of other machines (`unsupported`, `connected`, a
 * feature's `busyTag` and `opensOn` tag), never their state names.
 *
 * Opening (spec §2): a view a feature holds the opening for; else a requested view with data; else UnsupportedChain
 * when the active network is unsupported, network switching is enabled and unsupported chains are not allowed; else
 * Account when connected, else Connect. Closing resets the view (embedded mode: Account if connected).
 *
 * Tabs agree (spec §4): `watchTabs` (provided at assembly) reports what another tab of the site stored as `tabs.*`
 * events, applied through this tab's own restore, end, account-change and chain-change paths (machines/root.tabs.ts).
 *
 * Side effects that are not lifecycles (storage writes, debug logs) are named actions provided at
 * assembly: `persistConnection`, `persistAccount`, `forgetConnection`, `dropStoredConnections`,
 * `persistNetwork`, `reportNetworkNotFound`, `showAlert` (`feature.alert`: debug mode, each alert once), `trackOpen`,
 * `trackConnected`, `track` (`feature.track`) and `reportError` (analytics; wallet failures, not the user's rejections).
 */
export const rootMachine = setup({
  types: {
    context: {} as RootContext,
    events: {} as RootEvent,
    input: {} as RootInput,
  },
  actors: {
    router: routerMachine,
    modal: modalMachine,
    toast: toastMachine,
    connection: connectionMachine,
    network: networkMachine,
    /** Fetches a feature's module and answers `feature.loaded` with its machine (or `feature.loadFailed`). */
    loadFeature: fromCallback<EventObject, { feature: string; load: () => Promise<AnyActorLogic | LoadedFeature> }>(({ input, sendBack }) => {
      let live = true
      input.load().then(
        (loaded) => live && sendBack(isLoadedFeature(loaded) ? { type: 'feature.loaded', feature: input.feature, logic: loaded.logic, on: loaded.on } : { type: 'feature.loaded', feature: input.feature, logic: loaded }),
        (error: unknown) => live && sendBack({ type: 'feature.loadFailed', feature: input.feature, error }),
      )
      return () => {
        live = false
      }
    }),
    /** Relays every event a spawned feature emits to the root as `feature.emitted` (the feature found by its systemId). */
    featureEvents: fromCallback<RootEvent, { systemId: string }>(({ input, system, sendBack }) => {
      const sub = (system.get(input.systemId) as AnyActorRef | undefined)?.on('*', (event: EventObject) => sendBack({ type: 'feature.emitted', feature: input.systemId, event }))
      return () => sub?.unsubscribe()
    }),
    watchConnectors: fromCallback<EventObject>(() => {
      throw new ActorNotProvidedError('root', 'watchConnectors')
    }),
    /** What the other tabs of the site store, as `tabs.*` events (machines/root.tabs.ts); by default none. */
    watchTabs: noOtherTabs,
    /** Relays every event a child emits to the root. */
    childEvents: fromCallback<RootEvent, { children: AnyActorRef[] }>(({ input, sendBack }) => {
      const subs = input.children.map((child) => child.on('*', (event: RootEvent) => sendBack(event)))
      return () => subs.forEach((s) => s.unsubscribe())
    }),
  },
  guards: {
    hasRequestedView: ({ event }) => event.type === 'app.open' && Boolean(event.view),
    /** `open({ view })` of a view an available feature holds. */
    isRequestingFeatureView: ({ context, event }) => {
      if (event.type !== 'app.open' || !event.view) return false
      const holder = holderOf(context, event.view)
      return holder !== undefined && isAvailable(context, holder.id)
    },
    /** A spawned feature's snapshot has its `opensOn` tag (a sign-in waiting for the visitor). */
    isOpeningHeld: ({ context }) => heldOpening(context) !== undefined,
    /** Spec §2: all four hold: the network is unsupported, switching on, unsupported chains not allowed, no basic remote-wallet session. */
    isUnsupportedOnOpen: ({ context }) => context.network.getSnapshot().hasTag('unsupported') && context.options.enableNetworkSwitch && !context.options.allowUnsupportedChain && !hasBasicRemoteWalletSession(context),
    isConnected: ({ context }) => isConnected(context),
    /** Connected, and the dapp ignores the switch confirmation (the `ignoreSwitchConfirmation` option). */
    isConnectedWithoutConfirmation: ({ context }) => isConnected(context) && context.options.ignoreSwitchConfirmation === true,
    isOnView: ({ context }, params: { view: ViewName }) => currentView(context) === params.view,
    isConnectedOnUnsupportedChain: ({ context }) => isConnected(context) && currentView(context) === 'UnsupportedChain',
    isEmbeddedAndConnected: ({ context }) => context.options.enableEmbedded && isConnected(context),
    isUserDisconnect: ({ event }) => event.type === 'connection.disconnected' && event.reason === 'user',
    isRestored: ({ event }) => event.type === 'connection.connected' && event.restored,
    hasStoredConnectionToDrop: ({ context }) => !context.options.enableReconnect && Boolean(context.storedConnectorId),
    /** The root is `open` (from the modal's `modal.opened` until its exit animation ends). */
    isModalOpen: stateIn('#root.open'),
    /** The router's new view (`router.changed`), else the current one, is held by `holder`. */
    isHeldBy: ({ context, event }, params: { holder: 'connecting' | 'feature' }) => {
      const view = event.type === 'router.changed' ? event.view : context.view
      if (isConnectingView(context, view)) return params.holder === 'connecting'
      return params.holder === 'feature' && holderOf(context, view) !== undefined
    },
    /** The feature holding the screen is busy (its `busyTag`): Back waits for it (a send waiting for the wallet). */
    isHolderBusy: ({ context }) => {
      const holder = holderOf(context, context.view)
      return Boolean(holder?.busyTag && context.features[holder.id]?.getSnapshot().hasTag(holder.busyTag))
    },
    /** A feature's view shows: a failed network switch does not move it (the feature was told). */
    isOnFeatureView: ({ context }) => holderOf(context, context.view) !== undefined,
    /** A connection does not close the modal by itself: an available feature decides (SIWX's session check). */
    isConnectHeld: ({ context }) => Object.values(context.registry).some((r) => r.holdsConnect && isAvailable(context, r.id)),
    /** The picked connector is claimed by an available feature (WalletConnect's pairing), not ConnectingExternal. */
    isClaimedConnector: ({ context, event }) => event.type === 'app.selectWallet' && claimantOf(context, event.connectorId) !== undefined,
    /** Spec §2: opening while disconnected goes to WalletConnect (manual option, or no other adapter). */
    // With the allWallets feature off a phone falls back to the plain WalletConnect view, as a desktop does.
    isWalletConnectFirstOnMobile: ({ context }) => Boolean(context.options.walletConnectFirst && context.options.isMobile) && context.flags.allWallets && !isConnected(context),
    isWalletConnectFirstOnDesktop: ({ context }) => Boolean(context.options.walletConnectFirst) && !isConnected(context),
    /** A connection of a namespace that is not the active one (restores at start, its wallet's events). */
    isOtherNamespaceEvent: ({ context, event }) => 'namespace' in event && typeof event.namespace === 'string' && event.type.startsWith('connection.') && event.namespace !== context.activeNamespace,
    /** Spec §2: connected on the current namespace, switching to another namespace with no address there. */
    isOtherNamespaceWithoutAccount: ({ context, event }) => {
      if (event.type !== 'app.selectNetwork') return false
      const ns = namespaceOf(context, event.caipNetworkId)
      if (!ns || ns === context.activeNamespace || !isConnected(context)) return false
      const target = context.connections[ns]
      return !target || connectionStatus(target.getSnapshot()) !== 'connected'
    },
    /** A network of another configured namespace (spec §4: a namespace switch). */
    isOtherNamespaceNetwork: ({ context, event }) => {
      if (event.type !== 'app.selectNetwork') return false
      const ns = namespaceOf(context, event.caipNetworkId)
      return ns !== undefined && ns !== context.activeNamespace && context.connections[ns] !== undefined
    },
  },
  actions: {
    ...tabsActions,
    resetToRequested: sendTo(
      ({ context }) => context.router,
      ({ event }) => {
        const e = event as Extract<AppEvent, { type: 'app.open' }>
        return { type: 'router.reset' as const, view: e.view!, ...(e.data ? { data: e.data } : {}) }
      },
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
      ({ event }) => ({
        type: 'router.push' as const,
        view: 'ConnectingExternal' as const,
        data: { connectorId: (event as Extract<AppEvent, { type: 'app.selectWallet' }>).connectorId },
      }),
    ),
    pushSwitchNetwork: sendTo(
      ({ context }) => context.router,
      ({ event }) => ({
        type: 'router.push' as const,
        view: 'SwitchNetwork' as const,
        data: { caipNetworkId: (event as Extract<AppEvent, { type: 'app.selectNetwork' }>).caipNetworkId },
      }),
    ),
    replaceWith: sendTo(
      ({ context }) => context.router,
      (_, params: { view: ViewName }) => ({ type: 'router.replace' as const, view: params.view }),
    ),
    pushView: sendTo(
      ({ context }) => context.router,
      ({ event }) => {
        const e = event as Extract<AppEvent, { type: 'app.push' }>
        return { type: 'router.push' as const, view: e.view, ...(e.data ? { data: e.data } : {}) }
      },
    ),
    goBack: sendTo(
      ({ context }) => context.router,
      ({ context }) => ({ type: 'router.back' as const, isConnected: isConnected(context) }),
    ),
    requestConnection: sendTo(
      ({ context }) => context.connection,
      ({ event }) => ({ type: 'connection.request' as const, connectorId: (event as Extract<AppEvent, { type: 'app.selectWallet' }>).connectorId }),
    ),
    cancelConnection: sendTo(({ context }) => context.connection, { type: 'connection.cancel' }),
    pushSwitchActiveChain: sendTo(
      ({ context }) => context.router,
      ({ event }) => ({
        type: 'router.push' as const,
        view: 'SwitchActiveChain' as const,
        data: { caipNetworkId: (event as Extract<AppEvent, { type: 'app.selectNetwork' }>).caipNetworkId },
      }),
    ),
    /** The namespace of the event's network becomes active; `connection` follows (spec §3, §4). */
    setActiveNamespace: assign(({ context, event }) => {
      const id = (event as { caipNetworkId?: string }).caipNetworkId ?? ''
      const ns = namespaceOf(context, id)
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
      ({ context, event }) => {
        const caipNetworkId = (event as { caipNetworkId: string }).caipNetworkId
        const c = context.connection.getSnapshot()
        const onOtherChain = c.hasTag('connected') && `${c.context.namespace}:${c.context.chainId}` !== caipNetworkId
        return { type: 'network.switch' as const, caipNetworkId, ...(onOtherChain ? { connectorId: c.context.connectorId } : {}) }
      },
    ),
    /**
     * After a namespace switch picked in SwitchNetwork: Account when that namespace is connected, else the list is
     * left as when nothing is connected (back, or closed at the last entry).
     */
    leaveNetworkList: enqueueActions(({ context, enqueue }: { context: RootContext; enqueue: SendQueue }) => {
      if (currentView(context) !== 'SwitchNetwork') return
      if (isConnected(context)) enqueue.sendTo(context.router, { type: 'router.reset', view: 'Account' })
      else enqueue.sendTo(context.router, { type: 'router.back', isConnected: false })
    }) as never,
    disconnect: sendTo(({ context }) => context.connection, { type: 'connection.disconnect' }),
    /**
     * The auth connector connected in one namespace: each other namespace it serves that has no wallet connects it too
     * (spec §4, §6; {@link RootOptions.authConnector}). Nothing for any other connector.
     */
    connectAuthElsewhere: enqueueActions(({ context, event, enqueue }: { context: RootContext; event: RootEvent; enqueue: SendQueue }) => {
      const auth = context.options.authConnector
      if (!auth || event.type !== 'connection.connected' || event.connectorId !== auth.id) return
      for (const ns of auth.namespaces) {
        const target = ns === event.namespace ? undefined : context.connections[ns]
        if (!target) continue
        const status = connectionStatus(target.getSnapshot())
        if (status === 'connected' || status === 'connecting') continue
        enqueue.sendTo(target, { type: 'connection.request', connectorId: auth.id })
      }
    }) as never,
    switchNetwork: sendTo(
      ({ context }) => context.network,
      ({ context, event }) => ({
        type: 'network.switch' as const,
        caipNetworkId: (event as Extract<AppEvent, { type: 'app.selectNetwork' }>).caipNetworkId,
        connectorId: isConnected(context) ? context.connection.getSnapshot().context.connectorId : undefined,
      }),
    ),
    /**
     * The visitor left the view that waits for the wallet's switch (SwitchNetwork's Back, closing the modal): the
     * pending switch is given up. The network machine ignores it when nothing is pending.
     */
    cancelNetworkSwitch: sendTo(({ context }) => context.network, { type: 'network.cancel' }),
    forwardWalletChain: sendTo(
      ({ context }) => context.network,
      ({ event }) => ({
        type: 'network.walletChainChanged' as const,
        chainId: (event as { chainId: number | string }).chainId,
        // The chain is read in the wallet's namespace (an unfiltered one accepts any chain, spec §4).
        namespace: (event as { namespace?: ChainNamespace }).namespace,
      }),
    ),
    forwardWalletDisconnected: sendTo(({ context }) => context.network, { type: 'network.walletDisconnected' }),
    clearTransactions: sendTo(({ context }) => context.router, { type: 'router.clearTransactions' }),
    notifyStackFull: sendTo(({ context }) => context.toast, { type: 'toast.show', variant: 'error', message: messageOf('transactionStackFull') }),
    /** The resolved feature set changed (`feature.flags`): the root's `flags` (and basic mode when said). */
    setFlags: assign(({ context, event }) => (event.type === 'feature.flags' ? { flags: event.features, ...(event.basic !== undefined ? { basic: event.basic } : {}) } : { flags: context.flags })),
    /** Tells every available feature about a moment (`opened`, `closed`, `flags`, `network`), running what each answers. */
    tellFeatures: queueActions<{ moment: Exclude<Moment, 'account'> }>(({ context, event, enqueue }, params) => tellFeatures(enqueue, context, params.moment, event)),
    /** Tells every available feature that the active account changed (and how). */
    announceAccount: queueActions<{ change: AccountChange }>(({ context, event, enqueue }, params) => tellFeatures(enqueue, context, 'account', event, params.change)),
    /** `open({ view })` of a feature's view (or the view given): the holder's `on.open`. */
    openFeatureView: queueActions<{ view?: ViewName } | undefined>(({ context, event, enqueue }, params) => {
      const view = params?.view ?? (event.type === 'app.open' ? event.view : undefined)
      const holder = view ? holderOf(context, view) : undefined
      if (!view || !holder?.on?.open || !isAvailable(context, holder.id)) return
      const data = event.type === 'app.open' ? event.data : undefined
      run(enqueue, context, holder.id, holder.on.open(factsFor(context, holder.id), { view, data }))
    }),
    /** Back on a feature's view (not busy): its `on.back`, before the root goes back. */
    featureBack: queueActions(({ context, enqueue }) => {
      const holder = holderOf(context, context.view)
      if (holder?.on?.back) run(enqueue, context, holder.id, holder.on.back(factsFor(context, holder.id)))
    }),
    /** A claimed connector picked in Connect: the claiming feature's `on.select`. */
    featureSelect: queueActions(({ context, event, enqueue }) => {
      if (event.type !== 'app.selectWallet') return
      const claimant = claimantOf(context, event.connectorId)!
      run(enqueue, context, claimant.id, claimant.on?.select?.(factsFor(context, claimant.id), event.connectorId) ?? [])
    }),
    /** A feature emitted an event: its registration's `on.emitted`. */
    featureEmitted: queueActions(({ context, event, enqueue }) => {
      if (event.type !== 'feature.emitted') return
      const registration = context.registry[event.feature]
      if (registration?.on?.emitted) run(enqueue, context, event.feature, registration.on.emitted(factsFor(context, event.feature), event.event as CommandEvent))
    }),
    /** A view's need (`feature.ensure`) or gesture (`feature.deliver`, through the registration's `on.gesture`). */
    ensureFeature: queueActions(({ context, event, enqueue }) => {
      if (event.type === 'feature.ensure') deliver(enqueue, context, event.feature, undefined, true)
      if (event.type !== 'feature.deliver') return
      const registration = context.registry[event.feature]
      // A gesture for a feature that is off (or unknown) is dropped, with whatever it would have moved.
      if (!registration || !isAvailable(context, event.feature)) return
      const gesture = registration.on?.gesture
      if (gesture) run(enqueue, context, event.feature, gesture(factsFor(context, event.feature), event.event))
      else deliver(enqueue, context, event.feature, event.event, true)
    }),
    /** The feature was just spawned: its registration's `on.spawned` (the account it follows). */
    featureSpawned: queueActions<{ id: string }>(({ context, enqueue }, params) => {
      const registration = context.registry[params.id]
      if (registration?.on?.spawned) run(enqueue, context, params.id, registration.on.spawned(factsFor(context, params.id)))
    }),
    /** A feature's module arrived: its machine is spawned and the events that waited for it are delivered in order. */
    spawnLoadedFeature: queueActions(({ context, event, enqueue }) => {
      if (event.type !== 'feature.loaded') return
      const id = event.feature
      enqueue.stopChild(`load.${id}`)
      enqueue.assign(({ context }) => ({ loading: context.loading.filter((f) => f !== id), pending: { ...context.pending, [id]: [] } }))
      if (context.features[id]) return
      // The hooks that arrived with the machine answer from now on (the registration's page hooks until then).
      if (event.on) enqueue.assign(({ context }) => ({ registry: { ...context.registry, [id]: withLoadedHooks(context.registry[id]!, event.on) } }))
      spawnFeature(enqueue, id, event.logic)
      for (const waiting of context.pending[id] ?? []) enqueue.sendTo(({ context }) => context.features[id]!, waiting)
    }),
    /** A feature's module failed to load (offline, a deploy replaced the chunks): what waited is dropped; the next intent fetches again. */
    dropFailedFeature: queueActions(({ event, enqueue }) => {
      if (event.type !== 'feature.loadFailed') return
      const id = event.feature
      enqueue.stopChild(`load.${id}`)
      enqueue.assign(({ context }) => ({ loading: context.loading.filter((f) => f !== id), pending: { ...context.pending, [id]: [] } }))
    }),
    toastFeatureLoadFailed: sendTo(({ context }) => context.toast, { type: 'toast.show', variant: 'error', message: messageOf('featureLoadFailed') }),
    notify: sendTo(
      ({ context }) => context.toast,
      ({ event }) => {
        const e = event as Extract<AppEvent, { type: 'app.notify' }>
        return { type: 'toast.show' as const, variant: e.variant, message: e.message }
      },
    ),
    toastError: sendTo(
      ({ context }) => context.toast,
      ({ event }) => ({
        type: 'toast.show' as const,
        variant: 'error' as const,
        message: messageOf('failure', (event as { error?: ErrorSummary }).error ?? { name: 'Error', message: 'Unknown error' }),
      }),
    ),
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
}).createMachine({
  id: 'root',
  context: ({ input, spawn }) => {
    const { options } = input
    const basic = input.featureFlags?.basic ?? false
    return {
      options,
      storedConnectorId: input.storedConnectorId,
      connectors: [],
      recentWallets: input.recentWallets ?? [],
      view: 'Connect',
      router: spawn('router', { id: 'router', systemId: 'router', input: {} }),
      modal: spawn('modal', { id: 'modal', systemId: 'modal', input: {} }),
      toast: spawn('toast', { id: 'toast', systemId: 'toast' }),
      network: spawn('network', {
        id: 'network',
        systemId: 'network',
        input: { namespace: options.namespace, networks: options.networks, activeCaipNetworkId: input.storedActiveNetworkId },
      }),
      // No feature machine yet: each is spawned on its first use.
      registry: Object.fromEntries((input.features ?? []).map((r) => [r.id, r])),
      features: {},
      loading: [],
      pending: {},
      // The local options' feature set until the remote config resolves it (spec §6).
      flags: resolveFeatures(input.featureFlags?.local ?? {}, undefined, { basic }).features,
      basic,
      ...spawnConnections(input, spawn as never),
    }
  },
  initial: 'boot',
  states: {
    /**
     * Children emit only after the root listens, so boot-time rules are applied here: with reconnect
     * disabled, stored connections are dropped (spec §4).
     */
    boot: {
      always: [{ guard: 'hasStoredConnectionToDrop', target: 'closed', actions: 'dropStoredConnections' }, { target: 'closed' }],
    },
    /**
     * The modal is not shown. Wallets, networks and features still run (the root's own handlers); opening picks the
     * first view by the open rules (spec §2), and a feature may open it (a sign-in prompt).
     */
    closed: {
      on: {
        // The modal machine entered `open` (after `openModal`, or a feature's `modal.open`): the root follows it.
        'modal.opened': { target: 'open' },
      },
    },
    /**
     * The modal is shown. Who holds the screen follows the router's current view (`router.changed`): browsing (the
     * root's own views), connecting (a browser wallet, or a connecting feature's views such as WalletConnect's QR),
     * feature (a feature's views: Send's form, picker and preview, SIWXSignMessage). Closing ends when the modal's
     * exit animation does (`modal.closed`).
     */
    open: {
      initial: 'routing',
      on: {
        'router.changed': [
          { guard: { type: 'isHeldBy', params: { holder: 'connecting' } }, target: '.connecting', actions: 'setView' },
          { guard: { type: 'isHeldBy', params: { holder: 'feature' } }, target: '.feature', actions: 'setView' },
          { target: '.browsing', actions: 'setView' },
        ],
        'app.close': { actions: 'closeModal' },
        'router.closeRequested': { actions: 'closeModal' },
        'app.push': { actions: 'pushView' },
        'app.selectWallet': [{ guard: 'isClaimedConnector', actions: 'featureSelect' }, { actions: ['pushConnecting', 'requestConnection'] }],
        'app.openedWalletLink': { actions: 'persistDeepLinkChoice' },
        'app.confirmNamespaceSwitch': {
          actions: ['setActiveNamespace', 'setNetworkFromEvent', 'clearTransactions', announce('switched'), 'persistActiveNamespace', { type: 'replaceWith', params: { view: 'Connect' } }],
        },
        'modal.closed': [
          {
            guard: 'isEmbeddedAndConnected',
            target: '#root.closed',
            actions: [{ type: 'tellFeatures', params: { moment: 'closed' } }, 'cancelConnection', 'cancelNetworkSwitch', 'clearTransactions', { type: 'resetTo', params: { view: 'Account' } }],
          },
          {
            target: '#root.closed',
            actions: [{ type: 'tellFeatures', params: { moment: 'closed' } }, 'cancelConnection', 'cancelNetworkSwitch', 'clearTransactions', { type: 'resetTo', params: { view: 'Connect' } }],
          },
        ],
      },
      states: {
        /** Entering: the holder of the view the router shows now (the open rules set it just before). */
        routing: {
          always: [{ guard: { type: 'isHeldBy', params: { holder: 'connecting' } }, target: 'connecting' }, { guard: { type: 'isHeldBy', params: { holder: 'feature' } }, target: 'feature' }, { target: 'browsing' }],
        },
        /** Connect, Account, AllWallets, the network views, Receive. */
        browsing: {
          on: {
            // Leaving SwitchNetwork gives up a switch the wallet has not answered.
            'app.back': [{ guard: { type: 'isOnView', params: { view: 'SwitchNetwork' } }, actions: ['cancelNetworkSwitch', 'goBack'] }, { actions: 'goBack' }],
          },
        },
        /** Waiting for a browser wallet (ConnectingExternal) or a connecting feature (WalletConnect's QR code, the wallet's links). */
        connecting: {
          on: {
            'app.back': [{ guard: { type: 'isOnView', params: { view: 'ConnectingExternal' } }, actions: ['cancelConnection', 'goBack'] }, { actions: ['featureBack', 'cancelConnection', 'goBack'] }],
          },
        },
        /** A feature's views (Send's form, picker and preview; SIWXSignMessage): Back is the feature's to decide. */
        feature: {
          on: {
            'app.back': [
              // The feature is busy (a send waiting for the wallet or the chain): the view stays until it answers
              // (leaving could send twice). Closing the modal stays possible; the answer is still handled.
              { guard: 'isHolderBusy' },
              { actions: ['featureBack', 'goBack'] },
            ],
          },
        },
      },
    },
  },
  invoke: [
    { src: 'watchConnectors' },
    // A listener for the root's whole life, not a wait: no timeout.
    { src: 'watchTabs' },
    {
      src: 'childEvents',
      input: ({ context }) => ({
        children: [context.router, context.modal, context.toast, context.connection, context.network, ...otherConnections(context)],
      }),
    },
  ],
  // Handled whatever the modal shows: wallets, networks, features arriving and reporting.
  on: {
    // Opening (spec §2 "Opening the modal"): the first view by the open rules, then the modal opens (`modal.opened`
    // moves the root to `open`); the same rules reset the view when the modal is already open.
    // The open rules (spec §2 "Opening the modal"), in order: the first view, then the modal opens.
    'app.open': [
      // A feature holds the opening (a sign-in waiting for the visitor): its view, whatever else was asked.
      { guard: 'isOpeningHeld', actions: ['resetToHeldView', 'openModal', { type: 'tellFeatures', params: { moment: 'opened' } }, 'trackOpen'] },
      // A feature's view: shown, and the feature is told (Send's form opens as from Account).
      { guard: 'isRequestingFeatureView', actions: ['resetToRequested', 'openModal', { type: 'tellFeatures', params: { moment: 'opened' } }, 'trackOpen', 'openFeatureView'] },
      { guard: 'hasRequestedView', actions: ['resetToRequested', 'openModal', { type: 'tellFeatures', params: { moment: 'opened' } }, 'trackOpen'] },
      { guard: 'isUnsupportedOnOpen', actions: [{ type: 'resetTo', params: { view: 'UnsupportedChain' } }, 'openModal', { type: 'tellFeatures', params: { moment: 'opened' } }, 'trackOpen'] },
      { guard: 'isConnected', actions: [{ type: 'resetTo', params: { view: 'Account' } }, 'openModal', { type: 'tellFeatures', params: { moment: 'opened' } }, 'trackOpen'] },
      // Spec §2: the manual-WalletConnect option, or no adapter besides WalletConnect.
      { guard: 'isWalletConnectFirstOnMobile', actions: [{ type: 'resetTo', params: { view: 'AllWallets' } }, 'openModal', { type: 'tellFeatures', params: { moment: 'opened' } }, 'trackOpen'] },
      {
        guard: 'isWalletConnectFirstOnDesktop',
        actions: [
          { type: 'resetTo', params: { view: 'ConnectingWalletConnectBasic' } },
          'openModal',
          { type: 'tellFeatures', params: { moment: 'opened' } },
          'trackOpen',
          { type: 'openFeatureView', params: { view: 'ConnectingWalletConnectBasic' } },
        ],
      },
      { actions: [{ type: 'resetTo', params: { view: 'Connect' } }, 'openModal', { type: 'tellFeatures', params: { moment: 'opened' } }, 'trackOpen'] },
    ],
    'router.changed': { actions: 'setView' },
    // Features arrive on intent: a view's need or gesture, then the module's arrival.
    'feature.ensure': { actions: 'ensureFeature' },
    'feature.deliver': { actions: 'ensureFeature' },
    'feature.loaded': { actions: 'spawnLoadedFeature' },
    'feature.loadFailed': { actions: ['dropFailedFeature', 'toastFeatureLoadFailed'] },
    'feature.emitted': { actions: 'featureEmitted' },
    // What features report: the resolved feature set, debug alerts, analytics.
    'feature.flags': { actions: ['setFlags', { type: 'tellFeatures', params: { moment: 'flags' } }] },
    'feature.alert': { actions: 'showAlert' },
    'feature.track': { actions: 'track' },
    'feature.reportError': { actions: 'reportError' },
    'app.notify': { actions: 'notify' },
    'app.viewLoaded': { actions: 'markLoaded' },
    'app.disconnect': { actions: 'disconnect' },
    'app.selectNetwork': [
      // Spec §2: connected here, no address in the other namespace: SwitchActiveChain, then Connect.
      { guard: 'isOtherNamespaceWithoutAccount', actions: 'pushSwitchActiveChain' },
      // Spec §4: a switch to a different namespace marks a namespace switch, resets the send state, stores the network.
      {
        guard: 'isOtherNamespaceNetwork',
        actions: ['setActiveNamespace', 'setNetworkFromEvent', 'clearTransactions', announce('switched'), 'persistActiveNamespace', 'leaveNetworkList'],
      },
      // UnsupportedChain shows the pending switch itself and closes on success.
      { guard: 'isConnectedOnUnsupportedChain', actions: 'switchNetwork' },
      // Spec §2: with the confirmation ignored, the wallet is asked and SwitchNetwork is not pushed.
      { guard: 'isConnectedWithoutConfirmation', actions: 'switchNetwork' },
      // Spec §2: SwitchNetwork is pushed while the wallet confirms (push ignores it when already shown).
      { guard: 'isConnected', actions: ['pushSwitchNetwork', 'switchNetwork'] },
      // Not connected: the network is just set (spec §4), and the list is left.
      { guard: { type: 'isOnView', params: { view: 'SwitchNetwork' } }, actions: ['switchNetwork', 'goBack'] },
      { actions: 'switchNetwork' },
    ],
    'connectors.changed': { actions: 'setConnectors' },
    'router.transactionStackFull': { actions: 'notifyStackFull' },

    'connection.connected': [
      // Another namespace's stored connection came back (spec §3: each namespace keeps its own).
      { guard: 'isOtherNamespaceEvent', actions: ['persistConnection', 'connectAuthElsewhere'] },
      { guard: 'isRestored', actions: ['persistConnection', 'forwardWalletChain', announce('restored'), 'connectAuthElsewhere'] },
      // A feature keeps the modal for its follow-up (SIWX's session check): it closes it when done.
      { guard: 'isConnectHeld', actions: ['rememberRecentWallet', 'persistConnection', 'forwardWalletChain', 'trackConnected', announce('connected'), 'connectAuthElsewhere'] },
      { actions: ['rememberRecentWallet', 'persistConnection', 'forwardWalletChain', 'closeModal', 'trackConnected', announce('connected'), 'connectAuthElsewhere'] },
    ],
    // Another account or chain: the features follow (spec §4: the send state resets, a sign-in is checked again).
    'connection.accountChanged': [{ guard: 'isOtherNamespaceEvent', actions: 'persistAccount' }, { actions: ['persistAccount', announce('changed')] }],
    'connection.chainChanged': [{ guard: 'isOtherNamespaceEvent' }, { actions: ['forwardWalletChain', announce('changed')] }],
    'connection.disconnected': [
      { guard: 'isOtherNamespaceEvent', actions: 'forgetConnection' },
      // The features are told first (a required sign-in unblocks closing); the transaction stack goes with the account.
      { guard: 'isUserDisconnect', actions: ['forgetConnection', 'forwardWalletDisconnected', announce('disconnected'), 'clearTransactions', 'closeModal'] },
      {
        guard: 'isModalOpen',
        actions: ['forgetConnection', 'forwardWalletDisconnected', announce('disconnected'), 'clearTransactions', { type: 'resetTo', params: { view: 'Connect' } }],
      },
      { actions: ['forgetConnection', 'forwardWalletDisconnected', announce('disconnected'), 'clearTransactions'] },
    ],

    'network.changed': { actions: 'persistNetwork' },
    'network.switched': [
      { guard: { type: 'isOnView', params: { view: 'SwitchNetwork' } }, actions: 'goBack' },
      { guard: { type: 'isOnView', params: { view: 'UnsupportedChain' } }, actions: 'closeModal' },
    ],
    'network.switchRejected': { actions: { type: 'tellFeatures', params: { moment: 'network' } } },
    'network.switchFailed': [
      // On a feature's view (a sign-in returning the wallet to its network) the feature decides; elsewhere the view goes back.
      { guard: 'isOnFeatureView', actions: [{ type: 'tellFeatures', params: { moment: 'network' } }, 'toastError', 'reportError'] },
      { actions: [{ type: 'tellFeatures', params: { moment: 'network' } }, 'goBack', 'toastError', 'reportError'] },
    ],
    'connection.failed': { actions: 'reportError' },
    // Tabs agree: what another tab stored is applied through this tab's own paths (machines/root.tabs.ts).
    'tabs.connected': { actions: 'restoreFromOtherTab' },
    'tabs.disconnected': { actions: 'endFromOtherTab' },
    'tabs.accountChanged': { actions: 'followOtherTabAccount' },
    'tabs.networkChanged': { actions: 'followOtherTabNetwork' },
    'network.notFound': { actions: ['reportNetworkNotFound', { type: 'tellFeatures', params: { moment: 'network' } }] },
  },
})

export type RootActor = ActorRefFrom<typeof rootMachine>

/** The claimed connector's feature, if available (see {@link FeatureRegistration.claims}). */
function claimantOf(context: RootContext, connectorId: string): FeatureRegistration | undefined {
  return Object.values(context.registry).find((r) => r.claims?.(connectorId) && isAvailable(context, r.id))
}
