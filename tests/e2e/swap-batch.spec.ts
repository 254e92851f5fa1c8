/**
 * Swap with a wallet that runs calls together (EIP-5792): the dev wallet's 'Batched calls' switch on 'Run all in one'
 * (atomic, EIP-7702 on anvil) gets the approval and the swap as one wallet_sendCalls prompt, one transaction; a wallet
 * without batched calls (4200) gets the two prompts of a plain swap. The chain is read with viem: balances, allowance,
 * and the account's transactions in the blocks the swap made.
 */
import type { Page } from '@playwright/test'
import { parseUnits, type Address } from 'viem'
import { getAmountOut, ROUTER_ADDRESS } from '../../dev/dex/exchange.ts'
import { DEV_TETHER_ADDRESS, DEV_TOKEN_ADDRESS } from '../../dev/tokens/tokens.ts'
import { resumeConnected, withSharedPage } from './sharedPage.ts'
import { ACCOUNT_0, anvilTokenBalance, approveWalletRequest, clearAnvilCode, dialog, expect, rejectWalletRequest, test, toast, walletPanel, walletRequests } from './fixtures.ts'
import { allowance, fillSwap, reserves, setAllowance, swapChain } from './swapSteps.ts'

/** The transactions account 0 sent in the blocks after `from` (exclusive), in order. */
async function sentSince(from: bigint): Promise<Array<{ hash: string; to: Address | null }>> {
  const latest = await swapChain.getBlockNumber({ cacheTime: 0 })
  const sent: Array<{ hash: string; to: Address | null }> = []
  for (let n = from + 1n; n <= latest; n++) {
    const block = await swapChain.getBlock({ blockNumber: n, includeTransactions: true })
    for (const tx of block.transactions) if (tx.from.toLowerCase() === ACCOUNT_0.toLowerCase()) sent.push({ hash: tx.hash, to: tx.to })
  }
  return sent
}

/** 10 DEV → dUSDT with no allowance, reviewed and confirmed ('Approve and swap'). */
async function confirmApproveAndSwap(page: Page, mode: 'atomic' | 'unsupported') {
  await walletPanel(page).getByLabel('Batched calls').selectOption(mode)
  await fillSwap(page, '10', 'dUSDT', 'DEV')
  await dialog(page, 'Swap').getByRole('button', { name: 'Review swap' }).click()
  const approveAndSwap = dialog(page, 'Review Swap').getByRole('button', { name: 'Approve and swap' })
  await expect(approveAndSwap).toBeEnabled({ timeout: 15_000 })
  await approveAndSwap.click()
}

// The atomic mode leaves dev account 0 delegated to the batch executor (EIP-7702): the worker's other specs, on the same
// chain, get a plain account back.
test.afterEach(() => clearAnvilCode(ACCOUNT_0))

// One connected page (withSharedPage): each test starts as a fresh page does, asserted (resumeConnected: no dialog, no
// wallet request, no toast, dev account 0 on chain 31337), with no allowance (the swap needs an approval) and picks the
// wallet's mode itself. The two swaps that go through (the form reset, spec §4) come first, each ending once its success
// toast shows (it follows the loading toast after `timing.toastSwap`, with no toast in between: the next start's "no
// toast" would pass on a toast still to come); the declined one, which leaves the form filled, last.
test.describe('on one connected page', () => {
  const shared = withSharedPage(test)
  shared.beforeEach(async ({ page }) => {
    await setAllowance(DEV_TOKEN_ADDRESS, 0n)
    await resumeConnected(page)
  })

  shared('a wallet that runs calls together: approve + swap are one prompt and one transaction; the dUSDT received is the pool math', async ({ page }) => {
    const block = await swapChain.getBlockNumber({ cacheTime: 0 })
    const before = { dev: await anvilTokenBalance('DEV', ACCOUNT_0), usdt: await anvilTokenBalance('dUSDT', ACCOUNT_0) }
    const { reserveIn, reserveOut } = await reserves(DEV_TOKEN_ADDRESS, DEV_TETHER_ADDRESS)
    await confirmApproveAndSwap(page, 'atomic')
    // One prompt for both calls: the batch's.
    await approveWalletRequest(page, 'Send 2 calls?')
    await expect(dialog(page, 'Account')).toBeVisible({ timeout: 20_000 })
    await expect(toast(page, 'Swap confirmed')).toBeVisible()
    await expect(walletRequests(page)).toHaveCount(0)
    expect(before.dev - (await anvilTokenBalance('DEV', ACCOUNT_0))).toBe(parseUnits('10', 18))
    expect((await anvilTokenBalance('dUSDT', ACCOUNT_0)) - before.usdt).toBe(getAmountOut(parseUnits('10', 18), reserveIn, reserveOut))
    // The approval landed in the same transaction as the swap: the account calling itself (its batch executor).
    expect(await allowance(DEV_TOKEN_ADDRESS)).toBeGreaterThanOrEqual(parseUnits('10', 18))
    // Besides the dev wallet's deployment of its batch executor on the chain's first atomic batch (no `to`): one call.
    const calls = (await sentSince(block)).filter((tx) => tx.to !== null)
    expect(calls.map((tx) => tx.to?.toLowerCase())).toEqual([ACCOUNT_0.toLowerCase()])
  })

  shared('a wallet without batched calls (4200): the two prompts, approval then swap, two transactions', async ({ page }) => {
    const block = await swapChain.getBlockNumber({ cacheTime: 0 })
    const before = { dev: await anvilTokenBalance('DEV', ACCOUNT_0), usdt: await anvilTokenBalance('dUSDT', ACCOUNT_0) }
    await confirmApproveAndSwap(page, 'unsupported')
    await approveWalletRequest(page, 'Send transaction?')
    await expect.poll(() => allowance(DEV_TOKEN_ADDRESS), { timeout: 15_000 }).toBeGreaterThanOrEqual(parseUnits('10', 18))
    const { reserveIn, reserveOut } = await reserves(DEV_TOKEN_ADDRESS, DEV_TETHER_ADDRESS)
    await approveWalletRequest(page, 'Send transaction?')
    await expect(dialog(page, 'Account')).toBeVisible({ timeout: 20_000 })
    await expect(toast(page, 'Swap confirmed')).toBeVisible()
    expect(before.dev - (await anvilTokenBalance('DEV', ACCOUNT_0))).toBe(parseUnits('10', 18))
    expect((await anvilTokenBalance('dUSDT', ACCOUNT_0)) - before.usdt).toBe(getAmountOut(parseUnits('10', 18), reserveIn, reserveOut))
    // The token's approve, then the router's swap: two transactions of their own.
    expect((await sentSince(block)).map((tx) => tx.to?.toLowerCase())).toEqual([DEV_TOKEN_ADDRESS.toLowerCase(), ROUTER_ADDRESS.toLowerCase()])
  })

  shared('a wallet that runs calls together, the visitor declines the one prompt: back to the form, nothing sent', async ({ page }) => {
    const block = await swapChain.getBlockNumber({ cacheTime: 0 })
    const devBefore = await anvilTokenBalance('DEV', ACCOUNT_0)
    await confirmApproveAndSwap(page, 'atomic')
    await rejectWalletRequest(page, 'Send 2 calls?')
    const swap = dialog(page, 'Swap')
    await expect(swap).toBeVisible()
    await expect(swap.getByTestId('swap-amount')).toHaveValue('10')
    await expect(walletRequests(page)).toHaveCount(0)
    expect(await anvilTokenBalance('DEV', ACCOUNT_0)).toBe(devBefore)
    expect(await allowance(DEV_TOKEN_ADDRESS)).toBe(0n)
    expect(await sentSince(block)).toEqual([])
  })
})
