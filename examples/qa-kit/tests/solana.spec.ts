import { connectedStart, expect, installTestSolanaWallet, test, type TestSolanaWalletHandle } from 'latchkey/testing/playwright'

/**
 * The dapp's Solana side with the test Solana wallet (Wallet Standard, in the page): LATCHKEY_TEST_SOLANA_RPC_URL is a
 * local validator (the one the app was built against, VITE_SOLANA_RPC_URL), whose balances the modal shows.
 */
const rpcUrl = process.env.LATCHKEY_TEST_SOLANA_RPC_URL ?? 'http://127.0.0.1:8899'

/** Lamports of `address` on the validator (`getBalance`), read beside the page. */
async function lamports(address: string): Promise<bigint> {
  const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }) })
  return BigInt(((await response.json()) as { result: { value: number } }).result.value)
}

const install = (page: Parameters<typeof installTestSolanaWallet>[0]): Promise<TestSolanaWalletHandle> => installTestSolanaWallet(page, { rpcUrl })

test('connect the Solana wallet after a refusal: declined, Try again connects on Solana Localnet', async ({ page, modal }) => {
  const solana = await install(page)
  await page.goto('/')
  await page.getByRole('button', { name: /^Switch network \(/ }).click()
  await modal.switchNetwork.network('Solana Localnet').click()
  await modal.close()

  await solana.answerNext('reject', 'connect')
  await modal.connectButton.click()
  await modal.connect.wallet('Test Solana Wallet').click()
  await expect(modal.dialog('Connection declined')).toBeVisible()
  await modal.dialog('Connection declined').getByRole('button', { name: 'Try again' }).click()
  // The example's sign-in checks EVM signatures only: the visitor skips it on Solana.
  await modal.signIn.cancel.click()
  await expect(page.getByTestId('example-address')).toHaveText(solana.addresses[0]!)
  expect(await solana.state()).toMatchObject({ authorised: true, accountIndex: 0 })
})

test('starts connected on Solana with the balance the validator holds; the wallet changing account and disconnecting move the page', async ({ page, modal }) => {
  const solana = await install(page)
  const session = await connectedStart(page, { wallet: solana, account: 1 })
  expect(session.namespace).toBe('solana')
  await expect(page.getByTestId('example-address')).toHaveText(solana.addresses[1]!)
  // Restored without a session: the example's sign-in asks; the visitor skips it on Solana.
  await modal.signIn.cancel.click()
  const sol = Number(await lamports(solana.addresses[1]!)) / 1e9
  await expect(modal.accountButton.balance).toHaveText(new RegExp(`^${sol}\\s*SOL$`))
  expect(await solana.prompts()).toEqual([])

  await solana.setAccount(2)
  await expect(page.getByTestId('example-address')).toHaveText(solana.addresses[2]!)
  await solana.disconnect()
  await expect(page.getByText('Not connected')).toBeVisible()
  expect(await solana.state()).toMatchObject({ authorised: false, accountIndex: 2 })
})
