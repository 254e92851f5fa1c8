import { expect, test } from 'latchkey/testing/playwright'

// A mobile wallet over WalletConnect, with no internet: the `walletConnect` fixture runs a relay and a test wallet on
// 127.0.0.1 (one per worker) and points the page's relay socket at it; the test hands the modal's pairing URI over.
test('pair a mobile wallet over WalletConnect, sign in and send 1.5 ETH approved in the wallet', async ({ page, modal, walletConnect, chain }) => {
  const sockets: string[] = []
  page.on('websocket', (socket) => sockets.push(socket.url()))
  const receiver = '0x000000000000000000000000000000000000dEaD'
  const before = await chain.getBalance(receiver)
  const me = walletConnect.wallet.address
  await page.goto('/')

  await modal.connectButton.click()
  await modal.connect.wallet('WalletConnect').click()
  const uri = await modal.walletConnect.uri()
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  await walletConnect.pair(uri)
  // The wallet approved the session (its default answer) and signs the sign-in message.
  await modal.signIn.sign.click()
  await expect(page.getByTestId('example-address')).toHaveText(me)
  await expect(page.getByTestId('example-signed-in')).toHaveText(me)
  expect(walletConnect.wallet.state().sessions).toHaveLength(1)

  // The dapp's own transaction through the session: the wallet signs it and sends it to the test's chain.
  await page.getByRole('button', { name: 'Tip 1.5 ETH' }).click()
  await expect(page.getByTestId('example-tip')).toHaveText(/^0x[0-9a-f]{64}$/)
  const hash = await page.getByTestId('example-tip').textContent()
  expect(await chain.receiptStatus(hash!)).toBe('success')
  expect(await chain.getBalance(receiver)).toBe(before + 1_500_000_000_000_000_000n)

  // A send the wallet refuses reaches the dapp as 4001.
  walletConnect.wallet.answerNext('reject', 'sendTransaction')
  await page.getByRole('button', { name: 'Tip 1.5 ETH' }).click()
  await expect(page.getByTestId('example-tip')).toHaveText('Not sent: 4001')

  // Every socket the page opened went to the loopback relay.
  expect(sockets.length).toBeGreaterThan(0)
  for (const url of sockets) expect(new URL(url).hostname).toBe('127.0.0.1')

  // The wallet ends the session from its side: the dapp disconnects.
  await walletConnect.wallet.disconnect()
  await expect(page.getByText('Not connected')).toBeVisible()
})
