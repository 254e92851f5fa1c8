/**
 * Pay on solana (spec §1 Pay: "SOL / SPL tokens on solana") through the demo's 'Ask for a payment' (`usePay`,
 * `modal.pay`) from the Solana dev wallet on the local Solana chain (LiteSVM), pay on with `?features=pay:on`. Each
 * journey asserts what the chain says (the recipient's lamports or token account) and what the dapp's promise resolved
 * with. Dev account 1 pays (the other Solana journeys spend from account 0); each recipient is a fresh key. Without a
 * Solana wallet the reference exchange pays from its Solana hot wallet; on a site whose active namespace is eip155,
 * Connect a wallet makes Solana active, so Connect lists the Solana wallets.
 */
import { Keypair } from '@solana/web3.js'
import type { Locator, Page } from '@playwright/test'
import { associatedTokenAddress, tokenAmountOf } from '../../adapters/solana.spl.ts'
import { SOLANA_LOCALNET_CAIP_NETWORK_ID, SOLANA_LOCALNET_REFERENCE } from '../../dev/solana/network.ts'
import { dialog, expect, liveState, openConnected, test, walletRequests } from './fixtures.ts'
import { askForPayment, PAY_ON, payWithExchange, requestPayment, resolved } from './paySteps.ts'
import { SOLANA_RPC_URL } from './stack.ts'
import { resumeConnected, withSharedPage } from './sharedPage.ts'
import { DEV_SPL_MINT_ADDRESS } from '../../dev/solana/tokens.ts'

/** One JSON-RPC read on the local Solana chain, beside the modal. */
async function solanaRead<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(SOLANA_RPC_URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return ((await response.json()) as { result: T }).result
}
const lamports = async (address: string) => BigInt((await solanaRead<{ value: number }>('getBalance', [address])).value)
/** The dUSDC an owner's associated token account holds (undefined: no account). */
async function dusdc(owner: string): Promise<bigint | undefined> {
  const answer = await solanaRead<{ value: { data: [string, string] } | null }>('getAccountInfo', [await associatedTokenAddress(owner, DEV_SPL_MINT_ADDRESS), { encoding: 'base64' }])
  return answer.value ? tokenAmountOf(Uint8Array.from(Buffer.from(answer.value.data[0], 'base64'))) : undefined
}
const fresh = () => Keypair.generate().publicKey.toBase58()

function solanaPanel(page: Page): Locator {
  return page.getByTestId('dev-solana-wallet')
}
const solanaRequests = (page: Page) => solanaPanel(page).getByRole('region', { name: 'Solana wallet request' })

/** The start of a test on the shared page: the Solana dev wallet's account 1 connected on Solana Localnet (resumeConnected), no request pending in its panel. */
async function resumeSolanaPayer(page: Page): Promise<void> {
  await resumeConnected(page, { namespace: 'solana', account: 1, path: PAY_ON })
  await expect(solanaRequests(page)).toHaveCount(0)
}

// The payments from the connected Solana wallet share one page (withSharedPage), each starting as a fresh page does,
// asserted: no dialog, no wallet request, no toast, the Solana account connected. A request is a payment of its own and
// the demo's result reads 'pending' from each request on (pay.spec.ts), so a test never reads the one before's end.
test.describe('connected on Solana, one page', () => {
  const shared = withSharedPage(test)

  shared('SOL from the Solana dev wallet: one prompt however often Pay is pressed, success once confirmed, the recipient holds it', async ({ page }) => {
    await resumeSolanaPayer(page)
    const to = fresh()
    const pay = await askForPayment(page, { to, amount: '0.125', asset: 'SOL (Solana Localnet)' })
    await expect(pay.getByTestId('pay-balance')).toContainText('SOL')
    const button = pay.getByRole('button', { name: 'Pay 0.125 SOL' })
    await button.click()
    await button.click({ force: true })
    const request = solanaRequests(page).filter({ hasText: 'Send transaction?' })
    await expect(request).toHaveCount(1)
    await expect(request).toContainText(`Transfer 0.125 SOL to ${to}`)
    await request.getByRole('button', { name: 'Approve' }).click()
    await expect(pay.getByText('Payment complete')).toBeVisible({ timeout: 15_000 })
    await expect(page.getByTestId('pay-status')).toHaveText('success')
    const result = await resolved(page)
    expect(result).toMatchObject({ status: 'success', chainId: SOLANA_LOCALNET_REFERENCE, paidAmount: '0.125' })
    const [status] = (await solanaRead<{ value: Array<{ err: unknown; confirmationStatus: string } | null> }>('getSignatureStatuses', [[result['txHash']]])).value
    expect(status).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect(await lamports(to)).toBe(125_000_000n)
    await pay.getByRole('button', { name: 'Done' }).click()
    await expect(pay).toBeHidden()
  })

  shared('an SPL token (dUSDC, decimals and symbol from its mint) from the Solana dev wallet: the recipient token account holds the amount', async ({ page }) => {
    await resumeSolanaPayer(page)
    const to = fresh()
    const pay = await askForPayment(page, { to, amount: '3.25', asset: 'dUSDC (SPL, Solana Localnet)' })
    await expect(pay.getByTestId('pay-asked')).toContainText('dUSDC')
    await expect(pay.getByTestId('pay-balance')).toContainText('dUSDC')
    await pay.getByRole('button', { name: 'Pay 3.25 dUSDC' }).click()
    await solanaRequests(page).filter({ hasText: 'Send transaction?' }).getByRole('button', { name: 'Approve' }).click()
    await expect(pay.getByText('Payment complete')).toBeVisible({ timeout: 15_000 })
    expect(await resolved(page)).toMatchObject({ status: 'success', chainId: SOLANA_LOCALNET_REFERENCE, paidAmount: '3.25' })
    expect(await dusdc(to)).toBe(3_250_000n)
  })

  shared('more SOL than the wallet holds is explained before any prompt; Pay stays disabled; bad input is refused before anything opens', async ({ page }) => {
    await resumeSolanaPayer(page)
    const pay = await askForPayment(page, { to: fresh(), amount: '5000', asset: 'SOL (Solana Localnet)' })
    await expect(pay.getByTestId('pay-short')).toHaveText('Not enough SOL in this wallet to pay this amount. Add SOL to the wallet, or cancel.')
    await expect(pay.getByRole('button', { name: 'Pay 5000 SOL' })).toBeDisabled()
    await expect(solanaRequests(page)).toHaveCount(0)
    await pay.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByTestId('pay-status')).toHaveText('cancelled')
    // An amount finer than SOL's 9 decimals, a recipient that is no public key: typed errors, nothing opens. (dUSDC's
    // 6 decimals are checked in ui/createModal.paySolana.test.ts: the demo does not offer it, dev/solana/README.md.)
    await requestPayment(page, { to: fresh(), amount: '1.1234567891', asset: 'SOL (Solana Localnet)' })
    await expect(page.getByTestId('pay-error')).toHaveText("amount: must have at most 9 fraction digits (the asset's decimals)")
    await requestPayment(page, { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '1', asset: 'SOL (Solana Localnet)' })
    await expect(page.getByTestId('pay-error')).toHaveText('recipient: must be a Solana public key (base58, 32 bytes)')
    await expect(dialog(page, 'Pay')).toHaveCount(0)
    await expect(solanaRequests(page)).toHaveCount(0)
  })
})

test('with no Solana wallet connected: the reference exchange pays SOL and then dUSDC on the local chain; each resolves success with its signature once the chain shows it', async ({ page }) => {
  await page.goto(PAY_ON)
  for (const { amount, asset, symbol, held, units } of [
    { amount: '0.0625', asset: 'SOL (Solana Localnet)', symbol: 'SOL', held: lamports, units: 62_500_000n },
    { amount: '1.25', asset: 'dUSDC (SPL, Solana Localnet)', symbol: 'dUSDC', held: dusdc, units: 1_250_000n },
  ]) {
    const to = fresh()
    const pay = await askForPayment(page, { to, amount, asset })
    await expect(pay.getByTestId('pay-asked')).toContainText(symbol)
    await expect(pay.getByTestId('pay-no-wallet')).toHaveText('To pay from a wallet, connect one on a Solana network. Or pay from an exchange account below.')
    await expect(pay.getByRole('button', { name: `Pay ${amount} ${symbol}` })).toHaveCount(0)
    const exchange = await payWithExchange(page, pay)
    await expect(exchange.getByTestId('recipient')).toHaveText(to)
    await expect(exchange.getByTestId('network')).toHaveText(`solana:${SOLANA_LOCALNET_REFERENCE}`)
    await exchange.getByRole('button', { name: 'Approve' }).click()
    await expect(exchange.getByTestId('status')).toHaveText('succeeded')
    await expect(pay.getByText('Payment complete')).toBeVisible({ timeout: 15_000 })
    await expect(page.getByTestId('pay-status')).toHaveText('success')
    const result = await resolved(page)
    expect(result).toMatchObject({ status: 'success', chainId: SOLANA_LOCALNET_REFERENCE, paidAmount: amount, txHash: (await exchange.getByTestId('hash').textContent())?.trim() })
    expect(await held(to)).toBe(units)
    await exchange.close()
    await pay.getByRole('button', { name: 'Done' }).click()
    await expect(pay).toBeHidden()
  }
})

test('connected on EVM, a SOL payment: Connect a wallet makes Solana active and lists the Solana wallets (not the EVM one); the Solana dev wallet connected brings Pay back with its balance, pays on the local chain, the recipient holds the lamports; the EVM wallet stays connected', async ({
  page,
}) => {
  const evm = await openConnected(page, { path: PAY_ON })
  const to = fresh()
  const pay = await askForPayment(page, { to, amount: '0.0375', asset: 'SOL (Solana Localnet)', memo: 'Order 9' })
  await expect(pay.getByTestId('pay-no-wallet')).toHaveText('To pay from a wallet, connect one on a Solana network. Or pay from an exchange account below.')
  const recipientShown = await pay.getByTestId('pay-recipient').textContent()
  await pay.getByRole('button', { name: 'Connect a wallet' }).click()
  // Connect over Pay, on the payment's namespace (spec §2 SwitchActiveChain, §4 namespace switch).
  const connect = dialog(page, 'Connect Wallet')
  await expect(connect.getByRole('button', { name: 'Latchkey Dev Solana Wallet', exact: true })).toBeVisible()
  await expect(connect.getByRole('button', { name: 'Latchkey Dev Wallet', exact: true })).toHaveCount(0)
  await expect(liveState(page).network).toHaveText(SOLANA_LOCALNET_CAIP_NETWORK_ID)
  await connect.getByRole('button', { name: 'Latchkey Dev Solana Wallet', exact: true }).click()
  await solanaRequests(page).filter({ hasText: 'Connect to this site?' }).getByRole('button', { name: 'Approve' }).click()
  // Pay again, the same request, now with the Solana wallet's balance; the promise still pending.
  await expect(pay.getByTestId('pay-asked')).toHaveText('0.0375 SOL')
  await expect(pay.getByTestId('pay-memo')).toHaveText('Order 9')
  await expect(pay.getByTestId('pay-recipient')).toHaveText(recipientShown ?? '')
  await expect(pay.getByTestId('pay-balance')).toContainText(/balance [\d,.]+ SOL$/)
  await expect(page.getByTestId('pay-status')).toHaveText('pending')
  await pay.getByRole('button', { name: 'Pay 0.0375 SOL' }).click()
  const request = solanaRequests(page).filter({ hasText: 'Send transaction?' })
  await expect(request).toContainText(`Transfer 0.0375 SOL to ${to}`)
  await request.getByRole('button', { name: 'Approve' }).click()
  await expect(pay.getByText('Payment complete')).toBeVisible({ timeout: 15_000 })
  expect(await resolved(page)).toMatchObject({ status: 'success', chainId: SOLANA_LOCALNET_REFERENCE, paidAmount: '0.0375' })
  expect(await lamports(to)).toBe(37_500_000n)
  await expect(walletRequests(page)).toHaveCount(0)
  await pay.getByRole('button', { name: 'Done' }).click()
  await expect(pay).toBeHidden()
  // The site's account is the Solana wallet now; the EVM wallet is still connected in its own namespace: Anvil Local
  // picked again shows it, no wallet asked.
  await expect(liveState(page).network).toHaveText(SOLANA_LOCALNET_CAIP_NETWORK_ID)
  await expect(liveState(page).status).toHaveText('connected')
  await page
    .locator('.buttons')
    .getByRole('button', { name: /^Switch network/ })
    .click()
  await dialog(page, 'Switch Network').getByRole('button', { name: 'Anvil Local', exact: true }).click()
  await expect(liveState(page).address).toHaveText(evm.address ?? '')
  await expect(walletRequests(page)).toHaveCount(0)
})
