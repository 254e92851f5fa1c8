/**
 * The connected start of the specs (tests/e2e/connected-start.ts): the page opens with a stored session and the modal
 * restores it through its own reconnect, on each namespace, with no wallet prompt and no connect through the UI.
 */
import { ACCOUNT_0, ACCOUNT_1, accountButton, anyDialog, connectedSession, ConnectedStartError, expect, expectedBalance, grouped, liveState, test, truncated, walletRequests } from './fixtures.ts'

test('EVM by default: dev account 0 on chain 31337, restored without a wallet prompt, with its real balance; a reload keeps it', async ({ connectedPage }) => {
  const page = await connectedPage()
  await expect(liveState(page).address).toHaveText(ACCOUNT_0)
  await expect(liveState(page).network).toHaveText('eip155:31337')
  await expect(accountButton(page).address).toHaveText(truncated(ACCOUNT_0))
  await expect(accountButton(page).balance).toHaveText(`${grouped(await expectedBalance(ACCOUNT_0, 31337))} ETH`)
  await expect(walletRequests(page)).toHaveCount(0)
  await expect(page.getByTestId('dev-wallet-status')).toHaveText('Connected to site · chain 31337')

  await page.reload()
  await expect(liveState(page).status).toHaveText('connected')
  await expect(liveState(page).address).toHaveText(ACCOUNT_0)
  await expect(walletRequests(page)).toHaveCount(0)
  await expect(anyDialog(page)).toHaveCount(0)
})

test('EVM account 1 on chain 31338: the modal and the wallet are both on that chain', async ({ connectedPage }) => {
  const page = await connectedPage({ namespace: 'eip155', account: 1, chainId: 31338 })
  await expect(liveState(page).address).toHaveText(ACCOUNT_1)
  await expect(liveState(page).network).toHaveText('eip155:31338')
  await expect(accountButton(page).balance).toHaveText(`${grouped(await expectedBalance(ACCOUNT_1, 31338))} ETH`)
  await expect(walletRequests(page)).toHaveCount(0)
})

test('Solana: the dev Solana wallet account 0 on Solana Localnet, restored without a wallet prompt', async ({ connectedPage }) => {
  const page = await connectedPage({ namespace: 'solana' })
  const { address, caipNetworkId } = connectedSession({ namespace: 'solana' })
  await expect(liveState(page).address).toHaveText(address!)
  await expect(liveState(page).network).toHaveText(caipNetworkId)
  await expect(accountButton(page).balance).toContainText('SOL')
  await expect(page.getByTestId('dev-solana-wallet').getByRole('region', { name: 'Solana wallet request' })).toHaveCount(0)
})

test('Bitcoin: the Bitcoin dev wallet on Bitcoin Regtest, restored without a wallet prompt', async ({ connectedPage }) => {
  const page = await connectedPage({ namespace: 'bip122' })
  await expect(liveState(page).network).toHaveText(connectedSession({ namespace: 'bip122' }).caipNetworkId)
  await expect(accountButton(page).balance).toContainText('BTC')
  await expect(page.getByTestId('bitcoin-dev-wallet').getByRole('region', { name: 'Bitcoin wallet request' })).toHaveCount(0)
})

test('an account or a chain the development wallets do not have is refused with a ConnectedStartError', () => {
  expect(() => connectedSession({ account: 5 })).toThrow(ConnectedStartError)
  expect(() => connectedSession({ account: -1 })).toThrow('No development account -1')
  expect(() => connectedSession({ account: 1.5 })).toThrow(ConnectedStartError)
  expect(() => connectedSession({ chainId: 1 as never })).toThrow('No development EVM chain 1')
  expect(connectedSession({ account: 4 }).address).toBe('0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65')
})

test('an email user: signed in on the secure site through its API, the page restores the embedded wallet (auth connector) without Connect or the mailed link', async ({ connectedEmailPage }) => {
  const { page, session } = await connectedEmailPage()
  expect(session.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  await expect(liveState(page).address).toHaveText(session.address)
  await expect(accountButton(page).balance).toContainText('ETH')
  // The Account shows the email the session belongs to (spec §9: truncated past 30 characters).
  await accountButton(page).address.click()
  await expect(page.getByTestId('account-email')).toHaveText(session.email.length > 30 ? `${session.email.slice(0, -3)}...` : session.email)
})
