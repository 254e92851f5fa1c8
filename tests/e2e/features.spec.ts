/**
 * Feature flags decide what exists (spec §6, §9), in Chromium against the demo: the demo page passes
 * `?features=key:on|off` to the modal's `features` option. For each flag, off: the entry point is absent AND the
 * network log holds nothing of the feature (the view's chunk, its requests); on: the entry point is there and leads
 * to the feature.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { API_URL, accountButton, dialog, expect, openCleanDemo, openConnectDialog, openConnected, resetApi, test } from './fixtures.ts'
import { recordRequests } from './modules.ts'

/**
 * What the reference server's `/directory/appkit/v1/config` answers for the demo's project (`latchkey-demo`). The
 * remote-controlled flags (activity, reownBranding, …) follow it once it arrives (spec §6): `{}` leaves every flag
 * out, so the page's local option decides.
 */
async function projectFeatures(request: APIRequestContext, features: Record<string, unknown>) {
  const response = await request.post(`${API_URL}/__control/features`, { data: { projectId: 'latchkey-demo', features } })
  expect(response.ok(), await response.text()).toBe(true)
}

/** The code of a view (`/ui/views/Send.tsx`, …): fetched when a chunk holding it was (tests/e2e/modules.ts). */
const chunk = (view: string) => (url: string) => new URL(url).pathname.endsWith(`/ui/views/${view}.tsx`)
const isHistory = (url: string) => url.startsWith(`${API_URL}/blockchain/v1/account/`) && new URL(url).pathname.endsWith('/history')
const isCataloguePage = (url: string) => url.startsWith(`${API_URL}/directory/getWallets`) && new URL(url).searchParams.get('entries') === '40'

/**
 * The demo with `features`, the dev wallet connected (a stored session the modal restores: connecting is not the
 * subject here), Account open; the requests from the page load on.
 */
async function accountWith(page: Page, features: string) {
  const requests = recordRequests(page)
  await openConnected(page, { path: `/?features=${features}` })
  await accountButton(page).address.click()
  const account = dialog(page, 'Account')
  await expect(account.getByRole('tablist', { name: 'Account details' })).toBeVisible()
  await expect(account.getByRole('tab', { name: 'Tokens' })).toHaveAttribute('aria-selected', 'true')
  // Let the prefetches of the views one step away go out (they would include the feature's chunk if it were on).
  await page.waitForLoadState('networkidle')
  return { account, requests }
}

test.describe('send', () => {
  test('off: no Send button, no send chunk, and open({ view: "Send" }) throws FeatureDisabledError', async ({ page }) => {
    const { account, requests } = await accountWith(page, 'send:off')
    await expect(account.getByRole('button', { name: 'Receive', exact: true })).toBeVisible()
    await expect(account.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0)
    const thrown = await page.evaluate(() => {
      try {
        ;(window as unknown as { latchkey: { open(a: { view: string }): void } }).latchkey.open({ view: 'Send' })
        return null
      } catch (e) {
        return { name: (e as Error).name, feature: (e as { feature?: string }).feature }
      }
    })
    expect(thrown).toEqual({ name: 'FeatureDisabledError', feature: 'send' })
    await expect(dialog(page, 'Account')).toBeVisible()
    for (const view of ['Send', 'SendSelectToken', 'SendPreview']) expect(requests.filter(chunk(view)), view).toEqual([])
    // Nor the send machine (it arrives with the first Send, and there is none).
    expect(requests.filter((url) => new URL(url).pathname.endsWith('/machines/send.ts'))).toEqual([])
  })

  test('on: the Send button opens the send form; its chunk was fetched', async ({ page }) => {
    const { account, requests } = await accountWith(page, 'send:on')
    // The views one step from Account are prefetched after the opening's first frame, not before Account shows.
    await expect.poll(() => requests.some(chunk('Send'))).toBe(true)
    await account.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(dialog(page, 'Send')).toBeVisible()
  })
})

test.describe('spec §6 restricted time zones', () => {
  test.use({ timezoneId: 'Asia/Shanghai' })

  test('a visitor in Asia/Shanghai has no Buy and no Swap (on in the options), nor their chunks; Send and Receive stay', async ({ page }) => {
    const { account, requests } = await accountWith(page, 'onramp:on,swaps:on')
    await expect(account.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
    await expect(account.getByRole('button', { name: 'Receive', exact: true })).toBeVisible()
    await expect(account.getByRole('button', { name: 'Buy', exact: true })).toHaveCount(0)
    await expect(account.getByRole('button', { name: 'Swap', exact: true })).toHaveCount(0)
    expect(await page.evaluate(() => (window as unknown as { latchkey: { getState(): { features: { onramp: boolean; swaps: boolean } } } }).latchkey.getState().features)).toMatchObject({ onramp: false, swaps: false })
    for (const view of ['Swap', 'OnRampProviders']) expect(requests.filter(chunk(view)), view).toEqual([])
  })
})

test.describe('receive', () => {
  test('off: no Receive button and no Receive chunk', async ({ page }) => {
    const { account, requests } = await accountWith(page, 'receive:off')
    await expect(account.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
    await expect(account.getByRole('button', { name: 'Receive', exact: true })).toHaveCount(0)
    expect(requests.filter(chunk('Receive'))).toEqual([])
  })

  test('on: the Receive button opens Receive', async ({ page }) => {
    const { account, requests } = await accountWith(page, 'receive:on')
    expect(requests.some(chunk('Receive'))).toBe(true)
    await account.getByRole('button', { name: 'Receive', exact: true }).click()
    await expect(dialog(page, 'Receive').getByTestId('receive-address')).toBeVisible()
  })
})

test.describe('activity', () => {
  // The flag is remote-controlled: the project's config leaves it out, the local option decides.
  test.beforeEach(async ({ request }) => projectFeatures(request, {}))
  test.afterEach(async ({ request }) => resetApi(request))

  test('off: no Activity tab and no history request, also when the data is read again', async ({ page }) => {
    const { account, requests } = await accountWith(page, 'activity:off')
    await expect(account.getByRole('tab')).toHaveText(['Tokens', 'NFTs'])
    await account.getByRole('tab', { name: 'NFTs' }).click()
    await account.getByRole('tab', { name: 'Tokens' }).click()
    await page.evaluate(() => (window as unknown as { latchkey: { refreshBalance(): void } }).latchkey.refreshBalance())
    await page.waitForLoadState('networkidle')
    expect(requests.filter(isHistory)).toEqual([])
  })

  test('on: the Activity tab requests the history', async ({ page }) => {
    const { account, requests } = await accountWith(page, 'activity:on')
    expect(requests.filter(isHistory)).toEqual([])
    await account.getByRole('tab', { name: 'Activity' }).click()
    await expect.poll(() => requests.filter(isHistory).length).toBeGreaterThan(0)
  })
})

test.describe('allWallets', () => {
  test('off: Connect has no All Wallets entry; neither the AllWallets chunk nor the catalogue page of 40 is fetched', async ({ page }) => {
    await openCleanDemo(page, '/?features=allWallets:off')
    const requests = recordRequests(page)
    const connect = await openConnectDialog(page)
    await expect(connect.getByRole('button', { name: 'Latchkey Dev Wallet', exact: true }).first()).toBeVisible()
    await page.waitForLoadState('networkidle')
    await expect(connect.getByRole('button', { name: 'All Wallets', exact: true })).toHaveCount(0)
    expect(requests.filter(chunk('AllWallets'))).toEqual([])
    expect(requests.filter(isCataloguePage)).toEqual([])
  })

  test('on: the All Wallets entry opens the catalogue', async ({ page }) => {
    await openCleanDemo(page, '/?features=allWallets:on')
    const requests = recordRequests(page)
    const connect = await openConnectDialog(page)
    await connect.getByRole('button', { name: 'All Wallets', exact: true }).click()
    await expect(dialog(page, 'All Wallets').getByRole('searchbox', { name: 'Search wallet', exact: true })).toBeVisible()
    expect(requests.some(chunk('AllWallets'))).toBe(true)
    expect(requests.some(isCataloguePage)).toBe(true)
  })
})

test.describe('reownBranding', () => {
  test.afterEach(async ({ request }) => resetApi(request))

  test('on by default (the reference project says so too): the footer at the bottom of Connect; off: none', async ({ page, request }) => {
    await openCleanDemo(page)
    let connect = await openConnectDialog(page)
    await expect(connect.getByTestId('branding-footer')).toHaveText('UX by latchkey')
    // The flag is remote-controlled: the project's config leaves it out, the local option decides.
    await projectFeatures(request, {})
    await openCleanDemo(page, '/?features=reownBranding:off')
    connect = await openConnectDialog(page)
    await expect(connect.getByRole('button', { name: 'All Wallets', exact: true })).toBeVisible()
    await expect(connect.getByTestId('branding-footer')).toHaveCount(0)
  })
})

test.describe("the project's remote config", () => {
  test.afterEach(async ({ request }) => resetApi(request))

  test('activity:false from /appkit/v1/config: no Activity tab and no history request, whatever the local option says', async ({ page, request }) => {
    await projectFeatures(request, { activity: false })
    const { account, requests } = await accountWith(page, 'activity:on')
    await expect(account.getByRole('tab')).toHaveText(['Tokens', 'NFTs'])
    expect(await page.evaluate(() => (window as unknown as { latchkey: { getState(): { features: { activity: boolean } } } }).latchkey.getState().features.activity)).toBe(false)
    expect(requests.filter(isHistory)).toEqual([])
  })
})
