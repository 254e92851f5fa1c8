/**
 * Hostile and silent wallets, in Chromium against the demo: a page's other code must never break the modal. A page script (before the
 * demo's own) announces, beside the development wallet, a malformed EIP-6963 provider (its `info.name` a number, its
 * icon a tracking URL) and a "Hostile Wallet" whose `on()` and `removeListener()` throw and whose requests the test
 * can hold for ever (`window.__hostile.hang`); its reads go to the real anvil chain.
 */
import type { Page } from '@playwright/test'
import { ACCOUNT_0, accountButton, anyDialog, approveWalletRequest, connectButton, connectDevWallet, dialog, expect, expectedBalance, grouped, liveState, openCleanDemo, openConnectDialog, RPC, test } from './fixtures.ts'

type HostileState = { calls: string[]; hang: string[] }

/** Installed before the demo's scripts on every navigation: the malformed announcement and the Hostile Wallet. */
function installHostileWallets({ rpc, account }: { rpc: string; account: string }) {
  const state: HostileState = { calls: [], hang: [] }
  ;(window as unknown as { __hostile: HostileState }).__hostile = state
  const provider = {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      state.calls.push(method)
      if (state.hang.includes(method)) return new Promise(() => {})
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account]
      if (method === 'eth_chainId') return '0x7a69'
      if (method === 'wallet_switchEthereumChain' || method === 'wallet_revokePermissions') return null
      const response = await fetch(rpc, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }) })
      const body = (await response.json()) as { result?: unknown; error?: unknown }
      if (body.error) throw body.error
      return body.result
    },
    on() {
      throw new TypeError('Hostile Wallet: on() is not supported')
    },
    removeListener() {
      throw new TypeError('Hostile Wallet: removeListener() is not supported')
    },
  }
  const icon = 'data:image/svg+xml,%3Csvg xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22 viewBox%3D%220 0 8 8%22%3E%3Crect width%3D%228%22 height%3D%228%22 fill%3D%22%23c00%22%2F%3E%3C%2Fsvg%3E'
  const details = [
    { info: { uuid: '1f0c3c49-3b7b-4a53-9a47-6a2b8d0f9a11', name: 42, rdns: 'test.malformed.name', icon: 'https://evil.example/pixel.png' }, provider },
    { info: null, provider },
    { info: { uuid: '8d6f1f2e-9a4b-4c1d-8e2f-3b5a7c9d1e22', name: 'Hostile Wallet', rdns: 'test.hostile.wallet', icon }, provider },
  ]
  const announce = () => {
    for (const detail of details) {
      try {
        window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
      } catch {
        // A listener of another library may throw: not this test's concern.
      }
    }
  }
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
}

const hostile = (page: Page) => ({
  calls: (method: string) => page.evaluate((m) => (window as unknown as { __hostile: HostileState }).__hostile.calls.filter((c) => c === m).length, method),
  hang: (...methods: string[]) => page.evaluate((ms) => void ((window as unknown as { __hostile: HostileState }).__hostile.hang = ms), methods),
})

test.beforeEach(async ({ demo: page }) => {
  await page.addInitScript(installHostileWallets, { rpc: RPC[31337], account: ACCOUNT_0 })
  await page.reload()
  await expect(connectButton(page)).toBeVisible()
})

/** Connect Wallet → Hostile Wallet (it answers at once): connected, the modal closed. */
async function connectHostile(page: Page) {
  const connect = await openConnectDialog(page)
  await connect.getByRole('button', { name: 'Hostile Wallet', exact: true }).click()
  await expect(liveState(page).status).toHaveText('connected')
}

test('a malformed EIP-6963 announcement beside the dev wallet: Connect opens, lists the valid wallets, and the dev wallet connects', async ({ demo: page }) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  const connect = await openConnectDialog(page)
  await expect(connect.getByRole('button', { name: 'Latchkey Dev Wallet', exact: true }).first()).toBeVisible()
  await expect(connect.getByRole('button', { name: 'Hostile Wallet', exact: true })).toBeVisible()
  await expect(connect.getByRole('button', { name: '42', exact: true })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(anyDialog(page)).toHaveCount(0)
  await connectDevWallet(page)
  expect(errors.filter((e) => e.includes('toLowerCase'))).toEqual([])
})

test('a wallet whose on() and removeListener() throw: it connects with its real balance, the modal keeps opening and closing, and it disconnects', async ({ demo: page }) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await connectHostile(page)
  await expect(anyDialog(page)).toHaveCount(0)
  await expect(accountButton(page).balance).toContainText(grouped(await expectedBalance(ACCOUNT_0)))
  for (let i = 0; i < 2; i++) {
    await accountButton(page).address.click()
    const account = dialog(page, 'Account')
    await expect(account).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(anyDialog(page)).toHaveCount(0)
  }
  await accountButton(page).address.click()
  await dialog(page, 'Account').getByRole('button', { name: 'Disconnect', exact: true }).click()
  await expect(liveState(page).status).toHaveText('disconnected')
  await expect(anyDialog(page)).toHaveCount(0)
  const connect = await openConnectDialog(page)
  await expect(connect).toBeVisible()
  expect(errors).toEqual([])
})

test('a wallet_switchEthereumChain that never answers: a second pick asks again, Back gives the switch up, and a later switch goes through', async ({ demo: page }) => {
  await connectHostile(page)
  await hostile(page).hang('wallet_switchEthereumChain')
  await accountButton(page).address.click()
  await dialog(page, 'Account').getByRole('button', { name: 'Switch network (Anvil Local)', exact: true }).click()
  const list = dialog(page, 'Switch Network')
  await list.getByRole('button', { name: 'Anvil Local 2', exact: true }).click()
  await expect.poll(() => hostile(page).calls('wallet_switchEthereumChain')).toBe(1)
  await expect(list.getByRole('button', { name: 'Anvil Local 2', exact: true })).toHaveAttribute('aria-busy', 'true')
  await list.getByRole('button', { name: 'Anvil Local 2', exact: true }).click()
  await expect.poll(() => hostile(page).calls('wallet_switchEthereumChain')).toBe(2)
  await list.getByRole('button', { name: 'Back', exact: true }).click()
  await expect(dialog(page, 'Account')).toBeVisible()
  await expect(liveState(page).network).toHaveText('eip155:31337')
  // The wallet answers again: the dapp's own switch (the page's network button) reaches it and completes.
  await hostile(page).hang()
  await page.keyboard.press('Escape')
  await expect(anyDialog(page)).toHaveCount(0)
  await page.getByRole('button', { name: 'Switch network (Anvil Local)', exact: true }).click()
  await dialog(page, 'Switch Network').getByRole('button', { name: 'Anvil Local 2', exact: true }).click()
  await expect(liveState(page).network).toHaveText('eip155:31338')
  expect(await hostile(page).calls('wallet_switchEthereumChain')).toBe(3)
})

test('required sign-in and a personal_sign that never answers: Cancel stays enabled and disconnects; the dev wallet then signs in', async ({ demo: page }) => {
  await openCleanDemo(page, '/?siwx=required')
  await hostile(page).hang('personal_sign')
  await connectHostile(page)
  const sign = dialog(page, 'Sign In')
  await expect(sign).toBeVisible()
  await sign.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect.poll(() => hostile(page).calls('personal_sign')).toBe(1)
  const cancel = sign.getByRole('button', { name: 'Cancel', exact: true })
  await expect(cancel).toBeEnabled()
  await cancel.click()
  await expect(liveState(page).status).toHaveText('disconnected')
  await expect(anyDialog(page)).toHaveCount(0)
  // Another wallet signs in: nothing of the abandoned request is left in the way.
  const connect = await openConnectDialog(page)
  await connect.getByRole('button', { name: 'Latchkey Dev Wallet', exact: true }).first().click()
  await approveWalletRequest(page, 'Connect to this site?')
  await dialog(page, 'Sign In').getByRole('button', { name: 'Sign', exact: true }).click()
  await approveWalletRequest(page)
  await expect(anyDialog(page)).toHaveCount(0)
  await expect(liveState(page).status).toHaveText('connected')
})
