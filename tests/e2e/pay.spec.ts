/**
 * Pay (spec §1 Pay) through the demo's 'Ask for a payment' (`usePay`, `modal.pay`) from the dev browser wallet on
 * anvil, pay turned on with `?features=pay:on` (off by default, spec §8). Each journey asserts what the chain says
 * (the recipient's balance, the sender's nonce) and what the dapp's promise resolved with.
 */
import { createPublicClient, http, parseEther } from 'viem'
import { ACCOUNT_0, anvilBalanceWei, anvilTokenBalance, approveWalletRequest, dialog, expect, freshAddress, openConnected, rejectWalletRequest, RPC, test, walletRequests } from './fixtures.ts'
import { askForPayment, exchangeWaiting, PAY_ON, payWithExchange, resolved } from './paySteps.ts'
import { resumeConnected, withSharedPage } from './sharedPage.ts'

const chain = createPublicClient({ transport: http(RPC[31337]), cacheTime: 0 })
const nonceOf = () => chain.getTransactionCount({ address: ACCOUNT_0, blockTag: 'latest' })

// The journeys that start connected and end with the modal closed share one page (resumeConnected: no dialog, no wallet
// request, no toast, connected at each start; each closes the exchange's tab it opened). A request is a payment of its
// own, shown from its own parameters (the test 'a new request starts from its own parameters' asserts it), and the
// demo's result reads 'pending' from each request on, so a test never reads the one before's end.
test.describe('connected, one page', () => {
  const shared = withSharedPage(test)

  shared('ETH from the dev wallet: one transfer however often Pay is pressed, success after the receipt, the recipient paid', async ({ page }) => {
    await resumeConnected(page, { path: PAY_ON })
    const to = freshAddress()
    const nonce = await nonceOf()
    const pay = await askForPayment(page, { to, amount: '0.0125', asset: 'ETH', memo: 'Order #1042' })
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

  shared('an ERC-20 (dUSDT, decimals read from its contract) from the dev wallet: the recipient holds the amount', async ({ page }) => {
    await resumeConnected(page, { path: PAY_ON })
    const to = freshAddress()
    const pay = await askForPayment(page, { to, amount: '2.5', asset: 'dUSDT (6 decimals)' })
    await expect(pay.getByTestId('pay-asked')).toContainText('dUSDT')
    await pay.getByRole('button', { name: 'Pay 2.5 dUSDT' }).click()
    await approveWalletRequest(page, 'Send transaction?')
    await expect(pay.getByText('Payment complete')).toBeVisible({ timeout: 15_000 })
    expect(await resolved(page)).toMatchObject({ status: 'success', paidAmount: '2.5' })
    expect(await anvilTokenBalance('dUSDT', to)).toBe(2_500_000n)
    await pay.getByRole('button', { name: 'Done' }).click()
    await expect(pay).toBeHidden()
  })

  shared('a rejection in the wallet returns to the review; closing the modal then resolves cancelled, nothing sent', async ({ page }) => {
    await resumeConnected(page, { path: PAY_ON })
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

  shared('more than the wallet holds is explained before any prompt; Pay stays disabled', async ({ page }) => {
    await resumeConnected(page, { path: PAY_ON })
    const pay = await askForPayment(page, { to: freshAddress(), amount: '50000000', asset: 'ETH' })
    await expect(pay.getByTestId('pay-short')).toHaveText('Not enough ETH in this wallet to pay this amount. Add ETH to the wallet, or cancel.')
    await expect(pay.getByRole('button', { name: 'Pay 50000000 ETH' })).toBeDisabled()
    await expect(walletRequests(page)).toHaveCount(0)
    await pay.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByTestId('pay-status')).toHaveText('cancelled')
  })

  shared('with the reference exchange: approved on its page, the exchange pays on chain and the promise resolves success with its transfer', async ({ page }) => {
    await resumeConnected(page, { path: PAY_ON })
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
    await exchange.close()
  })

  shared('with the reference exchange: declined on its page, the view says so and the promise resolves failed, nothing paid', async ({ page }) => {
    await resumeConnected(page, { path: PAY_ON })
    const to = freshAddress()
    const pay = await askForPayment(page, { to, amount: '0.003', asset: 'ETH' })
    const exchange = await payWithExchange(page, pay)
    await exchange.getByRole('button', { name: 'Decline' }).click()
    await expect(pay.getByText('The payment did not go through')).toBeVisible({ timeout: 15_000 })
    // The end offers another way; the promise settles when the visitor leaves the end (Close).
    await expect(pay.getByRole('button', { name: 'Choose another way' })).toBeVisible()
    await expect(page.getByTestId('pay-status')).toHaveText('pending')
    await pay.getByTestId('pay-end').getByRole('button', { name: 'Close' }).click()
    await expect(page.getByTestId('pay-status')).toHaveText('failed')
    expect(await resolved(page)).toEqual({ status: 'failed', reason: 'The exchange did not complete the payment. The payment was declined at the exchange.' })
    expect(await anvilBalanceWei(to)).toBe(0n)
    await expect(pay).toBeHidden()
    await exchange.close()
  })

  shared('a new request starts from its own parameters: after a rejected prompt and a declined exchange, the next one shows its own amount, asset and note, the ways to pay, no earlier end', async ({ page }) => {
    await resumeConnected(page, { path: PAY_ON })
    // The first request: the wallet's prompt rejected (back to the review), then the exchange declined (its end shown).
    const first = await askForPayment(page, { to: freshAddress(), amount: '0.004', asset: 'ETH', memo: 'Order #7' })
    await first.getByRole('button', { name: 'Pay 0.004 ETH' }).click()
    await rejectWalletRequest(page, 'Send transaction?')
    await expect(first.getByRole('button', { name: 'Pay 0.004 ETH' })).toBeEnabled()
    const exchange = await payWithExchange(page, first)
    await exchange.getByRole('button', { name: 'Decline' }).click()
    await expect(first.getByText('The payment did not go through')).toBeVisible({ timeout: 15_000 })
    await first.getByTestId('pay-end').getByRole('button', { name: 'Close' }).click()
    await expect(page.getByTestId('pay-status')).toHaveText('failed')
    await exchange.close()
    // The next request, another asset, amount and note: the review of that one, pending, nothing of the first left.
    const next = await askForPayment(page, { to: freshAddress(), amount: '1.5', asset: 'dUSDT (6 decimals)', memo: 'Order #8' })
    await expect(page.getByTestId('pay-status')).toHaveText('pending')
    await expect(page.getByTestId('pay-result')).toHaveCount(0)
    await expect(next.getByTestId('pay-review')).toBeVisible()
    await expect(next.getByTestId('pay-asked')).toContainText('dUSDT')
    await expect(next.getByTestId('pay-end')).toHaveCount(0)
    await expect(next.getByTestId('pay-short')).toHaveCount(0)
    await expect(next.getByRole('button', { name: 'Pay 1.5 dUSDT' })).toBeEnabled()
    await expect(next.getByRole('button', { name: 'Pay with Reference Exchange' })).toBeVisible()
    await expect(walletRequests(page)).toHaveCount(0)
    await next.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByTestId('pay-status')).toHaveText('cancelled')
  })

  shared('with the reference exchange: an ERC-20 (dUSDT) approved on its page is paid from its hot wallet; the recipient holds the tokens', async ({ page }) => {
    await resumeConnected(page, { path: PAY_ON })
    const to = freshAddress()
    const pay = await askForPayment(page, { to, amount: '3.5', asset: 'dUSDT (6 decimals)' })
    const exchange = await payWithExchange(page, pay)
    await exchange.getByRole('button', { name: 'Approve' }).click()
    await expect(exchange.getByTestId('status')).toHaveText('succeeded')
    await expect(pay.getByText('Payment complete')).toBeVisible({ timeout: 15_000 })
    expect(await resolved(page)).toMatchObject({ status: 'success', paidAmount: '3.5' })
    expect(await anvilTokenBalance('dUSDT', to)).toBe(3_500_000n)
    await pay.getByRole('button', { name: 'Done' }).click()
    await expect(pay).toBeHidden()
    await exchange.close()
  })
})

test('with the reference exchange: a reload in the middle picks the session up from storage; approved then, the recipient is paid and the page learns success', async ({ page }) => {
  await openConnected(page, { path: PAY_ON })
  const to = freshAddress()
  const pay = await askForPayment(page, { to, amount: '0.021', asset: 'ETH' })
  const exchange = await payWithExchange(page, pay)
  await page.reload()
  // The page after the reload: the modal shows the payment again and the dapp's usePay follows it (modal.getPayResult).
  const resumed = dialog(page, 'Pay')
  await expect(resumed.getByText(exchangeWaiting, { exact: false })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('pay-status')).toHaveText('pending')
  await exchange.getByRole('button', { name: 'Approve' }).click()
  await expect(exchange.getByTestId('status')).toHaveText('succeeded')
  await expect(resumed.getByText('Payment complete')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('pay-status')).toHaveText('success')
  expect(await resolved(page)).toMatchObject({ status: 'success', chainId: 31337, paidAmount: '0.021', txHash: (await exchange.getByTestId('hash').textContent())?.trim() })
  expect(await anvilBalanceWei(to)).toBe(parseEther('0.021'))
  // Nothing is kept once it ended: another reload shows no payment.
  await page.reload()
  await expect(page.getByTestId('pay-status')).toHaveCount(0)
  await expect(dialog(page, 'Pay')).toBeHidden()
})

test("with the reference exchange: a payment that never settles expires at the exchange's deadline (the page clock moved past it); Choose another way goes back to the ways to pay, where the wallet pays and the promise resolves success", async ({
  page,
}) => {
  // The page's clock is Playwright's, flowing with real time until the test moves it past the 15 min deadline.
  await page.clock.install()
  await openConnected(page, { path: PAY_ON })
  const to = freshAddress()
  const pay = await askForPayment(page, { to, amount: '0.007', asset: 'ETH' })
  const exchange = await payWithExchange(page, pay)
  await exchange.getByLabel('It never settles').check()
  await exchange.getByRole('button', { name: 'Approve' }).click()
  await expect(exchange.getByTestId('status')).toHaveText('pending')
  await expect(pay.getByText(exchangeWaiting, { exact: false })).toBeVisible()
  await page.clock.fastForward('15:01')
  await expect(pay.getByText('The payment expired')).toBeVisible({ timeout: 15_000 })
  await expect(pay.getByText('The exchange did not receive the payment before its deadline. Nothing was paid.')).toBeVisible()
  await pay.getByRole('button', { name: 'Choose another way' }).click()
  await expect(pay.getByRole('button', { name: 'Pay with Reference Exchange' })).toBeVisible()
  await expect(pay.getByRole('button', { name: 'Pay 0.007 ETH' })).toBeEnabled()
  await expect(page.getByTestId('pay-status')).toHaveText('pending')
  // The other way: the wallet pays; the promise, still unsettled, resolves with that final end.
  await pay.getByRole('button', { name: 'Pay 0.007 ETH' }).click()
  await approveWalletRequest(page, 'Send transaction?')
  await expect(pay.getByText('Payment complete')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('pay-status')).toHaveText('success')
  expect(await resolved(page)).toMatchObject({ status: 'success', paidAmount: '0.007' })
  expect(await anvilBalanceWei(to)).toBe(parseEther('0.007'))
})

test('with no wallet connected: the Pay view says so and offers the exchange, which pays the recipient', async ({ page }) => {
  await page.goto(PAY_ON)
  const to = freshAddress()
  const pay = await askForPayment(page, { to, amount: '0.011', asset: 'ETH' })
  await expect(pay.getByTestId('pay-balance')).toHaveText('No wallet connected')
  await expect(pay.getByTestId('pay-no-wallet')).toHaveText('To pay from a wallet, connect one on an EVM network. Or pay from an exchange account below.')
  await expect(pay.getByRole('button', { name: /^Pay 0\.011/ })).toHaveCount(0)
  const exchange = await payWithExchange(page, pay)
  await exchange.getByRole('button', { name: 'Approve' }).click()
  await expect(pay.getByText('Payment complete')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('pay-status')).toHaveText('success')
  expect(await resolved(page)).toMatchObject({ status: 'success', paidAmount: '0.011' })
  expect(await anvilBalanceWei(to)).toBe(parseEther('0.011'))
})

test('with no wallet connected: Connect a wallet opens Connect over Pay; once the dev wallet connected the Pay view comes back with its balance, still pending, and Pay pays from it', async ({ page }) => {
  await page.goto(PAY_ON)
  const to = freshAddress()
  const pay = await askForPayment(page, { to, amount: '0.0075', asset: 'ETH' })
  await expect(pay.getByTestId('pay-balance')).toHaveText('No wallet connected')
  await pay.getByRole('button', { name: 'Connect a wallet' }).click()
  const connect = dialog(page, 'Connect Wallet')
  await connect.getByRole('button', { name: 'Latchkey Dev Wallet', exact: true }).click()
  await approveWalletRequest(page, 'Connect to this site?')
  // The connection did not close the modal: Pay is back with the wallet, the payment still pending.
  await expect(pay.getByTestId('pay-balance')).toContainText('ETH')
  await expect(page.getByTestId('pay-status')).toHaveText('pending')
  const nonce = await nonceOf()
  await pay.getByRole('button', { name: 'Pay 0.0075 ETH' }).click()
  await approveWalletRequest(page, 'Send transaction?')
  await expect(pay.getByText('Payment complete')).toBeVisible({ timeout: 15_000 })
  expect(await resolved(page)).toMatchObject({ status: 'success', chainId: 31337, paidAmount: '0.0075' })
  expect(await anvilBalanceWei(to)).toBe(parseEther('0.0075'))
  expect(await nonceOf()).toBe(nonce + 1)
})
