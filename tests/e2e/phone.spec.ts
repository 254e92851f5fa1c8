/**
 * Phones, on a phone's viewport (390×844), touch and a mobile Safari user agent, so the modal takes
 * its phone platform from the user agent as on a real phone (ui/createModal.ts `resolvePlatform`):
 * - the modal is a bottom sheet (full width, on the bottom edge);
 * - nothing overflows sideways at 320 px, in every view a visitor reaches;
 * - no QR-only route: Connect's WalletConnect row leads to All Wallets, a directory wallet shows "Continue in …" and
 *   an Open link, never a QR code;
 * - the Open link opens from the tap itself (the wallet page opens as the tap's popup) and the development mobile
 *   wallet's approval over the loopback relay connects the dapp;
 * - when nothing opens (a native scheme no app handles), "Copy link" and "Get the app" show after
 *   `timing.deepLinkFallbackDelay`; when the page went hidden (the app took the screen) they do not.
 * Screenshots of the sheet (light and dark) go to SHOTS_DIR=<dir> when it is set.
 */
import type { Locator, Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { timing } from '../../machines/timing.ts'
import { ACCOUNT_0, accountButton, anvilBalanceWei, anyDialog, approveWalletRequest, connectButton, dialog, expect, liveState, openCleanDemo, setAnvilBalance, setAnvilBalanceWei, test } from './fixtures.ts'
import { untilSettled } from './settle.ts'
import { resumeDisconnected, withSharedPage } from './sharedPage.ts'

const shots = process.env.SHOTS_DIR
if (shots) mkdirSync(shots, { recursive: true })

/** An iPhone's Safari, driven in Chromium: the viewport, touch and user agent a phone gives the page. */
const iPhoneUserAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, userAgent: iPhoneUserAgent })

/** The demo with clean storage (`query` may carry its parameters), the modal not open yet: the shared fixture, on a phone. */
function openPhoneDemo(page: Page, query = ''): Promise<void> {
  return openCleanDemo(page, `/${query}`)
}

/** Taps the page's Connect Wallet button; returns the Connect dialog. */
async function openConnect(page: Page): Promise<Locator> {
  await connectButton(page).tap()
  const connect = dialog(page, 'Connect Wallet')
  await expect(connect).toBeVisible()
  return connect
}

/** The dialog's box once its entrance is over (the sheet slides up): the page at rest, see tests/e2e/settle.ts. */
async function settledDialogBox(page: Page) {
  await untilSettled(page)
  return (await anyDialog(page).boundingBox())!
}

/**
 * How far the page and the open dialog reach sideways: the page's and the dialog's scroll widths, and every element
 * of the dialog that sticks out of it (a clipped overflow — `.lk-sizer` hides its own — does not show in scrollWidth).
 * `null` when no dialog is open (the caller's expectation says so; a class of ours cannot be thrown inside the page).
 */
function sideways(page: Page) {
  return page.evaluate(() => {
    const host = document.querySelector('[data-testid="latchkey-modal"]')
    const dlg = host?.shadowRoot?.querySelector('[role="dialog"]') as HTMLElement | null | undefined
    if (!dlg) return null
    const box = dlg.getBoundingClientRect()
    const outside = [...dlg.querySelectorAll('*')]
      .filter((el) => {
        const r = el.getBoundingClientRect()
        return r.width > 0 && r.height > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5)
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 30)}"`)
    return { pageScrollWidth: document.scrollingElement!.scrollWidth, dialogScrollWidth: dlg.scrollWidth, dialogClientWidth: dlg.clientWidth, outside }
  })
}

/** Expects no sideways overflow at 320 px in the view shown now (`name` for the message). */
async function expectNoOverflow(page: Page, name: string): Promise<void> {
  await untilSettled(page)
  const measured = await sideways(page)
  expect(measured, `${name}: the modal's dialog is open`).not.toBeNull()
  const m = measured!
  expect(m.pageScrollWidth, `${name}: the page's scroll width`).toBeLessThanOrEqual(320)
  expect(m.dialogScrollWidth, `${name}: the dialog's scroll width`).toBeLessThanOrEqual(m.dialogClientWidth)
  expect(m.outside, `${name}: elements sticking out of the dialog`).toEqual([])
  if (shots) await page.screenshot({ path: `${shots}/320-${name}.png` })
}

/**
 * Expects the page's account button (avatar, balance, address) to fit the screen on one line: every text of it on a
 * single line box, all on the same line, the button inside the viewport and no wider than the page.
 */
async function expectAccountButtonFits(page: Page, width: number): Promise<void> {
  const m = await accountButton(page).address.evaluate((address) => {
    const button = address.closest('button')!
    const b = button.getBoundingClientRect()
    // The line boxes of the button's text: a range over a text node gives one rectangle per line it takes.
    const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT)
    const lines: number[] = []
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if ((node.textContent ?? '').trim() === '') continue
      const range = document.createRange()
      range.selectNodeContents(node)
      lines.push(...[...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map((r) => Math.round(r.top)))
    }
    const text = [...button.querySelectorAll('span')]
      .map((s) => (s.textContent ?? '').trim())
      .filter(Boolean)
      .join(' | ')
    return { left: b.left, right: b.right, text, lines: [...new Set(lines)], pageScrollWidth: document.scrollingElement!.scrollWidth }
  })
  expect(m.lines.length, `the account button's text "${m.text}" on one line (line tops: ${m.lines.join(', ')})`).toBe(1)
  expect(m.left).toBeGreaterThanOrEqual(0)
  expect(m.right).toBeLessThanOrEqual(width)
  expect(m.pageScrollWidth).toBeLessThanOrEqual(width)
}

test('the modal is a bottom sheet on a phone: full width, on the bottom edge, top corners rounded; screenshots light and dark', async ({ page }) => {
  for (const theme of ['light', 'dark'] as const) {
    await openPhoneDemo(page, theme === 'dark' ? '?theme=dark' : '')
    await openConnect(page)
    const box = await settledDialogBox(page)
    expect(box.x).toBe(0)
    expect(box.width).toBe(390)
    expect(Math.abs(box.y + box.height - 844)).toBeLessThanOrEqual(1)
    expect(box.height).toBeLessThanOrEqual(844 * 0.9 + 1)
    const radii = await page.evaluate(() => {
      const dlg = document.querySelector('[data-testid="latchkey-modal"]')!.shadowRoot!.querySelector('[role="dialog"]')!
      const s = getComputedStyle(dlg)
      return [s.borderTopLeftRadius, s.borderTopRightRadius, s.borderBottomLeftRadius, s.borderBottomRightRadius]
    })
    expect(radii[0]).not.toBe('0px')
    expect(radii[1]).not.toBe('0px')
    expect(radii.slice(2)).toEqual(['0px', '0px'])
    if (shots) await page.screenshot({ path: `${shots}/sheet-connect-${theme}.png` })
  }
})

test('the sheet slides up as it enters, and does not under prefers-reduced-motion', async ({ page }) => {
  const animation = () => page.evaluate(() => getComputedStyle(document.querySelector('[data-testid="latchkey-modal"]')!.shadowRoot!.querySelector('[role="dialog"]')!).animationName)
  // Motion is the subject: this page does not prefer reduced motion (the suite's pages do, playwright.config.ts).
  await page.emulateMedia({ reducedMotion: 'no-preference' })
  await openPhoneDemo(page)
  await openConnect(page)
  expect(await animation()).toBe('lk-sheet-up')
  await page.keyboard.press('Escape')
  await expect(anyDialog(page)).toHaveCount(0)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await openConnect(page)
  expect(await animation()).toBe('none')
})

/**
 * A finger on the sheet's handle, through Chromium's own touch input (CDP `Input.dispatchTouchEvent`: touchstart, the
 * pointer events the page listens to, and no mouse emulation): down on the handle, moved `by` px down in steps of
 * 10 px, then after two frames eased back 2 px (its last move goes up: no flick, whatever the machine's speed) before
 * it is lifted. `whileHeld` runs before the finger lifts.
 */
async function dragHandle(page: Page, by: number, whileHeld: () => Promise<void> = async () => {}): Promise<void> {
  const handle = (await page.getByTestId('sheet-handle').boundingBox())!
  const x = handle.x + handle.width / 2
  const y = handle.y + handle.height / 2
  const cdp = await page.context().newCDPSession(page)
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at: number) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y: at }] })
  // Two frames: the moves so far are delivered (Chromium coalesces a frame's pointer moves into one).
  const frames = () => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))
  await touch('touchStart', y)
  for (let moved = 10; moved <= by; moved += 10) await touch('touchMove', y + moved)
  await frames()
  await touch('touchMove', y + by - 2)
  await frames()
  await whileHeld()
  await touch('touchEnd', y + by - 2)
  await cdp.detach()
}

/** The sheet's chart state as the dialog shows it (`data-drag`: resting, dragging, springingBack). */
const dragState = (page: Page) => anyDialog(page).getAttribute('data-drag')

test('the handle is decorative to assistive technology, and a short drag on it moves the sheet with the finger, then springs back into place (motion on)', async ({ page }) => {
  // The spring back is a transition: this page does not prefer reduced motion.
  await page.emulateMedia({ reducedMotion: 'no-preference' })
  await openPhoneDemo(page)
  const connect = await openConnect(page)
  await expect(page.getByTestId('sheet-handle')).toHaveAttribute('aria-hidden', 'true')
  const before = await settledDialogBox(page)
  // 15 % of the sheet's height: short of the 30 % that closes it.
  const by = Math.round((before.height * 0.15) / 10) * 10
  await dragHandle(page, by, async () => {
    expect(await dragState(page)).toBe('dragging')
    const held = (await connect.boundingBox())!
    expect(Math.abs(held.y - (before.y + by - 2))).toBeLessThanOrEqual(1)
  })
  await expect.poll(() => dragState(page)).toBe('resting')
  expect(await connect.boundingBox()).toEqual(before)
  await expect(connect).toBeVisible()
  await expect(liveState(page).status).toHaveText('disconnected')
})

test('a desktop keeps the centred dialog', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await openPhoneDemo(page)
  await connectButton(page).click()
  await expect(dialog(page, 'Connect Wallet')).toBeVisible()
  const box = await settledDialogBox(page)
  expect(box.width).toBeLessThan(600)
  // At least 16 px below it (the margin of the centred dialog at its tallest).
  expect(box.y + box.height).toBeLessThanOrEqual(800 - 16)
  if (shots) await page.screenshot({ path: `${shots}/desktop-connect-light.png` })
  await context.close()
})

// The disconnected phone journeys of the default demo, on one page (withSharedPage), each asserting a fresh page's start
// (resumeDisconnected: no dialog, no wallet request, no toast, disconnected). The late pairing URI holds the
// WalletConnect provider's first fetch: first. The deep link connects: last.
test.describe('disconnected, on one page', () => {
  const shared = withSharedPage(test)

  shared('until the pairing URI is there the Open button is disabled, "Preparing…": the link never opens late', async ({ page }) => {
    // First on its page: the WalletConnect provider's code has not been fetched yet.
    await resumeDisconnected(page)
    // Hold the WalletConnect provider's code back, so the URI is late. The production build names its chunk after
    // nothing recognisable (`dist-*.js`), so the chunk is found by what it holds: the provider's storage prefix.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let heldProvider = false
    await page.route(/\.js(\?|$)/, async (route) => {
      const response = await route.fetch()
      const body = await response.text()
      if (body.includes('universal_provider')) {
        heldProvider = true
        await held
      }
      await route.fulfill({ response, body })
    })
    const connect = await openConnect(page)
    await connect.getByRole('button', { name: 'Latchkey Mobile (dev)', exact: true }).tap()
    const view = dialog(page, 'WalletConnect')
    const preparing = view.getByRole('button', { name: 'Preparing…', exact: true })
    await expect(preparing).toBeVisible()
    await expect(preparing).toBeDisabled()
    await expect(view.getByRole('link', { name: 'Open', exact: true })).toHaveCount(0)
    await expect.poll(() => heldProvider).toBe(true)
    release()
    await expect(view.getByRole('link', { name: 'Open', exact: true })).toBeVisible()
    await expect(preparing).toHaveCount(0)
  })

  shared('no QR-only route on a phone: WalletConnect leads to All Wallets, a directory wallet says "Continue in …" with Open and no QR code', async ({ page }) => {
    await resumeDisconnected(page)
    const connect = await openConnect(page)
    const walletConnect = connect.getByRole('button', { name: 'WalletConnect', exact: true })
    await expect(walletConnect).toBeVisible()
    // No "QR code" tag on a phone.
    await expect(walletConnect).not.toHaveAccessibleDescription('QR code')
    await walletConnect.tap()
    await expect(dialog(page, 'All Wallets')).toBeVisible()
    await dialog(page, 'All Wallets').getByRole('button', { name: 'Back', exact: true }).tap()

    await dialog(page, 'Connect Wallet').getByRole('button', { name: 'Latchkey Mobile (dev)', exact: true }).tap()
    const view = dialog(page, 'WalletConnect')
    await expect(view.getByText('Continue in Latchkey Mobile (dev)', { exact: true })).toBeVisible()
    await expect(view.getByRole('link', { name: 'Open', exact: true })).toBeVisible()
    await expect(view.getByText('Scan this QR code with your phone')).toHaveCount(0)
    await expect(view.getByTestId('pairing-qr')).toHaveCount(0)
    await expect(view.getByRole('img', { name: 'WalletConnect QR code' })).toHaveCount(0)
    if (shots) await page.screenshot({ path: `${shots}/sheet-continue-in.png` })
  })

  shared('a long drag down on the handle closes the modal as its Close button does, focus back on the page; under prefers-reduced-motion too', async ({ page }) => {
    await resumeDisconnected(page)
    await openConnect(page)
    const before = await settledDialogBox(page)
    await dragHandle(page, Math.round((before.height * 0.6) / 10) * 10)
    await expect(anyDialog(page)).toHaveCount(0)
    await expect(connectButton(page)).toBeFocused()
    // The modal opens again in its place, at rest.
    await openConnect(page)
    expect(await settledDialogBox(page)).toEqual(before)
    expect(await dragState(page)).toBeNull()
  })

  shared('connect a directory wallet by its deep link on a phone: the tap opens the wallet, its approval connects the dapp', async ({ page }) => {
    await resumeDisconnected(page)
    const connect = await openConnect(page)
    await connect.getByRole('button', { name: 'Latchkey Mobile (dev)', exact: true }).tap()
    const open = dialog(page, 'WalletConnect').getByRole('link', { name: 'Open', exact: true })
    await expect(open).toBeVisible()
    const href = (await open.getAttribute('href'))!
    expect(href.startsWith(`${new URL(page.url()).origin}/mobile-wallet/wc?uri=wc%3A`)).toBe(true)
    // The wallet opens as the tap's own popup: nothing awaited between the tap and the navigation.
    const [wallet] = await Promise.all([page.waitForEvent('popup'), open.tap()])
    await wallet.waitForLoadState()
    expect(wallet.url()).toBe(href)
    const proposal = wallet.getByRole('region', { name: 'Session proposal' }).first()
    await expect(proposal).toBeVisible()
    await proposal.getByRole('button', { name: 'Approve' }).click()
    await expect(liveState(page).status).toHaveText('connected')
    await expect(anyDialog(page)).toHaveCount(0)
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('@latchkey/deeplink_choice')))!)).toEqual({ href, name: 'Latchkey Mobile (dev)' })
  })
})

test('the plain WalletConnect view on a phone (manual WalletConnect, All Wallets off) offers the link to copy, no QR code', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openPhoneDemo(page, '?manualWalletConnect=1&features=allWallets:off')
  await connectButton(page).tap()
  const view = dialog(page, 'WalletConnect')
  await expect(view.getByText('Copy the link and paste it in your wallet app.', { exact: true })).toBeVisible()
  await expect(view.getByTestId('pairing-qr')).toHaveCount(0)
  await expect(view.getByText('Scan this QR code with your phone')).toHaveCount(0)
  const copyLink = view.getByRole('button', { name: 'Copy link' })
  await expect(copyLink).toBeEnabled()
  await copyLink.tap()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  if (shots) await page.screenshot({ path: `${shots}/sheet-plain-walletconnect.png` })
})

/**
 * No app handles the wallet's native scheme here: the tap's navigation is recorded and stopped in the page (as a phone
 * with the app missing does nothing), so the page stays as it is. Returns the links the taps would have opened.
 */
async function nothingOpens(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { tappedLinks: string[] }
    w.tappedLinks = []
    document.addEventListener(
      'click',
      (e) => {
        const a = e.composedPath().find((n): n is HTMLAnchorElement => n instanceof HTMLAnchorElement)
        if (a?.href.startsWith('metamask:')) {
          w.tappedLinks.push(a.href)
          e.preventDefault()
        }
      },
      { capture: true },
    )
  })
  return () => page.evaluate(() => (window as unknown as { tappedLinks: string[] }).tappedLinks)
}

/** All Wallets → a directory wallet with a native mobile link (`metamask://`, no app installed here). */
async function openNativeWallet(page: Page): Promise<Locator> {
  const connect = await openConnect(page)
  await connect.getByRole('button', { name: 'All Wallets', exact: true }).tap()
  const all = dialog(page, 'All Wallets')
  await all.getByRole('searchbox', { name: 'Search wallet', exact: true }).fill('MetaMask')
  await all.getByRole('button', { name: 'MetaMask', exact: true }).tap()
  const view = dialog(page, 'WalletConnect')
  await expect(view.getByText('Continue in MetaMask', { exact: true })).toBeVisible()
  return view
}

test('when nothing opens, "Copy link" and "Get the app" (the App Store page on an iPhone) show after the fallback delay', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openPhoneDemo(page)
  const tappedLinks = await nothingOpens(page)
  const view = await openNativeWallet(page)
  const open = view.getByRole('link', { name: 'Open', exact: true })
  expect(await open.getAttribute('href')).toMatch(/^metamask:\/\/wc\?uri=wc%3A/)
  await expect(view.getByRole('button', { name: 'Copy link' })).toHaveCount(0)
  const tapped = Date.now()
  await open.tap()
  expect(await tappedLinks()).toEqual([await open.getAttribute('href')])
  const hint = view.getByRole('status').filter({ hasText: 'Nothing opened? Copy the link into MetaMask, or get the app first.' })
  await expect(hint).toBeVisible()
  expect(Date.now() - tapped).toBeGreaterThanOrEqual(timing.deepLinkFallbackDelay - 100)
  expect(new URL(page.url()).pathname).toBe('/')
  const store = view.getByRole('link', { name: 'Get the app', exact: true })
  await expect(store).toHaveAttribute('href', /^https:\/\/apps\.apple\.com\/app\/id\d+$/)
  await expect(store).toHaveAttribute('target', '_blank')
  await view.getByRole('button', { name: 'Copy link' }).tap()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  expect(`metamask://wc?uri=${encodeURIComponent(copied)}`).toBe(await open.getAttribute('href'))
  if (shots) await page.screenshot({ path: `${shots}/sheet-fallback.png` })
})

test('when the app takes the screen (the page goes hidden) no fallback shows', async ({ page }) => {
  // The page's clock is the test's: past the fallback delay at once, without waiting it out.
  await page.clock.install()
  await openPhoneDemo(page)
  await nothingOpens(page)
  const view = await openNativeWallet(page)
  await view.getByRole('link', { name: 'Open', exact: true }).tap()
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  await page.clock.runFor(timing.deepLinkFallbackDelay + 500)
  await expect(view.getByText(/^Nothing opened\?/)).toHaveCount(0)
  await expect(view.getByRole('link', { name: 'Get the app' })).toHaveCount(0)
})

/** A change of the shared chains a test undoes when it ends, passed or not. */
let restoreAfter: (() => Promise<void>) | undefined
test.afterEach(async () => {
  await restoreAfter?.()
  restoreAfter = undefined
})

test('no sideways overflow at 320 px in any view', async ({ page }) => {
  test.setTimeout(90_000)
  // A seven-digit balance ('1,234,567.891 ETH'): the page's account button must still fit on one line.
  const before = await anvilBalanceWei(ACCOUNT_0)
  await setAnvilBalance(ACCOUNT_0, '1234567.891')
  restoreAfter = () => setAnvilBalanceWei(ACCOUNT_0, before)
  await page.setViewportSize({ width: 320, height: 640 })
  await openPhoneDemo(page, '?siwx=optional')
  const connect = await openConnect(page)
  await expectNoOverflow(page, 'Connect')
  await connect.getByRole('button', { name: 'All Wallets', exact: true }).tap()
  await expect(dialog(page, 'All Wallets')).toBeVisible()
  await expectNoOverflow(page, 'AllWallets')
  await dialog(page, 'All Wallets').getByRole('button', { name: 'Back', exact: true }).tap()
  await dialog(page, 'Connect Wallet').getByRole('button', { name: 'Latchkey Mobile (dev)', exact: true }).tap()
  await expect(dialog(page, 'WalletConnect').getByRole('link', { name: 'Open', exact: true })).toBeVisible()
  await expectNoOverflow(page, 'ConnectingWalletConnect')
  await dialog(page, 'WalletConnect').getByRole('button', { name: 'Back', exact: true }).tap()

  await dialog(page, 'Connect Wallet').getByRole('button', { name: 'Latchkey Dev Wallet', exact: true }).tap()
  await approveWalletRequest(page, 'Connect to this site?')
  const sign = dialog(page, 'Sign In')
  await expect(sign).toBeVisible()
  await expectNoOverflow(page, 'SIWXSignMessage')
  await sign.getByRole('button', { name: 'Cancel', exact: true }).tap()
  await expect(liveState(page).status).toHaveText('connected')
  await expect(anyDialog(page)).toHaveCount(0)
  // The page's account button, once its balance is read: one line, inside the screen.
  await expect(accountButton(page).balance).not.toHaveText(/…/)
  await expectAccountButtonFits(page, 320)
  if (shots) await page.screenshot({ path: `${shots}/320-page.png` })

  await accountButton(page).address.tap()
  const account = dialog(page, 'Account')
  await expect(account).toBeVisible()
  await expectNoOverflow(page, 'Account')
  await account.getByRole('button', { name: /^Switch network/ }).tap()
  await expect(dialog(page, 'Switch Network')).toBeVisible()
  await expectNoOverflow(page, 'SwitchNetwork')
  await dialog(page, 'Switch Network').getByRole('button', { name: 'Back', exact: true }).tap()
  await dialog(page, 'Account').getByRole('button', { name: 'Receive', exact: true }).tap()
  await expect(dialog(page, 'Receive')).toBeVisible()
  await expectNoOverflow(page, 'Receive')
  await dialog(page, 'Receive').getByRole('button', { name: 'Back', exact: true }).tap()
  await dialog(page, 'Account').getByRole('button', { name: 'Send', exact: true }).tap()
  const send = dialog(page, 'Send')
  await expect(send.getByRole('button', { name: /^Token: ETH\b/ })).toBeVisible()
  await expectNoOverflow(page, 'Send')
  await send.getByRole('textbox', { name: 'Amount', exact: true }).fill('0.001')
  await send.getByRole('textbox', { name: 'To', exact: true }).fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  await send.getByRole('button', { name: 'Review send', exact: true }).tap()
  await expect(dialog(page, 'Review Send')).toBeVisible()
  await expectNoOverflow(page, 'SendPreview')
})

test('a long toast on a phone wraps inside the screen, using its width', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.setViewportSize({ width: 320, height: 640 })
  await openPhoneDemo(page)
  await nothingOpens(page)
  const view = await openNativeWallet(page)
  await view.getByRole('link', { name: 'Open', exact: true }).tap()
  await view.getByRole('button', { name: 'Copy link' }).tap()
  const toast = page.locator('.lk-toast').filter({ hasText: 'Link copied' })
  await expect(toast).toBeVisible()
  // A long message (an error's sentence) wraps inside the screen.
  // Measured in the same task as the change: the toast goes after timing.toastTtl.
  const box = await toast.evaluate((el) => {
    el.textContent = 'This wallet link cannot be opened: Invalid wallet link. The link does not parse as a URL and was never opened.'
    const r = el.getBoundingClientRect()
    return { left: r.left, right: r.right, pageScrollWidth: document.scrollingElement!.scrollWidth }
  })
  expect(box.left).toBeGreaterThanOrEqual(0)
  expect(box.right).toBeLessThanOrEqual(320)
  // …and uses the screen's width (centred with left: 50%, it used to shrink to half the screen, a narrow column).
  expect(box.right - box.left).toBeGreaterThanOrEqual(320 - 24 - 1)
  expect(box.pageScrollWidth).toBeLessThanOrEqual(320)
})
