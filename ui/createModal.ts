import type { CaipNetwork, ChainNamespace } from '../adapters/networks.ts'
import type { ChainAdapter } from '../adapters/types.ts'
import type { ViewData, ViewName } from '../machines/views.ts'
import { createStorage } from '../services/storage.ts'
import { docsBaseUrl } from '../kernel/errors.ts'
import type { ThemeMode, ThemeVariables } from './theme.ts'
import type { SiwxSession } from '../kernel/siwx.ts'
import { siwxMessages } from '../machines/siwx.messages.ts'
import { InvalidOptionsError, validateNetwork, validateOptions, validateThemeMode, validateThemeVariables } from './options.ts'
import { checkViewData } from './viewData.ts'
import type { CoreInstance } from './createModal.core.ts'
import { defaultState } from './createModal.defaults.ts'
import { socialReturnParams } from './socialReturn.ts'
import { createModalLog } from './log.ts'
import type { LogEntry } from '../kernel/log.ts'
import type { ModalOptions, ModalState, ModalTheme } from './types.ts'
import type { ModalInstance } from './instance.ts'
import { ConnectionNotFoundError, ModalDestroyedError } from './errors.ts'
import { browserIdleEnvironment, scheduleIdlePrefetch, whenIdle } from './idlePrefetch.ts'
import { createLocaleState } from './i18n/state.ts'
import { loadCoreModule, loadedCoreModule, type CoreModule } from './coreModule.ts'

/** The public types (`types.ts`), re-exported unchanged: the public entries import them from here. */
export type { Clock, Metadata, ModalOptions, ModalState, ModalTheme } from './types.ts'

/** Thrown by {@link createModal} for options it cannot work with (defined in `options.ts`, with the validation). */
export { InvalidOptionsError }

export type { ModalInstance } from './instance.ts'

/**
 * Thrown by a facade's `actor` read before its core is in, on a page without the core's module (`await modal.ready()`
 * first). Its message ends with its page's `Docs:` line, as a `BaseError`'s does.
 */
export class CoreNotLoadedError extends Error {
  static docsPath = '/errors/CoreNotLoadedError'
  override name = 'CoreNotLoadedError'
  constructor() {
    super(`The modal's core is not loaded yet: await modal.ready() before reading modal.actor.\nDocs: ${docsBaseUrl}${CoreNotLoadedError.docsPath}`)
  }
}

/** Whether storage holds a connection to restore: a connected connector id for one of the configured namespaces. */
function hasStoredConnection(options: ModalOptions, storage: ReturnType<typeof createStorage>): boolean {
  if (options.enableReconnect === false) return false
  const namespaces = new Set<string>(['eip155', ...options.networks.map((n) => n.chainNamespace)])
  return [...namespaces].some((ns) => storage.getConnectedConnectorId(ns) !== undefined)
}

/** Whether the page address carries a social login's return (read by the core at start). */
function hasSocialReturn(options: ModalOptions): boolean {
  if (!options.embeddedWallet) return false
  const search = globalThis.location?.search ?? ''
  return search.includes(`${socialReturnParams.result}=`) || search.includes(`${socialReturnParams.error}=`)
}

/**
 * Creates one modal instance (a facade over a lazy core). It validates the options at once and answers at
 * once: `getState()` the state of a modal that has not connected (derived from the options and storage as the core
 * starts), `subscribe` listeners kept. The core (the root actor with router, modal, toast, connection and network
 * actors, the eip155 adapter, WalletConnect's facade) is fetched with the first intent: a page button's
 * pointerenter, focus or press, any action (`open`, `switchNetwork`, …), `ready()`; at once when storage holds a
 * connection to restore; and, unless `prefetch: false` or on a constrained connection, once the page is idle (its code,
 * then the core created in a later idle period, so that a phone's tap only opens it). Actions called before it arrives are queued and run in order when it does (each returns a
 * promise settled then); listeners are attached to it then, and called once if the state it starts with differs.
 * Nothing is rendered until a `<ModalProvider>` (or `mountModal`) mounts the UI; nothing is requested from the network
 * except the reconnect of a stored connection.
 *
 * @throws InvalidOptionsError for an option it cannot work with, naming the option and why ({@link validateOptions}):
 *   no networks, a malformed network or CAIP-2 id, a duplicate network id, a `defaultNetwork` not in `networks`, a
 *   namespace without an adapter, a wrong type, a URL that is not http(s) (ws(s) for the relay), `siweConfig`, …
 * @example
 * const modal = createModal({ projectId: 'demo', networks: [mainnet, arbitrum] })
 * modal.open()                      // Connect, or Account when connected
 * modal.open({ view: 'SwitchNetwork' })
 * modal.subscribe((state) => console.log(state.account.address))
 */
export function createModal(options: ModalOptions) {
  // Every option is checked before anything starts: the first that cannot work throws InvalidOptionsError.
  const validated = validateOptions(options)
  /** The instance's log (spec §9): the console's messages, kept in a bounded buffer (`getLogs()`). */
  const log = createModalLog(options.log)
  if (!options.projectId && options.debug) {
    // Spec §5/§8: a missing project id raises the "Project ID Not Configured" alert (alerts only in debug mode).
    log.warn('Project ID Not Configured: set options.projectId.')
  }
  const storage = createStorage({ storage: options.storage })
  /**
   * The theme now (`themeMode` / `themeVariables`, changed at run time by `setThemeMode` / `setThemeVariables`): the
   * modal's CSS and, through the core, the embedded wallet's frame follow it. A new object on each change.
   */
  let theme: ModalTheme = { themeMode: options.themeMode, themeVariables: options.themeVariables }
  const themeListeners = new Set<(theme: ModalTheme) => void>()
  const setTheme = (next: ModalTheme) => {
    theme = next
    for (const listener of [...themeListeners]) listener(theme)
  }
  const subscribeTheme = (listener: (theme: ModalTheme) => void): (() => void) => {
    themeListeners.add(listener)
    return () => void themeListeners.delete(listener)
  }
  /** The language (`locale` option, `setLocale`): its catalogue is fetched with the first opening's code, never before. */
  const locale = createLocaleState(options, (message) => log.warn(message))
  if (options.adapter === null && options.walletConnect === false) {
    throw new InvalidOptionsError('No way to connect', { details: 'With `adapter: null`, WalletConnect must stay on.' })
  }

  /** What the facade answers before the core: the start state, computed once (the same object, for useSyncExternalStore). */
  const defaults = defaultState(options, validated.defaultNetwork, storage.getActiveNetworkId())
  let core: CoreInstance | undefined
  let destroyed = false
  let requested = false
  /** The view an `open()` called before the core asked for: the pre-core dialog shows it (react.tsx). */
  let pendingView: ViewName | undefined
  let pendingState: ModalState | undefined
  /** Calls made before the core, run in order when it arrives (or failed, when it cannot be fetched). */
  const queue: Array<{ kind: 'open' | 'call'; run: (core: CoreInstance) => void; fail: (error: unknown) => void }> = []
  /** `subscribe` listeners made before the core, with their subscription to it once it is in. */
  const listeners = new Set<{ listener: (state: ModalState) => void; stop?: () => void }>()
  /** The idle prefetch fetched the core's code (it creates the core in a later idle period): the UI fetches the shell then too. */
  let prefetchedAtIdle = false
  /** Cancels the idle prefetch (`prefetch` option) or its creation of the core: the first intent and `destroy` call it. */
  let cancelIdlePrefetch = () => {}
  /** The idle prefetch brought Connect's feature machines (`isConnectPrepared`): the shell may render Connect ahead. */
  let connectPrepared = false
  /** Followers of the core's arrival and of the pending open (`subscribeCore`). */
  const coreFollowers = new Set<() => void>()

  const preCoreState = (): ModalState => {
    if (!pendingView) return defaults
    if (pendingState?.view !== pendingView) pendingState = { ...defaults, open: true, view: pendingView }
    return pendingState
  }
  const tellFollowers = () => {
    for (const follower of [...coreFollowers]) follower()
  }
  const tellListeners = (state: ModalState) => {
    for (const entry of [...listeners]) entry.listener(state)
  }
  /** The pending open changed before the core: the dialog and the listeners follow. */
  const setPending = (view: ViewName | undefined) => {
    if (view === pendingView) return
    pendingView = view
    tellFollowers()
    tellListeners(preCoreState())
  }

  /** Creates the core from its module, runs the queued calls in order, attaches the listeners. */
  function attach(m: CoreModule): CoreInstance | undefined {
    if (core || destroyed) return core
    const before = preCoreState()
    const created = m.createCore(options, validated, { storage, log, theme: () => theme, subscribeTheme, locale: () => locale.get().locale, subscribeLocale: locale.subscribe })
    core = created
    pendingView = undefined
    for (const item of queue.splice(0)) item.run(created)
    const after = created.getState()
    for (const entry of listeners) entry.stop = created.subscribe(entry.listener)
    if (JSON.stringify(after) !== JSON.stringify(before)) tellListeners(after)
    tellFollowers()
    return created
  }
  /** Asks for the core (fetched once per page); resolves with it. A failed fetch rejects the queued calls. */
  function request(): Promise<CoreInstance> {
    if (core) return Promise.resolve(core)
    if (destroyed) return Promise.reject(new ModalDestroyedError())
    if (!requested) {
      requested = true
      tellFollowers()
    }
    return loadCoreModule().then(
      (m) => {
        const created = attach(m)
        if (!created) throw new ModalDestroyedError()
        return created
      },
      (error: unknown) => {
        requested = false
        for (const item of queue.splice(0)) item.fail(error)
        if (options.debug) log.error(`The modal could not be loaded: ${error instanceof Error ? error.message : String(error)}`)
        setPending(undefined)
        throw error
      },
    )
  }
  /** The core now, created at once if its module is in; {@link CoreNotLoadedError} otherwise. */
  function requireCore(): CoreInstance {
    const loaded = loadedCoreModule()
    const now = core ?? (loaded ? attach(loaded) : undefined)
    if (!now) throw new CoreNotLoadedError()
    return now
  }
  /**
   * Runs `run` on the core: at once when it is in, else queued (in call order) and the core requested. The promise
   * settles with `run`'s result; it is marked handled (a dapp that does not await it sees no unhandled rejection).
   */
  function withCore<T>(run: (core: CoreInstance) => T, kind: 'open' | 'call' = 'call'): Promise<Awaited<T>> {
    const promise = new Promise<Awaited<T>>((resolve, reject) => {
      queue.push({
        kind,
        run: (c) => {
          try {
            resolve(run(c) as Awaited<T>)
          } catch (error) {
            reject(error)
          }
        },
        fail: reject,
      })
    })
    void request().catch(() => {})
    promise.catch(() => {})
    return promise
  }

  /** The current public state; the same object is returned until something changes (safe for useSyncExternalStore). */
  function getState(): ModalState {
    return core ? core.getState() : preCoreState()
  }

  // Each member's contract is documented on `ModalInstance` (`ui/instance.ts`).
  const facade: ModalInstance = {
    options,
    storage,
    getLogs(): LogEntry[] {
      return log.entries()
    },
    get actor(): CoreInstance['actor'] {
      return requireCore().actor
    },
    get embedded(): CoreInstance['embedded'] {
      return core?.embedded
    },
    ready(): Promise<void> {
      return request().then(() => undefined)
    },
    peekCore(): CoreInstance | undefined {
      return core
    },
    isCoreRequested(): boolean {
      return requested || prefetchedAtIdle || core !== undefined
    },
    pendingView(): ViewName | undefined {
      return core ? undefined : pendingView
    },
    isConnectPrepared(): boolean {
      return connectPrepared && !destroyed
    },
    subscribeCore(follower: () => void): () => void {
      coreFollowers.add(follower)
      return () => void coreFollowers.delete(follower)
    },
    prefetch(view: ViewName): void {
      cancelIdlePrefetch()
      void locale.load()
      // Connect's code comes in the core's round trip, not one after it (`firstOpen.ts`).
      if (view === 'Connect' && !core) import('./firstOpen.ts').catch(() => {})
      void request().then(
        () => loadedCoreModule()?.prefetchIntent(view),
        () => {},
      )
    },
    open(args: { view?: ViewName; data?: ViewData } = {}): Promise<void> {
      checkViewData(args.view, args.data)
      void locale.load()
      // The view's name is checked by the core against this build's views (the feature manifests come with the core,
      // never with the page): before the core is in, an unknown name rejects the returned promise when it arrives.
      if (core) {
        core.open(args)
        return Promise.resolve()
      }
      const done = withCore((c) => c.open(args), 'open')
      setPending(args.view ?? 'Connect')
      return done
    },
    close(): void {
      if (core) return core.close()
      // Before the core: the opens still queued are dropped with the pre-core dialog.
      for (let i = queue.length - 1; i >= 0; i--) if (queue[i]!.kind === 'open') queue.splice(i, 1)[0]!.run = () => {}
      setPending(undefined)
    },
    getState,
    getProvider: ((namespace: ChainNamespace) => core?.getProvider(namespace)) as CoreInstance['getProvider'],
    subscribeState: (listener: (state: ModalState) => void) => facade.subscribe(listener),
    subscribe(listener: (state: ModalState) => void): () => void {
      if (core) return core.subscribe(listener)
      const entry: { listener: (state: ModalState) => void; stop?: () => void } = { listener }
      listeners.add(entry)
      return () => {
        listeners.delete(entry)
        entry.stop?.()
      }
    },
    getTheme(): ModalTheme {
      return theme
    },
    subscribeTheme,
    getLocale: locale.get,
    subscribeLocale: locale.subscribe,
    setLocale: locale.set,
    setThemeMode(mode: ThemeMode): void {
      validateThemeMode(mode)
      if (mode !== theme.themeMode) setTheme({ ...theme, themeMode: mode })
    },
    setThemeVariables(variables: ThemeVariables): void {
      validateThemeVariables(variables)
      const given = Object.fromEntries(Object.entries(variables).filter(([, value]) => value !== undefined)) as ThemeVariables
      setTheme({ ...theme, themeVariables: { ...theme.themeVariables, ...given } })
    },
    switchNetwork(network: CaipNetwork | string): void {
      if (core) return core.switchNetwork(network)
      void withCore((c) => c.switchNetwork(network))
    },
    addNetwork(network: CaipNetwork): void {
      if (core) return core.addNetwork(network)
      validateNetwork(network, 'addNetwork')
      void withCore((c) => c.addNetwork(network))
    },
    removeNetwork(caipNetworkId: string): void {
      if (core) return core.removeNetwork(caipNetworkId)
      void withCore((c) => c.removeNetwork(caipNetworkId))
    },
    getSiwxSession(): SiwxSession | undefined {
      if (core) return core.getSiwxSession()
      if (!options.siwx) throw new InvalidOptionsError(siwxMessages.notEnabled)
      return undefined
    },
    signMessage(args: { message: string }): Promise<string> {
      return request().then((c) => c.signMessage(args))
    },
    getAdapter(namespace: ChainNamespace): Promise<ChainAdapter> {
      return request().then((c) => c.getAdapter(namespace))
    },
    sendCalls(parameters) {
      return request().then((c) => c.sendCalls(parameters))
    },
    pay(parameters) {
      return request().then((c) => c.pay(parameters))
    },
    getPayResult() {
      // Nothing kept under way: no core is fetched for the answer.
      if (!core && !storage.getPendingPaymentKey()) return Promise.resolve(undefined)
      return request().then((c) => c.getPayResult())
    },
    getCallsStatus(id) {
      return request().then((c) => c.getCallsStatus(id))
    },
    getCapabilities(parameters) {
      return request().then((c) => c.getCapabilities(parameters))
    },
    refreshBalance(): void {
      if (core) return core.refreshBalance()
      void withCore((c) => c.refreshBalance())
    },
    getConnections(namespace) {
      if (core) return core.getConnections(namespace)
      // Before the core nothing is held; off, nothing is answered (the alert needs the core: it shows from then on).
      return options.features?.multiWallet ? [] : undefined
    },
    switchConnection(args) {
      if (core) return core.switchConnection(args)
      if (options.features?.multiWallet) throw new ConnectionNotFoundError(args)
    },
    deleteConnection(args) {
      if (core) return core.deleteConnection(args)
      if (options.features?.multiWallet) throw new ConnectionNotFoundError(args)
    },
    disconnect(): void {
      if (core) return core.disconnect()
      void withCore((c) => c.disconnect())
    },
    destroy(): void {
      if (destroyed) return
      destroyed = true
      cancelIdlePrefetch()
      queue.splice(0)
      pendingView = undefined
      core?.destroy()
    },
  }
  // A second modal on the page, or an entry that brought the core's module: the core at once. Storage holding a
  // connection to restore or a payment under way, a social login's return or an inspector: fetched at once, not on the
  // first click.
  const loaded = loadedCoreModule()
  if (loaded) attach(loaded)
  else if (hasStoredConnection(options, storage) || hasSocialReturn(options) || storage.getPendingPaymentKey() || options.inspect) void request().catch(() => {})
  // Once the page is idle, the first opening's code (the view `open()` would show), unless `prefetch: false`; then, in a
  // later idle period, the core itself: its actors start (connector discovery, the other tabs' storage events), none of
  // which requests anything from the network (the remote config, analytics and the catalogue wait for the opening), so a
  // tap only opens. The shell and Connect's chunk come in meanwhile.
  const idleEnv = browserIdleEnvironment()
  /** Brings Connect's feature machines once their modules are in (`firstOpen.ts`, fetched at idle); not once opened. */
  const prepare = (created: CoreInstance) => {
    if (destroyed || created.getState().open) return
    void import('./firstOpen.ts').then(() => {
      if (destroyed || created.getState().open) return
      created.prepareConnect()
      connectPrepared = true
      tellFollowers()
    })
  }
  cancelIdlePrefetch = scheduleIdlePrefetch(options.prefetch, idleEnv, () => {
    const view: ViewName = getState().account.isConnected ? 'Account' : 'Connect'
    if (core || requested || destroyed) {
      facade.prefetch(view)
      // The core came before the page was idle (an inspector, a connection being restored): Connect is prepared the same.
      if (view === 'Connect' && idleEnv)
        void request().then(
          (created) => {
            if (!destroyed) cancelIdlePrefetch = whenIdle(idleEnv, () => prepare(created))
          },
          () => {},
        )
      return
    }
    prefetchedAtIdle = true
    tellFollowers()
    if (view === 'Connect') import('./firstOpen.ts').catch(() => {})
    void locale.load()
    loadCoreModule().then(
      (m) => {
        m.prefetchIntent(view)
        if (core || destroyed || !idleEnv) return
        cancelIdlePrefetch = whenIdle(idleEnv, () => {
          const created = attach(m)
          // A third idle period: Connect's feature machines, brought once their modules are in, without a request.
          if (created && view === 'Connect' && !created.getState().open) cancelIdlePrefetch = whenIdle(idleEnv, () => prepare(created))
        })
      },
      () => {},
    )
  })
  return facade
}
