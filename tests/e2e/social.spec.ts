/**
 * Social logins from the dapp's side, in Chromium against the e2e stack: the demo with `embeddedWallet`
 * (on by default), the secure site and the real OpenID Connect provider (`dev/oidc`, oidc-provider).
 * Nothing is mocked in the browser: the popup goes to the provider's sign-in page, a development user is chosen, the
 * provider redirects to the secure site, which exchanges the code (PKCE), verifies the ID token and sends the popup
 * back to the dapp with `result_uri`; the dapp's poll (1000 ms) reads it, closes the popup and connects.
 * Screenshots with SHOTS_DIR=<dir>.
 */
import type { Page } from '@playwright/test'
import { accountButton, dialog, expect, liveState, openCleanDemo, openConnectDialog, test as base } from './fixtures.ts'
import { resumeDisconnected, withSharedPage } from './sharedPage.ts'
import { OIDC_URL } from './stack.ts'

const test = base.extend<{ demo: Page }>({
  demo: async ({ page }, use) => {
    await openCleanDemo(page, '/')
    await use(page)
  },
})

const shots = process.env.SHOTS_DIR
const oidc = OIDC_URL

/** Chooses `provider` in Connect; the popup opens at once (in the click), goes to the provider's sign-in page. */
async function openPopup(page: Page, provider: string) {
  const connect = await openConnectDialog(page)
  const [popup] = await Promise.all([page.waitForEvent('popup'), connect.getByRole('button', { name: `Continue with ${provider}` }).click()])
  await expect(popup.getByRole('heading', { name: `Sign in with ${provider}` })).toBeVisible({ timeout: 20_000 })
  expect(popup.url().startsWith(`${oidc}/interaction/`)).toBe(true)
  return { connect, popup }
}

/**
 * The start of the social logins on the shared page: a fresh page opens the demo clean; on a page a test before used,
 * the user that test signed in is disconnected from Account (which signs the embedded wallet out), then the start is
 * asserted (resumeDisconnected: no dialog, no wallet request, no toast, disconnected).
 */
async function startDisconnected(page: Page): Promise<void> {
  if (page.url() === 'about:blank') {
    await openCleanDemo(page, '/')
    return
  }
  if ((await liveState(page).status.textContent()) === 'connected') {
    if ((await dialog(page, 'Account').count()) === 0) await accountButton(page).address.click()
    await dialog(page, 'Account').getByRole('button', { name: 'Disconnect', exact: true }).click()
    await expect(liveState(page).status).toHaveText('disconnected')
  }
  await resumeDisconnected(page)
  expect(await page.evaluate(() => (window as any).latchkey.getState().account.user ?? null)).toBeNull()
}

// Three logins on one page, one after the other (startDisconnected at each).
test.describe('one page, one login after the other', () => {
  const shared = withSharedPage(test)

  shared('google in the popup: the provider’s sign-in page, a development user, connected; the Account shows the username', async ({ page }) => {
    await startDisconnected(page)
    const { connect, popup } = await openPopup(page, 'Google')
    // Spec §9: the popup is 600×800.
    expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([600, 800])
    await expect(connect.getByText('Continue in the Google window')).toBeVisible()
    if (shots) {
      await page.screenshot({ path: `${shots}/connect-waiting.png` })
      await popup.screenshot({ path: `${shots}/provider-google.png` })
    }
    const closed = popup.waitForEvent('close')
    await popup.getByRole('button', { name: 'Continue as ada.lovelace' }).click()
    await closed
    await expect(accountButton(page).address).toBeVisible({ timeout: 30_000 })
    await expect(accountButton(page).balance).toContainText('ETH', { timeout: 20_000 })
    // Spec §3 account state: socialProvider and user; connectedWalletInfo names the auth connector and the provider; the account is labelled by its type.
    const account = await page.evaluate(() => (window as any).latchkey.getState().account)
    expect(account).toMatchObject({ connectorId: 'auth', socialProvider: 'google', user: { username: 'ada.lovelace' }, connectedWalletInfo: { identifier: 'auth', social: 'google' } })
    expect(account.addressLabels?.[account.address]).toMatch(/^(EOA|Smart Account)$/)
    await accountButton(page).address.click()
    await expect(page.getByTestId('account-social-username')).toHaveText('ada.lovelace')
    if (shots) await page.screenshot({ path: `${shots}/account-google.png` })
  })

  shared('discord in the popup: the username ending in 0 loses it on the Account (alice#0 → alice)', async ({ page }) => {
    await startDisconnected(page)
    const { popup } = await openPopup(page, 'Discord')
    await popup.getByRole('button', { name: 'Continue as alice#0' }).click()
    await expect(accountButton(page).address).toBeVisible({ timeout: 30_000 })
    await accountButton(page).address.click()
    await expect(page.getByTestId('account-social-username')).toHaveText('alice')
  })

  shared('the popup closed by the visitor: a clear message, the choice offered again, and it still works', async ({ page }) => {
    await startDisconnected(page)
    const { connect, popup } = await openPopup(page, 'Google')
    await popup.close()
    await expect(connect.getByTestId('social-error')).toHaveText('The sign-in window was closed. Choose a way to connect again.', { timeout: 5_000 })
    // Nothing lost: the email field and the providers are there, the page still disconnected.
    await expect(connect.getByRole('textbox', { name: 'Email' })).toBeVisible()
    await expect(page.evaluate(() => (window as any).latchkey.getState().account.status)).resolves.toBe('disconnected')
    const [again] = await Promise.all([page.waitForEvent('popup'), connect.getByRole('button', { name: 'Continue with Google' }).click()])
    await again.getByRole('button', { name: 'Continue as grace.hopper' }).click()
    await expect(accountButton(page).address).toBeVisible({ timeout: 30_000 })
  })
})

test('the popup opens inside the click itself (no asynchronous gap before window.open, which Safari would block), 600×800', async ({ demo: page }) => {
  // Marks the click's dispatch: set in the first capture listener, cleared in the last bubble listener; window.open
  // records whether it ran in between. The first click of the page (the social login's code not fetched yet).
  await page.evaluate(() => {
    const w = window as any
    w.__opens = []
    let inClick = false
    document.addEventListener('click', () => void (inClick = true), { capture: true })
    window.addEventListener('click', () => void (inClick = false))
    const open = window.open.bind(window)
    window.open = (url?: string | URL, target?: string, features?: string) => {
      w.__opens.push({ inClick, features })
      return open(url, target, features)
    }
  })
  const connect = await openConnectDialog(page)
  const [popup] = await Promise.all([page.waitForEvent('popup'), connect.getByRole('button', { name: 'Continue with Google' }).click()])
  const opens = (await page.evaluate(() => (window as any).__opens)) as Array<{ inClick: boolean; features: string }>
  expect(opens).toHaveLength(1)
  expect(opens[0]!.inClick).toBe(true)
  expect(opens[0]!.features).toMatch(/width=600,height=800/)
  await expect(popup.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible({ timeout: 20_000 })
  await connect.getByRole('button', { name: 'Cancel' }).click()
  await expect(connect.getByRole('button', { name: 'Continue with Google' })).toBeVisible()
})

test('popups blocked: the page itself goes to the provider and comes back; result_uri is read and removed', async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null
  })
  await openCleanDemo(page, '/')
  const connect = await openConnectDialog(page)
  await connect.getByRole('button', { name: 'Continue with Google' }).click()
  await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible({ timeout: 20_000 })
  await page.getByRole('button', { name: 'Continue as grace.hopper' }).click()
  await expect(accountButton(page).address).toBeVisible({ timeout: 30_000 })
  // Back on the demo's own address (email login is on by default: no `?email=1` any more), result_uri removed.
  const url = new URL(page.url())
  expect(url.pathname).toBe('/')
  expect(url.searchParams.has('result_uri')).toBe(false)
  await accountButton(page).address.click()
  await expect(page.getByTestId('account-social-username')).toHaveText('grace.hopper')
})

test('Telegram mini-app (Android): facebook and x are not offered; login by redirect, the return read and removed', async ({ page }) => {
  await page.addInitScript(() => {
    ;(window as any).Telegram = { WebApp: { platform: 'android', initData: '' } }
  })
  await openCleanDemo(page, '/')
  const connect = await openConnectDialog(page)
  await expect(connect.getByRole('button', { name: 'Continue with Google' })).toBeVisible()
  await expect(connect.getByRole('button', { name: 'Continue with Discord' })).toBeVisible()
  await expect(connect.getByRole('button', { name: 'Continue with Facebook' })).toHaveCount(0)
  await expect(connect.getByRole('button', { name: 'Continue with X' })).toHaveCount(0)
  let popups = 0
  page.on('popup', () => void popups++)
  await connect.getByRole('button', { name: 'Continue with Discord' }).click()
  await expect(page.getByRole('heading', { name: 'Sign in with Discord' })).toBeVisible({ timeout: 20_000 })
  await page.getByRole('button', { name: 'Continue as bob_builder' }).click()
  await expect(accountButton(page).address).toBeVisible({ timeout: 30_000 })
  expect(new URL(page.url()).searchParams.has('result_uri')).toBe(false)
  expect(popups).toBe(0)
})

test('a refusal coming back in the address (social_error) is shown in Connect, logged, and removed from the address', async ({ page }) => {
  // The page's first load is the return with the error (the demo's own load before it was a second load for nothing).
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.goto('/?social_error=Sign-in%20refused%3A%20the%20ID%20token%E2%80%99s%20nonce%20does%20not%20match')
  const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(connect.getByTestId('social-error')).toHaveText('Sign-in refused: the ID token’s nonce does not match', { timeout: 20_000 })
  expect(new URL(page.url()).searchParams.has('social_error')).toBe(false)
  // Spec §8: the failed (Telegram or redirect) social login is logged.
  await expect.poll(() => errors).toContain('[latchkey] Social login failed: Sign-in refused: the ID token’s nonce does not match')
})

test('screenshots: the socials on Connect (desktop and phone, light and dark)', async ({ demo: page }) => {
  test.skip(!shots, 'SHOTS_DIR not set')
  for (const [w, h] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: w, height: h })
      await page.emulateMedia({ colorScheme: scheme })
      await openCleanDemo(page, '/')
      await openConnectDialog(page)
      await page.screenshot({ path: `${shots}/connect-socials-${w}-${scheme}.png` })
    }
  }
})

test('Telegram mini-app (iOS, by its WebApp global): google is not offered', async ({ page }) => {
  await page.addInitScript(() => {
    ;(window as any).Telegram = { WebApp: { platform: 'ios', initData: '' } }
  })
  await openCleanDemo(page, '/')
  const connect = await openConnectDialog(page)
  await expect(connect.getByRole('button', { name: 'Continue with X' })).toBeVisible()
  await expect(connect.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0)
  await expect(connect.getByRole('button', { name: 'Continue with Facebook' })).toHaveCount(1)
})

test.describe('Telegram’s Android webview, known by its user agent only', () => {
  test.use({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 Telegram-Android/11.2.1 (Google Pixel 8; Android 14; SDK 34; HIGH)' })
  test('facebook and x are not offered', async ({ page }) => {
    await openCleanDemo(page, '/')
    const connect = await openConnectDialog(page)
    await expect(connect.getByRole('button', { name: 'Continue with Google' })).toBeVisible()
    await expect(connect.getByRole('button', { name: 'Continue with Facebook' })).toHaveCount(0)
    await expect(connect.getByRole('button', { name: 'Continue with X' })).toHaveCount(0)
  })
})
