/**
 * Pay (spec §1 Pay) through the demo's 'Ask for a payment' (`usePay`, `modal.pay`) from the dev browser wallet on
 * anvil, pay turned on with `?features=pay:on` (off by default, spec §8). Each journey asserts what the chain says
 * (the recipient's balance, the sender's nonce) and what the dapp's promise resolved with.
 */
import type { Page } from '@playwright/test'
import { createPublicClient, http, parseEther } from 'viem'
import { ACCOUNT_0, anvilBalanceWei, anvilTokenBalance, approveWalletRequest, dialog, expect, freshAddress, openConnected, rejectWalletRequest, RPC, test, walletRequests } from './fixtures.ts'

const chain = createPublicClient({ transport: http(RPC[31337]), cacheTime: 0 })
const nonceOf = () => chain.getTransactionCount({ address: ACCOUNT_0, blockTag: 'latest' })

/** Asks for a payment from the demo's panel: the Pay view opens with what is asked. */
async function askForPayment(page: Page, { to, amount, asset, memo = 'Order #1042' }: { to: string; amount: string; asset: string; memo?: string }) {
  await page.getByLabel('Pay to').fill(to)
  await page.getByLabel('Pay amount').fill(amount)
  await page.getByLabel('Pay in').selectOption({ label: asset })
  await page.getByLabel('Note').fill(memo)
  await page.getByRole('button', { name: 'Ask for payment' }).click()
  const pay = dialog(page, 'Pay')
  await expect(pay.getByTestId('pay-asked')).toContainText(amount)
  await expect(pay.getByTestId('pay-memo')).toHaveText(memo)
  return pay
}

/** What the dapp's promise resolved with, as the demo shows it. */
async function resolved(page: Page) {
  return JSON.parse((await page.getByTestId('pay-result').textContent()) ?? 'null') as Record<string, unknown>
}

test('ETH from the dev wallet: one transfer however often Pay is pressed, success after the receipt, the recipient paid', async ({ page }) => {
  await openConnected(page, { path: '/?features=pay:on' })
  const to = freshAddress()
  const nonce = await nonceOf()
  const pay = await askForPayment(page, { to, amount: '0.0125', asset: 'ETH' })
  await expect(pay.getByTestId('pay-balance')).toContainText('ETH')
  const button = pay.getByRole('button', { name: 'Pay 0.0125 ETH' })
  await button.click()
  await button.click({ force: true })
  await expect(walletRequests(page)).toHaveCount(1)
  await approveWalletRequest(page, 'Send transaction?')
  await expect(pay.getByText('Payment complete')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('pay-status')).toHaveText('success')
  const result = await resolved(page)
  expect(result).toMatchObject({ status: 'success', chainId: 31337, paidAmount: '0.0125' })
  expect(await anvilBalanceWei(to)).toBe(parseEther('0.0125'))
  expect(await nonceOf()).toBe(nonce + 1)
  expect((await chain.getTransactionReceipt({ hash: result['txHash'] as `0x${string}` })).status).toBe('success')
  await pay.getByRole('button', { name: 'Done' }).click()
  await expect(pay).toBeHidden()
})

test('an ERC-20 (dUSDT, decimals read from its contract) from the dev wallet: the recipient holds the amount', async ({ page }) => {
  await openConnected(page, { path: '/?features=pay:on' })
  const to = freshAddress()
  const pay = await askForPayment(page, { to, amount: '2.5', asset: 'dUSDT (6 decimals)' })
  await expect(pay.getByTestId('pay-asked')).toContainText('dUSDT')
  await pay.getByRole('button', { name: 'Pay 2.5 dUSDT' }).click()
  await approveWalletRequest(page, 'Send transaction?')
  await expect(pay.getByText('Payment complete')).toBeVisible({ timeout: 15_000 })
  expect(await resolved(page)).toMatchObject({ status: 'success', paidAmount: '2.5' })
  expect(await anvilTokenBalance('dUSDT', to)).toBe(2_500_000n)
})

test('a rejection in the wallet returns to the review; closing the modal then resolves cancelled, nothing sent', async ({ page }) => {
  await openConnected(page, { path: '/?features=pay:on' })
  const to = freshAddress()
  const nonce = await nonceOf()
  const pay = await askForPayment(page, { to, amount: '0.001', asset: 'ETH' })
  await pay.getByRole('button', { name: 'Pay 0.001 ETH' }).click()
  await expect(pay.getByText('Confirm the payment in your wallet')).toBeVisible()
  await rejectWalletRequest(page, 'Send transaction?')
  await expect(pay.getByRole('button', { name: 'Pay 0.001 ETH' })).toBeEnabled()
  await pay.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByTestId('pay-status')).toHaveText('cancelled')
  expect(await resolved(page)).toEqual({ status: 'cancelled', reason: 'The payment was cancelled.' })
  expect(await nonceOf()).toBe(nonce)
  expect(await anvilBalanceWei(to)).toBe(0n)
})

test('more than the wallet holds is explained before any prompt; Pay stays disabled', async ({ page }) => {
  await openConnected(page, { path: '/?features=pay:on' })
  const pay = await askForPayment(page, { to: freshAddress(), amount: '50000000', asset: 'ETH' })
  await expect(pay.getByTestId('pay-short')).toHaveText('Not enough ETH in this wallet to pay this amount. Add ETH to the wallet, or cancel.')
  await expect(pay.getByRole('button', { name: 'Pay 50000000 ETH' })).toBeDisabled()
  await expect(walletRequests(page)).toHaveCount(0)
  await pay.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByTestId('pay-status')).toHaveText('cancelled')
})

/** Chooses the reference exchange on the Pay view: its page opens in a new tab, the view follows the payment. */
async function payWithExchange(page: Page, pay: ReturnType<typeof dialog>) {
  const tab = page.waitForEvent('popup')
  await pay.getByRole('button', { name: 'Pay with Reference Exchange' }).click()
  const exchange = await tab
  await exchange.waitForURL(/\/exchange\/pay\//)
  await expect(pay.getByText("Approve the payment on Reference Exchange's page", { exact: false })).toBeVisible()
  return exchange
}

test('with the reference exchange: approved on its page, the exchange pays on chain and the promise resolves success with its transfer', async ({ page }) => {
  await openConnected(page, { path: '/?features=pay:on' })
  const to = freshAddress()
  const nonce = await nonceOf()
  const pay = await askForPayment(page, { to, amount: '0.042', asset: 'ETH' })
  const exchange = await payWithExchange(page, pay)
  await expect(exchange.getByTestId('recipient')).toHaveText(to)
  await exchange.getByRole('button', { name: 'Approve' }).click()
  await expect(exchange.getByTestId('status')).toHaveText('succeeded')
  await expect(pay.getByText('Payment complete')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('pay-status')).toHaveText('success')
  const result = await resolved(page)
  expect(result).toMatchObject({ status: 'success', chainId: 31337, paidAmount: '0.042', txHash: (await exchange.getByTestId('hash').textContent())?.trim() })
  expect(await anvilBalanceWei(to)).toBe(parseEther('0.042'))
  // The exchange paid, not the visitor's wallet.
  expect(await nonceOf()).toBe(nonce)
  await pay.getByRole('button', { name: 'Done' }).click()
  await expect(pay).toBeHidden()
})

test('with the reference exchange: declined on its page, the view says so and the promise resolves failed, nothing paid', async ({ page }) => {
  await openConnected(page, { path: '/?features=pay:on' })
  const to = freshAddress()
  const pay = await askForPayment(page, { to, amount: '0.003', asset: 'ETH' })
  const exchange = await payWithExchange(page, pay)
  await exchange.getByRole('button', { name: 'Decline' }).click()
  await expect(pay.getByText('The payment did not go through')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('pay-status')).toHaveText('failed')
  expect(await resolved(page)).toEqual({ status: 'failed', reason: 'The exchange did not complete the payment. The payment was declined at the exchange.' })
  expect(await anvilBalanceWei(to)).toBe(0n)
})
