import { useSelector } from '@xstate/react'
import { useCallback, useEffect, useMemo } from 'react'
import type { EventFromLogic } from 'xstate'
import { connectAccount, connectConnecting, type AccountView } from '../machines/connection.connect.ts'
import { connectModal, type ModalView } from '../machines/modal.connect.ts'
import { connectCatalogue, connectConnect, type CatalogueView, type CatalogueWallet, type ConnectView } from '../machines/catalogue.connect.ts'
import { connectAccountData, type AccountDataView } from '../machines/account.connect.ts'
import type { AccountTab } from '../machines/account.ts'
import { connectNetwork, type NetworkView } from '../machines/network.connect.ts'
import type { FeatureId, FeatureMachines, FeatureRefs } from '../machines/root.ts'
import { connectSend, type SendView } from '../machines/send.connect.ts'
import { connectSiwx, type SiwxView } from '../machines/siwx.connect.ts'
import { connectPairing, type PairingView } from '../machines/pairing.connect.ts'
import type { Features } from '../services/features.ts'
import { useModalInstance } from './context.ts'

/*
 * The hooks' contract with the feature machines (issue 15 §1; STYLE rules 3 and 14). Feature machines (send, siwx,
 * pairing, catalogue, account, remoteConfig) are spawned on intent, their module fetched by `import()`: a hook never
 * assumes one is there. It selects the feature's actor from the root (`context.features.<id>`, re-rendering when it
 * arrives), passes its snapshot or `undefined` to the feature's `connect*`, which answers a "not loaded yet" view model
 * (`loaded: false`, loading flags, empty lists, an idle phase), and sends every gesture for the feature through the root
 * (`feature.deliver`), which fetches the feature if needed and delivers the gesture in order once it is there. Nothing
 * this module imports at runtime imports a feature machine: the page's first JS stays without them.
 */

/** Shallow JSON equality for view models (they are small and serialisable). */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The root's always-there children (modal, router, toast, network) and options: read once, they never change. */
function useRefs() {
  return useModalInstance().actor.getSnapshot().context
}

/**
 * A feature's actor, `undefined` until the root has spawned it; the component re-renders when it arrives.
 * @example const catalogue = useFeatureActor('catalogue') // ActorRef | undefined
 */
export function useFeatureActor<K extends FeatureId>(feature: K): FeatureRefs[K] {
  return useSelector(useModalInstance().actor, (s) => s.context.features[feature] as FeatureRefs[K])
}

/** A gesture meant for a feature's machine: one of its events. */
export type FeatureGesture<K extends FeatureId> = EventFromLogic<FeatureMachines[K]>

/**
 * Sends gestures to a feature through the root (`feature.deliver`): the root spawns or fetches the feature when it is
 * not there yet and delivers the events in the order sent once it is. Views never send to a feature's actor directly.
 * @example const deliver = useDeliver('catalogue'); deliver({ type: 'catalogue.loadMore' })
 */
export function useDeliver<K extends FeatureId>(feature: K): (event: FeatureGesture<K>) => void {
  const root = useModalInstance().actor
  return useCallback((event: FeatureGesture<K>) => root.send({ type: 'feature.deliver', feature, event }), [root, feature])
}

/**
 * Asks the root for a feature's machine when the component mounts (`feature.ensure`): spawned at once, or fetched then
 * spawned. A feature whose flag or option is off is left out by the root.
 * @example useEnsureFeature('account')
 */
export function useEnsureFeature(feature: FeatureId): void {
  const root = useModalInstance().actor
  useEffect(() => root.send({ type: 'feature.ensure', feature }), [root, feature])
}

/**
 * Opens and closes the modal. `open({ view, data })` opens a specific view (spec §2).
 * @example const { open, close, isOpen } = useModal()
 */
export function useModal() {
  const modal = useModalInstance()
  const isOpen = useSelector(useRefs().modal, (s) => s.hasTag('mounted'))
  return { open: modal.open, close: modal.close, isOpen }
}

/** The modal shell's view model. */
export function useModalView(): ModalView {
  const { modal, router } = useRefs()
  const m = useSelector(modal, (s) => s)
  const r = useSelector(router, (s) => s)
  return useMemo(() => connectModal(m, r), [m, r])
}

/**
 * The resolved feature set (spec §6, §9; issue 15 §3): local options, overridden by the project's remote config when it
 * arrives (the view re-renders then, no reload), basic mode turning the remote features off. Views gate their entry
 * points on it.
 * @example const { send, receive, activity } = useFeatures()
 */
export function useFeatures(): Features {
  return useSelector(useModalInstance().actor, (s) => s.context.flags, same)
}

/** The active namespace's connection actor: changes when the visitor switches namespace (spec §4). */
function useActiveConnection() {
  return useSelector(useModalInstance().actor, (s) => s.context.connection)
}

/** The active namespace's account: status, address (checksummed on eip155), CAIP-10 address, balance floored to 3 decimals. */
export function useAccount(): AccountView {
  const { network } = useRefs()
  const connection = useActiveConnection()
  const net = useSelector(network, (s) => connectNetwork(s).active, same)
  return useSelector(connection, (s) => connectAccount(s, net), same)
}

/** The active namespace (spec §3). */
export function useActiveNamespace() {
  return useSelector(useModalInstance().actor, (s) => s.context.activeNamespace)
}

/** The active network, the list with the active one marked, and whether the wallet is on an unsupported chain. */
export function useNetwork(): NetworkView & { switchNetwork: (caipNetworkId: string) => void } {
  const modal = useModalInstance()
  const view = useSelector(useRefs().network, connectNetwork, same)
  return { ...view, switchNetwork: modal.switchNetwork }
}

/** The ConnectingExternal phase. */
export function useConnecting() {
  return useSelector(useActiveConnection(), connectConnecting, same)
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

/**
 * The wallet catalogue of AllWallets: the view model (installed wallets excluded by rdns or name) and the
 * gestures. `typed` is the search box's current text, filtered at once while the server is asked. Before the catalogue
 * machine arrived the model is `connectCatalogue`'s not-loaded one (`isLoading`, no wallets); `load()` (which the views
 * call on mount), `loadMore()` and `search()` go through `feature.deliver`, so the first one fetches the catalogue.
 */
export function useCatalogue(typed: string): CatalogueView & { load(): void; loadMore(): void; search(query: string): void } {
  const modal = useModalInstance()
  const catalogue = useFeatureActor('catalogue')
  const deliver = useDeliver('catalogue')
  const connectors = useSelector(modal.actor, (s) => s.context.connectors, same)
  const snapshot = useSelector(catalogue, (s) => s)
  const view = useMemo(
    () =>
      connectCatalogue(snapshot, {
        rdns: connectors.flatMap((c) => (c.info?.rdns ? [c.info.rdns] : [])),
        names: connectors.map((c) => c.name),
      }, typed),
    [snapshot, connectors, typed],
  )
  return {
    ...view,
    load: () => deliver({ type: 'catalogue.load' }),
    loadMore: () => deliver({ type: 'catalogue.loadMore' }),
    search: (query: string) => deliver({ type: 'catalogue.search', query }),
  }
}

/**
 * Connect's view model (spec §2, §9; `connectConnect`): its sections in the connect method order and its wallet rows in
 * the `connectorTypeOrder` option's order, connectors matched to the directory by rdns (imageId, explorerId), with the
 * catalogue's gestures. Before the catalogue arrived the rows are the connectors only.
 */
export function useConnectView(): ConnectView & { catalogue: ReturnType<typeof useCatalogue> } {
  const modal = useModalInstance()
  const { connectors, recent } = useConnectors()
  const catalogue = useCatalogue('')
  const directory = useSelector(
    useFeatureActor('catalogue'),
    (s) => (s ? ([...s.context.featured, ...s.context.recommended, ...s.context.wallets] as CatalogueWallet[]) : []),
    same,
  )
  const order = modal.options.connectorTypeOrder
  const view = useMemo(
    () => connectConnect({ connectors, recentIds: recent.map((r) => r.id), catalogue, directory, order }),
    [connectors, recent, catalogue, directory, order],
  )
  return { ...view, catalogue }
}

/**
 * The Account view's tabs: portfolio, NFTs, activity, identity, and the gestures. Asks for the account-data machine on
 * mount (`feature.ensure`); until it is there the model is `connectAccountData`'s not-loaded one (balances and activity
 * loading, no rows, `targetKey` undefined). The gestures go through `feature.deliver`.
 */
export function useAccountData(): AccountDataView & { refresh(): void; selectTab(tab: AccountTab): void; loadMoreActivity(): void } {
  useEnsureFeature('account')
  const view = useSelector(useFeatureActor('account'), connectAccountData, same)
  const deliver = useDeliver('account')
  return {
    ...view,
    refresh: () => deliver({ type: 'account.refresh' }),
    selectTab: (tab: AccountTab) => deliver({ type: 'account.selectTab', tab }),
    loadMoreActivity: () => deliver({ type: 'account.loadMoreActivity' }),
  }
}

/**
 * The send views' model and the gestures: form edits go to the send machine through `feature.deliver`; navigation
 * (token picker, review, confirm) goes through the root, which moves the view stack (spec §4 Send). Asks for the send
 * machine on mount (`feature.ensure`; the root has spawned it with Send's opening already); until it is there the model
 * is `connectSend`'s not-loaded one (`idle`, an empty form, balances loading).
 */
export function useSendFlow(): SendView & {
  setAmount(amount: string): void
  setMax(): void
  setReceiver(receiver: string): void
  chooseToken(): void
  pickToken(tokenKey: string): void
  review(): void
  confirm(): void
  retryEstimate(): void
  open(): void
} {
  const root = useModalInstance().actor
  useEnsureFeature('send')
  const view = useSelector(useFeatureActor('send'), connectSend, same)
  const deliver = useDeliver('send')
  return {
    ...view,
    setAmount: (amount) => deliver({ type: 'send.setAmount', amount }),
    setMax: () => deliver({ type: 'send.setMax' }),
    setReceiver: (receiver) => deliver({ type: 'send.setReceiver', receiver }),
    chooseToken: () => root.send({ type: 'app.chooseSendToken' }),
    pickToken: (tokenKey) => root.send({ type: 'app.pickSendToken', tokenKey }),
    review: () => root.send({ type: 'app.reviewSend' }),
    confirm: () => root.send({ type: 'app.confirmSend' }),
    retryEstimate: () => deliver({ type: 'send.retryEstimate' }),
    open: () => deliver({ type: 'send.open' }),
  }
}

/**
 * SIWXSignMessage's model (spec §2 sign-in prompt) and its gestures: Sign and Cancel go through the root,
 * which applies the spec's cancel rules (§4). The root spawns the SIWX machine with the connection; until it is there
 * the model is `connectSiwx`'s not-loaded one (`idle`, Sign and Cancel disabled).
 */
export function useSignIn(): SiwxView & { sign(): void; cancel(): void } {
  const modal = useModalInstance()
  const view = useSelector(useFeatureActor('siwx'), connectSiwx, same)
  return {
    ...view,
    sign: () => modal.actor.send({ type: 'app.signIn' }),
    cancel: () => modal.actor.send({ type: 'app.cancelSignIn' }),
  }
}

/**
 * ConnectingWalletConnect's model (spec §2): the URI to show or the wallet link to open, the pairing's phase, and
 * its gestures (retry; remembering the wallet link a phone opens — spec §3 deep-link choice), through the root. The
 * root spawns the pairing machine when WalletConnect is picked; until it is there the model is `connectPairing`'s
 * not-loaded one (`loading`: the "preparing" spinner).
 */
export function usePairing(): PairingView & { retry(): void; openedLink(link: { href: string; name: string }): void } {
  const modal = useModalInstance()
  const refs = useRefs()
  const options = refs.options
  const pairing = useSelector(useFeatureActor('pairing'), (s) => s)
  const connection = useSelector(useActiveConnection(), (s) => s)
  const view = useMemo(
    () => connectPairing(pairing, connection, { isMobile: Boolean(options.isMobile), walletConnectConnectorId: options.walletConnectConnectorId ?? 'walletConnect' }),
    [pairing, connection, options.isMobile, options.walletConnectConnectorId],
  )
  return {
    ...view,
    retry: () => modal.actor.send({ type: 'app.retryPairing' }),
    openedLink: (link) => modal.actor.send({ type: 'app.openedWalletLink', href: link.href, name: link.name }),
  }
}
