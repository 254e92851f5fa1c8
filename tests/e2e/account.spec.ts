/**
 * The Account view's tabs against the reference server, which reads the anvil chains: the portfolio
 * (native and the two dev ERC-20 tokens), and the activity listing a real transaction by month.
 */
import { createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { ACCOUNT_0, API_URL, accountButton, dialog, expect, expectedBalance, grouped, setApiBehaviour, test } from './fixtures.ts'
import { resumeConnected, withSharedPage } from './sharedPage.ts'
import { RPC } from './stack.ts'

const rpc = RPC[31337]
const sender = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 4 })

async function openAccount(page: import('@playwright/test').Page) {
  await accountButton(page).address.click()
  return dialog(page, 'Account')
}

test.afterEach(async ({ request }) => {
  await setApiBehaviour(request, { mode: 'normal' })
})

// The default start (dev account 0 on chain 31337, the API answering): these tests share one connected page
// (resumeConnected: Account closed on its Tokens tab, no wallet request, no toast at each start). A page reads the
// history once and keeps it: the malformed answer comes first, and the real transfer is then read again by its test.
test.describe('on one connected page', () => {
  const shared = withSharedPage(test)

  shared('the Tokens tab lists ETH (its on-chain amount) and the two dev tokens, priced by the reference server (never $0.00)', async ({ page }) => {
    await resumeConnected(page)
    const account = await openAccount(page)
    await expect(account.getByRole('tab', { name: 'Tokens' })).toHaveAttribute('aria-selected', 'true')
    const panel = account.getByRole('tabpanel')
    await expect(panel).toContainText('Dev Token')
    await expect(panel).toContainText('Dev Tether')
    await expect(panel).toContainText(`${grouped(await expectedBalance(ACCOUNT_0))} ETH`)
    await expect(panel).toContainText(/\$[1-9][\d,]*\.\d\d/)
    await expect(panel).not.toContainText('$0.00')
  })

  shared('a malformed history answer shows "Failed to fetch transactions" and the view keeps working', async ({ page, request }) => {
    await resumeConnected(page)
    const account = await openAccount(page)
    await setApiBehaviour(request, { mode: 'malformed', paths: ['/blockchain/v1/account'] })
    await account.getByRole('tab', { name: 'Activity' }).click()
    await expect(account.getByRole('tabpanel')).toContainText('Failed to fetch transactions')
    await account.getByRole('tab', { name: 'Tokens' }).click()
    await expect(account.getByRole('button', { name: 'Disconnect' })).toBeEnabled()
  })

  shared('the Activity tab lists a real transfer to the account under its month, newest first', async ({ page }) => {
    await resumeConnected(page)
    const account = await openAccount(page)
    const wallet = createWalletClient({ account: sender, transport: http(rpc) })
    const hash = await wallet.sendTransaction({ to: ACCOUNT_0, value: parseEther('0.123'), chain: null })
    const receipt = await createPublicClient({ transport: http(rpc) }).waitForTransactionReceipt({ hash })
    const block = await createPublicClient({ transport: http(rpc) }).getBlock({ blockNumber: receipt.blockNumber })
    const month = new Date(Number(block.timestamp) * 1000).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
    await account.getByRole('tab', { name: 'Activity' }).click()
    const group = account.getByRole('region', { name: month })
    await expect(group).toBeVisible()
    const row = group.getByRole('listitem').first()
    await expect(row).toContainText('Received 0.123')
    // Mined a moment ago: said relative to now by Intl.RelativeTimeFormat, the block's date and time (UTC) as its title.
    const when = row.getByTestId('activity-when')
    await expect(when).toHaveText(/^(now|\d+ seconds? ago|1 minute ago)$/)
    const title = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }).format(Number(block.timestamp) * 1000)
    await expect(when).toHaveAttribute('title', title)
  })

  shared('arrow keys move between the tabs', async ({ page }) => {
    await resumeConnected(page)
    const account = await openAccount(page)
    await account.getByRole('tab', { name: 'Tokens' }).focus()
    await page.keyboard.press('ArrowRight')
    await expect(account.getByRole('tab', { name: 'NFTs' })).toBeFocused()
    await expect(account.getByRole('tab', { name: 'NFTs' })).toHaveAttribute('aria-selected', 'true')
  })
})

test('a failing balance endpoint shows "Token Balance Unavailable"', async ({ page, connectedPage, request }) => {
  await setApiBehaviour(request, { mode: 'status', status: 500, paths: ['/blockchain/v1/account'] })
  await connectedPage()
  const account = await openAccount(page)
  await expect(account.getByRole('tabpanel')).toContainText('Token Balance Unavailable')
})

test('a malformed balance answer shows "Token Balance Unavailable" and the view keeps working', async ({ page, connectedPage, request }) => {
  // Only the balance of the connected account misbehaves (a path prefix; the server compares it case-sensitively
  // with the request's path, where the client puts the address as the wallet gives it: checksummed).
  const balancePath = `/blockchain/v1/account/${ACCOUNT_0}/balance`
  const balanceRequests: string[] = []
  page.on('request', (r) => {
    if (r.url().startsWith(`${API_URL}/blockchain/v1/account/`) && new URL(r.url()).pathname.endsWith('/balance')) balanceRequests.push(new URL(r.url()).pathname)
  })
  await setApiBehaviour(request, { mode: 'malformed', paths: [balancePath] })
  await connectedPage()
  const account = await openAccount(page)
  await expect(account.getByRole('tab', { name: 'Tokens' })).toHaveAttribute('aria-selected', 'true')
  await expect(account.getByRole('tabpanel')).toContainText('Token Balance Unavailable')
  expect(balanceRequests.length).toBeGreaterThan(0)
  expect(
    balanceRequests.every((path) => path === balancePath),
    balanceRequests.join(', '),
  ).toBe(true)

  // The Activity tab reads history, which answers normally.
  await account.getByRole('tab', { name: 'Activity' }).click()
  await expect(account.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true')
  const activity = account.getByRole('tabpanel')
  await expect(
    activity
      .getByRole('listitem')
      .first()
      .or(activity.getByText('No activity yet', { exact: true })),
  ).toBeVisible()
  await expect(activity).not.toContainText('Failed to fetch transactions')

  // Receive works and returns to Account.
  await account.getByRole('button', { name: 'Receive', exact: true }).click()
  const receive = dialog(page, 'Receive')
  await expect(receive.getByTestId('receive-address')).toHaveText(ACCOUNT_0)
  await expect(receive.getByRole('img', { name: 'QR code of your address' })).toBeVisible()
  await receive.getByRole('button', { name: 'Back', exact: true }).click()
  await expect(dialog(page, 'Account')).toBeVisible()
  await expect(dialog(page, 'Account').getByRole('button', { name: 'Disconnect' })).toBeEnabled()
})

test("a wallet that lists its own assets (EIP-7811 wallet_getAssets): the Tokens tab is its list, ETH priced by the API, its wallet-only asset, not the API's dev tokens", async ({ page, connectedPage }) => {
  await connectedPage({ path: '/?walletAssets=on' })
  const account = await openAccount(page)
  const panel = account.getByRole('tabpanel')
  await expect(panel).toContainText('Dev Wallet Points')
  await expect(panel).toContainText('100 DWP')
  await expect(panel).toContainText(`${grouped(await expectedBalance(ACCOUNT_0))} ETH`)
  await expect(panel).toContainText(/\$[1-9][\d,]*\.\d\d/)
  await expect(panel).not.toContainText('Dev Token')
})

test("a wallet whose asset list is not EIP-7811's: a clear warning in the console, and the Tokens tab lists the API's tokens", async ({ page, connectedPage }) => {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  await connectedPage({ path: '/?walletAssets=garbled' })
  const account = await openAccount(page)
  const panel = account.getByRole('tabpanel')
  await expect(panel).toContainText('Dev Token')
  await expect(panel).toContainText('Dev Tether')
  await expect(panel).not.toContainText('Dev Wallet Points')
  expect(warnings.filter((w) => w.startsWith('InvalidWalletAssetsError: The wallet answered its assets with something unreadable'))).not.toHaveLength(0)
})
