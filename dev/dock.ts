/**
 * The demo's one dock for the development wallets: the EVM, Solana and Bitcoin panels, which stand
 * in for a browser extension's own window, live in a single container that never covers the page or the modal.
 *
 * - Wide screens (≥ {@link dockColumnMinWidth} px): a right-hand column, full height, every panel stacked; the page
 *   reserves the room (`body { padding-right: var(--dev-dock-width) }` in the demo's CSS). The modal's dialog is
 *   centred in the viewport, so at that width it cannot reach the column.
 * - Narrower screens: a bar at the bottom (the page reserves {@link dockBarHeight} px), collapsed by default; expanded,
 *   it shows one wallet at a time behind tabs. While the modal is open the dock moves to the top edge (the modal's
 *   bottom sheet / centred dialog keeps the bottom and the middle) and, expanded, is never taller than the room above
 *   the dialog (measured with `options.avoid`).
 * - A new pending request in any wallet expands the dock and selects that wallet's tab (wide: scrolls its panel into
 *   view); when the dock was opened that way, it collapses again once no request is left.
 *
 * - Its content (bar, tabs, panels) is in an open shadow root with its own stylesheet: the page's CSS (the demo's is
 *   deliberately hostile) does not restyle it. It follows the modal's theme mode (`setTheme`).
 * - On a phone the expanded dock takes at most {@link phoneDockShare} of the viewport's height (a request's panel
 *   scrolls inside), so it never covers half the page.
 *
 * The dock keeps `data-latchkey-interactive`: the modal makes the rest of the page inert while it is open, and the
 * wallets must stay usable then. Plain DOM, no React: it is development tooling, never part of the library.
 */

/** What the dock needs of a development wallet: its pending requests and a change feed. */
export type DockWallet = {
  readonly pending: readonly unknown[]
  subscribe(listener: () => void): () => void
}

/** One wallet of the dock: its tab `label` ('EVM', 'Solana', 'Bitcoin') and how its panel mounts. */
export type DockEntry = {
  id: string
  label: string
  wallet: DockWallet
  /** Mounts the wallet's panel into `container`; returns its unmount function. */
  mount(container: HTMLElement): () => void
}

/** Options of {@link mountWalletDock}. */
export type WalletDockOptions = {
  /** Where the dock goes; default `document.body`. */
  container?: HTMLElement
  /** The element the dock must leave room for while the modal is open (the modal's dialog), if any. */
  avoid?: () => Element | null
  /** `light` (default) or `dark`, to follow the modal's theme mode. */
  theme?: 'light' | 'dark'
  /** The tabs' order by wallet id (wallets load in any order); ids not listed go last. */
  order?: readonly string[]
}

/** The dock's handle: add wallets as their code arrives, tell it when the modal opens or closes. */
export type WalletDock = {
  /** The dock's root element (`data-testid="dev-wallet-dock"`), the host of {@link WalletDock.content}. */
  readonly element: HTMLElement
  /** The open shadow root that holds the bar, the tabs and the panels, out of the page's CSS. */
  readonly content: ShadowRoot
  /** Whether the narrow layout shows the panels (the wide column always does). */
  readonly expanded: boolean
  /** The id of the wallet whose tab is selected. */
  readonly selected: string | undefined
  /** Adds a wallet (its tab and panel); the first one added is selected. */
  add(entry: DockEntry): void
  /** Shows the panels; `id` also selects that wallet. */
  expand(id?: string): void
  collapse(): void
  select(id: string): void
  /** The modal opened or closed: the narrow dock moves to the top edge while it is open. */
  setModalOpen(open: boolean): void
  setTheme(theme: 'light' | 'dark'): void
  /** Idempotent: unmounts every panel and removes the dock. */
  unmount(): void
}

/** The viewport width from which the dock is a right-hand column (the modal's 360 px dialog stays clear of it). */
export const dockColumnMinWidth = 1100
/** The column's width (px); the page reserves it on wide screens. */
export const dockColumnWidth = 360
/** The collapsed bar's height (px); the page reserves it at the bottom on narrow screens. */
export const dockBarHeight = 48

/**
 * The most of a narrow viewport's height the expanded dock takes (bar and panels), so that a request's panel never
 * covers half the page; the panel scrolls inside.
 */
export const phoneDockShare = 0.42

/** How often (ms) the room above the open modal's dialog is measured again (its height follows its views). */
const roomInterval = 200

let mounts = 0

const css = `
:host { all: initial; display: block; --dd-bg: #ffffff; --dd-fg: #14181f; --dd-muted: #4a5262; --dd-border: #d5d9e2; --dd-accent: #3b5bdb; --dd-badge: #c2410c;
  --dw-bg: #ffffff; --dw-fg: #14181f; --dw-muted: #4a5262; --dw-border: #c9ced8; --dw-control: #f4f6f9;
  --dw-request: #fff8e5; --dw-request-border: #e0b84e; --dw-solana-request: #f6f0ff;
  position: fixed; z-index: 2147483000; box-sizing: border-box; background: var(--dd-bg); color: var(--dd-fg);
  font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; letter-spacing: normal; text-align: left; }
:host([data-theme="dark"]) { --dd-bg: #17191f; --dd-fg: #e8eaf0; --dd-muted: #a3aab8; --dd-border: #343946; --dd-accent: #8ea2ff; --dd-badge: #fb923c;
  --dw-bg: #1f222a; --dw-fg: #e8eaf0; --dw-muted: #a3aab8; --dw-border: #3a3f4d; --dw-control: #2a2e38;
  --dw-request: #3a3220; --dw-request-border: #a8842c; --dw-solana-request: #2c2440; color-scheme: dark; }
*, *::before, *::after { box-sizing: border-box; letter-spacing: normal; }
.dd-bar { display: flex; align-items: center; gap: 8px; min-height: ${dockBarHeight}px; padding: 0 12px; }
.dd-toggle { flex: 1 1 auto; display: flex; align-items: center; gap: 8px; min-height: 40px; min-width: 0; padding: 0 8px;
  border: 0; border-radius: 8px; background: transparent; color: inherit; font-family: inherit; font-size: 14px; font-weight: 600; line-height: 1.2; text-transform: none; cursor: pointer; text-align: left; }
.dd-toggle:focus-visible, .dd-tab:focus-visible { outline: 2px solid var(--dd-accent); outline-offset: 1px; }
.dd-chevron { margin-left: auto; transition: transform 150ms; }
:host([data-expanded]) .dd-chevron { transform: rotate(180deg); }
:host([data-modal-open]) .dd-chevron { transform: rotate(180deg); }
:host([data-modal-open][data-expanded]) .dd-chevron { transform: none; }
.dd-badge { display: inline-block; padding: 1px 8px; border-radius: 999px; background: var(--dd-badge); color: #fff; font-size: 12px; font-weight: 700; }
.dd-badge:empty { display: none; }
.dd-title { margin: 0; font-size: 14px; font-weight: 700; }
.dd-body { display: none; overflow: auto; overscroll-behavior: contain; padding: 0 12px 12px; }
:host([data-expanded]) .dd-body { display: block; }
.dd-tabs { position: sticky; top: 0; z-index: 1; display: flex; gap: 4px; margin: 0 0 8px; border-bottom: 1px solid var(--dd-border); background: var(--dd-bg); }
.dd-tab { flex: 1 1 0; min-height: 40px; padding: 6px 8px; border: 0; border-bottom: 3px solid transparent; background: transparent; color: var(--dd-muted);
  font-family: inherit; font-size: 13px; font-weight: 600; line-height: 1.2; text-transform: none; cursor: pointer; }
.dd-tab[aria-selected="true"] { color: var(--dd-fg); border-bottom-color: var(--dd-accent); }
.dd-tab .dd-badge { margin-left: 6px; }
.dd-pane { display: none; }
.dd-pane[data-selected] { display: block; }
.dd-pane > * { width: 100%; }
@media (max-width: ${dockColumnMinWidth - 0.02}px) {
  :host { left: 0; right: 0; bottom: 0; border-top: 1px solid var(--dd-border); box-shadow: 0 -6px 24px rgba(20,24,31,.16);
    padding-bottom: env(safe-area-inset-bottom, 0px); }
  .dd-body { max-height: calc(${phoneDockShare * 100}vh - ${dockBarHeight}px); }
  :host([data-modal-open]) { top: 0; bottom: auto; border-top: 0; border-bottom: 1px solid var(--dd-border); box-shadow: 0 6px 24px rgba(20,24,31,.2);
    padding-top: env(safe-area-inset-top, 0px); padding-bottom: 0; }
  :host([data-modal-open]) .dd-body { max-height: var(--dd-room, 40vh); padding-top: 8px; }
  .dd-title { display: none; }
}
@media (min-width: ${dockColumnMinWidth}px) {
  :host { top: 0; right: 0; bottom: 0; width: ${dockColumnWidth}px; display: flex; flex-direction: column; border-left: 1px solid var(--dd-border); }
  .dd-toggle, .dd-tabs { display: none; }
  .dd-bar { flex: 0 0 auto; border-bottom: 1px solid var(--dd-border); }
  .dd-body { display: block; flex: 1 1 auto; padding-top: 12px; }
  .dd-pane { display: block; margin: 0 0 12px; }
}
@media (prefers-reduced-motion: reduce) { .dd-chevron { transition: none; } }
`

/** `css` as a constructed stylesheet of `doc`'s window, or undefined where constructable stylesheets are missing. */
function constructedSheet(doc: Document, text: string): CSSStyleSheet | undefined {
  const Sheet = (doc.defaultView as (Window & { CSSStyleSheet?: typeof CSSStyleSheet }) | null)?.CSSStyleSheet
  if (!Sheet || !('adoptedStyleSheets' in doc)) return undefined
  try {
    const sheet = new Sheet()
    sheet.replaceSync(text)
    return sheet
  } catch {
    return undefined
  }
}

/**
 * Mounts the development wallets' dock (see the module comment for the layout).
 *
 * @param options see {@link WalletDockOptions}.
 * @returns the {@link WalletDock}; add the wallets with `add()` as their code loads.
 * @example
 * const dock = mountWalletDock({ avoid: () => findDialog() })
 * dock.add({ id: 'evm', label: 'EVM', wallet, mount: (el) => mountWalletPanel(wallet, el) })
 * modal.subscribe((state) => dock.setModalOpen(state.open))
 */
export function mountWalletDock(options: WalletDockOptions = {}): WalletDock {
  const container = options.container ?? document.body
  const doc = container.ownerDocument
  const win = doc.defaultView
  const uid = `dev-dock-${++mounts}`
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] => {
    const node = doc.createElement(tag)
    // `style` through the CSS object model: a page with a strict CSP (demo/csp.html) refuses style attributes.
    for (const [name, value] of Object.entries(attributes)) name === 'style' ? (node.style.cssText = value) : node.setAttribute(name, value)
    if (text !== undefined) node.textContent = text
    return node
  }

  // The dock is the page's one complementary landmark; the panels inside are labelled regions (an aside in an aside
  // would not be top-level, axe's landmark-complementary-is-top-level). Its content lives in an open shadow root, so the
  // page's own CSS (the demo's is deliberately hostile: upper-case buttons, Comic Sans) does not reach it, and `all:
  // initial` on the host stops what the page would pass down by inheritance.
  const root = el('aside', { id: uid, class: 'dev-dock', 'data-testid': 'dev-wallet-dock', 'aria-label': 'Development wallets', 'data-latchkey-interactive': '' })
  const shadow = root.attachShadow({ mode: 'open' })
  // The dock's CSS as a constructed sheet of the shadow root (CSP does not govern those: demo/csp.html runs with
  // `style-src 'self'`), a <style> element where the browser has none.
  const sheet = constructedSheet(doc, css)
  const style = sheet ? undefined : el('style', {}, css)
  if (sheet) shadow.adoptedStyleSheets = [sheet]
  const bar = el('div', { class: 'dd-bar' })
  const title = el('h2', { id: `${uid}-title`, class: 'dd-title' }, 'Development wallets')
  const toggle = el('button', { type: 'button', class: 'dd-toggle', 'aria-expanded': 'false', 'aria-controls': `${uid}-body`, 'data-testid': 'dev-wallet-dock-toggle' })
  const toggleLabel = el('span', {}, 'Dev wallets')
  const totalBadge = el('span', { class: 'dd-badge', 'data-testid': 'dev-wallet-dock-pending' })
  toggle.append(toggleLabel, totalBadge, el('span', { class: 'dd-chevron', 'aria-hidden': 'true' }, '▴'))
  bar.append(title, toggle)
  if (import.meta.env?.VITE_SECURE_SITE_URL)
    bar.append(
      el(
        'a',
        {
          href: `${String(import.meta.env.VITE_SECURE_SITE_URL)}/mailbox`,
          target: '_blank',
          rel: 'noopener noreferrer',
          style: 'color: var(--dd-accent); font-weight: 600; white-space: nowrap',
          'data-testid': 'dev-dock-mailbox',
        },
        'Mailbox',
      ),
    )
  const body = el('div', { id: `${uid}-body`, class: 'dd-body' })
  const tabs = el('div', { role: 'tablist', class: 'dd-tabs', 'aria-label': 'Development wallets' })
  body.append(tabs)
  shadow.append(...(style ? [style] : []), bar, body)

  type Slot = { entry: DockEntry; tab: HTMLButtonElement; badge: HTMLSpanElement; pane: HTMLDivElement; known: number; unmount: () => void; unsubscribe: () => void }
  const slots: Slot[] = []
  let expanded = false
  /** Expanded by a request rather than by the visitor: collapse again when no request is left. */
  let expandedByRequest = false
  let selected: string | undefined
  let modalOpen = false
  let mounted = true

  const isColumn = (): boolean => Boolean(win?.matchMedia?.(`(min-width: ${dockColumnMinWidth}px)`).matches)

  /**
   * The newest request (panels append them) of `slot` in sight, its buttons with it: when the request is taller than
   * the room, its Approve / Reject row wins over its heading.
   */
  const revealNewest = (slot: Slot): void => {
    const regions = slot.pane.querySelectorAll('[role="region"]')
    const newest = regions[regions.length - 1] ?? (isColumn() ? slot.pane : undefined)
    newest?.scrollIntoView?.({ block: 'nearest' })
    const buttons = newest?.querySelectorAll('button')
    buttons?.[buttons.length - 1]?.scrollIntoView?.({ block: 'nearest' })
  }

  let observed: Element | undefined
  const sizes = win?.ResizeObserver ? new win.ResizeObserver(() => fitAboveDialog()) : undefined

  /**
   * While the modal is open (narrow layout): no taller than the room above its dialog. The room shrinks when the
   * dialog grows (a view change, its entry animation), so a pending request is brought into sight again each time.
   */
  const fitAboveDialog = (): void => {
    const avoided = modalOpen ? (options.avoid?.() ?? undefined) : undefined
    // A change of the dialog's size is measured at once; the interval covers its moves (transforms, a new element).
    if (avoided !== observed) {
      sizes?.disconnect()
      if (avoided) sizes?.observe(avoided)
      observed = avoided
    }
    const rect = avoided?.getBoundingClientRect()
    const room = rect && rect.height > 0 ? `${Math.max(120, Math.floor(rect.top - bar.offsetHeight - 24))}px` : ''
    if (room === root.style.getPropertyValue('--dd-room')) return
    if (room) root.style.setProperty('--dd-room', room)
    else root.style.removeProperty('--dd-room')
    const current = slots.find((s) => s.entry.id === selected)
    if (expanded && current && current.entry.wallet.pending.length > 0) revealNewest(current)
  }

  const render = (): void => {
    root.toggleAttribute('data-expanded', expanded)
    root.toggleAttribute('data-modal-open', modalOpen)
    toggle.setAttribute('aria-expanded', String(expanded))
    let total = 0
    for (const slot of slots) {
      const count = slot.entry.wallet.pending.length
      total += count
      slot.badge.textContent = count > 0 ? String(count) : ''
      const isSelected = slot.entry.id === selected
      slot.tab.setAttribute('aria-selected', String(isSelected))
      slot.tab.tabIndex = isSelected ? 0 : -1
      slot.pane.toggleAttribute('data-selected', isSelected)
    }
    totalBadge.textContent = total > 0 ? `${total} waiting` : ''
    fitAboveDialog()
  }

  const onWalletChange = (slot: Slot): void => {
    const count = slot.entry.wallet.pending.length
    const grew = count > slot.known
    slot.known = count
    if (grew) {
      selected = slot.entry.id
      if (!expanded) expandedByRequest = true
      expanded = true
      render()
      revealNewest(slot)
      return
    }
    if (expandedByRequest && slots.every((s) => s.entry.wallet.pending.length === 0)) {
      expanded = false
      expandedByRequest = false
    }
    render()
  }

  toggle.addEventListener('click', () => {
    expanded = !expanded
    expandedByRequest = false
    render()
  })
  tabs.addEventListener('keydown', (event) => {
    const index = slots.findIndex((s) => s.entry.id === selected)
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step || index < 0) return
    const next = slots[(index + step + slots.length) % slots.length]!
    dock.select(next.entry.id)
    next.tab.focus()
    event.preventDefault()
  })
  const onResize = (): void => fitAboveDialog()
  let roomTimer: number | undefined
  win?.addEventListener('resize', onResize)

  const dock: WalletDock = {
    element: root,
    content: shadow,
    get expanded() {
      return expanded
    },
    get selected() {
      return selected
    },
    add(entry) {
      const tab = el('button', { type: 'button', role: 'tab', id: `${uid}-tab-${entry.id}`, class: 'dd-tab', 'aria-controls': `${uid}-pane-${entry.id}` }, entry.label)
      const badge = el('span', { class: 'dd-badge' })
      tab.append(badge)
      const pane = el('div', { role: 'tabpanel', id: `${uid}-pane-${entry.id}`, class: 'dd-pane', 'aria-labelledby': tab.id, 'data-wallet': entry.id })
      const rank = (id: string): number => {
        const index = options.order?.indexOf(id) ?? -1
        return index < 0 ? Number.MAX_SAFE_INTEGER : index
      }
      const before = slots.findIndex((s) => rank(s.entry.id) > rank(entry.id))
      const slot: Slot = { entry, tab, badge, pane, known: 0, unmount: () => {}, unsubscribe: () => {} }
      if (before < 0) {
        tabs.append(tab)
        body.append(pane)
        slots.push(slot)
      } else {
        slots[before]!.tab.before(tab)
        slots[before]!.pane.before(pane)
        slots.splice(before, 0, slot)
      }
      tab.addEventListener('click', () => dock.select(entry.id))
      slot.unmount = entry.mount(pane)
      slot.unsubscribe = entry.wallet.subscribe(() => onWalletChange(slot))
      if (selected === undefined) selected = entry.id
      onWalletChange(slot)
    },
    expand(id) {
      if (id !== undefined) selected = id
      expanded = true
      expandedByRequest = false
      render()
    },
    collapse() {
      expanded = false
      expandedByRequest = false
      render()
    },
    select(id) {
      selected = id
      render()
    },
    setModalOpen(open) {
      if (open === modalOpen) return
      modalOpen = open
      render()
      // The dialog changes height with its views and animates in: measure it again while it is open.
      if (roomTimer !== undefined) win?.clearInterval(roomTimer)
      roomTimer = open ? win?.setInterval(fitAboveDialog, roomInterval) : undefined
    },
    setTheme(theme) {
      root.setAttribute('data-theme', theme)
    },
    unmount() {
      if (!mounted) return
      mounted = false
      win?.removeEventListener('resize', onResize)
      if (roomTimer !== undefined) win?.clearInterval(roomTimer)
      sizes?.disconnect()
      for (const slot of slots) {
        slot.unsubscribe()
        slot.unmount()
      }
      root.remove()
    },
  }
  dock.setTheme(options.theme ?? 'light')
  render()
  container.append(root)
  return dock
}
