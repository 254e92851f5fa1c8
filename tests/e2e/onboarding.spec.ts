/**
 * Onboarding, the legal checkbox and empty states in Chromium against the demo and the reference
 * server: Connect's "New to wallets?" → What is a wallet? → Get a wallet, whose store links open in a new tab without
 * an opener; the directory failing → a line of help and the WalletConnect route; `?features=legalCheckbox:on` → the
 * wallet rows are disabled until the box is ticked, then the wallet connects, and a reload asks again; an All Wallets
 * search with no result and an empty NFTs tab each say so with an action.
 *
 * `SHOTS_DIR=<dir>` also saves screenshots of the new views (light and dark, desktop 1280×800 and phone
 * 390×844) into that folder, for a person to judge.
 */
import type { Page } from '@playwright/test'
import {
  accountButton,
  anyDialog,
  approveWalletRequest,
  connectDevWallet,
  dialog,
  expect,
  liveState,
  openAllWallets,
  openCleanDemo,
  openConnectDialog,
  resetApi,
  setApiBehaviour,
  test,
  walletList,
  walletRequests,
} from './fixtures.ts'
import { untilSettled } from './settle.ts'

const DEV_WALLET = 'Latchkey Dev Wallet'

test.afterEach(async ({ request }) => {
  await resetApi(request)
})

/**
 * Connect → New to wallets? → What is a wallet? → Get a wallet; returns the Get a wallet dialog. The link is clicked as
 * soon as Connect shows: the catalogue's recommended wallets arrive into room kept for them above it (nothing moves).
 */
async function openGetWallet(page: Page) {
  const connect = await openConnectDialog(page)
  await connect.getByRole('button', { name: 'New to wallets?' }).click()
  const intro = dialog(page, 'What is a wallet?')
  await expect(intro).toBeVisible()
  await expect(intro.getByText('Connecting moves no funds')).toBeVisible()
  await intro.getByRole('button', { name: 'Get a wallet' }).click()
  const getWallet = dialog(page, 'Get a wallet')
  await expect(getWallet).toBeVisible()
  return getWallet
}

test("New to wallets? → What is a wallet? → Get a wallet: a store link opens in a new tab, without an opener, and the dapp's tab stays", async ({ page, context }) => {
  // The stores are not on loopback: the new tab gets a stand-in page.
  await context.route(/^https:\/\/(apps\.apple\.com|play\.google\.com)\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Store</title>' }))
  await openCleanDemo(page)
  const getWallet = await openGetWallet(page)
  const appStore = getWallet.getByRole('link', { name: 'MetaMask on App Store' })
  await expect(appStore).toHaveAttribute('target', '_blank')
  await expect(appStore).toHaveAttribute('rel', 'noopener noreferrer')
  await expect(appStore).toHaveAttribute('href', /^https:\/\/apps\.apple\.com\/app\/id\d+$/)
  await expect(getWallet.getByRole('link', { name: 'MetaMask on Google Play' })).toHaveAttribute('href', /^https:\/\/play\.google\.com\//)
  // Desktop Chromium installs extensions: MetaMask's Chrome Web Store page is offered, first.
  const chromeStore = getWallet.getByRole('link', { name: 'MetaMask on Chrome Web Store' })
  await expect(chromeStore).toHaveAttribute('href', /^https:\/\/chromewebstore\.google\.com\/detail\/metamask\/[a-p]{32}$/)
  await expect(getWallet.getByRole('listitem').filter({ hasText: 'MetaMask' }).getByRole('link').first()).toHaveText('Chrome Web Store')
  // Every link of the view is a web address opening in a new tab.
  for (const link of await getWallet.getByRole('link').all()) {
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  }
  const [store] = await Promise.all([page.waitForEvent('popup'), appStore.click()])
  await store.waitForLoadState()
  expect(store.url()).toMatch(/^https:\/\/apps\.apple\.com\//)
  expect(await store.evaluate(() => window.opener)).toBeNull()
  await store.close()
  // The dapp's own tab is where it was: the modal on Get a wallet; Back leads to What is a wallet?.
  await expect(dialog(page, 'Get a wallet')).toBeVisible()
  await dialog(page, 'Get a wallet').getByRole('button', { name: 'Back', exact: true }).click()
  await expect(dialog(page, 'What is a wallet?')).toBeVisible()
})

test('Get a wallet with the directory failing: a line of help and Connect with WalletConnect, which shows the pairing', async ({ page, request }) => {
  await setApiBehaviour(request, { mode: 'status', status: 500, paths: ['/directory/getWallets'] })
  await openCleanDemo(page)
  const getWallet = await openGetWallet(page)
  await expect(getWallet.getByText('The wallet list cannot be loaded right now.')).toBeVisible()
  await expect(getWallet.getByRole('link')).toHaveCount(0)
  await getWallet.getByRole('button', { name: 'Connect with WalletConnect' }).click()
  await expect(dialog(page, 'WalletConnect')).toBeVisible()
})

test('legal checkbox on: wallet rows are disabled and explained until it is ticked, then the wallet connects; a reload asks again', async ({ page }) => {
  await openCleanDemo(page, '/?features=legalCheckbox:on')
  const connect = await openConnectDialog(page)
  const agree = connect.getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' })
  await expect(agree).not.toBeChecked()
  const row = connect.getByRole('button', { name: DEV_WALLET, exact: true })
  await expect(row).toHaveAttribute('aria-disabled', 'true')
  await expect(row).toHaveAccessibleDescription(/Agree to the terms above to choose a wallet\./)
  // A press on the disabled row (Playwright waits for an aria-disabled control to be enabled: forced) does nothing.
  await row.click({ force: true })
  await untilSettled(page)
  await expect(dialog(page, 'Connect Wallet')).toBeVisible()
  await expect(walletRequests(page)).toHaveCount(0)
  // All Wallets holds the same agreement: still unticked there, its rows disabled too.
  await connect.getByRole('button', { name: 'All Wallets' }).click()
  const all = dialog(page, 'All Wallets')
  await expect(all.getByRole('checkbox', { name: /I agree/ })).not.toBeChecked()
  await expect(all.getByRole('button', { name: DEV_WALLET, exact: true })).toHaveAttribute('aria-disabled', 'true')
  await all.getByRole('checkbox', { name: /I agree/ }).check()
  await expect(all.getByRole('button', { name: DEV_WALLET, exact: true })).not.toHaveAttribute('aria-disabled')
  await all.getByRole('button', { name: 'Back', exact: true }).click()
  await expect(agree).toBeChecked()
  await expect(row).not.toHaveAttribute('aria-disabled')
  await expect(connect.getByText('Agree to the terms above to choose a wallet.')).toHaveCount(0)
  await row.click()
  await expect(dialog(page, 'Connecting')).toBeVisible()
  await approveWalletRequest(page, 'Connect to this site?')
  await expect(anyDialog(page)).toHaveCount(0)
  await expect(liveState(page).status).toHaveText('connected')

  // Not stored: after a reload (and a disconnect) the box is unticked again.
  await page.evaluate(() => localStorage.clear())
  await page.reload()
  const again = await openConnectDialog(page)
  await expect(again.getByRole('checkbox', { name: /I agree/ })).not.toBeChecked()
  await expect(again.getByRole('button', { name: DEV_WALLET, exact: true })).toHaveAttribute('aria-disabled', 'true')
})

test('legal checkbox off by default: no checkbox, the rows are enabled', async ({ page }) => {
  await openCleanDemo(page)
  const connect = await openConnectDialog(page)
  await expect(connect.getByRole('checkbox')).toHaveCount(0)
  await expect(connect.getByRole('button', { name: DEV_WALLET, exact: true })).not.toHaveAttribute('aria-disabled')
})

test('empty states: an All Wallets search with no result offers Clear search; an empty NFTs tab offers Receive NFTs', async ({ page }) => {
  await openCleanDemo(page)
  const all = await openAllWallets(page)
  await all.getByRole('searchbox', { name: 'Search wallet' }).fill('zzqqxx')
  await expect(all.getByText('No wallet matches "zzqqxx"')).toBeVisible()
  await expect(all.getByText('Check the spelling, or look through the whole list.')).toBeVisible()
  await all.getByRole('button', { name: 'Clear search' }).click()
  await expect(all.getByRole('searchbox', { name: 'Search wallet' })).toHaveValue('')
  await expect(all.getByRole('searchbox', { name: 'Search wallet' })).toBeFocused()
  await expect(walletList(page).getByRole('button', { name: DEV_WALLET, exact: true })).toBeVisible()
  await all.getByRole('button', { name: 'Close' }).click()

  await connectDevWallet(page)
  await accountButton(page).address.click()
  const account = dialog(page, 'Account')
  await account.getByRole('tab', { name: 'NFTs' }).click()
  await expect(account.getByText('No NFTs yet')).toBeVisible()
  await expect(account.getByText('NFTs you collect with this address show up here.')).toBeVisible()
  await account.getByRole('button', { name: 'Receive NFTs' }).click()
  await expect(dialog(page, 'Receive')).toBeVisible()
})

const shots = process.env.SHOTS_DIR
test.describe('screenshots of the new views', () => {
  test.skip(!shots, 'SHOTS_DIR=<dir> saves them')
  for (const theme of ['light', 'dark'] as const) {
    for (const [device, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      test(`${theme} ${device}`, async ({ page }) => {
        await page.setViewportSize(viewport)
        // Not openCleanDemo: on a phone the demo's dock (and the dev wallet in it) starts folded away.
        await page.goto(`/?theme=${theme}&features=legalCheckbox:on`)
        await page.evaluate(() => localStorage.clear())
        await page.reload()
        const connect = await openConnectDialog(page)
        await untilSettled(page)
        await page.screenshot({ path: `${shots}/connect-legal-${theme}-${device}.png` })
        await connect.getByRole('checkbox', { name: /I agree/ }).check()
        await connect.getByRole('button', { name: 'New to wallets?' }).click()
        await expect(dialog(page, 'What is a wallet?')).toBeVisible()
        await untilSettled(page)
        await page.screenshot({ path: `${shots}/what-is-a-wallet-${theme}-${device}.png` })
        await dialog(page, 'What is a wallet?').getByRole('button', { name: 'Get a wallet' }).click()
        await expect(dialog(page, 'Get a wallet').getByRole('link').first()).toBeVisible()
        await untilSettled(page)
        await page.screenshot({ path: `${shots}/get-wallet-${theme}-${device}.png` })
        await dialog(page, 'Get a wallet').getByRole('button', { name: 'Close' }).click()
        const all = await openAllWallets(page)
        await all.getByRole('searchbox', { name: 'Search wallet' }).fill('zzqqxx')
        await expect(all.getByText('No wallet matches "zzqqxx"')).toBeVisible()
        await untilSettled(page)
        await page.screenshot({ path: `${shots}/all-wallets-no-match-${theme}-${device}.png` })
      })
    }
  }
})

test("desktop Chromium: a directory wallet's WalletConnect view has its Get route, the extension's Chrome Web Store page in a new tab", async ({ demo: page }) => {
  await openConnectDialog(page)
  await dialog(page, 'Connect Wallet').getByRole('button', { name: 'MetaMask', exact: true }).click()
  const view = dialog(page, 'WalletConnect')
  const get = view.getByRole('link', { name: 'Get the MetaMask extension' })
  await expect(get).toHaveAttribute('href', /^https:\/\/chromewebstore\.google\.com\/detail\/metamask\/[a-p]{32}$/)
  await expect(get).toHaveAttribute('target', '_blank')
  await expect(get).toHaveAttribute('rel', 'noopener noreferrer')
  // A wallet without an extension has no such link.
  await view.getByRole('button', { name: 'Back', exact: true }).click()
  await dialog(page, 'Connect Wallet').getByRole('button', { name: 'Latchkey Mobile (dev)', exact: true }).click()
  await expect(dialog(page, 'WalletConnect').getByTestId('pairing-qr')).toBeVisible()
  await expect(dialog(page, 'WalletConnect').getByRole('link', { name: /extension$/ })).toHaveCount(0)
})
