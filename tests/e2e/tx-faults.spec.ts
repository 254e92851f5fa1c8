/**
 * A sent transaction's end is the chain's (spec §4 Send, §9; adapters/receipt.ts), tried in Chromium with the network
 * failing the way real networks fail: the dev wallet reads receipts from the page over HTTP to the anvil chain, and
 * Playwright's `page.route` on that RPC URL answers the first `eth_getTransactionReceipt` with HTTP 500, or never
 * answers any. What the visitor sees is asserted, and so is the chain read from anvil with viem: the transfer (or the
 * swap) was sent exactly once (the receiver's balance moved once, one transaction from the sender).
 */
import type { Page, Route } from '@playwright/test'
import { createPublicClient, http, parseEther } from 'viem'
import { receiptTiming } from '../../adapters/receipt.ts'
import { en } from '../../ui/locales/en.ts'
import { ROUTER_ADDRESS } from '../../dev/dex/exchange.ts'
import { ACCOUNT_0, accountButton, anvilBalanceWei, anvilBlockNumber, anvilTokenBalance, anvilTransactionsFrom, approveWalletRequest, openConnected, dialog, expect, freshAddress, RPC, test } from './fixtures.ts'
import { openSendForm, reviewSend } from './steps.ts'

const chain = createPublicClient({ transport: http(RPC[31337]), cacheTime: 0 })
const nonceOf = (address: `0x${string}`) => chain.getTransactionCount({ address, blockTag: 'latest' })

/** Is this page request a JSON-RPC call of `method` (the dev wallet posts one call per request)? */
function isCall(route: Route, method: string): boolean {
  try {
    return (JSON.parse(route.request().postData() ?? '{}') as { method?: unknown }).method === method
  } catch {
    return false
  }
}

/** Account → Send, fills the form, reviews, confirms and approves in the wallet; returns the 'Review Send' dialog. */
async function sendThroughTheModal(page: Page, amount: string, receiver: string, path = '/') {
  await openConnected(page, { path })
  const send = await openSendForm(page)
  await expect(send.getByRole('button', { name: /^Token: ETH\b/ })).toBeVisible()
  const preview = await reviewSend(send, { amount, to: receiver })
  await expect(preview.getByTestId('send-preview-fee')).toHaveText(/^\d+(\.\d+)? ETH$/)
  await preview.getByRole('button', { name: 'Send', exact: true }).click()
  await approveWalletRequest(page, 'Send transaction?')
  return preview
}

test('a receipt read answered HTTP 500 once: the visitor sees the send succeed, and it was sent exactly once', async ({ page }) => {
  const receipts: string[] = []
  await page.route(RPC[31337], async (route) => {
    if (!isCall(route, 'eth_getTransactionReceipt')) return route.fallback()
    receipts.push(receipts.length === 0 ? '500' : 'answered')
    if (receipts.length === 1) return route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' })
    return route.fallback()
  })
  const receiver = freshAddress()
  const nonce = await nonceOf(ACCOUNT_0)
  const mark = await anvilBlockNumber(31337)

  await sendThroughTheModal(page, '0.0321', receiver)

  await expect(dialog(page, 'Account')).toBeVisible()
  await expect(page.getByRole('status').getByText('Transaction sent', { exact: true })).toBeVisible()
  expect(receipts[0]).toBe('500')
  expect(receipts).toContain('answered')
  // The chain: one transaction from the sender, the receiver paid once.
  expect(await anvilBalanceWei(receiver, 31337)).toBe(parseEther('0.0321'))
  expect(await nonceOf(ACCOUNT_0)).toBe(nonce + 1)
  const sent = await anvilTransactionsFrom(ACCOUNT_0, mark, 31337)
  expect(sent).toHaveLength(1)
  expect(sent[0]?.status).toBe('success')
})

test('receipts never answered: past the receipt timeout the visitor sees "sent, status unknown" with the hash, never the form again', async ({ page }) => {
  // The longest journey of the file (send, the unknown view, Account, a new form): more than the default 30 s under load.
  test.slow()
  // The page's timers are Playwright's: the two-minute receipt timeout is moved past, not waited for.
  await page.clock.install()
  await page.reload()
  const held: Route[] = []
  await page.route(RPC[31337], async (route) => {
    if (!isCall(route, 'eth_getTransactionReceipt')) return route.fallback()
    held.push(route) // never answered
  })
  const receiver = freshAddress()
  const nonce = await nonceOf(ACCOUNT_0)
  const mark = await anvilBlockNumber(31337)

  const preview = await sendThroughTheModal(page, '0.0432', receiver)
  await expect(preview.getByRole('status')).toHaveText(en.waitingForConfirmation)
  await expect.poll(() => held.length).toBeGreaterThan(0)
  await page.clock.fastForward(receiptTiming.receiptTimeout)

  const [transaction] = await anvilTransactionsFrom(ACCOUNT_0, mark, 31337)
  await expect(preview.getByTestId('transaction-unconfirmed')).toHaveText(en.sendUnconfirmed)
  await expect(preview.getByTestId('transaction-hash')).toHaveText(transaction!.transactionHash)
  // No editable form, nothing to send again: the amount field and the Send button are gone.
  await expect(page.getByRole('textbox', { name: 'Amount', exact: true })).toHaveCount(0)
  await expect(preview.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0)
  await expect(preview.getByRole('button', { name: en.copyTransactionHash })).toBeVisible()
  await expect(preview.getByRole('button', { name: en.checkAgain })).toBeVisible()
  // The demo names a placeholder explorer for its anvils (demo/main.tsx, `.invalid`): the one link is the transaction's page there.
  await expect(preview.getByRole('link')).toHaveAttribute('href', `https://explorer-31337.invalid/tx/${transaction!.transactionHash}`)
  expect(await nonceOf(ACCOUNT_0)).toBe(nonce + 1)
  expect(await anvilBalanceWei(receiver, 31337)).toBe(parseEther('0.0432'))

  // Back (the header's) leaves for Account, and Send there is an empty form, not the sent amount again.
  await preview.getByRole('button', { name: en.backToAccount }).click()
  const account = dialog(page, 'Account')
  await expect(account).toBeVisible()
  await account.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog(page, 'Send').getByRole('textbox', { name: 'Amount', exact: true })).toHaveValue('')
  await expect(dialog(page, 'Send').getByRole('textbox', { name: 'To', exact: true })).toHaveValue('')
  expect(await nonceOf(ACCOUNT_0)).toBe(nonce + 1)
})

test('receipts answered again after "sent, status unknown": Check again shows the send succeeded', async ({ page }) => {
  await page.clock.install()
  await page.reload()
  let answer = false
  await page.route(RPC[31337], async (route) => {
    if (!isCall(route, 'eth_getTransactionReceipt') || answer) return route.fallback()
    // Held until the network comes back (never, for these requests).
  })
  const preview = await sendThroughTheModal(page, '0.0543', freshAddress())
  await expect(preview.getByRole('status')).toHaveText(en.waitingForConfirmation)
  await page.clock.fastForward(receiptTiming.receiptTimeout)
  await expect(preview.getByTestId('transaction-unconfirmed')).toBeVisible()

  answer = true
  await preview.getByRole('button', { name: en.checkAgain }).click()
  await expect(dialog(page, 'Account')).toBeVisible()
  await expect(page.getByRole('status').getByText('Transaction sent', { exact: true })).toBeVisible()
})

/** Account → Swap: `amount` ETH for DEV, reviewed, Swap, approved in the wallet (one prompt: ETH needs no approval); returns 'Review Swap'. */
async function swapThroughTheModal(page: Page, amount: string, path = '/') {
  await openConnected(page, { path })
  await accountButton(page).address.click()
  await dialog(page, 'Account').getByRole('button', { name: 'Swap', exact: true }).click()
  const swap = dialog(page, 'Swap')
  await swap.getByRole('button', { name: /^You receive: / }).click()
  await dialog(page, 'Select Token')
    .getByRole('button', { name: /^DEV\b/ })
    .first()
    .click()
  await swap.getByTestId('swap-amount').fill(amount)
  await expect(swap.getByRole('button', { name: 'Review swap' })).toBeEnabled({ timeout: 15_000 })
  await swap.getByRole('button', { name: 'Review swap' }).click()
  const review = dialog(page, 'Review Swap')
  await expect(review.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled({ timeout: 15_000 })
  await review.getByRole('button', { name: 'Swap', exact: true }).click()
  await approveWalletRequest(page, 'Send transaction?')
  return review
}

/** The swaps account 0 sent to the exchange's router since block `mark`. */
const swapsSince = async (mark: bigint) => (await anvilTransactionsFrom(ACCOUNT_0, mark, 31337)).filter((r) => r.to?.toLowerCase() === ROUTER_ADDRESS.toLowerCase())

test('a swap whose receipts are never answered: "sent, status unknown" with its hash, never the review or the form again; Check again once the network is back: the swap confirmed, swapped once', async ({ page }) => {
  test.slow()
  await page.clock.install()
  await page.reload()
  let answer = false
  await page.route(RPC[31337], async (route) => {
    if (!isCall(route, 'eth_getTransactionReceipt') || answer) return route.fallback()
    // Held: never answered while the network is down.
  })
  const mark = await anvilBlockNumber(31337)
  const devBefore = await anvilTokenBalance('DEV', ACCOUNT_0)

  const review = await swapThroughTheModal(page, '0.0123')
  await expect(review.getByTestId('swap-status')).toHaveText(en.swap.waitingSwap)
  await expect(page.getByRole('status').getByText(en.messages.swapSubmitted, { exact: true })).toBeVisible()
  await page.clock.fastForward(receiptTiming.receiptTimeout)

  const [swapped] = await swapsSince(mark)
  await expect(review.getByTestId('transaction-unconfirmed')).toHaveText(en.sendUnconfirmed)
  await expect(review.getByTestId('transaction-hash')).toHaveText(swapped!.transactionHash)
  // Nothing to swap again: no Swap button, no slippage, no amount; the loading toast is gone.
  await expect(review.getByRole('button', { name: 'Swap', exact: true })).toHaveCount(0)
  await expect(review.getByTestId('swap-slippage')).toHaveCount(0)
  await expect(page.getByTestId('swap-amount')).toHaveCount(0)
  await expect(page.getByRole('status').getByText(en.messages.swapSubmitted, { exact: true })).toHaveCount(0)
  await expect(review.getByRole('button', { name: en.backToAccount })).toBeVisible()
  // Account's Swap shows this status again, never a form.
  await page.keyboard.press('Escape')
  await accountButton(page).address.click()
  await dialog(page, 'Account').getByRole('button', { name: 'Swap', exact: true }).click()
  await expect(dialog(page, 'Review Swap').getByTestId('transaction-hash')).toHaveText(swapped!.transactionHash)

  answer = true
  await dialog(page, 'Review Swap').getByRole('button', { name: en.checkAgain }).click()
  await expect(dialog(page, 'Account')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('status').getByText(en.messages.swapSent, { exact: true })).toBeVisible()
  // The chain: one swap, DEV received once.
  expect(await swapsSince(mark)).toHaveLength(1)
  expect(swapped!.status).toBe('success')
  expect(await anvilTokenBalance('DEV', ACCOUNT_0)).toBeGreaterThan(devBefore)
})

test('a swap whose end is unknown, then Back to Account: Swap there is an empty form, nothing swapped twice', async ({ page }) => {
  await page.clock.install()
  await page.reload()
  await page.route(RPC[31337], async (route) => {
    if (!isCall(route, 'eth_getTransactionReceipt')) return route.fallback()
  })
  const mark = await anvilBlockNumber(31337)
  const review = await swapThroughTheModal(page, '0.0124')
  await expect(review.getByTestId('swap-status')).toHaveText(en.swap.waitingSwap)
  await page.clock.fastForward(receiptTiming.receiptTimeout)
  await expect(review.getByTestId('transaction-unconfirmed')).toBeVisible()
  await review.getByRole('button', { name: en.backToAccount }).click()
  const account = dialog(page, 'Account')
  await expect(account).toBeVisible()
  await account.getByRole('button', { name: 'Swap', exact: true }).click()
  await expect(dialog(page, 'Swap').getByTestId('swap-amount')).toHaveValue('')
  expect(await swapsSince(mark)).toHaveLength(1)
})

for (const theme of ['light', 'dark'] as const) {
  for (const device of ['desktop', 'phone'] as const) {
    test(`screenshot: a swap "sent, status unknown" in ${theme} on a ${device} (SHOTS_DIR)`, async ({ page }) => {
      test.skip(!process.env.SHOTS_DIR, 'set SHOTS_DIR=<dir> to save the screenshot')
      await page.setViewportSize(device === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 })
      await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme })
      await page.clock.install()
      await page.route(RPC[31337], async (route) => {
        if (!isCall(route, 'eth_getTransactionReceipt')) return route.fallback()
      })
      const review = await swapThroughTheModal(page, '0.0012', `/?theme=${theme}`)
      await expect(review.getByTestId('swap-status')).toHaveText(en.swap.waitingSwap)
      await page.clock.fastForward(receiptTiming.receiptTimeout)
      await expect(review.getByTestId('transaction-unconfirmed')).toBeVisible()
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/swap-unconfirmed-${theme}-${device}.png` })
    })
  }
}

for (const theme of ['light', 'dark'] as const) {
  for (const device of ['desktop', 'phone'] as const) {
    test(`screenshot: "sent, status unknown" in ${theme} on a ${device} (SHOTS_DIR)`, async ({ page }) => {
      test.skip(!process.env.SHOTS_DIR, 'set SHOTS_DIR=<dir> to save the screenshot')
      await page.setViewportSize(device === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 })
      await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme })
      await page.clock.install()
      await page.route(RPC[31337], async (route) => {
        if (!isCall(route, 'eth_getTransactionReceipt')) return route.fallback()
      })
      const preview = await sendThroughTheModal(page, '0.0011', freshAddress(), `/?theme=${theme}`)
      await expect(preview.getByRole('status')).toHaveText(en.waitingForConfirmation)
      await page.clock.fastForward(receiptTiming.receiptTimeout)
      await expect(preview.getByTestId('transaction-unconfirmed')).toBeVisible()
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/send-unconfirmed-${theme}-${device}.png` })
    })
  }
}
