import { and, not, stateIn } from 'xstate'
import { currentView, hasBasicRemoteWalletSession, isAuthOnSupportedChain, isConnected, namespaceOf, recordWallet, walletOf } from './root.context.ts'
import { claimantOf, featureHasTag, heldOpening, holderOf, isAvailable, isConnectingView } from './root.features.ts'
import { rootSetup } from './root.setup.ts'
import type { ViewName } from './views.ts'

/**
 * The root's guards (the chart is machines/root.ts). Each reads the root's context and the event only: what a child
 * reported is in context (the `reports` region), never read from the child's snapshot.
 */
export const rootGuarded = rootSetup.extend({
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
    isUnsupportedOnOpen: ({ context }) => context.unsupported && context.options.enableNetworkSwitch && !context.options.allowUnsupportedChain && !hasBasicRemoteWalletSession(context),
    isConnected: ({ context }) => isConnected(context),
    /**
     * Spec §2: connected, the dapp ignores the switch confirmation (the `ignoreSwitchConfirmation` option), and the
     * active connector is not the auth (email/social) connector on a network it serves: that one always shows
     * SwitchNetwork while its frame switches.
     */
    isConnectedWithoutConfirmation: ({ context, event }) =>
      isConnected(context) && context.options.ignoreSwitchConfirmation === true && !(event.type === 'app.selectNetwork' && isAuthOnSupportedChain(context, event.caipNetworkId)),
    isOnView: ({ context }, params: { view: ViewName }) => currentView(context) === params.view,
    isConnectedOnUnsupportedChain: ({ context }) => isConnected(context) && currentView(context) === 'UnsupportedChain',
    isEmbeddedAndConnected: ({ context }) => context.options.enableEmbedded && isConnected(context),
    isUserDisconnect: ({ event }) => event.type === 'connection.disconnected' && event.reason === 'user',
    isRestored: ({ event }) => event.type === 'connection.connected' && event.restored,
    hasStoredConnectionToDrop: ({ context }) => !context.options.enableReconnect && Boolean(context.storedConnectorId),
    /** The root is `open` (from the modal's `modal.opened` until its exit animation ends). */
    isModalOpen: stateIn('#root.screen.open'),
    /** One wallet of several held was removed (multi-wallet, spec §6): another held one follows, Account stays. */
    isRemoval: ({ event }) => event.type === 'connection.disconnected' && event.reason === 'removed',
    /** The modal is open when a connection ends, not by a removal (the Account view then stays on the wallet that follows). */
    isOpenAtEnd: and(['isModalOpen', not('isRemoval')]),
    /** The router's new view (`router.changed`), else the current one, is held by `holder`. */
    isHeldBy: ({ context, event }, params: { holder: 'connecting' | 'feature' }) => {
      const view = event.type === 'router.changed' ? event.view : context.view
      if (isConnectingView(context, view)) return params.holder === 'connecting'
      return params.holder === 'feature' && holderOf(context, view) !== undefined
    },
    /** The feature holding the screen is busy (its `busyTag`): Back waits for it (a send waiting for the wallet). */
    isHolderBusy: ({ context }) => {
      const holder = holderOf(context, context.view)
      return Boolean(holder?.busyTag && featureHasTag(context, holder.id, holder.busyTag))
    },
    /** A feature's view shows: a failed network switch does not move it (the feature was told). */
    isOnFeatureView: ({ context }) => holderOf(context, context.view) !== undefined,
    /**
     * A connection does not close the modal by itself: an available feature decides (SIWX's session check), or one
     * whose snapshot has its hold tag (a payment waiting for a wallet). Asked with
     * the account this `connection.connected` brings (the `reports` region records it in the same step).
     */
    isConnectHeld: ({ context, event }) => {
      const after = { ...context, wallets: recordWallet(context.wallets, event) }
      return Object.values(context.registry).some((r) => (typeof r.holdsConnect === 'object' ? featureHasTag(context, r.id, r.holdsConnect.tag) : r.holdsConnect === true && isAvailable(after, r.id)))
    },
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
      return walletOf(context, ns)?.status !== 'connected'
    },
    /** A network of another configured namespace (spec §4: a namespace switch). */
    isOtherNamespaceNetwork: ({ context, event }) => {
      if (event.type !== 'app.selectNetwork') return false
      const ns = namespaceOf(context, event.caipNetworkId)
      return ns !== undefined && ns !== context.activeNamespace && context.connections[ns] !== undefined
    },
  },
})
