/**
 * Solana through the embedded wallet, in Chromium against the e2e stack (the demo with `?email=1`, the
 * secure site with the LiteSVM chain): an email login, then Solana Localnet picked in the network
 * list → the Account of the embedded wallet's Solana address with its LiteSVM balance (no wallet to connect); SOL sent
 * through Send and approved in the frame over ApproveTransaction (exact lamports moved on both sides); a message signed
 * in the frame (ed25519 verified with node:crypto); a rejection in the frame; Bitcoin has no auth connector (spec §6).
 * Screenshots with SHOTS_DIR=<dir> (Account on Solana and the approval, desktop and phone, light and dark).
 */
import { createPublicKey, verify } from 'node:crypto'
import type { Page } from '@playwright/test'
import { DEV_SOLANA_ADDRESSES } from '../../dev/solana/accounts.ts'
import { SOLANA_LOCALNET_CAIP_NETWORK_ID } from '../../dev/solana/network.ts'
import { base58Decode } from '../../adapters/solana.base58.ts'
import { accountButton, anyDialog, dialog, expect, liveState, openCleanDemo, openConnectDialog, test } from './fixtures.ts'
import { reviewSend } from './steps.ts'
import { untilSettled } from './settle.ts'
import { withSharedPage } from './sharedPage.ts'
import { SECURE_SITE_URL, SOLANA_RPC_URL } from './stack.ts'

const secure = SECURE_SITE_URL
const SOLANA_RPC = SOLANA_RPC_URL
const shots = process.env.SHOTS_DIR

async function lamports(address: string): Promise<bigint> {
  const response = await fetch(SOLANA_RPC, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }) })
  return BigInt(((await response.json()) as { result: { value: number } }).result.value)
}

async function emailLogin(page: Page): Promise<string> {
  const email = `sol-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`
  const connect = await openConnectDialog(page)
  await connect.getByRole('textbox', { name: 'Email' }).fill(email)
  await connect.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(connect.getByText('Approve this device')).toBeVisible({ timeout: 30_000 })
  let link: string | undefined
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`${secure}/mailbox/messages?to=${encodeURIComponent(email)}`)
        return (link = ((await res.json()) as { messages: Array<{ link?: string }> }).messages.find((m) => m.link)?.link)
      },
      { timeout: 20_000 },
    )
    .toBeTruthy()
  await page.request.get(link!)
  await expect(accountButton(page).address).toBeVisible({ timeout: 30_000 })
  return email
}

async function pickNetwork(page: Page, name: string): Promise<void> {
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

/** Logged in by email, then on Solana Localnet: the embedded wallet's Solana address. */
async function onSolana(page: Page): Promise<string> {
  await emailLogin(page)
  await pickNetwork(page, 'Solana Localnet')
  await expect(liveState(page).network).toHaveText(SOLANA_LOCALNET_CAIP_NETWORK_ID, { timeout: 20_000 })
  await expect(liveState(page).address).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, { timeout: 20_000 })
  return (await liveState(page).address.textContent())!
}

function verifyEd25519(address: string, message: Uint8Array, signature: Uint8Array): boolean {
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(base58Decode(address)).toString('base64url') }, format: 'jwk' })
  return verify(null, message, key, signature)
}

/** The Account dialog: already open after a switch to a connected namespace (spec §4), else from the page's button. */
async function openAccount(page: Page) {
  const account = dialog(page, 'Account')
  if (!(await account.isVisible())) {
    if ((await anyDialog(page).count()) > 0) {
      await page.keyboard.press('Escape')
      await expect(anyDialog(page)).toHaveCount(0)
    }
    await accountButton(page).address.click()
  }
  await expect(account).toBeVisible()
  return account
}

const frame = (page: Page) => page.frameLocator('iframe[data-latchkey-frame]')

/**
 * The start of the tests on the shared page: on a fresh page, the demo with `?email=1`, a fresh email login and then
 * Solana Localnet picked (the first test's subject); on a page a test before used, that test's modal closed, then the
 * start asserted: no dialog, no approval in the frame, no toast, the same user's embedded wallet connected on Solana
 * Localnet. Returns the embedded wallet's Solana address.
 */
let solanaAddress: string | undefined
async function startOnSolana(page: Page): Promise<string> {
  if (page.url() === 'about:blank') {
    await openCleanDemo(page, '/?email=1')
    solanaAddress = await onSolana(page)
    return solanaAddress
  }
  expect(solanaAddress, 'the Solana address of the first test').toBeDefined()
  if ((await anyDialog(page).count()) > 0) await anyDialog(page).getByRole('button', { name: 'Close', exact: true }).click()
  await expect(anyDialog(page)).toHaveCount(0)
  await expect(page.locator('iframe[data-latchkey-frame]')).toHaveCSS('opacity', '0')
  await expect(page.locator('.lk-toast')).toHaveCount(0)
  await expect(liveState(page).status).toHaveText('connected')
  await expect(liveState(page).network).toHaveText(SOLANA_LOCALNET_CAIP_NETWORK_ID)
  await expect(liveState(page).address).toHaveText(solanaAddress!)
  expect(await page.evaluate(() => (window as any).latchkey.getState().account.connectorId)).toBe('auth')
  return solanaAddress!
}

// One email user on one page (startOnSolana at each).
test.describe('one email user on Solana', () => {
  const shared = withSharedPage(test)

  shared('email login, then Solana Localnet: the Account of the embedded Solana address with its LiteSVM balance; SOL sent approved in the frame moves exact lamports; a message signed verifies', async ({ page }) => {
    test.setTimeout(120_000)
    const address = await startOnSolana(page)
    // A new embedded Solana wallet is airdropped 10 SOL on LiteSVM: the modal reads it from the chain.
    await expect.poll(() => lamports(address)).toBe(10_000_000_000n)
    await expect(liveState(page).balance).toHaveText('10', { timeout: 20_000 })
    expect(await page.evaluate(() => (window as any).latchkey.getState().account.connectorId)).toBe('auth')
    const account = await openAccount(page)
    await expect(account.getByTestId('account-email')).toBeVisible()

    // Send 0.25 SOL: ApproveTransaction with the frame's card (recipient, amount), approved there.
    const to = DEV_SOLANA_ADDRESSES[4]!
    const [fromBefore, toBefore] = [await lamports(address), await lamports(to)]
    await account.getByRole('button', { name: 'Send', exact: true }).click()
    const send = dialog(page, 'Send')
    await expect(send.getByRole('button', { name: /^Token: SOL\b/ })).toBeVisible()
    const preview = await reviewSend(send, { amount: '0.25', to })
    await expect(preview.getByTestId('send-preview-fee')).toHaveText(/SOL$/)
    await preview.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(dialog(page, 'Approve Transaction')).toBeVisible({ timeout: 20_000 })
    const card = frame(page)
    await expect(card.getByRole('heading', { name: 'Send transaction' })).toBeVisible({ timeout: 20_000 })
    await expect(card.getByText('0.25 SOL')).toBeVisible()
    await expect(card.getByText(to)).toBeVisible()
    await card.getByRole('button', { name: 'Approve' }).click()
    await expect.poll(() => lamports(to), { timeout: 20_000 }).toBe(toBefore + 250_000_000n)
    expect(await lamports(address)).toBe(fromBefore - 250_000_000n - 5000n)
    await expect(liveState(page).balance).toHaveText('9.749', { timeout: 20_000 })

    // Sign a message through the modal's signMessage, with the modal closed (it opens for the approval and closes with
    // it): approved in the frame, an ed25519 signature of the bytes. The send left Account open; it is closed by its
    // Close button (Escape would go to the frame, which has the focus since Approve was clicked in it).
    const afterSend = dialog(page, 'Account')
    await expect(afterSend).toBeVisible()
    await afterSend.getByRole('button', { name: 'Close', exact: true }).click()
    await expect(anyDialog(page)).toHaveCount(0)
    const signing = page.evaluate(() => (window as any).latchkey.signMessage({ message: 'Hello from Solana ✓' }) as Promise<string>)
    await expect(card.getByRole('heading', { name: 'Sign message' })).toBeVisible({ timeout: 20_000 })
    await expect(card.getByText('Hello from Solana ✓')).toBeVisible()
    await card.getByRole('button', { name: 'Approve' }).click()
    const signature = base58Decode(await signing)
    expect(signature).toHaveLength(64)
    expect(verifyEd25519(address, new TextEncoder().encode('Hello from Solana ✓'), signature)).toBe(true)
    expect(verifyEd25519(address, new TextEncoder().encode('Hello from Solana'), signature)).toBe(false)
    // The modal opened for the approval closes with it: waited for, so the next test never starts on a closing dialog
    // (one that vanishes between the start's count of dialogs and its click on Close).
    await expect(dialog(page, 'Approve Transaction')).toBeHidden()
  })

  shared('a Solana send rejected in the frame moves nothing and returns to the form; Bitcoin has no auth connector (spec §6): it asks for a wallet', async ({ page }) => {
    test.setTimeout(120_000)
    const address = await startOnSolana(page)
    // The airdrop is the test before's; what this test sends must move nothing from what the address holds now.
    const before = await lamports(address)
    const rejected = page.evaluate(async () => {
      try {
        await (window as any).latchkey.signMessage({ message: 'no' })
        return 'signed'
      } catch (e) {
        return (e as { name?: string }).name
      }
    })
    await frame(page).getByRole('button', { name: 'Reject' }).click()
    expect(await rejected).toBe('UserRejectedRequestError')

    await (await openAccount(page)).getByRole('button', { name: 'Send', exact: true }).click()
    const send = dialog(page, 'Send')
    await reviewSend(send, { amount: '1', to: DEV_SOLANA_ADDRESSES[2]! })
    await dialog(page, 'Review Send').getByRole('button', { name: 'Send', exact: true }).click()
    await expect(frame(page).getByRole('heading', { name: 'Send transaction' })).toBeVisible({ timeout: 20_000 })
    await frame(page).getByRole('button', { name: 'Reject' }).click()
    await expect(dialog(page, 'Approve Transaction')).toBeHidden({ timeout: 10_000 })
    expect(await lamports(address)).toBe(before)

    await pickNetwork(page, 'Bitcoin Regtest')
    await expect(anyDialog(page)).toContainText(/Connect a .*wallet/i)
    // The embedded wallet stays connected on EVM and Solana.
    expect(await page.evaluate(() => (window as any).latchkey.getState().activeNamespace)).not.toBe('bip122')
  })
})

for (const theme of ['light', 'dark'] as const) {
  test(`screenshots (${theme}): Account on Solana and the frame's approval, desktop and phone`, async ({ page }) => {
    test.skip(!shots, 'SHOTS_DIR=<dir> to save them')
    test.setTimeout(120_000)
    await page.setViewportSize({ width: 1280, height: 800 })
    await openCleanDemo(page, `/?email=1${theme === 'dark' ? '&theme=dark' : ''}`)
    await onSolana(page)
    await expect(liveState(page).balance).toHaveText('10', { timeout: 20_000 })
    const account = await openAccount(page)
    await untilSettled(page)
    await page.screenshot({ path: `${shots}/account-solana-desktop-${theme}.png` })
    await page.setViewportSize({ width: 390, height: 844 })
    await untilSettled(page)
    await page.screenshot({ path: `${shots}/account-solana-phone-${theme}.png` })
    await page.setViewportSize({ width: 1280, height: 800 })
    await account.getByRole('button', { name: 'Send', exact: true }).click()
    const send = dialog(page, 'Send')
    await reviewSend(send, { amount: '0.5', to: DEV_SOLANA_ADDRESSES[1]! })
    await dialog(page, 'Review Send').getByRole('button', { name: 'Send', exact: true }).click()
    await expect(frame(page).getByRole('heading', { name: 'Send transaction' })).toBeVisible({ timeout: 20_000 })
    await untilSettled(page)
    await page.screenshot({ path: `${shots}/approve-solana-desktop-${theme}.png` })
    await page.setViewportSize({ width: 390, height: 844 })
    await untilSettled(page)
    await page.screenshot({ path: `${shots}/approve-solana-phone-${theme}.png` })
    await frame(page).getByRole('button', { name: 'Reject' }).click()
  })
}
