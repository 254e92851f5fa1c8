/**
 * Pay with an exchange on a phone (spec §1 Pay: "new tab on desktop, same-tab return on phones with a return URL"), on
 * the phone profile (an iPhone's viewport, touch and user agent: the modal's phone platform), through the demo's 'Ask for
 * a payment' (`usePay`, `modal.pay`), pay on with `?features=pay:on`. The reference exchange's page takes the demo's own
 * tab (no second tab); once answered it sends the visitor back to the demo's address, whose new page picks the payment
 * up from storage (`modal.getPayResult()`, which `usePay` follows) and ends it explicitly. Each journey asserts the
 * recipient's balance on anvil and what the dapp's hook resolved with.
 */
import type { Page } from '@playwright/test'
import { createPublicClient, http, parseEther } from 'viem'
import { anvilBalanceWei, dialog, expect, freshAddress, openConnected, phoneProfile, RPC, test } from './fixtures.ts'
import { askForPayment, PAY_ON, resolved } from './paySteps.ts'

test.use(phoneProfile)

const chain = createPublicClient({ transport: http(RPC[31337]), cacheTime: 0 })

/** Taps the reference exchange on the Pay view: this tab goes to its page (no pop-up); resolves on that page. */
async function tapExchange(page: Page): Promise<void> {
  let popups = 0
  page.on('popup', () => void popups++)
  const demo = page.url()
  await dialog(page, 'Pay').getByRole('button', { name: 'Pay with Reference Exchange' }).tap()
  await page.waitForURL(/\/exchange\/pay\//)
  // The demo's page was kept in storage before it left: its address is where the exchange sends the visitor back.
  expect(popups).toBe(0)
  expect(new URL(page.url()).origin).not.toBe(new URL(demo).origin)
}

test('approved on the exchange page opened in the same tab: the exchange sends the visitor back, the page picks the payment up and ends success, the recipient paid', async ({ page }) => {
  await openConnected(page, { path: PAY_ON })
  const demo = page.url()
  const to = freshAddress()
  await askForPayment(page, { to, amount: '0.031', asset: 'ETH' })
  await tapExchange(page)
  await expect(page.getByTestId('recipient')).toHaveText(to)
  await page.getByRole('button', { name: 'Approve' }).tap()
  // Back on the demo's address (the return URL), a new page: the modal shows the payment again and ends it.
  await page.waitForURL(demo)
  const pay = dialog(page, 'Pay')
  await expect(pay.getByText('Payment complete')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('pay-status')).toHaveText('success')
  const result = await resolved(page)
  expect(result).toMatchObject({ status: 'success', chainId: 31337, paidAmount: '0.031' })
  const tx = await chain.getTransaction({ hash: result['txHash'] as `0x${string}` })
  expect({ to: tx.to, value: tx.value }).toEqual({ to: to.toLowerCase(), value: parseEther('0.031') })
  expect(await anvilBalanceWei(to)).toBe(parseEther('0.031'))
  await pay.getByRole('button', { name: 'Done' }).tap()
  await expect(pay).toBeHidden()
  // Nothing is kept once it ended: another load shows no payment.
  await page.reload()
  await expect(page.getByTestId('pay-status')).toHaveCount(0)
  await expect(dialog(page, 'Pay')).toBeHidden()
})

test('declined on the exchange page: back on the demo the view says the payment did not go through; Close resolves failed, nothing paid', async ({ page }) => {
  await openConnected(page, { path: PAY_ON })
  const demo = page.url()
  const to = freshAddress()
  await askForPayment(page, { to, amount: '0.004', asset: 'ETH' })
  await tapExchange(page)
  await page.getByRole('button', { name: 'Decline' }).tap()
  await page.waitForURL(demo)
  const pay = dialog(page, 'Pay')
  await expect(pay.getByText('The payment did not go through')).toBeVisible({ timeout: 30_000 })
  await expect(pay.getByRole('button', { name: 'Choose another way' })).toBeVisible()
  await expect(page.getByTestId('pay-status')).toHaveText('pending')
  await pay.getByTestId('pay-end').getByRole('button', { name: 'Close' }).tap()
  await expect(page.getByTestId('pay-status')).toHaveText('failed')
  expect(await resolved(page)).toEqual({ status: 'failed', reason: 'The exchange did not complete the payment. The payment was declined at the exchange.' })
  expect(await anvilBalanceWei(to)).toBe(0n)
})
