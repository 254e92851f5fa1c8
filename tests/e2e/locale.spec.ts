/**
 * The modal's language in Chromium: a right-to-left locale from the `locale` option (the demo's `?locale=`), a change of
 * language while the modal is open (`setLocale`), accessibility in right to left, and the `messages` overrides over a
 * non-English locale (the demo's `?messages=`, JSON) with a word that locale lacks. The pseudo-locales stand in for
 * real ones here: `ar-XB` writes English's words right to left, `en-XA` accents and lengthens every word, so a word the
 * catalogue does not hold shows as plain English.
 */
import { ACCOUNT_0, accountButton, anyDialog, approveWalletRequest, expect, expectNoAxeViolations, liveState, test, truncated } from './fixtures.ts'
import { resumeDisconnected, withSharedPage } from './sharedPage.ts'

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

// The changes of language at run time share one page, loaded in English (resumeDisconnected: no dialog, no wallet
// request, no toast, disconnected at each start); each opens Connect in English before it changes the language.
test.describe('on one page in English', () => {
  const shared = withSharedPage(test)

  shared('setLocale while the modal is open changes every word at once, and back; a malformed tag is refused', async ({ page }) => {
    await resumeDisconnected(page)
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

  shared('setLocale ja while the modal is open: the title and the buttons speak Japanese, lang is ja, and the words fit', async ({ page }) => {
    await resumeDisconnected(page)
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

test.describe('the messages option over German', () => {
  /** The de catalogue's chunk as the build made it, but without its word for `allWallets` (see the test). */
  const withoutAllWallets = (body: string) => body.replace('allWallets:`Alle Wallets`,', '')

  test('an overridden word wins, every other word stays German; a key English lacks and a word of the wrong kind are refused and logged; a word the locale lacks shows in English, never a key name', async ({ page }) => {
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    // The only stand-in here: a locale whose chunk lacks a word (a catalogue older than the page's English, a dapp's
    // own locale) is made by taking one word out of the built de chunk on its way to the page. Everything else is the
    // build as it ships.
    let rewritten = 0
    await page.route('**/assets/de-*.js', async (route) => {
      const response = await route.fetch()
      const body = await response.text()
      const changed = withoutAllWallets(body)
      if (changed !== body) rewritten += 1
      await route.fulfill({ response, body: changed })
    })
    // A key English lacks (a typo), and a string where English's word is a function of the brand's name: both refused.
    const messages = { 'titles.Connect': 'Mit Wallet anmelden', 'titles.Conect': 'Tippfehler', branding: 'Gemacht von uns' }
    await page.goto(`/?locale=de&messages=${encodeURIComponent(JSON.stringify(messages))}`)
    await page
      .getByRole('button', { name: /Wallet verbinden|Connect Wallet/ })
      .first()
      .click()
    const connect = anyDialog(page)
    // The override wins over German's 'Wallet verbinden'.
    await expect(connect.getByRole('heading')).toHaveText('Mit Wallet anmelden')
    await expect(modalHost(page)).toHaveAttribute('lang', 'de')
    expect(rewritten).toBe(1)
    // The refused branding string: German's sentence stays (not English's, not the refused value).
    await expect(connect).toContainText('UX von latchkey')
    // Every other word is German.
    await expect(connect.getByRole('button', { name: 'Schließen', exact: true })).toBeVisible()
    await expect(connect.getByRole('button', { name: 'Close', exact: true })).toHaveCount(0)
    await expect(connect).toContainText('Neu bei Wallets?')
    // The word the locale lacks shows in English.
    await expect(connect.getByRole('button', { name: /^All Wallets/ })).toBeVisible()
    // No key name, no refused value, no 'undefined' anywhere in the dialog.
    const text = (await connect.textContent()) ?? ''
    for (const leak of ['allWallets', 'titles.', 'Tippfehler', 'Gemacht von uns', 'UX by', 'undefined']) expect(text).not.toContain(leak)
    // Both refusals are named in the modal's log (console.warn in debug mode); the key English lacks is named as such.
    await expect.poll(() => warnings.find((w) => w.includes('Some messages were not applied'))).toBeTruthy()
    const refusal = warnings.find((w) => w.includes('Some messages were not applied'))!
    expect(refusal).toContain("messages['titles.Conect']: no such key in the English catalogue")
    expect(refusal).toContain("messages['branding']: expected a function like English's, received a string")
    await expectNoAxeViolations(page, 'Connect in de with overrides')
  })
})
