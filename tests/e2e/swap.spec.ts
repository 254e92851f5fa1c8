import { createWalletClient, erc20Abi, formatUnits, http, parseEther, parseUnits } from 'viem'
import { devAccounts } from '../../dev/accounts.ts'
import { getAmountOut, ROUTER_ADDRESS, routerAbi, WETH_ADDRESS } from '../../dev/dex/exchange.ts'
import { DEV_TETHER_ADDRESS, DEV_TOKEN_ADDRESS } from '../../dev/tokens/tokens.ts'
import { ACCOUNT_0, accountButton, anvilBalanceWei, anvilTokenBalance, apiTokenPrice, approveWalletRequest, dialog, expect, rejectWalletRequest, RPC, test, toast, walletRequests } from './fixtures.ts'
import { allowance, fillSwap, reserves, setAllowance, swapChain } from './swapSteps.ts'
import { resumeConnected, withSharedPage } from './sharedPage.ts'
import type { Page } from '@playwright/test'

/**
 * Swap on the e2e stack's exchange (dev/dex: Uniswap v2 on anvil), through the demo and the dev wallet:
 * what the account receives is what the pool math gives for the reserves the swap met, and within the slippage of
 * the quote the form showed; an approval is a prompt of its own; a rejection in either prompt keeps the form; a
 * failing quote endpoint offers a retry that works.
 */
const client = swapChain

/** What the reference server answers as a balance's `value` (USD, rounded to cents), as en-US currency. */
function usd(amount: string, price: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Math.round(Number(amount) * price * 100) / 100)
}

/** The displayed amount as a number ('1,974.316' → 1974.316). */
const shown = (text: string) => Number(text.replace(/[^\d.]/g, ''))

/**
 * Swapping is the subject, not connecting: each test starts with dev account 0 connected on chain 31337, with
 * Playwright's clock installed on the page (time flows as usual): a test can pass the review's 15 s re-quote at once
 * instead of waiting. A test on a page of its own opens it connected; one on the shared page takes it as the test
 * before left it (resumeConnected).
 */
async function startConnected(page: Page): Promise<void> {
  if (page.url() === 'about:blank') await page.clock.install()
  await resumeConnected(page)
}

// Each of these tests ends on a swap that went through, which resets the form (spec §4): they share one connected page
// (Account closed on its Tokens tab, no wallet request, no toast, dev account 0 on chain 31337 at each start). A test
// ends once the success toast shows: it follows the loading toast after `timing.toastSwap`, with no toast in between,
// so a test ending then would leave the next start's "no toast" passing on a toast still to come.
test.describe('on one connected page', () => {
  const shared = withSharedPage(test)
  shared.beforeEach(({ page }) => startConnected(page))

  shared('ETH → DEV: one prompt; the DEV received is the pool math for the reserves the swap met, within 1 % of the quote', async ({ page }) => {
    await fillSwap(page, '0.1', 'DEV')
    const quoted = shown(await dialog(page, 'Swap').getByTestId('swap-to-amount').innerText())
    expect(quoted).toBeGreaterThan(0)
    await dialog(page, 'Swap').getByRole('button', { name: 'Review swap' }).click()
    const review = dialog(page, 'Review Swap')
    await expect(review.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled({ timeout: 15_000 })
    const { reserveIn, reserveOut } = await reserves(WETH_ADDRESS, DEV_TOKEN_ADDRESS)
    const devBefore = await anvilTokenBalance('DEV', ACCOUNT_0)
    await review.getByRole('button', { name: 'Swap', exact: true }).click()
    await approveWalletRequest(page, 'Send transaction?')
    await expect(dialog(page, 'Account')).toBeVisible({ timeout: 20_000 })
    await expect(toast(page, 'Swap confirmed')).toBeVisible()
    const received = (await anvilTokenBalance('DEV', ACCOUNT_0)) - devBefore
    expect(received).toBe(getAmountOut(parseEther('0.1'), reserveIn, reserveOut))
    const receivedTokens = Number(received) / 1e18
    expect(receivedTokens).toBeGreaterThanOrEqual(quoted * 0.99 - 0.001)
  })

  shared('DEV → dUSDT needing approval: two prompts; the allowance is read back between them; dUSDT is the pool math', async ({ page }) => {
    await setAllowance(DEV_TOKEN_ADDRESS, 0n)
    await fillSwap(page, '10', 'dUSDT', 'DEV')
    await dialog(page, 'Swap').getByRole('button', { name: 'Review swap' }).click()
    const review = dialog(page, 'Review Swap')
    const approveAndSwap = review.getByRole('button', { name: 'Approve and swap' })
    await expect(approveAndSwap).toBeEnabled({ timeout: 15_000 })
    await approveAndSwap.click()
    await approveWalletRequest(page, 'Send transaction?')
    // The approval landed: the allowance covers the amount before the swap is asked.
    await expect.poll(() => allowance(DEV_TOKEN_ADDRESS), { timeout: 15_000 }).toBeGreaterThanOrEqual(parseUnits('10', 18))
    const { reserveIn, reserveOut } = await reserves(DEV_TOKEN_ADDRESS, DEV_TETHER_ADDRESS)
    const before = { dev: await anvilTokenBalance('DEV', ACCOUNT_0), usdt: await anvilTokenBalance('dUSDT', ACCOUNT_0) }
    await approveWalletRequest(page, 'Send transaction?')
    await expect(dialog(page, 'Account')).toBeVisible({ timeout: 20_000 })
    await expect(toast(page, 'Swap confirmed')).toBeVisible()
    expect(before.dev - (await anvilTokenBalance('DEV', ACCOUNT_0))).toBe(parseUnits('10', 18))
    expect((await anvilTokenBalance('dUSDT', ACCOUNT_0)) - before.usdt).toBe(getAmountOut(parseUnits('10', 18), reserveIn, reserveOut))
  })

  shared('WETH → ETH, an unwrap WETH settles itself (withdraw): one prompt, no approval asked, the router allowance untouched', async ({ page }) => {
    await setAllowance(WETH_ADDRESS, 0n)
    // ETH → WETH first (a wrap: WETH deposit), so account 0 holds WETH.
    await fillSwap(page, '0.2', 'WETH')
    await dialog(page, 'Swap').getByRole('button', { name: 'Review swap' }).click()
    await dialog(page, 'Review Swap').getByRole('button', { name: 'Swap', exact: true }).click({ timeout: 15_000 })
    await approveWalletRequest(page, 'Send transaction?')
    await expect(dialog(page, 'Account')).toBeVisible({ timeout: 20_000 })
    const weth = () => client.readContract({ address: WETH_ADDRESS, abi: erc20Abi, functionName: 'balanceOf', args: [ACCOUNT_0] })
    const wethBefore = await weth()
    expect(wethBefore).toBeGreaterThanOrEqual(parseEther('0.2'))
    await page.keyboard.press('Escape')
    await fillSwap(page, '0.1', 'ETH', 'WETH')
    await dialog(page, 'Swap').getByRole('button', { name: 'Review swap' }).click()
    const review = dialog(page, 'Review Swap')
    // No approval: the button says Swap, not 'Approve and swap'.
    await expect(review.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled({ timeout: 15_000 })
    await expect(review.getByRole('button', { name: 'Approve and swap' })).toHaveCount(0)
    const ethBefore = await anvilBalanceWei(ACCOUNT_0)
    await review.getByRole('button', { name: 'Swap', exact: true }).click()
    await approveWalletRequest(page, 'Send transaction?')
    await expect(dialog(page, 'Account')).toBeVisible({ timeout: 20_000 })
    await expect(toast(page, 'Swap confirmed')).toBeVisible()
    expect(wethBefore - (await weth())).toBe(parseEther('0.1'))
    // ETH back, less the gas of one transaction.
    const gained = (await anvilBalanceWei(ACCOUNT_0)) - ethBefore
    expect(gained).toBeGreaterThan(parseEther('0.099'))
    expect(gained).toBeLessThanOrEqual(parseEther('0.1'))
    expect(await allowance(WETH_ADDRESS)).toBe(0n)
  })

  shared('Account prices tokens at what /v1/fungible/price says: after a DEV → dUSDT swap moved the pool, the DEV row is the balance at the new, lower price', async ({ page }) => {
    await setAllowance(DEV_TOKEN_ADDRESS, parseUnits('1000000', 18))
    const priceBefore = await apiTokenPrice('DEV')
    expect(priceBefore).toBeGreaterThan(0)
    await fillSwap(page, '2000', 'dUSDT', 'DEV')
    await dialog(page, 'Swap').getByRole('button', { name: 'Review swap' }).click()
    await dialog(page, 'Review Swap').getByRole('button', { name: 'Swap', exact: true }).click({ timeout: 15_000 })
    await approveWalletRequest(page, 'Send transaction?')
    const account = dialog(page, 'Account')
    await expect(account).toBeVisible({ timeout: 20_000 })
    // 2000 DEV sold into a pool of about 200 000: DEV's price against dUSDT falls by about 2 %.
    const priceAfter = await apiTokenPrice('DEV')
    expect(priceAfter).toBeGreaterThan(0)
    expect(priceAfter).toBeLessThan(priceBefore * 0.99)
    const panel = account.getByRole('tabpanel')
    const devRow = panel.getByRole('listitem').filter({ hasText: 'Dev Token' })
    await expect(devRow.getByTestId('token-fiat')).toHaveText(usd(formatUnits(await anvilTokenBalance('DEV', ACCOUNT_0), 18), priceAfter), { timeout: 20_000 })
    const usdtRow = panel.getByRole('listitem').filter({ hasText: 'Dev Tether' })
    await expect(usdtRow.getByTestId('token-fiat')).toHaveText(usd(formatUnits(await anvilTokenBalance('dUSDT', ACCOUNT_0), 6), await apiTokenPrice('dUSDT')))
    await expect(
      panel
        .getByRole('listitem')
        .filter({ hasText: /\d ETH\b/ })
        .getByTestId('token-fiat'),
    ).toHaveText(/^\$[1-9][\d,]*\.\d\d$/)
    await expect(panel).not.toContainText('$0.00')
  })

  shared('the pool moves while the review is open (another account swaps 10 ETH into it): Swap re-quotes, says the price moved and does not ask the wallet; the next Swap does', async ({ page }) => {
    test.setTimeout(60_000)
    await fillSwap(page, '0.1', 'DEV')
    await dialog(page, 'Swap').getByRole('button', { name: 'Review swap' }).click()
    const review = dialog(page, 'Review Swap')
    await expect(review.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled({ timeout: 15_000 })
    // The review re-quotes every 15 s on its own: the pool is moved just after one of those (the clock moved past it), so
    // the next cannot show the new price before the visitor clicks Swap (the click's own re-quote is what is tested).
    const requoted = page.waitForResponse((response) => response.url().includes('/v1/convert/quotes'))
    await page.clock.fastForward(15_000)
    await requoted
    await expect(review.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled()
    const minimumBefore = shown(await review.getByTestId('swap-preview-minimum').innerText())
    // Dev account 4 buys DEV with 10 ETH from the same pool: DEV gets about 20 % dearer, far past the 1 % slippage.
    const other = devAccounts()[4]!
    const wallet = createWalletClient({ account: other, transport: http(RPC[31337]) })
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 600)
    const hash = await wallet.writeContract({
      address: ROUTER_ADDRESS,
      abi: routerAbi,
      functionName: 'swapExactETHForTokens',
      args: [0n, [WETH_ADDRESS, DEV_TOKEN_ADDRESS], other.address, deadline],
      value: parseEther('10'),
      chain: null,
    })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    await review.getByRole('button', { name: 'Swap', exact: true }).click()
    await expect(review.getByTestId('swap-error')).toHaveText('The price moved below your minimum. Review the new price.', { timeout: 15_000 })
    await expect(walletRequests(page)).toHaveCount(0)
    const minimumAfter = shown(await review.getByTestId('swap-preview-minimum').innerText())
    expect(minimumAfter).toBeLessThan(minimumBefore * 0.9)
    // The visitor saw the new price: Swap asks the wallet now, and the swap meets the new minimum.
    const { reserveIn, reserveOut } = await reserves(WETH_ADDRESS, DEV_TOKEN_ADDRESS)
    const devBefore = await anvilTokenBalance('DEV', ACCOUNT_0)
    await review.getByRole('button', { name: 'Swap', exact: true }).click()
    await approveWalletRequest(page, 'Send transaction?')
    await expect(dialog(page, 'Account')).toBeVisible({ timeout: 20_000 })
    const received = (await anvilTokenBalance('DEV', ACCOUNT_0)) - devBefore
    expect(received).toBe(getAmountOut(parseEther('0.1'), reserveIn, reserveOut))
    expect(Number(received) / 1e18).toBeGreaterThanOrEqual(minimumAfter - 0.001)
  })
})

test.describe('on a page of its own', () => {
  test.beforeEach(({ page }) => startConnected(page))

  test('rejecting the approval returns to the form with the tokens and amount kept; nothing moved', async ({ page }) => {
    await setAllowance(DEV_TOKEN_ADDRESS, 0n)
    const devBefore = await anvilTokenBalance('DEV', ACCOUNT_0)
    await fillSwap(page, '5', 'dUSDT', 'DEV')
    await dialog(page, 'Swap').getByRole('button', { name: 'Review swap' }).click()
    const approveAndSwap = dialog(page, 'Review Swap').getByRole('button', { name: 'Approve and swap' })
    await expect(approveAndSwap).toBeEnabled({ timeout: 15_000 })
    await approveAndSwap.click()
    await rejectWalletRequest(page, 'Send transaction?')
    const swap = dialog(page, 'Swap')
    await expect(swap).toBeVisible()
    await expect(swap.getByTestId('swap-amount')).toHaveValue('5')
    await expect(swap.getByRole('button', { name: 'You pay: DEV' })).toBeVisible()
    await expect(swap.getByRole('button', { name: 'You receive: dUSDT' })).toBeVisible()
    expect(await allowance(DEV_TOKEN_ADDRESS)).toBe(0n)
    expect(await anvilTokenBalance('DEV', ACCOUNT_0)).toBe(devBefore)
  })

  test('rejecting the swap after the approval returns to the form; the approval stays, the balances do not move', async ({ page }) => {
    await setAllowance(DEV_TOKEN_ADDRESS, 0n)
    await fillSwap(page, '5', 'dUSDT', 'DEV')
    await dialog(page, 'Swap').getByRole('button', { name: 'Review swap' }).click()
    const approveAndSwap = dialog(page, 'Review Swap').getByRole('button', { name: 'Approve and swap' })
    await expect(approveAndSwap).toBeEnabled({ timeout: 15_000 })
    await approveAndSwap.click()
    await approveWalletRequest(page, 'Send transaction?')
    await expect.poll(() => allowance(DEV_TOKEN_ADDRESS), { timeout: 15_000 }).toBeGreaterThan(0n)
    const before = { dev: await anvilTokenBalance('DEV', ACCOUNT_0), usdt: await anvilTokenBalance('dUSDT', ACCOUNT_0) }
    await rejectWalletRequest(page, 'Send transaction?')
    const swap = dialog(page, 'Swap')
    await expect(swap).toBeVisible()
    await expect(swap.getByTestId('swap-amount')).toHaveValue('5')
    expect(await anvilTokenBalance('DEV', ACCOUNT_0)).toBe(before.dev)
    expect(await anvilTokenBalance('dUSDT', ACCOUNT_0)).toBe(before.usdt)
  })

  test('the quote endpoint failing: the form says so and offers a retry, which quotes once the endpoint answers', async ({ page }) => {
    await page.route('**/v1/convert/quotes**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }))
    await accountButton(page).address.click()
    await dialog(page, 'Account').getByRole('button', { name: 'Swap', exact: true }).click()
    const swap = dialog(page, 'Swap')
    await swap.getByRole('button', { name: /^You receive: / }).click()
    await dialog(page, 'Select Token')
      .getByRole('button', { name: /^DEV\b/ })
      .first()
      .click()
    await swap.getByTestId('swap-amount').fill('0.01')
    await expect(swap.getByTestId('swap-error')).toBeVisible({ timeout: 15_000 })
    await expect(swap.getByRole('button', { name: 'Review swap' })).toBeDisabled()
    await page.unroute('**/v1/convert/quotes**')
    await swap.getByRole('button', { name: 'Try again' }).click()
    await expect(swap.getByRole('button', { name: 'Review swap' })).toBeEnabled({ timeout: 15_000 })
    expect(shown(await swap.getByTestId('swap-to-amount').innerText())).toBeGreaterThan(0)
    expect(await anvilBalanceWei(ACCOUNT_0)).toBeGreaterThan(0n)
  })

  test('an amount above the balance: Review swap says "Insufficient ETH balance" and the wallet is never asked', async ({ page }) => {
    const balance = await anvilBalanceWei(ACCOUNT_0)
    // One ETH more than the account holds (whole ETH, so the field takes it).
    const over = (balance / 10n ** 18n + 1n).toString()
    await fillSwap(page, over, 'DEV')
    const swap = dialog(page, 'Swap')
    await swap.getByRole('button', { name: 'Review swap' }).click()
    await expect(swap.getByTestId('swap-error')).toHaveText('Insufficient ETH balance')
    await expect(dialog(page, 'Review Swap')).toHaveCount(0)
    await expect(walletRequests(page)).toHaveCount(0)
    // An amount within the balance clears it and reviews.
    await swap.getByTestId('swap-amount').fill('0.01')
    await expect(swap.getByTestId('swap-error')).toHaveText('')
    await expect(swap.getByRole('button', { name: 'Review swap' })).toBeEnabled({ timeout: 15_000 })
    await swap.getByRole('button', { name: 'Review swap' }).click()
    await expect(dialog(page, 'Review Swap')).toBeVisible()
  })

  test('an amount the pool cannot fill (DEV → dUSDT for 10⁻¹² DEV buys no dUSDT: the API answers 422): "No liquidity for this swap", no review', async ({ page }) => {
    let status = 0
    page.on('response', (response) => {
      if (response.url().includes('/v1/convert/quotes')) status = response.status()
    })
    await accountButton(page).address.click()
    await dialog(page, 'Account').getByRole('button', { name: 'Swap', exact: true }).click()
    const swap = dialog(page, 'Swap')
    await swap.getByRole('button', { name: /^You pay: / }).click()
    await dialog(page, 'Select Token')
      .getByRole('button', { name: /^DEV\b/ })
      .first()
      .click()
    await swap.getByRole('button', { name: /^You receive: / }).click()
    await dialog(page, 'Select Token')
      .getByRole('button', { name: /^dUSDT\b/ })
      .first()
      .click()
    await swap.getByTestId('swap-amount').fill('0.000000000001')
    await expect(swap.getByTestId('swap-error')).toHaveText('No liquidity for this swap', { timeout: 15_000 })
    expect(status).toBe(422)
    await expect(swap.getByRole('button', { name: 'Review swap' })).toBeDisabled()
    // A fillable amount quotes again.
    await swap.getByTestId('swap-amount').fill('1')
    await expect(swap.getByRole('button', { name: 'Review swap' })).toBeEnabled({ timeout: 15_000 })
    await expect(swap.getByTestId('swap-error')).toHaveText('')
  })

  test("the gas-price endpoint refusing the network: the review says 'Network not supported for Gas Price', word for word; Swap stays off", async ({ page }) => {
    await page.route('**/v1/convert/gas-price**', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'Network not supported for Gas Price' }) }))
    await fillSwap(page, '0.01', 'DEV')
    await dialog(page, 'Swap').getByRole('button', { name: 'Review swap' }).click()
    const review = dialog(page, 'Review Swap')
    await expect(review.getByTestId('swap-error')).toHaveText('Network not supported for Gas Price', { timeout: 15_000 })
    await expect(review.getByRole('button', { name: 'Swap', exact: true })).toBeDisabled()
    await expect(walletRequests(page)).toHaveCount(0)
  })

  test("modal.open({ view: 'Swap', data }) opens the form with the swap arguments, quoted; a malformed amount throws InvalidOptionsError naming it", async ({ page }) => {
    const thrown = await page.evaluate(async () => {
      try {
        await (window as any).latchkey.open({ view: 'Swap', data: { fromToken: 'ETH', toToken: 'DEV', amount: '-1' } })
        return 'opened'
      } catch (e) {
        return `${(e as Error).name}: ${(e as Error).message}`
      }
    })
    expect(thrown).toMatch(/^InvalidOptionsError: .*data\.amount/)
    await expect(dialog(page, 'Swap')).toHaveCount(0)
    await page.evaluate(() => (window as any).latchkey.open({ view: 'Swap', data: { fromToken: 'ETH', toToken: 'DEV', amount: '0.1' } }))
    const swap = dialog(page, 'Swap')
    await expect(swap.getByRole('button', { name: /^You pay: ETH\b/ })).toBeVisible({ timeout: 15_000 })
    await expect(swap.getByRole('button', { name: /^You receive: DEV\b/ })).toBeVisible()
    await expect(swap.getByTestId('swap-amount')).toHaveValue('0.1')
    await expect(swap.getByRole('button', { name: 'Review swap' })).toBeEnabled({ timeout: 15_000 })
    // The quote is the router's for 0.1 ETH now (floored to the 3 decimals shown).
    const { reserveIn, reserveOut } = await reserves(WETH_ADDRESS, DEV_TOKEN_ADDRESS)
    const expected = Number(getAmountOut(parseEther('0.1'), reserveIn, reserveOut) / 10n ** 15n) / 1000
    expect(shown(await swap.getByTestId('swap-to-amount').innerText())).toBeCloseTo(expected, 2)
  })

  test("a swap asked on Solana: 'Network not supported for Swaps', word for word; Account offers no Swap there", async ({ page }) => {
    await page.keyboard.press('Escape').catch(() => {})
    await page
      .locator('.buttons')
      .getByRole('button', { name: /^Switch network/ })
      .click()
    await dialog(page, 'Switch Network').getByRole('button', { name: 'Solana Localnet', exact: true }).click()
    // SwitchActiveChain: no Solana account yet; connect one.
    await page.getByRole('dialog').getByRole('button', { name: 'Connect a wallet', exact: true }).click()
    const connect = dialog(page, 'Connect Wallet')
    await connect.getByRole('button', { name: 'Latchkey Dev Solana Wallet', exact: true }).click({ timeout: 15_000 })
    const request = page.getByTestId('dev-solana-wallet').getByRole('region', { name: 'Solana wallet request' }).filter({ hasText: 'Connect to this site?' })
    await request.getByRole('button', { name: 'Approve' }).click()
    await expect(page.locator('.buttons').getByRole('button', { name: /^Switch network \(Solana Localnet\)/ })).toBeVisible({ timeout: 15_000 })
    if ((await page.getByRole('dialog').count()) > 0) await page.keyboard.press('Escape')
    await accountButton(page).address.click()
    await expect(dialog(page, 'Account').getByRole('button', { name: 'Send', exact: true })).toBeVisible()
    await expect(dialog(page, 'Account').getByRole('button', { name: 'Swap', exact: true })).toHaveCount(0)
    await page.keyboard.press('Escape')
    // The dapp asks for Swap anyway.
    await page.evaluate(() => (window as unknown as { latchkey: { open(o: { view: string; data?: unknown }): void } }).latchkey.open({ view: 'Swap', data: { fromToken: 'SOL', amount: '1' } }))
    await expect(dialog(page, 'Swap').getByTestId('swap-error')).toHaveText('Network not supported for Swaps', { timeout: 15_000 })
  })
})
