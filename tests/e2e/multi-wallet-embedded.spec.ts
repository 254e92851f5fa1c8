/**
 * Multi-wallet with the embedded wallet (spec §6 multi-wallet, §2 email login): the email login's wallet held as one
 * connection beside a browser wallet, in Chromium against the demo and the secure site. The flags come from the
 * remote config of a project of this spec's own (`?project=`).
 */
import { API_URL, accountButton, ACCOUNT_1, anyDialog, dialog, emailLogin, expect, liveState, test } from './fixtures.ts'

const PROJECT = 'latchkey-e2e-multi-wallet-embedded'

test('the email login held beside a browser wallet: both listed in the switcher, a switch each way makes it the account, a reload keeps both and the same active one', async ({ page, request }) => {
  const response = await request.post(`${API_URL}/__control/features`, { data: { projectId: PROJECT, features: { multiWallet: true, email: true } } })
  expect(response.ok(), await response.text()).toBe(true)
  await page.goto(`/?secondWallet=1&project=${PROJECT}`)
  const embedded = await emailLogin(page, 'multi-wallet-embedded')

  await accountButton(page).address.click()
  await dialog(page, 'Account').getByRole('button', { name: 'Add wallet', exact: true }).click()
  await dialog(page, 'Connect Wallet').getByRole('button', { name: 'Second Dev Wallet' }).click()
  await expect(liveState(page).address).toHaveText(ACCOUNT_1)
  await expect(anyDialog(page)).toHaveCount(0)

  await accountButton(page).address.click()
  const switcher = dialog(page, 'Account').getByRole('region', { name: 'Connected wallets' })
  await expect(switcher.getByRole('listitem')).toHaveCount(2)
  await switcher.getByRole('button', { name: /^Switch to / }).click()
  await expect(liveState(page).address).toHaveText(embedded)
  await expect(switcher.getByRole('listitem').first()).toContainText('Active')

  // A reload restores both, the embedded wallet still the active one; the switch back needs no prompt.
  await page.reload()
  await expect(liveState(page).address).toHaveText(embedded, { timeout: 30_000 })
  await accountButton(page).address.click()
  await expect(switcher.getByRole('listitem')).toHaveCount(2)
  await switcher.getByRole('button', { name: 'Switch to Second Dev Wallet', exact: true }).click()
  await expect(liveState(page).address).toHaveText(ACCOUNT_1)
})
