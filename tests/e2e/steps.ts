/**
 * Steps that several specs take the same way: the Send form from the Account view, and a QR code read off the screen
 * (WalletConnect's pairing URI, Receive's address). A spec whose subject is one of these steps (send.spec.ts,
 * walletconnect.spec.ts's first pairing) still checks what it shows along the way; the others take the step here.
 */
import type { Locator, Page } from '@playwright/test'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { accountButton, dialog, expect, test } from './fixtures.ts'
import { untilSettled } from './settle.ts'

/** Account → Send: opens the Account view from the page's account button, then its Send; returns the 'Send' dialog. */
export async function openSendForm(page: Page): Promise<Locator> {
  await accountButton(page).address.click()
  await dialog(page, 'Account').getByRole('button', { name: 'Send', exact: true }).click()
  return dialog(page, 'Send')
}

/**
 * Fills the Send form's Amount and To (`amount` in the token's units, as the visitor types it; `to` an address or a
 * name) and asks for the review; returns the 'Review Send' dialog (not waited for: a refused receiver keeps the form).
 */
export async function reviewSend(send: Locator, { amount, to }: { amount: string; to: string }): Promise<Locator> {
  await send.getByRole('textbox', { name: 'Amount', exact: true }).fill(amount)
  await send.getByRole('textbox', { name: 'To', exact: true }).fill(to)
  await send.getByRole('button', { name: 'Review send', exact: true }).click()
  return dialog(send.page(), 'Review Send')
}

/**
 * Reads a QR code off the screen as a phone's camera would, from the settled view: the page at rest (no view transition
 * or height change running, {@link untilSettled}), the code wholly in sight (inside the window, and what the page shows
 * at its centre and around its finder patterns is the code itself: not clipped by the dialog's scrolling part, not
 * covered), and its picture settled (two element screenshots in a row the same, as `toHaveScreenshot` waits for). That
 * picture is decoded once (jsQR); one that does not decode is attached to the report (`qr-not-decoded.png`).
 * @returns the text the code carries (a `wc:` pairing URI, an address)
 */
export async function scanQr(qr: Locator): Promise<string> {
  await expect(qr).toBeVisible()
  await untilSettled(qr.page())
  // As the visitor would, the dialog's scrolling part brings the code into sight when it is lower down.
  await qr.scrollIntoViewIfNeeded()
  await expect.poll(() => whollyInSight(qr), { message: 'the QR code is wholly in sight (not clipped, not covered)' }).toBe(true)
  let picture = await qr.screenshot({ animations: 'disabled' })
  await expect
    .poll(
      async () => {
        const next = await qr.screenshot({ animations: 'disabled' })
        const same = next.equals(picture)
        picture = next
        return same
      },
      { message: "the QR code's picture settles (two screenshots in a row the same)" },
    )
    .toBe(true)
  const png = PNG.sync.read(picture)
  const decoded = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height)
  if (!decoded) await test.info().attach('qr-not-decoded.png', { body: picture, contentType: 'image/png' })
  expect(decoded, 'the QR code decodes').not.toBeNull()
  return decoded!.data
}

/**
 * The element lies inside the window and the page shows the element itself at its centre and at a tenth of its size in
 * from each corner (where a QR code's finder patterns are): nothing clips or covers it there.
 */
function whollyInSight(el: Locator): Promise<boolean> {
  return el.evaluate((node) => {
    const r = node.getBoundingClientRect()
    const root = node.getRootNode() as Document | ShadowRoot
    const dx = r.width / 10
    const dy = r.height / 10
    const points = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + dx, r.top + dy],
      [r.right - dx, r.top + dy],
      [r.left + dx, r.bottom - dy],
      [r.right - dx, r.bottom - dy],
    ] as const
    const inWindow = r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth
    return (
      inWindow &&
      points.every(([x, y]) => {
        const hit = root.elementFromPoint(x, y)
        return hit !== null && (hit === node || node.contains(hit))
      })
    )
  })
}
