import { connectedStart, expect, test } from 'latchkey/testing/playwright'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'

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

test.describe('the modal’s Send view', () => {
  // The connected start without the example's sign-in prompt.
  test.use({ startPath: '/?siwx=off' })

  test('lists the balance the blockchain API reads from the chain, reviews and sends 0.25 ETH, and the chain has it', async ({ blockchainApi, wallet, modal, connected, chain }) => {
    const receiver = privateKeyToAddress(generatePrivateKey())
    await modal.accountButton.click()
    await modal.account.send().click()
    // The form's token: the native one of the kit's blockchain API, read from anvil for the connected account.
    await expect(modal.send.dialog.getByRole('button', { name: /^Token: ETH\b/ })).toBeVisible()
    expect(blockchainApi.requests.map((r) => r.path)).toContain(`/blockchain/v1/account/${connected.address}/balance`)
    await modal.send.amount.fill('0.25')
    await modal.send.to.fill(receiver)
    await modal.send.review.click()
    await expect(modal.send.reviewDialog).toBeVisible()
    await modal.send.confirm.click()
    await expect(modal.toast('Transaction sent')).toBeVisible()
    expect(await chain.getBalance(receiver)).toBe(250_000_000_000_000_000n)
    await expect.poll(() => modal.chartState('send')).toMatchObject({ balances: 'ready', flow: 'idle' })
    expect((await wallet.state()).address).toBe(connected.address)
  })

  test('a blockchain API that answers garbage leaves the Send view saying the balances are unavailable, nothing sent', async ({ blockchainApi, page, wallet, modal, chain }) => {
    // Broken before the page's first read (the modal keeps balances 30 s).
    blockchainApi.setBehaviour({ mode: 'garbage' })
    const connected = await connectedStart(page, { wallet, path: '/?siwx=off' })
    const before = await chain.getBalance(connected.address!)
    await modal.accountButton.click()
    await modal.account.send().click()
    await expect.poll(() => modal.chartState('send')).toMatchObject({ balances: { unavailable: 'coolingDown' } })
    await expect(modal.send.dialog.getByText('Token Balance Unavailable')).toBeVisible()
    expect(await chain.getBalance(connected.address!)).toBe(before)
  })
})

test('hostile: a wallet answering garbage accounts makes the modal show its error, never a connection', async ({ page, wallet, modal }) => {
  await page.goto('/?siwx=off')
  await wallet.misbehave({ accounts: 'garbage' })
  await modal.connectButton.click()
  await modal.connect.wallet('Test Wallet').click()
  await expect.poll(() => modal.chartState('connection.eip155')).toBe('failed')
  await expect(modal.tryAgain).toBeVisible()
  await expect(modal.accountButton.address).toHaveCount(0)
  await expect(page.getByText('Not connected')).toBeVisible()
})
