/**
 * Pay among several connected wallets (spec §1 Pay: "each connected wallet that holds enough of the asset on that
 * network (balance shown)"; §6 multi-wallet) in Chromium against the demo: the dev wallet (dev account 0, its panel
 * answers) and the demo's second browser wallet (`?secondWallet=1`, dev account 1, approving by itself) both held, the
 * second added from Account and active. Multi-wallet comes from this spec's own project's remote config; pay is on with
 * `?features=pay:on`. The journey starts connected (tests/e2e/connected-start.ts): the choice is its subject, not
 * connecting. What the chain says decides: the recipient's balance, and which account the transfer left from.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { parseEther } from 'viem'
import {
  ACCOUNT_0,
  ACCOUNT_1,
  API_URL,
  accountButton,
  anvilBalanceWei,
  anvilBlockNumber,
  anvilTransactionsFrom,
  anyDialog,
  approveWalletRequest,
  dialog,
  expect,
  freshAddress,
  liveState,
  openConnected,
  setAnvilBalance,
  test,
  truncated,
  walletRequests,
} from './fixtures.ts'
import { askForPayment, resolved } from './paySteps.ts'

/** This spec's project on the reference server: its remote config turns multi-wallet on (no other spec reads it). */
const PROJECT = 'latchkey-e2e-pay-wallets'

async function multiWalletProject(request: APIRequestContext) {
  const response = await request.post(`${API_URL}/__control/features`, { data: { projectId: PROJECT, features: { multiWallet: true } } })
  expect(response.ok(), await response.text()).toBe(true)
}

/** Started connected with the dev wallet, the second browser wallet added from Account: it is the site's active one. */
async function twoWalletsHeld(page: Page) {
  await openConnected(page, { path: `/?features=pay:on&secondWallet=1&project=${PROJECT}` })
  await accountButton(page).address.click()
  await dialog(page, 'Account').getByRole('button', { name: 'Add wallet', exact: true }).click()
  await dialog(page, 'Connect Wallet').getByRole('button', { name: 'Second Dev Wallet' }).click()
  await expect(liveState(page).address).toHaveText(ACCOUNT_1)
  await expect(anyDialog(page)).toHaveCount(0)
}

test.beforeEach(async ({ request }) => multiWalletProject(request))

test('two wallets held: Pay lists each with its balance, one that cannot pay is disabled and says why; the visitor picks the held one, it pays on anvil (the chain shows the transfer from its account) and the site keeps its active wallet', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await setAnvilBalance(ACCOUNT_0, '100')
  // The active wallet (the second, dev account 1) cannot cover 0.5 ETH and its fee.
  await setAnvilBalance(ACCOUNT_1, '0.25')
  await twoWalletsHeld(page)

  let pay = await askForPayment(page, { to: freshAddress(), amount: '0.5', asset: 'ETH' })
  let choice = pay.getByRole('group', { name: 'Pay with' })
  const row = (address: string) => choice.getByTestId('pay-wallet').filter({ hasText: truncated(address) })
  const radio = (address: string) => row(address).getByRole('radio')
  await expect(choice.getByRole('radio')).toHaveCount(2)
  // The site's active wallet first, with its balance and why it cannot pay; the held one pays.
  await expect(choice.getByTestId('pay-wallet').first()).toContainText(truncated(ACCOUNT_1))
  await expect(row(ACCOUNT_1)).toHaveText('Wallet 0x7099…79C8 · balance 0.25 ETHNot enough ETH')
  await expect(radio(ACCOUNT_1)).toBeDisabled()
  await expect(row(ACCOUNT_0)).toHaveText('Wallet 0xf39F…2266 · balance 100 ETH')
  await expect(radio(ACCOUNT_0)).toBeChecked()
  await expect(pay.getByTestId('pay-held-wallet')).toHaveText(`${truncated(ACCOUNT_0)} pays. The site stays connected to your active wallet.`)
  await pay.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByTestId('pay-status')).toHaveText('cancelled')

  // Both can pay: the active one is chosen; the visitor picks the second row, the held wallet.
  await setAnvilBalance(ACCOUNT_1, '100')
  const to = freshAddress()
  const mark = await anvilBlockNumber(31337)
  pay = await askForPayment(page, { to, amount: '0.02', asset: 'ETH' })
  choice = pay.getByRole('group', { name: 'Pay with' })
  await expect(radio(ACCOUNT_1)).toBeChecked()
  await expect(radio(ACCOUNT_0)).toBeEnabled()
  await expect(pay.getByTestId('pay-held-wallet')).toHaveCount(0)
  await radio(ACCOUNT_0).check()
  await expect(radio(ACCOUNT_0)).toBeChecked()
  await expect(pay.getByTestId('pay-held-wallet')).toHaveText(`${truncated(ACCOUNT_0)} pays. The site stays connected to your active wallet.`)
  await pay.getByRole('button', { name: 'Pay 0.02 ETH' }).click()
  // The dev wallet (the held one, dev account 0) is asked in its panel; the active one approves by itself, so a transfer
  // from it would show on the chain below.
  await approveWalletRequest(page, 'Send transaction?')
  await expect(pay.getByText('Payment complete')).toBeVisible({ timeout: 15_000 })
  expect(await resolved(page)).toMatchObject({ status: 'success', chainId: 31337, paidAmount: '0.02' })
  const from = async (account: `0x${string}`) => (await anvilTransactionsFrom(account, mark, 31337)).map((r) => [account, r.to?.toLowerCase(), r.status])
  expect({ recipientWei: await anvilBalanceWei(to), transfers: [...(await from(ACCOUNT_0)), ...(await from(ACCOUNT_1))] }).toEqual({
    recipientWei: parseEther('0.02'),
    transfers: [[ACCOUNT_0, to.toLowerCase(), 'success']],
  })
  await pay.getByRole('button', { name: 'Done' }).click()
  await expect(pay).toBeHidden()
  // The site's active wallet is the one it was.
  await expect(liveState(page).address).toHaveText(ACCOUNT_1)
  await expect(walletRequests(page)).toHaveCount(0)
})
