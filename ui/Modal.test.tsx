// @vitest-environment happy-dom
import { fireEvent, waitFor, within } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { dialogCloses, pressEscape, renderApp, WALLET_NAME, type App } from '../tests/model/app.tsx'
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

test('behavior: a view whose code is in opens in one commit: the dialog is never marked busy, its view there from the first render', async () => {
  app = await renderApp({})
  expect(viewCode('Connect')!.loaded()).toBeDefined()
  const busy: Array<string | null> = []
  const observer = new MutationObserver((records) => {
    for (const r of records) if (r.attributeName === 'aria-busy') busy.push(r.oldValue)
    for (const r of records) for (const node of r.addedNodes) if (node instanceof Element) for (const el of [node, ...node.querySelectorAll('[aria-busy]')]) busy.push(el.getAttribute('aria-busy'))
  })
  for (const host of document.querySelectorAll('*')) if (host.shadowRoot) observer.observe(host.shadowRoot, { subtree: true, childList: true, attributes: true, attributeOldValue: true, attributeFilter: ['aria-busy'] })
  fireEvent.click(await app.get('button', en.connectButton))
  const dialog = app.find('dialog', en.titles.Connect)!
  expect(dialog.getAttribute('aria-busy')).toBeNull()
  expect(within(dialog).queryByTestId('view-skeleton')).toBeNull()
  expect(within(dialog).getAllByRole('button', { name: WALLET_NAME }).length).toBeGreaterThan(0)
  // The machine hears it after the frame; nothing in the dialog changes then.
  await waitFor(() =>
    expect(
      app!.modal.actor
        .getSnapshot()
        .context.modal.getSnapshot()
        .matches({ open: { content: 'ready' } }),
    ).toBe(true),
  )
  await Promise.resolve()
  observer.disconnect()
  expect(busy.filter((value) => value === 'true')).toEqual([])
})

test('behavior: Connect asks the catalogue for its wallets once the frame that shows it is painted, not in the click', async () => {
  app = await renderApp({})
  expect(viewCode('Connect')!.loaded()).toBeDefined()
  await app.modal.ready()
  app.modal.actor.send({ type: 'feature.ensure', feature: 'catalogue' })
  const list = () => app!.modal.actor.getSnapshot().context.features['catalogue']?.getSnapshot().value as { list?: string } | undefined
  await waitFor(() => expect(list()?.list).toBe('idle'))
  fireEvent.click(await app.get('button', en.connectButton))
  expect(app.find('dialog', en.titles.Connect)).not.toBeNull()
  expect(list()?.list).toBe('idle')
  await waitFor(() => expect(list()?.list).not.toBe('idle'))
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

test('behavior: opened again during its exit transition, the dialog is not left busy: its view stayed on screen', async () => {
  app = await renderApp({})
  fireEvent.click(await app.get('button', en.connectButton))
  await waitFor(() => expect(app!.find('dialog', en.titles.Connect)?.getAttribute('aria-busy')).toBeNull())
  // Closed, and opened again before the exit transition ends (the test's clock holds it).
  void app.modal.close()
  await waitFor(() => expect(app!.find('dialog', en.titles.Connect)).toBeNull())
  void app.modal.open()
  await waitFor(() => expect(app!.find('dialog', en.titles.Connect)).not.toBeNull())
  await waitFor(() => expect(app!.find('dialog', en.titles.Connect)?.getAttribute('aria-busy')).toBeNull())
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

test('behavior: a closing dialog is inert and hidden from assistive technology at once (no dialog role, no aria-modal) while its exit transition plays, the page usable; focus back on the opener once it ends', async () => {
  app = await renderApp({})
  const button = await app.get('button', en.connectButton)
  button.focus()
  fireEvent.click(button)
  const dialog = await app.get('dialog', en.titles.Connect)
  await waitFor(() => expect(isInert(button)).toBe(true))
  const overlay = dialog.parentElement!
  fireEvent.click(within(dialog).getByRole('button', { name: en.close }))
  // The exit transition runs on the manual clock: nothing has moved it yet.
  await waitFor(() => expect(overlay.getAttribute('data-presence')).toBe('unmountSuspended'))
  expect(overlay.isConnected).toBe(true)
  expect(overlay.hasAttribute('inert')).toBe(true)
  expect(overlay.getAttribute('aria-hidden')).toBe('true')
  expect(dialog.getAttribute('role')).toBeNull()
  expect(dialog.hasAttribute('aria-modal')).toBe(false)
  expect(dialog.hasAttribute('tabindex')).toBe(false)
  expect(app.find('dialog', /.*/)).toBeNull()
  expect(isInert(button)).toBe(false)
  await dialogCloses(app)
  expect(overlay.isConnected).toBe(false)
  // Focus is back on the opener once the transition has ended.
  await waitFor(() => expect(document.activeElement).toBe(button.getRootNode() === document ? button : (button.getRootNode() as ShadowRoot).host))
})
