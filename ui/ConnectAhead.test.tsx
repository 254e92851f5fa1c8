// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { arbitrum, mainnet } from '../adapters/networks.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { holdIdleCallbacks } from '../tests/harness/idleCallbacks.ts'
import { createModal, type ModalOptions } from './createModal.ts'
import { en } from './locales/en.ts'
import { ConnectButton, ModalProvider } from './react.tsx'

/**
 * The dialog rendered ahead while the modal is closed (`ConnectAhead.tsx`, spec §2 "Opening the modal"): once the idle
 * prefetch prepared Connect, the shell renders its dialog on Connect once inside a hidden `<Activity>`, requesting
 * nothing (no catalogue, no remote config, no analytics, no remote image), changing no public state, no dialog to
 * assistive technology; the first opening reveals those very nodes (focus moved in, the page inert), the first close
 * removes them; never with Save-Data or `prefetch: false`, never after `destroy`. The page's idle callbacks run when the
 * test fires them; the unit tests' setup hands the core's module over, so the core is created at once.
 */
const customWallet = { id: 'remote-icon', name: 'Remote Icon Wallet', homepage: 'https://wallet.example', imageUrl: 'https://wallet.example/icon.png' }
const base = (extra: Partial<ModalOptions> = {}): ModalOptions =>
  ({ projectId: 'p', networks: [mainnet, arbitrum], storage: createMemoryStorage(), walletConnect: false, enableReconnect: false, customWallets: [customWallet], ...extra }) as ModalOptions

const idle = holdIdleCallbacks()
afterEach(() => {
  cleanup()
})
/** Runs the page's idle callbacks registered so far (those they register wait for the next call). */
const fireIdle = () => act(() => idle.fire())

/** The modal's shadow root. */
const modalRoot = () => screen.getByTestId('latchkey-modal').shadowRoot!
/** A page button by its text (each lives in a shadow root of its own). */
const pageButton = (text: string) => [...document.querySelectorAll('*')].flatMap((el) => [...(el.shadowRoot?.querySelectorAll('button') ?? [])]).find((b) => b.textContent?.trim() === text)!
/** The overlay rendered ahead (hidden), if any. */
const ahead = () => modalRoot().querySelector<HTMLElement>('.lk-overlay[data-ahead="true"]')
/** The open dialog, if any. */
const openDialog = () => modalRoot().querySelector<HTMLElement>('[role="dialog"]')
/** Hidden as React's hidden Activity hides it: `display: none` on its top element. */
const isHidden = (el: HTMLElement) => el.style.display === 'none' || getComputedStyle(el).display === 'none'
/** Invisible (the shell's CSS for the dialog rendered ahead: `visibility: hidden`). */
const isInvisible = (el: HTMLElement) => getComputedStyle(el).visibility === 'hidden'
/** The element or one of its ancestors (through shadow roots) is inert. */
function isInert(el: Element): boolean {
  let node: Element | null = el
  while (node) {
    if (node.hasAttribute('inert')) return true
    node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host || null)
  }
  return false
}

function renderPage(options: ModalOptions) {
  const modal = createModal(options)
  render(
    <ModalProvider modal={modal}>
      <ConnectButton />
    </ModalProvider>,
  )
  return modal
}

/** Fires idle periods until Connect is prepared (its code in, its feature machines brought). */
async function untilPrepared(modal: ReturnType<typeof createModal>) {
  await waitFor(async () => {
    await fireIdle()
    expect(modal.isConnectPrepared()).toBe(true)
  })
}

/** Renders the page and waits until the dialog is rendered ahead with Connect's wallet list in it. */
async function renderedAhead(options: ModalOptions) {
  const modal = renderPage(options)
  await untilPrepared(modal)
  const overlay = await waitFor(() => {
    const el = ahead()
    expect(el?.textContent).toContain(customWallet.name)
    return el!
  })
  return { modal, overlay }
}

test('behavior: once prepared at idle, the dialog renders ahead on Connect, hidden, no dialog to assistive technology, with no request and no change of state', async () => {
  const fetches = vi.fn(globalThis.fetch)
  vi.stubGlobal('fetch', fetches)
  const modal = renderPage(base())
  const listener = vi.fn()
  modal.subscribe(listener)
  const before = modal.getState()
  await untilPrepared(modal)
  const overlay = await waitFor(() => {
    const el = ahead()
    expect(el?.textContent).toContain(customWallet.name)
    return el!
  })
  // Laid out (not React's display none, so the tap pays no first style and layout) but invisible, inert, aria-hidden,
  // its dialog without the dialog role.
  expect(isHidden(overlay)).toBe(false)
  expect(isInvisible(overlay)).toBe(true)
  expect(overlay.hasAttribute('inert')).toBe(true)
  expect(overlay.getAttribute('aria-hidden')).toBe('true')
  expect(overlay.getAttribute('data-presence')).toBe('unmounted')
  expect(openDialog()).toBeNull()
  const dialog = overlay.querySelector<HTMLElement>('.lk-dialog')!
  expect(dialog.hasAttribute('aria-modal')).toBe(false)
  expect(dialog.hasAttribute('tabindex')).toBe(false)
  // The page behind stays usable: nothing made inert, its scroll untouched.
  expect(isInert(pageButton(en.connectButton))).toBe(false)
  expect(document.documentElement.style.overflow).toBe('')
  // The custom wallet's remote icon is not requested ahead: no image with its URL.
  expect(overlay.querySelector(`img[src="${customWallet.imageUrl}"]`)).toBeNull()
  // Nothing was requested, the public state is the same object, no listener was called, the catalogue did not load.
  expect(fetches).not.toHaveBeenCalled()
  expect(modal.getState()).toBe(before)
  expect(modal.getState().open).toBe(false)
  expect(listener).not.toHaveBeenCalled()
  const catalogue = modal.peekCore()!.actor.getSnapshot().context.features.catalogue
  expect(catalogue?.getSnapshot().matches({ list: 'idle' })).toBe(true)
  modal.destroy()
})

test('behavior: the tap reveals the dialog rendered ahead (the same nodes, not a new tree): named, busy until Connect is on screen, focused, the page inert; the remote icon is requested only then', async () => {
  const { modal, overlay } = await renderedAhead(base())
  const dialogAhead = overlay.querySelector<HTMLElement>('.lk-dialog')!
  const rowAhead = [...overlay.querySelectorAll('button')].find((b) => b.textContent?.includes(customWallet.name))!
  const button = pageButton(en.connectButton)
  button.focus()

  fireEvent.click(button)
  expect(modal.getState().open).toBe(true)
  const dialog = await waitFor(() => {
    const el = openDialog()
    expect(el).not.toBeNull()
    return el!
  })
  // The same DOM nodes: revealed, not mounted.
  expect(dialog).toBe(dialogAhead)
  expect(dialog.parentElement).toBe(overlay)
  expect(within(dialog).getByRole('button', { name: new RegExp(customWallet.name) })).toBe(rowAhead)
  expect(isHidden(overlay)).toBe(false)
  expect(isInvisible(overlay)).toBe(false)
  expect(overlay.hasAttribute('inert')).toBe(false)
  expect(overlay.hasAttribute('aria-hidden')).toBe(false)
  expect(overlay.hasAttribute('data-ahead')).toBe(false)
  expect(overlay.getAttribute('data-presence')).toBe('mounted')
  expect(dialog.getAttribute('aria-modal')).toBe('true')
  expect(dialog.getAttribute('aria-labelledby')).toBe(within(dialog).getByRole('heading', { name: en.titles.Connect }).id)
  // The content region ends loading once the revealed view's effects ran; focus moves in; the page behind is inert.
  await waitFor(() => expect(dialog.getAttribute('aria-busy')).toBeNull())
  await waitFor(() => expect(modalRoot().activeElement).toBe(dialog))
  await waitFor(() => expect(isInert(button)).toBe(true))
  expect(document.documentElement.style.overflow).toBe('hidden')
  await waitFor(() => expect(dialog.querySelector(`img[src="${customWallet.imageUrl}"]`)).not.toBeNull())
  modal.destroy()
})

test('behavior: closing the revealed dialog plays its exit transition, then gives the page and the focus back; it is not rendered ahead again', async () => {
  const { modal, overlay } = await renderedAhead(base())
  const button = pageButton(en.connectButton)
  button.focus()
  fireEvent.click(button)
  const dialog = await waitFor(() => {
    const el = openDialog()
    expect(el).not.toBeNull()
    return el!
  })
  await waitFor(() => expect(isInert(button)).toBe(true))
  fireEvent.click(within(dialog).getByRole('button', { name: en.close }))
  // The exit transition: the same overlay, closing, inert, no dialog role; the page usable at once.
  await waitFor(() => expect(overlay.getAttribute('data-presence')).toBe('unmountSuspended'))
  expect(overlay.hasAttribute('inert')).toBe(true)
  expect(openDialog()).toBeNull()
  expect(isInert(button)).toBe(false)
  // Then the dialog is gone, not hidden again; focus is back on the button.
  await waitFor(() => expect(overlay.isConnected).toBe(false))
  expect(modalRoot().querySelector('.lk-overlay')).toBeNull()
  await waitFor(() => expect(document.activeElement).toBe(button.getRootNode() === document ? button : (button.getRootNode() as ShadowRoot).host))
  expect(modal.getState().open).toBe(false)
  // A second opening renders the dialog as any opening does.
  fireEvent.click(button)
  await waitFor(() => expect(openDialog()).not.toBeNull())
  expect(openDialog()).not.toBe(dialog)
  modal.destroy()
})

test('behavior: opened again during the exit transition of its first opening, the revealed dialog stays and is not left busy', async () => {
  const { modal, overlay } = await renderedAhead(base())
  fireEvent.click(pageButton(en.connectButton))
  const dialog = await waitFor(() => {
    const el = openDialog()
    expect(el).not.toBeNull()
    return el!
  })
  await waitFor(() => expect(dialog.getAttribute('aria-busy')).toBeNull())
  await act(() => modal.close())
  expect(overlay.getAttribute('data-presence')).toBe('unmountSuspended')
  await act(() => modal.open())
  expect(openDialog()).toBe(dialog)
  expect(overlay.getAttribute('data-presence')).toBe('mounted')
  await waitFor(() => expect(dialog.getAttribute('aria-busy')).toBeNull())
  expect(isHidden(overlay)).toBe(false)
  modal.destroy()
})

test('behavior: with Save-Data on, or prefetch false, nothing is rendered ahead', async () => {
  for (const options of [base({ prefetch: false }), base()]) {
    cleanup()
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: options.prefetch !== false } })
    const modal = renderPage(options)
    for (let i = 0; i < 4; i++) await fireIdle()
    await import('./firstOpen.ts')
    await act(async () => {})
    expect(modal.isConnectPrepared()).toBe(false)
    expect(ahead()).toBeNull()
    modal.destroy()
  }
})

test('behavior: destroyed before Connect is prepared, nothing is rendered ahead; destroyed after, the modal answers it is no longer prepared', async () => {
  const early = renderPage(base())
  await fireIdle()
  early.destroy()
  for (let i = 0; i < 3; i++) await fireIdle()
  await import('./firstOpen.ts')
  await act(async () => {})
  expect(early.isConnectPrepared()).toBe(false)
  expect(ahead()).toBeNull()
  cleanup()

  const late = renderPage(base())
  await untilPrepared(late)
  late.destroy()
  expect(late.isConnectPrepared()).toBe(false)
})
