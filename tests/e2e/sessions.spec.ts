/**
 * Smart sessions (spec §3 "Smart session revocation", §7 `/v1/sessions`) in Chromium against the e2e stack: an email
 * user on its smart account (not deployed) grants two sessions through the dapp's provider (`wallet_grantPermissions`,
 * approved in the frame; the reference API keeps them), Account's Sessions lists them, a revocation the API refuses
 * keeps its row with the reason, and a revocation that goes through (the revoke text signed in the frame) removes the
 * row; the server then refuses the revoked session (410) and still serves the other.
 */
import type { Page } from '@playwright/test'
import { getAddress } from 'viem'
import { accountButton, API_URL, dialog, emailLogin, expect, openCleanDemo, resetApi, setApiBehaviour, test } from './fixtures.ts'

const KEYS = ['0x1111111111111111111111111111111111111111', '0x2222222222222222222222222222222222222222'] as const
/** 2030-01-01T00:00:00Z. */
const EXPIRY = 1_893_456_000

test.beforeEach(async ({ request }) => resetApi(request))
test.afterEach(async ({ request }) => resetApi(request))

/** Asks the embedded wallet for a session of `key` through the dapp's provider and approves it in the frame. */
async function grant(page: Page, key: string, type: string): Promise<{ context: string }> {
  const answer = page.evaluate(
    ([signer, permission, expiry]) =>
      (window as any).latchkey.getProvider('eip155').request({
        method: 'wallet_grantPermissions',
        params: [{ expiry, signer: { type: 'key', data: { type: 'secp256k1', id: signer } }, permissions: [{ type: permission, data: { allowance: '0x2386f26fc10000' } }] }],
      }),
    [key, type, EXPIRY] as const,
  )
  const frame = page.frameLocator('iframe[data-latchkey-frame]')
  await expect(frame.getByText('Grant permissions')).toBeVisible({ timeout: 20_000 })
  await frame.getByRole('button', { name: /approve/i }).click()
  return (await answer) as { context: string }
}

const context = (page: Page, address: string, pci: string) => page.request.get(`${API_URL}/blockchain/v1/sessions/${address}/${pci}?projectId=e2e`)

test('Account lists the smart account’s sessions; a refused revocation keeps the row with its reason; a revocation signed in the frame removes it and the server refuses it afterwards', async ({ page, request }) => {
  test.setTimeout(180_000)
  await openCleanDemo(page, '/?accountType=smartAccount')
  await emailLogin(page, 'e2e-sessions')
  await expect.poll(() => page.evaluate(() => (window as any).latchkey.getState().account.preferredAccountType), { timeout: 20_000 }).toBe('smartAccount')
  const smart = getAddress(await page.evaluate(() => (window as any).latchkey.getState().account.address as string))

  const first = await grant(page, KEYS[0], 'native-token-recurring-allowance')
  const second = await grant(page, KEYS[1], 'erc20-token-recurring-allowance')
  expect((await context(page, smart, first.context)).status()).toBe(200)

  await accountButton(page).address.click()
  await dialog(page, 'Account').getByRole('button', { name: 'Sessions', exact: true }).click()
  const sessions = dialog(page, 'Sessions')
  const list = sessions.getByRole('list', { name: 'Active sessions' })
  await expect(list.getByRole('listitem')).toHaveCount(2, { timeout: 20_000 })
  const row = list.getByRole('listitem', { name: 'native-token-recurring-allowance' })
  await expect(row).toContainText('Session key 0x1111…1111')
  await expect(row).toContainText('eip155:31337')

  // The API refuses the revocation: the row stays, with the reason; the session still works.
  await setApiBehaviour(request, { mode: 'status', status: 503, paths: [`/blockchain/v1/sessions/${smart}/revoke`] })
  const frame = page.frameLocator('iframe[data-latchkey-frame]')
  await row.getByRole('button', { name: 'Revoke native-token-recurring-allowance' }).click()
  await expect(frame.getByText('Sign message')).toBeVisible({ timeout: 20_000 })
  await frame.getByRole('button', { name: /approve/i }).click()
  const kept = dialog(page, 'Sessions').getByRole('listitem', { name: 'native-token-recurring-allowance' })
  await expect(kept.getByRole('alert')).toContainText('Could not revoke this session:', { timeout: 20_000 })
  await expect(dialog(page, 'Sessions').getByRole('listitem')).toHaveCount(2)
  expect((await context(page, smart, first.context)).status()).toBe(200)

  // Back to normal: Revoke again, signed in the frame; the row leaves and the server refuses the session from now on.
  await setApiBehaviour(request, { mode: 'normal' })
  await kept.getByRole('button', { name: 'Revoke native-token-recurring-allowance' }).click()
  await expect(frame.getByText('Sign message')).toBeVisible({ timeout: 20_000 })
  await frame.getByRole('button', { name: /approve/i }).click()
  const after = dialog(page, 'Sessions').getByRole('list', { name: 'Active sessions' })
  await expect(after.getByRole('listitem')).toHaveCount(1, { timeout: 20_000 })
  await expect(after.getByRole('listitem', { name: 'erc20-token-recurring-allowance' })).toBeVisible()
  expect((await context(page, smart, first.context)).status()).toBe(410)
  expect((await context(page, smart, second.context)).status()).toBe(200)
  // The smart account signed everything without being deployed (ERC-6492 all along).
  expect(await page.request.post(`${API_URL}/blockchain/v1/sessions/${smart}/revoke?projectId=e2e`, { data: { pci: first.context, signature: '0x00' } }).then((r) => r.json())).toEqual({ success: false })
})
