/**
 * Receive: the address as text and as a QR code that decodes (jsQR on a screenshot) to the same address.
 */
import { ACCOUNT_0, accountButton, dialog, expect, test } from './fixtures.ts'
import { scanQr } from './steps.ts'

test('the receive QR code decodes to the connected address; the address is shown and the networks listed', async ({ page, connectedPage }) => {
  await connectedPage()
  await accountButton(page).address.click()
  await dialog(page, 'Account').getByRole('button', { name: 'Receive', exact: true }).click()
  const receive = dialog(page, 'Receive')
  await expect(receive.getByTestId('receive-address')).toHaveText(ACCOUNT_0)
  await expect(receive.getByRole('list', { name: 'Works on these networks' })).toContainText('Anvil Local 2')
  const qr = receive.getByRole('img', { name: 'QR code of your address' })
  expect(await scanQr(qr)).toBe(ACCOUNT_0)
  await receive.getByRole('button', { name: 'Back', exact: true }).click()
  await expect(dialog(page, 'Account')).toBeVisible()
})
