import { createElement, lazy, Suspense, useContext, useEffect, useId, useRef, type ComponentType, type KeyboardEvent, type ReactNode } from 'react'
import type { ViewName } from '../machines/views.ts'
import { PageButtonsContext, useCopy } from './context.ts'
import { useModalView, useSend, useToast } from './hooks.ts'
import { BackIcon, CloseIcon } from './components/icons.tsx'
import { deepActiveElement } from './ShadowHost.tsx'
import { Account } from './views/Account.tsx'
import { Connect } from './views/Connect.tsx'

/**
 * A view loaded on demand that can also be preloaded: once its code is in, it renders without suspending
 * (React otherwise keeps a just-shown fallback for 300 ms).
 */
function preloadable(factory: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | undefined
  let pending: Promise<{ default: ComponentType }> | undefined
  const preload = () =>
    (pending ??= factory().then((m) => {
      loaded = m.default
      return m
    }))
  const Lazy = lazy(preload)
  const View = () => (loaded ? createElement(loaded) : createElement(Lazy))
  return { View, preload }
}

// Views other than Connect and Account load on demand (nothing before the visitor opens the modal).
const lazyViews = {
  ConnectingExternal: preloadable(() => import('./views/ConnectingExternal.tsx')),
  SwitchNetwork: preloadable(() => import('./views/SwitchNetwork.tsx')),
  SwitchActiveChain: preloadable(() => import('./views/SwitchActiveChain.tsx')),
  UnsupportedChain: preloadable(() => import('./views/UnsupportedChain.tsx')),
  AllWallets: preloadable(() => import('./views/AllWallets.tsx')),
  Receive: preloadable(() => import('./views/Receive.tsx')),
  Send: preloadable(() => import('./views/Send.tsx')),
  SendSelectToken: preloadable(() => import('./views/SendSelectToken.tsx')),
  SendPreview: preloadable(() => import('./views/SendPreview.tsx')),
  SIWXSignMessage: preloadable(() => import('./views/SIWXSignMessage.tsx')),
  ConnectingWalletConnect: preloadable(() => import('./views/ConnectingWalletConnect.tsx')),
  ConnectingWalletConnectBasic: preloadable(() => import('./views/ConnectingWalletConnect.tsx')),
} satisfies Partial<Record<ViewName, unknown>>

/** The views a visitor can reach in one step from each view: their code is fetched while this one shows. */
const nextViews: Partial<Record<ViewName, Array<keyof typeof lazyViews>>> = {
  Connect: ['AllWallets', 'ConnectingExternal', 'ConnectingWalletConnect'],
  AllWallets: ['ConnectingExternal', 'ConnectingWalletConnect'],
  ConnectingWalletConnect: ['SIWXSignMessage'],
  ConnectingExternal: ['SIWXSignMessage'],
  Account: ['SwitchNetwork', 'Receive', 'Send'],
  Send: ['SendSelectToken', 'SendPreview'],
}

function ViewBody({ view }: { view: ViewName }) {
  useEffect(() => {
    for (const next of nextViews[view] ?? []) void lazyViews[next].preload()
  }, [view])
  if (view === 'Connect') return <Connect />
  if (view === 'Account') return <Account />
  const { View } = lazyViews[view]
  return <View />
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
