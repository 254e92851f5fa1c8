import { useSelector } from './useSelector.ts'
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react'
import type { EventFromLogic } from 'xstate'
import type { AccountView } from '../machines/connection.connect.ts'
import type { ModalView } from '../machines/modal.connect.ts'
import type { NetworkView } from '../machines/network.connect.ts'
import type { CoreInstance } from './createModal.core.ts'
import type { FeatureExtraGestures, FeatureMachineId, FeatureMachines, FeatureRefs } from './assemble/index.ts'
import type { Features } from '../services/features.ts'
import { useModalInstance } from './context.ts'
import { CoreNotReadyError } from './errors.ts'

/*
 * The hooks' contract with the feature machines (STYLE rules 3 and 14). Feature machines (send, siwx,
 * pairing, catalogue, account, remoteConfig) are spawned on intent, their module fetched by `import()`: a hook never
 * assumes one is there. It selects the feature's actor from the root (`context.features.<id>`, re-rendering when it
 * arrives), passes its snapshot or `undefined` to the feature's `connect*`, which answers a "not loaded yet" view model
 * (`loaded: false`, loading flags, empty lists, an idle phase), and sends every gesture for the feature through the root
 * (`feature.deliver`), which fetches the feature if needed and delivers the gesture in order once it is there.
 *
 * This module is in the page's first JS (the modal shell and the React entry use it): it holds the hooks of what opening
 * needs and the plumbing above. The page's first JS holds no machine: the view-model functions come with
 * the core (`core.connect`), and the public hooks (`useModal`, `useAccount`, `useNetwork`, `useFeatures`) answer the
 * facade's start state until the core is in (`useCore()`), re-rendering when it arrives. The other hooks serve the
 * modal's shell and views, which render only once the core is in. Each feature's hook lives in `ui/hooks/<feature>.ts` (catalogue, account, send, siwx,
 * pairing), imported only by that feature's views, so neither a feature machine nor its view model is in the first JS.
 */

/** Shallow JSON equality for view models (they are small and serialisable); the feature hooks (`ui/hooks/*.ts`) use it too. */
export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * The modal's core once it is in, else `undefined`; the component re-renders when it arrives.
 * @example const core = useCore() // undefined before the first intent
 */
export function useCore(): CoreInstance | undefined {
  const modal = useModalInstance()
  return useSyncExternalStore(modal.subscribeCore, modal.peekCore, noCore)
}
const noCore = () => undefined

/** The core, for the shell's and views' hooks (they render only once it is in). */
function useLoadedCore(): CoreInstance {
  const core = useCore()
  if (!core) throw new CoreNotReadyError()
  return core
}

/** The root's always-there children (modal, router, toast, network) and options: read once, they never change. */
function useRefs() {
  return useLoadedCore().actor.getSnapshot().context
}

/**
 * A feature's actor, `undefined` until the root has spawned it; the component re-renders when it arrives.
 * @example const catalogue = useFeatureActor('catalogue') // ActorRef | undefined
 */
export function useFeatureActor<K extends FeatureMachineId>(feature: K): FeatureRefs[K] {
  return useSelector(useModalInstance().actor, (s) => s.context.features[feature] as FeatureRefs[K])
}

/** A gesture meant for a feature's machine: one of its events. */
export type FeatureGesture<K extends FeatureMachineId> = EventFromLogic<FeatureMachines[K]> | (K extends keyof FeatureExtraGestures ? FeatureExtraGestures[K] : never)

/**
 * Sends gestures to a feature through the root (`feature.deliver`): the root spawns or fetches the feature when it is
 * not there yet and delivers the events in the order sent once it is. Views never send to a feature's actor directly.
 * @example const deliver = useDeliver('catalogue'); deliver({ type: 'catalogue.loadMore' })
 */
export function useDeliver<K extends FeatureMachineId>(feature: K): (event: FeatureGesture<K>) => void {
  const root = useModalInstance().actor
  return useCallback((event: FeatureGesture<K>) => root.send({ type: 'feature.deliver', feature, event }), [root, feature])
}

/**
 * Asks the root for a feature's machine when the component mounts (`feature.ensure`): spawned at once, or fetched then
 * spawned. A feature whose flag or option is off is left out by the root.
 * @example useEnsureFeature('account')
 */
export function useEnsureFeature(feature: FeatureMachineId): void {
  const root = useModalInstance().actor
  useEffect(() => root.send({ type: 'feature.ensure', feature }), [root, feature])
}

/**
 * Opens and closes the modal. `open({ view, data })` opens a specific view (spec §2).
 * @example const { open, close, isOpen } = useModal()
 */
export function useModal() {
  const modal = useModalInstance()
  const core = useCore()
  const isOpen = useSelector(core?.actor.getSnapshot().context.modal, (s) => (s ? s.hasTag('mounted') : false))
  return { open: modal.open, close: modal.close, isOpen }
}

/** The modal shell's view model. */
export function useModalView(): ModalView {
  const core = useLoadedCore()
  const { modal, router } = core.actor.getSnapshot().context
  const m = useSelector(modal, (s) => s)
  const r = useSelector(router, (s) => s)
  return useMemo(() => core.connect.connectModal(m, r), [core, m, r])
}

/**
 * The resolved feature set (spec §6, §9): local options, overridden by the project's remote config when it
 * arrives (the view re-renders then, no reload), basic mode turning the remote features off. Views gate their entry
 * points on it.
 * @example const { send, receive, activity } = useFeatures()
 */
export function useFeatures(): Features {
  const modal = useModalInstance()
  return useSelector(useCore()?.actor, (s) => (s ? s.context.flags : modal.getState().features), same)
}

/** The active namespace's connection actor: changes when the visitor switches namespace (spec §4). Used by `ui/hooks/pairing.ts`. */
export function useActiveConnection() {
  return useSelector(useLoadedCore().actor, (s) => s.context.connection)
}

/** The active namespace's account: status, address (checksummed on eip155), CAIP-10 address, balance floored to 3 decimals. */
export function useAccount(): AccountView {
  const modal = useModalInstance()
  const core = useCore()
  const refs = core?.actor.getSnapshot().context
  const connection = useSelector(core?.actor, (s) => s?.context.connection)
  const net = useSelector(refs?.network, (s) => (s && core ? core.connect.connectNetwork(s).active : modal.getState().network), same)
  const locale = useLocale()
  // Before the core: the facade's start state (disconnected).
  return useSelector(connection, (s) => (s && core ? core.connect.connectAccount(s, net, locale) : modal.getState().account), same)
}

/**
 * The locale of numbers and fiat values: the tag of the `locale` option or of `setLocale`, else the browser's language
 * (`ui/i18n/state.ts`).
 */
export function useLocale(): string {
  const modal = useModalInstance()
  return useSyncExternalStore(
    modal.subscribeLocale,
    () => modal.getLocale().numberLocale,
    () => modal.getLocale().numberLocale,
  )
}

/** The active namespace (spec §3). */
export function useActiveNamespace() {
  return useSelector(useLoadedCore().actor, (s) => s.context.activeNamespace)
}

/** The active network, the list with the active one marked, and whether the wallet is on an unsupported chain. */
export function useNetwork(): NetworkView & { switchNetwork: (caipNetworkId: string) => void } {
  const modal = useModalInstance()
  const core = useCore()
  const view = useSelector(core?.actor.getSnapshot().context.network, (s) => (s && core ? core.connect.connectNetwork(s) : startNetworkView(modal.options.networks, modal.getState().network)), same)
  return { ...view, switchNetwork: modal.switchNetwork }
}

/** The network view before the core is in: the start network active, nothing pending, supported. */
function startNetworkView(networks: ModalOptionsNetworks, active: NetworkView['active']): NetworkView {
  return {
    active,
    isUnsupported: false,
    isSwitching: false,
    walletChainId: undefined,
    items: networks.map((network) => ({ network, isActive: network.caipNetworkId === active.caipNetworkId, isPending: false })),
    errorMessage: undefined,
  }
}
type ModalOptionsNetworks = readonly NetworkView['active'][]

/** The ConnectingExternal phase. */
export function useConnecting() {
  const core = useLoadedCore()
  return useSelector(useActiveConnection(), core.connect.connectConnecting, same)
}

/** Disconnects the connected wallet. */
export function useDisconnect(): () => void {
  const modal = useModalInstance()
  return useCallback(() => modal.disconnect(), [modal])
}

/** Sends an event to the root actor (views use it for gestures). */
export function useSend() {
  const modal = useModalInstance()
  return modal.actor.send
}

/** The discovered connectors of the active namespace and the recent wallets. */
export function useConnectors() {
  const modal = useModalInstance()
  const connectors = useSelector(modal.actor, (s) => s.context.connectors.filter((c) => c.chain === s.context.activeNamespace), same)
  const recent = useSelector(modal.actor, (s) => s.context.recentWallets, same)
  return { connectors, recent }
}

/** The current toast, if any. */
export function useToast() {
  return useSelector(useRefs().toast, (s) => (s.matches('visible') ? s.context.current : undefined), same)
}
