import { ACCOUNT_0, connectDevWallet, expect, expectRealBalance, setBalance, test } from './fixtures.ts'

const rpcUrl = process.env.LATCHKEY_EXAMPLES_RPC ?? 'http://127.0.0.1:8545'

test('html: a plain page with the single-file custom elements connects the dev wallet on anvil and shows the real balance', async ({ openExample, pageErrors }) => {
  await setBalance('707.0707')
  const page = await openExample('html', `/?rpc=${encodeURIComponent(rpcUrl)}`)
  // One script on the page: latchkey's single ES module.
  expect(await page.evaluate(() => [...document.scripts].map((s) => s.type))).toEqual(['module'])
  await expect(page.getByRole('button', { name: /Anvil Local/ })).toBeVisible()
  await connectDevWallet(page)
  await expectRealBalance(page)
  await expect(page.getByTestId('example-address')).toHaveText(ACCOUNT_0)

  // Focus returns to the element's buttons (their own React roots) when the modal closes: the account button that
  // replaced the connect button, then, after Disconnect, the connect button again.
  const accountButton = page.getByRole('button').filter({ has: page.getByTestId('account-button-address') })
  if (await page.getByRole('dialog').count()) await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await accountButton.click()
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect', exact: true }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Connect Wallet', exact: true })).toBeFocused()
  await expect(page.locator('#status')).toHaveText('Not connected')
  expect(pageErrors).toEqual([])
})
