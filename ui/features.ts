/**
 * The view registry (STYLE rule 14), derived from the features' manifests (`machines/manifests.ts`, the one list):
 * each feature's views with the loader of their chunk, the flags that gate them and the views they lead to.
 *
 * Each manifest says
 * - `id`: the feature's name (its machine's id and systemId too);
 * - `flag`: the key of the resolved feature set (`services/features.ts` {@link Features}) that gates the whole feature,
 *   or none when it is always there;
 * - `views`: the views it owns (spec §2 names), each found as `ui/views/<component>.tsx` (default: the view's name) and
 *   loaded on demand: no view is in the page's first JS. A view's chunk is fetched when the view is first shown, while a
 *   view that leads to it is shown (`next`), or, for the view a page button opens (Connect, Account, SwitchNetwork,
 *   UnsupportedChain), on the visitor's first intent: pointer over, focus or press of the button ({@link prefetchView});
 *   a view may carry a `flag` of its own beside the feature's (AllWallets: `allWallets`);
 * - `parts`: entry points inside another feature's view that a flag of their own gates (Account's Activity tab:
 *   `activity`; the branding footer: `reownBranding`).
 *
 * A feature whose flag is off exists nowhere: its entry points are hidden (the views read `useFeatures()`), its views
 * are never rendered and their chunks never fetched (the modal renders through {@link isViewOn}; the prefetch of
 * `next` skips them), and `modal.open({ view })` of one of its views throws `FeatureDisabledError` (`ui/errors.ts`).
 *
 * This file imports no React (types only): `createModal` reads it to gate `open({ view })` without pulling the views in.
 */
import type { ComponentType } from 'react'
import { ComponentModuleMissingError } from './componentErrors.ts'
import type { ViewSpec } from '../machines/features.ts'
import { manifests, type AnyManifest, type FeatureId } from '../machines/manifests.ts'
import { isViewName, type ViewName } from '../machines/views.ts'
import { featureAssemblies, featureMachineIds, type FeatureMachineId } from './assemble/index.ts'
import { trackCodeLoad } from './codeLoads.ts'
import { isFeatureOn, type FeatureFlag, type Features } from '../services/features.ts'

/** A view's chunk: the module whose default export is the view. */
export type ViewLoader = () => Promise<{ default: ComponentType }>

/** One view of a feature: its manifest's declaration and the loader of its chunk. */
export type ViewRegistration = Omit<ViewSpec, 'next' | 'machines'> & {
  /** The loader of the view's chunk (see {@link viewCode}: fetched once, rendered without suspending once in). */
  load: ViewLoader
  /** The views a visitor reaches from this one in one step: their chunks are fetched while it shows (when on). */
  next?: readonly ViewName[]
  /** The feature machines the view needs: their modules are fetched with the view's chunk on the visitor's intent ({@link prefetchIntent}). */
  machines?: readonly FeatureMachineId[]
}

/** What the dapp configured that decides which views can be reached (see {@link ViewRegistration.reachableWith}). */
export type ViewReach = {
  /** Whether `createModal`'s option `key` is set (a view `reachableWith: { option: key }`). */
  option: (key: string) => boolean
  /** The networks are of more than one namespace. */
  otherNamespace: boolean
}

/** Everything reachable: what {@link nextViewsOf} assumes when not told. */
const reachAll: ViewReach = { option: () => true, otherNamespace: true }

/** One feature's views: what gates them and what it owns (see the file's docstring). */
export type FeatureViews = {
  id: FeatureId
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
      (pending ??= trackCodeLoad(load()).then((m) => {
        component = m.default
        return m.default
      })),
    loaded: () => component,
  }
}

/** The features whose module is fetched with every intent to open a view (their machine runs at every opening). */
const alwaysFetched: readonly FeatureMachineId[] = featureMachineIds.filter((id) => manifests.some((m) => m.id === id && 'fetchedOnIntent' in m && m.fetchedOnIntent))

/**
 * The views' modules in `ui/views/`, each fetched on demand. Not views: the parts Connect and Account render inside
 * themselves (the email and social logins, the account tabs) and the tests.
 */
const viewModules = import.meta.glob<Record<string, ComponentType>>(['./views/*.tsx', '!./views/*.test.tsx', '!./views/EmailLogin.tsx', '!./views/SocialLogin.tsx', '!./views/AccountTabs.tsx'])

/** The loader of a view declared by a manifest: its module's default export, or the export the manifest names. */
function loaderOf(name: string, spec: ViewSpec): ViewLoader {
  const file = `./views/${spec.component ?? name}.tsx`
  const load = viewModules[file]
  if (!load) throw new ComponentModuleMissingError({ kind: 'view', name, file: `ui/views/${spec.component ?? name}.tsx`, exported: spec.export ?? 'default' })
  const exported = spec.export ?? 'default'
  return () =>
    load().then((m) => {
      const component = m[exported]
      if (!component) throw new ComponentModuleMissingError({ kind: 'view', name, file: `ui/views/${spec.component ?? name}.tsx`, exported, missingExport: true })
      const { title } = m as { title?: unknown }
      if (typeof title === 'string') viewTitles.set(name, title)
      return { default: component }
    })
}

/** The titles views export beside their component (`export const title`), for views the catalogue has no title for. */
const viewTitles = new Map<string, string>()

/**
 * A view's title: the catalogue's (`copy.titles`), else the one its module exports as `title` once its chunk is in (a
 * feature whose words live beside it, as `npm run new:feature` writes them), else none.
 * @example titleOf(copy.titles, 'Account') // 'Account'
 */
export function titleOf(titles: Readonly<Record<string, string>>, view: ViewName): string {
  return titles[view] ?? viewTitles.get(view) ?? ''
}

/** A feature's views with their loaders. */
function featureViewsOf(manifest: AnyManifest): FeatureViews {
  const views: Partial<Record<ViewName, ViewRegistration>> = {}
  const specs: Readonly<Record<string, ViewSpec>> = manifest.views ?? {}
  for (const [name, spec] of Object.entries(specs)) {
    if (!isViewName(name)) continue
    const { next, machines, ...rest } = spec
    views[name] = {
      ...rest,
      load: loaderOf(name, spec),
      ...(next ? { next: next.filter(isViewName) } : {}),
      ...(machines ? { machines: machines.filter((id): id is FeatureMachineId => featureMachineIds.some((m) => m === id)) } : {}),
    }
  }
  return { id: manifest.id, ...(manifest.flag ? { flag: manifest.flag } : {}), views, ...(manifest.parts ? { parts: manifest.parts } : {}) }
}

/** The registry: every feature's views, by feature id, in the list's order (see the file's docstring). */
export const featureRegistry: Readonly<Record<FeatureId, FeatureViews>> = Object.fromEntries(manifests.map((m) => [m.id, featureViewsOf(m)])) as Record<FeatureId, FeatureViews>

/** The feature owning each view, and the view's own registration. */
const byView = new Map<ViewName, { feature: FeatureViews; view: ViewRegistration }>(
  Object.values(featureRegistry).flatMap((feature) => Object.entries(feature.views).map(([name, view]) => [name as ViewName, { feature, view: view! }] as const)),
)

/**
 * The views' CSS in ({@link loadedViewCss}): Connect's rules (`styles.connect.ts`, in the first opening's group), then,
 * once they are in too, the other views' (`styles.views.ts`) after them. A cache of code, like the chunks.
 */
let viewCss: string | undefined
let connectCssPending: Promise<string> | undefined
let viewCssPending: Promise<void> | undefined
/** Told once the views' CSS is in ({@link subscribeViewCss}), and again once the other views' rules are. */
const viewCssFollowers = new Set<() => void>()
/** The views whose insides `styles.connect.ts` styles alone (`tests/architecture/cold-path.test.ts`): the others wait for `styles.views.ts` too. */
const connectOnlyCss: ReadonlySet<ViewName> = new Set(['Connect'])
/** Whether {@link viewCss} holds the other views' rules too (Connect's alone never replaces it then). */
let viewCssWhole = false
const setViewCss = (css: string, whole: boolean) => {
  if (viewCssWhole) return
  viewCss = css
  viewCssWhole = whole
  for (const follower of [...viewCssFollowers]) follower()
}
/** Fetches `styles.connect.ts` (Connect's CSS) once, with Connect's chunk. */
function loadConnectCss(): Promise<string> {
  return (connectCssPending ??= import('./styles.connect.ts').then((m) => {
    setViewCss(m.connectViewCss, false)
    return m.connectViewCss
  }))
}
/** Fetches the views' CSS (Connect's, then the other views' after it) once, with the first other view's chunk. */
function loadViewCss(): Promise<void> {
  return (viewCssPending ??= Promise.all([loadConnectCss(), import('./styles.views.ts')]).then(([connect, m]) => setViewCss(connect + m.viewCss, true)))
}

/**
 * Follows the arrival of the views' CSS ({@link loadedViewCss}) without asking for it: `follower` is called once it is
 * in (fetched with the first view's chunk, by an intent or the idle prefetch). Returns the unsubscribe. For
 * `useSyncExternalStore`: the modal shell adopts that CSS while closed, so that a first opening has no stylesheet to add.
 * @example useSyncExternalStore(subscribeViewCss, loadedViewCss, loadedViewCss)
 */
export function subscribeViewCss(follower: () => void): () => void {
  viewCssFollowers.add(follower)
  return () => void viewCssFollowers.delete(follower)
}

/**
 * The CSS of the views' insides, once fetched: Connect's (`ui/styles.connect.ts`) with Connect's chunk, then Connect's
 * followed by the other views' (`ui/styles.views.ts`) with the first other view's. {@link viewCode}'s `preload()`
 * resolves only when the view's part is in, so a view never renders unstyled. Undefined before the first view's chunk is in.
 * @example <ShadowStyle css={loadedViewCss()} rank={viewStyleRank} />
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
    const css = connectOnlyCss.has(view) ? loadConnectCss : loadViewCss
    code = preloadable(() => Promise.all([load(), css()]).then(([module]) => module))
    codeByView.set(view, code)
  }
  return code
}

/**
 * Starts fetching a view's chunk ahead of showing it (on the visitor's first intent, e.g. the pointer
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
 * The visitor's intent to open a view (the pointer entering a page button, its focus or press, and
 * `modal.open()`): the view's chunk ({@link prefetchView}) and the modules of the feature machines it needs, with the
 * remote config's (every opening fetches it) and the service clients' (`createModal.services.ts`), start fetching
 * now, so the first use rarely waits after the click. Fetching a module spawns nothing: the root still spawns each
 * feature on its first use. Failures are left to that use.
 * @example <button onPointerEnter={() => prefetchIntent('Connect')} />
 */
export function prefetchIntent(view: ViewName): void {
  prefetchView(view)
  for (const id of openingMachines(view)) trackCodeLoad<unknown>(featureAssemblies[id]()).catch(() => {})
  // Every feature machine is handed the instance's service clients, whose module loads with the first one.
  trackCodeLoad(import('./createModal.services.ts')).catch(() => {})
}

/**
 * The feature machines an opening on `view` needs: those every opening brings (the remote config's) and the view's own
 * (Connect: the catalogue), in that order.
 * @example openingMachines('Connect') // ['remoteConfig', 'catalogue']
 */
export function openingMachines(view: ViewName): FeatureMachineId[] {
  return [...alwaysFetched, ...(byView.get(view)?.view.machines ?? [])]
}

/** The registration of a view and its feature (undefined for a view no feature owns: none in this build). */
export function viewRegistration(view: ViewName): { feature: FeatureViews; view: ViewRegistration } | undefined {
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
 * the dapp configured (`reach`; default: everything reachable). No view that needs an option without it (no SIWX chunk
 * without `siwx`); SwitchActiveChain only with networks of several namespaces.
 */
export function nextViewsOf(view: ViewName, features: Features, reach: ViewReach = reachAll): ViewName[] {
  return (byView.get(view)?.view.next ?? []).filter((v) => {
    const registration = byView.get(v)?.view
    if (!registration || !isViewOn(v, features)) return false
    const needs = registration.reachableWith
    return needs === undefined || (needs === 'otherNamespace' ? reach.otherNamespace : reach.option(needs.option))
  })
}
