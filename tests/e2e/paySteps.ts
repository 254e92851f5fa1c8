/**
 * The pay journeys' steps (tests/e2e/pay*.spec.ts): the demo's 'Ask for a payment' panel (`usePay`, `modal.pay`, pay on
 * with {@link PAY_ON}) filled and sent, the Pay view it opens, what the dapp's promise resolved with, and the reference
 * exchange chosen on the Pay view.
 */
import type { Locator, Page } from '@playwright/test'
import { dialog, expect } from './fixtures.ts'

/** The demo's path with pay on (off by default, spec §8). */
export const PAY_ON = '/?features=pay:on'

/** What the demo's panel asks for: `to` (an address or a name), `amount`, `asset` (the option's label), the site's `memo`. */
export type PaymentAsked = { to: string; amount: string; asset: string; memo?: string }

/** Fills the demo's panel and presses 'Ask for payment' (the Pay view may open, or the request be refused). */
export async function requestPayment(page: Page, { to, amount, asset, memo }: PaymentAsked): Promise<void> {
  await page.getByLabel('Pay to').fill(to)
  await page.getByLabel('Pay amount').fill(amount)
  await page.getByLabel('Pay in').selectOption({ label: asset })
  if (memo !== undefined) await page.getByLabel('Note').fill(memo)
  await page.getByRole('button', { name: 'Ask for payment' }).click()
}

/** Asks for a payment from the demo's panel; resolves with the Pay view once it shows what is asked (and the memo, if any). */
export async function askForPayment(page: Page, asked: PaymentAsked): Promise<Locator> {
  await requestPayment(page, asked)
  const pay = dialog(page, 'Pay')
  await expect(pay.getByTestId('pay-asked')).toContainText(asked.amount)
  if (asked.memo !== undefined) await expect(pay.getByTestId('pay-memo')).toHaveText(asked.memo)
  return pay
}

/** What the dapp's promise resolved with, as the demo shows it (`data-testid="pay-result"`). */
export async function resolved(page: Page): Promise<Record<string, unknown>> {
  return JSON.parse((await page.getByTestId('pay-result').textContent()) ?? 'null') as Record<string, unknown>
}

/** The Pay view's words while the exchange's page is open. */
export const exchangeWaiting = "Approve the payment on Reference Exchange's page"

/** Chooses the reference exchange on the Pay view (a desktop): its page opens in a new tab, the view follows the payment. */
export async function payWithExchange(page: Page, pay: Locator): Promise<Page> {
  const tab = page.waitForEvent('popup')
  await pay.getByRole('button', { name: 'Pay with Reference Exchange' }).click()
  const exchange = await tab
  await exchange.waitForURL(/\/exchange\/pay\//)
  await expect(pay.getByText(exchangeWaiting, { exact: false })).toBeVisible()
  return exchange
}
