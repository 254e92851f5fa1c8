/**
 * The modal's core (spec §2, §3, §4): the root actor with its machines, the chain adapters, WalletConnect's facade,
 * storage writes, the services' loaders. `createModal` (`createModal.ts`) answers synchronously with a facade and
 * fetches this module (through `ui/core.ts`) on the visitor's first intent, or at once when storage holds a connection
 * to restore; the facade then calls {@link createCore} with the options it validated and hands its queued calls over.
 *
 * The core is assembled from named parts in `ui/core/`: the adapters, the embedded-wallet bridge, the reporting
 * (services and analytics), the persistence actions, the feature host, the root input, the public state and the
 * commands.
 */
import * as v from 'valibot'
import { createActor } from 'xstate'
import { connectionActors, connectorDiscoveryActor, networkActors } from '../adapters/actors.ts'
import type { CaipNetwork } from '../adapters/networks.ts'
import type { BalanceSummary, Eip1193Provider } from '../adapters/types.ts'
import { connectAccount, connectConnecting } from '../machines/connection.connect.ts'
import { connectionMachine } from '../machines/connection.ts'
import { connectModal } from '../machines/modal.connect.ts'
import { connectNetwork } from '../machines/network.connect.ts'
import { networkMachine } from '../machines/network.ts'
import type { ToastText } from '../machines/messages.ts'
import { rootMachine, type RootActor } from '../machines/root.ts'
import { timing } from '../machines/timing.ts'
import { balanceSummarySchema, type ModalStorage } from '../services/storage.ts'
import { featureRegistrations } from './assemble/index.ts'
import { createCoreAdapters } from './core/adapters.ts'
import { createEmbeddedBridge } from './core/embeddedBridge.ts'
import { createFeatureHost, featureSettings } from './core/featureHost.ts'
import { createConnectionCommands } from './core/connectionCommands.ts'
import { createPayCommands } from './core/payCommands.ts'
import { lazyCallsCommands } from './core/callsLazy.ts'
import { createModalCommands } from './core/modalCommands.ts'
import { createNetworkCommands } from './core/networkCommands.ts'
import { persistenceActions } from './core/persistence.ts'
import { createPublicState } from './core/publicState.ts'
import { createReporting } from './core/reporting.ts'
import { rootInput } from './core/rootInput.ts'
import { createWalletCommands } from './core/walletCommands.ts'
import { createWalletDescriber } from './core/walletInfo.ts'
import { embeddedStorageKeys } from './embedded.session.ts'
import { firstPaintActor } from './firstPaint.ts'
import { otherTabsActor } from './createModal.tabs.ts'
import type { ValidateOptionsReturnType } from './options.ts'
import type { Metadata, ModalOptions, ModalTheme } from './types.ts'
import type { ModalLog } from './log.ts'
import { guardedInspect } from './core/inspectOption.ts'

/** What the facade hands the core: the storage it read, and the theme it owns (`getTheme`, `setThemeMode`, …). */
export type CoreShared = {
  storage: ModalStorage
  /** The instance's log (spec §9 log buffer), owned by the facade. */
  log: ModalLog
  theme: () => ModalTheme
  subscribeTheme: (listener: (theme: ModalTheme) => void) => () => void
  /** The modal's language now (`getLocale().locale`): the embedded wallet's frame speaks it. */
  locale?: (() => string) | undefined
  /** Follows the modal's language (`setLocale`, a catalogue's arrival): the embedded wallet's frame follows it. */
  subscribeLocale?: ((listener: () => void) => () => void) | undefined
}

/** The core instance: everything `createModal`'s facade forwards to once it is in (`ModalInstance` is the facade). */
export type CoreInstance = ReturnType<typeof createCore>

/**
 * Creates the core of one modal instance: its root actor with router, modal, toast, connection and network actors,
 * the chain adapters and WalletConnect's facade, on the storage and theme of the facade (`createModal`), with the
 * options it validated. Nothing is requested from the network except the reconnect of a stored connection.
 * @throws InvalidOptionsError 'No way to connect' with `adapter: null` and `walletConnect: false`.
 * @example
 * const core = createCore(options, validateOptions(options), { storage, log: createModalLog(options.log), theme: () => theme, subscribeTheme })
 * core.open({ view: 'Connect' })
 */
export function createCore(options: ModalOptions, validated: ValidateOptionsReturnType, shared: CoreShared) {
  const { storage } = shared
  /** The root actor, created below; the parts call `root()` only once it exists. */
  let actor: RootActor | undefined
  const root = (): RootActor => actor!
  const toast = (message: ToastText) => actor?.getSnapshot().context.toast.send({ type: 'toast.show', variant: 'error', message })
  /** The configured networks now: the network actor's list, which `addNetwork` / `removeNetwork` change. */
  const networksNow = (): readonly CaipNetwork[] => root().getSnapshot().context.network.getSnapshot().context.networks
  const metadata: Metadata = options.metadata ?? { name: globalThis.document?.title || 'App', description: '', url: globalThis.location?.origin ?? '', icons: [] }

  const embedded = createEmbeddedBridge({
    options,
    storage,
    log: shared.log,
    metadata,
    theme: shared.theme,
    subscribeTheme: shared.subscribeTheme,
    locale: shared.locale,
    subscribeLocale: shared.subscribeLocale,
    networksNow,
    root,
    toast,
  })
  const adapters = createCoreAdapters({ options, metadata, networksNow, authProvider: embedded.authProvider, solanaAuth: embedded.solanaAuth })
  const { walletConnect } = adapters
  const reporting = createReporting({ options, storage, log: shared.log, adapter: adapters.adapter, solanaNetworks: adapters.solanaNetworks, solanaAdapterFor: adapters.solanaAdapterFor, root, toast })
  const features = createFeatureHost({
    options,
    root,
    services: reporting.services,
    walletConnect,
    adapter: adapters.adapter,
    adapters: adapters.adapters,
    embedded: embedded.load,
    storage,
    walletOf: adapters.walletOf,
    // Read once the instance runs (the public state is made below).
    held: {
      list: (namespace) => {
        if (!root().getSnapshot().context.flags.multiWallet) return []
        const holder = state.faced().find((f) => f.face.connections)
        return holder ? holder.face.connections!.list(holder.ref.getSnapshot(), namespace) : []
      },
      subscribe: (listener) => state.subscribe(listener),
    },
  })
  /** The native balance cache (spec §3, §9: 30 s), kept in storage (`balance_cache`) so a reload within it shows the balance at once. */
  const nativeBalanceStore = storage.cache('balanceCache', balanceSummarySchema)
  const balanceCache = {
    get: (key: string) => nativeBalanceStore.get(key, Date.now())?.value,
    set: (key: string, balance: BalanceSummary) => nativeBalanceStore.set(key, balance, Date.now() + timing.nativeBalanceTtl, Date.now()),
  }

  /** The wallet's description each session carries into its connection (spec §3 `connectedWalletInfo`, `addressLabels`). */
  const embeddedLoad = embedded.publicLoad
  const describeWallet = createWalletDescriber({
    connectors: () => root().getSnapshot().context.connectors,
    adapters: adapters.adapters,
    ...(embeddedLoad ? { authConnectorId: 'auth', embeddedUser: () => embeddedLoad().then((e) => e.user()), storedSocialProvider: () => storage.read(embeddedStorageKeys.socialProvider, v.string()) } : {}),
  })

  const machine = rootMachine.provide({
    actors: {
      connection: connectionMachine.provide({ actors: connectionActors(adapters.adapters, networksNow, { balanceCache, describeWallet }) }),
      network: networkMachine.provide({ actors: networkActors(adapters.adapters) }),
      watchConnectors: connectorDiscoveryActor(adapters.adapters),
      watchTabs: otherTabsActor({ enabled: options.enableReconnect ?? true, storage, ownStorage: options.storage }),
      firstPaint: firstPaintActor(),
    },
    actions: { ...persistenceActions(storage), ...reporting.actions },
  })
  // A custom adapter decides itself whether it lists WalletConnect.
  const walletConnectConnectorId = walletConnect && options.adapter == null ? walletConnect.connector.id : undefined
  const started: RootActor = createActor(machine, {
    input: rootInput({
      options,
      validated,
      storage,
      namespaces: adapters.configuredNamespaces,
      walletConnectConnectorId,
      features: featureRegistrations(featureSettings(options, storage, walletConnect), features.supplyFeature),
    }),
    ...(options.inspect ? { inspect: guardedInspect(options.inspect, shared.log) } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  })
  actor = started
  started.start()
  embedded.follow(started)
  const state = createPublicState({ options, storage, actor: started, faces: features.faces })

  return {
    /** The options the instance was created with. */
    options,
    /** The view-model functions the hooks select with (`ui/hooks.ts`): in this chunk, so none is in the page's first JS. */
    connect: { connectAccount, connectNetwork, connectModal, connectConnecting },
    /** The root actor (for the visualiser and advanced use). */
    actor: started,
    /** Internal: storage, for the UI's recent-wallet list. */
    storage,
    /** Internal: the embedded wallet (spec §7 "Embedded wallet iframe"), fetched on first use; undefined without `embeddedWallet`. */
    embedded: embedded.publicLoad,
    getState: state.getState,
    /** Calls `listener` with the new state on every change; returns unsubscribe. */
    subscribe: state.subscribe,
    ...createModalCommands({ actor: started, requireSiwx: features.requireSiwx, faced: state.faced }),
    ...createNetworkCommands(started, adapters.adapters),
    ...createWalletCommands(started, adapters),
    ...createConnectionCommands({ actor: started, faced: state.faced }),
    ...createPayCommands({ actor: started, faced: state.faced, storage, load: () => import('../machines/pay.input.ts') }),
    ...lazyCallsCommands(() =>
      import('./core/callsCommands.ts').then((m) => m.createCallsCommands({ actor: started, faced: state.faced, provider: (id) => adapters.walletOf('eip155', id) as Eip1193Provider | undefined })),
    ),
    /**
     * Stops every actor of this instance and releases what it registered: the adapters' window listeners (EIP-6963
     * store, Wallet Standard registry listeners), pending waits and timers, the WalletConnect socket, the embedded
     * wallet's frame. Calling it again does nothing more.
     */
    destroy() {
      started.stop()
      adapters.release()
      void walletConnect?.destroy()
      embedded.destroy()
    },
  }
}
