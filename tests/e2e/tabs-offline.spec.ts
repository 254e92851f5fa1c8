/**
 * Two tabs of one site, and a network that goes away, in Chromium against the demo:
 * - Tabs agree: two pages of ONE browser context (one localStorage, as two tabs of one browser). What page A connects,
 *   switches (account, network) and disconnects is shown live by page B, without a reload and without a prompt in B.
 *   The dev wallet's state is the browser's, as an extension's is (demo/main.tsx adopts its other tabs' state), so B's
 *   silent restore finds the site authorised.
 * - The catalogue's failures are said in All Wallets: offline (`context.setOffline`, and a directory unreachable at the
 *   network level) as offline, in search too, and it loads when the browser is back online; an HTTP 500 from the
 *   directory (`page.route`) as "We could not load the wallet list." with Try again, which loads it once the directory
 *   answers again.
 * Screenshots of the new states go to `$SHOTS_DIR` when set (light and dark, desktop and phone).
 */
import type { Page } from '@playwright/test'
import {
  ACCOUNT_0,
  ACCOUNT_1,
  accountButton,
  approveWalletRequest,
  connectButton,
  connectDevWallet,
  dialog,
  expect,
  API_URL,
  liveState,
  openAllWallets,
  renderedRows,
  test,
  walletPanel,
  walletRequests,
} from './fixtures.ts'
import { resumeDisconnected, withSharedPage } from './sharedPage.ts'

const DEV_WALLET = 'Latchkey Dev Wallet'
/** The only names of the reference catalogue that contain "meta" (dev/api/dataset.ts). */
const META_WALLETS = ['MetaMask', 'Metaverse Wallet', 'Metal Pay', 'Cosmeta Wallet', 'META Sphere']
const words = {
  loadFailed: 'We could not load the wallet list.',
  loadOffline: 'You are offline.',
  searchOffline: 'You are offline, so the search cannot reach the wallet list.',
  noMatch: 'No wallet matches',
}
const shots = process.env.SHOTS_DIR
/** The directory's `getWallets` requests, for `page.route`. */
const getWallets = (url: URL) => url.href.startsWith(`${API_URL}/directory/getWallets`)

/** A mark in the page's window: still there later means the page was not reloaded. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { tabsMark: number }).tabsMark = 1))
}
const stillMarked = (page: Page) => page.evaluate(() => (window as unknown as { tabsMark?: number }).tabsMark === 1)

test.describe('tabs agree', () => {
  test('connect, another account, another network and disconnect in tab A show live in tab B, without a reload or a prompt in B', async ({ demo: a, context }) => {
    const b = await context.newPage()
    await b.goto('/')
    await expect(connectButton(b)).toBeVisible()
    await expect(liveState(b).status).toHaveText('disconnected')
    await markPage(b)

    // A connects: B restores the connection silently and shows the account.
    await connectDevWallet(a)
    await expect(liveState(b).status).toHaveText('connected')
    await expect(liveState(b).address).toHaveText(ACCOUNT_0)
    await expect(accountButton(b).address).toBeVisible()
    await expect(walletRequests(b)).toHaveCount(0)

    // A's wallet picks another account: B follows.
    await walletPanel(a).getByRole('combobox', { name: 'Account' }).selectOption('1')
    await expect(liveState(a).address).toHaveText(ACCOUNT_1)
    await expect(liveState(b).address).toHaveText(ACCOUNT_1)

    // A switches the network in the modal: B follows.
    await accountButton(a).address.click()
    const account = dialog(a, 'Account')
    await account.getByRole('button', { name: 'Switch network (Anvil Local)', exact: true }).click()
    await dialog(a, 'Switch Network').getByRole('button', { name: 'Anvil Local 2', exact: true }).click()
    await approveWalletRequest(a, 'Switch to chain 31338?')
    await expect(liveState(a).network).toHaveText('eip155:31338')
    await expect(liveState(b).network).toHaveText('eip155:31338')
    await expect(b.locator('.buttons').getByRole('button', { name: 'Switch network (Anvil Local 2)', exact: true })).toBeVisible()

    // A disconnects: B shows Connect Wallet.
    await expect(account).toBeVisible()
    await account.getByRole('button', { name: 'Disconnect' }).click()
    await expect(connectButton(a)).toBeVisible()
    await expect(connectButton(b)).toBeVisible()
    await expect(liveState(b).status).toHaveText('disconnected')
    await expect(walletRequests(b)).toHaveCount(0)
    expect(await stillMarked(b)).toBe(true)

    // B's storage holds what A's does: nothing echoed back (A stays disconnected, B too).
    await expect(liveState(a).status).toHaveText('disconnected')
    const stored = (p: Page) => p.evaluate(() => localStorage.getItem('@latchkey/eip155:connected_connector_id'))
    expect(await stored(a)).toBeNull()
    expect(await stored(b)).toBeNull()
  })
})

test.describe('the catalogue when the network or the directory fails', () => {
  test('offline: All Wallets says so, in search too (not "No wallet matches"); back online the list and the search load', async ({ demo: page, context }) => {
    // The directory unreachable at the network level (no HTTP answer) from the start.
    await page.route(getWallets, (route) => route.abort('internetdisconnected'))
    const all = await openAllWallets(page)
    const alert = all.getByRole('alert')
    await expect(alert).toContainText(words.loadOffline)
    await expect(alert.getByRole('button', { name: 'Try again', exact: true })).toBeVisible()
    await expect(all.getByRole('button', { name: DEV_WALLET, exact: true })).toBeVisible()
    if (shots) await shoot(page, 'allwallets-offline')

    // The browser goes offline; a search says it is offline.
    await context.setOffline(true)
    await page.unroute(getWallets)
    await all.getByRole('searchbox', { name: 'Search wallet', exact: true }).fill('meta')
    await expect(alert).toContainText(words.searchOffline)
    await expect(all.getByText(words.noMatch)).toHaveCount(0)
    if (shots) await shoot(page, 'allwallets-search-offline')

    // Back online: the search and the list are asked again by themselves.
    await context.setOffline(false)
    await expect(all.getByRole('alert')).toHaveCount(0)
    await expect.poll(async () => (await renderedRows(page)).map((r) => r.name).sort()).toEqual([...META_WALLETS].sort())
    await all.getByRole('searchbox', { name: 'Search wallet', exact: true }).fill('')
    await expect(all.getByRole('button', { name: 'MetaMask', exact: true })).toBeVisible()
  })

  // Both start from a clean, disconnected page whose catalogue has not loaded (resumeDisconnected asserts the rest of
  // the start): Connect's failed request first, then All Wallets with its own.
  test.describe('on one page', () => {
    const shared = withSharedPage(test)

    shared('Connect stays quiet when the directory fails (spec §4): no alert, the installed wallet listed', async ({ page }) => {
      await resumeDisconnected(page)
      await page.route(getWallets, (route) => route.fulfill({ status: 500, body: '' }))
      // Connect's first load must have had its 500 before this test ends: a request still to be sent when the route is
      // removed would load the catalogue, and the next test's All Wallets would then show the list, not the failure.
      const failed = page.waitForResponse((r) => getWallets(new URL(r.url())) && r.status() === 500)
      await connectButton(page).click()
      const connect = dialog(page, 'Connect Wallet')
      await failed
      await expect(connect.getByRole('button', { name: DEV_WALLET, exact: true })).toBeVisible()
      await expect(connect.getByRole('button', { name: 'All Wallets', exact: true })).toBeVisible()
      await expect(connect.getByRole('alert')).toHaveCount(0)
    })

    shared('HTTP 500 from the directory: All Wallets says the list could not load, with Try again; once it answers, Try again brings the wallets', async ({ page }) => {
      await resumeDisconnected(page)
      await page.route(getWallets, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }))
      const all = await openAllWallets(page)
      const alert = all.getByRole('alert')
      await expect(alert).toContainText(words.loadFailed)
      await expect(all.getByRole('button', { name: DEV_WALLET, exact: true })).toBeVisible()
      await expect(all.getByRole('button', { name: 'MetaMask', exact: true })).toHaveCount(0)
      if (shots) await shoot(page, 'allwallets-load-failed')

      await page.unroute(getWallets)
      await alert.getByRole('button', { name: 'Try again', exact: true }).click()
      await expect(all.getByRole('button', { name: 'MetaMask', exact: true })).toBeVisible()
      await expect(all.getByRole('alert')).toHaveCount(0)
    })
  })
})

/** The new states, light and dark, desktop (1280×800) and phone (390×844): `$SHOTS_DIR/<name>-<theme>-<screen>.png`. */
async function shoot(page: Page, name: string): Promise<void> {
  const screens = [
    { screen: 'desktop', width: 1280, height: 800 },
    { screen: 'phone', width: 390, height: 844 },
  ]
  const before = page.viewportSize()
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t
      const w = window as unknown as { latchkey?: { setThemeMode?: (mode: string) => void } }
      w.latchkey?.setThemeMode?.(t)
    }, theme)
    for (const s of screens) {
      await page.setViewportSize({ width: s.width, height: s.height })
      await expect(page.getByRole('dialog')).toBeVisible()
      await page.screenshot({ path: `${shots}/${name}-${theme}-${s.screen}.png` })
    }
  }
  if (before) await page.setViewportSize(before)
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'light'
    ;(window as unknown as { latchkey?: { setThemeMode?: (mode: string) => void } }).latchkey?.setThemeMode?.('light')
  })
}

test.afterEach(async ({ page }) => {
  await page.context().setOffline(false)
})
