/**
 * Farcaster login from the dapp's side (issue 19 §2), in Chromium against the e2e stack: the demo with `embeddedWallet`
 * (`?email=1`), the secure site on 28800 with its Farcaster relay, the fid registry on the anvils, and the development
 * mobile wallet page (`/mobile-wallet.html?farcaster=<url>`, a second page) as the Farcaster client signing with anvil
 * dev account 0, the custody address of fid 1. Screenshots with FARCASTER_SHOTS=<dir>.
 */
import type { Page } from '@playwright/test'
import { accountButton, expect, openCleanDemo, openConnectDialog, test as base } from './fixtures.ts'

const test = base.extend<{ demo: Page }>({
  demo: async ({ page }, use) => {
    await openCleanDemo(page, '/?email=1')
    await use(page)
  },
})

const shots = process.env.FARCASTER_SHOTS

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

test('Farcaster via the development mobile wallet: the custody address of fid 1 signs, the user’s embedded wallet connects', async ({ demo: page }) => {
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

test('a signature of another custody address is refused with a clear message, on both sides; Try again gives a new request', async ({ demo: page }) => {
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

test('Back from ConnectingFarcaster: Connect again, the request dropped', async ({ demo: page }) => {
  await openFarcaster(page)
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page.getByRole('button', { name: 'Continue with Farcaster' })).toBeVisible()
  expect(await page.evaluate(() => (window as any).latchkey.getState().account.status)).toBe('disconnected')
})
