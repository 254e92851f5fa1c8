import type { IdentifierArray, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import { BaseError } from '../kernel/errors.ts'
import type { DockWallet } from './dock.ts'

/**
 * What a Wallet Standard wallet shows an app before it is used: its identity and the shape of its features (each
 * feature's plain properties, such as `version` or `supportedTransactionVersions`, and the names of its methods).
 * `standard:events` is always present and handled by the stand-in itself.
 */
export type LazyWalletSpec = {
  name: string
  icon: WalletIcon
  chains: IdentifierArray
  /** Feature name → its plain properties and its method names (every method returns a promise). */
  features: Record<string, { props: Record<string, unknown>; methods: readonly string[] }>
}

/** A development wallet the dock can show: a Wallet Standard wallet with pending requests and a change feed. */
export type DockableWallet = Wallet & DockWallet

/** The development wallet's code could not be loaded; the call that needed it rejects with this, the next one tries again. */
export class DevWalletLoadError extends BaseError {
  override name = 'DevWalletLoadError'
  constructor(walletName: string, cause: unknown) {
    super(`The development wallet "${walletName}" could not be loaded.`, { cause })
  }
}

/** The stand-in and how to reach the wallet behind it. */
export type LazyWallet<W extends DockableWallet> = {
  /** The stand-in to register: same name, icon, chains and features as the wallet; its methods load the wallet first. */
  readonly wallet: DockableWallet
  /** The loaded wallet, or undefined before the first use. */
  readonly loaded: W | undefined
  /** Loads the wallet (once; again after a failure) and returns it. */
  load(): Promise<W>
  /** Calls `listener` with the wallet when it has loaded (at once when it already has); returns unsubscribe. */
  onLoad(listener: (wallet: W) => void): () => void
}

/**
 * A stand-in for a Wallet Standard wallet whose code is heavy (web3.js, bitcoinjs-lib): it registers at once with the
 * identity and feature shape of {@link LazyWalletSpec}, and loads the real wallet with `load` on the first call of any
 * feature method; from then on every property and call is the real wallet's. What a page with such a wallet pays
 * before anyone uses it is this module, as a browser extension injects a small script and loads the rest on request.
 *
 * Before the load: `accounts` is empty (a wallet that may already be authorised must be loaded before it registers:
 * its accounts are the app's reason to reconnect), `pending` is empty, and `standard:events` listeners and dock
 * subscribers are kept and attached to the real wallet when it arrives (subscribers are then called once).
 *
 * @param spec what the wallet shows before it loads; must match the real wallet's (a test compares them).
 * @param load imports and constructs the real wallet.
 * @throws DevWalletLoadError from a feature method when `load` fails (the next call tries again).
 */
export function lazyStandardWallet<W extends DockableWallet>(spec: LazyWalletSpec, load: () => Promise<W>): LazyWallet<W> {
  let real: W | undefined
  let loading: Promise<W> | undefined
  const changeListeners = new Set<(properties: { accounts?: readonly WalletAccount[] }) => void>()
  const subscribers = new Set<() => void>()
  const loadListeners = new Set<(wallet: W) => void>()

  const ensure = (): Promise<W> => {
    if (real) return Promise.resolve(real)
    loading ??= load().then(
      (wallet) => {
        real = wallet
        const events = wallet.features['standard:events'] as { on(event: 'change', listener: (properties: object) => void): () => void } | undefined
        for (const listener of changeListeners) events?.on('change', listener)
        for (const subscriber of subscribers) wallet.subscribe(subscriber)
        for (const listener of loadListeners) listener(wallet)
        for (const subscriber of subscribers) subscriber()
        return wallet
      },
      (error: unknown) => {
        loading = undefined
        throw new DevWalletLoadError(spec.name, error)
      },
    )
    return loading
  }

  const features: Record<string, Record<string, unknown>> = {}
  for (const [featureName, { props, methods }] of Object.entries(spec.features)) {
    const feature: Record<string, unknown> = { ...props }
    for (const method of methods) {
      feature[method] = async (...args: unknown[]) => {
        const wallet = await ensure()
        const target: unknown = Object.getOwnPropertyDescriptor(wallet.features, featureName)?.value
        const fn: unknown = typeof target === 'object' && target !== null ? Reflect.get(target, method) : undefined
        if (typeof fn !== 'function') throw new DevWalletLoadError(spec.name, `it has no ${featureName}.${method}`)
        return Reflect.apply(fn, target, args)
      }
    }
    features[featureName] = feature
  }
  features['standard:events'] = {
    version: '1.0.0',
    on: (event: string, listener: (properties: object) => void) => {
      if (real) return (real.features['standard:events'] as { on(e: string, l: (p: object) => void): () => void }).on(event, listener)
      if (event !== 'change') return () => {}
      changeListeners.add(listener)
      return () => changeListeners.delete(listener)
    },
  }

  const wallet: DockableWallet = {
    version: '1.0.0',
    name: spec.name,
    icon: spec.icon,
    get chains() {
      return real ? real.chains : spec.chains
    },
    features: Object.freeze(features),
    get accounts() {
      return real ? real.accounts : []
    },
    get pending() {
      return real ? real.pending : []
    },
    subscribe(listener) {
      if (real) return real.subscribe(listener)
      subscribers.add(listener)
      return () => subscribers.delete(listener)
    },
  }

  return {
    wallet,
    get loaded() {
      return real
    },
    load: ensure,
    onLoad(listener) {
      if (real) {
        listener(real)
        return () => {}
      }
      loadListeners.add(listener)
      return () => loadListeners.delete(listener)
    },
  }
}

/** A stand-in that knows when it may register: see {@link lazyRememberingWallet}. */
export type RegistrableLazyWallet<W extends DockableWallet> = LazyWallet<W> & { ready: Promise<void> }

/**
 * {@link lazyStandardWallet} for a wallet that remembers in the page's storage (under `storageKey`) whether a site is
 * authorised: when it says so, the wallet loads at once, and `ready` resolves once it has (or failed to, logged), so
 * that the stand-in registered then shows the app the authorised accounts it will reconnect; otherwise `ready` is
 * resolved at once and nothing loads before a feature is used.
 */
export function lazyRememberingWallet<W extends DockableWallet>(spec: LazyWalletSpec, storage: Pick<Storage, 'getItem'> | undefined, storageKey: string, load: () => Promise<W>): RegistrableLazyWallet<W> {
  const lazy = lazyStandardWallet(spec, load)
  const ready = storedAuthorised(storage, storageKey)
    ? lazy.load().then(
        () => undefined,
        (error: unknown) => console.error(error),
      )
    : Promise.resolve()
  return Object.assign(lazy, { ready })
}

/**
 * The plain properties and method names of a loaded wallet's features, in the form of {@link LazyWalletSpec}
 * (`standard:events` left out): what a test compares a stand-in's spec with.
 */
export function featureShape(wallet: Wallet): LazyWalletSpec['features'] {
  const shape: LazyWalletSpec['features'] = {}
  for (const [name, feature] of Object.entries(wallet.features)) {
    if (name === 'standard:events') continue
    const entries = Object.entries(feature as Record<string, unknown>)
    shape[name] = {
      props: Object.fromEntries(entries.filter(([, value]) => typeof value !== 'function')),
      methods: entries.filter(([, value]) => typeof value === 'function').map(([key]) => key),
    }
  }
  return shape
}

/** Whether `storage[key]` holds a wallet state that says the site was authorised (`{ "authorised": true, … }`). */
export function storedAuthorised(storage: Pick<Storage, 'getItem'> | undefined, key: string): boolean {
  try {
    const value: unknown = JSON.parse(storage?.getItem(key) ?? 'null')
    return typeof value === 'object' && value !== null && (value as { authorised?: unknown }).authorised === true
  } catch {
    return false
  }
}

/** How a stand-in's panel looks before its wallet loads, and how the wallet's own panel mounts once it has. */
export type LazyPanelOptions<W> = {
  /** The real panel's `data-testid`, which the placeholder carries too. */
  testId: string
  /** The real panel's title. */
  title: string
  /** The real panel's frame (CSS text: border colour and all), so the dock looks the same before and after. */
  frameStyle: string
  /** Mounts the wallet's own panel into the container; returns its unmount function. */
  mount(wallet: W, container: HTMLElement): () => void
}

/**
 * A development wallet's panel in the dock before the wallet has loaded: its title, "Not connected" and an "Open
 * wallet" button that loads it; replaced by the wallet's own panel ({@link LazyPanelOptions.mount}) as soon as the
 * wallet loads, whoever asked (the button, or a site calling one of its features). Plain DOM; styles through the
 * CSS object model (a strict CSP refuses style attributes).
 *
 * @returns unmount: removes whichever panel is shown; idempotent.
 */
export function mountLazyWalletPanel<W extends DockableWallet>(lazy: LazyWallet<W>, container: HTMLElement, options: LazyPanelOptions<W>): () => void {
  const doc = container.ownerDocument
  let unmountReal: (() => void) | undefined
  let placeholder: HTMLElement | undefined
  let stopped = false
  const showReal = (wallet: W): void => {
    if (stopped || unmountReal) return
    placeholder?.remove()
    placeholder = undefined
    unmountReal = options.mount(wallet, container)
  }
  if (lazy.loaded) showReal(lazy.loaded)
  else {
    placeholder = doc.createElement('section')
    placeholder.style.cssText = options.frameStyle
    placeholder.dataset.testid = options.testId
    placeholder.setAttribute('data-latchkey-interactive', '')
    const title = doc.createElement('h2')
    title.style.cssText = 'margin:0 0 6px;font-size:14px;font-weight:700'
    title.textContent = options.title
    title.id = `${options.testId}-lazy-title`
    placeholder.setAttribute('aria-labelledby', title.id)
    const status = doc.createElement('p')
    status.style.cssText = 'margin:0 0 8px;color:var(--dw-muted,#4a5262)'
    status.textContent = 'Not connected · the wallet loads when a site asks for it'
    const open = doc.createElement('button')
    open.type = 'button'
    open.style.cssText = 'font:inherit;padding:8px 12px;border-radius:6px;border:1px solid #9aa3b2;background:var(--dw-control,#f4f6f9);color:var(--dw-fg,#14181f);cursor:pointer'
    open.textContent = 'Open wallet'
    open.addEventListener('click', () => {
      open.disabled = true
      lazy.load().catch((error: unknown) => {
        open.disabled = false
        status.textContent = error instanceof Error ? error.message : String(error)
      })
    })
    placeholder.append(title, status, open)
    container.append(placeholder)
  }
  const stopListening = lazy.onLoad(showReal)
  return () => {
    if (stopped) return
    stopped = true
    stopListening()
    placeholder?.remove()
    unmountReal?.()
  }
}
