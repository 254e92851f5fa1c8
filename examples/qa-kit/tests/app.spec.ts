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

test.describe('switch network', () => {
  // The wallet has both of the dapp's chains (on the test's one node: the switch is the wallet's and the modal's).
  test.use({ walletOptions: { chains: [31337, 31338] } })

  test('a refused switch stays on Anvil Local; an approved one moves the wallet and the modal to Anvil Local 2', async ({ page, wallet, modal, connected }) => {
    expect(connected.caipNetworkId).toBe('eip155:31337')
    const networkButton = page.getByRole('button', { name: /^Switch network \(/ })
    await expect(networkButton).toHaveAccessibleName('Switch network (Anvil Local)')
    await modal.signIn.cancel.click()

    await wallet.answerNext('reject', 'switchChain')
    await networkButton.click()
    await modal.switchNetwork.network('Anvil Local 2').click()
    await expect.poll(async () => (await wallet.state()).chainId).toBe(31337)
    await expect(networkButton).toHaveAccessibleName('Switch network (Anvil Local)')
    await modal.close()

    await networkButton.click()
    await modal.switchNetwork.network('Anvil Local 2').click()
    await expect.poll(async () => (await wallet.state()).chainId).toBe(31338)
    await expect(networkButton).toHaveAccessibleName('Switch network (Anvil Local 2)')
  })
})
