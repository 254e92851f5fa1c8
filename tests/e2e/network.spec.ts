/**
 * Switching networks from the Account view: the wallet is asked, the active network and the balance follow.
 */
import { ACCOUNT_0, accountButton, approveWalletRequest, dialog, expect, expectedBalance, grouped, liveState, rejectWalletRequest, setAnvilBalance, test, walletPanel, walletRequests } from './fixtures.ts'

test('switching to Anvil Local 2 and back shows each chain’s real balance', async ({ page, connectedPage }) => {
  // A balance on chain 31338 that differs from chain 31337's, so the shown balance proves which chain it came from.
  await setAnvilBalance(ACCOUNT_0, '4321.98765', 31338)
  const balance2 = await expectedBalance(ACCOUNT_0, 31338)
  expect(balance2).toBe('4321.987')

  await connectedPage()
  const state = liveState(page)
  const balance1 = await expectedBalance(ACCOUNT_0, 31337)
  expect(balance1).not.toBe(balance2)
  await expect(state.network).toHaveText('eip155:31337')
  await expect(accountButton(page).balance).toHaveText(`${grouped(balance1)} ETH`)

  // Account → Switch network (Anvil Local) → Switch Network.
  await accountButton(page).address.click()
  const account = dialog(page, 'Account')
  await account.getByRole('button', { name: 'Switch network (Anvil Local)', exact: true }).click()
  const switcher = dialog(page, 'Switch Network')
  await expect(switcher).toBeVisible()
  await expect(switcher.getByRole('button', { name: 'Anvil Local', exact: true })).toHaveAttribute('aria-current', 'true')
  await expect(switcher.getByRole('button', { name: 'Anvil Local 2', exact: true })).not.toHaveAttribute('aria-current')

  await switcher.getByRole('button', { name: 'Anvil Local 2', exact: true }).click()
  await expect(switcher.getByText('Approve the network switch in your wallet')).toBeVisible()
  await approveWalletRequest(page, 'Switch to chain 31338?')

  await expect(state.network).toHaveText('eip155:31338')
  await expect(state.balance).toHaveText(grouped(balance2))
  await expect(accountButton(page).balance).toHaveText(`${grouped(balance2)} ETH`)
  await expect(walletPanel(page).getByRole('combobox', { name: 'Wallet chain' })).toHaveValue('31338')
  // Back to Account after the switch, showing the new network and balance.
  await expect(account).toBeVisible()
  await expect(account.getByTestId('account-balance')).toHaveText(`${grouped(balance2)} ETH`)
  // The page's network button follows too.
  await expect(page.locator('.buttons').getByRole('button', { name: 'Switch network (Anvil Local 2)', exact: true })).toBeVisible()

  // The list marks the new active network.
  await account.getByRole('button', { name: 'Switch network (Anvil Local 2)', exact: true }).click()
  await expect(switcher).toBeVisible()
  await expect(switcher.getByRole('button', { name: 'Anvil Local 2', exact: true })).toHaveAttribute('aria-current', 'true')
  await expect(switcher.getByRole('button', { name: 'Anvil Local', exact: true })).not.toHaveAttribute('aria-current')

  // And back to Anvil Local.
  await switcher.getByRole('button', { name: 'Anvil Local', exact: true }).click()
  await approveWalletRequest(page, 'Switch to chain 31337?')
  await expect(state.network).toHaveText('eip155:31337')
  await expect(state.balance).toHaveText(grouped(balance1))
  await expect(accountButton(page).balance).toHaveText(`${grouped(balance1)} ETH`)
  await expect(account).toBeVisible()
  await expect(account.getByTestId('account-balance')).toHaveText(`${grouped(balance1)} ETH`)
})

test('a switch declined in the wallet keeps the network and lets the user pick again', async ({ page, connectedPage }) => {
  await connectedPage()
  await accountButton(page).address.click()
  await dialog(page, 'Account').getByRole('button', { name: 'Switch network (Anvil Local)', exact: true }).click()
  const switcher = dialog(page, 'Switch Network')
  const anvil2 = switcher.getByRole('button', { name: 'Anvil Local 2', exact: true })
  await anvil2.click()
  // Marked pending, still clickable: a wallet that never answers must not hold the list.
  await expect(anvil2).toHaveAttribute('aria-busy', 'true')
  await rejectWalletRequest(page, 'Switch to chain 31338?')

  // The view stays, usable again; nothing changed.
  await expect(switcher).toBeVisible()
  await expect(anvil2).toBeEnabled()
  await expect(switcher.getByText('Approve the network switch in your wallet')).toHaveCount(0)
  await expect(switcher.getByRole('button', { name: 'Anvil Local', exact: true })).toHaveAttribute('aria-current', 'true')
  await expect(liveState(page).network).toHaveText('eip155:31337')
  await expect(liveState(page).status).toHaveText('connected')
  await expect(walletPanel(page).getByRole('combobox', { name: 'Wallet chain' })).toHaveValue('31337')

  // Picking again asks again.
  await anvil2.click()
  await approveWalletRequest(page, 'Switch to chain 31338?')
  await expect(liveState(page).network).toHaveText('eip155:31338')
})

test('when the wallet switches chain by itself, the page follows with that chain’s balance', async ({ page, connectedPage }) => {
  await setAnvilBalance(ACCOUNT_0, '4321.98765', 31338)
  await connectedPage()
  await expect(liveState(page).network).toHaveText('eip155:31337')

  await walletPanel(page).getByRole('combobox', { name: 'Wallet chain' }).selectOption('31338')
  const balance2 = await expectedBalance(ACCOUNT_0, 31338)
  await expect(liveState(page).network).toHaveText('eip155:31338')
  await expect(accountButton(page).balance).toHaveText(`${grouped(balance2)} ETH`)
  await expect(page.locator('.buttons').getByRole('button', { name: 'Switch network (Anvil Local 2)', exact: true })).toBeVisible()
  // No prompt: the wallet's own change needs no approval from the site.
  await expect(walletRequests(page)).toHaveCount(0)

  // A reload keeps the wallet's chain.
  await page.reload()
  await expect(liveState(page).status).toHaveText('connected')
  await expect(liveState(page).network).toHaveText('eip155:31338')
  await expect(accountButton(page).balance).toHaveText(`${grouped(balance2)} ETH`)
})
