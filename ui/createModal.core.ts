/**
 * The modal's core (issue 15 §4): the root actor with its machines, the eip155 adapter, WalletConnect's facade, storage
 * writes, the services' loaders. `createModal` (`createModal.ts`) answers synchronously with a facade and fetches this
 * module (through `ui/core.ts`) on the visitor's first intent, or at once when storage holds a connection to restore;
 * the facade then calls {@link createCore} with the options it validated and hands its queued calls over.
 */
import { createActor, type AnyActorLogic, type EventObject } from 'xstate'
import { takeSocialReturn } from './socialReturn.ts'
import * as v from 'valibot'
import { AdapterNotFoundError, connectionActors, connectorDiscoveryActor, lazyAdapter, networkActors, type AdaptersByNamespace } from '../adapters/actors.ts'
import { callForeign } from '../adapters/boundary.ts'
import { InvalidProviderResponseError } from '../adapters/errors.ts'
import { createEip155Adapter, NotConnectedError } from '../adapters/eip155.ts'
import { createWalletConnect, type WalletConnectClient } from '../adapters/walletconnect.ts'
import type { CaipNetwork, ChainNamespace } from '../adapters/networks.ts'
import type { ChainAdapter, Eip1193Provider } from '../adapters/types.ts'
import type { Wallet as SolanaWallet } from '@wallet-standard/base'
import type { BitcoinWallet } from '../adapters/bip122.standard.ts'
import { connectAccount, connectConnecting, type AccountView } from '../machines/connection.connect.ts'
import { supportsNamespace } from '../machines/namespaces.ts'
import { connectionMachine } from '../machines/connection.ts'
import { connectModal } from '../machines/modal.connect.ts'
import { connectNetwork } from '../machines/network.connect.ts'
import { networkMachine } from '../machines/network.ts'
import { featureAssemblies, featureRegistrations, type FeatureHost, type FeatureRefs as RootActorFeatures } from './assemble/index.ts'
import { rootMachine, toRecentWallet, type RootActor } from '../machines/root.ts'
import { isViewName, type ViewData, type ViewName } from '../machines/views.ts'
import { balanceSummarySchema, type createStorage } from '../services/storage.ts'
import { otherTabsActor } from './createModal.tabs.ts'
import type { BalanceSummary } from '../adapters/types.ts'
import { disabledFlagOf, FeatureDisabledError, prefetchIntent } from './features.ts'
import { timing } from '../machines/timing.ts'
import type { SiwxConfig } from '../adapters/siwx.ts'
import type { SiwxSession } from '../machines/siwx.ts'
import { siwxMessages } from '../machines/siwx.messages.ts'
import type { SiwxView } from '../machines/siwx.connect.ts'
import type { Features } from '../services/features.ts'
import type { AnyActorRef } from 'xstate'
import { checkViewData, InvalidOptionsError, validateNetwork, type ValidateOptionsReturnType } from './options.ts'
import type { Metadata, ModalOptions, ModalState, ModalTheme } from './createModal.ts'
import { idleSiwx, startNetwork } from './createModal.defaults.ts'
import type { InstanceServices } from './createModal.services.ts'

/** What the facade hands the core: the storage it read, and the theme it owns (`getTheme`, `setThemeMode`, …). */
export type CoreShared = {
  storage: ReturnType<typeof createStorage>
  theme: () => ModalTheme
  subscribeTheme: (listener: (theme: ModalTheme) => void) => () => void
}

/** The core instance: everything `createModal`'s facade forwards to once it is in (`ModalInstance` is the facade). */
export type CoreInstance = ReturnType<typeof createCore>

/** The catalogue's device filter: the option, else `mobile` on a phone. */
export function resolvePlatform(option: ModalOptions['platform']): 'mobile' | 'links' | undefined {
  if (option === 'none') return undefined
  if (option) return option
  const nav = globalThis.navigator as (Navigator & { userAgentData?: { mobile?: boolean } }) | undefined
  const mobile = nav?.userAgentData?.mobile ?? /Android|iPhone|iPad|iPod|Mobi/i.test(nav?.userAgent ?? '')
  return mobile ? 'mobile' : undefined
}

/**
 * Creates the core of one modal instance: its root actor with router, modal, toast, connection and network actors,
 * the eip155 adapter and WalletConnect's facade, on the storage and theme of the facade (`createModal`), with the
 * options it validated. Nothing is requested from the network except the reconnect of a stored connection.
 */
export function createCore(options: ModalOptions, validated: ValidateOptionsReturnType, shared: CoreShared) {
  const { storage } = shared
  // Spec §3 theme sync: on each `setThemeMode` / `setThemeVariables` (the facade owns the theme) the frame gets the new
  // theme, when its module is loaded and the frame is up.
  const stopThemeSync = shared.subscribeTheme(
    () =>
      void embeddedPromise?.then(
        (e) => e.resync(),
        () => {},
      ),
  )
  const evmNetworks = options.networks.filter((n) => n.chainNamespace === 'eip155')
  const solanaNetworks = options.networks.filter((n) => n.chainNamespace === 'solana')
  const bitcoinNetworks = options.networks.filter((n) => n.chainNamespace === 'bip122')
  const networks = [...options.networks]
  /**
   * The configured networks now (issue 22 item 4): the network actor's list, which `addNetwork` / `removeNetwork`
   * change. Read lazily by the wallet actors and WalletConnect (called only once the root actor exists).
   */
  const networksNow = (): readonly CaipNetwork[] => actor.getSnapshot().context.network.getSnapshot().context.networks
  const metadata: Metadata = options.metadata ?? {
    name: globalThis.document?.title || 'App',
    description: '',
    url: globalThis.location?.origin ?? '',
    icons: [],
  }
  /** WalletConnect: created now (nothing loads), used by the eip155 adapter as one more provider. */
  const walletConnect: WalletConnectClient | undefined =
    options.walletConnect === false
      ? undefined
      : createWalletConnect({
          projectId: options.projectId,
          relayUrl: options.walletConnect?.relayUrl,
          storagePrefix: options.walletConnect?.storagePrefix,
          storage: options.walletConnect?.storage,
          metadata,
          // Read at each pairing: networks added at run time are proposed (eip155 only, filtered there).
          networks: networksNow,
        })
  if (options.adapter === null && !walletConnect) {
    throw new InvalidOptionsError('No way to connect', { details: 'With `adapter: null`, WalletConnect must stay on.' })
  }
  /**
   * The embedded wallet (issue 18), when `embeddedWallet` is set: its module (`ui/embedded.ts`, the frame, its machines)
   * is fetched with the first email action or a stored email session's restore, not with the page.
   */
  let embeddedPromise: Promise<import('./embedded.ts').EmbeddedWallet> | undefined
  const embedded = (): Promise<import('./embedded.ts').EmbeddedWallet> =>
    (embeddedPromise ??= import('./embedded.ts').then(
      (m) =>
        m.embeddedWalletOfModal({
          options,
          storage,
          metadata,
          evmNetworkIds: evmNetworks.map((n) => Number(n.id)),
          theme: shared.theme,
          rpcUrlOf: (chainId) => networksNow().find((n) => n.chainNamespace === 'eip155' && Number(n.id) === chainId)?.rpcUrls.default.http[0],
          open: () => actor.send({ type: 'app.open' }),
          toast: (message) => toastRef?.send({ type: 'toast.show', variant: 'error', message }),
          refreshBalance: () => actor.getSnapshot().context.connection.send({ type: 'connection.refreshBalance' } as never),
          approval: onApproval,
        }),
      (error: unknown) => {
        embeddedPromise = undefined
        throw new InvalidOptionsError('Unable to load email login dependency', { cause: error })
      },
    ))
  /**
   * The embedded wallet's unsafe requests waiting for approval (spec §4 "Embedded-wallet RPC lifecycle"): the first one
   * puts ApproveTransaction on the transaction stack (pushed when the modal is open, the modal opened on it otherwise),
   * the last one's outcome pops it ('success' after the balance refresh, 'error') or closes the modal it opened. The
   * email login's registration (`machines/emailLogin.feature.ts`) turns these into the router's and modal's moves.
   */
  const approvals = { pending: new Set<string>(), modalWasOpen: false }
  function onApproval(event: { type: 'requested' | 'approved' | 'failed'; id: string }) {
    if (event.type === 'requested') {
      const first = approvals.pending.size === 0
      approvals.pending.add(event.id)
      if (!first) return
      approvals.modalWasOpen = connectModal(actor.getSnapshot().context.modal.getSnapshot(), actor.getSnapshot().context.router.getSnapshot()).isOpen
      actor.send({ type: 'feature.emitted', feature: 'emailLogin', event: { type: 'embedded.approvalRequested', id: event.id, modalWasOpen: approvals.modalWasOpen } as EventObject })
      return
    }
    if (!approvals.pending.delete(event.id) || approvals.pending.size > 0) return
    actor.send({ type: 'feature.emitted', feature: 'emailLogin', event: { type: 'embedded.approvalEnded', outcome: event.type === 'approved' ? 'success' : 'error', modalWasOpen: approvals.modalWasOpen } as EventObject })
  }
  /** The auth connector's provider: a stand-in that fetches the embedded wallet with its first call. */
  const authProvider: Eip1193Provider | undefined = options.embeddedWallet
    ? {
        request: (args) => embedded().then((e) => e.provider.request(args)),
        on: (event, listener) =>
          void embedded().then(
            (e) => e.provider.on?.(event, listener),
            () => {},
          ),
        removeListener: (event, listener) =>
          void embeddedPromise?.then(
            (e) => e.provider.removeListener?.(event, listener),
            () => {},
          ),
      }
    : undefined
  const adapter: ChainAdapter =
    options.adapter ??
    createEip155Adapter({
      walletConnect,
      discover: options.adapter !== null,
      ...(authProvider ? { auth: { connector: { id: 'auth', name: 'Email', type: 'AUTH', chain: 'eip155' }, provider: authProvider } } : {}),
    })
  /**
   * One adapter per configured namespace (spec §3). Solana and Bitcoin load lazily (their modules, and inside them
   * web3.js and bitcoinjs-lib): a dapp that configures only EVM networks ships none of their code.
   */
  const adapters: AdaptersByNamespace = {
    eip155: adapter,
    ...(solanaNetworks.length ? { solana: lazyAdapter('solana', () => import('../adapters/solana.ts').then((m) => solanaAdapterFor(m))) } : {}),
    ...(bitcoinNetworks.length
      ? {
          bip122: lazyAdapter('bip122', () =>
            import('../adapters/bip122.ts').then(
              (m) => (bitcoinInstance = m.createBip122Adapter({ projectId: options.projectId, ...(options.clientId ? { clientId: options.clientId } : {}), ...(options.api?.fetch ? { fetch: options.api.fetch } : {}) })),
            ),
          ),
        }
      : {}),
  }
  const configuredNamespaces = (Object.keys(adapters) as ChainNamespace[]).filter((ns) => ns === 'eip155' || options.networks.some((n) => n.chainNamespace === ns))
  const isMobile = resolvePlatform(options.platform) === 'mobile'
  /** The configured network of `defaultNetwork`'s id (one of `networks`, checked above), else the first network. */
  const defaultNetwork = validated.defaultNetwork
  const storedNetworkId = storage.getActiveNetworkId()
  /** The active namespace at start: the stored active network's (spec §4 stores it), else the default network's. */
  const namespace: ChainNamespace = startNetwork(networks, storedNetworkId, defaultNetwork).chainNamespace
  const enableReconnect = options.enableReconnect ?? true

  let alertShown = new Set<string>()
  let toastRef: { send(e: { type: 'toast.show'; variant: 'error'; message: string }): void } | undefined
  /** The native balance cache (spec §3, §9: 30 s), kept in storage (`balance_cache`) so a reload within it shows the balance at once. */
  const nativeBalanceStore = storage.cache('balanceCache', balanceSummarySchema)
  const nativeBalanceCache = {
    get: (key: string) => nativeBalanceStore.get(key, Date.now())?.value,
    set: (key: string, balance: BalanceSummary) => nativeBalanceStore.set(key, balance, Date.now() + timing.nativeBalanceTtl, Date.now()),
  }
  /** The Bitcoin adapter instance behind the lazy one, once loaded (`getProvider('bip122')`). */
  let bitcoinInstance: import('../adapters/bip122.ts').Bip122Adapter | undefined
  /** The Solana adapter instance behind the lazy one (the transfer adapter needs its wallets). */
  let solanaInstance: import('../adapters/solana.ts').SolanaAdapter | undefined
  const solanaAdapterFor = (m: typeof import('../adapters/solana.ts')) =>
    (solanaInstance ??= m.createSolanaAdapter({
      networks: solanaNetworks,
      // Issue 19 §5: the embedded wallet is the `auth` connector on solana too (its frame module fetched on first use).
      ...(options.embeddedWallet ? { auth: { load: () => embedded().then((e) => e.solana) } } : {}),
    }))
  let servicesPromise: Promise<InstanceServices> | undefined
  /**
   * The service clients and transfer adapters (`createModal.services.ts`), imported with the first feature or analytics
   * event, not with the page (issue 15 §4); a failed fetch is tried again at the next call.
   */
  const services = (): Promise<InstanceServices> =>
    (servicesPromise ??= import('./createModal.services.ts').then(
      (m) =>
        m.createInstanceServices({
          options,
          storage,
          adapter,
          solanaNetworks,
          solanaAdapterFor,
          isNetworkSupported: () => !actor.getSnapshot().context.network.getSnapshot().hasTag('unsupported'),
          isAnalyticsEnabled: () => actor.getSnapshot().context.flags.analytics,
          onInvalidAppConfiguration: () => toastRef?.send({ type: 'toast.show', variant: 'error', message: 'Invalid App Configuration' }),
        }),
      (error: unknown) => {
        servicesPromise = undefined
        throw error
      },
    ))
  /** Analytics (spec §7): nothing is loaded without `api.analyticsUrl`. */
  const analytics = (use: (s: InstanceServices) => void) => {
    if (options.api?.analyticsUrl) services().then(use, () => {})
  }
  const track = (event: string, properties: Record<string, unknown>) => analytics((s) => s.track(event, properties))
  /** Wallet failures (not the user's rejections) are reported as SDK errors of category WALLET_ERROR. */
  const reportWalletError = (error: { name: string; message: string }) => analytics((s) => s.reportWalletError(error))

  /**
   * Releases the adapters this instance made (a dapp's own `adapter` is the dapp's to release): the eip155 adapter's
   * EIP-6963 store (a window listener), the Solana and Bitcoin adapters if they were loaded.
   */
  const releaseAdapters = () => {
    const owned = [options.adapter == null ? adapter : undefined, adapters.solana, adapters.bip122]
    for (const a of owned) (a as { destroy?: () => void } | undefined)?.destroy?.()
  }

  /** The `siwx` option; 'SIWX is not enabled' without it (spec §8). */
  const requireSiwx = (): SiwxConfig => {
    if (!options.siwx) throw new InvalidOptionsError(siwxMessages.notEnabled)
    return options.siwx
  }

  /** What each feature machine is handed when its module arrives (`ui/assemble/`), with the services. */
  const host = (): Promise<FeatureHost> =>
    services().then((s) => ({
      flags: () => actor.getSnapshot().context.flags,
      blockchain: s.blockchain,
      directory: s.directory,
      fetchWallets: s.fetchWallets,
      transfer: s.transfer,
      walletConnect,
      signWithWallet: ({ namespace: ns, ...p }) => (adapters[ns as ChainNamespace] ?? adapter).signMessage(p),
      siwx: requireSiwx,
      clock: options.clock,
    }))
  /**
   * The features (issue 15 §1; `ui/assemble/index.ts` lists them): each one's registration, and its machine imported
   * with its first use (the module's machine with this instance's actors, spawned by the root when it arrives).
   */
  const supplyFeature = (id: keyof typeof featureAssemblies) => ({
    load: () =>
      Promise.all([
        featureAssemblies[id](),
        host(),
        id === 'siwx' ? loadSiwxView() : undefined,
        id === 'emailLogin' || id === 'socialLogin' || id === 'updateEmail' || id === 'profileWallets' || id === 'accountType' || id === 'farcasterLogin' ? embedded() : undefined,
      ]).then(([m, h, , e]) => ({ logic: m.assemble(e ? { ...h, embeddedWallet: e } : h) as AnyActorLogic, on: m.on })),
  })
  /**
   * The sign-in view model (`connectSiwx`) for the public state, loaded with the SIWX machine (issue 15 §4): the machine
   * is spawned only once both are in, so the state reads it synchronously whenever the machine is there.
   */
  let siwxView: typeof import('../machines/siwx.connect.ts') | undefined
  const loadSiwxView = () => import('../machines/siwx.connect.ts').then((m) => void (siwxView = m))

  const machine = rootMachine.provide({
    actors: {
      connection: connectionMachine.provide({ actors: connectionActors(adapters, networksNow, { balanceCache: nativeBalanceCache }) }),
      network: networkMachine.provide({ actors: networkActors(adapters) }),
      watchConnectors: connectorDiscoveryActor(adapters),
      watchTabs: otherTabsActor({ enabled: enableReconnect, storage, ownStorage: options.storage }),
    },
    actions: {
      persistConnection: ({ context, event }) => {
        if (event.type !== 'connection.connected') return
        storage.setConnectedConnectorId(event.namespace, event.connectorId)
        storage.addConnection(event.namespace, event.connectorId, [{ address: event.address }])
        storage.addConnectedNamespace(event.namespace)
        storage.removeDisconnectedConnectorId(event.connectorId)
        // Another namespace's connection restored in the background keeps only its own keys: the status, active
        // namespace and wallet stored are the active namespace's (spec §3).
        if (event.namespace !== context.activeNamespace) return
        storage.setConnectionStatus('connected')
        storage.setActiveNamespace(event.namespace)
        const connector = context.connectors.find((c) => c.id === event.connectorId)
        if (connector) {
          storage.setWallet({ id: connector.id, name: connector.name })
          if (!event.restored) storage.addRecentWallet(toRecentWallet(connector))
        }
      },
      persistAccount: ({ event }) => {
        if (event.type === 'connection.accountChanged') storage.addConnection(event.namespace, event.connectorId, [{ address: event.address }])
      },
      forgetConnection: ({ context, event }) => {
        if (event.type !== 'connection.disconnected') return
        storage.removeConnectedConnectorId(event.namespace)
        storage.removeConnectedNamespace(event.namespace)
        if (event.connectorId) {
          storage.removeConnection(event.namespace, event.connectorId)
          if (event.reason === 'user') storage.addDisconnectedConnectorId(event.connectorId)
        }
        // A wallet of another namespace leaving does not touch the active namespace's status and wallet (spec §3).
        if (event.namespace !== context.activeNamespace) return
        storage.setConnectionStatus('disconnected')
        storage.clearWallet()
      },
      dropStoredConnections: () => storage.clearConnections(),
      persistDeepLinkChoice: ({ event }) => {
        if (event.type === 'app.openedWalletLink') storage.setDeepLinkChoice({ href: event.href, name: event.name })
      },
      persistActiveNamespace: ({ context }) => storage.setActiveNamespace(context.activeNamespace),
      persistNetwork: ({ event }) => {
        if (event.type === 'network.changed') storage.setActiveNetworkId(event.caipNetworkId)
      },
      showAlert: ({ event }) => {
        // Spec §8: alerts show only in debug mode, each once.
        if (!options.debug || event.type !== 'feature.alert' || alertShown.has(event.key)) return
        alertShown = new Set([...alertShown, event.key])
        console.warn(`[latchkey] ${event.title}: ${event.message}`)
        toastRef?.send({ type: 'toast.show', variant: 'error', message: event.title })
      },
      trackOpen: ({ context }) => track('MODAL_OPEN', { connected: connectAccount(context.connection.getSnapshot()).isConnected }),
      track: ({ event }) => {
        if (event.type === 'feature.track') track(event.name, event.properties)
      },
      trackConnected: ({ event }) => {
        if (event.type === 'connection.connected') track('CONNECT_SUCCESS', { method: 'browser', connector: event.connectorId })
      },
      reportError: ({ event }) => {
        if (event.type === 'connection.failed' || event.type === 'network.switchFailed' || event.type === 'feature.reportError') {
          reportWalletError(event.error)
        }
      },
      reportNetworkNotFound: ({ event }) => {
        if (options.debug && event.type === 'network.notFound') console.warn(`[latchkey] Network Not Found: ${event.caipNetworkId}`)
      },
    },
  })

  const actor: RootActor = createActor(machine, {
    input: {
      options: {
        namespace,
        namespaces: configuredNamespaces,
        networks: networks.length ? networks : [defaultNetwork],
        enableReconnect,
        enableNetworkSwitch: options.enableNetworkSwitch ?? true,
        allowUnsupportedChain: options.allowUnsupportedChain ?? false,
        ignoreSwitchConfirmation: options.ignoreSwitchConfirmation ?? false,
        enableEmbedded: options.enableEmbedded ?? false,
        debug: options.debug ?? false,
        // A custom adapter decides itself whether it lists WalletConnect.
        walletConnectConnectorId: walletConnect && options.adapter == null ? walletConnect.connector.id : undefined,
        walletConnectFirst: Boolean(walletConnect) && (options.manualWalletConnect === true || options.adapter === null),
        isMobile,
        // Issue 19 §5, spec §6: the embedded wallet's connector serves eip155 (the built-in adapter) and solana.
        ...(options.embeddedWallet ? { authConnector: { id: 'auth', namespaces: configuredNamespaces.filter((ns) => supportsNamespace('auth', ns) && (ns !== 'eip155' || options.adapter == null)) } } : {}),
      },
      storedConnectorId: storage.getConnectedConnectorId(namespace),
      storedConnectorIds: Object.fromEntries(
        configuredNamespaces.flatMap((ns) => {
          const id = storage.getConnectedConnectorId(ns)
          return id ? [[ns, id]] : []
        }),
      ),
      storedActiveNetworkId: storedNetworkId ?? defaultNetwork.caipNetworkId,
      recentWallets: storage.getRecentWallets(),
      featureFlags: { local: options.features ?? {}, basic: options.basic ?? false },
      features: featureRegistrations(
        {
          ...(options.siwx
            ? {
                siwx: {
                  required: options.siwx.required ?? false,
                  ...(options.siwx.signOutOnDisconnect !== undefined ? { signOutOnDisconnect: options.siwx.signOutOnDisconnect } : {}),
                },
              }
            : {}),
          emailLogin: Boolean(options.embeddedWallet) && options.adapter == null,
          socialLogin: Boolean(options.embeddedWallet) && options.adapter == null,
          updateEmail: Boolean(options.embeddedWallet) && options.adapter == null,
          profileWallets: Boolean(options.embeddedWallet) && options.adapter == null,
          accountType: Boolean(options.embeddedWallet) && options.adapter == null,
          // Spec §4 defaults under the dapp's, under the visitor's stored choice: what an embedded login starts with.
          preferredAccountType: () => {
            const type = storage.getPreferredAccountType('eip155', options.defaultAccountTypes ?? {})
            return type === 'smartAccount' ? 'smartAccount' : 'eoa'
          },
          ...(options.onrampProviders ? { onramp: { providers: options.onrampProviders } } : {}),
          ...(options.nameSuffix ? { nameSuffix: options.nameSuffix } : {}),
          // A custom adapter decides itself whether it lists WalletConnect.
          walletConnectConnectorId: walletConnect && options.adapter == null ? walletConnect.connector.id : undefined,
          catalogue: {
            ...(options.featuredWalletIds ? { featuredWalletIds: options.featuredWalletIds } : {}),
            ...(options.includeWalletIds ? { includeWalletIds: options.includeWalletIds } : {}),
            ...(options.excludeWalletIds ? { excludeWalletIds: options.excludeWalletIds } : {}),
            ...(options.customWallets ? { customWallets: options.customWallets.map((w) => ({ image_id: '', chains: [], ...w })) } : {}),
            chains: evmNetworks.map((n) => n.caipNetworkId),
            namespace: 'eip155',
            ...(resolvePlatform(options.platform) ? { platform: resolvePlatform(options.platform)! } : {}),
          },
          remoteConfig: {
            projectId: options.projectId ?? '',
            local: options.features ?? {},
            basic: options.basic ?? false,
            origin: globalThis.location?.origin ?? '',
          },
        },
        supplyFeature,
      ),
    },
    ...(options.inspect ? { inspect: options.inspect } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  })
  actor.start()
  const { router, modal, network, toast, connections } = actor.getSnapshot().context
  toastRef = toast
  if (options.embeddedWallet && options.adapter == null) {
    // Issue 19 §1, spec §2: a social login by redirect comes back with `result_uri` (or `social_error`) in the page
    // address: read, removed, and handed to the social login (a refusal opens the modal, where it is shown).
    const back = takeSocialReturn(globalThis.window)
    if (back) {
      actor.send({ type: 'feature.deliver', feature: 'socialLogin', event: back })
      if (back.type === 'socialLogin.refused') actor.send({ type: 'app.open' })
    }
  }
  if (options.embeddedWallet) {
    // Spec §4: closing the modal rejects the embedded wallet's requests waiting for approval (once it is loaded).
    // Leaving ApproveTransaction (Back) while the frame still asks rejects it too.
    let wasOpen = false
    let wasApproving = false
    const rejectPending = () => {
      approvals.pending.clear()
      void embeddedPromise?.then(
        (e) => e.modalClosed(),
        () => {},
      )
    }
    modal.subscribe(() => {
      const isOpen = connectModal(modal.getSnapshot(), router.getSnapshot()).isOpen
      if (wasOpen && !isOpen) rejectPending()
      wasOpen = isOpen
    })
    router.subscribe((s) => {
      const approving = s.context.history.at(-1)?.view === 'ApproveTransaction'
      if (wasApproving && !approving && approvals.pending.size > 0) rejectPending()
      wasApproving = approving
    })
  }
  /** The one resolved feature set (held by the root: local options, then the remote config's resolution). */
  const features = (): Features => actor.getSnapshot().context.flags
  /** A feature's actor once it is spawned (issue 15 §1: on its first use). */
  const feature = <K extends keyof RootActorFeatures>(id: K): RootActorFeatures[K] => actor.getSnapshot().context.features[id] as RootActorFeatures[K]

  let cached: { key: string; state: ModalState } | undefined
  /** The current public state; the same object is returned until something changes (safe for useSyncExternalStore). */
  function getState(): ModalState {
    const state = computeState()
    const key = JSON.stringify(state)
    if (cached?.key === key) return cached.state
    cached = { key, state }
    return state
  }
  /** The embedded wallet's user on the auth connector's account (spec §3 `socialProvider`, `user`), from the stored login. */
  function withEmbeddedUser(account: AccountView): ModalState['account'] {
    if (account.connectorId !== 'auth' || !account.isConnected) return account
    // Issue 19 §4: the account-type switch's state (read with the embedded account, pushed by the frame).
    const typeState = account.caipAddress?.startsWith('eip155:') ? feature('accountType')?.getSnapshot().context.state : undefined
    if (typeState) account = { ...account, preferredAccountType: typeState.preferredAccountType, smartAccountDeployed: typeState.smartAccountDeployed } as AccountView
    const text = v.string()
    const email = storage.read('email', text)
    const username = storage.read('social_username', text)
    const socialProvider = storage.read('social_provider', text)
    if (!email && !username) return account
    return { ...account, ...(socialProvider && !email ? { socialProvider } : {}), user: email ? { email } : { username: username! } }
  }
  function computeState(): ModalState {
    const net = connectNetwork(network.getSnapshot())
    const m = connectModal(modal.getSnapshot(), router.getSnapshot())
    return {
      open: m.isOpen,
      view: m.view,
      account: withEmbeddedUser(connectAccount(actor.getSnapshot().context.connection.getSnapshot(), net.active)),
      activeNamespace: actor.getSnapshot().context.activeNamespace,
      caipNetworkId: net.active.caipNetworkId,
      network: net.active,
      isUnsupportedChain: net.isUnsupported,
      siwx: options.siwx ? pickSiwx(feature('siwx')?.getSnapshot(), options.siwx.required ?? false) : undefined,
      features: features(),
    }
  }
  /** The public sign-in state; before the SIWX machine is spawned (no connection yet): idle, the option's `required`. */
  function pickSiwx(snapshot: Parameters<typeof import('../machines/siwx.connect.ts').connectSiwx>[0], required: boolean): ModalState['siwx'] {
    if (!snapshot || !siwxView) return idleSiwx(required)
    const view: SiwxView = siwxView.connectSiwx(snapshot)
    return { phase: view.phase, required: view.required, session: view.session }
  }

  /**
   * The connected wallet of a namespace, for calls the modal does not make itself (issue 16 §1): eip155 its EIP-1193
   * provider (an announced or injected wallet, or the WalletConnect session), solana its Wallet Standard wallet (the
   * `solana:*` features), bip122 its Wallet Standard wallet (the `bitcoin:*` features). `undefined` while that namespace
   * has no connected wallet, and for a namespace that is not configured. A dapp's own `adapter` gives a provider only
   * when it has a `getProvider(connectorId)` method.
   * @example
   * const provider = modal.getProvider('eip155')
   * await provider?.request({ method: 'eth_chainId' }) // '0x1'
   */
  function getProvider(namespace: 'eip155'): Eip1193Provider | undefined
  function getProvider(namespace: 'solana'): SolanaWallet | undefined
  function getProvider(namespace: 'bip122'): BitcoinWallet | undefined
  function getProvider(namespace: ChainNamespace): Eip1193Provider | SolanaWallet | BitcoinWallet | undefined
  function getProvider(namespace: ChainNamespace): Eip1193Provider | SolanaWallet | BitcoinWallet | undefined {
    const connection = connections[namespace]?.getSnapshot()
    const connectorId = connection?.hasTag('connected') ? connection.context.connectorId : undefined
    if (!connectorId) return undefined
    if (namespace === 'eip155') return (adapter as Partial<{ getProvider: (id: string) => Eip1193Provider | undefined }>).getProvider?.(connectorId)
    if (namespace === 'solana') return solanaInstance?.getWallet(connectorId)
    if (namespace === 'bip122') return bitcoinInstance?.getWallet(connectorId)
    return undefined
  }

  return {
    /** The options the instance was created with. */
    options,
    /** The view-model functions the hooks select with (`ui/hooks.ts`): in this chunk, so none is in the page's first JS. */
    connect: { connectAccount, connectNetwork, connectModal, connectConnecting },
    /** The root actor (for the visualiser and advanced use). */
    actor,
    /** Internal: storage, for the UI's recent-wallet list. */
    storage,
    /** Internal: the embedded wallet (issue 18), fetched on first use; undefined without `embeddedWallet`. */
    embedded: options.embeddedWallet ? embedded : undefined,
    /**
     * Opens the modal (spec §2 "Opening the modal"). With `view`, that view opens with `data`.
     * @throws InvalidOptionsError for a view name this build does not have, and for bad swap arguments (`data` of
     *   `Swap`: `fromToken`/`toToken` non-empty strings, `amount` a positive decimal number of whole tokens as text).
     * @throws FeatureDisabledError for a view of a feature that is off in the resolved set (issue 15 §3): `Send`,
     *   `SendSelectToken` and `SendPreview` with `features.send` off, `Receive` with `features.receive` off, `AllWallets`
     *   with `features.allWallets` off. Nothing opens then.
     * @example
     * modal.open({ view: 'Send' }) // throws FeatureDisabledError (feature 'send', option 'features.send') with send off
     */
    open(args: { view?: ViewName; data?: ViewData } = {}) {
      if (args.view !== undefined && !isViewName(args.view)) {
        throw new InvalidOptionsError(`Unknown view "${String(args.view)}"`)
      }
      checkViewData(args.view, args.data)
      const off = args.view === undefined ? undefined : disabledFlagOf(args.view, features())
      if (off) throw new FeatureDisabledError({ feature: off, view: args.view! })
      // The view about to show starts fetching now (the page's buttons already did on pointerenter/focus): the
      // requested one, else Account when connected, else Connect (the open rules may still pick another).
      prefetchIntent(args.view ?? (actor.getSnapshot().context.connection.getSnapshot().hasTag('connected') ? 'Account' : 'Connect'))
      actor.send({ type: 'app.open', ...(args.view ? { view: args.view } : {}), ...(args.data ? { data: args.data } : {}) })
    },
    /** Closes the modal; refused (the modal shakes) while a required sign-in has no session. */
    close() {
      actor.send({ type: 'app.close' })
    },
    getState,
    getProvider,
    /** Calls `listener` with the new state on every change; returns unsubscribe. */
    subscribe(listener: (state: ModalState) => void): () => void {
      let last = getState()
      const onChange = () => {
        const next = getState()
        if (next !== last) {
          last = next
          listener(next)
        }
      }
      const subs = [router.subscribe(onChange), modal.subscribe(onChange), ...Object.values(connections).map((c) => c!.subscribe(onChange)), network.subscribe(onChange)]
      // The SIWX actor is spawned with the first connection: followed from then on (the root's snapshot says when).
      let siwxSub: { unsubscribe(): void } | undefined
      // The account-type switch (issue 19 §4) too: spawned with an embedded account.
      let accountTypeSub: { unsubscribe(): void } | undefined
      const followSiwx = () => {
        const ref = feature('siwx') as AnyActorRef | undefined
        if (ref && !siwxSub) siwxSub = ref.subscribe(onChange)
        const typeRef = feature('accountType') as AnyActorRef | undefined
        if (typeRef && !accountTypeSub) accountTypeSub = typeRef.subscribe(onChange)
      }
      subs.push(
        actor.subscribe(() => {
          followSiwx()
          onChange()
        }),
      )
      followSiwx()
      return () => {
        subs.forEach((s) => s.unsubscribe())
        siwxSub?.unsubscribe()
        accountTypeSub?.unsubscribe()
      }
    },
    /**
     * Switches the active network: through the wallet when connected (SwitchNetwork shows while it confirms),
     * else just sets it (spec §4). An unknown id is ignored (alert in debug mode).
     */
    switchNetwork(network: CaipNetwork | string) {
      actor.send({ type: 'app.selectNetwork', caipNetworkId: typeof network === 'string' ? network : network.caipNetworkId })
    },
    /**
     * Adds a network at run time (spec §4, §5; issue 22 item 4). The network actor owns the list: the network button,
     * the SwitchNetwork list, `switchNetwork`, the wallet's chain reports, balances and WalletConnect pairings made
     * after this call all see it. Adding a network whose CAIP-2 id is already configured does nothing (the first
     * one stays). The active network does not change.
     *
     * `network` is a `CaipNetwork` as in `options.networks` (`defineEvmNetwork()`, `defineSolanaNetwork()` or a
     * built-in): `caipNetworkId` `namespace:reference`, `id` the chain id (eip155: a positive integer) or the CAIP-2
     * reference, `nativeCurrency.decimals` in the currency's smallest unit (18 for wei), http(s) RPC URLs.
     *
     * @throws InvalidOptionsError when the network is malformed, naming the field (`addNetwork(network).caipNetworkId:
     *   Invalid CAIP-2 network id`), with the checks of `options.networks` ({@link validateOptions}).
     * @throws AdapterNotFoundError 'The adapter for the {namespace} namespace does not exist.' when the modal has no
     *   adapter for its namespace (spec §5: Solana and Bitcoin have one only when `options.networks` had a network of
     *   theirs at creation).
     * @example
     * const modal = createModal({ projectId, networks: [mainnet] })
     * modal.addNetwork(defineEvmNetwork({ id: 10, name: 'OP Mainnet', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: 'https://mainnet.optimism.io' }))
     * modal.switchNetwork('eip155:10')
     */
    addNetwork(network: CaipNetwork): void {
      validateNetwork(network, 'addNetwork')
      if (!adapters[network.chainNamespace]) throw new AdapterNotFoundError(network.chainNamespace)
      actor.getSnapshot().context.network.send({ type: 'network.add', network })
    },
    /**
     * Removes a configured network at run time (spec §4; issue 22 item 4). Removing the active network makes the first
     * remaining network of its namespace active, else the first remaining network (stored as the active network, as
     * a switch is). Removing the last network of a namespace leaves it unfiltered (spec §4): the wallet of that
     * namespace may be on any chain, it is not marked unsupported. A connected wallet is not asked to switch.
     *
     * @param caipNetworkId the CAIP-2 id (`eip155:1`).
     * @throws AdapterNotFoundError 'The adapter for the {namespace} namespace does not exist.' when the modal has no
     *   adapter for the id's namespace (spec §5).
     * @throws InvalidOptionsError 'Network not found' (spec §8) when no configured network has that id, and 'At least
     *   one network is required' for the last network of all (the modal always has an active network).
     * @example
     * modal.removeNetwork('eip155:42161') // arbitrum leaves the network list
     */
    removeNetwork(caipNetworkId: string): void {
      const option = 'removeNetwork(caipNetworkId)'
      if (typeof caipNetworkId !== 'string') throw new InvalidOptionsError(`${option}: Expected a CAIP-2 network id`, { option, details: `Received: ${String(caipNetworkId)}` })
      const namespace = caipNetworkId.split(':')[0] ?? ''
      if (!adapters[namespace as ChainNamespace]) throw new AdapterNotFoundError(namespace)
      const network = actor.getSnapshot().context.network
      const list = network.getSnapshot().context.networks
      if (!list.some((n) => n.caipNetworkId === caipNetworkId)) {
        throw new InvalidOptionsError('Network not found', { option, details: `${caipNetworkId} is not configured (${list.map((n) => n.caipNetworkId).join(', ')}).` })
      }
      if (list.length === 1) throw new InvalidOptionsError('At least one network is required', { option, details: `${caipNetworkId} is the last network.` })
      network.send({ type: 'network.remove', caipNetworkId })
    },
    /**
     * The sign-in session of the connected account and chain (spec §3 SIWX message, signature), or `undefined`
     * when the visitor has not signed in.
     * @throws InvalidOptionsError 'SIWX is not enabled' without the `siwx` option (spec §8).
     */
    getSiwxSession(): SiwxSession | undefined {
      requireSiwx()
      return feature('siwx')?.getSnapshot().context.session
    },
    /**
     * Has the active namespace's connected wallet sign a text message (eip155: EIP-191 `personal_sign`, 0x-hex
     * signature; solana: `solana:signMessage`, base58 signature; bip122: BIP-322, base64).
     * @throws NotConnectedError when no wallet is connected in the active namespace; `UserRejectedRequestError` when
     *   the visitor declines; `InvalidProviderResponseError` for a reply that is not a signature.
     * @example const signature = await modal.signMessage({ message: 'Hello' })
     */
    async signMessage({ message }: { message: string }): Promise<string> {
      const { connection: active, activeNamespace } = actor.getSnapshot().context
      const c = active.getSnapshot()
      if (!c.hasTag('connected') || !c.context.address || !c.context.connectorId) throw new NotConnectedError()
      const target = adapters[activeNamespace] ?? adapter
      const { connectorId, address } = c.context
      // The adapter may be the dapp's own: a synchronous throw or a foreign error value becomes a typed error.
      const signature = await callForeign('signMessage', () => target.signMessage({ connectorId, address, message }))
      if (typeof signature !== 'string' || signature.length === 0) throw new InvalidProviderResponseError('signMessage', signature)
      return signature
    },
    /**
     * The chain adapter of a configured namespace, loaded if it was not yet (spec §1 lazy rule): for the calls only
     * one namespace has, e.g. Bitcoin's `sendTransfer` (the wallet builds, signs and broadcasts; spec §6 keeps
     * Bitcoin out of the Send view) or `signPSBT`.
     * @throws InvalidOptionsError when no network of that namespace is configured.
     * @example
     * const btc = (await modal.getAdapter('bip122')) as Bip122Adapter
     * await btc.sendTransfer({ connectorId, network, recipient, amount: 10_000n })
     */
    async getAdapter(namespace: ChainNamespace): Promise<ChainAdapter> {
      const found = adapters[namespace]
      if (!found) throw new InvalidOptionsError(`The adapter for the ${namespace} namespace does not exist.`)
      const lazy = found as ChainAdapter & { load?: () => Promise<ChainAdapter> }
      return lazy.load ? lazy.load() : found
    },
    /**
     * Reads the active account's native balance and its Account data (tokens, activity) again, bypassing the caches:
     * after a transaction the dapp sent itself (e.g. Bitcoin's `sendTransfer` through {@link getAdapter}).
     */
    refreshBalance() {
      const { connection: active, features: spawned } = actor.getSnapshot().context
      active.send({ type: 'connection.refreshBalance' })
      spawned.account?.send({ type: 'account.reload' })
    },
    /** Disconnects the connected wallet of the namespace. */
    disconnect() {
      actor.send({ type: 'app.disconnect' })
    },
    /**
     * Stops every actor of this instance and releases what it registered (issue 14): the adapters' window listeners
     * (EIP-6963 store, Wallet Standard registry listeners), pending waits and timers, the WalletConnect socket.
     * Calling it again does nothing more.
     */
    destroy() {
      stopThemeSync()
      actor.stop()
      releaseAdapters()
      void walletConnect?.destroy()
      void embeddedPromise?.then(
        (e) => e.destroy(),
        () => {},
      )
    },
  }
}
