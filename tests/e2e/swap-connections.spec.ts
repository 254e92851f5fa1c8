/**
 * Swap through every eip155 connection ("works with every eip155 connection: browser wallet,
 * WalletConnect, and the embedded wallet"), on the e2e stack's exchange (dev/dex: Uniswap v2 on anvil). The browser
 * wallet's swaps are in swap.spec.ts; here ETH → DEV is asked of the development mobile wallet over the loopback
 * relay (the approval in the wallet's page), and of the embedded wallet of an email user (the approval in the secure
 * frame's ApproveTransaction). Each time the DEV received is what the pool math gives for the reserves the swap met.
 */
import type { Locator, Page } from '@playwright/test'
import { createPublicClient, http, parseEther, type Address } from 'viem'
import { getAmountOut, pairAbi, pairAddress, ROUTER_ADDRESS, WETH_ADDRESS } from '../../dev/dex/exchange.ts'
import { DEV_TOKEN_ADDRESS } from '../../dev/tokens/tokens.ts'
import {
  ACCOUNT_0,
  accountButton,
  anvilBalanceWei,
  anvilBlockNumber,
  anvilTokenBalance,
  anvilTransactionsFrom,
  anyDialog,
  connectButton,
  dialog,
  emailLogin,
  expect,
  grouped,
  liveState,
  RPC,
  test,
  truncated,
} from './fixtures.ts'
import { scanQr } from './steps.ts'

const client = createPublicClient({ transport: http(RPC[31337]), cacheTime: 0 })

/** The WETH/DEV pool's reserves now, WETH in, DEV out. */
async function wethDevReserves(): Promise<{ reserveIn: bigint; reserveOut: bigint }> {
  const [r0, r1] = await client.readContract({ address: pairAddress(WETH_ADDRESS, DEV_TOKEN_ADDRESS), abi: pairAbi, functionName: 'getReserves' })
  return WETH_ADDRESS.toLowerCase() < DEV_TOKEN_ADDRESS.toLowerCase() ? { reserveIn: r0, reserveOut: r1 } : { reserveIn: r1, reserveOut: r0 }
}

/** The displayed amount as a number ('1,974.316' → 1974.316). */
const shown = (text: string) => Number(text.replace(/[^\d.]/g, ''))

/**
 * Account → Swap, `amount` ETH for DEV; resolves once quoted, with the quoted DEV. `inPicker` runs in the receive
 * side's Select Token before DEV is picked.
 */
async function fillEthToDev(page: Page, amount: string, inPicker?: (picker: Locator) => Promise<void>): Promise<number> {
  await accountButton(page).address.click()
  await dialog(page, 'Account').getByRole('button', { name: 'Swap', exact: true }).click()
  const swap = dialog(page, 'Swap')
  await expect(swap.getByRole('button', { name: 'You pay: ETH' })).toBeVisible({ timeout: 15_000 })
  await swap.getByRole('button', { name: /^You receive: / }).click()
  await inPicker?.(dialog(page, 'Select Token'))
  await dialog(page, 'Select Token')
    .getByRole('button', { name: /^DEV\b/ })
    .first()
    .click()
  await swap.getByTestId('swap-amount').fill(amount)
  await expect(swap.getByRole('button', { name: 'Review swap' })).toBeEnabled({ timeout: 15_000 })
  const quoted = shown(await swap.getByTestId('swap-to-amount').innerText())
  expect(quoted).toBeGreaterThan(0)
  await swap.getByRole('button', { name: 'Review swap' }).click()
  await expect(dialog(page, 'Review Swap').getByRole('button', { name: 'Swap', exact: true })).toBeEnabled({ timeout: 15_000 })
  return quoted
}

/**
 * Clicks Swap on the review, lets `approve` approve the one prompt, and checks what moved: the DEV received is the
 * pool math for the reserves the swap met, within 1 % of the quote; the ETH spent is the amount and the gas; the
 * transaction is mined successfully; success returns to Account. Resolves with the DEV received (wei).
 */
async function swapAndCheck(page: Page, holder: Address, amount: string, quoted: number, approve: () => Promise<void>): Promise<bigint> {
  const { reserveIn, reserveOut } = await wethDevReserves()
  const devBefore = await anvilTokenBalance('DEV', holder)
  const ethBefore = await anvilBalanceWei(holder)
  const mark = await anvilBlockNumber()
  await dialog(page, 'Review Swap').getByRole('button', { name: 'Swap', exact: true }).click()
  await approve()
  await expect(dialog(page, 'Account')).toBeVisible({ timeout: 30_000 })
  const received = (await anvilTokenBalance('DEV', holder)) - devBefore
  expect(received).toBe(getAmountOut(parseEther(amount), reserveIn, reserveOut))
  expect(Number(received) / 1e18).toBeGreaterThanOrEqual(quoted * 0.99 - 0.001)
  const [receipt, ...more] = await anvilTransactionsFrom(holder, mark)
  expect(more).toEqual([])
  expect(receipt?.status).toBe('success')
  expect(receipt?.to?.toLowerCase()).toBe(ROUTER_ADDRESS.toLowerCase())
  expect(ethBefore - (await anvilBalanceWei(holder))).toBe(parseEther(amount) + receipt!.gasUsed * receipt!.effectiveGasPrice)
  return received
}

// ── WalletConnect: the development mobile wallet over the loopback relay (as in walletconnect.spec.ts) ──

/** The mobile wallet's pending item of `kind`. */
function pending(wallet: Page, kind: 'proposal' | 'request'): Locator {
  return wallet.getByRole('region', { name: kind === 'proposal' ? 'Session proposal' : 'Wallet request' })
}

/** Connect → WalletConnect, the QR code scanned by the mobile wallet (a second page), the session approved there. */
async function connectMobileWallet(page: Page): Promise<Page> {
  await connectButton(page).click()
  await dialog(page, 'Connect Wallet').getByRole('button', { name: 'WalletConnect', exact: true }).click()
  const uri = await scanQr(dialog(page, 'WalletConnect').getByTestId('pairing-qr'))
  const wallet = await page.context().newPage()
  await wallet.goto('/mobile-wallet.html')
  await expect(wallet.getByTestId('mw-relay')).toBeVisible()
  await wallet.getByRole('textbox', { name: 'WalletConnect URI' }).fill(uri)
  await wallet.getByRole('button', { name: 'Pair' }).click()
  await pending(wallet, 'proposal').first().getByRole('button', { name: 'Approve' }).click()
  await expect(liveState(page).status).toHaveText('connected')
  await expect(liveState(page).address).toHaveText(ACCOUNT_0)
  await expect(anyDialog(page)).toHaveCount(0)
  return wallet
}

test('ETH → DEV through WalletConnect: the mobile wallet gets one eth_sendTransaction to the router, approves it; DEV is the pool math', async ({ demo: page }) => {
  test.setTimeout(90_000)
  const wallet = await connectMobileWallet(page)
  const quoted = await fillEthToDev(page, '0.05')
  await swapAndCheck(page, ACCOUNT_0, '0.05', quoted, async () => {
    const request = pending(wallet, 'request')
    await expect(request).toHaveCount(1, { timeout: 20_000 })
    await expect(request).toHaveAttribute('data-method', 'eth_sendTransaction')
    await expect(request).toContainText('Value 0.05 ETH')
    await request.getByRole('button', { name: 'Approve' }).click()
  })
  await expect(pending(wallet, 'request')).toHaveCount(0)
})

// ── The embedded wallet: an email user, the approval in the secure frame (as in embedded.spec.ts) ──

test('ETH → DEV through the embedded wallet: approved in the frame on ApproveTransaction; the EOA gets the pool math in DEV', async ({ demo: page }) => {
  test.setTimeout(120_000)
  const address = await emailLogin(page, 'swap')
  // The secure site funds a new wallet (10 ETH on each dev chain); nothing else has touched it.
  expect(await anvilBalanceWei(address)).toBeGreaterThanOrEqual(parseEther('1'))
  expect(await anvilTokenBalance('DEV', address)).toBe(0n)
  // The picker of a fresh account: its one held token (ETH) under 'Your tokens', the chain's other swappable tokens
  // under 'Popular tokens'; the search narrows both by symbol or name.
  const quoted = await fillEthToDev(page, '0.05', async (picker) => {
    const held = picker.getByRole('list', { name: 'Your tokens' }).getByRole('button')
    const popular = picker.getByRole('list', { name: 'Popular tokens' }).getByRole('button')
    await expect(held).toHaveCount(1)
    await expect(held).toContainText('ETH')
    await expect(popular).toHaveCount(3)
    const popularList = picker.getByRole('list', { name: 'Popular tokens' })
    for (const symbol of ['WETH', 'dUSDT', 'DEV']) await expect(popularList.getByRole('button', { name: new RegExp(`^${symbol}\\b`) })).toHaveCount(1)
    const search = picker.getByRole('searchbox', { name: 'Search token' })
    await search.fill('tether')
    await expect(picker.getByRole('button', { name: /^dUSDT\b/ })).toHaveCount(1)
    await expect(held).toHaveCount(0)
    await expect(popular).toHaveCount(1)
    await search.fill('zzz')
    await expect(picker.getByText('No token matches "zzz"')).toBeVisible()
    await search.fill('')
  })
  const received = await swapAndCheck(page, address, '0.05', quoted, async () => {
    await expect(dialog(page, 'Approve Transaction')).toBeVisible({ timeout: 20_000 })
    const frame = page.frameLocator('iframe[data-latchkey-frame]')
    await expect(frame.getByText('0.05 ETH')).toBeVisible()
    await frame.getByRole('button', { name: /approve/i }).click()
  })
  await expect(page.locator('iframe[data-latchkey-frame]')).toHaveCSS('opacity', '0')
  // Account shows the DEV now held, floored to 3 decimals (the balances were read again).
  const milli = received / 10n ** 15n
  const devRow = dialog(page, 'Account').getByRole('tabpanel').getByRole('listitem').filter({ hasText: 'Dev Token' })
  await expect(devRow).toContainText(`${grouped(`${milli / 1000n}.${String(milli % 1000n).padStart(3, '0')}`)} DEV`, { timeout: 20_000 })
  // Activity lists the swap: the transaction to the router, mined a moment ago.
  await dialog(page, 'Account').getByRole('tab', { name: 'Activity' }).click()
  const activity = dialog(page, 'Account').getByRole('tabpanel').getByRole('listitem')
  await expect(activity.filter({ hasText: truncated(ROUTER_ADDRESS) })).toHaveCount(1, { timeout: 20_000 })
  await expect(activity.filter({ hasText: truncated(ROUTER_ADDRESS) })).toContainText('Sent 0.05 ETH')
})
