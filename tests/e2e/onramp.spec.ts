/**
 * On-ramp: Account's Buy → the buy form on the reference server's options and quotes → Continue opens
 * the development provider's checkout (dev/onramp) in a popup from the click → Pay sends the ETH from the treasury on
 * anvil → the modal sees the purchase in the history with `onramp` and shows it done; Account's balance and Activity
 * show it. An amount under the card minimum is refused with the limits; the options and quote failures show the
 * fallbacks of spec §8; closing the popup cancels; a purchase whose transfer reverted on the chain is not shown as
 * arrived.
 */
import type { Locator, Page } from '@playwright/test'
import { createPublicClient, createTestClient, createWalletClient, formatEther, http, parseEther, type Hash } from 'viem'
import { ACCOUNT_0, ACCOUNT_1, accountButton, anvilBalanceWei, openConnected, dialog, expect, expectedBalance, freshAddress, grouped, RPC, test } from './fixtures.ts'
import { shootThemes } from './shots.ts'
import { ONRAMP_URL } from './stack.ts'

async function openBuy(page: Page): Promise<Locator> {
  await openConnected(page)
  await accountButton(page).address.click()
  await dialog(page, 'Account').getByRole('button', { name: 'Buy', exact: true }).click()
  const buy = dialog(page, 'Buy crypto')
  await expect(buy.getByRole('combobox', { name: 'You buy' })).toBeVisible()
  return buy
}

const amount = (buy: Locator) => buy.getByRole('textbox', { name: 'You pay' })

test('buy 50 USD of ETH by card: the checkout popup pays from the treasury, the ETH arrives on anvil, Account and Activity show it', async ({ page }) => {
  const buy = await openBuy(page)
  await expect(buy.getByRole('combobox', { name: 'You buy' })).toHaveValue('ETH')
  await expect(buy.getByRole('combobox', { name: 'Payment currency' })).toHaveValue('USD')
  await expect(buy.getByRole('combobox', { name: 'Payment method' })).toHaveValue('card')
  await expect(buy.getByTestId('onramp-limits')).toHaveText('Between 10.00 and 7500.00 USD by card')
  await amount(buy).fill('50')
  const quote = buy.getByTestId('onramp-quote')
  // 50 USD at 3000 USD per ETH; provider fee 1.5 %, network fee 0.50.
  await expect(quote).toContainText('0.016666 ETH')
  await expect(quote).toContainText('$0.75')
  await expect(quote).toContainText('$0.50')
  await expect(buy.getByTestId('onramp-total')).toHaveText('$51.25')
  await expect(buy.getByTestId('onramp-estimate')).toHaveCount(0)

  // The provider choice: Coinbase, back to the form.
  await buy.getByRole('button', { name: /^Provider: Meld/ }).click()
  await dialog(page, 'Choose a provider')
    .getByRole('button', { name: /^Coinbase/ })
    .click()
  await expect(buy.getByRole('button', { name: /^Provider: Coinbase/ })).toBeVisible()

  const before = await anvilBalanceWei(ACCOUNT_0)
  const popupPromise = page.waitForEvent('popup')
  await buy.getByRole('button', { name: 'Continue with Coinbase' }).click()
  const popup = await popupPromise
  await popup.waitForURL(`${ONRAMP_URL}/checkout?**`)
  await expect(popup.getByTestId('amount')).toHaveText('0.01666667 ETH')
  await expect(popup.getByTestId('fiat')).toHaveText('50.00 USD')
  await expect(popup.getByTestId('address')).toHaveText(ACCOUNT_0)
  await expect(popup.getByTestId('network')).toHaveText('Anvil Local')
  await expect(dialog(page, 'Complete your purchase').getByText(/Complete the purchase in the Coinbase window/)).toBeVisible()
  const closed = popup.waitForEvent('close')
  await popup.getByRole('button', { name: 'Pay' }).click()

  const done = dialog(page, 'Complete your purchase').getByTestId('onramp-done')
  await expect(done).toContainText('Purchase complete')
  await expect(done).toContainText('0.016666 ETH arrived in your wallet')
  await closed
  expect(await anvilBalanceWei(ACCOUNT_0)).toBe(before + parseEther('0.01666667'))

  // Account shows the new balance; Activity the purchase.
  await page.keyboard.press('Escape')
  await accountButton(page).address.click()
  const account = dialog(page, 'Account')
  await expect(account.getByRole('tabpanel')).toContainText(`${grouped(await expectedBalance(ACCOUNT_0))} ETH`)
  await account.getByRole('tab', { name: 'Activity' }).click()
  await expect(account.getByRole('tabpanel').getByRole('listitem').first()).toContainText(`Received ${formatEther(parseEther('0.01666667')).slice(0, 5)}`)
})

test('the payment currency shows its image from the directory (spec §7 /public/getCurrencyImage/{id}), which follows the choice', async ({ page }) => {
  const asked: string[] = []
  page.on('request', (request) => {
    const match = /\/public\/getCurrencyImage\/([^?]+)\?/.exec(request.url())
    if (match?.[1]) asked.push(match[1])
  })
  const buy = await openBuy(page)
  const icon = buy.getByTestId('onramp-currency-icon').locator('img')
  await expect.poll(() => icon.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true)
  await expect(icon).toHaveAttribute('src', /\/public\/getCurrencyImage\/USD\?.*projectId=/)
  await expect(icon).toHaveAttribute('alt', '')
  await buy.getByRole('combobox', { name: 'Payment currency' }).selectOption('EUR')
  await expect(icon).toHaveAttribute('src', /\/public\/getCurrencyImage\/EUR\?/)
  await expect.poll(() => icon.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true)
  expect(asked).toEqual(['USD', 'EUR'])
})

test('a currency image that fails to load leaves a coin glyph in its place', async ({ page }) => {
  await page.route('**/public/getCurrencyImage/**', (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"none"}' }))
  const buy = await openBuy(page)
  await expect(buy.getByTestId('onramp-currency-icon').locator('[data-fallback="true"] svg')).toBeVisible()
  await expect(buy.getByTestId('onramp-currency-icon').locator('img')).toHaveCount(0)
})

test('an amount under the card minimum is refused with the limits; within them it is quoted', async ({ page }) => {
  const buy = await openBuy(page)
  await amount(buy).fill('5')
  await expect(buy.getByTestId('onramp-error')).toHaveText('Enter an amount between 10.00 and 7500.00 USD for card')
  await expect(amount(buy)).toHaveAttribute('aria-invalid', 'true')
  await expect(buy.getByRole('button', { name: 'Continue with Meld' })).toBeDisabled()
  await expect(buy.getByTestId('onramp-quote')).toHaveCount(0)
  await amount(buy).fill('7500.01')
  await expect(buy.getByTestId('onramp-error')).toHaveText('Enter an amount between 10.00 and 7500.00 USD for card')
  // Another method has other limits (ACH up to 25000.00).
  await buy.getByRole('combobox', { name: 'Payment method' }).selectOption('ach_bank_account')
  await expect(buy.getByTestId('onramp-limits')).toHaveText('Between 10.00 and 25000.00 USD by ACH bank transfer')
  await expect(buy.getByTestId('onramp-error')).toHaveText('')
  await expect(buy.getByTestId('onramp-total')).toBeVisible()
  await expect(buy.getByRole('button', { name: 'Continue with Meld' })).toBeEnabled()
})

test('the options call failing shows the built-in sample options; the quote call failing shows the placeholder quote as an estimate', async ({ page }) => {
  await page.route('**/blockchain/v1/onramp/options**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }))
  await page.route('**/blockchain/v1/onramp/quote**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }))
  const buy = await openBuy(page)
  await expect(buy.getByTestId('onramp-sample')).toHaveText('Live options are unavailable: showing sample options.')
  // The sample options: ETH and USDC, USD and EUR, card 10.00–7500.00 (spec §9).
  await expect(buy.getByRole('combobox', { name: 'You buy' }).locator('option')).toHaveText(['Ethereum (ETH)', 'USD Coin (USDC)'])
  await expect(buy.getByRole('combobox', { name: 'Payment currency' }).locator('option')).toHaveText(['USD', 'EUR'])
  await expect(buy.getByTestId('onramp-limits')).toHaveText('Between 10.00 and 7500.00 USD by card')
  await amount(buy).fill('50')
  await expect(buy.getByTestId('onramp-estimate')).toHaveText('Estimate: the live quote is unavailable. The provider shows the final price.')
  await expect(buy.getByTestId('onramp-total')).toHaveText('≈ $50.00')
  await expect(buy.getByTestId('onramp-purchase-amount')).toHaveText('—')
})

test('closing the checkout popup cancels: back to the form, nothing bought', async ({ page }) => {
  const buy = await openBuy(page)
  await amount(buy).fill('20')
  // The quote of 20 USD has arrived (the reference server's fixed fees: $0.50 network, $0.30 provider).
  await expect(buy.getByTestId('onramp-total')).toHaveText('$20.80')
  await expect(buy.getByRole('button', { name: 'Continue with Meld' })).toBeEnabled()
  const before = await anvilBalanceWei(ACCOUNT_0)
  const popupPromise = page.waitForEvent('popup')
  await buy.getByRole('button', { name: 'Continue with Meld' }).click()
  const popup = await popupPromise
  await popup.waitForURL(`${ONRAMP_URL}/checkout?**`)
  await expect(dialog(page, 'Complete your purchase')).toBeVisible()
  await popup.close()
  await expect(dialog(page, 'Buy crypto').getByRole('button', { name: 'Continue with Meld' })).toBeEnabled()
  await expect(amount(dialog(page, 'Buy crypto'))).toHaveValue('20')
  expect(await anvilBalanceWei(ACCOUNT_0)).toBe(before)
})

test('Cancel purchase in the modal closes the checkout popup', async ({ page }) => {
  const buy = await openBuy(page)
  await amount(buy).fill('20')
  // The quote of 20 USD has arrived (the reference server's fixed fees: $0.50 network, $0.30 provider).
  await expect(buy.getByTestId('onramp-total')).toHaveText('$20.80')
  await expect(buy.getByRole('button', { name: 'Continue with Meld' })).toBeEnabled()
  const popupPromise = page.waitForEvent('popup')
  await buy.getByRole('button', { name: 'Continue with Meld' }).click()
  const popup = await popupPromise
  await popup.waitForURL(`${ONRAMP_URL}/checkout?**`)
  const closed = popup.waitForEvent('close')
  await dialog(page, 'Complete your purchase').getByRole('button', { name: 'Cancel purchase' }).click()
  await closed
  await expect(dialog(page, 'Buy crypto').getByRole('button', { name: 'Continue with Meld' })).toBeEnabled()
})

/** A transaction that reverted on anvil: a call, from an unlocked dev account, into code that always reverts (PUSH1 0 PUSH1 0 REVERT). */
async function revertedTransaction(): Promise<Hash> {
  const rpc = RPC[31337]
  const reverter = freshAddress()
  const anvil = createTestClient({ mode: 'anvil', transport: http(rpc) })
  await anvil.setCode({ address: reverter, bytecode: '0x60006000fd' })
  // anvil's dev accounts are unlocked: the node signs (eth_sendTransaction); the gas is given, so nothing estimates the revert away.
  const hash = await createWalletClient({ transport: http(rpc) }).sendTransaction({ account: ACCOUNT_1, to: reverter, gas: 100_000n, chain: null })
  const receipt = await createPublicClient({ transport: http(rpc), cacheTime: 0 }).waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('reverted')
  return hash
}

test('a purchase whose transfer reverted on the chain is not shown as arrived: the modal names the transfer and offers Buy more', async ({ page }) => {
  const reverted = await revertedTransaction()
  // The development provider records only transfers that succeeded; a provider whose transfer reverts cannot run here,
  // so its purchases are rewritten on their way to the page to name the reverted transaction (the chain stays real).
  await page.route('**/v1/account/*/history**', async (route) => {
    if (!new URL(route.request().url()).searchParams.get('onramp')) return route.continue()
    const response = await route.fetch()
    const body = (await response.json()) as { data: Array<{ metadata: { hash: string } }> }
    for (const t of body.data) t.metadata.hash = reverted
    return route.fulfill({ response, json: body })
  })
  // The wallet's receipt read of that transaction is held until the settling view has been looked at.
  let release: () => void = () => {}
  const released = new Promise<void>((r) => (release = r))
  const chain = new URL(RPC[31337]).origin
  await page.route(
    (url) => url.origin === chain,
    async (route) => {
      const body = route.request().postData() ?? ''
      if (body.includes('eth_getTransactionReceipt') && body.includes(reverted)) await released
      return route.continue()
    },
  )
  const buy = await openBuy(page)
  await amount(buy).fill('20')
  await expect(buy.getByTestId('onramp-total')).toHaveText('$20.80')
  const popupPromise = page.waitForEvent('popup')
  await buy.getByRole('button', { name: 'Continue with Meld' }).click()
  const popup = await popupPromise
  await popup.waitForURL(`${ONRAMP_URL}/checkout?**`)
  const closed = popup.waitForEvent('close')
  await popup.getByRole('button', { name: 'Pay' }).click()
  await closed

  // Paid: the transfer is followed on the chain, and Cancel is gone (the payment is made).
  const checkout = dialog(page, 'Complete your purchase')
  await expect(checkout.getByTestId('onramp-settling')).toHaveText('Payment received. Waiting for the network to confirm the transfer to your wallet…')
  await expect(checkout.getByRole('button', { name: 'Cancel purchase' })).toHaveCount(0)
  await shootThemes(page, 'onramp-settling')
  release()

  const unsettled = checkout.getByTestId('onramp-unsettled')
  await expect(unsettled.getByRole('heading')).toHaveText('The transfer did not arrive')
  await expect(unsettled.getByRole('alert')).toHaveText('The payment went through, but its transfer to your wallet failed on the network. Contact the provider with this transaction:')
  await expect(unsettled.getByTestId('onramp-unsettled-hash')).toHaveText(reverted)
  await expect(checkout.getByTestId('onramp-done')).toHaveCount(0)
  await shootThemes(page, 'onramp-unsettled')
  await unsettled.getByRole('button', { name: 'Buy more' }).click()
  await expect(dialog(page, 'Buy crypto').getByRole('textbox', { name: 'You pay' })).toHaveValue('')
})
