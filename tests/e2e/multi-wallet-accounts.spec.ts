/**
 * Several accounts inside one wallet (multi-wallet, spec §6 "inside one wallet, several accounts"; §3 connections kept
 * per namespace with their accounts), in Chromium against the demo: the development wallet gives the site two of its
 * accounts (`?walletAccounts=2`: dev accounts 0 and 1, the wallet's selected one first). Multi-wallet comes from this
 * spec's own project's remote config (`POST /__control/features`), fetched at the first opening. The journeys start
 * connected (tests/e2e/connected-start.ts): the accounts are their subject, not connecting.
 *
 * The send is checked on the chain: the receiver got the amount and the one transaction left from the selected
 * account, so a send from the wallet's other account fails the test.
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
  approveWalletRequest,
  dialog,
  expect,
  freshAddress,
  liveState,
  openConnected,
  setAnvilBalance,
  test,
  truncated,
  walletPanel,
} from './fixtures.ts'
import { reviewSend } from './steps.ts'

/** This spec's project on the reference server: its remote config turns multi-wallet on (no other spec reads it). */
const PROJECT = 'latchkey-e2e-multi-account'
const PATH = `/?walletAccounts=2&project=${PROJECT}`
const WALLET = 'Latchkey Dev Wallet'
const ID = 'eip155:dev.latchkey.wallet'

async function multiWalletProject(request: APIRequestContext) {
  const response = await request.post(`${API_URL}/__control/features`, { data: { projectId: PROJECT, features: { multiWallet: true } } })
  expect(response.ok(), await response.text()).toBe(true)
}

/** The Account view's wallet switcher (a region named 'Connected wallets'), its rows, and the row of an address. */
function switcher(page: Page) {
  const region = dialog(page, 'Account').getByRole('region', { name: 'Connected wallets' })
  return { region, rows: region.getByRole('listitem'), row: (address: string) => region.getByRole('listitem').filter({ hasText: truncated(address) }) }
}

/** The connections as the public API tells them: `[id, address, accounts, active]`. */
function held(page: Page): Promise<Array<[string, string, readonly string[], boolean]> | undefined> {
  return page.evaluate(() => {
    const modal = (window as unknown as { latchkey: { getConnections(ns?: string): Array<{ id: string; address: string; accounts: readonly string[]; active: boolean }> | undefined } }).latchkey
    return modal.getConnections('eip155')?.map((c) => [c.id, c.address, c.accounts, c.active] as [string, string, readonly string[], boolean])
  })
}

/** Connected with the wallet giving two accounts; Account open, multi-wallet on (the remote config of the first opening). */
async function connectedWithTwoAccounts(page: Page) {
  await setAnvilBalance(ACCOUNT_0, '100')
  await setAnvilBalance(ACCOUNT_1, '100')
  await openConnected(page, { path: PATH })
  await accountButton(page).address.click()
  await expect.poll(() => held(page)).toEqual([[ID, ACCOUNT_0, [ACCOUNT_0, ACCOUNT_1], true]])
}

test.beforeEach(async ({ request }) => multiWalletProject(request))

test('a wallet giving two accounts shows a row for each; switching moves Account and a send goes from the selected account (on the chain); the wallet reordering its accounts keeps the selection; a reload keeps it', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await connectedWithTwoAccounts(page)
  const { rows, row } = switcher(page)
  await expect(rows).toHaveCount(2)
  await expect(row(ACCOUNT_0)).toContainText('Active')
  await expect(row(ACCOUNT_1)).toContainText(WALLET)
  await expect(row(ACCOUNT_1)).not.toContainText('Active')
  // One Remove for the wallet, saying that every account goes with it.
  await expect(switcher(page).region.getByRole('button', { name: /^Remove/ })).toHaveCount(1)
  await expect(switcher(page).region.getByRole('button', { name: `Remove ${WALLET} and all its accounts` })).toBeVisible()

  // One press on the other account's row: the page, the button and Account follow, without a prompt in the wallet.
  await row(ACCOUNT_1)
    .getByRole('button', { name: `Switch to ${WALLET} ${truncated(ACCOUNT_1)}` })
    .click()
  await expect(liveState(page).address).toHaveText(ACCOUNT_1)
  await expect(accountButton(page).address).toContainText(truncated(ACCOUNT_1).slice(0, 6))
  await expect(row(ACCOUNT_1)).toContainText('Active')
  await expect(dialog(page, 'Account')).toContainText(truncated(ACCOUNT_1))
  expect(await held(page)).toEqual([[ID, ACCOUNT_1, [ACCOUNT_1, ACCOUNT_0], true]])

  // A send goes from the selected account: the chain shows one transfer from account 1, none from account 0.
  const receiver = freshAddress()
  const mark = await anvilBlockNumber(31337)
  await dialog(page, 'Account').getByRole('button', { name: 'Send', exact: true }).click()
  const preview = await reviewSend(dialog(page, 'Send'), { amount: '0.01', to: receiver })
  await preview.getByRole('button', { name: 'Send', exact: true }).click()
  await approveWalletRequest(page, 'Send transaction?')
  await expect(page.getByRole('status').getByText('Transaction sent', { exact: true })).toBeVisible()
  const transfers = async (from: `0x${string}`) => (await anvilTransactionsFrom(from, mark, 31337)).map((r) => [from, r.to?.toLowerCase(), r.status])
  expect({ receiverWei: await anvilBalanceWei(receiver, 31337), transfers: [...(await transfers(ACCOUNT_1)), ...(await transfers(ACCOUNT_0))] }).toEqual({
    receiverWei: parseEther('0.01'),
    transfers: [[ACCOUNT_1, receiver.toLowerCase(), 'success']],
  })

  // The wallet's own user selects account 1, then account 0, in the wallet: it now gives [0, 1] (accountsChanged, its
  // selected one first). The visitor's selection, still given, stays.
  await walletPanel(page).getByLabel('Account').selectOption('1')
  await walletPanel(page).getByLabel('Account').selectOption('0')
  // (The wallet tells its event as the option changes, and the modal takes it in the same task.)
  await expect(liveState(page).address).toHaveText(ACCOUNT_1)
  expect(await held(page)).toEqual([[ID, ACCOUNT_1, [ACCOUNT_1, ACCOUNT_0], true]])

  // A reload restores the selected account (the wallet still answers [0, 1]).
  await page.reload()
  await expect(liveState(page).status).toHaveText('connected', { timeout: 30_000 })
  await expect(liveState(page).address).toHaveText(ACCOUNT_1)
  await accountButton(page).address.click()
  await expect.poll(() => held(page)).toEqual([[ID, ACCOUNT_1, [ACCOUNT_1, ACCOUNT_0], true]])
  await expect(switcher(page).rows).toHaveCount(2)
  await expect(switcher(page).row(ACCOUNT_1)).toContainText('Active')
})

test('switchConnection({ address }) selects another account the wallet gave; an address it did not give is a ConnectionNotFoundError and nothing changes', async ({ page }) => {
  await connectedWithTwoAccounts(page)
  const call = (address: string) =>
    page.evaluate((a) => {
      try {
        ;(window as unknown as { latchkey: { switchConnection(args: { address: string }): void } }).latchkey.switchConnection({ address: a })
        return 'ok'
      } catch (error) {
        return (error as { name: string }).name
      }
    }, address)
  expect(await call(freshAddress())).toBe('ConnectionNotFoundError')
  expect(await held(page)).toEqual([[ID, ACCOUNT_0, [ACCOUNT_0, ACCOUNT_1], true]])
  await expect(liveState(page).address).toHaveText(ACCOUNT_0)
  expect(await call(ACCOUNT_1.toLowerCase())).toBe('ok')
  await expect(liveState(page).address).toHaveText(ACCOUNT_1)
  await expect(switcher(page).row(ACCOUNT_1)).toContainText('Active')
  expect(await held(page)).toEqual([[ID, ACCOUNT_1, [ACCOUNT_1, ACCOUNT_0], true]])
})

test('Remove on a wallet giving two accounts removes the whole wallet connection: the namespace is disconnected and the wallet revoked', async ({ page }) => {
  await connectedWithTwoAccounts(page)
  await switcher(page)
    .region.getByRole('button', { name: `Remove ${WALLET} and all its accounts` })
    .click()
  await expect(liveState(page).status).toHaveText('disconnected')
  await expect.poll(() => held(page)).toEqual([])
  await expect(walletPanel(page).getByText(/^Not connected/)).toBeVisible()
})
