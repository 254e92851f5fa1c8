/**
 * Sign in with the wallet (issue 5; spec §2 sign-in prompt, §4 "Sign-in (SIWX)", §8 strings) on the demo with
 * "Require sign-in" (`?siwx=required`) or optional sign-in (`?siwx=optional`): the development wallet signs a
 * real EIP-4361 message, the reference server verifies it on anvil and issues the session.
 */
import { accountButton, anyDialog, approveWalletRequest, connectButton, dialog, expect, liveState, openCleanDemo, test, walletPanel } from './fixtures.ts'
import type { Page } from '@playwright/test'

/** Opens the demo with the sign-in mode, connects the dev wallet and waits for the sign view. */
async function connectToSignView(page: Page, mode: 'required' | 'optional') {
  await openCleanDemo(page, `/?siwx=${mode}`)
  await connectButton(page).click()
  await dialog(page, 'Connect Wallet').getByRole('button', { name: 'Latchkey Dev Wallet', exact: true }).click()
  await approveWalletRequest(page, 'Connect to this site?')
  const sign = dialog(page, 'Sign In')
  await expect(sign).toBeVisible()
  return sign
}

test('required: connect, sign a real EIP-4361 message, the server verifies it, the modal closes and the session shows', async ({ page }) => {
  const sign = await connectToSignView(page, 'required')
  await expect(sign).toContainText('Cancelling disconnects your wallet.')
  await sign.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(walletPanel(page)).toContainText('wants you to sign in with your Ethereum account')
  await approveWalletRequest(page, 'Sign message?')
  await expect(anyDialog(page)).toHaveCount(0)
  await expect(page.getByTestId('siwx-phase')).toHaveText('signedIn')
  await expect(page.getByTestId('siwx-session-network')).toHaveText('eip155:31337')
  await expect(liveState(page).status).toHaveText('connected')
  await expect(accountButton(page).address).toBeVisible()
})
