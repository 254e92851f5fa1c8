/**
 * The demo page as a visitor sees it: a small dapp whose development wallets live in one dock
 * (dev/dock.ts) that never covers the page's buttons or the modal, on a desktop (1280×800, a right-hand column) and
 * on phones (390×844 and 320×640, touch: a bar at the bottom, collapsed until a wallet has a request). No horizontal
 * overflow at any of these widths, also with a long address on the page. A pending approval brings the dock up on
 * that wallet's tab and its Approve button takes the tap while the modal is open.
 *
 * `SHOTS_DIR=/tmp/shots-demo` also saves screenshots (light and dark) for a human to look at.
 */
import type { Locator, Page } from '@playwright/test'
import { anvilBalanceWei, anyDialog, approveWalletRequest, connectButton, openConnected, dialog, expect, freshAddress, liveState, test, walletPanel, walletRequests } from './fixtures.ts'
import { resumeDisconnected, withSharedPage } from './sharedPage.ts'

const shots = process.env.SHOTS_DIR
const phoneUserAgent = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

const screens = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, touch: false },
  // The narrowest width with the column: the centred dialog must still clear it.
  { name: 'narrow desktop', viewport: { width: 1100, height: 800 }, touch: false },
  // Below the column: a bar, at the top edge while the centred dialog is open.
  { name: 'tablet', viewport: { width: 820, height: 1180 }, touch: true },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
  { name: 'small phone', viewport: { width: 320, height: 640 }, touch: true },
] as const

/**
 * The demo's first load in the test's own browser context, whose storage starts empty: nothing stored to clear, so no
 * second load.
 */
async function openDemo(page: Page, query = ''): Promise<void> {
  await page.goto(`/${query}`)
  await expect(connectButton(page)).toBeVisible()
  await expect(liveState(page).status).toHaveText('disconnected')
  // The three wallets are in the dock (Solana and Bitcoin load after the page).
  await expect(page.getByTestId('dev-wallet-dock').getByRole('tab', { includeHidden: true })).toHaveCount(3)
}

/** Whether the control's centre hits the control itself (through its shadow host when it lives in a shadow root). */
function hitsItself(control: Locator): Promise<boolean> {
  return control.evaluate((el) => {
    const r = el.getBoundingClientRect()
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2]
    const root = el.getRootNode()
    let hit = document.elementFromPoint(x, y)
    if (root instanceof ShadowRoot) {
      if (hit !== root.host) return false
      hit = root.elementFromPoint(x, y)
    }
    return hit !== null && (el === hit || el.contains(hit))
  })
}

/** Page width beyond the viewport (0 when nothing overflows sideways). */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

for (const screen of screens) {
  test.describe(`${screen.name} ${screen.viewport.width}×${screen.viewport.height}`, () => {
    test.use({ viewport: screen.viewport, hasTouch: screen.touch, isMobile: screen.touch, ...(screen.touch ? { userAgent: phoneUserAgent } : {}) })

    // The layout of the page as it loads, then a connection on it: one page (withSharedPage).
    test.describe('on one page', () => {
      const shared = withSharedPage(test)

      shared('the dock leaves the page’s buttons uncovered and the page does not overflow sideways', async ({ page }) => {
        await openDemo(page)
        const dock = page.getByTestId('dev-wallet-dock')
        expect(await hitsItself(connectButton(page))).toBe(true)
        expect(await hitsItself(page.locator('.buttons').getByRole('button', { name: /^Switch network/ }))).toBe(true)
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
        if (screen.touch) {
          // Collapsed to a bar at the bottom; the page reserves its room (the last card scrolls clear of it).
          await expect(dock.getByRole('button', { name: 'Dev wallets' })).toHaveAttribute('aria-expanded', 'false')
          await expect(page.getByTestId('dev-wallet')).toBeHidden()
          const bar = await dock.boundingBox()
          expect(bar!.y + bar!.height).toBeCloseTo(screen.viewport.height, 0)
          expect(bar!.height).toBeLessThanOrEqual(64)
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
          const lastCard = await page.locator('main .card').last().boundingBox()
          expect(lastCard!.y + lastCard!.height).toBeLessThanOrEqual(bar!.y)
          // The visitor opens it, picks a wallet, closes it.
          await dock.getByRole('button', { name: 'Dev wallets' }).tap()
          await dock.getByRole('tab', { name: 'Bitcoin' }).tap()
          await expect(page.getByTestId('bitcoin-dev-wallet')).toBeVisible()
          await expect(page.getByTestId('dev-wallet')).toBeHidden()
          expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
          await dock.getByRole('button', { name: 'Dev wallets' }).tap()
          await expect(page.getByTestId('bitcoin-dev-wallet')).toBeHidden()
          // Back to the top, where the next test of the page starts.
          await page.evaluate(() => window.scrollTo(0, 0))
        } else {
          // A column beside the page: every wallet visible, none over the page's content.
          for (const id of ['dev-wallet', 'dev-solana-wallet', 'bitcoin-dev-wallet']) await expect(page.getByTestId(id)).toBeAttached()
          await expect(page.getByTestId('dev-wallet')).toBeVisible()
          const column = await dock.boundingBox()
          const content = await page.locator('main.content').boundingBox()
          expect(content!.x + content!.width).toBeLessThanOrEqual(column!.x)
          expect(column!.height).toBe(screen.viewport.height)
        }
      })

      shared('a pending approval brings the dock up on its wallet, Approve takes the tap while the modal is open, and the dialog stays uncovered', async ({ page }) => {
        // A fresh page's start: disconnected, no dialog, no request, the page at its top, the dock collapsed on a phone.
        await resumeDisconnected(page)
        expect(await page.evaluate(() => window.scrollY)).toBe(0)
        await expect(page.getByTestId('dev-wallet-dock').getByRole('tab', { includeHidden: true })).toHaveCount(3)
        if (screen.touch) await expect(page.getByTestId('dev-wallet-dock').getByRole('button', { name: 'Dev wallets' })).toHaveAttribute('aria-expanded', 'false')
        const dock = page.getByTestId('dev-wallet-dock')
        const press = (target: Locator) => (screen.touch ? target.tap() : target.click())
        // Another wallet's tab selected first: the request must bring the EVM wallet's tab forward.
        if (screen.touch) {
          await press(dock.getByRole('button', { name: 'Dev wallets' }))
          await press(dock.getByRole('tab', { name: 'Solana' }))
          await press(dock.getByRole('button', { name: 'Dev wallets' }))
        }
        await press(connectButton(page))
        const connect = dialog(page, 'Connect Wallet')
        await expect(connect).toBeVisible()
        await press(connect.getByRole('button', { name: 'Latchkey Dev Wallet', exact: true }).first())
        const connecting = dialog(page, 'Connecting')
        await expect(connecting).toBeVisible()

        const request = walletRequests(page).filter({ hasText: 'Connect to this site?' })
        await expect(request).toBeVisible()
        if (screen.touch) {
          await expect(dock.getByRole('button', { name: /^Dev wallets/ })).toHaveAttribute('aria-expanded', 'true')
          await expect(dock.getByRole('tab', { name: /^EVM/ })).toHaveAttribute('aria-selected', 'true')
        }
        if (shots) await page.screenshot({ path: `${shots}/${screen.name.replaceAll(' ', '-')}-pending-light.png` })
        // Neither covers the other: the dialog's title and the wallet's Approve are each what a tap there reaches.
        await expect(connecting.getByRole('heading').first()).toBeVisible()
        expect(await hitsItself(connecting.getByRole('heading').first())).toBe(true)
        const approve = request.getByRole('button', { name: 'Approve', exact: true })
        expect(await hitsItself(approve)).toBe(true)
        const [box, dockBox] = [await anyDialog(page).boundingBox(), await dock.boundingBox()]
        const overlap =
          Math.max(0, Math.min(box!.x + box!.width, dockBox!.x + dockBox!.width) - Math.max(box!.x, dockBox!.x)) * Math.max(0, Math.min(box!.y + box!.height, dockBox!.y + dockBox!.height) - Math.max(box!.y, dockBox!.y))
        expect(overlap, 'the dock and the dialog share no pixel').toBe(0)
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)

        await press(approve)
        await expect(anyDialog(page)).toHaveCount(0)
        await expect(liveState(page).status).toHaveText('connected')
        // Answered: a dock the request opened closes again on a phone; the page's buttons are free.
        if (screen.touch) await expect(dock.getByRole('button', { name: 'Dev wallets' })).toHaveAttribute('aria-expanded', 'false')
        expect(await hitsItself(page.getByTestId('account-button-address'))).toBe(true)
        // The connected page (long addresses, the CAIP-10 one the longest) still does not overflow sideways.
        await expect(page.getByTestId('state-caip-address')).toHaveText(/^eip155:31337:0x/)
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
        if (shots) await page.screenshot({ path: `${shots}/${screen.name.replaceAll(' ', '-')}-connected-light.png`, fullPage: true })
      })
    })

    test('dark mode follows the modal’s theme mode: the page, the dock and the modal', async ({ page }) => {
      await openDemo(page, '?theme=dark')
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
      await expect(page.getByTestId('dev-wallet-dock')).toHaveAttribute('data-theme', 'dark')
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
      expect(background).not.toBe('rgb(255, 255, 255)')
      expect(background).not.toBe('rgb(245, 246, 248)')
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
      if (shots) {
        await page.screenshot({ path: `${shots}/${screen.name.replaceAll(' ', '-')}-page-dark.png`, fullPage: true })
        await connectButton(page).click()
        await expect(dialog(page, 'Connect Wallet')).toBeVisible()
        await page.screenshot({ path: `${shots}/${screen.name.replaceAll(' ', '-')}-modal-dark.png` })
      }
    })
  })
}

test('on a phone, a request from the page opens the dock on its wallet, below half the page, its Approve in reach', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await openConnected(page)
  await page.getByRole('button', { name: 'Sign message', exact: true }).click()
  const request = walletRequests(page).filter({ hasText: 'Sign message?' })
  await expect(request).toBeVisible()
  const dock = page.getByTestId('dev-wallet-dock')
  await expect(dock.getByRole('button', { name: /^Dev wallets/ })).toHaveAttribute('aria-expanded', 'true')
  const box = await dock.boundingBox()
  expect(box!.height, 'the open dock covers less than half the page').toBeLessThan(844 / 2)
  expect(box!.y + box!.height).toBeCloseTo(844, 0)
  const approve = request.getByRole('button', { name: 'Approve', exact: true })
  await approve.scrollIntoViewIfNeeded()
  expect(await hitsItself(approve)).toBe(true)
  // The account select's label fits beside its chevron: short, the full address in its title.
  const account = walletPanel(page).getByRole('combobox', { name: 'Account' })
  expect(await account.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe('0: 0xf39F…2266')
  await approve.click()
  await expect(dock.getByRole('button', { name: 'Dev wallets' })).toHaveAttribute('aria-expanded', 'false')
})

test('the page and the dock follow the modal’s theme mode as it changes, and the system’s colour scheme without ?theme=', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await openDemo(page)
  const dock = page.getByTestId('dev-wallet-dock')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  await expect(dock).toHaveAttribute('data-theme', 'dark')
  await expect(walletPanel(page)).not.toHaveCSS('background-color', 'rgb(255, 255, 255)')
  await page.evaluate(() => (window as any).latchkey.setThemeMode('light'))
  await expect(dock).toHaveAttribute('data-theme', 'light')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  await expect(walletPanel(page)).toHaveCSS('background-color', 'rgb(255, 255, 255)')
  // The system turns light, then dark again: the modal, the page and the dock follow. The page must have seen the light
  // scheme (its change event) before the dark one: two emulations within one of its frames are no change at all.
  await page.evaluate(() => {
    const w = window as unknown as { schemeChanges: boolean[] }
    w.schemeChanges = []
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', (event) => w.schemeChanges.push(event.matches))
  })
  await page.emulateMedia({ colorScheme: 'light' })
  await page.waitForFunction(() => (window as unknown as { schemeChanges: boolean[] }).schemeChanges.length === 1)
  await expect(dock).toHaveAttribute('data-theme', 'light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(dock).toHaveAttribute('data-theme', 'dark')
  expect(await page.evaluate(() => (window as any).latchkey.getTheme().themeMode)).toBe('dark')
})

test('the page uses the connection: the state reads as namespace, CAIP-10 address, network and balance, the raw JSON is folded away, and Send ETH pays through the wallet', async ({ page }) => {
  await openConnected(page)
  const connection = page.getByRole('region', { name: 'Live state' })
  await expect(page.getByTestId('state-namespace')).toHaveText('eip155')
  await expect(page.getByTestId('state-caip-address')).toHaveText(/^eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266$/)
  await expect(connection.locator('pre')).toBeHidden()
  await connection.getByText('Raw state (JSON)').click()
  await expect(connection.locator('pre')).toContainText('"activeNamespace": "eip155"')

  const to = freshAddress()
  const actions = page.getByRole('region', { name: 'Wallet actions' })
  await actions.getByRole('textbox', { name: 'Recipient' }).fill(to)
  await actions.getByRole('textbox', { name: 'Amount (ETH)' }).fill('0.002')
  await actions.getByRole('button', { name: 'Send ETH' }).click()
  await approveWalletRequest(page, 'Send transaction?')
  await expect(page.getByTestId('evm-tx-hash')).toHaveText(/^0x[0-9a-f]{64}$/)
  await expect.poll(() => anvilBalanceWei(to)).toBe(2_000_000_000_000_000n)
})

test.describe('mobile wallet page 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, userAgent: phoneUserAgent })

  test('its form is laid out cleanly: full-width URI field, aligned controls, no sideways overflow', async ({ page }) => {
    await page.goto('/mobile-wallet.html')
    const uri = page.getByRole('textbox', { name: 'WalletConnect URI' })
    await expect(uri).toBeVisible()
    const form = await page.locator('main').boundingBox()
    const field = await uri.boundingBox()
    // The field spans the card's content box (its padding aside).
    expect(field!.width).toBeGreaterThan(form!.width - 48)
    const pair = await page.getByRole('button', { name: 'Pair' }).boundingBox()
    expect(pair!.height).toBeGreaterThanOrEqual(40)
    const chain = await page.getByRole('combobox', { name: 'Wallet chain' }).boundingBox()
    expect(chain!.width).toBeGreaterThan(form!.width - 48)
    expect(chain!.height).toBeGreaterThanOrEqual(40)
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    if (shots) await page.screenshot({ path: `${shots}/mobile-wallet-light.png`, fullPage: true })
  })
})
