/**
 * The embedded wallet's frame in the modal's language, in Chromium against the e2e stack (the demo, the secure site):
 * the frame page in Arabic (right to left, the Arabic frame words) runs an approval; `setLocale` after the frame loaded
 * switches the frame page in place (one APP_SYNC_LOCALE, no reload), an approval on screen included. The journeys start
 * with an email user signed in: connecting is not their subject. Screenshots with SHOTS_DIR=<dir>.
 */
import type { Frame, Page } from '@playwright/test'
import { recoverMessageAddress, toHex } from 'viem'
import ar from '../../dev/secure-site/frame/words/ar.ts'
import ja from '../../dev/secure-site/frame/words/ja.ts'
import { expect, test } from './fixtures.ts'
import { SECURE_SITE_URL } from './stack.ts'

const shots = process.env.SHOTS_DIR

/** The secure site's frame page in `page` (the iframe the restore loaded). */
async function framePage(page: Page): Promise<Frame> {
  let found: Frame | undefined
  await expect.poll(() => (found = page.frames().find((f) => f.url().startsWith(`${SECURE_SITE_URL}/frame`))), { message: 'the secure frame', timeout: 20_000 }).toBeTruthy()
  return found!
}

/** Asks the embedded wallet to sign `message` (personal_sign), as a dapp would: the frame's approval opens. */
function sign(page: Page, message: string): Promise<string> {
  return page.evaluate(
    async ({ hex }) => {
      const provider = (window as any).latchkey.getProvider('eip155')
      const [account] = (await provider.request({ method: 'eth_accounts' })) as string[]
      return (await provider.request({ method: 'personal_sign', params: [hex, account] })) as string
    },
    { hex: toHex(message) },
  )
}

const setLocale = (page: Page, tag: string) => page.evaluate((t) => (window as any).latchkey.setLocale(t) as Promise<void>, tag)

test('the frame in Arabic: right to left, the Arabic words on its approval, and a message signed through it verifies', async ({ connectedEmailPage }) => {
  const { page, session } = await connectedEmailPage({ path: '/?locale=ar' })
  const signing = sign(page, 'مرحبا')
  // ApproveTransaction (its title in Arabic) holds the frame.
  const approve = page.getByTestId('approve-transaction-slot')
  await expect(approve).toBeVisible({ timeout: 20_000 })
  const frame = page.frameLocator('iframe[data-latchkey-frame]')
  await expect(frame.locator('html')).toHaveAttribute('lang', 'ar')
  await expect(frame.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(frame.getByRole('heading', { name: ar.signMessage })).toBeVisible()
  await expect(frame.getByText(ar.requestedBy)).toBeVisible()
  await expect(frame.getByText(ar.badge)).toBeVisible()
  // Laid out from the right: Reject (the first button) sits right of Approve.
  const reject = (await frame.getByRole('button', { name: ar.reject }).boundingBox())!
  const ok = (await frame.getByRole('button', { name: ar.approve }).boundingBox())!
  expect(reject.x).toBeGreaterThan(ok.x)
  await expect(frame.getByRole('button', { name: 'Approve' })).toHaveCount(0)
  if (shots) await page.screenshot({ path: `${shots}/frame-ar-approve.png` })
  await frame.getByRole('button', { name: ar.approve }).click()
  const signature = (await signing) as `0x${string}`
  expect((await recoverMessageAddress({ message: 'مرحبا', signature })).toLowerCase()).toBe(session.address.toLowerCase())
  await expect(approve).toBeHidden()
})

test('setLocale after the frame loaded: the frame page follows in place (no reload), an approval on screen included', async ({ connectedEmailPage }) => {
  const { page, session } = await connectedEmailPage()
  const framed = await framePage(page)
  await expect(framed.locator('html')).toHaveAttribute('lang', 'en')
  // A mark in the loaded page: a reload would lose it.
  await framed.evaluate(() => void ((window as any).loadedOnce = true))
  await setLocale(page, 'ar')
  await expect(framed.locator('html')).toHaveAttribute('lang', 'ar')
  await expect(framed.locator('html')).toHaveAttribute('dir', 'rtl')
  expect(await framed.evaluate(() => (window as any).loadedOnce)).toBe(true)

  const signing = sign(page, 'hello')
  const frame = page.frameLocator('iframe[data-latchkey-frame]')
  await expect(frame.getByRole('heading', { name: ar.signMessage })).toBeVisible({ timeout: 20_000 })
  // The approval on screen switches too: Japanese words, left to right, still the same request.
  await setLocale(page, 'ja')
  await expect(frame.getByRole('heading', { name: ja.signMessage })).toBeVisible()
  await expect(framed.locator('html')).toHaveAttribute('lang', 'ja')
  await expect(framed.locator('html')).toHaveAttribute('dir', 'ltr')
  await expect(frame.getByRole('button', { name: ar.approve })).toHaveCount(0)
  expect(await framed.evaluate(() => (window as any).loadedOnce)).toBe(true)
  if (shots) await page.screenshot({ path: `${shots}/frame-ja-approve.png` })
  await frame.getByRole('button', { name: ja.approve }).click()
  const signature = (await signing) as `0x${string}`
  expect((await recoverMessageAddress({ message: 'hello', signature })).toLowerCase()).toBe(session.address.toLowerCase())
})
