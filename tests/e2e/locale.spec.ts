/**
 * The modal's language in Chromium: a right-to-left locale from the `locale` option (the demo's `?locale=`), a change of
 * language while the modal is open (`setLocale`), and accessibility in right to left. The pseudo-locales stand in for
 * real ones here: `ar-XB` writes English's words right to left, `en-XA` accents and lengthens every word, so a word the
 * catalogue does not hold shows as plain English.
 */
import { ACCOUNT_0, accountButton, anyDialog, approveWalletRequest, expect, expectNoAxeViolations, liveState, test, truncated } from './fixtures.ts'

const modalHost = (page: import('@playwright/test').Page) => page.getByTestId('latchkey-modal')

test('locale ar-XB: the modal opens right to left, its words from the catalogue, and a wallet connects', async ({ page }) => {
  await page.goto('/?locale=ar-XB')
  await page
    .getByRole('button', { name: /Connect Wallet/ })
    .first()
    .click()
  const connect = anyDialog(page)
  await expect(connect).toBeVisible()
  await expect(modalHost(page)).toHaveAttribute('dir', 'rtl')
  await expect(modalHost(page)).toHaveAttribute('lang', 'ar-XB')
  // The title is the catalogue's (the right-to-left override around English's words), not English's own.
  await expect(connect.getByRole('heading')).toHaveText('\u202eConnect Wallet\u202c')
  // The dialog is laid out from the right: its close button is on the left.
  const box = await connect.boundingBox()
  const close = await connect.getByRole('button', { name: /Close/ }).boundingBox()
  expect(close!.x - box!.x).toBeLessThan(box!.width / 2)
  await expectNoAxeViolations(page, 'Connect in ar-XB')
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/locale-ar-XB-connect.png` })
  await connect.getByRole('button', { name: 'Latchkey Dev Wallet', exact: true }).click()
  await approveWalletRequest(page, 'Connect to this site?')
  await expect(anyDialog(page)).toHaveCount(0)
  await expect(liveState(page).status).toHaveText('connected')
  await expect(accountButton(page).address).toContainText(truncated(ACCOUNT_0))
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/locale-ar-XB-connected.png` })
})

test('setLocale while the modal is open changes every word at once, and back; a malformed tag is refused', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
  const connect = anyDialog(page)
  await expect(connect.getByRole('heading')).toHaveText('Connect Wallet')
  await page.evaluate(() => (window as unknown as { latchkey: { setLocale(tag: string): Promise<void> } }).latchkey.setLocale('en-XA'))
  await expect(connect.getByRole('heading')).toHaveText(/^\[Çöññéçţ Ŵåļļéţ ·+\]$/)
  await expect(connect.getByRole('button', { name: /Çļöšé/ })).toBeVisible()
  await expect(modalHost(page)).toHaveAttribute('lang', 'en-XA')
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/locale-en-XA-connect.png` })
  const refused = await page.evaluate(() => {
    try {
      void (window as unknown as { latchkey: { setLocale(tag: string): Promise<void> } }).latchkey.setLocale('no such tag!')
      return 'accepted'
    } catch (error) {
      return (error as Error).name
    }
  })
  expect(refused).toBe('InvalidOptionsError')
  await page.evaluate(() => (window as unknown as { latchkey: { setLocale(tag: string): Promise<void> } }).latchkey.setLocale('en'))
  await expect(connect.getByRole('heading')).toHaveText('Connect Wallet')
  await expect(modalHost(page)).toHaveAttribute('dir', 'ltr')
})

test('setLocale ja while the modal is open: the title and the buttons speak Japanese, lang is ja, and the words fit', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
  const connect = anyDialog(page)
  await expect(connect.getByRole('heading')).toHaveText('Connect Wallet')
  await page.evaluate(() => (window as unknown as { latchkey: { setLocale(tag: string): Promise<void> } }).latchkey.setLocale('ja'))
  await expect(connect.getByRole('heading')).toHaveText('ウォレットを接続')
  await expect(connect.getByRole('button', { name: '閉じる' })).toBeVisible()
  await expect(connect.getByRole('button', { name: 'Close' })).toHaveCount(0)
  await expect(modalHost(page)).toHaveAttribute('lang', 'ja')
  await expect(modalHost(page)).toHaveAttribute('dir', 'ltr')
  // The heading is one line: the Japanese title is not wrapped or clipped in the modal's header.
  const heading = connect.getByRole('heading')
  const { scrollWidth, clientWidth } = await heading.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }))
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
  await expectNoAxeViolations(page, 'Connect in ja')
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/locale-ja-connect.png` })
})

test.describe('a browser whose first language is Arabic', () => {
  test.use({ locale: 'ar' })

  test("locale 'auto' picks ar: the modal opens right to left in Arabic, its close button on the left", async ({ page }) => {
    await page.goto('/')
    // The page button speaks the shell's English until the first intent loads the Arabic words.
    await page
      .getByRole('button', { name: /Connect Wallet|ربط المحفظة/ })
      .first()
      .click()
    const connect = anyDialog(page)
    await expect(connect).toBeVisible()
    await expect(modalHost(page)).toHaveAttribute('lang', 'ar')
    await expect(modalHost(page)).toHaveAttribute('dir', 'rtl')
    await expect(connect.getByRole('heading')).toHaveText('ربط المحفظة')
    await expect(connect.getByRole('button', { name: 'إغلاق' })).toBeVisible()
    const box = await connect.boundingBox()
    const close = await connect.getByRole('button', { name: 'إغلاق' }).boundingBox()
    expect(close!.x - box!.x).toBeLessThan(box!.width / 2)
    await expectNoAxeViolations(page, 'Connect in ar')
    if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/locale-ar-connect.png` })
  })
})
