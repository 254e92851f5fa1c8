import { assign, enqueueActions, fromCallback, or, sendTo, setup, stateIn, type ActorRefFrom, type AnyActorLogic, type AnyActorRef, type EventObject } from 'xstate'
import type { CaipNetwork, ChainNamespace } from '../adapters/networks.ts'
import type { Connector } from '../adapters/types.ts'
import { recentWalletsLimit, type RecentWallet } from '../services/storage.ts'
import type { accountMachine, AccountTarget } from './account.ts'
import type { catalogueMachine, CatalogueOptions } from './catalogue.ts'
import { connectionMachine, connectionStatus, type ConnectionEmitted } from './connection.ts'
import { modalMachine, type ModalEmitted } from './modal.ts'
import { networkMachine, type NetworkEmitted } from './network.ts'
import type { pairingMachine, PairingEmitted, PairingWallet } from './pairing.ts'
import type { remoteConfigMachine, RemoteConfigEmitted, RemoteConfigInput } from './remoteConfig.ts'
import { routerMachine, type RouterEmitted } from './router.ts'
import { resolveFeatures, type Features } from '../services/features.ts'
import type { sendMachine, SendEmitted, SendTarget } from './send.ts'
import { siwxMessages } from './siwx.messages.ts'
import type { siwxMachine, SiwxEmitted, SiwxInput, SiwxTarget } from './siwx.ts'
import { toastMachine } from './toast.ts'
import { screenHolders, type ScreenHolder, type ViewData, type ViewName } from './views.ts'

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
   * (`modal.addNetwork` / `modal.removeNetwork`, issue 22 item 4): read it with {@link networksOf}.
   */
  networks: readonly CaipNetwork[]
  enableReconnect: boolean
  enableNetworkSwitch: boolean
  allowUnsupportedChain: boolean
  /** Embedded mode: closing shows Account if connected (spec §2). */
  enableEmbedded: boolean
  debug: boolean
  /** The `siwx` option is set: connecting leads to the sign-in check (spec §4 "Sign-in (SIWX)"). */
  siwxEnabled: boolean
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
}

/** The feature machines the root spawns on intent (issue 15 §1): each arrives with its first use. */
export type FeatureMachines = {
  send: typeof sendMachine
  siwx: typeof siwxMachine
  pairing: typeof pairingMachine
  catalogue: typeof catalogueMachine
  account: typeof accountMachine
  remoteConfig: typeof remoteConfigMachine
}
/** A feature machine's name; also its actor's id and systemId. */
export type FeatureId = keyof FeatureMachines
/** The feature machines' loaders: `() => import('./send.ts').then(…)`, given at assembly (`createModal`). */
export type FeatureLoaders = { [K in FeatureId]?: () => Promise<FeatureMachines[K]> }
/** The spawned feature actors (absent until first used). */
export type FeatureRefs = { [K in FeatureId]?: ActorRefFrom<FeatureMachines[K]> }

export type RootInput = {
  options: RootOptions
  /**
   * How each feature machine arrives (issue 15 §1). A feature with a loader here is imported on its first use and
   * spawned when it resolves (events meant for it wait); without one it is spawned at once from the implementation
   * provided with `rootMachine.provide({ actors: { send: … } })` (tests).
   */
  features?: FeatureLoaders
  catalogue?: CatalogueOptions
  remoteConfig?: RemoteConfigInput
  /** The stored connector id of the start namespace (spec §3: one key per namespace). */
  storedConnectorId?: string | undefined
  /** The stored connector ids of the other namespaces. */
  storedConnectorIds?: Partial<Record<ChainNamespace, string>>
  storedActiveNetworkId?: string | undefined
  recentWallets?: readonly RecentWallet[]
  /** The `siwx` option's flags (required, sign out on disconnect). */
  siwx?: SiwxInput
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
  /** The feature actors spawned so far, by feature (issue 15 §1): none before the first use. */
  features: FeatureRefs
  /** Loaders of the features that arrive by `import()`; see {@link RootInput.features}. */
  loaders: FeatureLoaders
  /** Features whose module is being fetched. */
  loading: readonly FeatureId[]
  /** Events for a feature still being fetched, delivered in order once it is spawned. */
  pending: { [K in FeatureId]?: EventObject[] }
  /** The inputs the features are spawned with. */
  featureInputs: { catalogue?: CatalogueOptions | undefined; siwx?: SiwxInput | undefined; remoteConfig?: RemoteConfigInput | undefined }
  /**
   * The resolved feature set (spec §6, §9; issue 15 §3): the local options at creation, then the remote config's
   * resolution (`remoteConfig.ready`). Views and the public state read it here.
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
  /** Account → the send form; `tokenKey` preselects a token (a row of the Tokens tab). */
  | { type: 'app.startSend'; tokenKey?: string }
  /** The send form's token button: the picker. */
  | { type: 'app.chooseSendToken' }
  /** A token picked in the picker: selected, back to the form. */
  | { type: 'app.pickSendToken'; tokenKey: string }
  /** The form's review button: the send machine validates; the preview is pushed when it passes. */
  | { type: 'app.reviewSend' }
  /** The preview's send button: the transaction enters the stack and the wallet is asked. */
  | { type: 'app.confirmSend' }
  /** SIWXSignMessage's Sign button. */
  | { type: 'app.signIn' }
  /** SIWXSignMessage's Cancel button (spec §4 cancel rules). */
  | { type: 'app.cancelSignIn' }
  /** A directory or custom wallet (not installed) picked: WalletConnect with that wallet's links (spec §2). */
  | { type: 'app.selectCatalogueWallet'; wallet: PairingWallet }
  /** ConnectingWalletConnect's "Try again" after a rejection or a failure. */
  | { type: 'app.retryPairing' }
  /** A wallet link was opened on a phone: remembered as the deep-link choice (spec §3). */
  | { type: 'app.openedWalletLink'; href: string; name: string }
  /** SwitchActiveChain's button: the network of another namespace becomes active, then Connect (spec §2). */
  | { type: 'app.confirmNamespaceSwitch'; caipNetworkId: string }
  | { type: 'connectors.changed'; connectors: readonly Connector[] }
  /** A view needs a feature's machine (Account's data, Connect's catalogue): spawned, or fetched then spawned. */
  | { type: 'feature.ensure'; feature: FeatureId }
  /** A view's gesture for a feature's machine (e.g. `catalogue.load`): delivered once the feature is there. */
  | { type: 'feature.deliver'; feature: FeatureId; event: EventObject }

/** The feature loader's answers. */
export type FeatureLoadEvent =
  | { type: 'feature.loaded'; feature: FeatureId; logic: AnyActorLogic }
  | { type: 'feature.loadFailed'; feature: FeatureId; error: unknown }

export type RootEvent =
  | AppEvent
  | FeatureLoadEvent
  | RouterEmitted
  | ModalEmitted
  | ConnectionEmitted
  | NetworkEmitted
  | RemoteConfigEmitted
  | SendEmitted
  | SiwxEmitted
  | PairingEmitted

/** The part of `enqueueActions`' queue these actions use, typed by hand (XState's inference gives up on a machine this size). */
type SendQueue = { sendTo<E extends EventObject>(actor: AnyActorRef, event: E): void }

/**
 * The toasts of a send (spec §2 "Toasts"): `submitted` (a loading toast) from the hash the wallet returned until the
 * outcome replaces it with `sent` (success) or the error; a send cleared before its outcome hides it. The UI's
 * catalogue has the same words (`en.sendSubmitted`): a machine does not import ui/.
 */
/** The toast when a feature's module cannot be fetched (offline, or a deploy replaced the files): the visitor can try again. */
export const featureLoadFailedMessage = 'Could not load this part of the modal. Check your connection and try again.'

export const sendToastMessages = { submitted: 'Waiting for the transaction…', sent: 'Transaction sent' } as const

const notProvided = () => () => {
  throw new Error('The root machine\'s "watchConnectors" actor was not provided.')
}

/** A feature machine neither loaded nor provided: spawning it is a wiring mistake, said loudly. */
const featureNotProvided = (id: FeatureId) =>
  fromCallback(() => {
    throw new Error(`The root machine's "${id}" feature has no loader (input.features) and no provided implementation.`)
  })

/** The part of `enqueueActions`' queue the feature plumbing uses, typed by hand (see {@link SendQueue}). */
type FeatureQueue = SendQueue & {
  (action: string): void
  sendTo(to: (args: { context: RootContext }) => AnyActorRef, event: EventObject): void
  assign(update: (args: { context: RootContext; spawn: (src: unknown, options: unknown) => AnyActorRef }) => Partial<RootContext>): void
  spawnChild(src: string, options: { id: string; input: unknown }): void
  stopChild(id: string): void
}

/** `enqueueActions` with the hand-typed queue (XState's inference gives up on a machine this size). */
function queueActions(collect: (args: { context: RootContext; event: RootEvent; enqueue: FeatureQueue }) => void) {
  return enqueueActions(collect as never) as never
}

/** The input a feature's machine is spawned with. */
function featureInput(id: FeatureId, context: RootContext): unknown {
  switch (id) {
    case 'account':
      // The account data starts with the resolved `activity` flag (the remote config may change it later).
      return { activity: context.flags.activity }
    case 'siwx':
      return context.featureInputs.siwx ?? {}
    case 'catalogue':
      return context.featureInputs.catalogue ?? {}
    case 'remoteConfig':
      return context.featureInputs.remoteConfig ?? { projectId: 'unset' }
    default:
      return undefined
  }
}

/** What a feature is handed right after it is spawned: the connected account (send, account data). */
const onSpawn: Partial<Record<FeatureId, string>> = { send: 'syncSend', account: 'syncAccount' }

/** A feature may exist: its flag is on (send), its option is set (siwx, WalletConnect's pairing). */
function isFeatureAvailable(context: RootContext, id: FeatureId): boolean {
  if (id === 'send') return context.flags.send
  if (id === 'siwx') return context.options.siwxEnabled
  if (id === 'pairing') return context.options.walletConnectConnectorId !== undefined
  return true
}

/** Spawns a feature's machine (the loaded logic, or the provided implementation by name), its event relay, and hands it the account. */
function spawnFeature(enqueue: FeatureQueue, id: FeatureId, logic: AnyActorLogic | undefined) {
  enqueue.assign(({ context, spawn }) => ({
    features: { ...context.features, [id]: spawn(logic ?? id, { id, systemId: id, input: featureInput(id, context) }) },
  }))
  enqueue.spawnChild('featureEvents', { id: `events.${id}`, input: { systemId: id } })
  const sync = onSpawn[id]
  if (sync) enqueue(sync)
}

/**
 * Delivers `event` to a feature. Spawned: sent. Being fetched: queued with the events already waiting for it. Neither:
 * dropped, unless `ensure` (an intent): then the feature is spawned at once (provided implementation) or fetched
 * (loader), the event waiting for it.
 */
function deliver(enqueue: FeatureQueue, context: RootContext, id: FeatureId, event: EventObject | undefined, ensure: boolean) {
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
  if (!ensure || !isFeatureAvailable(context, id)) return
  const load = context.loaders[id]
  if (!load) {
    spawnFeature(enqueue, id, undefined)
    if (event) enqueue.sendTo(({ context }) => context.features[id]!, event)
    return
  }
  if (event) enqueue.assign(({ context }) => ({ pending: { ...context.pending, [id]: [...(context.pending[id] ?? []), event] } }))
  if (!context.loading.includes(id)) {
    enqueue.assign(({ context }) => ({ loading: [...context.loading, id] }))
    enqueue.spawnChild('loadFeature', { id: `load.${id}`, input: { feature: id, load } })
  }
}

/**
 * A named action that delivers an event to a feature (see {@link deliver}); `make` builds it from the transition's
 * context and event, `undefined` for nothing.
 */
function toFeature(id: FeatureId, make: (args: { context: RootContext; event: RootEvent }) => EventObject | undefined, options: { ensure?: boolean } = {}) {
  return queueActions(({ context, event, enqueue }) => deliver(enqueue, context, id, make({ context, event }), options.ensure ?? false))
}

/** The feature's snapshot has the tag (false while it is not spawned). */
function featureHasTag(context: RootContext, id: FeatureId, tag: string): boolean {
  return (context.features[id] as AnyActorRef | undefined)?.getSnapshot().hasTag(tag) ?? false
}

/** The recent-wallet entry of a connector (spec §3 storage: recent wallets). */
export function toRecentWallet(c: Connector): RecentWallet {
  return { id: c.id, name: c.name, ...(c.imageUrl ? { imageUrl: c.imageUrl } : {}), ...(c.info?.rdns ? { rdns: c.info.rdns } : {}) }
}

/** The configured networks now: the network actor's list (it owns it, issue 22 item 4). */
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
  return (
    context.basic &&
    walletConnectId !== undefined &&
    isConnected(context) &&
    context.connection.getSnapshot().context.connectorId === walletConnectId
  )
}
/** The router's current view as the root last heard it (`router.changed`): the root's own copy, not a read of the router. */
function currentView(context: RootContext): ViewName {
  return context.view
}

type OpenRule = { guard?: string; actions: unknown[] }
/** The open rules (spec §2 "Opening the modal"), in order: the first view, then the modal opens. */
function openRules(): never {
  const opened = ['openModal', 'loadRemoteConfig', 'trackOpen']
  const rules: OpenRule[] = [
    // A sign-in waits for the visitor: its view, whatever else was asked.
    { guard: 'isSiwxAwaiting', actions: [{ type: 'resetTo', params: { view: 'SIWXSignMessage' } }, ...opened] },
    { guard: 'isRequestingSend', actions: ['resetToRequested', ...opened, 'openSend'] },
    // Asked for Send while a send waits for the wallet or the chain: its preview (as Account → Send does), not a
    // second form; the outcome then returns to Account.
    { guard: 'isRequestingSendWhileBusy', actions: [{ type: 'resetTo', params: { view: 'Account' } }, { type: 'pushTo', params: { view: 'SendPreview' } }, ...opened] },
    { guard: 'hasRequestedView', actions: ['resetToRequested', ...opened] },
    { guard: 'isUnsupportedOnOpen', actions: [{ type: 'resetTo', params: { view: 'UnsupportedChain' } }, ...opened] },
    { guard: 'isConnected', actions: [{ type: 'resetTo', params: { view: 'Account' } }, 'openModal', 'ensureAccount', 'loadRemoteConfig', 'trackOpen'] },
    // Spec §2: the manual-WalletConnect option, or no adapter besides WalletConnect.
    { guard: 'isWalletConnectFirstOnMobile', actions: [{ type: 'resetTo', params: { view: 'AllWallets' } }, ...opened] },
    { guard: 'isWalletConnectFirstOnDesktop', actions: [{ type: 'resetTo', params: { view: 'ConnectingWalletConnectBasic' } }, 'startPairing', ...opened] },
    { actions: [{ type: 'resetTo', params: { view: 'Connect' } }, ...opened] },
  ]
  return rules as never
}

/**
 * The root actor of one modal instance: it owns the router, modal, toast, one connection per configured namespace
 * and the network actor from the start, spawns the feature machines (send, siwx, pairing, catalogue, account,
 * remoteConfig) on their first use (issue 15 §1: `feature.ensure`, `feature.deliver` and the intents below, each from
 * its loader), and coordinates them. Children never talk to each other: they emit, this machine listens (the
 * `childEvents` and `featureEvents` actors) and sends. No module state: two modals on one page own two roots.
 *
 * The chart (issue 15 §2): `boot` → `closed` ⇄ `open`, following the modal machine (`modal.opened`,
 * `modal.closed`). Within `open`, who holds the screen follows the router's current view (`router.changed`, the table
 * `screenHolders`): `browsing`, `connecting`, `signingIn`, `sending`; each takes the gestures of its views (Back,
 * the send form's, the sign view's). What happens whatever is shown (wallet, network, sign-in and send outcomes,
 * features arriving) is handled on the root itself. Guards read tags of other machines (`loading`, `awaitingSession`,
 * `prompting`, `returning`, `unsupported`, `connected`), never their state names.
 *
 * Opening (spec §2): a requested view with data; else UnsupportedChain when the active network is
 * unsupported, network switching is enabled and unsupported chains are not allowed; else Account when
 * connected, else Connect. Closing resets the view (embedded mode: Account if connected).
 *
 * Side effects that are not lifecycles (storage writes, debug logs) are named actions provided at
 * assembly: `persistConnection`, `persistAccount`, `forgetConnection`, `dropStoredConnections`,
 * `persistNetwork`, `reportNetworkNotFound`, `showAlert` (debug mode, each alert once), `trackOpen`,
 * `trackConnected` and `reportError` (analytics; wallet failures, not the user's rejections).
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
    // The feature machines: typed here, never imported (issue 15 §1). Each arrives by its loader or is provided.
    catalogue: featureNotProvided('catalogue') as unknown as FeatureMachines['catalogue'],
    remoteConfig: featureNotProvided('remoteConfig') as unknown as FeatureMachines['remoteConfig'],
    account: featureNotProvided('account') as unknown as FeatureMachines['account'],
    send: featureNotProvided('send') as unknown as FeatureMachines['send'],
    siwx: featureNotProvided('siwx') as unknown as FeatureMachines['siwx'],
    pairing: featureNotProvided('pairing') as unknown as FeatureMachines['pairing'],
    /** Fetches a feature's module and answers `feature.loaded` with its machine (or `feature.loadFailed`). */
    loadFeature: fromCallback<EventObject, { feature: FeatureId; load: () => Promise<AnyActorLogic> }>(({ input, sendBack }) => {
      let live = true
      input.load().then(
        (logic) => live && sendBack({ type: 'feature.loaded', feature: input.feature, logic }),
        (error: unknown) => live && sendBack({ type: 'feature.loadFailed', feature: input.feature, error }),
      )
      return () => {
        live = false
      }
    }),
    /** Relays every event a spawned feature emits to the root (found by its systemId). */
    featureEvents: fromCallback<RootEvent, { systemId: string }>(({ input, system, sendBack }) => {
      const sub = (system.get(input.systemId) as AnyActorRef | undefined)?.on('*', (event: RootEvent) => sendBack(event))
      return () => sub?.unsubscribe()
    }),
    watchConnectors: fromCallback<EventObject>(notProvided()),
    /** Relays every event a child emits to the root. */
    childEvents: fromCallback<RootEvent, { children: AnyActorRef[] }>(({ input, sendBack }) => {
      const subs = input.children.map((child) => child.on('*', (event: RootEvent) => sendBack(event)))
      return () => subs.forEach((s) => s.unsubscribe())
    }),
  },
  guards: {
    hasRequestedView: ({ event }) => event.type === 'app.open' && Boolean(event.view),
    /** `open({ view: 'Send' })` while connected: the form opens as from Account. */
    isRequestingSend: ({ context, event }) =>
      event.type === 'app.open' && event.view === 'Send' && isConnected(context) && !featureHasTag(context, 'send', 'loading'),
    isRequestingSendWhileBusy: ({ context, event }) => event.type === 'app.open' && event.view === 'Send' && featureHasTag(context, 'send', 'loading'),
    /** Spec §2: all four hold: the network is unsupported, switching on, unsupported chains not allowed, no basic remote-wallet session. */
    isUnsupportedOnOpen: ({ context }) =>
      context.network.getSnapshot().hasTag('unsupported') &&
      context.options.enableNetworkSwitch &&
      !context.options.allowUnsupportedChain &&
      !hasBasicRemoteWalletSession(context),
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
    /** The send views hold the screen. */
    isSending: stateIn('#root.open.sending'),
    /** A connecting view or the sign view holds the screen: a session found makes it pointless. */
    isOnSignInPath: or([stateIn('#root.open.connecting'), stateIn('#root.open.signingIn')]),
    /** The router's new view (`router.changed`), else the current one, is held by `holder` (views.ts `screenHolders`). */
    isHeldBy: ({ context, event }, params: { holder: ScreenHolder }) => screenHolders[event.type === 'router.changed' ? event.view : context.view] === params.holder,
    isOnSendViewWithoutTransaction: ({ context }) =>
      currentView(context) === 'SendPreview' && context.router.getSnapshot().context.transactionStack.length === 0,
    isSendBusy: ({ context }) => featureHasTag(context, 'send', 'loading'),
    isSiwxEnabled: ({ context }) => context.options.siwxEnabled,
    /** The sign-in prompt is up (or the wallet is signing): opening shows SIWXSignMessage. */
    isSiwxAwaiting: ({ context }) => featureHasTag(context, 'siwx', 'awaitingSession'),
    isSiwxPrompting: ({ context }) => featureHasTag(context, 'siwx', 'prompting'),
    /** A required cancel is switching the wallet back to the signed-in network. */
    isSiwxReturning: ({ context }) => featureHasTag(context, 'siwx', 'returning'),
    /** A cancel whose owner must disconnect (required, no session in this connection). */
    isCancelToDisconnect: ({ event }) => event.type === 'siwx.cancelled' && event.disconnect,
    /** A cancel that returns to the network of the newest session (required). */
    isCancelToReturn: ({ event }) => event.type === 'siwx.cancelled' && event.returnTo !== undefined,
    /** The WalletConnect connector was picked (its row in Connect): a pairing, not ConnectingExternal. */
    isWalletConnectPicked: ({ context, event }) =>
      event.type === 'app.selectWallet' && context.options.walletConnectConnectorId !== undefined && event.connectorId === context.options.walletConnectConnectorId,
    isWalletConnectEnabled: ({ context }) => context.options.walletConnectConnectorId !== undefined,
    /** Spec §2: opening while disconnected goes to WalletConnect (manual option, or no other adapter). */
    // With the allWallets feature off (issue 15 §3) a phone falls back to the plain WalletConnect view, as a desktop does.
    isWalletConnectFirstOnMobile: ({ context }) =>
      Boolean(context.options.walletConnectFirst && context.options.isMobile) && context.flags.allWallets && !isConnected(context),
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
    isTransactionStackFull: ({ context }) => {
      const router = context.router.getSnapshot().context
      return router.transactionStack.length >= router.transactionLimit
    },
  },
  actions: {
    resetToRequested: sendTo(
      ({ context }) => context.router,
      ({ event }) => {
        const e = event as Extract<AppEvent, { type: 'app.open' }>
        return { type: 'router.reset' as const, view: e.view!, ...(e.data ? { data: e.data } : {}) }
      },
    ),
    resetTo: sendTo(({ context }) => context.router, (_, params: { view: ViewName }) => ({ type: 'router.reset' as const, view: params.view })),
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
    replaceWith: sendTo(({ context }) => context.router, (_, params: { view: ViewName }) => ({ type: 'router.replace' as const, view: params.view })),
    pushTo: sendTo(({ context }) => context.router, (_, params: { view: ViewName }) => ({ type: 'router.push' as const, view: params.view })),
    pushView: sendTo(
      ({ context }) => context.router,
      ({ event }) => {
        const e = event as Extract<AppEvent, { type: 'app.push' }>
        return { type: 'router.push' as const, view: e.view, ...(e.data ? { data: e.data } : {}) }
      },
    ),
    goBack: sendTo(({ context }) => context.router, ({ context }) => ({ type: 'router.back' as const, isConnected: isConnected(context) })),
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
    /** The account and send state follow the active namespace's connection: its account, or none. */
    syncActiveAccount: enqueueActions(({ context, enqueue }: { context: RootContext; enqueue: SendQueue & { (action: string): void } }) => {
      if (isConnected(context)) {
        enqueue('syncAccount')
        enqueue('syncSend')
      } else {
        enqueue('clearAccount')
        enqueue('clearSend')
      }
    }) as never,
    /** The plain WalletConnect QR (the connector row, ConnectingWalletConnectBasic). */
    startPairing: toFeature('pairing', () => ({ type: 'pairing.start' }), { ensure: true }),
    /** A catalogue wallet over WalletConnect: its links open it on the URI. */
    startWalletPairing: toFeature(
      'pairing',
      ({ event }) => ({ type: 'pairing.start' as const, wallet: (event as Extract<AppEvent, { type: 'app.selectCatalogueWallet' }>).wallet }),
      { ensure: true },
    ),
    pushPairing: sendTo(({ context }) => context.router, { type: 'router.push', view: 'ConnectingWalletConnect' }),
    pushWalletPairing: sendTo(
      ({ context }) => context.router,
      ({ event }) => ({
        type: 'router.push' as const,
        view: 'ConnectingWalletConnect' as const,
        data: { walletId: (event as Extract<AppEvent, { type: 'app.selectCatalogueWallet' }>).wallet.id },
      }),
    ),
    retryPairing: toFeature('pairing', () => ({ type: 'pairing.retry' })),
    cancelPairing: toFeature('pairing', () => ({ type: 'pairing.cancel' })),
    /** The wallet approved the pairing: the eip155 connection reads the session (no second prompt). */
    connectPairedSession: sendTo(
      ({ context }) => context.connection,
      ({ context }) => ({ type: 'connection.request' as const, connectorId: context.options.walletConnectConnectorId ?? 'walletConnect' }),
    ),
    disconnect: sendTo(({ context }) => context.connection, { type: 'connection.disconnect' }),
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
     * pending switch is given up (issue 14). The network machine ignores it when nothing is pending.
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
    /** The project's remote configuration is fetched on the first opening (the machine ignores later ones). */
    loadRemoteConfig: toFeature('remoteConfig', () => ({ type: 'remoteConfig.load' }), { ensure: true }),
    /** The newly resolved feature set (issue 15 §3): the root's `flags`, and the `activity` flag to the account machine. */
    setFlags: assign(({ context, event }) => ({ flags: event.type === 'remoteConfig.ready' ? event.features : context.flags })),
    configureAccount: toFeature('account', ({ event }) => ({
      type: 'account.configure' as const,
      activity: (event as Extract<RemoteConfigEmitted, { type: 'remoteConfig.ready' }>).features.activity,
    })),
    /** Account data is wanted (Account opens): its machine is spawned or fetched. */
    ensureAccount: toFeature('account', () => undefined, { ensure: true }),
    /** A view's need (`feature.ensure`) or gesture (`feature.deliver`) for a feature. */
    ensureFeature: queueActions(({ context, event, enqueue }) => {
      if (event.type === 'feature.ensure') deliver(enqueue, context, event.feature, undefined, true)
      if (event.type === 'feature.deliver') deliver(enqueue, context, event.feature, event.event, true)
    }),
    /** A feature's module arrived: its machine is spawned and the events that waited for it are delivered in order. */
    spawnLoadedFeature: queueActions(({ context, event, enqueue }) => {
      if (event.type !== 'feature.loaded') return
      const id = event.feature
      enqueue.stopChild(`load.${id}`)
      enqueue.assign(({ context }) => ({ loading: context.loading.filter((f) => f !== id), pending: { ...context.pending, [id]: [] } }))
      if (context.features[id]) return
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
    toastFeatureLoadFailed: sendTo(({ context }) => context.toast, { type: 'toast.show', variant: 'error', message: featureLoadFailedMessage }),
    /** The account data follows the connected address and chain. */
    syncAccount: toFeature(
      'account',
      ({ context }) => {
        if (!isConnected(context)) return undefined
        const c = context.connection.getSnapshot().context
        const { network, supported } = walletNetwork(context, c.namespace, c.chainId)
        const target: AccountTarget = {
          address: c.address ?? '',
          caipNetworkId: `${c.namespace}:${c.chainId}`,
          namespace: c.namespace,
          testnet: network?.testnet ?? false,
          supported,
        }
        return { type: 'account.set' as const, target }
      },
    ),
    clearAccount: toFeature('account', () => ({ type: 'account.clear' })),
    /** The send state follows the connected account (another address or chain resets it, spec §4). */
    syncSend: toFeature(
      'send',
      ({ context }) => {
        if (!isConnected(context)) return undefined
        const c = context.connection.getSnapshot().context
        const { network, supported } = walletNetwork(context, c.namespace, c.chainId)
        const target: SendTarget = {
          address: c.address ?? '',
          caipNetworkId: `${c.namespace}:${c.chainId}`,
          namespace: c.namespace,
          connectorId: c.connectorId ?? '',
          supported,
          testnet: network?.testnet ?? false,
        }
        return { type: 'send.setTarget' as const, target }
      },
    ),
    clearSend: toFeature('send', () => ({ type: 'send.clear' })),
    openSend: toFeature(
      'send',
      ({ event }) => {
        const tokenKey = event.type === 'app.startSend' ? event.tokenKey : undefined
        return { type: 'send.open' as const, ...(tokenKey ? { tokenKey } : {}) }
      },
      { ensure: true },
    ),
    pickSendToken: toFeature('send', ({ event }) => ({ type: 'send.selectToken' as const, tokenKey: (event as Extract<AppEvent, { type: 'app.pickSendToken' }>).tokenKey })),
    reviewSend: toFeature('send', () => ({ type: 'send.review' })),
    editSend: toFeature('send', () => ({ type: 'send.edit' })),
    confirmSend: toFeature('send', () => ({ type: 'send.confirm' })),
    pushTransaction: sendTo(({ context }) => context.router, () => ({
      type: 'router.pushTransaction' as const,
      id: `send-${Date.now().toString(36)}`,
      onSuccess: 'Account' as const,
    })),
    popTransaction: sendTo(
      ({ context }) => context.router,
      ({ context }, params: { outcome: 'success' | 'error' | 'cancel' }) => ({ type: 'router.popTransaction' as const, outcome: params.outcome, isConnected: isConnected(context) }),
    ),
    clearTransactions: sendTo(({ context }) => context.router, { type: 'router.clearTransactions' }),
    /** After a send: the wallet's native balance and the Account data are read again, bypassing caches (spec §4). */
    refreshBalances: sendTo(({ context }) => context.connection, { type: 'connection.refreshBalance' }),
    reloadAccount: toFeature('account', ({ event }) => ({ type: 'account.reload' as const, ...(event.type === 'send.succeeded' ? { forceUpdate: event.tokenAddress } : {}) })),
    /** The wallet returned the hash: a loading toast until the outcome replaces it (spec §2 "Toasts"). */
    notifySubmitted: sendTo(({ context }) => context.toast, { type: 'toast.show', variant: 'loading', message: sendToastMessages.submitted }),
    notifySent: sendTo(({ context }) => context.toast, { type: 'toast.show', variant: 'success', message: sendToastMessages.sent }),
    /**
     * A send cleared before its outcome (disconnect, another account or chain) never replaces its loading toast: it
     * is hidden, if it is the toast shown (or the one about to show after the swap). Any other toast stays.
     */
    hideSendToast: enqueueActions(({ context, enqueue }: { context: RootContext; enqueue: SendQueue }) => {
      const toast = context.toast.getSnapshot()
      const shown = toast.hasTag('swapping') ? toast.context.next : toast.hasTag('visible') ? toast.context.current : undefined
      if (shown?.variant === 'loading' && shown.message === sendToastMessages.submitted) enqueue.sendTo(context.toast, { type: 'toast.hide' })
    }) as never,
    notifyStackFull: sendTo(({ context }) => context.toast, { type: 'toast.show', variant: 'error', message: 'Too many pending transactions' }),
    /** The connected account and chain go to the SIWX machine (sessions are per address and chain); nothing without the option. */
    syncSiwx: toFeature(
      'siwx',
      ({ context }) => {
        const c = context.connection.getSnapshot().context
        const target: SiwxTarget = { address: c.address ?? '', caipNetworkId: `${c.namespace}:${c.chainId}`, namespace: c.namespace, connectorId: c.connectorId ?? '' }
        return { type: 'siwx.connected', target }
      },
      { ensure: true },
    ),
    /** Spec §4: SIWX signs out on disconnect (the machine knows whether it is configured to). */
    signOutSiwx: toFeature('siwx', () => ({ type: 'siwx.disconnected' })),
    signIn: toFeature('siwx', () => ({ type: 'siwx.sign' })),
    cancelSignIn: toFeature('siwx', () => ({ type: 'siwx.cancel' })),
    setCloseBlocked: sendTo(
      ({ context }) => context.modal,
      ({ event }) => ({ type: 'modal.setCloseBlocked' as const, blocked: event.type === 'siwx.closeBlocked' && event.blocked }),
    ),
    /** With no connection, no sign-in can be required. */
    allowClose: sendTo(({ context }) => context.modal, { type: 'modal.setCloseBlocked', blocked: false }),
    /**
     * Required cancel with an earlier session (spec §4): the wallet goes back to that session's network. The sign
     * view stays (it says so) and the modal stays unclosable until the chain change finds the session.
     */
    returnToSignedInNetwork: sendTo(
      ({ context }) => context.network,
      ({ context, event }) => ({
        type: 'network.switch' as const,
        caipNetworkId: (event as Extract<SiwxEmitted, { type: 'siwx.cancelled' }>).returnTo!,
        connectorId: context.connection.getSnapshot().context.connectorId,
      }),
    ),
    /** The wallet did not return to the signed-in network: the prompt again. */
    siwxReturnFailed: toFeature('siwx', () => ({ type: 'siwx.returnFailed' })),
    toastSignFailed: sendTo(({ context }) => context.toast, { type: 'toast.show', variant: 'error', message: siwxMessages.signFailed }),
    toastInitFailed: sendTo(({ context }) => context.toast, { type: 'toast.show', variant: 'error', message: siwxMessages.initFailed }),
    forwardWalletDisconnected: sendTo(({ context }) => context.network, { type: 'network.walletDisconnected' }),
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
        message: (event as { error?: { message?: string } }).error?.message ?? 'Unknown error',
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
    trackSignIn: () => {},
    reportError: () => {},
  },
}).createMachine({
  id: 'root',
  context: ({ input, spawn }) => {
    const { options } = input
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
      // No feature machine yet: each is spawned on its first use (issue 15 §1).
      features: {},
      loaders: input.features ?? {},
      loading: [],
      pending: {},
      featureInputs: { catalogue: input.catalogue, siwx: input.siwx, remoteConfig: input.remoteConfig },
      // The local options' feature set until the remote config resolves it (spec §6).
      flags: resolveFeatures(input.remoteConfig?.local ?? {}, undefined, { basic: input.remoteConfig?.basic ?? false }).features,
      basic: input.remoteConfig?.basic ?? false,
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
     * The modal is not shown. Wallets, networks, sign-in and sends still run (the root's own handlers); opening picks
     * the first view by the open rules (spec §2), and a sign-in that waits for the visitor opens it too.
     */
    closed: {
      on: {
        // The modal machine entered `open` (after `openModal`, which the open rules, a sign-in prompt or a failed
        // signature send): the root follows it.
        'modal.opened': { target: 'open' },
      },
    },
    /**
     * The modal is shown. Who holds the screen follows the router's current view (`router.changed`; the table is
     * `screenHolders` in views.ts): browsing (Connect, Account, the network and wallet lists, Receive), connecting (a
     * browser wallet or a WalletConnect pairing), signingIn (SIWXSignMessage), sending (the send form, picker and
     * preview). Closing ends when the modal's exit animation does (`modal.closed`).
     */
    open: {
      initial: 'routing',
      on: {
        'router.changed': [
          { guard: { type: 'isHeldBy', params: { holder: 'connecting' } }, target: '.connecting', actions: 'setView' },
          { guard: { type: 'isHeldBy', params: { holder: 'signingIn' } }, target: '.signingIn', actions: 'setView' },
          { guard: { type: 'isHeldBy', params: { holder: 'sending' } }, target: '.sending', actions: 'setView' },
          { target: '.browsing', actions: 'setView' },
        ],
        'app.close': { actions: 'closeModal' },
        'router.closeRequested': { actions: 'closeModal' },
        'app.push': { actions: 'pushView' },
        'app.selectWallet': [
          { guard: 'isWalletConnectPicked', actions: ['pushPairing', 'startPairing'] },
          { actions: ['pushConnecting', 'requestConnection'] },
        ],
        // Without WalletConnect a catalogue wallet cannot connect here (the view opens its web page instead).
        'app.selectCatalogueWallet': { guard: 'isWalletConnectEnabled', actions: ['pushWalletPairing', 'startWalletPairing'] },
        'app.openedWalletLink': { actions: 'persistDeepLinkChoice' },
        'app.confirmNamespaceSwitch': {
          actions: ['setActiveNamespace', 'setNetworkFromEvent', 'clearSend', 'clearTransactions', 'syncActiveAccount', 'persistActiveNamespace', { type: 'replaceWith', params: { view: 'Connect' } }],
        },
        'app.startSend': [
          // A send still waiting for the wallet or the chain: its preview, not a second form.
          { guard: 'isSendBusy', actions: { type: 'pushTo', params: { view: 'SendPreview' } } },
          { actions: [{ type: 'pushTo', params: { view: 'Send' } }, 'openSend'] },
        ],
        'modal.closed': [
          // Not required (else the modal could not close): dismissing the prompt is a cancel.
          {
            guard: 'isSiwxPrompting',
            target: '#root.closed',
            actions: ['cancelSignIn', 'cancelConnection', 'cancelPairing', 'cancelNetworkSwitch', 'clearTransactions', { type: 'resetTo', params: { view: 'Connect' } }],
          },
          {
            guard: 'isEmbeddedAndConnected',
            target: '#root.closed',
            actions: ['cancelConnection', 'cancelPairing', 'cancelNetworkSwitch', 'clearTransactions', { type: 'resetTo', params: { view: 'Account' } }],
          },
          { target: '#root.closed', actions: ['cancelConnection', 'cancelPairing', 'cancelNetworkSwitch', 'clearTransactions', { type: 'resetTo', params: { view: 'Connect' } }] },
        ],
      },
      states: {
        /** Entering: the holder of the view the router shows now (the open rules set it just before). */
        routing: {
          always: [
            { guard: { type: 'isHeldBy', params: { holder: 'connecting' } }, target: 'connecting' },
            { guard: { type: 'isHeldBy', params: { holder: 'signingIn' } }, target: 'signingIn' },
            { guard: { type: 'isHeldBy', params: { holder: 'sending' } }, target: 'sending' },
            { target: 'browsing' },
          ],
        },
        /** Connect, Account, AllWallets, the network views, Receive. */
        browsing: {
          on: {
            // Leaving SwitchNetwork gives up a switch the wallet has not answered (issue 14).
            'app.back': [{ guard: { type: 'isOnView', params: { view: 'SwitchNetwork' } }, actions: ['cancelNetworkSwitch', 'goBack'] }, { actions: 'goBack' }],
          },
        },
        /** Waiting for a browser wallet (ConnectingExternal) or a WalletConnect pairing (the QR code, the wallet's links). */
        connecting: {
          on: {
            'app.back': [
              { guard: { type: 'isOnView', params: { view: 'ConnectingExternal' } }, actions: ['cancelConnection', 'goBack'] },
              { actions: ['cancelPairing', 'cancelConnection', 'goBack'] },
            ],
            'app.retryPairing': { actions: ['cancelConnection', 'retryPairing'] },
          },
        },
        /** SIWXSignMessage: the visitor signs in or cancels (spec §2 "Sign-in prompt", §4 "Sign-in (SIWX)"). */
        signingIn: {
          on: {
            'app.signIn': { actions: 'signIn' },
            'app.cancelSignIn': { actions: 'cancelSignIn' },
          },
        },
        /** The send form, its token picker and the preview (spec §4 Send). */
        sending: {
          on: {
            'app.back': [
              // The wallet is asked or the transaction is on its way: the preview stays until they answer (leaving
              // could send twice). Closing the modal stays possible; the answer is still handled.
              { guard: 'isSendBusy' },
              { guard: { type: 'isOnView', params: { view: 'SendPreview' } }, actions: ['editSend', 'goBack'] },
              { actions: 'goBack' },
            ],
            'app.chooseSendToken': { actions: { type: 'pushTo', params: { view: 'SendSelectToken' } } },
            'app.pickSendToken': { actions: ['pickSendToken', 'goBack'] },
            'app.reviewSend': { actions: 'reviewSend' },
            'app.confirmSend': [{ guard: 'isTransactionStackFull', actions: 'notifyStackFull' }, { actions: ['pushTransaction', 'confirmSend'] }],
          },
        },
      },
    },
  },
  invoke: [
    { src: 'watchConnectors' },
    {
      src: 'childEvents',
      input: ({ context }) => ({
        children: [context.router, context.modal, context.toast, context.connection, context.network, ...otherConnections(context)],
      }),
    },
  ],
  // Handled whatever the modal shows: wallets, networks, the remote config, features arriving, sends and sign-in outcomes.
  on: {
    // Opening (spec §2 "Opening the modal"): the first view by the open rules, then the modal opens (`modal.opened`
    // moves the root to `open`); the same rules reset the view when the modal is already open.
    'app.open': openRules(),
    // A sign-in waits for the visitor: the prompt, opening the modal if it was closed.
    'siwx.prompt': { actions: [{ type: 'resetTo', params: { view: 'SIWXSignMessage' } }, 'openModal'] },
    // The view reopens with the message (the modal may have been closed meanwhile when not required).
    'siwx.signFailed': { actions: [{ type: 'resetTo', params: { view: 'SIWXSignMessage' } }, 'openModal', 'toastSignFailed'] },
    'router.changed': { actions: 'setView' },
    'remoteConfig.alert': { actions: 'showAlert' },
    // The resolved feature set changed: the root's flags, and the account machine's activity flag.
    'remoteConfig.ready': { actions: ['setFlags', 'configureAccount'] },
    // Features arrive on intent (issue 15 §1): a view's need or gesture, then the module's arrival.
    'feature.ensure': { actions: 'ensureFeature' },
    'feature.deliver': { actions: 'ensureFeature' },
    'feature.loaded': { actions: 'spawnLoadedFeature' },
    'feature.loadFailed': { actions: ['dropFailedFeature', 'toastFeatureLoadFailed'] },
    'app.notify': { actions: 'notify' },
    'app.viewLoaded': { actions: 'markLoaded' },
    'pairing.approved': { actions: 'connectPairedSession' },
    'pairing.failed': { actions: 'reportError' },
    'app.disconnect': { actions: 'disconnect' },
    'app.selectNetwork': [
      // Spec §2: connected here, no address in the other namespace: SwitchActiveChain, then Connect.
      { guard: 'isOtherNamespaceWithoutAccount', actions: 'pushSwitchActiveChain' },
      // Spec §4: a switch to a different namespace marks a namespace switch, resets the send state, stores the network.
      {
        guard: 'isOtherNamespaceNetwork',
        actions: ['setActiveNamespace', 'setNetworkFromEvent', 'clearSend', 'clearTransactions', 'syncActiveAccount', 'persistActiveNamespace', 'leaveNetworkList'],
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
    'send.previewing': { actions: { type: 'pushTo', params: { view: 'SendPreview' } } },
    // Handed to the chain: the loading toast until the outcome replaces it (spec §2 "Toasts").
    'send.submitted': { actions: 'notifySubmitted' },
    // Without a stack entry (the modal was closed and reopened meanwhile), the views are moved here.
    'send.succeeded': [
      {
        guard: 'isOnSendViewWithoutTransaction',
        actions: [{ type: 'resetTo', params: { view: 'Account' } }, 'refreshBalances', 'reloadAccount', 'notifySent'],
      },
      { actions: [{ type: 'popTransaction', params: { outcome: 'success' } }, 'refreshBalances', 'reloadAccount', 'notifySent'] },
    ],
    'send.cancelled': [
      { guard: 'isOnSendViewWithoutTransaction', actions: { type: 'replaceWith', params: { view: 'Send' } } },
      { actions: { type: 'popTransaction', params: { outcome: 'cancel' } } },
    ],
    'send.failed': [
      { guard: 'isOnSendViewWithoutTransaction', actions: [{ type: 'replaceWith', params: { view: 'Send' } }, 'toastError', 'reportError'] },
      { actions: [{ type: 'popTransaction', params: { outcome: 'error' } }, 'toastError', 'reportError'] },
    ],
    'router.transactionStackFull': { actions: 'notifyStackFull' },

    'connection.connected': [
      // Another namespace's stored connection came back (spec §3: each namespace keeps its own).
      { guard: 'isOtherNamespaceEvent', actions: 'persistConnection' },
      { guard: 'isRestored', actions: ['persistConnection', 'forwardWalletChain', 'syncAccount', 'syncSend', 'syncSiwx'] },
      // With SIWX the modal stays for the session check: a session found closes it, none shows the prompt.
      { guard: 'isSiwxEnabled', actions: ['rememberRecentWallet', 'persistConnection', 'forwardWalletChain', 'trackConnected', 'syncAccount', 'syncSend', 'syncSiwx'] },
      { actions: ['rememberRecentWallet', 'persistConnection', 'forwardWalletChain', 'closeModal', 'trackConnected', 'syncAccount', 'syncSend'] },
    ],
    // Another account or chain resets the send state (spec §4), its loading toast hidden; the send views leave for Account.
    'connection.accountChanged': [
      { guard: 'isOtherNamespaceEvent', actions: 'persistAccount' },
      { guard: 'isSending', actions: ['persistAccount', 'syncAccount', 'syncSend', 'hideSendToast', 'syncSiwx', 'clearTransactions', { type: 'resetTo', params: { view: 'Account' } }] },
      { actions: ['persistAccount', 'syncAccount', 'syncSend', 'hideSendToast', 'syncSiwx'] },
    ],
    'connection.chainChanged': [
      { guard: 'isOtherNamespaceEvent' },
      { guard: 'isSending', actions: ['forwardWalletChain', 'syncAccount', 'syncSend', 'hideSendToast', 'syncSiwx', 'clearTransactions', { type: 'resetTo', params: { view: 'Account' } }] },
      { actions: ['forwardWalletChain', 'syncAccount', 'syncSend', 'hideSendToast', 'syncSiwx'] },
    ],
    'connection.disconnected': [
      { guard: 'isOtherNamespaceEvent', actions: 'forgetConnection' },
      // A cleared send never reports its outcome: its transaction stack entry goes with it.
      { guard: 'isUserDisconnect', actions: ['forgetConnection', 'forwardWalletDisconnected', 'clearAccount', 'clearSend', 'hideSendToast', 'clearTransactions', 'signOutSiwx', 'allowClose', 'closeModal'] },
      {
        guard: 'isModalOpen',
        actions: ['forgetConnection', 'forwardWalletDisconnected', 'clearAccount', 'clearSend', 'hideSendToast', 'clearTransactions', 'signOutSiwx', 'allowClose', { type: 'resetTo', params: { view: 'Connect' } }],
      },
      { actions: ['forgetConnection', 'forwardWalletDisconnected', 'clearAccount', 'clearSend', 'hideSendToast', 'clearTransactions', 'signOutSiwx', 'allowClose'] },
    ],

    // Sign-in outcomes (spec §2 "Sign-in prompt", §4 "Sign-in (SIWX)").
    'siwx.closeBlocked': { actions: 'setCloseBlocked' },
    // With SIWX the connecting or sign view stays for the session check: a session found makes it pointless.
    'siwx.sessionFound': [{ guard: 'isOnSignInPath', actions: 'closeModal' }, {}],
    'siwx.signedIn': { actions: ['closeModal', 'trackSignIn'] },
    'siwx.initFailed': { actions: ['disconnect', { type: 'resetTo', params: { view: 'Connect' } }, 'toastInitFailed'] },
    'siwx.cancelled': [
      { guard: 'isCancelToDisconnect', actions: 'disconnect' },
      { guard: 'isCancelToReturn', actions: 'returnToSignedInNetwork' },
      { actions: 'closeModal' },
    ],

    'network.changed': { actions: 'persistNetwork' },
    'network.switched': [
      { guard: { type: 'isOnView', params: { view: 'SwitchNetwork' } }, actions: 'goBack' },
      { guard: { type: 'isOnView', params: { view: 'UnsupportedChain' } }, actions: 'closeModal' },
    ],
    'network.switchRejected': [{ guard: 'isSiwxReturning', actions: 'siwxReturnFailed' }, {}],
    'network.switchFailed': [
      { guard: 'isSiwxReturning', actions: ['siwxReturnFailed', 'toastError', 'reportError'] },
      { actions: ['goBack', 'toastError', 'reportError'] },
    ],
    'connection.failed': { actions: 'reportError' },
    // A required cancel returning to a network the dapp does not configure cannot switch: the prompt again.
    'network.notFound': [{ guard: 'isSiwxReturning', actions: ['reportNetworkNotFound', 'siwxReturnFailed'] }, { actions: 'reportNetworkNotFound' }],
  },
})

export type RootActor = ActorRefFrom<typeof rootMachine>
