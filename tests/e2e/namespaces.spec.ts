/**
 * EVM, Solana and Bitcoin side by side, on the demo: the EVM dev wallet on anvil, the Solana dev wallet
 * (Wallet Standard) on the LiteSVM RPC of the dev stack, the Bitcoin dev wallet on the reference server's UTXO
 * index. Balances are read independently from the runtimes (Solana JSON-RPC, the UTXO routes) and compared.
 */
import type { Locator, Page } from '@playwright/test'
import { ed25519 } from '@noble/curves/ed25519'
import { Verifier } from 'bip322-js'
import { verifyMessage } from 'viem'
import { base58Decode } from '../../adapters/solana.base58.ts'
import { DEV_BITCOIN_PAYMENT_ADDRESSES } from '../../dev/bitcoin/accounts.ts'
import { DEV_SOLANA_ADDRESSES } from '../../dev/solana/accounts.ts'
import { SOLANA_LOCALNET_CAIP_NETWORK_ID } from '../../dev/solana/network.ts'
import { ACCOUNT_0, accountButton, anyDialog, API_URL, approveWalletRequest, connectButton, connectDevWallet, dialog, expect, grouped, liveState, test } from './fixtures.ts'
import { openSendForm, reviewSend } from './steps.ts'
import { SOLANA_RPC_URL } from './stack.ts'
import { requestsFlushed } from './settle.ts'
import { resumeConnected, resumeDisconnected, withSharedPage } from './sharedPage.ts'

const SOLANA_RPC = SOLANA_RPC_URL
const BITCOIN_NETWORK = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

/** Lamports of an address on the local Solana runtime (getBalance), read beside the modal. */
async function lamports(address: string): Promise<bigint> {
  const response = await fetch(SOLANA_RPC, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }) })
  const body = (await response.json()) as { result: { value: number } }
  return BigInt(body.result.value)
}
/** Satoshis of an address in the UTXO index (funded − spent of the Esplora-style route). */
async function satoshis(address: string): Promise<bigint> {
  const response = await fetch(`${API_URL}/blockchain/v1/bitcoin/address/${address}?projectId=e2e&st=appkit&sv=test`)
  const body = (await response.json()) as { chain_stats: { funded_txo_sum: number | string; spent_txo_sum: number | string } }
  return BigInt(body.chain_stats.funded_txo_sum) - BigInt(body.chain_stats.spent_txo_sum)
}
/** Floors a smallest-unit amount to 3 decimals as the modal shows it. */
function shown(value: bigint, decimals: number): string {
  const milli = value / 10n ** BigInt(decimals - 3)
  return `${milli / 1000n}.${String(milli % 1000n).padStart(3, '0')}`
}

function solanaPanel(page: Page): Locator {
  return page.getByTestId('dev-solana-wallet')
}
function bitcoinPanel(page: Page): Locator {
  return page.getByTestId('bitcoin-dev-wallet')
}
async function answer(panel: Locator, region: string, question: string, button: 'Approve' | 'Reject'): Promise<void> {
  const request = panel.getByRole('region', { name: region }).filter({ hasText: question })
  await expect(request).toBeVisible()
  await request.getByRole('button', { name: button }).click()
}

/** The page's network button → SwitchNetwork → a network. */
async function pickNetwork(page: Page, name: string): Promise<void> {
  // A switch to a connected namespace leaves Account open: close it to reach the page's button.
  if ((await anyDialog(page).count()) > 0) {
    await page.keyboard.press('Escape')
    await expect(anyDialog(page)).toHaveCount(0)
  }
  await page
    .locator('.buttons')
    .getByRole('button', { name: /^Switch network/ })
    .click()
  await dialog(page, 'Switch Network').getByRole('button', { name, exact: true }).click()
}

test('connected on EVM, a Solana network with no Solana account: SwitchActiveChain, then Connect; the Solana wallet connects with its real balance', async ({ page, connectedPage }) => {
  // Connecting Solana beside EVM is the subject: EVM starts connected (a stored session).
  await connectedPage()
  await pickNetwork(page, 'Solana Localnet')
  const switcher = dialog(page, 'Switch Network')
  await expect(switcher).toContainText('Connect a Solana wallet to use Solana Localnet')
  await switcher.getByRole('button', { name: 'Connect a wallet' }).click()
  const connect = dialog(page, 'Connect Wallet')
  await expect(connect.getByRole('button', { name: 'Latchkey Dev Solana Wallet', exact: true })).toBeVisible()
  // Only the Solana namespace's wallets (the EVM ones and WalletConnect are not offered here).
  await expect(connect.getByRole('button', { name: 'Latchkey Dev Wallet', exact: true })).toHaveCount(0)
  await connect.getByRole('button', { name: 'Latchkey Dev Solana Wallet', exact: true }).click()
  await answer(solanaPanel(page), 'Solana wallet request', 'Connect to this site?', 'Approve')
  await expect(anyDialog(page)).toHaveCount(0)
  const state = liveState(page)
  await expect(state.address).toHaveText(DEV_SOLANA_ADDRESSES[0]!)
  await expect(state.network).toHaveText(SOLANA_LOCALNET_CAIP_NETWORK_ID)
  await expect(state.balance).toHaveText(grouped(shown(await lamports(DEV_SOLANA_ADDRESSES[0]!), 9)))

  // Back to the EVM network: that connection was kept all along.
  await pickNetwork(page, 'Anvil Local')
  await expect(state.address).toHaveText(ACCOUNT_0)
  await expect(state.network).toHaveText('eip155:31337')

  // Back to Solana, then to the other EVM chain: the EVM wallet (on 31337) is asked to switch, as within a namespace.
  await pickNetwork(page, 'Solana Localnet')
  await expect(state.address).toHaveText(DEV_SOLANA_ADDRESSES[0]!)
  await pickNetwork(page, 'Anvil Local 2')
  await approveWalletRequest(page, 'Switch to chain 31338?')
  await expect(state.network).toHaveText('eip155:31338')
  await expect(state.address).toHaveText(ACCOUNT_0)
})

test('reload restores both namespaces; the active one is the last used', async ({ demo: page }) => {
  await connectDevWallet(page)
  await pickNetwork(page, 'Solana Localnet')
  await dialog(page, 'Switch Network').getByRole('button', { name: 'Connect a wallet' }).click()
  await dialog(page, 'Connect Wallet').getByRole('button', { name: 'Latchkey Dev Solana Wallet', exact: true }).click()
  await answer(solanaPanel(page), 'Solana wallet request', 'Connect to this site?', 'Approve')
  await expect(liveState(page).address).toHaveText(DEV_SOLANA_ADDRESSES[0]!)

  await page.reload()
  await expect(liveState(page).status).toHaveText('connected')
  await expect(liveState(page).address).toHaveText(DEV_SOLANA_ADDRESSES[0]!)
  await pickNetwork(page, 'Anvil Local')
  await expect(liveState(page).address).toHaveText(ACCOUNT_0)
  // Nothing was asked again of either wallet.
  await expect(solanaPanel(page).getByRole('region', { name: 'Solana wallet request' })).toHaveCount(0)
})

async function signOnPage(page: Page, message: string): Promise<void> {
  const actions = page.getByRole('region', { name: 'Wallet actions' })
  await actions.getByRole('textbox', { name: 'Message' }).fill(message)
  await actions.getByRole('button', { name: 'Sign message' }).click()
}

test('sign a message on each namespace; each signature verifies (EIP-191, ed25519, BIP-322)', async ({ page, connectedPage }) => {
  // Signing is the subject: EVM starts connected (a stored session); Solana and Bitcoin connect on the way.
  await connectedPage()
  await signOnPage(page, 'evm says hi')
  await approveWalletRequest(page, 'Sign message?')
  const evmSignature = await page.getByTestId('signed-message-signature').textContent()
  expect(await verifyMessage({ address: ACCOUNT_0, message: 'evm says hi', signature: evmSignature as `0x${string}` })).toBe(true)

  await pickNetwork(page, 'Solana Localnet')
  await dialog(page, 'Switch Network').getByRole('button', { name: 'Connect a wallet' }).click()
  await dialog(page, 'Connect Wallet').getByRole('button', { name: 'Latchkey Dev Solana Wallet', exact: true }).click()
  await answer(solanaPanel(page), 'Solana wallet request', 'Connect to this site?', 'Approve')
  await expect(liveState(page).address).toHaveText(DEV_SOLANA_ADDRESSES[0]!)
  await signOnPage(page, 'solana says hi')
  await answer(solanaPanel(page), 'Solana wallet request', 'Sign message?', 'Approve')
  await expect(page.getByTestId('signed-message-signature')).not.toHaveText(evmSignature!)
  const solSignature = (await page.getByTestId('signed-message-signature').textContent())!
  expect(ed25519.verify(base58Decode(solSignature), new TextEncoder().encode('solana says hi'), base58Decode(DEV_SOLANA_ADDRESSES[0]!))).toBe(true)

  await pickNetwork(page, 'Bitcoin Regtest')
  await dialog(page, 'Switch Network').getByRole('button', { name: 'Connect a wallet' }).click()
  await dialog(page, 'Connect Wallet').getByRole('button', { name: 'Latchkey Bitcoin Dev Wallet', exact: true }).click()
  await answer(bitcoinPanel(page), 'Bitcoin wallet request', 'Connect to this site?', 'Approve')
  await expect(liveState(page).address).toHaveText(DEV_BITCOIN_PAYMENT_ADDRESSES[0]!)
  await signOnPage(page, 'bitcoin says hi')
  await answer(bitcoinPanel(page), 'Bitcoin wallet request', 'Sign message?', 'Approve')
  await expect(page.getByTestId('signed-message-signature')).not.toHaveText(solSignature)
  const btcSignature = (await page.getByTestId('signed-message-signature').textContent())!
  expect(Verifier.verifySignature(DEV_BITCOIN_PAYMENT_ADDRESSES[0]!, 'bitcoin says hi', btcSignature)).toBe(true)
})

/** The start of a Solana test on the shared page: connected to the Solana dev wallet's account 0 on Solana Localnet (see resumeConnected). */
function resumeSolana(page: Page): Promise<void> {
  return resumeConnected(page, { namespace: 'solana' })
}
/** The start of a Bitcoin test on the shared page: connected to the Bitcoin dev wallet's account 0 on Regtest, its payment address shown. */
async function resumeBitcoin(page: Page): Promise<void> {
  await resumeConnected(page, { namespace: 'bip122' })
  await expect(liveState(page).address).toHaveText(DEV_BITCOIN_PAYMENT_ADDRESSES[0]!)
}

// The disconnected checks, then Solana's connect (a rejection, Try again), then the journeys on Solana, on one page:
// each starts by asserting the start a fresh page would have (resumeDisconnected, resumeConnected: no dialog, no wallet
// request, no toast, the expected connection). A test run alone opens its start anew (connected: a stored session).
test.describe('Solana, on one page', () => {
  const shared = withSharedPage(test)

  shared('on Solana, Connect does not ask the directory for its EVM catalogue; back on EVM it does', async ({ page }) => {
    await resumeDisconnected(page)
    await expect(liveState(page).network).toHaveText('eip155:31337')
    const asked: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/getWallets')) asked.push(r.url())
    })
    await pickNetwork(page, 'Solana Localnet')
    await connectButton(page).click()
    const connect = dialog(page, 'Connect Wallet')
    await expect(connect.getByRole('button', { name: 'Latchkey Dev Solana Wallet', exact: true })).toBeVisible()
    // Connect has rendered and run its effects, and every request started before the barrier has been reported.
    await requestsFlushed(page, `${API_URL}/health`)
    expect(asked).toEqual([])
    // The same listener sees the request as soon as Connect is shown on an EVM network.
    await page.keyboard.press('Escape')
    await pickNetwork(page, 'Anvil Local')
    await connectButton(page).click()
    await expect(dialog(page, 'Connect Wallet').getByRole('button', { name: 'Latchkey Dev Wallet', exact: true })).toBeVisible()
    await expect.poll(() => asked.length).toBeGreaterThan(0)
  })

  shared('a rejection in the Solana wallet: declined, Try again connects', async ({ page }) => {
    await resumeDisconnected(page)
    await pickNetwork(page, 'Solana Localnet')
    await connectButton(page).click()
    await dialog(page, 'Connect Wallet').getByRole('button', { name: 'Latchkey Dev Solana Wallet', exact: true }).click()
    await answer(solanaPanel(page), 'Solana wallet request', 'Connect to this site?', 'Reject')
    await expect(dialog(page, 'Connection declined')).toBeVisible()
    await dialog(page, 'Connection declined').getByRole('button', { name: 'Try again' }).click()
    await answer(solanaPanel(page), 'Solana wallet request', 'Connect to this site?', 'Approve')
    await expect(liveState(page).address).toHaveText(DEV_SOLANA_ADDRESSES[0]!)
  })

  shared('send SOL to another account: both balances change by the runtime', async ({ page }) => {
    await resumeSolana(page)
    const from = DEV_SOLANA_ADDRESSES[0]!
    const to = DEV_SOLANA_ADDRESSES[3]!
    const [fromBefore, toBefore] = [await lamports(from), await lamports(to)]

    const send = await openSendForm(page)
    await expect(send.getByRole('button', { name: /^Token: SOL\b/ })).toBeVisible()
    const preview = await reviewSend(send, { amount: '1.5', to })
    await expect(preview.getByTestId('send-preview-fee')).toHaveText(/SOL$/)
    await preview.getByRole('button', { name: 'Send', exact: true }).click()
    await answer(solanaPanel(page), 'Solana wallet request', 'Send transaction?', 'Approve')
    await expect(dialog(page, 'Account')).toBeVisible()
    await expect.poll(() => lamports(to)).toBe(toBefore + 1_500_000_000n)
    const fromAfter = await lamports(from)
    expect(fromBefore - fromAfter).toBeGreaterThanOrEqual(1_500_000_000n)
    expect(fromBefore - fromAfter).toBeLessThan(1_500_000_000n + 100_000n)
  })

  shared('a malformed Solana receiver is refused before the wallet is asked', async ({ page }) => {
    await resumeSolana(page)
    const send = await openSendForm(page)
    await reviewSend(send, { amount: '1', to: '0OIl-not-base58' })
    await expect(send.getByTestId('send-error')).toBeVisible()
    await expect(solanaPanel(page).getByRole('region', { name: 'Solana wallet request' })).toHaveCount(0)
  })

  shared('a Solana transaction the runtime refuses: the error reaches the visitor in plain words', async ({ page }) => {
    await resumeSolana(page)
    // 0.0001 SOL to a new account is below the rent-exempt minimum (890,880 lamports): the runtime refuses it.
    const send = await openSendForm(page)
    await reviewSend(send, { amount: '0.0001', to: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU' })
    await expect(page.getByText(/insufficient funds for rent/i).first()).toBeVisible()
    await expect(solanaPanel(page).getByRole('region', { name: 'Solana wallet request' })).toHaveCount(0)
  })

  shared("Solana's Account offers Send but no Activity (spec §6: activity is eip155 only); the page behind the modal is inert", async ({ page }) => {
    await resumeSolana(page)
    await accountButton(page).address.click()
    const solana = dialog(page, 'Account')
    await expect(solana.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
    await expect(solana.getByRole('tab', { name: 'Activity' })).toHaveCount(0)
    // The page behind the open modal is inert and does not scroll; the wallet's own panel stays usable.
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden')
    await expect(solanaPanel(page)).not.toHaveAttribute('inert', '')
  })
})

// Connect on Solana (disconnected), then Bitcoin's connect (a rejection, Try again), then the journeys on Bitcoin, on one page.
test.describe('Bitcoin, on one page', () => {
  const shared = withSharedPage(test)

  shared('on Solana, Connect offers the installed Solana wallets only: no directory wallet that pairs over WalletConnect (EVM), no All Wallets', async ({ page }) => {
    await resumeDisconnected(page)
    await expect(liveState(page).network).toHaveText('eip155:31337')
    await connectButton(page).click()
    await expect(dialog(page, 'Connect Wallet').getByRole('button', { name: 'Latchkey Mobile (dev)', exact: true })).toBeVisible()
    await page.keyboard.press('Escape')
    await pickNetwork(page, 'Solana Localnet')
    await connectButton(page).click()
    const connect = dialog(page, 'Connect Wallet')
    await expect(connect.getByRole('button', { name: 'Latchkey Dev Solana Wallet', exact: true })).toBeVisible()
    await expect(connect.getByRole('button', { name: 'Latchkey Mobile (dev)', exact: true })).toHaveCount(0)
    await expect(connect.getByRole('button', { name: /^All Wallets/ })).toHaveCount(0)
  })

  shared('the Bitcoin wallet connects with the balance of the UTXO index; a rejection leaves the visitor where they were', async ({ page }) => {
    await resumeDisconnected(page)
    await pickNetwork(page, 'Bitcoin Regtest')
    await connectButton(page).click()
    const connect = dialog(page, 'Connect Wallet')
    await connect.getByRole('button', { name: 'Latchkey Bitcoin Dev Wallet', exact: true }).click()
    await answer(bitcoinPanel(page), 'Bitcoin wallet request', 'Connect to this site?', 'Reject')
    await expect(dialog(page, 'Connection declined')).toBeVisible()
    await dialog(page, 'Connection declined').getByRole('button', { name: 'Try again' }).click()
    await answer(bitcoinPanel(page), 'Bitcoin wallet request', 'Connect to this site?', 'Approve')
    await expect(liveState(page).status).toHaveText('connected')
    const address = DEV_BITCOIN_PAYMENT_ADDRESSES[0]!
    await expect(liveState(page).address).toHaveText(address)
    await expect(liveState(page).network).toHaveText(BITCOIN_NETWORK)
    await expect(liveState(page).balance).toHaveText(grouped(shown(await satoshis(address), 8)))
  })

  shared('a Bitcoin transfer through the wallet: signed (PSBT) and broadcast, both balances in the UTXO index change', async ({ page }) => {
    await resumeBitcoin(page)
    await expect(page.getByTestId('bitcoin-txid')).toHaveCount(0)
    const from = DEV_BITCOIN_PAYMENT_ADDRESSES[0]!
    const to = DEV_BITCOIN_PAYMENT_ADDRESSES[2]!
    const [fromBefore, toBefore] = [await satoshis(from), await satoshis(to)]
    const actions = page.getByRole('region', { name: 'Wallet actions' })
    await actions.getByRole('textbox', { name: 'Recipient' }).fill(to)
    await actions.getByRole('textbox', { name: 'Satoshis' }).fill('25000')
    await actions.getByRole('button', { name: 'Send bitcoin' }).click()
    await answer(bitcoinPanel(page), 'Bitcoin wallet request', 'Send bitcoin?', 'Approve')
    await expect(page.getByTestId('bitcoin-txid')).toHaveText(/^[0-9a-f]{64}$/)
    expect(await satoshis(to)).toBe(toBefore + 25_000n)
    const spent = fromBefore - (await satoshis(from))
    expect(spent).toBeGreaterThan(25_000n)
    expect(spent).toBeLessThan(25_000n + 10_000n)
    // The demo asks the modal to read the balance again (modal.refreshBalance()): it follows.
    await expect(liveState(page).balance).toHaveText(grouped(shown(await satoshis(from), 8)))
  })

  shared('bad input: a Bitcoin address of another network is refused before the wallet is asked', async ({ page }) => {
    await resumeBitcoin(page)
    await expect(page.getByTestId('wallet-action-error')).toHaveCount(0)
    const actions = page.getByRole('region', { name: 'Wallet actions' })
    await actions.getByRole('textbox', { name: 'Recipient' }).fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')
    await actions.getByRole('button', { name: 'Send bitcoin' }).click()
    await expect(page.getByTestId('wallet-action-error')).toBeVisible()
    await expect(bitcoinPanel(page).getByRole('region', { name: 'Bitcoin wallet request' })).toHaveCount(0)
  })

  shared("only what the namespace supports is offered (spec §6): Bitcoin's Account has Receive, no Send and no Activity", async ({ page }) => {
    await resumeBitcoin(page)
    await accountButton(page).address.click()
    const bitcoin = dialog(page, 'Account')
    await expect(bitcoin.getByRole('button', { name: 'Receive', exact: true })).toBeVisible()
    await expect(bitcoin.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0)
    await expect(bitcoin.getByRole('tab', { name: 'Tokens' })).toBeVisible()
    await expect(bitcoin.getByRole('tab', { name: 'Activity' })).toHaveCount(0)
  })
})
