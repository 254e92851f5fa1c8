import { createElement, lazy, Suspense, useContext, useEffect, useId, useRef, type ComponentType, type KeyboardEvent, type ReactNode } from 'react'
import { views, type ViewName } from '../machines/views.ts'
import { PageButtonsContext, useCopy, useModalInstance } from './context.ts'
import { isViewOn, nextViewsOf, preloadable, viewRegistration } from './features.ts'
import { useFeatures, useModalView, useSend, useToast } from './hooks.ts'
import { BackIcon, CloseIcon } from './components/icons.tsx'
import { deepActiveElement } from './ShadowHost.tsx'
import { Account } from './views/Account.tsx'
import { Connect } from './views/Connect.tsx'

/** The views in the page's first JS (`load: 'initial'` in the registry); every other view has a chunk of its own. */
const initialViews: Partial<Record<ViewName, ComponentType>> = { Connect, Account }
/** The views the branding footer (the `reownBranding` feature) sits under. */
const brandedViews: readonly ViewName[] = ['Connect', 'Account']

type LoadedView = { preload: () => Promise<ComponentType>; View: ComponentType }
/**
 * The on-demand views of the registry (ui/features.ts), wrapped once: `React.lazy` while the chunk is on its way, the
 * component itself once it is in (preloaded views render without suspending). Built on first use, shared by every
 * modal of the page (a cache of code, not state).
 */
let onDemand: Map<ViewName, LoadedView> | undefined
function onDemandView(view: ViewName): LoadedView | undefined {
  onDemand ??= new Map(
    views.flatMap((name) => {
      const load = viewRegistration(name)?.view.load
      if (typeof load !== 'function') return []
      const p = preloadable(load)
      const Lazy = lazy(() => p.preload().then((c) => ({ default: c })))
      const View = () => {
        const Loaded = p.loaded()
        return Loaded ? createElement(Loaded) : createElement(Lazy)
      }
      return [[name, { preload: p.preload, View }] as const]
    }),
  )
  return onDemand.get(view)
}

function ViewBody({ view }: { view: ViewName }) {
  const features = useFeatures()
  const on = isViewOn(view, features)
  const { options } = useModalInstance()
  const reach = { siwx: options.siwx !== undefined, otherNamespace: new Set(options.networks.map((n) => n.chainNamespace)).size > 1 }
  const next = nextViewsOf(view, features, reach).join(',')
  useEffect(() => {
    // The chunks of the views one step away, while this one shows; a view of a feature that is off is never fetched.
    for (const name of next ? (next.split(',') as ViewName[]) : []) void onDemandView(name)?.preload()
  }, [next])
  if (!on) return <LeaveDisabledView />
  const Initial = viewRegistration(view)?.view.load === 'initial' ? initialViews[view] : undefined
  if (Initial) return <Initial />
  const loaded = onDemandView(view)
  if (!loaded) return null
  return <loaded.View />
}

/**
 * A view of a feature that is off reached the router anyway (it cannot from a gesture: the entry points are hidden
 * and `open({ view })` throws): nothing of it is shown or fetched, the modal goes back (and closes at the first entry).
 */
function LeaveDisabledView() {
  const send = useSend()
  // Once per view shown (StrictMode runs effects twice: a second back would leave the view before it).
  const left = useRef(false)
  useEffect(() => {
    if (left.current) return
    left.current = true
    send({ type: 'app.back' })
  }, [send])
  return null
}

/**
 * The branding footer (the `reownBranding` feature, spec §9 "branding on") at the bottom of Connect and Account.
 * Its words are the copy catalogue's, its colours the theme's.
 */
function BrandingFooter({ view }: { view: ViewName }) {
  const copy = useCopy()
  const features = useFeatures()
  if (!features.reownBranding || !brandedViews.includes(view)) return null
  return (
    <p className="lk-branding" data-testid="branding-footer">
      {copy.brandingPrefix} <span className="lk-branding-name">{copy.brandingName}</span>
    </p>
  )
}

/** Tells the modal machine the view is on screen: the opening `loading` flag ends. */
function Loaded() {
  const send = useSend()
  useEffect(() => send({ type: 'app.viewLoaded' }), [send])
  return null
}

const focusableSelector = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/**
 * The modal shell: the WAI-ARIA dialog pattern (STYLE.md rule 13). `role="dialog"`, `aria-modal`, named by
 * the view's title; focus moves in on open and on each view change, Tab is trapped, Escape closes, and
 * focus returns to the element that had it when the modal opened.
 */
export function ModalShell() {
  const copy = useCopy()
  const send = useSend()
  const view = useModalView()
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const returnFocusTo = useRef<HTMLElement | null>(null)
  const pageButtons = useContext(PageButtonsContext)
  const mounted = view.presence !== 'unmounted'

  useEffect(() => {
    if (!mounted) return
    returnFocusTo.current = deepActiveElement()
    return () => {
      const el = returnFocusTo.current
      // The opener may be gone (the connect button becomes the account button): use a page button instead.
      const target = el?.isConnected
        ? el
        : [...pageButtons.entries()]
            .filter(([b]) => b.isConnected)
            .sort((a, b) => a[1] - b[1])[0]?.[0]
      target?.focus()
    }
  }, [mounted, pageButtons])

  // Escape closes even when the focus is not in the dialog (the wallet's own popup may hold it).
  useEffect(() => {
    if (view.presence !== 'mounted') return
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) send({ type: 'app.close' })
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [view.presence, send])

  useEffect(() => {
    if (!mounted) return
    const dialog = dialogRef.current
    if (!dialog) return
    const active = deepActiveElement()
    if (!active || !dialog.contains(active)) dialog.focus()
  }, [mounted, view.view])

  if (!mounted) return <Toast />

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      send({ type: 'app.close' })
      return
    }
    if (e.key !== 'Tab') return
    const dialog = dialogRef.current
    if (!dialog) return
    const items = Array.from(dialog.querySelectorAll<HTMLElement>(focusableSelector))
    if (items.length === 0) return
    const first = items[0]!
    const last = items[items.length - 1]!
    const active = deepActiveElement()
    if (e.shiftKey && (active === first || active === dialog)) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && active === last) {
      e.preventDefault()
      first.focus()
    }
  }

  const title = copy.titles[view.view]
  return (
    <>
      <div
        className="lk-overlay"
        data-presence={view.presence}
        onMouseDown={(e) => {
          if (e.target === e.currentTarget) send({ type: 'app.close' })
        }}
      >
        <div
          ref={dialogRef}
          className="lk-dialog"
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-busy={view.isLoading ? 'true' : undefined}
          tabIndex={-1}
          data-shaking={view.isShaking ? 'true' : 'false'}
          data-view={view.view}
          onKeyDown={onKeyDown}
        >
          <header className="lk-header">
            {view.canGoBack ? (
              <button type="button" className="lk-icon-button" aria-label={copy.back} onClick={() => send({ type: 'app.back' })}>
                <BackIcon />
              </button>
            ) : (
              <span />
            )}
            <h2 className="lk-title" id={titleId} key={title}>
              {title}
            </h2>
            <button type="button" className="lk-icon-button" aria-label={copy.close} onClick={() => send({ type: 'app.close' })}>
              <CloseIcon />
            </button>
          </header>
          <div className="lk-body" data-direction={view.direction} key={view.view}>
            <Suspense fallback={<Spinner label={copy.loading} />}>
              <ViewBody view={view.view} />
              <Loaded />
            </Suspense>
          </div>
          <BrandingFooter view={view.view} />
        </div>
      </div>
      <Toast />
    </>
  )
}

function Spinner({ label }: { label: string }) {
  return (
    <div className="lk-center">
      <span className="lk-spinner" role="progressbar" aria-label={label} />
    </div>
  )
}

/** The toast area (spec §2): a live region announcing loading, success and error messages. */
function Toast(): ReactNode {
  const toast = useToast()
  return (
    <div role="status" aria-live="polite">
      {toast && (
        <div className="lk-toast" data-variant={toast.variant}>
          {toast.variant === 'loading' && <span className="lk-spinner" aria-hidden="true" />}
          {toast.message}
        </div>
      )}
    </div>
  )
}
