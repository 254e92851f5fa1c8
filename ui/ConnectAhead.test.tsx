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
 * Connect rendered ahead while the modal is closed (`ConnectAhead.tsx`, spec §2 "Opening the modal"): once the idle
 * prefetch prepared Connect, its components render once inside a hidden `<Activity>`, outside the dialog, requesting
 * nothing (no catalogue, no remote config, no analytics, no remote image), changing no public state; gone with the
 * first opening, never with Save-Data or `prefetch: false`, never after `destroy`. The page's idle callbacks run when
 * the test fires them; the unit tests' setup hands the core's module over, so the core is created at once.
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
const ahead = () => modalRoot().querySelector<HTMLElement>('[data-testid="connect-ahead"]')

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

test('behavior: once prepared at idle, Connect renders ahead hidden, outside the dialog, with no request and no change of state; the first opening replaces it by the dialog', async () => {
  const fetches = vi.fn(globalThis.fetch)
  vi.stubGlobal('fetch', fetches)
  const modal = renderPage(base())
  const listener = vi.fn()
  modal.subscribe(listener)
  const before = modal.getState()
  await untilPrepared(modal)
  const hidden = await waitFor(() => {
    const el = ahead()
    expect(el).not.toBeNull()
    return el!
  })
  // Connect's wallet list is there, hidden (React's hidden Activity: display none), in no dialog.
  await waitFor(() => expect(hidden.textContent).toContain(customWallet.name))
  expect(hidden.closest('[role="dialog"]')).toBeNull()
  expect(hidden.getAttribute('aria-hidden')).toBe('true')
  expect(modalRoot().querySelector('[role="dialog"]')).toBeNull()
  expect(hidden.style.display === 'none' || hidden.parentElement?.style.display === 'none' || getComputedStyle(hidden).display === 'none').toBe(true)
  // The custom wallet's remote icon is not requested ahead: no image with its URL.
  expect(hidden.querySelector(`img[src="${customWallet.imageUrl}"]`)).toBeNull()
  // Nothing was requested, the public state is the same object, no listener was called, the catalogue did not load.
  expect(fetches).not.toHaveBeenCalled()
  expect(modal.getState()).toBe(before)
  expect(listener).not.toHaveBeenCalled()
  const catalogue = modal.peekCore()!.actor.getSnapshot().context.features.catalogue
  expect(catalogue?.getSnapshot().matches({ list: 'idle' })).toBe(true)

  // The tap: the dialog shows Connect (the custom wallet with its icon); the ahead render is gone.
  fireEvent.click(pageButton(en.connectButton))
  const dialog = await waitFor(() => {
    const el = modalRoot().querySelector<HTMLElement>('[role="dialog"]')
    expect(el).not.toBeNull()
    return el!
  })
  await within(dialog).findByRole('button', { name: new RegExp(customWallet.name) })
  expect(ahead()).toBeNull()
  expect(dialog.querySelector(`img[src="${customWallet.imageUrl}"]`)).not.toBeNull()
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
