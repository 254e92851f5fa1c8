import type { ActorRefFrom, AnyActorRef } from 'xstate'
import type { ChainNamespace } from '../adapters/networks.ts'
import { resolveFeatures } from '../services/features.ts'
import type { connectionMachine } from './connection.ts'
import type { ErrorSummary } from '../adapters/errors.ts'
import { rootImplementations } from './root.actions.ts'
import type { RootContext, RootInput } from './root.context.ts'
import type { ViewData, ViewName } from './views.ts'

export { toRecentWallet } from './root.actions.ts'
export type { RootOptions, RootInput, RootContext, AppEvent, FeatureLoadEvent, RootEvent } from './root.context.ts'
export type { AccountChange, ConnectedAccount, FeatureFacts, FeatureRegistration, FeatureReport } from './features.ts'

/** The connections of the namespaces other than the start one (the start one is `connection`, already listened to). */
function otherConnections(context: RootContext): AnyActorRef[] {
  return Object.values(context.connections).filter((c): c is NonNullable<typeof c> => Boolean(c) && c !== context.connection)
}

/** Spawns one connection per configured namespace; the start namespace's is `connection`. */
function spawnConnections(
  input: RootInput,
  spawn: (namespace: ChainNamespace, storedConnectorId: string | undefined) => ActorRefFrom<typeof connectionMachine>,
): Pick<RootContext, 'connection' | 'connections' | 'activeNamespace' | 'wallets'> {
  const { options } = input
  const namespaces = [...new Set([options.namespace, ...(options.namespaces ?? [])])]
  const connections: RootContext['connections'] = {}
  const wallets: RootContext['wallets'] = {}
  for (const ns of namespaces) {
    const stored = ns === options.namespace ? (input.storedConnectorId ?? input.storedConnectorIds?.[ns]) : input.storedConnectorIds?.[ns]
    connections[ns] = spawn(ns, stored)
    // What the connection does at its start, before the root listens: a stored connection is restored (connecting)
    // when reconnect is on, else it starts disconnected (spec §4).
    wallets[ns] = stored && options.enableReconnect ? { status: 'connecting', connectorId: stored } : { status: 'disconnected' }
  }
  return { connections, connection: connections[options.namespace]!, activeNamespace: options.namespace, wallets }
}

/** The params of the actions on a picked network (`app.selectNetwork`, `app.confirmNamespaceSwitch`). */
const pickedNetwork = ({ event }: { event: { caipNetworkId: string } }) => ({ caipNetworkId: event.caipNetworkId })
/** The params of the actions on a picked connector (`app.selectWallet`). */
const pickedConnector = ({ event }: { event: { connectorId: string } }) => ({ connectorId: event.connectorId })
/** The params of `open({ view, data })`'s reset: the guards before it checked the view is there. */
const requested = ({ event }: { event: { view?: ViewName | undefined; data?: ViewData | undefined } }) => ({ view: event.view ?? 'Connect', data: event.data })
/** The params of `app.push`. */
const pushed = ({ event }: { event: { view: ViewName; data?: ViewData | undefined } }) => ({ view: event.view, data: event.data })
/** The wallet's chain and namespace, from a connection's event (`connection.connected`, `connection.chainChanged`). */
const walletChain = ({ event }: { event: { chainId: number | string; namespace: ChainNamespace } }) => ({ chainId: event.chainId, namespace: event.namespace })
/** A failure's summary, from a network outcome (`network.switchFailed`). */
const failure = ({ event }: { event: { error: ErrorSummary } }) => ({ error: event.error })

/**
 * The root actor of one modal instance: it owns the router, modal, toast, one connection per configured namespace
 * and the network actor from the start, and spawns the features on their first use. It knows features
 * only through their registrations ({@link FeatureRegistration}, `machines/<feature>.feature.ts`). Its moments (the
 * account, opened, closed, the flags, a network outcome), `open({ view })` of a feature's view, Back on one and a
 * claimed connector reach the spawned features as events their own charts handle (`root.account`, `root.open`,
 * `root.back`, …): each feature moves the router, the toast, the modal and the transaction stack itself, by systemId.
 * No module state: two modals on one page own two roots.
 *
 * The chart has six regions. `reports`: what the children told the root (each connection's status and account, the
 * network list and whether the wallet's chain is supported, each feature's tags), kept as the root's own copy.
 * `announcing`: the features hear an opening (`root.opened`) once its first frame is painted, not in the gesture that
 * opened it. `screen`: `boot` → `closed` ⇄ `open`, following the modal machine (`modal.opened`, `modal.closed`), and the
 * open rules. `features`: features arriving on intent and reporting. `connections`: the
 * wallets of every namespace and the other tabs. `networks`: the visitor's pick and the switch's outcomes.
 * Within `open`, who holds the screen follows the router's current view (`router.changed`): `browsing` (the root's
 * own views: Connect, Account, the network and wallet lists, Receive), `connecting` (ConnectingExternal, and the
 * views of a connecting feature such as WalletConnect's QR), `feature` (a feature's views: Send's, SIWXSignMessage).
 * Back is decided by the holder. What happens whatever is shown is handled in the other regions. Guards read the
 * root's context only, never another actor's snapshot: what a child reports lands in `reports` first.
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
export const rootMachine = rootImplementations.createMachine({
  id: 'root',
  context: ({ input, spawn }) => {
    const { options } = input
    const basic = input.featureFlags?.basic ?? false
    // The local options' feature set, over them the remote config last heard (if kept), until the fresh answer (spec §6).
    const flags = resolveFeatures(input.featureFlags?.local ?? {}, input.featureFlags?.remembered, { basic }).features
    return {
      options,
      storedConnectorId: input.storedConnectorId,
      connectors: [],
      recentWallets: input.recentWallets ?? [],
      view: 'Connect',
      caipNetworks: options.networks,
      unsupported: false,
      featureTags: {},
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
      flags,
      basic,
      ...spawnConnections(input, (ns, stored) =>
        spawn('connection', {
          id: `connection.${ns}`,
          systemId: `connection.${ns}`,
          input: { namespace: ns, storedConnectorId: stored, storedAddress: input.storedAddresses?.[ns], reconnect: options.enableReconnect, multiWallet: flags.multiWallet },
        }),
      ),
    }
  },
  type: 'parallel',
  states: {
    /**
     * What the children told the root, kept as its own copy so that no guard reads a child's snapshot: each
     * connection's status and account, the network list and whether the wallet's chain is supported, each feature's
     * tags. First in document order, so the other regions' actions for the same event read the new copy.
     */
    reports: {
      on: {
        'connection.status': { actions: 'recordWallet' },
        'connection.connected': { actions: 'recordWallet' },
        'connection.accountChanged': { actions: 'recordWallet' },
        'connection.chainChanged': { actions: 'recordWallet' },
        'connection.disconnected': { actions: 'recordWallet' },
        'network.status': { actions: 'recordSupport' },
        'network.listChanged': { actions: 'recordNetworks' },
        'feature.tags': { actions: 'recordFeatureTags' },
      },
    },
    /**
     * When the features hear that the modal opened (`root.opened`): once the opened modal's first frame is painted
     * (`firstPaint`, provided at assembly: the browser's next frame; by default at once), so that the opening's own
     * frame carries only the modal and its view, not what the features do on hearing it (the remote config's load,
     * its flags re-rendering the views). Every `app.open` (the open rules in `screen`) starts the wait; an `app.open`
     * during it is heard with it, once. A close before that frame tells them first, so they hear opened, then closing.
     */
    announcing: {
      initial: 'quiet',
      states: {
        /** Nothing to tell: the features heard the last opening (or none happened). */
        quiet: {
          on: { 'app.open': 'awaitingFirstPaint' },
        },
        /** The modal was asked to open: the features hear it once its first frame is painted. */
        awaitingFirstPaint: {
          invoke: { src: 'firstPaint' },
          on: {
            'screen.painted': { target: 'quiet', actions: 'tellOpened' },
            'modal.closing': { target: 'quiet', actions: 'tellOpened' },
          },
        },
      },
    },
    /**
     * Who holds the screen: `boot` → `closed` ⇄ `open`, following the modal machine; opening picks the first view by
     * the open rules (spec §2 "Opening the modal").
     */
    screen: {
      initial: 'boot',
      on: {
        // Opening (spec §2 "Opening the modal"): the first view by the open rules, in order, then the modal opens
        // (`modal.opened` moves the screen to `open`); the same rules reset the view when the modal is already open.
        'app.open': [
          // A feature holds the opening (a sign-in waiting for the visitor): its view, whatever else was asked.
          { guard: 'isOpeningHeld', actions: ['resetToHeldView', 'openModal', 'trackOpen'] },
          // A feature's view: shown, and the feature is told (Send's form opens as from Account).
          { guard: 'isRequestingFeatureView', actions: [{ type: 'resetToRequested', params: requested }, 'openModal', 'trackOpen', 'openFeatureView'] },
          { guard: 'hasRequestedView', actions: [{ type: 'resetToRequested', params: requested }, 'openModal', 'trackOpen'] },
          { guard: 'isUnsupportedOnOpen', actions: [{ type: 'resetTo', params: { view: 'UnsupportedChain' } }, 'openModal', 'trackOpen'] },
          { guard: 'isConnected', actions: [{ type: 'resetTo', params: { view: 'Account' } }, 'openModal', 'trackOpen'] },
          // Spec §2: the manual-WalletConnect option, or no adapter besides WalletConnect.
          { guard: 'isWalletConnectFirstOnMobile', actions: [{ type: 'resetTo', params: { view: 'AllWallets' } }, 'openModal', 'trackOpen'] },
          {
            guard: 'isWalletConnectFirstOnDesktop',
            actions: [{ type: 'resetTo', params: { view: 'ConnectingWalletConnectBasic' } }, 'openModal', 'trackOpen', 'openWalletConnectBasic'],
          },
          { actions: [{ type: 'resetTo', params: { view: 'Connect' } }, 'openModal', 'trackOpen'] },
        ],
        'router.changed': { actions: 'setView' },
        'app.notify': { actions: { type: 'notify', params: ({ event }) => ({ variant: event.variant, message: event.message }) } },
        'app.viewLoaded': { actions: 'markLoaded' },
        'router.transactionStackFull': { actions: 'notifyStackFull' },
      },
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
            'app.push': { actions: { type: 'pushView', params: pushed } },
            'app.selectWallet': [
              { guard: 'isClaimedConnector', actions: 'featureSelect' },
              {
                actions: [
                  { type: 'pushConnecting', params: pickedConnector },
                  { type: 'requestConnection', params: pickedConnector },
                ],
              },
            ],
            'app.openedWalletLink': { actions: 'persistDeepLinkChoice' },
            'app.confirmNamespaceSwitch': {
              actions: [
                { type: 'setActiveNamespace', params: pickedNetwork },
                { type: 'setNetworkFromEvent', params: pickedNetwork },
                'clearTransactions',
                'announceSwitched',
                'persistActiveNamespace',
                { type: 'replaceWith', params: { view: 'Connect' } },
              ],
            },
            // The exit transition began: the features hear it now (a payment ends cancelled before `modal.pay` is called again).
            'modal.closing': { actions: 'tellClosing' },
            'modal.closed': [
              {
                guard: 'isEmbeddedAndConnected',
                target: '#root.screen.closed',
                actions: ['tellClosed', 'cancelConnection', 'cancelNetworkSwitch', 'clearTransactions', { type: 'resetTo', params: { view: 'Account' } }],
              },
              {
                target: '#root.screen.closed',
                actions: ['tellClosed', 'cancelConnection', 'cancelNetworkSwitch', 'clearTransactions', { type: 'resetTo', params: { view: 'Connect' } }],
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
    },
    /** The features: arriving on intent (a view's need, a gesture), the module's arrival, and what they report. */
    features: {
      on: {
        // Features arrive on intent: a view's need or gesture, then the module's arrival.
        'feature.ensure': { actions: 'ensureFeature' },
        'feature.deliver': { actions: 'ensureFeature' },
        'feature.loaded': { actions: 'spawnLoadedFeature' },
        'feature.loadFailed': { actions: ['dropFailedFeature', 'toastFeatureLoadFailed'] },
        // What features report: the resolved feature set, debug alerts, analytics.
        'feature.flags': { actions: ['setFlags', 'configureConnections', 'tellFlags'] },
        'feature.alert': { actions: 'showAlert' },
        'feature.track': { actions: 'track' },
        'feature.reportError': { actions: 'reportError' },
      },
    },
    /** The wallets of every namespace: connected, restored, changed, disconnected, here and in the site's other tabs. */
    connections: {
      on: {
        'app.disconnect': { actions: 'disconnect' },
        'connectors.changed': { actions: 'setConnectors' },
        'connection.connected': [
          // Another namespace's stored connection came back (spec §3: each namespace keeps its own).
          { guard: 'isOtherNamespaceEvent', actions: ['persistConnection', 'connectAuthElsewhere'] },
          { guard: 'isRestored', actions: ['persistConnection', { type: 'forwardWalletChain', params: walletChain }, 'announceRestored', 'connectAuthElsewhere'] },
          // A feature keeps the modal for its follow-up (SIWX's session check): it closes it when done.
          { guard: 'isConnectHeld', actions: ['rememberRecentWallet', 'persistConnection', { type: 'forwardWalletChain', params: walletChain }, 'trackConnected', 'announceConnected', 'connectAuthElsewhere'] },
          { actions: ['rememberRecentWallet', 'persistConnection', { type: 'forwardWalletChain', params: walletChain }, 'closeModal', 'trackConnected', 'announceConnected', 'connectAuthElsewhere'] },
        ],
        // Another account or chain: the features follow (spec §4: the send state resets, a sign-in is checked again).
        'connection.accountChanged': [{ guard: 'isOtherNamespaceEvent', actions: 'persistAccount' }, { actions: ['persistAccount', 'announceChanged'] }],
        'connection.chainChanged': [{ guard: 'isOtherNamespaceEvent' }, { actions: [{ type: 'forwardWalletChain', params: walletChain }, 'announceChanged'] }],
        'connection.disconnected': [
          { guard: 'isOtherNamespaceEvent', actions: 'forgetConnection' },
          // The features are told first (a required sign-in unblocks closing); the transaction stack goes with the account.
          { guard: 'isUserDisconnect', actions: ['forgetConnection', 'forwardWalletDisconnected', 'announceDisconnected', 'clearTransactions', 'closeModal'] },
          // Open, not a removal (the multi-wallet list then restores another held wallet and Account stays): back to Connect.
          {
            guard: 'isOpenAtEnd',
            actions: ['forgetConnection', 'forwardWalletDisconnected', 'announceDisconnected', 'clearTransactions', { type: 'resetTo', params: { view: 'Connect' } }],
          },
          { actions: ['forgetConnection', 'forwardWalletDisconnected', 'announceDisconnected', 'clearTransactions'] },
        ],
        'connection.failed': { actions: 'reportError' },
        // Tabs agree: what another tab stored is applied through this tab's own paths (machines/root.tabs.ts).
        'tabs.connected': { actions: 'restoreFromOtherTab' },
        'tabs.disconnected': { actions: 'endFromOtherTab' },
        'tabs.accountChanged': { actions: 'followOtherTabAccount' },
        'tabs.networkChanged': { actions: 'followOtherTabNetwork' },
      },
    },
    /** The networks: the visitor's pick, the wallet's switch and its outcomes (spec §4). */
    networks: {
      on: {
        'app.selectNetwork': [
          // Spec §2: connected here, no address in the other namespace: SwitchActiveChain, then Connect.
          { guard: 'isOtherNamespaceWithoutAccount', actions: { type: 'pushSwitchActiveChain', params: pickedNetwork } },
          // Spec §4: a switch to a different namespace marks a namespace switch, resets the send state, stores the network.
          {
            guard: 'isOtherNamespaceNetwork',
            actions: [{ type: 'setActiveNamespace', params: pickedNetwork }, { type: 'setNetworkFromEvent', params: pickedNetwork }, 'clearTransactions', 'announceSwitched', 'persistActiveNamespace', 'leaveNetworkList'],
          },
          // UnsupportedChain shows the pending switch itself and closes on success.
          { guard: 'isConnectedOnUnsupportedChain', actions: { type: 'switchNetwork', params: pickedNetwork } },
          // Spec §2: with the confirmation ignored, the wallet is asked and SwitchNetwork is not pushed.
          { guard: 'isConnectedWithoutConfirmation', actions: { type: 'switchNetwork', params: pickedNetwork } },
          // Spec §2: SwitchNetwork is pushed while the wallet confirms (push ignores it when already shown).
          {
            guard: 'isConnected',
            actions: [
              { type: 'pushSwitchNetwork', params: pickedNetwork },
              { type: 'switchNetwork', params: pickedNetwork },
            ],
          },
          // Not connected: the network is just set (spec §4), and the list is left.
          { guard: { type: 'isOnView', params: { view: 'SwitchNetwork' } }, actions: [{ type: 'switchNetwork', params: pickedNetwork }, 'goBack'] },
          { actions: { type: 'switchNetwork', params: pickedNetwork } },
        ],
        'network.changed': { actions: 'persistNetwork' },
        'network.switched': [
          { guard: { type: 'isOnView', params: { view: 'SwitchNetwork' } }, actions: 'goBack' },
          { guard: { type: 'isOnView', params: { view: 'UnsupportedChain' } }, actions: 'closeModal' },
        ],
        'network.switchRejected': { actions: 'tellNetworkOutcome' },
        'network.switchFailed': [
          // On a feature's view (a sign-in returning the wallet to its network) the feature decides; elsewhere the view goes back.
          { guard: 'isOnFeatureView', actions: ['tellNetworkOutcome', { type: 'toastError', params: failure }, 'reportError'] },
          { actions: ['tellNetworkOutcome', 'goBack', { type: 'toastError', params: failure }, 'reportError'] },
        ],
        'network.notFound': { actions: ['reportNetworkNotFound', 'tellNetworkOutcome'] },
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
})

export type RootActor = ActorRefFrom<typeof rootMachine>
