/**
 * What the page loads and requests before the visitor needs it (issue: nothing is requested from the
 * network before the modal opens, except the reconnect of a stored connection; views other than Connect
 * and Account load on demand). Once the page is idle, the first open's code comes from the page's own server (the
 * `prefetch` option), never with Save-Data on, and still nothing leaves loopback before intent.
 */
import { ACCOUNT_0, connectDevWallet, dialog, expect, expectedBalance, grouped, liveState, openConnectDialog, test } from './fixtures.ts'
import { withModules } from './modules.ts'
import { API_URL, isAnvilUrl } from './stack.ts'
import type { Page } from '@playwright/test'

const anvil = isAnvilUrl
const lazyViews = ['ConnectingExternal', 'SwitchNetwork', 'UnsupportedChain', 'AllWallets']

test('before the modal opens, nothing is requested from a chain and no lazy view is loaded', async ({ demo: page }) => {
  const requests: string[] = []
  page.on('request', (r) => requests.push(...withModules(r.url())))
  await page.reload()
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(requests.filter(anvil)).toEqual([])
  expect(requests.filter((u) => lazyViews.some((v) => u.includes(`/${v}.tsx`)))).toEqual([])

  await openConnectDialog(page)
  expect(requests.filter(anvil)).toEqual([])
  await dialog(page, 'Connect Wallet').getByRole('button', { name: 'All Wallets', exact: true }).click()
  await expect(dialog(page, 'All Wallets')).toBeVisible()
  expect(requests.some((u) => u.includes('/AllWallets.tsx'))).toBe(true)
  expect(requests.some((u) => u.includes('/SwitchNetwork.tsx'))).toBe(false)
})

/** Whether a request stays on this machine: the demo's server and the dev stack (reference API, anvils, relay) are on loopback. */
const isLoopback = (url: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname) || url.startsWith('data:') || url.startsWith('blob:')
/** The first open's code (the idle prefetch, `prefetch` option): the core, the modal shell, Connect's chunk and its first-use machines. */
const firstOpenModules = ['ui/core.ts', 'ui/Modal.tsx', 'ui/views/Connect.tsx', 'machines/catalogue.ts', 'machines/remoteConfig.ts'] as const
const fetchedOf = (requests: readonly string[]) => firstOpenModules.filter((m) => requests.some((u) => new URL(u).pathname.endsWith(`/${m}`)))

/**
 * Whether the modal's shadow root holds its dialog rendered ahead on Connect (`ConnectAhead.tsx`), whether it shows
 * (visible, or the topmost element where it lies), whether the browser laid it out (a size: the tap then pays no first
 * layout of it), how many animations run in it (held until the reveal), and how many dialogs; the dialog rendered ahead is kept as `window.__dialogAhead` for the tap to compare
 * with.
 */
const connectRenderedAhead = () => {
  const roots: Array<Document | ShadowRoot> = [document]
  for (let i = 0; i < roots.length; i++) for (const el of roots[i]!.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot)
  const ahead = roots.map((r) => r.querySelector('.lk-overlay[data-ahead="true"]')).find(Boolean)
  ;(window as { __dialogAhead?: Element | null }).__dialogAhead = ahead?.querySelector('.lk-dialog')
  const box = ahead?.querySelector('.lk-dialog')?.getBoundingClientRect()
  const hit = box && roots.map((r) => ('elementFromPoint' in r ? r.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) : null))
  return {
    ahead: Boolean(ahead?.querySelector('.lk-row')),
    shown: Boolean(ahead && (ahead.checkVisibility({ visibilityProperty: true, opacityProperty: true }) || hit?.some((el) => el && ahead.contains(el)))),
    laidOut: Boolean(box && box.height > 0 && box.width > 0),
    animations: ahead?.getAnimations({ subtree: true }).length,
    dialogs: roots.reduce((n, r) => n + r.querySelectorAll('[role="dialog"]').length, 0),
  }
}

/** Loads the demo afresh (no hover, no focus, no click: no intent) and records every request from the start. */
async function loadWithoutIntent(page: Page): Promise<string[]> {
  const requests: string[] = []
  page.on('request', (r) => requests.push(...withModules(r.url())))
  await page.reload()
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  return requests
}

test("once the page is idle, the first open's code is fetched with no intent, from loopback only; a tap then finds Connect's code in", async ({ demo: page }) => {
  const requests = await loadWithoutIntent(page)
  // The idle callback runs after load: the core, the shell, Connect's chunk, its catalogue machine and the remote config's.
  await expect.poll(() => fetchedOf(requests)).toEqual([...firstOpenModules])
  // Then the dialog is rendered ahead on Connect, hidden but laid out (a later idle period, Connect's feature machines
  // brought): still nothing requested for it from the network, no dialog to assistive technology, nothing of it in the
  // page's accessibility tree.
  await expect.poll(() => page.evaluate(connectRenderedAhead)).toEqual({ ahead: true, shown: false, laidOut: true, animations: 0, dialogs: 0 })
  await expect(page.getByRole('button', { name: /All Wallets/ })).toHaveCount(0)
  expect(await page.locator('[data-testid="latchkey-modal"]').ariaSnapshot()).not.toContain('Connect Wallet')
  await page.waitForLoadState('networkidle')
  // Nothing left this machine before intent (no public RPC, no hosted service), nothing of WalletConnect's SDK, no other view.
  expect(requests.filter((u) => !isLoopback(u))).toEqual([])
  expect(requests.filter((u) => u.includes('@walletconnect') || u.includes('/adapters/walletconnect.sdk'))).toEqual([])
  expect(requests.filter(anvil)).toEqual([])
  expect(requests.filter((u) => lazyViews.some((v) => u.includes(`/${v}.tsx`)))).toEqual([])
  // The remote config and analytics wait for the opening (spec §6): the reference server has had no call of theirs.
  expect(requests.filter((u) => u.startsWith(`${API_URL}/`) && /\/appkit\/v1\/config|\/getAnalyticsConfig|\/analytics\//.test(u))).toEqual([])

  // The tap (no hover before it): Connect shows with no further fetch of its own code, in the dialog rendered ahead.
  const before = requests.length
  await page.getByRole('button', { name: 'Connect Wallet' }).dispatchEvent('click')
  await expect(dialog(page, 'Connect Wallet')).toBeVisible()
  expect(fetchedOf(requests.slice(before))).toEqual([])
  expect(
    await page.evaluate(() => {
      const root = document.querySelector('[data-testid="latchkey-modal"]')?.shadowRoot
      const ahead = (window as { __dialogAhead?: Element | null }).__dialogAhead
      return Boolean(ahead) && root?.querySelector('[role="dialog"]') === ahead
    }),
  ).toBe(true)
})

test("with Save-Data on, nothing is fetched ahead: the first open's code waits for the intent", async ({ demo: page }) => {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true })
  const requests = await loadWithoutIntent(page)
  expect(await page.evaluate(() => (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData)).toBe(true)
  // The page is idle (networkidle, then an idle callback of the test's own): Connect's code was not fetched ahead. (The
  // demo's core and shell come with the page: its statechart visualiser's `inspect` option asks for the core at once.)
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())))
  const ahead = ['ui/views/Connect.tsx', 'machines/catalogue.ts', 'machines/remoteConfig.ts']
  expect(fetchedOf(requests).filter((m) => ahead.includes(m))).toEqual([])
  expect(requests.filter((u) => !isLoopback(u))).toEqual([])
  expect((await page.evaluate(connectRenderedAhead)).ahead).toBe(false)
  await openConnectDialog(page)
  await expect.poll(() => fetchedOf(requests).filter((m) => ahead.includes(m))).toEqual(ahead)
})

test('a stored connection is restored on load: within 30 s its balance comes from the storage cache (spec §3 §9), else from its chain; no view code beyond Connect/Account', async ({ demo: page }) => {
  await connectDevWallet(page)
  const balance = await expectedBalance(ACCOUNT_0, 31337)
  // The connected page's own balance read has ended before the reload: its request is not counted as the restore's.
  await expect(liveState(page).balance).toHaveText(grouped(balance))
  const requests: string[] = []
  page.on('request', (r) => requests.push(...withModules(r.url())))
  await page.reload()
  await expect(liveState(page).status).toHaveText('connected')
  await expect(liveState(page).balance).toHaveText(grouped(balance))
  // The native balance cache (30 s) answers the restore: no chain traffic, no lazy view.
  expect(requests.filter(anvil)).toEqual([])
  expect(requests.filter((u) => lazyViews.some((v) => u.includes(`/${v}.tsx`)))).toEqual([])
  // Without the cached entry the restored account's balance is read from its chain.
  await page.evaluate(() => localStorage.removeItem('@latchkey/balance_cache'))
  requests.length = 0
  await page.reload()
  await expect(liveState(page).status).toHaveText('connected')
  await expect(liveState(page).balance).toHaveText(grouped(balance))
  expect(requests.filter(anvil).length).toBeGreaterThan(0)
  expect(requests.filter((u) => lazyViews.some((v) => u.includes(`/${v}.tsx`)))).toEqual([])
})

test('opening the modal sends MODAL_OPEN to analytics; the POST reaches the reference server', async ({ demo: page, request }) => {
  const failed: string[] = []
  page.on('requestfailed', (r) => failed.push(`${r.method()} ${r.url()} ${r.failure()?.errorText}`))
  const before = ((await (await request.get(`${API_URL}/__control/events`)).json()) as unknown[]).length
  await openConnectDialog(page)
  await expect.poll(async () => ((await (await request.get(`${API_URL}/__control/events`)).json()) as Array<{ props: { event: string } }>).slice(before).map((e) => e.props.event)).toContain('MODAL_OPEN')
  expect(failed.filter((f) => f.includes(`${API_URL}/`))).toEqual([])
})
