/**
 * Every wait has an end (spec §9 "RPC default timeout 10 s"; §4 "Wallet pairing"; §8 'Token Balance Unavailable'), in
 * Chromium against the demo, with the network failing the way real networks fail:
 * - the blockchain API accepts the balance request and never answers (`page.route` holds it): after the account
 *   load timeout the Tokens tab says 'Token Balance Unavailable' with a Try again, disabled for the 30 s back-off
 *   (spec §4, §9), that loads the balances once the API answers again;
 * - the WalletConnect relay accepts the socket and stays silent (`page.routeWebSocket`, no server behind it): after the
 *   URI timeout the WalletConnect view says so with Try again; with the relay restored, Try again shows a QR code.
 *
 * The page's clock is installed (`page.clock`) and moved past each bound instead of waiting real seconds. With
 * `SHOTS_DIR=<dir>` each error state is photographed light and dark, desktop (1280×800) and phone (390×844).
 */
import type { Page, Route, WebSocketRoute } from '@playwright/test'
import { accountButton, connectButton, connectDevWallet, dialog, expect, openCleanDemo, test } from './fixtures.ts'
import { RELAY_URL } from './stack.ts'
import { timing } from '../../machines/timing.ts'
import { enShell } from '../../ui/locales/en.shell.ts'

const shots = process.env.SHOTS_DIR

async function shoot(page: Page, name: string, view: ReturnType<typeof dialog>) {
  if (!shots) return
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' })
    await page.evaluate((mode) => (window as any).latchkey.setThemeMode(mode), theme)
    for (const [device, size] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size)
      await expect(view).toBeVisible()
      await page.screenshot({ path: `${shots}/${name}-${device}-${theme}.png` })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.evaluate(() => (window as any).latchkey.setThemeMode('light'))
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('the balance API never answers: after the load timeout "Token Balance Unavailable" with Try again, usable after 30 s, loads the balances once the API answers', async ({ page }) => {
  test.setTimeout(120_000)
  await page.clock.install()
  await openCleanDemo(page)
  // The reference API's balance route: held (never answered) until released.
  let released = false
  const heldRoutes: Route[] = []
  await page.route(
    (url) => /\/blockchain\/v1\/account\/[^/]+\/balance$/.test(url.pathname),
    async (route) => {
      if (released) return route.continue()
      heldRoutes.push(route)
    },
  )
  await connectDevWallet(page)
  await accountButton(page).address.click()
  const account = dialog(page, 'Account')
  const panel = account.getByRole('tabpanel')
  await expect(panel).toContainText('Loading…')
  await expect.poll(() => heldRoutes.length).toBeGreaterThan(0)
  // Past the bound: the visitor is told, and the retry waits out the back-off.
  await page.clock.fastForward(timing.accountLoadTimeout + 1_000)
  await expect(panel).toContainText('Token Balance Unavailable')
  const retry = panel.getByRole('button', { name: 'Try again' })
  await expect(retry).toBeDisabled()
  await shoot(page, 'balance-unavailable-cooling', account)
  await page.clock.fastForward(timing.balanceRetry)
  await expect(retry).toBeEnabled()
  await shoot(page, 'balance-unavailable-retry', account)
  // The API answers again: Try again loads the balances.
  released = true
  await retry.click()
  await expect(panel).toContainText('Dev Token')
  await expect(panel).not.toContainText('Token Balance Unavailable')
})

test('a relay that accepts the socket and stays silent: the WalletConnect view says so with Try again; with the relay back, Try again shows a QR code', async ({ page }) => {
  test.setTimeout(120_000)
  await page.clock.install()
  let restored = false
  const silent: WebSocketRoute[] = []
  await page.routeWebSocket(
    (url) => url.href.startsWith(RELAY_URL),
    (ws) => {
      if (restored) return void ws.connectToServer()
      // Accepted, never answered: no server behind it, every frame the page sends is dropped.
      silent.push(ws)
    },
  )
  await openCleanDemo(page)
  await connectButton(page).click()
  await dialog(page, 'Connect Wallet').getByRole('button', { name: 'WalletConnect', exact: true }).click()
  const view = dialog(page, 'WalletConnect')
  await expect(view).toContainText('Preparing the QR code…')
  await expect.poll(() => silent.length).toBeGreaterThan(0)
  await page.clock.fastForward(timing.pairingUriTimeout + 1_000)
  await expect(view).toContainText(enShell.errors.byName.PairingTimeoutError!)
  const retry = view.getByRole('button', { name: 'Try again' })
  await expect(retry).toBeEnabled()
  await expect(view.getByTestId('pairing-qr')).toHaveCount(0)
  await shoot(page, 'pairing-timeout', view)
  // The relay is back: the silent sockets close, the provider reconnects through the real relay, Try again pairs.
  restored = true
  for (const ws of silent) await ws.close()
  await retry.click()
  await expect(view.getByTestId('pairing-qr')).toBeVisible({ timeout: 30_000 })
  await expect(view).not.toContainText(enShell.errors.byName.PairingTimeoutError!)
})
