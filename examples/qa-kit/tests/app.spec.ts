import { expect, test } from 'latchkey/testing/playwright'

test('connect, sign in and send 1.5 ETH on anvil', async ({ page, wallet, modal, chain }) => {
  const [me] = wallet.addresses
  const receiver = '0x000000000000000000000000000000000000dEaD'
  const before = await chain.getBalance(receiver)
  await page.goto('/')

  await modal.connectButton.click()
  await modal.connect.wallet('Test Wallet').click()
  await modal.signIn.sign.click()
  await expect(page.getByTestId('example-signed-in')).toHaveText(me!)

  // The dapp's own transaction through the connected wallet: the wallet signs it and sends it to anvil.
  await page.getByRole('button', { name: 'Tip 1.5 ETH' }).click()
  await expect(page.getByTestId('example-tip')).toHaveText(/^0x[0-9a-f]{64}$/)
  const hash = await page.getByTestId('example-tip').textContent()
  expect(await chain.receiptStatus(hash!)).toBe('success')
  expect(await chain.getBalance(receiver)).toBe(before + 1_500_000_000_000_000_000n)
})

test('starts connected; a refused signature leaves the visitor signed out; a wallet-side disconnect ends the connection', async ({ page, wallet, modal, connected }) => {
  await expect(page.getByTestId('example-address')).toHaveText(connected.address!)
  // Restored without a session: the modal asks to sign in. The wallet refuses the signature (4001): not required, the
  // modal closes and the visitor stays signed out.
  await expect(modal.signIn.dialog).toBeVisible()
  await wallet.answerNext('reject', 'sign')
  await modal.signIn.sign.click()
  await expect(modal.dialog()).toHaveCount(0)
  await expect(page.getByTestId('example-signed-in')).toHaveText('Not signed in')
  // A refused transaction reaches the dapp as the wallet's 4001.
  await wallet.answerNext('reject', 'sendTransaction')
  await page.getByRole('button', { name: 'Tip 1.5 ETH' }).click()
  await expect(page.getByTestId('example-tip')).toHaveText('Not sent: 4001')
  await wallet.disconnect()
  await expect(page.getByText('Not connected')).toBeVisible()
})
