/**
 * The feature registry (issue 15 §1 and §3; STYLE.md rule 14): every feature of the modal, in one file. Start here to
 * find what a feature is made of.
 *
 * Each entry says
 * - `id`: the feature's name;
 * - `flag`: the key of the resolved feature set (`services/features.ts` {@link Features}) that gates the whole feature,
 *   or none when it is always there;
 * - `views`: the views it owns (spec §2 names), each with the loader of its chunk (`() => import('./views/X.tsx')`):
 *   no view is in the page's first JS (issue 15 §4). A view's chunk is fetched when the view is first shown, while a
 *   view that leads to it is shown (`next`), or, for the view a page button opens (Connect, Account, SwitchNetwork,
 *   UnsupportedChain), on the visitor's first intent: pointer over, focus or press of the button ({@link prefetchView});
 *   a view may carry a `flag` of its own beside the feature's (AllWallets: `allWallets`);
 * - `parts`: entry points inside another feature's view that a flag of their own gates (Account's Activity tab:
 *   `activity`; the branding footer: `reownBranding`);
 * - a TSDoc line saying what it is.
 *
 * A feature whose flag is off exists nowhere: its entry points are hidden (the views read `useFeatures()`), its views
 * are never rendered and their chunks never fetched (the modal renders through {@link isViewOn}; the prefetch of
 * `next` skips them), and `modal.open({ view })` of one of its views throws {@link FeatureDisabledError}.
 *
 * **How a new feature plugs in** (email, socials, swaps, onramp, multiWallet and pay are in the feature set, with no
 * entry yet): write its views in `ui/views/` (default export, read state through hooks), its machine in `machines/`
 * and its client calls in `services/`; add its view names to `machines/views.ts` (one router state each) and their
 * titles to `ui/locales/en.ts`; then one registration here, e.g.
 *
 * ```ts
 * swaps: { id: 'swaps', flag: 'swaps', views: { Swap: { load: () => import('./views/Swap.tsx') } } },
 * ```
 *
 * Its entry point (a button in Account, say) checks `useFeatures().swaps`. Nothing else changes: the modal renders,
 * prefetches and gates the views from here. The multiWallet methods (get connections, switch, delete) do not exist
 * yet; when they come, with `multiWallet` off they show the spec's 'Multi-Wallet Not Enabled' info alert and return
 * nothing (spec §6, §8).
 *
 * This file imports no React (types only): `createModal` reads it to gate `open({ view })` without pulling the views in.
 */
import type { ComponentType } from 'react'
import { BaseError } from '../adapters/errors.ts'
import type { ViewName } from '../machines/views.ts'
import type { FeatureId as FeatureMachineId } from './assemble/index.ts'
import { featureAssemblies } from './assemble/index.ts'
import { isFeatureOn, localFeatureKeys, type FeatureFlag, type Features } from '../services/features.ts'

/** A view's chunk: the module whose default export is the view. */
export type ViewLoader = () => Promise<{ default: ComponentType }>

/** One view of a feature. */
export type ViewRegistration = {
  /** The loader of the view's chunk (see {@link viewCode}: fetched once, rendered without suspending once in). */
  load: ViewLoader
  /** A flag gating this view beside the feature's own (AllWallets: `allWallets`). */
  flag?: FeatureFlag
  /** The views a visitor reaches from this one in one step: their chunks are fetched while it shows (when on). */
  next?: readonly ViewName[]
  /**
   * What the dapp must configure for a visitor to reach this view at all (`siwx`: the `siwx` option;
   * `otherNamespace`: networks of more than one namespace). Without it the view is never prefetched.
   */
  reachableWith?: 'siwx' | 'otherNamespace'
  /**
   * The feature machines the view needs (`ui/assemble/index.ts`): their modules are fetched with the view's chunk on
   * the visitor's intent ({@link prefetchIntent}), not while another view shows.
   */
  machines?: readonly FeatureMachineId[]
}

/** What the dapp configured that decides which views can be reached (see {@link ViewRegistration.reachableWith}). */
export type ViewReach = { siwx: boolean; otherNamespace: boolean }

/** One feature: what gates it and what it owns (see the file's docstring). */
export type FeatureRegistration = {
  id: string
  /** The feature-set key gating the whole feature; none: always there. */
  flag?: FeatureFlag
  views: Partial<Record<ViewName, ViewRegistration>>
  /** Entry points inside another view, each gated by its own flag (what hides when the flag is off). */
  parts?: Readonly<Record<string, FeatureFlag>>
}

/**
 * A view whose code is fetched on demand and can be fetched ahead (`preload`); once in, `loaded()` is the component
 * itself, so the modal renders it without suspending (React otherwise keeps a just-shown fallback for 300 ms): while
 * it is on its way, the modal shows a skeleton and re-renders through a state update when `preload()` resolves.
 */
export type PreloadableView = { preload: () => Promise<ComponentType>; loaded: () => ComponentType | undefined }

/**
 * Wraps a loader: one fetch, however often it is asked (preload, then render).
 * @example
 * const p = preloadable(() => import('./views/Send.tsx'))
 * p.loaded() // undefined: not fetched yet
 * await p.preload()
 * p.loaded() // the component
 */
export function preloadable(load: ViewLoader): PreloadableView {
  let component: ComponentType | undefined
  let pending: Promise<ComponentType> | undefined
  return {
    preload: () =>
      (pending ??= load().then((m) => {
        component = m.default
        return m.default
      })),
    loaded: () => component,
  }
}

/** The registry (see the file's docstring for the shape and how a feature plugs in). */
export const featureRegistry = {
  /** Connect: the installed, recent and catalogue wallets (spec §2), connecting to a browser wallet, and the full catalogue. */
  connect: {
    id: 'connect',
    views: {
      Connect: {
        load: () => import('./views/Connect.tsx').then((m) => ({ default: m.Connect })),
        machines: ['catalogue'],
        next: ['AllWallets', 'ConnectingExternal', 'ConnectingWalletConnect'],
      },
      ConnectingExternal: { load: () => import('./views/ConnectingExternal.tsx'), next: ['SIWXSignMessage'] },
      AllWallets: { load: () => import('./views/AllWallets.tsx'), flag: 'allWallets', next: ['ConnectingExternal', 'ConnectingWalletConnect'] },
    },
    parts: { 'Connect: All Wallets entry': 'allWallets' },
  },
  /** WalletConnect: pairing a mobile wallet over the relay, its QR code and links (spec §2, §7 relay). */
  walletConnect: {
    id: 'walletConnect',
    views: {
      ConnectingWalletConnect: { load: () => import('./views/ConnectingWalletConnect.tsx'), next: ['SIWXSignMessage'] },
      ConnectingWalletConnectBasic: { load: () => import('./views/ConnectingWalletConnect.tsx'), next: ['SIWXSignMessage'] },
    },
  },
  /** Networks: switching network, another namespace's network, and the wallet on a chain the dapp does not support. */
  network: {
    id: 'network',
    views: {
      SwitchNetwork: { load: () => import('./views/SwitchNetwork.tsx'), next: ['SwitchActiveChain'] },
      SwitchActiveChain: { load: () => import('./views/SwitchActiveChain.tsx'), reachableWith: 'otherNamespace' },
      UnsupportedChain: { load: () => import('./views/UnsupportedChain.tsx') },
    },
  },
  /** Account: address, balance, network and the Tokens, NFTs and Activity tabs (spec §2); Activity only with `activity`. */
  account: {
    id: 'account',
    views: { Account: { load: () => import('./views/Account.tsx').then((m) => ({ default: m.Account })), machines: ['account'], next: ['SwitchNetwork', 'Receive', 'Send', 'Swap'] } },
    parts: { 'Account: Activity tab (and the history request)': 'activity' },
  },
  /** Send: the form, the token picker and the preview (spec §4 Send); Account's Send button. */
  send: {
    id: 'send',
    flag: 'send',
    views: {
      Send: { load: () => import('./views/Send.tsx'), next: ['SendSelectToken', 'SendPreview'] },
      SendSelectToken: { load: () => import('./views/SendSelectToken.tsx') },
      SendPreview: { load: () => import('./views/SendPreview.tsx') },
    },
    parts: { 'Account: Send button': 'send' },
  },
  /** Names (issue 21 §2): register a name for the eip155 account (Account's "Register a name" when it has none). */
  names: {
    id: 'names',
    views: {
      RegisterAccountName: { load: () => import('./views/RegisterAccountName.tsx'), machines: ['names'], next: ['RegisterAccountNameSuccess'] },
      RegisterAccountNameSuccess: { load: () => import('./views/RegisterAccountNameSuccess.tsx') },
    },
  },
  /**
   * On-ramp (issue 21 §1): the buy form, the provider choice and the purchase followed in the provider's checkout;
   * Account's Buy button.
   */
  onramp: {
    id: 'onramp',
    flag: 'onramp',
    views: {
      OnRamp: { load: () => import('./views/OnRamp.tsx'), machines: ['onramp'], next: ['OnRampProviders', 'OnRampCheckout'] },
      OnRampProviders: { load: () => import('./views/OnRampProviders.tsx') },
      OnRampCheckout: { load: () => import('./views/OnRampCheckout.tsx') },
    },
    parts: { 'Account: Buy button': 'onramp' },
  },
  /** Swap (issue 20 §2): the form, the token picker and the review; Account's Swap button (eip155 accounts). */
  swap: {
    id: 'swap',
    flag: 'swaps',
    views: {
      Swap: { load: () => import('./views/Swap.tsx'), machines: ['swap'], next: ['SwapSelectToken', 'SwapPreview'] },
      SwapSelectToken: { load: () => import('./views/SwapSelectToken.tsx') },
      SwapPreview: { load: () => import('./views/SwapPreview.tsx') },
    },
    parts: { 'Account: Swap button': 'swaps' },
  },
  /** Receive: the address as text and QR code, and the networks it works on; Account's Receive button. */
  receive: {
    id: 'receive',
    flag: 'receive',
    views: { Receive: { load: () => import('./views/Receive.tsx') } },
    parts: { 'Account: Receive button': 'receive' },
  },
  /** Sign in with the wallet (SIWX, spec §4): on with the `siwx` option, not a feature-set flag. */
  siwx: {
    id: 'siwx',
    views: { SIWXSignMessage: { load: () => import('./views/SIWXSignMessage.tsx'), reachableWith: 'siwx' } },
  },
  /**
   * The embedded wallet (issue 18): ApproveTransaction, where the secure site's frame shows an unsafe request's approval
   * (spec §4 "Embedded-wallet RPC lifecycle"). On with the `email` flag (the email field of Connect is its entry point).
   */
  embeddedWallet: {
    id: 'embeddedWallet',
    flag: 'email',
    views: { ApproveTransaction: { load: () => import('./views/ApproveTransaction.tsx') } },
  },
  /**
   * The embedded wallet's profile (issue 19 §3): UpdateEmailWallet (Account's edit button on the email row, email users)
   * and ProfileWallets (Account's "Your wallets", email and social users). On with the `email` flag.
   */
  profile: {
    id: 'profile',
    flag: 'email',
    views: {
      UpdateEmailWallet: { load: () => import('./views/UpdateEmailWallet.tsx'), machines: ['updateEmail'] },
      ProfileWallets: { load: () => import('./views/ProfileWallets.tsx'), machines: ['profileWallets'] },
    },
  },
  /**
   * Farcaster login (issue 19 §2): ConnectingFarcaster, the Sign In With Farcaster request as a QR code and a deep link,
   * reached from the Farcaster entry of Connect's socials. On with the `socials` flag (the list must name farcaster).
   */
  farcasterLogin: {
    id: 'farcasterLogin',
    flag: 'socials',
    views: { ConnectingFarcaster: { load: () => import('./views/ConnectingFarcaster.tsx'), machines: ['farcasterLogin'] } },
  },
  /**
   * Onboarding (issue 17 §7): What is a wallet? (from Connect's "New to wallets?" link) and Get a wallet (the directory's
   * recommended wallets with their store links; WalletConnect when the directory has none). Always there, fetched only
   * when the visitor follows the link (Connect does not prefetch it).
   */
  onboarding: {
    id: 'onboarding',
    views: {
      WhatIsAWallet: { load: () => import('./views/WhatIsAWallet.tsx'), next: ['GetWallet'] },
      GetWallet: { load: () => import('./views/GetWallet.tsx'), machines: ['catalogue'], next: ['ConnectingWalletConnect'] },
    },
  },
  /** The branding footer at the bottom of Connect and Account (spec §9 "branding on"); no view of its own. */
  branding: {
    id: 'branding',
    flag: 'reownBranding',
    views: {},
    parts: { 'Connect and Account: branding footer': 'reownBranding' },
  },
} as const satisfies Record<string, FeatureRegistration>

export type FeatureId = keyof typeof featureRegistry

/** The feature owning each view, and the view's own registration. */
const byView = new Map<ViewName, { feature: FeatureRegistration; view: ViewRegistration }>(
  Object.values(featureRegistry as Record<string, FeatureRegistration>).flatMap((feature) => Object.entries(feature.views).map(([name, view]) => [name as ViewName, { feature, view: view! }] as const)),
)

/** The views' shared CSS once in ({@link loadedViewCss}); a cache of code, like the chunks. */
let viewCss: string | undefined
let viewCssPending: Promise<void> | undefined
/** Fetches `styles.views.ts` (the CSS of the views' insides) once, with the first view's chunk. */
function loadViewCss(): Promise<void> {
  return (viewCssPending ??= import('./styles.views.ts').then((m) => {
    viewCss = m.viewCss
  }))
}

/**
 * The CSS of the views' insides (`ui/styles.views.ts`), once fetched: {@link viewCode}'s `preload()` resolves only when
 * it is in, so a view never renders unstyled. Undefined before the first view's chunk is in.
 * @example <style>{loadedViewCss()}</style>
 */
export function loadedViewCss(): string | undefined {
  return viewCss
}

/**
 * Each view's code, wrapped once ({@link preloadable}) on first use and shared by every modal of the page: a cache of
 * code, not state (what `import()` caches anyway), so a chunk prefetched for one modal renders at once in another.
 */
const codeByView = new Map<ViewName, PreloadableView>()

/**
 * A view's code: `preload()` fetches its chunk and the views' CSS ({@link loadedViewCss}) once, `loaded()` is the
 * component once both are in. Undefined for a view no feature owns (none in this build).
 * @example viewCode('Connect')?.loaded() // undefined until the chunk is in, then the Connect view
 */
export function viewCode(view: ViewName): PreloadableView | undefined {
  let code = codeByView.get(view)
  if (!code) {
    const load = byView.get(view)?.view.load
    if (!load) return undefined
    code = preloadable(() => Promise.all([load(), loadViewCss()]).then(([module]) => module))
    codeByView.set(view, code)
  }
  return code
}

/**
 * Starts fetching a view's chunk ahead of showing it (issue 15 §4: on the visitor's first intent, e.g. the pointer
 * entering the page's "Connect Wallet" button, and in `modal.open()`), so the view is usually in by the time the dialog
 * renders. Does nothing when the chunk is in or on its way. A failed fetch is not reported here: the modal reports it
 * when it renders the view. Callers check {@link isViewOn} first: a view of a feature that is off is never fetched.
 * @example <button onPointerEnter={() => prefetchView('Connect')} />
 */
export function prefetchView(view: ViewName): void {
  viewCode(view)
    ?.preload()
    .catch(() => {})
}

/**
 * The visitor's intent to open a view (issue 15 §1, §4: the pointer entering a page button, its focus or press, and
 * `modal.open()`): the view's chunk ({@link prefetchView}) and the modules of the feature machines it needs, with the
 * remote config's (every opening fetches it) and the service clients' (`createModal.services.ts`), start fetching
 * now, so the first use rarely waits after the click. Fetching a module spawns nothing: the root still spawns each
 * feature on its first use. Failures are left to that use.
 * @example <button onPointerEnter={() => prefetchIntent('Connect')} />
 */
export function prefetchIntent(view: ViewName): void {
  prefetchView(view)
  for (const id of ['remoteConfig', ...(byView.get(view)?.view.machines ?? [])] as FeatureMachineId[]) featureAssemblies[id]().catch(() => {})
  // Every feature machine is handed the instance's service clients, whose module loads with the first one (issue 15 §4).
  import('./createModal.services.ts').catch(() => {})
}

/** The registration of a view and its feature (undefined for a view no feature owns: none in this build). */
export function viewRegistration(view: ViewName): { feature: FeatureRegistration; view: ViewRegistration } | undefined {
  return byView.get(view)
}

/** The flags a view needs on: its feature's, then its own (AllWallets: `allWallets`). */
export function viewFlags(view: ViewName): FeatureFlag[] {
  const r = byView.get(view)
  if (!r) return []
  return [r.feature.flag, r.view.flag].filter((f): f is FeatureFlag => f !== undefined)
}

/** The first flag of `view` that is off in `features`, if any. */
export function disabledFlagOf(view: ViewName, features: Features): FeatureFlag | undefined {
  return viewFlags(view).find((flag) => !isFeatureOn(features, flag))
}

/** True when every flag `view` needs is on: the view may be rendered, prefetched and opened. */
export function isViewOn(view: ViewName, features: Features): boolean {
  return disabledFlagOf(view, features) === undefined
}

/**
 * The views to prefetch while `view` shows: its `next` views that are on, have a chunk and can be reached with what
 * the dapp configured (`reach`; default: everything reachable). No SIWX chunk without `siwx`; SwitchActiveChain only
 * with networks of several namespaces.
 */
export function nextViewsOf(view: ViewName, features: Features, reach: ViewReach = { siwx: true, otherNamespace: true }): ViewName[] {
  return (byView.get(view)?.view.next ?? []).filter((v) => {
    const registration = byView.get(v)?.view
    if (!registration || !isViewOn(v, features)) return false
    return registration.reachableWith === undefined || reach[registration.reachableWith]
  })
}

export type FeatureDisabledErrorParameters = {
  /** The feature-set key that is off. */
  feature: FeatureFlag
  /** The view that was asked for. */
  view: ViewName
}

/**
 * `modal.open({ view })` asked for a view of a feature that is off (issue 15 §3): e.g. `open({ view: 'Send' })` with
 * `features: { send: false }`. Names the feature and the option that turns it on; for a remote-controlled feature
 * (spec §6), also the project's remote configuration and basic mode, which can turn it off whatever the option says.
 *
 * @example
 * try { modal.open({ view: 'Send' }) } catch (e) { if (e instanceof FeatureDisabledError) console.log(e.feature) } // 'send'
 */
export class FeatureDisabledError extends BaseError {
  override name = 'FeatureDisabledError'
  /** The feature-set key that is off (`send`, `receive`, `allWallets`, …). */
  feature: FeatureFlag
  /** The option that turns it on: `features.<key>`. */
  option: string
  view: ViewName
  constructor({ feature, view }: FeatureDisabledErrorParameters) {
    const option = `features.${feature}`
    const local = (localFeatureKeys as readonly string[]).includes(feature)
    super(`The ${feature} feature is off: the ${view} view cannot open.`, {
      metaMessages: [
        local
          ? `Turn it on with the \`${option}\` option of createModal.`
          : `Turn it on with the \`${option}\` option of createModal, or in the project's remote configuration (which overrides the option); basic mode turns it off.`,
      ],
    })
    this.feature = feature
    this.option = option
    this.view = view
  }
}
