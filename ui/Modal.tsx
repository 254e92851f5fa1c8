import { memo, Suspense, useContext, useEffect, useId, useRef, useState, useSyncExternalStore, type ComponentType, type KeyboardEvent, type ReactNode, type RefObject } from 'react'
import type { ViewName } from '../machines/views.ts'
import { PageButtonsContext, useShellCopy, useModalInstance } from './context.ts'
import { isViewOn, loadedViewCss, nextViewsOf, prefetchView, subscribeViewCss, titleOf, viewCode, type PreloadableView } from './features.ts'
import { useConnecting, useFeatures, useModalView, useSend, useToast } from './hooks.ts'
import { BackIcon, CloseIcon } from './components/icons.tsx'
import { deepActiveElement } from './ShadowHost.tsx'
import { SheetHandle } from './SheetHandle.tsx'
import { DialogAhead, useConnectAhead } from './ConnectAhead.tsx'
import { ShadowStyle, viewStyleRank } from './shadowStyles.tsx'
import { messageText } from './errorSentence.ts'
import { timing } from '../machines/timing.ts'
import { fillSlots } from './i18n/slots.ts'
import { afterNextPaint } from './nextPaint.ts'
import { enShell } from './locales/en.shell.ts'

/** The views the branding footer (the `reownBranding` feature) sits under. */
const brandedViews: readonly ViewName[] = ['Connect', 'Account']

/**
 * The view's body. Memoised: the shell's own updates (presence, the busy marker, the shake, the revealing of the dialog
 * rendered ahead) do not render the view again; the view re-renders from its own hooks.
 */
const ViewBody = memo(function ViewBody({ view }: { view: ViewName }) {
  const features = useFeatures()
  const on = isViewOn(view, features)
  const { options } = useModalInstance()
  const reach = { option: (key: string) => (options as Readonly<Record<string, unknown>>)[key] !== undefined, otherNamespace: new Set(options.networks.map((n) => n.chainNamespace)).size > 1 }
  const next = nextViewsOf(view, features, reach).join(',')
  useEffect(() => {
    // The chunks of the views one step away, while this one shows; a view of a feature that is off is never fetched.
    // After this view's first paint and its transition: an effect of a tap's render runs before the browser paints, and
    // preparing their fetches (the bundler's preload links) then evaluating them would delay the frames that show it.
    const names = next ? (next.split(',') as ViewName[]) : []
    return afterPaint(() => {
      for (const name of names) prefetchView(name)
    })
  }, [next])
  if (!on) return <LeaveDisabledView />
  const code = viewCode(view)
  if (!code) return null
  return <ViewCode code={code} />
})

/**
 * Runs `run` once the browser has painted the next frame and the view's transition has played (a task queued
 * `timing.viewTransition` ms after that frame's animation callback), so that secondary work never takes a frame of
 * the opening; returns the cancel. Without `requestAnimationFrame` (test DOMs), in a task of its own.
 * @example useEffect(() => afterPaint(() => prefetchView('AllWallets')), [])
 */
function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(run, 0)
    return () => clearTimeout(timer)
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, timing.viewTransition)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}

/**
 * Renders a view from its chunk: at once when the chunk is in (prefetched on intent or by the view before),
 * else a skeleton, replaced by the view through a state update the moment the chunk resolves. It never suspends on
 * the chunk, so React's Suspense fallback throttle (~300 ms) never delays a view. The opening `loading` flag (the
 * dialog's `aria-busy`) ends only once the view itself is on screen. A chunk that cannot be fetched throws while
 * rendering, as `React.lazy` would. The views' shared CSS (`styles.views.ts`, in by then) goes in beside the view.
 */
function ViewCode({ code }: { code: PreloadableView }) {
  const copy = useShellCopy()
  const [, setArrived] = useState<ComponentType>()
  const [failure, setFailure] = useState<{ error: unknown }>()
  const View = code.loaded()
  useEffect(() => {
    if (View) return
    let live = true
    code.preload().then(
      (component) => live && setArrived(() => component),
      (error: unknown) => live && setFailure({ error }),
    )
    return () => {
      live = false
    }
  }, [code, View])
  if (failure) throw failure.error
  if (!View) return <ViewSkeleton label={copy.loading} />
  return (
    <>
      <ShadowStyle css={loadedViewCss()} rank={viewStyleRank} />
      <View />
      <Loaded />
    </>
  )
}

/** What the body shows while a view's chunk is on its way: a few placeholder rows, announced as loading. */
function ViewSkeleton({ label }: { label: string }) {
  return (
    <div className="lk-skeleton" role="progressbar" aria-label={label} data-testid="view-skeleton">
      <span className="lk-skeleton-row" />
      <span className="lk-skeleton-row" />
      <span className="lk-skeleton-row" />
    </div>
  )
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
  const copy = useShellCopy()
  const features = useFeatures()
  if (!features.reownBranding || !brandedViews.includes(view)) return null
  return (
    <p className="lk-branding" data-testid="branding-footer">
      {fillSlots(
        copy.branding,
        [
          <span key="name" className="lk-branding-name">
            {copy.brandingName}
          </span>,
        ],
        { fallback: enShell.branding },
      )}
    </p>
  )
}

/**
 * Tells the modal machine the view is on screen: the opening `loading` flag ends. Also when the modal opens again
 * during its exit transition: the view stayed mounted, and the content region is loading again. Once the frame that
 * shows the view is painted ({@link afterNextPaint}): the shell already rendered the dialog as not busy with its view
 * ({@link contentShown}), so the opening is one commit; the machine's change re-renders nothing the tap waits for.
 */
function Loaded() {
  const send = useSend()
  const { isLoading } = useModalView()
  useEffect(() => {
    if (!isLoading) return
    return afterNextPaint(() => send({ type: 'app.viewLoaded' }))
  }, [send, isLoading])
  return null
}

/**
 * The view renders in the same commit as the dialog: its code is in ({@link ViewCode} renders it at once, no
 * skeleton). The dialog is then not busy from that commit on, before the machine hears it (`app.viewLoaded`).
 */
function contentShown(view: ViewName): boolean {
  return viewCode(view)?.loaded() !== undefined
}

/** Elements a page marks with this attribute stay usable while the modal is open (a chat widget, a wallet's own panel). */
export const interactiveAttribute = 'data-latchkey-interactive'

/**
 * While the dialog is open the page behind it is inert (no focus, no clicks, hidden from assistive technology) and does
 * not scroll (as a modal dialog should); both are restored when it closes. Every sibling of the modal's
 * host and of each of its ancestors (through shadow roots) up to `<body>` gets `inert`, unless it already had it or
 * carries {@link interactiveAttribute}; the root element's `overflow` is hidden, its earlier value put back after.
 */
function useInertPage(active: boolean, dialog: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const start = dialog.current
    if (!active || !start) return
    const made: Element[] = []
    const skipped = new Set(['SCRIPT', 'STYLE', 'LINK', 'TEMPLATE', 'META'])
    let node: Element | null = start
    while (node && node !== document.body && node !== document.documentElement) {
      const parent: Element | null = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host || null)
      if (!parent) break
      if (node.parentElement) {
        for (const sibling of Array.from(parent.children)) {
          if (sibling === node || skipped.has(sibling.tagName) || sibling.hasAttribute('inert') || sibling.hasAttribute(interactiveAttribute)) continue
          sibling.setAttribute('inert', '')
          made.push(sibling)
        }
      }
      node = parent
    }
    const html = document.documentElement
    const overflow = html.style.overflow
    html.style.overflow = 'hidden'
    return () => {
      for (const el of made) el.removeAttribute('inert')
      html.style.overflow = overflow
    }
  }, [active, dialog])
}

/**
 * The modal's height follows its view's with a transition (spec §2: 150 ms, `timing.viewTransition`) instead of a jump:
 * the sizer around the view's body gets the body's measured height as an explicit `height`, which CSS transitions
 * (`.lk-sizer`; none under `prefers-reduced-motion`). A ResizeObserver follows the body (a list arriving, a tab
 * switched, a view changed); its first callback, which the browser runs after its own layout and before painting, gives
 * the first size, set without a transition, so the modal opens at its size and nothing forces a synchronous layout
 * while the view renders (a read of `offsetHeight` in the effect cost a phone's tap a layout of its own). Until then the
 * sizer has its natural height. Without ResizeObserver (old browsers, test DOMs) the sizer keeps its natural height.
 */
function useAnimatedHeight(active: boolean, view: ViewName, sizer: RefObject<HTMLElement | null>, body: RefObject<HTMLElement | null>) {
  const measured = useRef(false)
  useEffect(() => {
    if (!active) measured.current = false
  }, [active])
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new view is measured again from scratch: `view` is the trigger, not a value the effect reads
  useEffect(() => {
    const box = sizer.current
    const inner = body.current
    if (!active || !box || !inner || typeof ResizeObserver === 'undefined') return
    const apply = (entries: readonly ResizeObserverEntry[]) => {
      const entry = entries[entries.length - 1]
      if (!entry) return
      // The border box, as `offsetHeight` gives it, read from the observation: the layout is done by now.
      const height = Math.round(entry.borderBoxSize?.[0]?.blockSize ?? inner.offsetHeight)
      if (!measured.current) {
        box.dataset.animate = 'false'
        box.style.height = `${height}px`
        // Transitions apply from the next frame on, once the first size is in place.
        requestAnimationFrame(() => {
          box.dataset.animate = 'true'
        })
        measured.current = true
        return
      }
      box.style.height = `${height}px`
    }
    const observer = new ResizeObserver(apply)
    observer.observe(inner)
    return () => observer.disconnect()
  }, [active, view, sizer, body])
}

/** The page's first connected button (connect, account, network: by the order they registered with). */
function firstPageButton(pageButtons: ReadonlyMap<HTMLElement, number>): HTMLElement | undefined {
  return [...pageButtons.entries()].filter(([b]) => b.isConnected).sort((a, b) => a[1] - b[1])[0]?.[0]
}

const focusableSelector = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/**
 * The modal shell: the WAI-ARIA dialog pattern (STYLE.md rule 13). `role="dialog"`, `aria-modal`, named by
 * the view's title; focus moves in on open and on each view change, Tab is trapped, Escape closes, and
 * focus returns to the element that had it when the modal opened.
 */
export function ModalShell({ opener }: { opener?: RefObject<HTMLElement | null> } = {}) {
  const copy = useShellCopy()
  const send = useSend()
  const view = useModalView()
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  const returnFocusTo = useRef<HTMLElement | null>(null)
  const pageButtons = useContext(PageButtonsContext)
  const mounted = view.presence !== 'unmounted'
  // The exit transition (presence `unmountSuspended`, spec §2) is a picture only: the closing dialog is inert and
  // hidden from assistive technology and the page behind usable from the close on.
  const exiting = view.presence === 'unmountSuspended'
  const open = mounted && !exiting
  const connecting = useConnecting()
  const viewStyle = <ViewCssAhead />
  // Until the first opening the closed shell renders its dialog ahead, hidden, on Connect: the tap reveals it.
  const everOpened = useRef(false)
  if (mounted) everOpened.current = true
  const ahead = useConnectAhead(!mounted && !everOpened.current && view.view === 'Connect')

  // Declared before the focus return below: on close the page is usable again before focus goes back to it.
  useInertPage(open, dialogRef)
  const sizerRef = useRef<HTMLDivElement>(null)
  const bodyRef = useRef<HTMLDivElement>(null)
  useAnimatedHeight(mounted, view.view, sizerRef, bodyRef)
  // A view the catalogue has no title for (its words live beside it): its title arrives with its chunk, then renders.
  const [, setTitledView] = useState<ViewName>()
  useEffect(() => {
    if (!mounted || view.view in copy.titles) return
    let live = true
    viewCode(view.view)
      ?.preload()
      .then(
        () => live && setTitledView(view.view),
        () => {},
      )
    return () => {
      live = false
    }
  }, [mounted, view.view, copy.titles])

  // Focus goes back when the exit transition ends, not at the close request: by then a connection that landed with the
  // close has replaced the connect button by the account button (focus given to the leaving one would be lost).
  useEffect(() => {
    if (!mounted) return
    // Taking over from the pre-core dialog: focus returns where it was when that dialog opened.
    const before = opener?.current
    if (opener) opener.current = null
    returnFocusTo.current = before?.isConnected ? before : deepActiveElement()
    return () => {
      const el = returnFocusTo.current
      // The opener may be gone (the connect button becomes the account button): use a page button instead.
      const target = el?.isConnected ? el : firstPageButton(pageButtons)
      target?.focus()
    }
  }, [mounted, pageButtons, opener])

  // Escape closes even when the focus is not in the dialog (the wallet's own popup may hold it).
  useEffect(() => {
    if (view.presence !== 'mounted') return
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) send({ type: 'app.close' })
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [view.presence, send])

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves into the dialog again on each view change (WAI-ARIA dialog pattern): `view.view` is the trigger
  useEffect(() => {
    if (!open) return
    const dialog = dialogRef.current
    if (!dialog) return
    const focusIn = () => {
      const active = deepActiveElement()
      // preventScroll: the dialog is fixed in the viewport, and scrolling it into view would force a layout.
      if (!active || !dialog.contains(active)) dialog.focus({ preventScroll: true })
    }
    // In the next frame's animation callback, before that frame paints: the dialog holds focus from its first paint, and
    // the tap's task forces no style and layout of the new dialog (focus() computes them; the opening's own updates,
    // such as the view's end of loading, would dirty them again before the frame). Without requestAnimationFrame, at once.
    if (typeof requestAnimationFrame !== 'function') return focusIn()
    const frame = requestAnimationFrame(focusIn)
    return () => cancelAnimationFrame(frame)
  }, [open, view.view])

  if (!mounted && !ahead)
    return (
      <>
        {viewStyle}
        {null}
        <Toast />
      </>
    )

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

  // ConnectingExternal's title follows the connection: never 'Connecting' over a declined or failed one.
  // The closing dialog is no dialog to assistive technology any more (its overlay is inert and aria-hidden).
  const busy = view.isLoading && !contentShown(view.view)
  const dialogRole = !open ? {} : ({ role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': titleId, 'aria-busy': busy ? 'true' : undefined, tabIndex: -1 } as const)
  const title = view.view === 'ConnectingExternal' ? (copy.connectingTitles[connecting.phase] ?? copy.titles.ConnectingExternal) : titleOf(copy.titles, view.view)
  // Rendered ahead (closed) or closing: no dialog to assistive technology, inert.
  return (
    <>
      {viewStyle}
      <DialogAhead shown={mounted}>
        {/* A press on the backdrop closes (spec); keyboard users close with Escape or the Close button. */}
        <div
          className="lk-overlay"
          data-presence={view.presence}
          data-ahead={mounted ? undefined : 'true'}
          inert={!open}
          aria-hidden={open ? undefined : 'true'}
          onMouseDown={(e) => {
            if (e.target === e.currentTarget) send({ type: 'app.close' })
          }}
        >
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the role is in dialogRole ('dialog'), absent only while the dialog is rendered ahead or closes, inert */}
          <div ref={dialogRef} className="lk-dialog" {...dialogRole} data-shaking={view.isShaking ? 'true' : 'false'} data-view={view.view} onKeyDown={onKeyDown}>
            <SheetHandle dialogRef={dialogRef} />
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
            {/* Past the dialog's max height only this part scrolls: the header and the footer stay in sight. */}
            <div className="lk-scroll" data-testid="modal-scroll">
              <div className="lk-sizer" ref={sizerRef} data-testid="modal-sizer">
                <div className="lk-body" data-direction={view.direction} key={view.view} ref={bodyRef}>
                  {/* A view that suspends on its own data or parts (not on its chunk: see ViewCode) shows the spinner. */}
                  <Suspense fallback={<Spinner label={copy.loading} />}>
                    <ViewBody view={view.view} />
                  </Suspense>
                </div>
              </div>
            </div>
            <BrandingFooter view={view.view} />
          </div>
        </div>
      </DialogAhead>
      <Toast />
    </>
  )
}

/**
 * The views' CSS, adopted by the shadow root as soon as it is in (with the first view's chunk, at idle or on intent),
 * the modal open or closed: a first opening adds no stylesheet, whose parsing and rules the tap would wait for. A
 * component of its own, so that the CSS's arrival re-renders nothing else.
 */
function ViewCssAhead() {
  const css = useSyncExternalStore(subscribeViewCss, loadedViewCss, loadedViewCss)
  return <ShadowStyle css={css} rank={viewStyleRank} ahead />
}

function Spinner({ label }: { label: string }) {
  return (
    <div className="lk-center">
      <span className="lk-spinner" role="progressbar" aria-label={label} />
    </div>
  )
}

/**
 * The toast area (spec §2): a live region announcing loading, success and error messages. A toast about something the
 * modal has a view for (a batch of calls) has a Details button opening the modal on that view.
 */
function Toast(): ReactNode {
  const copy = useShellCopy()
  const toast = useToast()
  const send = useSend()
  return (
    <div role="status" aria-live="polite">
      {toast && (
        <div className="lk-toast" data-variant={toast.variant}>
          {toast.variant === 'loading' && <span className="lk-spinner" aria-hidden="true" />}
          <span>{typeof toast.message === 'string' ? toast.message : messageText(copy, toast.message)}</span>
          {toast.opens && (
            <button type="button" className="lk-toast-action" onClick={() => send({ type: 'app.open', view: toast.opens as ViewName })}>
              {copy.toastDetails}
            </button>
          )}
        </div>
      )}
    </div>
  )
}
