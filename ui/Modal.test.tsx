// @vitest-environment happy-dom
import { act, fireEvent, waitFor, within } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { dialogCloses, pressEscape, renderApp, tick, WALLET_NAME, type App } from '../tests/model/app.tsx'
import { timing } from '../machines/timing.ts'
import { viewCode } from './features.ts'
import { en } from './locales/en.ts'

/**
 * The modal shell and the views' chunks: no view is in the page's first JS. The click renders the dialog
 * at once, named by the view's title; while the view's chunk is on its way the body shows a skeleton, replaced by the
 * view through a state update (no Suspense fallback) the moment the chunk resolves. The page buttons fetch the chunk
 * of the view they open on the visitor's first intent. The tests run in file order: the first one needs Connect's
 * chunk not fetched yet (the chunks are a cache of code for the whole file).
 */
let app: App | undefined
afterEach(async () => {
  await app?.dispose()
  app = undefined
})

test('behavior: the first click shows the dialog named "Connect Wallet" with a skeleton at once; Connect replaces it when its chunk is in', async () => {
  app = await renderApp({})
  expect(viewCode('Connect')!.loaded()).toBeUndefined()
  fireEvent.click(await app.get('button', en.connectButton))
  const dialog = app.find('dialog', en.titles.Connect)
  expect(dialog).not.toBeNull()
  expect(dialog!.getAttribute('aria-busy')).toBe('true')
  expect(within(dialog!).getByRole('progressbar', { name: en.loading })).toBeDefined()
  await within(dialog!).findAllByRole('button', { name: WALLET_NAME })
  expect(within(dialog!).queryByTestId('view-skeleton')).toBeNull()
  await waitFor(() => expect(dialog!.getAttribute('aria-busy')).toBeNull())
  expect(viewCode('Connect')!.loaded()).toBeDefined()
})

test('behavior: pressing the account button fetches the Account chunk before its click; the click renders Account with no skeleton', async () => {
  app = await renderApp({ stored: true, authorised: true })
  const button = await app.get('button', /0x/)
  expect(viewCode('Account')!.loaded()).toBeUndefined()
  fireEvent.pointerDown(button)
  await waitFor(() => expect(viewCode('Account')!.loaded()).toBeDefined())
  fireEvent.click(button)
  const dialog = app.find('dialog', en.titles.Account)
  expect(dialog).not.toBeNull()
  expect(within(dialog!).queryByTestId('view-skeleton')).toBeNull()
  expect(within(dialog!).getByRole('tablist', { name: en.accountTabs })).toBeDefined()
})

/** The element or one of its ancestors (through shadow roots) is inert. */
function isInert(el: Element): boolean {
  let node: Element | null = el
  while (node) {
    if (node.hasAttribute('inert')) return true
    node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host || null)
  }
  return false
}

test('behavior: while open the page behind is inert and does not scroll; a marked element stays usable; closing restores both', async () => {
  app = await renderApp({})
  const keep = document.body.appendChild(document.createElement('div'))
  keep.setAttribute('data-latchkey-interactive', '')
  const already = document.body.appendChild(document.createElement('div'))
  already.setAttribute('inert', '')
  document.documentElement.style.overflow = 'clip'
  try {
    const button = await app.get('button', en.connectButton)
    expect(isInert(button)).toBe(false)
    fireEvent.click(button)
    const dialog = app.find('dialog', en.titles.Connect)!
    await waitFor(() => expect(isInert(button)).toBe(true))
    expect(isInert(dialog)).toBe(false)
    expect(keep.hasAttribute('inert')).toBe(false)
    expect(document.documentElement.style.overflow).toBe('hidden')
    // The toast's live region sits beside the dialog: it stays announced.
    expect(isInert((dialog.getRootNode() as ShadowRoot).querySelector('[role="status"]')!)).toBe(false)
    await pressEscape(app)
    await dialogCloses(app)
    expect(isInert(button)).toBe(false)
    expect(already.hasAttribute('inert')).toBe(true)
    expect(document.documentElement.style.overflow).toBe('clip')
  } finally {
    keep.remove()
    already.remove()
    document.documentElement.style.overflow = ''
  }
})

test('behavior: closing hides the dialog from assistive technology at once: inert, aria-hidden, no role found; focus is back on the opener; removed after the exit', async () => {
  app = await renderApp({})
  const button = await app.get('button', en.connectButton)
  button.focus()
  fireEvent.click(button)
  const dialog = await app.get('dialog', en.titles.Connect)
  await waitFor(() => expect(dialog.getAttribute('aria-busy')).toBeNull())
  const root = dialog.getRootNode() as ShadowRoot
  const overlay = dialog.parentElement!
  expect(dialog.getAttribute('aria-modal')).toBe('true')
  expect(dialog.hasAttribute('inert')).toBe(false)

  // Escape, the clock held: the exit transition is playing.
  fireEvent.keyDown(dialog, { key: 'Escape' })
  await act(tick)
  expect(overlay.getAttribute('data-presence')).toBe('unmountSuspended')
  expect(dialog.isConnected).toBe(true)
  expect(dialog.hasAttribute('inert')).toBe(true)
  expect(overlay.hasAttribute('inert')).toBe(true)
  expect(dialog.getAttribute('aria-hidden')).toBe('true')
  expect(dialog.hasAttribute('aria-modal')).toBe(false)
  expect(within(root as unknown as HTMLElement).queryByRole('dialog')).toBeNull()
  expect(app.dialog()).toBeNull()
  // The page is usable again and focus is back where it was before the modal opened.
  expect(isInert(button)).toBe(false)
  expect(button.getRootNode() instanceof ShadowRoot ? (button.getRootNode() as ShadowRoot).activeElement : document.activeElement).toBe(button)

  // The exit transition ends: the dialog is gone from the DOM.
  app.clock.advance(timing.viewTransition)
  await act(tick)
  expect(dialog.isConnected).toBe(false)
  expect(root.querySelector('.lk-dialog')).toBeNull()
})

test('behavior: reopened during the exit transition, the dialog is a dialog again: no inert, aria-modal back, focus inside', async () => {
  app = await renderApp({})
  fireEvent.click(await app.get('button', en.connectButton))
  const dialog = await app.get('dialog', en.titles.Connect)
  fireEvent.keyDown(dialog, { key: 'Escape' })
  await act(tick)
  expect(dialog.hasAttribute('inert')).toBe(true)
  await act(async () => {
    app!.modal.open()
    await tick()
  })
  expect(dialog.isConnected).toBe(true)
  expect(dialog.hasAttribute('inert')).toBe(false)
  expect(dialog.parentElement!.hasAttribute('inert')).toBe(false)
  expect(dialog.getAttribute('aria-modal')).toBe('true')
  expect(dialog.hasAttribute('aria-hidden')).toBe(false)
  expect(app.find('dialog', en.titles.Connect)).toBe(dialog)
  expect(dialog.contains((dialog.getRootNode() as ShadowRoot).activeElement) || (dialog.getRootNode() as ShadowRoot).activeElement === dialog).toBe(true)
})
