import type { AnyActorLogic, EventObject } from 'xstate'
import type { AccountChange, ConnectedAccount, FeatureFacts, FeatureRegistration, RootMoment } from './features.ts'
import { isConnected, walletNetwork, walletOf, type RootContext, type RootEvent } from './root.context.ts'
import { rootSetup } from './root.setup.ts'
import type { ViewName } from './views.ts'

/*
 * The root's feature host: how the root spawns a feature on its first use (at once, or once its module is fetched),
 * delivers it the events meant for it, and forwards it the root's moments (opened, closed, the flags, a network
 * outcome, the account, `open({ view })`, Back, a claimed connector) as events its own chart handles
 * ({@link RootMoment}). The root's own chart (machines/root.ts) names these actions and guards; no feature is named here.
 */

/** The queue of the root's `enqueueActions` (typed by its setup): the feature host's helpers enqueue on it. */
type FeatureQueue = Parameters<Parameters<typeof rootSetup.enqueueActions>[0]>[0]['enqueue']

/** The connected account of the active namespace as features receive it; undefined when not connected. */
export function connectedAccount(context: RootContext): ConnectedAccount | undefined {
  if (!isConnected(context)) return undefined
  const namespace = context.activeNamespace
  const c = walletOf(context, namespace)!
  const { network, supported } = walletNetwork(context, namespace, c.chainId)
  return {
    address: c.address ?? '',
    ...(c.accounts ? { accounts: c.accounts } : {}),
    caipNetworkId: `${namespace}:${c.chainId}`,
    namespace,
    connectorId: c.connectorId ?? '',
    supported,
    testnet: network?.testnet ?? false,
  }
}

/** The feature whose views include `view`, if any. */
export function holderOf(context: RootContext, view: ViewName): FeatureRegistration | undefined {
  return Object.values(context.registry).find((r) => r.views?.includes(view))
}

/** The view is a way of connecting: ConnectingExternal, or a view of a `connecting` feature (WalletConnect's QR). */
export function isConnectingView(context: RootContext, view: ViewName): boolean {
  return view === 'ConnectingExternal' || holderOf(context, view)?.connecting === true
}

/** {@link featureFacts} per root context: a context is never changed in place (each `assign` makes a new one). */
const factsOf = new WeakMap<RootContext, FeatureFacts>()

/**
 * What a registration's `available` and `input` are asked with: the root's own state only (no child's snapshot).
 * Computed once per context: telling every feature a moment asks each registration's `available` with the same facts.
 */
export function featureFacts(context: RootContext): FeatureFacts {
  let facts = factsOf.get(context)
  if (!facts) {
    facts = computeFacts(context)
    factsOf.set(context, facts)
  }
  return facts
}

function computeFacts(context: RootContext): FeatureFacts {
  return {
    view: context.view,
    holder: holderOf(context, context.view)?.id,
    isConnecting: isConnectingView(context, context.view),
    account: connectedAccount(context),
    connection: activeConnection(context),
    flags: context.flags,
  }
}

/** The systemId of the active namespace's connection (`connection.eip155`). */
export function activeConnection(context: RootContext): string {
  return `connection.${context.activeNamespace}`
}

/** A feature may exist now: registered, and its flag or option on. */
export function isAvailable(context: RootContext, id: string): boolean {
  const registration = context.registry[id]
  return Boolean(registration) && (registration!.available?.(featureFacts(context)) ?? true)
}

/** The spawned feature `id` has `tag`, as its relay last reported (`feature.tags`). */
export function featureHasTag(context: RootContext, id: string, tag: string): boolean {
  return context.featureTags[id]?.includes(tag) ?? false
}

/** Spawns a feature's machine (the loaded logic, or the registration's) with its input, and its tags' relay. */
function spawnFeature(enqueue: FeatureQueue, context: RootContext, id: string, logic: AnyActorLogic | undefined) {
  // A registration without a `load` has its `logic` (FeatureRegistration): there is always one to spawn.
  const src = logic ?? context.registry[id]?.logic
  if (!src) return
  enqueue.assign(({ context, spawn }) => {
    const input = context.registry[id]!.input?.(featureFacts(context))
    // The feature's id is its child id (the inspector and the model walks name it so).
    // Type assertion: XState types `spawn(logic, options)` of a logic object (not a named actor) with `id?: never`; the runtime takes one.
    const options = { id, systemId: id, input } as { systemId: string; input: unknown }
    return { features: { ...context.features, [id]: spawn(src, options) } }
  })
  enqueue.spawnChild('featureTags', { id: `tags.${id}`, input: { systemId: id } })
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
    spawnFeature(enqueue, context, id, undefined)
    if (event) enqueue.sendTo(({ context }) => context.features[id]!, event)
    return
  }
  if (event) enqueue.assign(({ context }) => ({ pending: { ...context.pending, [id]: [...(context.pending[id] ?? []), event] } }))
  enqueue.assign(({ context }) => ({ loading: [...context.loading, id] }))
  enqueue.spawnChild('loadFeature', { id: `load.${id}`, input: { feature: id, load } })
}

/** The root's moments a feature hears (see {@link RootMoment}), by the root's event that makes each. */
export type Moment = 'root.opened' | 'root.closing' | 'root.closed' | 'root.flags' | 'root.network' | 'root.account'

/**
 * Tells every available feature about a moment: a spawned one receives it as an event its own chart handles
 * ({@link RootMoment}), one not there yet is brought by it when its registration wakes on it (`wakesOn`), the moment
 * waiting for it (registration order).
 */
function tellFeatures(enqueue: FeatureQueue, context: RootContext, moment: Moment, event: RootEvent, change?: AccountChange) {
  const told = momentOf(context, moment, event, change)
  if (!told) return
  for (const registration of Object.values(context.registry)) {
    if (!isAvailable(context, registration.id)) continue
    if (context.features[registration.id]) enqueue.sendTo(context.features[registration.id]!, told)
    else if (wakesOn(registration, told, context)) deliver(enqueue, context, registration.id, told, true)
  }
}

/** A moment as features receive it (see {@link RootMoment}); none for an account moment without its change. */
function momentOf(context: RootContext, moment: Moment, event: RootEvent, change: AccountChange | undefined): RootMoment | undefined {
  switch (moment) {
    case 'root.account':
      return change
        ? {
            type: 'root.account',
            change,
            account: connectedAccount(context),
            holder: holderOf(context, context.view)?.id,
            connecting: isConnectingView(context, context.view),
            connection: activeConnection(context),
            ...(event.type === 'connection.disconnected' ? { reason: event.reason } : {}),
          }
        : undefined
    case 'root.opened':
      return { type: 'root.opened', account: connectedAccount(context) }
    case 'root.closing':
      return { type: 'root.closing', view: context.view }
    case 'root.closed':
      return { type: 'root.closed', view: context.view }
    case 'root.flags':
      return { type: 'root.flags', flags: context.flags }
    case 'root.network':
      return event.type === 'network.switchRejected' || event.type === 'network.switchFailed' || event.type === 'network.notFound' ? { type: 'root.network', outcome: event.type } : undefined
  }
}

/** The moment brings the feature into being when it is not there yet (see {@link FeatureRegistration.wakesOn}). */
function wakesOn(registration: FeatureRegistration, moment: RootMoment, context: RootContext): boolean {
  const wakes = registration.wakesOn
  if (moment.type === 'root.opened') return wakes?.opened === 'always' || (wakes?.opened === 'connected' && moment.account !== undefined)
  if (moment.type === 'root.account') return moment.account ? Boolean(wakes?.account?.(moment.account, moment.change)) : Boolean(moment.reason && wakes?.ended?.(moment.reason))
  if (moment.type === 'root.flags') return wakes?.flags === 'connected' && connectedAccount(context) !== undefined
  return false
}

/** The spawned feature that holds the opening (its `opensOn` tag, as last reported), if any. */
export function heldOpening(context: RootContext): FeatureRegistration | undefined {
  return Object.values(context.registry).find((r) => r.opensOn && featureHasTag(context, r.id, r.opensOn.tag))
}

/** The claimed connector's feature, if available (see {@link FeatureRegistration.claims}). */
export function claimantOf(context: RootContext, connectorId: string): FeatureRegistration | undefined {
  return Object.values(context.registry).find((r) => r.claims?.(connectorId) && isAvailable(context, r.id))
}

/** Tells every available feature about a moment (`root.opened`, `root.closing`, `root.closed`, `root.flags`, `root.network`). */
function tell(moment: Exclude<Moment, 'root.account'>) {
  return rootSetup.enqueueActions(({ context, event, enqueue }) => tellFeatures(enqueue, context, moment, event))
}

/** Tells every available feature that the active account changed, and how. */
function announce(change: AccountChange) {
  return rootSetup.enqueueActions(({ context, event, enqueue }) => tellFeatures(enqueue, context, 'root.account', event, change))
}

/** `open({ view })` of a feature's view (or `fixed`): the holder hears `root.open` (see {@link FeatureRegistration.opensWith}). */
function openView(fixed: ViewName | undefined) {
  return rootSetup.enqueueActions(({ context, event, enqueue }) => {
    const view = fixed ?? (event.type === 'app.open' ? event.view : undefined)
    const holder = view ? holderOf(context, view) : undefined
    if (!view || !holder || !isAvailable(context, holder.id)) return
    const data = event.type === 'app.open' ? event.data : undefined
    // The feature's own chart handles the opening (`root.open`), spawned or fetched first (see `opensWith`).
    const opening: RootMoment = { type: 'root.open', view, data }
    if (holder.opensWith === 'always' || (holder.opensWith === 'connected' && connectedAccount(context))) deliver(enqueue, context, holder.id, opening, true)
  })
}

/** The feature host's actions, spread into the root's `setup({ actions })`. */
export const featureActions = {
  /** Tells every available feature the modal opened. */
  tellOpened: tell('root.opened'),
  /** Tells every available feature the modal began to close (its exit transition: the close is no longer refused). */
  tellClosing: tell('root.closing'),
  /** Tells every available feature the modal closed. */
  tellClosed: tell('root.closed'),
  /** Tells every available feature the resolved feature set changed. */
  tellFlags: tell('root.flags'),
  /** Tells every available feature a network outcome (rejected, failed, not found). */
  tellNetworkOutcome: tell('root.network'),
  /** Tells every available feature that the active account connected. */
  announceConnected: announce('connected'),
  /** … that a stored connection came back. */
  announceRestored: announce('restored'),
  /** … that the wallet's account or chain changed. */
  announceChanged: announce('changed'),
  /** … that the wallet disconnected. */
  announceDisconnected: announce('disconnected'),
  /** … that another namespace became active. */
  announceSwitched: announce('switched'),
  /** `open({ view })` of a feature's view: the holder hears `root.open`. */
  openFeatureView: openView(undefined),
  /** Spec §2: opening goes to ConnectingWalletConnectBasic, a feature's view: the holder hears `root.open`. */
  openWalletConnectBasic: openView('ConnectingWalletConnectBasic'),
  /** Back on a feature's view (not busy): the holder hears `root.back`, before the root goes back. */
  featureBack: rootSetup.enqueueActions(({ context, enqueue }) => {
    const holder = holderOf(context, context.view)
    if (!holder) return
    // A feature not spawned has nothing to leave.
    const back: RootMoment = { type: 'root.back', view: context.view }
    deliver(enqueue, context, holder.id, back, false)
  }),
  /** A claimed connector picked in Connect: the claiming feature hears `root.select`, spawned or fetched first. */
  featureSelect: rootSetup.enqueueActions(({ context, event, enqueue }) => {
    if (event.type !== 'app.selectWallet') return
    const claimant = claimantOf(context, event.connectorId)!
    const select: RootMoment = { type: 'root.select', connectorId: event.connectorId }
    deliver(enqueue, context, claimant.id, select, true)
  }),
  /** A view's need (`feature.ensure`) or gesture (`feature.deliver`): the event to the feature, spawned or fetched first. */
  ensureFeature: rootSetup.enqueueActions(({ context, event, enqueue }) => {
    if (event.type === 'feature.ensure') deliver(enqueue, context, event.feature, undefined, true)
    // A gesture for a feature that is off (or unknown) is dropped, with whatever it would have moved.
    if (event.type === 'feature.deliver' && isAvailable(context, event.feature)) deliver(enqueue, context, event.feature, event.event, true)
  }),
  /** A feature's module arrived: its machine is spawned and the events that waited for it are delivered in order. */
  spawnLoadedFeature: rootSetup.enqueueActions(({ context, event, enqueue }) => {
    if (event.type !== 'feature.loaded') return
    const id = event.feature
    enqueue.stopChild(`load.${id}`)
    enqueue.assign(({ context }) => ({ loading: context.loading.filter((f) => f !== id), pending: { ...context.pending, [id]: [] } }))
    if (context.features[id]) return
    spawnFeature(enqueue, context, id, event.logic)
    for (const waiting of context.pending[id] ?? []) enqueue.sendTo(({ context }) => context.features[id]!, waiting)
  }),
  /** A feature's module failed to load (offline, a deploy replaced the chunks): what waited is dropped; the next intent fetches again. */
  dropFailedFeature: rootSetup.enqueueActions(({ event, enqueue }) => {
    if (event.type !== 'feature.loadFailed') return
    const id = event.feature
    enqueue.stopChild(`load.${id}`)
    enqueue.assign(({ context }) => ({ loading: context.loading.filter((f) => f !== id), pending: { ...context.pending, [id]: [] } }))
  }),
}
