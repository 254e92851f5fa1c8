/**
 * What the page loads and requests before the visitor needs it (issue: nothing is requested from the
 * network before the modal opens, except the reconnect of a stored connection; views other than Connect
 * and Account load on demand).
 */
import { connectDevWallet, dialog, expect, openConnectDialog, test } from './fixtures.ts'

const anvil = (url: string) => /:(28545|28546)\//.test(url) || /:(28545|28546)$/.test(url)
const lazyViews = ['ConnectingExternal', 'SwitchNetwork', 'UnsupportedChain', 'AllWallets']

test('before the modal opens, nothing is requested from a chain and no lazy view is loaded', async ({ demo: page }) => {
  const requests: string[] = []
  page.on('request', (r) => requests.push(r.url()))
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

test('a stored connection is restored on load: that is the only chain traffic before a click', async ({ demo: page }) => {
  await connectDevWallet(page)
  const requests: string[] = []
  page.on('request', (r) => requests.push(r.url()))
  await page.reload()
  await expect(page.getByTestId('state-status')).toHaveText('connected')
  // The restored account's balance is read from its chain; no view code beyond Connect/Account is loaded.
  expect(requests.filter(anvil).length).toBeGreaterThan(0)
  expect(requests.filter((u) => lazyViews.some((v) => u.includes(`/${v}.tsx`)))).toEqual([])
})

test('opening the modal sends MODAL_OPEN to analytics; the POST reaches the reference server', async ({ demo: page, request }) => {
  const failed: string[] = []
  page.on('requestfailed', (r) => failed.push(`${r.method()} ${r.url()} ${r.failure()?.errorText}`))
  const before = ((await (await request.get('http://127.0.0.1:28600/__control/events')).json()) as unknown[]).length
  await openConnectDialog(page)
  await expect
    .poll(async () => ((await (await request.get('http://127.0.0.1:28600/__control/events')).json()) as Array<{ props: { event: string } }>).slice(before).map((e) => e.props.event))
    .toContain('MODAL_OPEN')
  expect(failed.filter((f) => f.includes(':28600/'))).toEqual([])
})
