/**
 * Steps that several specs take the same way: the Send form from the Account view, and the pairing URI read from
 * WalletConnect's QR code. A spec whose subject is one of these steps (send.spec.ts, walletconnect.spec.ts's first
 * pairing) still checks what it shows along the way; the others take the step here.
 */
import type { Locator, Page } from '@playwright/test'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { accountButton, dialog, expect } from './fixtures.ts'

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

/** Reads the pairing URI from the QR code the dapp shows (as the phone's camera would). */
export async function scanQr(qr: Locator): Promise<string> {
  await expect(qr).toBeVisible()
  const png = PNG.sync.read(await qr.screenshot())
  const decoded = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height)
  expect(decoded, 'the QR code decodes').not.toBeNull()
  return decoded!.data
}
