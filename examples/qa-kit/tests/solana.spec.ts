import { connectedStart, expect, installTestSolanaWallet, test, type TestSolanaWalletHandle } from 'latchkey/testing/playwright'
import { Keypair } from '@solana/web3.js'

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

// The kit's blockchain API (the `blockchainApi` fixture, worker-wide) reads SOL balances from the same validator.
test.use({ blockchainApiOptions: { solanaRpcUrl: rpcUrl } })

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

test.describe('the modal’s Send view on Solana', () => {
  test('sends 0.5 SOL to a new address: the balance the blockchain API reads, the review, the wallet signs and sends, the validator has it', async ({ blockchainApi, page, modal }) => {
    const solana = await install(page)
    await connectedStart(page, { wallet: solana, account: 1, path: '/?siwx=off' })
    const receiver = Keypair.generate().publicKey.toBase58()
    await modal.accountButton.click()
    await modal.account.send().click()
    await expect(modal.send.dialog.getByRole('button', { name: /^Token: SOL\b/ })).toBeVisible()
    expect(blockchainApi.requests.some((r) => r.path.endsWith(`/${solana.addresses[1]}/balance`))).toBe(true)
    await modal.send.amount.fill('0.5')
    await modal.send.to.fill(receiver)
    await modal.send.review.click()
    await expect(modal.send.reviewDialog).toBeVisible()
    await solana.answerNext('hang', 'signAndSendTransaction')
    await modal.send.confirm.click()
    // What the wallet shows the visitor: the transfer it is asked to sign.
    const prompt = await solana.waitForPrompt('signAndSendTransaction')
    expect(JSON.stringify(prompt)).toContain('Transfer 0.5 SOL')
    await solana.settle('approve')
    await expect(modal.toast('Transaction sent')).toBeVisible()
    expect(await lamports(receiver)).toBe(500_000_000n)
  })
})
