/**
 * Switching networks from the Account view: the wallet is asked, the active network and the balance follow.
 */
import {
  ACCOUNT_0,
  accountButton,
  approveWalletRequest,
  connectDevWallet,
  dialog,
  expect,
  expectedBalance,
  liveState,
  setAnvilBalance,
  test,
  walletPanel,
} from './fixtures.ts'

test('switching to Anvil Local 2 and back shows each chain’s real balance', async ({ demo: page }) => {
  // A balance on chain 31338 that differs from chain 31337's, so the shown balance proves which chain it came from.
  await setAnvilBalance(ACCOUNT_0, '4321.98765', 31338)
  const balance2 = await expectedBalance(ACCOUNT_0, 31338)
  expect(balance2).toBe('4321.987')

  await connectDevWallet(page)
  const state = liveState(page)
  const balance1 = await expectedBalance(ACCOUNT_0, 31337)
  expect(balance1).not.toBe(balance2)
  await expect(state.network).toHaveText('eip155:31337')
  await expect(accountButton(page).balance).toHaveText(`${balance1} ETH`)

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
  await expect(state.balance).toHaveText(balance2)
  await expect(accountButton(page).balance).toHaveText(`${balance2} ETH`)
  await expect(walletPanel(page).getByRole('combobox', { name: 'Wallet chain' })).toHaveValue('31338')
  // Back to Account after the switch, showing the new network and balance.
  await expect(account).toBeVisible()
  await expect(account.getByTestId('account-balance')).toHaveText(`${balance2} ETH`)
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
  await expect(state.balance).toHaveText(balance1)
  await expect(accountButton(page).balance).toHaveText(`${balance1} ETH`)
  await expect(account).toBeVisible()
  await expect(account.getByTestId('account-balance')).toHaveText(`${balance1} ETH`)
})
