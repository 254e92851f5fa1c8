/**
 * Batched calls (EIP-5792) through the demo's 'Send two calls' (`modal.sendCalls` with the React hooks) and the dev
 * wallet on anvil, each end state reached with the wallet panel's 'Batched calls' switch. The chain is read with viem:
 * the receiver's balance and the sender's nonce say what ran.
 */
import type { Page } from '@playwright/test'
import { createPublicClient, http, parseEther } from 'viem'
import { ACCOUNT_0, anvilBalanceWei, approveWalletRequest, clearAnvilCode, dialog, expect, freshAddress, liveState, openConnected, rejectWalletRequest, RPC, test, toast, walletPanel } from './fixtures.ts'
import { chunkOf } from './modules.ts'
import { timing } from '../../machines/timing.ts'
import { pauseAfter, stepUntilToast } from './clock.ts'
import { resumeConnected, withSharedPage } from './sharedPage.ts'

const chain = createPublicClient({ transport: http(RPC[31337]), cacheTime: 0 })
const nonceOf = (address: `0x${string}`) => chain.getTransactionCount({ address, blockTag: 'latest' })

/** Picks the wallet's 'Batched calls' mode (default: its own, one by one), fills the recipient and the amount, and presses 'Send two calls'. */
async function sendTwoCalls(page: Page, receiver: string, mode = 'sequential') {
  await walletPanel(page).getByLabel('Batched calls').selectOption(mode)
  await page.getByLabel('Recipient').fill(receiver)
  await page.getByLabel('Amount (ETH)').fill('0.001')
  await page.getByRole('button', { name: 'Send two calls' }).click()
}

// The atomic mode leaves dev account 0 delegated to the batch executor (EIP-7702): the worker's other specs, on the same
// chain, get a plain account back.
test.afterEach(() => clearAnvilCode(ACCOUNT_0))

// The journeys that need only the connected start share one page (withSharedPage), each starting from the state a
// fresh page has, asserted (resumeConnected: no dialog, no wallet request, no toast, connected as dev account 0). The
// wallet's 'Batched calls' mode stays as the test before left it: each test picks its own (sendTwoCalls: one by one
// unless told). The demo's batch status follows the last batch only (a new send clears it at once: ui/hooks/calls.ts).
// The code of batched calls is fetched once per page: the test that holds it back comes first. The clock's tests and the
// reload keep pages of their own.
test.describe('on one connected page', () => {
  const shared = withSharedPage(test)

  shared('the code of batched calls cannot be fetched: the page says so at once, nothing is sent, and the next try works', async ({ page }) => {
    await resumeConnected(page)
    await expect(page.getByTestId('wallet-action-error')).toHaveCount(0)
    const receiver = freshAddress()
    const nonce = await nonceOf(ACCOUNT_0)
    await page.route(chunkOf('machines/calls.ts'), (route) => route.abort('internetdisconnected'))
    await sendTwoCalls(page, receiver)
    await expect(page.getByTestId('wallet-action-error')).toHaveText('Batched calls could not be loaded')
    expect(await nonceOf(ACCOUNT_0)).toBe(nonce)
    await page.unroute(chunkOf('machines/calls.ts'))
    await page.getByRole('button', { name: 'Send two calls' }).click()
    await approveWalletRequest(page, 'Send 2 calls?')
    await expect(page.getByTestId('batch-status')).toHaveText('200', { timeout: 15_000 })
    expect(await anvilBalanceWei(receiver)).toBe(parseEther('0.002'))
  })

  shared('all or nothing with a wallet that runs calls one by one: "cannot run together", no prompt, nothing sent', async ({ page }) => {
    await resumeConnected(page)
    // A wallet that runs calls one by one (its default mode).
    await walletPanel(page).getByLabel('Batched calls').selectOption('sequential')
    const receiver = freshAddress()
    const nonce = await nonceOf(ACCOUNT_0)
    // The dapp asks through the public API (the demo's button sends without atomicRequired).
    const error = await page.evaluate(
      (to) =>
        (window as any).latchkey
          .sendCalls({
            calls: [
              { to, value: 1n },
              { to, value: 1n },
            ],
            atomicRequired: true,
          })
          .then(
            () => 'sent',
            (e: Error & { shortMessage?: string }) => `${e.name}: ${e.shortMessage ?? e.message}`,
          ),
      receiver,
    )
    expect(error).toBe('AtomicCallsUnsupportedError: This wallet cannot run these calls together')
    await expect(toast(page, 'This wallet cannot run these calls together')).toBeVisible()
    await expect(walletPanel(page).getByRole('region', { name: 'Wallet request' })).toHaveCount(0)
    expect(await nonceOf(ACCOUNT_0)).toBe(nonce)
    expect(await anvilBalanceWei(receiver)).toBe(0n)
  })

  shared('one approval runs both calls: status 200, both transfers on chain, the nonce moved by two', async ({ page }) => {
    await resumeConnected(page)
    const receiver = freshAddress()
    const nonce = await nonceOf(ACCOUNT_0)
    await sendTwoCalls(page, receiver)
    await approveWalletRequest(page, 'Send 2 calls?')
    await expect(toast(page, 'Calls confirmed')).toBeVisible()
    await expect(page.getByTestId('batch-status')).toHaveText('200', { timeout: 15_000 })
    expect(await anvilBalanceWei(receiver)).toBe(parseEther('0.002'))
    expect(await nonceOf(ACCOUNT_0)).toBe(nonce + 2)
  })

  shared('the visitor rejects: the page says so and nothing is sent', async ({ page }) => {
    await resumeConnected(page)
    await expect(page.getByTestId('wallet-action-error')).toHaveCount(0)
    const receiver = freshAddress()
    const nonce = await nonceOf(ACCOUNT_0)
    await sendTwoCalls(page, receiver)
    await rejectWalletRequest(page, 'Send 2 calls?')
    await expect(page.getByTestId('wallet-action-error')).toBeVisible()
    await expect(toast(page, 'You declined the calls in your wallet')).toBeVisible()
    expect(await nonceOf(ACCOUNT_0)).toBe(nonce)
    expect(await anvilBalanceWei(receiver)).toBe(0n)
  })

  shared('a wallet that answers 4200: the calls go one by one, each approved, and both land (status 200)', async ({ page }) => {
    await resumeConnected(page)
    const receiver = freshAddress()
    const nonce = await nonceOf(ACCOUNT_0)
    await sendTwoCalls(page, receiver, 'unsupported')
    await approveWalletRequest(page, 'Send transaction?')
    await approveWalletRequest(page, 'Send transaction?')
    await expect(toast(page, 'Calls confirmed')).toBeVisible()
    await expect(page.getByTestId('batch-status')).toHaveText('200', { timeout: 15_000 })
    expect(await anvilBalanceWei(receiver)).toBe(parseEther('0.002'))
    expect(await nonceOf(ACCOUNT_0)).toBe(nonce + 2)
  })

  for (const [mode, code, landed, words] of [
    ['partial', '600', parseEther('0.001'), 'Only some of the calls went through'],
    ['revert', '500', 0n, 'The calls failed on chain'],
  ] as const) {
    shared(`the wallet reverts, ${mode}: status ${code}, only what landed moved the balance`, async ({ page }) => {
      await resumeConnected(page)
      const receiver = freshAddress()
      await sendTwoCalls(page, receiver, mode)
      await approveWalletRequest(page, 'Send 2 calls?')
      await expect(toast(page, words)).toBeVisible()
      await expect(page.getByTestId('batch-status')).toHaveText(code, { timeout: 15_000 })
      expect(await anvilBalanceWei(receiver)).toBe(landed)
    })
  }

  shared("partial: the toast's Details open Batched Calls, which lists the call that landed with its explorer link and the one that did not", async ({ page }) => {
    await resumeConnected(page)
    const receiver = freshAddress()
    await sendTwoCalls(page, receiver, 'partial')
    await approveWalletRequest(page, 'Send 2 calls?')
    const ended = toast(page, 'Only some of the calls went through').locator('..')
    await ended.getByRole('button', { name: 'Details' }).click()
    const view = dialog(page, 'Batched Calls')
    await expect(view.getByTestId('calls-status-heading')).toHaveText('Only some of the calls went through')
    await expect(view.getByText('1 of 2 calls took effect; the others did not.', { exact: false })).toBeVisible()
    const [first, second] = [view.getByTestId('calls-status-call').nth(0), view.getByTestId('calls-status-call').nth(1)]
    await expect(first).toContainText('Confirmed')
    await expect(second).toContainText('Did not go through')
    // The landed call's transaction on the network's explorer (the demo's anvil networks name one): the transfer to the receiver.
    const link = first.getByRole('link', { name: 'Call 1: View on Dev Explorer' })
    const hash = (await link.getAttribute('href'))!.split('/tx/')[1] as `0x${string}`
    expect((await link.getAttribute('href'))!.startsWith('https://explorer-31337.invalid/tx/0x')).toBe(true)
    const landed = await chain.getTransaction({ hash })
    expect(landed.to?.toLowerCase()).toBe(receiver.toLowerCase())
    expect(await anvilBalanceWei(receiver)).toBe(parseEther('0.001'))
    await view.getByRole('button', { name: 'Done' }).click()
    await expect(view).toBeHidden()
  })

  shared('the wallet reports the batch failed off-chain (400): "The wallet could not run the calls", status 400, nothing on chain', async ({ page }) => {
    await resumeConnected(page)
    const receiver = freshAddress()
    const nonce = await nonceOf(ACCOUNT_0)
    await sendTwoCalls(page, receiver, 'offchain')
    await approveWalletRequest(page, 'Send 2 calls?')
    await toast(page, 'The wallet could not run the calls').locator('..').getByRole('button', { name: 'Details' }).click()
    await expect(dialog(page, 'Batched Calls').getByTestId('calls-status-heading')).toHaveText('The wallet could not run the calls')
    await expect(page.getByTestId('batch-status')).toHaveText('400', { timeout: 15_000 })
    expect(await nonceOf(ACCOUNT_0)).toBe(nonce)
    expect(await anvilBalanceWei(receiver)).toBe(0n)
  })

  for (const mode of ['garbled', 'foreign'] as const) {
    shared(
      `a status the modal cannot trust ends "status unknown" at once, ${mode}: the toast and Batched Calls say so, getCallsStatus rejects with CallsStatusUnknownError, the calls may still land`,
      async ({ page }) => {
        await resumeConnected(page)
        const receiver = freshAddress()
        await sendTwoCalls(page, receiver, mode)
        await approveWalletRequest(page, 'Send 2 calls?')
        await toast(page, 'Calls sent, status unknown').locator('..').getByRole('button', { name: 'Details' }).click()
        await expect(dialog(page, 'Batched Calls').getByTestId('calls-status-heading')).toHaveText('Calls sent, status unknown')
        await expect(page.getByTestId('batch-status')).toHaveText('CallsStatusUnknownError')
        // The wallet ran them one by one: they landed, though the modal could not learn it.
        expect(await anvilBalanceWei(receiver)).toBe(parseEther('0.002'))
      },
    )
  }

  shared('a wallet that runs the calls together (EIP-7702): one approval, one transaction for both transfers, Batched Calls says so', async ({ page }) => {
    await resumeConnected(page)
    const receiver = freshAddress()
    await sendTwoCalls(page, receiver, 'atomic')
    await approveWalletRequest(page, 'Send 2 calls?')
    await toast(page, 'Calls confirmed').locator('..').getByRole('button', { name: 'Details' }).click()
    const view = dialog(page, 'Batched Calls')
    await expect(view.getByTestId('calls-status-heading')).toHaveText('Calls confirmed')
    await expect(view.getByText('The network confirmed all 2 calls.')).toBeVisible()
    const links = [1, 2].map((n) => view.getByRole('link', { name: `Call ${n}: View on Dev Explorer` }))
    // One transaction holds both calls: the same link twice, a transaction from the account to itself.
    const href = await links[0]!.getAttribute('href')
    expect(await links[1]!.getAttribute('href')).toBe(href)
    const tx = await chain.getTransaction({ hash: href!.split('/tx/')[1] as `0x${string}` })
    expect([tx.from.toLowerCase(), tx.to?.toLowerCase()]).toEqual([ACCOUNT_0.toLowerCase(), ACCOUNT_0.toLowerCase()])
    await expect(page.getByTestId('batch-status')).toHaveText('200', { timeout: 15_000 })
    expect(await anvilBalanceWei(receiver)).toBe(parseEther('0.002'))
  })
})

test.describe('a status that never ends is given up after callsStatusTimeout (the page clock moved, no waiting)', () => {
  for (const [mode, landed] of [
    ['pending', 0n],
    ['statusFails', parseEther('0.002')],
  ] as const) {
    test(`${mode}: no end before 130 s, then "Calls sent, status unknown" and getCallsStatus rejects`, async ({ page }) => {
      // The page's clock is Playwright's, flowing with real time until the batch is sent.
      await page.clock.install()
      await openConnected(page)
      const receiver = freshAddress()
      await sendTwoCalls(page, receiver, mode)
      await approveWalletRequest(page, 'Send 2 calls?')
      await expect(toast(page, 'Waiting for the calls…')).toBeVisible()
      // 120 s on (the status asked on the way), nothing ended; the rest of the 130 s passes within 15 s of page time.
      await pauseAfter(page, timing.callsStatusTimeout - 10_000)
      await expect(toast(page, 'Calls sent, status unknown')).toHaveCount(0)
      await expect(page.getByTestId('batch-status')).not.toHaveText('CallsStatusUnknownError')
      await stepUntilToast(page, 'Calls sent, status unknown', 15_000)
      await page.clock.resume()
      await expect(page.getByTestId('batch-status')).toHaveText('CallsStatusUnknownError')
      expect(await anvilBalanceWei(receiver)).toBe(landed)
    })
  }
})

test('a reload while the batch is pending picks it up from storage: no new prompt, no call sent again, its status followed to 200', async ({ page }) => {
  await openConnected(page)
  const receiver = freshAddress()
  const nonce = await nonceOf(ACCOUNT_0)
  // The node answers no receipt while the test holds them: the wallet reports the batch pending (100).
  let held = true
  await page.route(RPC[31337], async (route) => {
    const body = route.request().postDataJSON() as { id?: unknown; method?: unknown } | null
    if (held && body?.method === 'eth_getTransactionReceipt') return route.fulfill({ json: { jsonrpc: '2.0', id: body.id, result: null } })
    return route.fallback()
  })
  await sendTwoCalls(page, receiver)
  await approveWalletRequest(page, 'Send 2 calls?')
  await expect(page.getByTestId('batch-status')).toHaveText('100')
  expect(await page.evaluate(() => localStorage.getItem('@latchkey/pending_batches'))).toContain('"calls"')
  await page.reload()
  await expect(liveState(page).status).toHaveText('connected', { timeout: 30_000 })
  // Picked up again: its status is asked (the held receipts), and the visitor is asked nothing.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('@latchkey/pending_batches')), { timeout: 15_000 }).toContain('"calls"')
  held = false
  await expect(toast(page, 'Calls confirmed')).toBeVisible({ timeout: 15_000 })
  await expect(walletPanel(page).getByRole('region', { name: 'Wallet request' })).toHaveCount(0)
  await expect.poll(() => page.evaluate(() => localStorage.getItem('@latchkey/pending_batches') ?? '[]')).not.toContain('"calls"')
  expect(await anvilBalanceWei(receiver)).toBe(parseEther('0.002'))
  expect(await nonceOf(ACCOUNT_0)).toBe(nonce + 2)
})
