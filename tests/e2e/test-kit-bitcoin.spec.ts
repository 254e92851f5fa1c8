/**
 * The test kit's Bitcoin wallet (`latchkey/testing/bitcoin`, `installTestBitcoinWallet` of `latchkey/testing/playwright`)
 * in Chromium on the demo: its page script (built here from testing/inPageBitcoin.ts, as the package build does)
 * registers it beside the demo's own wallets, `connectedStart` starts the page connected with it through the modal's
 * real reconnect, and the test answers its prompts; signatures and transfers are real (bip322-js, the reference
 * server's UTXO index).
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Verifier } from 'bip322-js'
import { build } from 'vite'
import { connectedStart } from '../../testing/playwright/connectedStart.ts'
import { installTestBitcoinWallet, type TestBitcoinWalletHandle } from '../../testing/playwright/bitcoinWallet.ts'
import { pageScriptConfig } from '../../vite.testing.config.ts'
import { API_URL, dialog, expect, liveState, test } from './fixtures.ts'

const BITCOIN_REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

test.beforeAll(async () => {
  test.setTimeout(180_000)
  const outDir = mkdtempSync(join(tmpdir(), 'latchkey-test-bitcoin-wallet-'))
  const config = pageScriptConfig('testing/inPageBitcoin.ts', 'latchkeyTestBitcoinWallet', 'test-bitcoin-wallet.js')
  await build({ ...config, configFile: false, logLevel: 'warn', build: { ...config.build, outDir } })
  process.env.LATCHKEY_TEST_BITCOIN_WALLET_SCRIPT = join(outDir, 'test-bitcoin-wallet.js')
})

/** Satoshis of an address in the UTXO index (funded − spent, confirmed and in the mempool). */
async function satoshis(address: string): Promise<number> {
  const body = await (await fetch(`${API_URL}/blockchain/v1/bitcoin/address/${address}?projectId=e2e&st=appkit&sv=test`)).json()
  return body.chain_stats.funded_txo_sum - body.chain_stats.spent_txo_sum + body.mempool_stats.funded_txo_sum - body.mempool_stats.spent_txo_sum
}

const install = (page: Parameters<typeof installTestBitcoinWallet>[0]): Promise<TestBitcoinWalletHandle> => installTestBitcoinWallet(page, { apiUrl: `${API_URL}/blockchain`, name: 'Kit Bitcoin Wallet' })

test('connectedStart with the test Bitcoin wallet: account 1 restored on Bitcoin Regtest with no prompt; the wallet changing account moves the modal', async ({ page }) => {
  const wallet = await install(page)
  const session = await connectedStart(page, { wallet, account: 1 })
  expect(session).toMatchObject({ namespace: 'bip122', caipNetworkId: BITCOIN_REGTEST })
  await expect(liveState(page).status).toHaveText('connected')
  await expect(liveState(page).address).toHaveText(wallet.addresses[1]!)
  await expect(liveState(page).network).toHaveText(BITCOIN_REGTEST)
  expect(await wallet.prompts()).toEqual([])
  expect(await wallet.state()).toMatchObject({ authorised: true, accountIndex: 1 })

  await wallet.setAccount(2)
  await expect(liveState(page).address).toHaveText(wallet.addresses[2]!)
})

test('the test answers the prompts: a refused message signature reaches the page, a hung one settled with approve verifies (BIP-322), a transfer is broadcast', async ({ page }) => {
  const wallet = await install(page)
  await connectedStart(page, { wallet })
  await expect(liveState(page).address).toHaveText(wallet.addresses[0]!)
  const actions = page.getByRole('region', { name: 'Wallet actions' })

  await wallet.answerNext('reject', 'signMessage')
  await actions.getByRole('textbox', { name: 'Message' }).fill('kit says hi')
  await actions.getByRole('button', { name: 'Sign message' }).click()
  await expect(page.getByTestId('wallet-action-error')).toBeVisible()

  await wallet.answerNext('hang', 'signMessage')
  await actions.getByRole('button', { name: 'Sign message' }).click()
  const prompt = await wallet.waitForPrompt('signMessage')
  expect(prompt.detail).toBe(`BIP-322 by ${wallet.addresses[0]}: kit says hi`)
  await wallet.settle('approve', prompt.id)
  const signature = page.getByTestId('signed-message-signature')
  await expect(signature).toHaveText(/.{20,}/)
  expect(Verifier.verifySignature(wallet.addresses[0]!, 'kit says hi', (await signature.textContent())!)).toBe(true)

  const to = wallet.addresses[3]!
  const before = await satoshis(to)
  await actions.getByRole('textbox', { name: 'Recipient' }).fill(to)
  await actions.getByRole('textbox', { name: 'Satoshis' }).fill('12345')
  await actions.getByRole('button', { name: 'Send bitcoin' }).click()
  await expect(page.getByTestId('bitcoin-txid')).toHaveText(/^[0-9a-f]{64}$/)
  expect(await satoshis(to)).toBe(before + 12_345)
  await expect(dialog(page, 'Connect Wallet')).toHaveCount(0)
})
