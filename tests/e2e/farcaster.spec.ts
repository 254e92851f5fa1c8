/**
 * Farcaster login from the dapp's side, in Chromium against the e2e stack: the demo with `embeddedWallet`
 * (`?email=1`), the secure site with its Farcaster relay, the fid registry on the anvils, and the development
 * mobile wallet page (`/mobile-wallet.html?farcaster=<url>`, a second page) as the Farcaster client signing with anvil
 * dev account 0, the custody address of fid 1. Screenshots with SHOTS_DIR=<dir>.
 */
import type { Page } from '@playwright/test'
import { accountButton, expect, openCleanDemo, test as base, openConnectDialog } from './fixtures.ts'
import { SECURE_SITE_URL } from './stack.ts'
import { requestsFlushed, untilSettled } from './settle.ts'
import { resumeDisconnected, withSharedPage } from './sharedPage.ts'

const test = base.extend<{ demo: Page }>({
  demo: async ({ page }, use) => {
    await openCleanDemo(page, '/?email=1')
    await use(page)
  },
})

const shots = process.env.SHOTS_DIR

/** Chooses Farcaster among Connect's socials: ConnectingFarcaster with the request's QR code and link. */
async function openFarcaster(page: Page) {
  const connect = await openConnectDialog(page)
  await connect.getByRole('button', { name: 'Continue with Farcaster' }).click()
  await expect(page.getByRole('dialog', { name: 'Farcaster' })).toBeVisible()
  const link = page.getByTestId('farcaster-link')
  await expect(link).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('farcaster-qr')).toBeVisible()
  const url = (await link.getAttribute('href'))!
  expect(url).toMatch(/^farcaster:\/\/connect\?channelToken=/)
  return url
}

/** The development mobile wallet opened by the deep link, with its request shown. */
async function walletFor(page: Page, url: string) {
  const wallet = await page.context().newPage()
  await wallet.goto(`/mobile-wallet.html?farcaster=${encodeURIComponent(url)}`)
  await expect(wallet.getByTestId('mw-farcaster-request')).toContainText('asks you to sign in with fid 1', { timeout: 20_000 })
  return wallet
}

const secure = SECURE_SITE_URL

/**
 * Leaves ConnectingFarcaster while not connected with `leave` (Back, or the modal's Close) and waits for what that
 * starts (spec §2): the auth connector's frame page reloaded 100 ms later, loaded again (listening, FRAME_READY sent).
 * A pick in that window waits for the reloaded page before it asks (the test "Farcaster picked again while the frame page reloads"
 * checks it); the shared tests wait here so that each ends once what it started has ended and the next starts on a
 * page at rest.
 */
async function leaveFarcaster(page: Page, leave: () => Promise<void>): Promise<void> {
  const reloaded = page.waitForEvent('framenavigated', { predicate: (frame) => frame !== page.mainFrame() && frame.url().startsWith(`${secure}/frame`), timeout: 15_000 })
  await leave()
  await (await reloaded).waitForLoadState('load')
}

/**
 * The start of the tests on the shared page: the demo with `?email=1` opened clean on a fresh page; on a page a test
 * before used, that test's modal closed (on ConnectingFarcaster, the auth connector's reload that starts waited for:
 * {@link leaveFarcaster}), then the start asserted (resumeDisconnected: no dialog, no wallet request, no toast,
 * disconnected).
 */
async function startDisconnected(page: Page): Promise<void> {
  if (page.url() === 'about:blank') {
    await openCleanDemo(page, '/?email=1')
    return
  }
  expect(new URL(page.url()).search).toBe('?email=1')
  const farcaster = page.getByRole('dialog', { name: 'Farcaster' })
  if ((await farcaster.count()) > 0) await leaveFarcaster(page, () => farcaster.getByRole('button', { name: 'Close', exact: true }).click())
  await resumeDisconnected(page)
}

// One page for the journeys from a disconnected start (startDisconnected at each): the ones that leave a request
// unsigned first, the signed-in one last.
test.describe('on one page', () => {
  const shared = withSharedPage(test)

  shared('Back from ConnectingFarcaster: Connect again, the request dropped', async ({ page }) => {
    await startDisconnected(page)
    await openFarcaster(page)
    // Leaving reloads the auth connector: the test ends once it has, so the next one's request goes to the new page.
    await leaveFarcaster(page, () => page.getByRole('button', { name: 'Back', exact: true }).click())
    await expect(page.getByRole('button', { name: 'Continue with Farcaster' })).toBeVisible()
    expect(await page.evaluate(() => (window as any).latchkey.getState().account.status)).toBe('disconnected')
  })

  shared('a signature of another custody address is refused with a clear message, on both sides; Try again gives a new request', async ({ page }) => {
    await startDisconnected(page)
    const url = await openFarcaster(page)
    const wallet = await walletFor(page, url)
    // Dev account 0 (fid 1's custody) claims fid 2, held by dev account 1.
    await wallet.getByRole('spinbutton', { name: 'Fid' }).fill('2')
    await wallet.getByRole('button', { name: 'Sign in with Farcaster' }).click()
    const words = 'Sign-in refused: 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 is not the custody address of fid 2'
    await expect(wallet.getByTestId('mw-error')).toHaveText(words, { timeout: 20_000 })
    await expect(page.getByTestId('farcaster-error')).toHaveText(words, { timeout: 20_000 })
    if (shots) await page.screenshot({ path: `${shots}/connecting-farcaster-refused.png` })
    expect(await page.evaluate(() => (window as any).latchkey.getState().account.status)).toBe('disconnected')
    await page.getByRole('button', { name: 'Try again' }).click()
    const again = (await page.getByTestId('farcaster-link').getAttribute('href'))!
    expect(again).not.toBe(url)
  })

  shared('leaving ConnectingFarcaster while not connected (spec §2): the URL cleared, the auth connector (the frame) reloaded after 100 ms, the old request connects nothing', async ({ page }) => {
    await startDisconnected(page)
    test.setTimeout(90_000)
    const url = await openFarcaster(page)
    // The secure frame's page loads: each load after this one is a reload of the auth connector.
    const loads: number[] = []
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame() && frame.url().startsWith(`${secure}/frame`)) loads.push(Date.now())
    })
    // The frame learns of a signed request only by polling the secure site (POST /api/connect-farcaster).
    const polls: number[] = []
    page.on('request', (r) => {
      if (r.url().startsWith(`${secure}/api/connect-farcaster`)) polls.push(Date.now())
    })
    const left = Date.now()
    await page.getByRole('button', { name: 'Back', exact: true }).click()
    await expect(page.getByRole('button', { name: 'Continue with Farcaster' })).toBeVisible()
    await expect.poll(() => loads.length, { timeout: 10_000 }).toBe(1)
    expect(loads[0]! - left).toBeGreaterThanOrEqual(100)

    // The old request, signed now by fid 1's custody address, no longer reaches the dapp: the reloaded frame dropped it.
    const wallet = await walletFor(page, url)
    await wallet.getByRole('button', { name: 'Sign in with Farcaster' }).click()
    await expect(wallet.getByTestId('mw-farcaster-status')).toHaveText('Signed in as fid 1', { timeout: 20_000 })
    // The reloaded frame holds no request: it has not polled since it loaded, so the signature cannot reach the dapp.
    await requestsFlushed(page, `${secure}/health`)
    expect(polls.filter((t) => t >= loads[0]!)).toEqual([])
    expect(await page.evaluate(() => (window as any).latchkey.getState().account.status)).toBe('disconnected')
    await wallet.close()

    // Coming back starts a new request: the cleared URL never shows again.
    await page.getByRole('button', { name: 'Continue with Farcaster' }).click()
    const link = page.getByTestId('farcaster-link')
    await expect(link).toBeVisible({ timeout: 20_000 })
    expect(await link.getAttribute('href')).not.toBe(url)
  })

  shared('Farcaster via the development mobile wallet: the custody address of fid 1 signs, the user’s embedded wallet connects', async ({ page }) => {
    await startDisconnected(page)
    const url = await openFarcaster(page)
    if (shots) await page.screenshot({ path: `${shots}/connecting-farcaster.png` })
    const wallet = await walletFor(page, url)
    await wallet.getByRole('textbox', { name: 'Farcaster username' }).fill('alice')
    await wallet.getByRole('button', { name: 'Sign in with Farcaster' }).click()
    await expect(wallet.getByTestId('mw-farcaster-status')).toHaveText('Signed in as fid 1', { timeout: 20_000 })
    if (shots) await wallet.screenshot({ path: `${shots}/mobile-wallet-farcaster.png` })
    await expect(accountButton(page).address).toBeVisible({ timeout: 30_000 })
    const account = await page.evaluate(() => (window as any).latchkey.getState().account)
    expect(account).toMatchObject({ connectorId: 'auth', socialProvider: 'farcaster', user: { username: 'alice' } })
    // The embedded wallet is the user's own (a server-side key), not the custody address that signed.
    expect(String(account.address).toLowerCase()).not.toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')
  })
})

test('Farcaster picked again while the frame page reloads after Back: the request waits for the reloaded page, whose link signs in', async ({ demo: page }) => {
  test.setTimeout(90_000)
  await openFarcaster(page)
  // The frame page's reload (spec §2: 100 ms after leaving) held until Farcaster is picked again.
  let reloading!: () => void
  const reloadRequested = new Promise<void>((resolve) => (reloading = resolve))
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const framePage = (url: URL) => url.origin === new URL(secure).origin && url.pathname === '/frame'
  await page.route(
    framePage,
    async (route) => {
      reloading()
      await released
      await route.continue()
    },
    { times: 1 },
  )
  await page.getByRole('button', { name: 'Back', exact: true }).click()
  await reloadRequested
  await page.getByRole('button', { name: 'Continue with Farcaster' }).click()
  await expect(page.getByRole('dialog', { name: 'Farcaster' })).toBeVisible()
  release()
  // The request goes to the reloaded page: its link shows, and signing it connects (the page that went away polled nothing).
  const link = page.getByTestId('farcaster-link')
  await expect(link).toBeVisible({ timeout: 20_000 })
  const wallet = await walletFor(page, (await link.getAttribute('href'))!)
  await wallet.getByRole('button', { name: 'Sign in with Farcaster' }).click()
  await expect(wallet.getByTestId('mw-farcaster-status')).toHaveText('Signed in as fid 1', { timeout: 20_000 })
  await expect(accountButton(page).address).toBeVisible({ timeout: 30_000 })
  expect(await page.evaluate(() => (window as any).latchkey.getState().account)).toMatchObject({ connectorId: 'auth', socialProvider: 'farcaster' })
})

test.describe('on a phone', () => {
  const iPhoneUserAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, userAgent: iPhoneUserAgent })

  test('ConnectingFarcaster in the bottom sheet: the QR code and the deep link fit the width, the link opens the farcaster:// request', async ({ demo: page }) => {
    const url = await openFarcaster(page)
    const sheet = page.getByRole('dialog', { name: 'Farcaster' })
    const box = (await sheet.boundingBox())!
    expect(box.width).toBeLessThanOrEqual(390)
    for (const part of [page.getByTestId('farcaster-qr'), page.getByTestId('farcaster-link')]) {
      await part.scrollIntoViewIfNeeded()
      const b = (await part.boundingBox())!
      expect(b.x).toBeGreaterThanOrEqual(0)
      expect(b.x + b.width).toBeLessThanOrEqual(390)
      await expect(part).toBeInViewport()
    }
    // Nothing overflows sideways.
    expect(await sheet.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    await expect(page.getByTestId('farcaster-link')).toHaveAttribute('href', url)
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible()
    for (const theme of shots ? (['light', 'dark'] as const) : []) {
      await page.evaluate((mode) => (window as any).latchkey.setThemeMode(mode), theme)
      await untilSettled(page)
      await page.screenshot({ path: `${shots}/connecting-farcaster-phone-${theme}.png` })
    }
  })
})
