/**
 * What the page loads and requests before the visitor needs it (issue: nothing is requested from the
 * network before the modal opens, except the reconnect of a stored connection; views other than Connect
 * and Account load on demand).
 */
import { ACCOUNT_0, connectDevWallet, dialog, expect, expectedBalance, liveState, openConnectDialog, test } from './fixtures.ts'
import { withModules } from './modules.ts'
import { API_URL, isAnvilUrl } from './stack.ts'

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

test('a stored connection is restored on load: within 30 s its balance comes from the storage cache (spec §3 §9), else from its chain; no view code beyond Connect/Account', async ({ demo: page }) => {
  await connectDevWallet(page)
  const balance = await expectedBalance(ACCOUNT_0, 31337)
  const requests: string[] = []
  page.on('request', (r) => requests.push(...withModules(r.url())))
  await page.reload()
  await expect(liveState(page).status).toHaveText('connected')
  await expect(liveState(page).balance).toContainText(balance)
  // The native balance cache (30 s) answers the restore: no chain traffic, no lazy view.
  expect(requests.filter(anvil)).toEqual([])
  expect(requests.filter((u) => lazyViews.some((v) => u.includes(`/${v}.tsx`)))).toEqual([])
  // Without the cached entry the restored account's balance is read from its chain.
  await page.evaluate(() => localStorage.removeItem('@latchkey/balance_cache'))
  requests.length = 0
  await page.reload()
  await expect(liveState(page).status).toHaveText('connected')
  await expect(liveState(page).balance).toContainText(balance)
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
