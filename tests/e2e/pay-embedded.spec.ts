/**
 * Pay (spec §1 Pay: "pay … from the embedded wallet") from the email login's embedded wallet on anvil, through the
 * demo's 'Ask for a payment' (`usePay`, `modal.pay`), pay on with `?features=pay:on`: the transfer is an unsafe request,
 * approved in the secure frame on ApproveTransaction (spec §4), and the payment ends success only after the receipt.
 * Each journey starts with a fresh email user signed in (the login is embedded.spec's subject) and asserts the
 * recipient's balance on anvil and the resolved result.
 */
import { parseEther } from 'viem'
import { accountButton, anvilBalanceWei, anyDialog, dialog, expect, freshAddress, openConnectedEmail, test } from './fixtures.ts'
import { askForPayment, PAY_ON, resolved } from './paySteps.ts'

test('ETH from the email wallet: approved in the frame, success after the receipt, the recipient paid from the embedded account', async ({ page }) => {
  test.setTimeout(90_000)
  const session = await openConnectedEmail(page, { path: PAY_ON })
  const to = freshAddress()
  const pay = await askForPayment(page, { to, amount: '0.0234', asset: 'ETH' })
  await expect(pay.getByTestId('pay-balance')).toContainText('ETH', { timeout: 20_000 })
  await pay.getByRole('button', { name: 'Pay 0.0234 ETH' }).click()
  // The unsafe request: ApproveTransaction on the open modal, the frame shows what is paid.
  await expect(dialog(page, 'Approve Transaction')).toBeVisible({ timeout: 20_000 })
  const frame = page.frameLocator('iframe[data-latchkey-frame]')
  await expect(frame.getByText(to)).toBeVisible()
  await expect(frame.getByText('0.0234 ETH')).toBeVisible()
  await frame.getByRole('button', { name: /approve/i }).click()
  await expect(page.getByTestId('pay-status')).toHaveText('success', { timeout: 30_000 })
  const result = await resolved(page)
  expect(result).toMatchObject({ status: 'success', chainId: 31337, paidAmount: '0.0234' })
  expect(await anvilBalanceWei(to)).toBe(parseEther('0.0234'))
  await expect(dialog(page, 'Pay').getByText('Payment complete')).toBeVisible()
  expect(session.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
})

test("from the email user's smart account (a user operation through the bundler): success after the receipt, the recipient paid, the EOA untouched", async ({ page }) => {
  test.setTimeout(180_000)
  const session = await openConnectedEmail(page, { path: PAY_ON })
  const eoa = session.address as `0x${string}`
  await accountButton(page).address.click()
  const account = dialog(page, 'Account')
  await account.getByRole('button', { name: 'Switch to your smart account' }).click()
  await expect(account.getByTestId('account-type')).toHaveText('Smart account', { timeout: 20_000 })
  const smart = (await page.evaluate(() => (window as any).latchkey.getState().account.address as string)) as `0x${string}`
  expect(smart.toLowerCase()).not.toBe(eoa.toLowerCase())
  await page.keyboard.press('Escape')
  await expect(anyDialog(page)).toHaveCount(0)
  const eoaBefore = await anvilBalanceWei(eoa)
  const to = freshAddress()
  const pay = await askForPayment(page, { to, amount: '0.0111', asset: 'ETH' })
  await pay.getByRole('button', { name: 'Pay 0.0111 ETH' }).click()
  await expect(dialog(page, 'Approve Transaction')).toBeVisible({ timeout: 20_000 })
  const frame = page.frameLocator('iframe[data-latchkey-frame]')
  await expect(frame.getByText(to)).toBeVisible()
  await frame.getByRole('button', { name: /approve/i }).click()
  await expect(page.getByTestId('pay-status')).toHaveText('success', { timeout: 60_000 })
  expect(await resolved(page)).toMatchObject({ status: 'success', chainId: 31337, paidAmount: '0.0111' })
  expect(await anvilBalanceWei(to)).toBe(parseEther('0.0111'))
  expect(await anvilBalanceWei(eoa)).toBe(eoaBefore)
  await expect(dialog(page, 'Pay').getByText('Payment complete')).toBeVisible()
})
