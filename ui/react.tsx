import { useCallback, useContext, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type ComponentType, type ReactNode, type RefObject } from 'react'
import { createRoot } from 'react-dom/client'
import { useModalLocale } from './i18n/useModalLocale.ts'
import { CopyContext, ModalContext, PageButtonsContext, useShellCopy, useModalInstance } from './context.ts'
import type { ModalInstance } from './createModal.ts'
import type { ViewName } from '../machines/views.ts'
import { useAccount, useCore, useModal, useNetwork } from './hooks.ts'
import { deepActiveElement, ShadowHost } from './ShadowHost.tsx'
import { CloseIcon, RetryIcon } from './components/icons.tsx'
import { Avatar } from './components/Avatar.tsx'
import { NetworkIcon } from './components/NetworkIcon.tsx'
import { modalCss } from './styles.ts'
import { themeCss } from './theme.ts'

export { useAccount, useDisconnect, useFeatures, useModal, useNetwork } from './hooks.ts'
export { useConnections, useActiveWalletConnection as useActiveConnection, type UseConnectionsReturnType } from './hooks/connections.ts'
export { useSendCalls, useCallsStatus, useCapabilities, type UseSendCallsReturnType, type UseCallsStatusReturnType } from './hooks/calls.ts'
export { usePay, type UsePayReturnType, type PayHookStatus } from './hooks/pay.ts'

const noSubscription = () => () => {}

/**
 * `false` on the server and while React hydrates the server's HTML, `true` otherwise. The modal's state on
 * the client (a stored connection being restored, a stored network) is not the server's, so markup that depends on it
 * must wait for hydration to end, or React reports a mismatch. The page buttons use it; a dapp's own components that
 * render `useAccount()` or `useNetwork()` in server-rendered HTML (Next.js) do the same.
 * @example
 * const hydrated = useHydrated()
 * const account = useAccount()
 * return <p>{hydrated && account.isConnected ? account.address : 'Not connected'}</p>
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}

/**
 * The modal's CSS for its theme now: restyles when `setThemeMode` / `setThemeVariables` change it.
 * @example const css = useModalCss(modal) // '<the --lk-* variables>…'
 */
export function useModalCss(modal: ModalInstance): string {
  const theme = useSyncExternalStore(modal.subscribeTheme, modal.getTheme, modal.getTheme)
  return useMemo(() => themeCss(theme.themeMode, theme.themeVariables) + modalCss, [theme])
}

/**
 * Provides a modal instance to the hooks and buttons, and renders the modal (in its own shadow root) once.
 * @example
 * const modal = createModal({ projectId, networks: [mainnet] })
 * <ModalProvider modal={modal}><App /></ModalProvider>
 */
export function ModalProvider({ modal, children }: { modal: ModalInstance; children?: ReactNode }) {
  const css = useModalCss(modal)
  const [pageButtons] = useState(() => new Map<HTMLElement, number>())
  const locale = useModalLocale(modal)
  return (
    <ModalContext.Provider value={modal}>
      <CopyContext.Provider value={locale.copy}>
        <PageButtonsContext.Provider value={pageButtons}>
          {children}
          <ShadowHost css={css} nonce={modal.options.nonce} testId="latchkey-modal" lang={locale.locale} dir={locale.direction}>
            <ModalBody />
          </ShadowHost>
        </PageButtonsContext.Provider>
      </CopyContext.Provider>
    </ModalContext.Provider>
  )
}

type ShellModule = typeof import('./Modal.tsx')
let shellModule: ShellModule | undefined
let shellLoading: Promise<ShellModule> | undefined
/**
 * Hands over the modal shell's module to an entry that imports it statically (the unit tests' setup): a
 * `<ModalProvider>` whose modal has its core then renders the shell at once, with no pre-core dialog between.
 * @example import * as shell from './Modal.tsx'; provideModalShell(shell)
 */
export function provideModalShell(m: ShellModule): void {
  shellModule ??= m
}

/** The modal shell's chunk (`Modal.tsx`, with the view registry), fetched with the core. */
function loadShell(): Promise<ShellModule> {
  return (shellLoading ??= import('./Modal.tsx').then(
    (m) => (shellModule = m),
    (error: unknown) => {
      shellLoading = undefined
      throw error
    },
  ))
}

/**
 * What the modal's host shows: the modal shell once the core and the shell's chunk are in; before that,
 * the pre-core dialog while an `open()` waits for them (a click renders a dialog at once), else nothing. The shell's
 * chunk is fetched the moment the core is asked for (a page button's intent, an action, a stored connection).
 */
function ModalBody() {
  const modal = useModalInstance()
  const core = useCore()
  const pending = useSyncExternalStore(modal.subscribeCore, modal.pendingView, noPending)
  const state = useSyncExternalStore(modal.subscribe, modal.getState, modal.getState)
  const [Shell, setShell] = useState<ComponentType<ShellProps> | undefined>(() => shellModule?.ModalShell)
  /** The element that had focus when the pre-core dialog opened: the modal shell returns focus there on close. */
  const opener = useRef<HTMLElement | null>(null)
  /** The pre-core dialog was on screen: the shell taking its place does not play the opening animation again. */
  const [continued, setContinued] = useState(false)
  const markContinued = useCallback(() => setContinued(true), [])
  useEffect(() => {
    if (!state.open) setContinued(false)
  }, [state.open])
  useEffect(() => {
    if (Shell) return
    let live = true
    const fetchShell = () =>
      void loadShell().then(
        (m) => live && setShell(() => m.ModalShell),
        () => {},
      )
    if (modal.isCoreRequested()) fetchShell()
    const stop = modal.subscribeCore(() => {
      if (modal.isCoreRequested()) fetchShell()
    })
    return () => {
      live = false
      stop()
    }
  }, [modal, Shell])
  // A first opening in another language waits for its words (the pre-core dialog meanwhile) instead of showing English
  // for a moment; once the shell is on screen a change of language happens in place.
  const locale = useModalLocale(modal)
  const shellShown = useRef(false)
  if (core && Shell && (shellShown.current || !locale.pending)) {
    if (state.open) shellShown.current = true
    return continued ? (
      <div className="lk-continued">
        <Shell opener={opener} />
      </div>
    ) : (
      <Shell opener={opener} />
    )
  }
  // Before the core (or the shell's chunk, when the core came first and opened): the pre-core dialog.
  const waiting = pending ?? (core && state.open ? state.view : undefined)
  return waiting ? <PreCoreDialog view={waiting} opener={opener} onShown={markContinued} /> : null
}
type ShellProps = { opener?: RefObject<HTMLElement | null> }
const noPending = () => undefined

/**
 * The dialog a click renders before the core is in: the shell's markup and CSS (role=dialog, the view's
 * title, the close button) with a skeleton body, focused; replaced by the modal shell, on the same view, when the core
 * arrives. Close, Escape and a click outside it drop the queued open.
 */
function PreCoreDialog({ view, opener, onShown }: { view: ViewName; opener: RefObject<HTMLElement | null>; onShown: () => void }) {
  const copy = useShellCopy()
  const modal = useModalInstance()
  // Another language's words are on their way: no English title meanwhile.
  const wordsPending = useModalLocale(modal).pending
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    onShown()
    opener.current = deepActiveElement()
    // preventScroll: the dialog is fixed in the viewport, and scrolling it into view would force a layout in the click.
    dialogRef.current?.focus({ preventScroll: true })
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') modal.close()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [modal, opener, onShown])
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a press on the backdrop closes (spec); keyboard users close with Escape
    <div
      className="lk-overlay"
      data-presence="mounted"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) modal.close()
      }}
    >
      <div ref={dialogRef} className="lk-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-busy="true" tabIndex={-1} data-view={view} data-testid="pre-core-dialog">
        <div className="lk-sheet-handle" aria-hidden="true" />
        <header className="lk-header">
          <span />
          <h2 className="lk-title" id={titleId}>
            {wordsPending ? '' : copy.titles[view]}
          </h2>
          <button type="button" className="lk-icon-button" aria-label={copy.close} onClick={() => modal.close()}>
            <CloseIcon />
          </button>
        </header>
        <div className="lk-scroll">
          <div className="lk-sizer" data-testid="modal-sizer">
            <div className="lk-body">
              <div className="lk-skeleton" role="progressbar" aria-label={copy.loading} data-testid="view-skeleton">
                <span className="lk-skeleton-row" />
                <span className="lk-skeleton-row" />
                <span className="lk-skeleton-row" />
              </div>
            </div>
          </div>
        </div>
      </div>
    </div>
  )
}

/**
 * Renders the modal for a page without React of its own: `mountModal(modal)` appends a host to
 * `container` (default `document.body`). Returns unmount.
 */
export function mountModal(modal: ModalInstance, container: HTMLElement = document.body): () => void {
  const el = document.createElement('div')
  container.appendChild(el)
  const root = createRoot(el)
  root.render(<ModalProvider modal={modal} />)
  return () => {
    root.unmount()
    el.remove()
  }
}

function PageButton({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  const modal = useModalInstance()
  const css = useModalCss(modal)
  const locale = useModalLocale(modal)
  return (
    <ShadowHost css={css} nonce={modal.options.nonce} inline fallback={fallback} lang={locale.locale} dir={locale.direction}>
      {children}
    </ShadowHost>
  )
}

/** A ref callback registering a page button (with its focus-return priority) while it is mounted. */
function usePageButtonRef(priority: number) {
  const buttons = useContext(PageButtonsContext)
  return useCallback(
    (node: HTMLElement | null) => {
      if (!node) return
      buttons.set(node, priority)
      return () => void buttons.delete(node)
    },
    [buttons, priority],
  )
}

/**
 * Props that fetch the chunk of the view a page button opens, and its feature machines' modules, on the visitor's first
 * intent: the pointer
 * entering it, focus, or a press (touch has no hover), so the view is usually in when the click renders the dialog.
 */
function prefetchOnIntent(modal: ModalInstance, view: ViewName) {
  const prefetch = () => modal.prefetch(view)
  return { onPointerEnter: prefetch, onFocus: prefetch, onPointerDown: prefetch }
}

/**
 * The page's connect button ("Connect Wallet"); opens the modal. Shows "Connecting…" while restoring or
 * connecting; renders nothing once connected (place an `<AccountButton>` beside it).
 */
export function ConnectButton() {
  const copy = useShellCopy()
  const modal = useModalInstance()
  const { open } = useModal()
  const account = useAccount()
  const ref = usePageButtonRef(0)
  const hydrated = useHydrated()
  // Until hydration ends, as the server rendered it (it cannot know a stored connection).
  if (hydrated && account.isConnected) return null
  // The server's HTML and the hydrating render: the button as a visitor without a wallet sees it (static: the server
  // cannot know a stored connection, so "Connecting…" shows only once the shadow content replaces it).
  const fallback = (
    <button type="button" className="lk-page-button" aria-haspopup="dialog">
      {copy.connectButton}
    </button>
  )
  return (
    <PageButton fallback={fallback}>
      <button ref={ref} type="button" className="lk-page-button" aria-haspopup="dialog" {...prefetchOnIntent(modal, 'Connect')} onClick={() => open()}>
        {account.status === 'connecting' ? copy.connecting : copy.connectButton}
      </button>
    </PageButton>
  )
}

/**
 * The account button: the account's avatar, balance (grouped in the visitor's locale) and truncated address; opens
 * Account. Renders nothing while disconnected.
 */
export function AccountButton() {
  const copy = useShellCopy()
  const modal = useModalInstance()
  const { open } = useModal()
  const account = useAccount()
  const ref = usePageButtonRef(0)
  const hydrated = useHydrated()
  // Until hydration ends, as the server rendered it: nothing (it cannot know a stored connection).
  if (!hydrated || !account.isConnected) return null
  return (
    <PageButton>
      <button ref={ref} type="button" className="lk-page-button" data-variant="neutral" aria-haspopup="dialog" title={account.address} {...prefetchOnIntent(modal, 'Account')} onClick={() => open()}>
        {account.address && <Avatar address={account.address} size={20} />}
        {/* The balance; '…' only while it is being read. Unavailable: the address alone, and a retry beside it. */}
        {!account.isBalanceUnavailable && (
          <span className="lk-page-button-balance" data-testid="account-button-balance">
            {/* Compact from a million on (the exact amount in its title): the button keeps one line. */}
            <span className="lk-page-button-amount" title={account.compactBalance !== account.formattedBalance ? account.formattedBalance : undefined}>
              {account.compactBalance ?? '…'}
            </span>{' '}
            {account.balanceSymbol}
          </span>
        )}
        <span className="lk-page-button-address" data-testid="account-button-address">
          {account.displayAddress}
        </span>
      </button>
      {account.isBalanceUnavailable && (
        <button type="button" className="lk-page-button" data-variant="neutral" aria-label={copy.retryBalance} title={copy.retryBalance} onClick={() => modal.refreshBalance()}>
          <RetryIcon />
        </button>
      )}
    </PageButton>
  )
}

/**
 * The network button: the active network's icon and name, or "Wrong network"; opens SwitchNetwork (or
 * UnsupportedChain).
 */
export function NetworkButton() {
  const copy = useShellCopy()
  const { open } = useModal()
  const network = useNetwork()
  const ref = usePageButtonRef(1)
  const modal = useModalInstance()
  const { options } = modal
  // The server's HTML and the hydrating render: the default network from the options (the server has no stored one).
  const initial = (options.defaultNetwork ?? options.networks[0]).name
  const fallback = (
    <button type="button" className="lk-page-button" data-variant="neutral" aria-haspopup="dialog" aria-label={copy.switchNetworkLabel(initial)}>
      {initial}
    </button>
  )
  return (
    <PageButton fallback={fallback}>
      <button
        ref={ref}
        type="button"
        className="lk-page-button"
        data-variant={network.isUnsupported ? 'warning' : 'neutral'}
        aria-haspopup="dialog"
        aria-label={copy.switchNetworkLabel(network.isUnsupported ? copy.wrongNetwork : network.active.name)}
        {...prefetchOnIntent(modal, network.isUnsupported ? 'UnsupportedChain' : 'SwitchNetwork')}
        onClick={() => (network.isUnsupported ? open() : open({ view: 'SwitchNetwork' }))}
      >
        {!network.isUnsupported && <NetworkIcon network={network.active} size={20} />}
        {network.isUnsupported ? copy.wrongNetwork : <span className="lk-page-button-label">{network.active.name}</span>}
      </button>
    </PageButton>
  )
}
