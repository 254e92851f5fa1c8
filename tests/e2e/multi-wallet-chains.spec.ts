/**
 * Multi-wallet on Solana and Bitcoin end to end (spec §6 "Multi-wallet methods", §3 connections kept per namespace), in
 * Chromium against the demo: the development Wallet Standard wallet of the namespace (dev account 0) and a second one
 * registered under its own name (`?secondSolanaWallet=1`, `?secondBitcoinWallet=1`: dev account 1, approving by
 * itself). The flag comes from the project's remote config, as in multi-wallet.spec.ts. The journeys start connected
 * with the first wallet (tests/e2e/connected-start.ts): adding the second one, switching and removing are their subject.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { DEV_SOLANA_ADDRESSES } from '../../dev/solana/accounts.ts'
import { accountButton, anyDialog, API_URL, dialog, expect, liveState, openConnected, test, truncated } from './fixtures.ts'

/** This spec's project on the reference server: its remote config turns multi-wallet on (no other spec reads it). */
const PROJECT = 'latchkey-e2e-multi-wallet-chains'

type Held = Array<[id: string, address: string, active: boolean]>

async function multiWalletProject(request: APIRequestContext) {
  const response = await request.post(`${API_URL}/__control/features`, { data: { projectId: PROJECT, features: { multiWallet: true } } })
  expect(response.ok(), await response.text()).toBe(true)
}

/** The connections of `namespace` as the public API tells them: `[id, address, active]`, the active one first. */
function held(page: Page, namespace: string): Promise<Held | undefined> {
  return page.evaluate((ns) => {
    const modal = (window as unknown as { latchkey: { getConnections(ns?: string): Array<{ id: string; address: string; active: boolean }> | undefined } }).latchkey
    return modal.getConnections(ns)?.map((c) => [c.id, c.address, c.active] as [string, string, boolean])
  }, namespace)
}

/** The Account view's wallet switcher (a region named 'Connected wallets'). */
const switcher = (page: Page) => dialog(page, 'Account').getByRole('region', { name: 'Connected wallets' })

/**
 * Connected with the namespace's first wallet, Account open (multi-wallet on since its first opening), then Account →
 * Add wallet → the second wallet in Connect: it is added and made active; the switcher lists both, the second marked.
 * @returns both wallets' connections as the public API first told them (the second active).
 */
async function holdTwo(page: Page, namespace: 'solana' | 'bip122', names: { first: string; second: string }): Promise<{ first: string; second: string; both: Held }> {
  await openConnected(page, { namespace, path: `/?secondSolanaWallet=1&secondBitcoinWallet=1&project=${PROJECT}` })
  await accountButton(page).address.click()
  await dialog(page, 'Account').getByRole('button', { name: 'Add wallet', exact: true }).click()
  await dialog(page, 'Connect Wallet').getByRole('button', { name: names.second }).click()
  await expect
    .poll(async () => (await held(page, namespace))?.map(([id, , active]) => [id, active]))
    .toEqual([
      [`${namespace}:${names.second}`, true],
      [`${namespace}:${names.first}`, false],
    ])
  const both = (await held(page, namespace))!
  const [second, first] = both.map(([, address]) => address) as [string, string]
  expect(first).not.toBe(second)
  await expect(liveState(page).address).toHaveText(second)
  // The modal closed on the added wallet's connection: Account again, its switcher listing both.
  await expect(anyDialog(page)).toHaveCount(0)
  await accountButton(page).address.click()
  await expect(switcher(page).getByRole('listitem')).toHaveCount(2)
  await expect(switcher(page).getByRole('listitem').first()).toHaveAttribute('aria-current', 'true')
  await expect(switcher(page).getByRole('listitem').first()).toContainText(names.second)
  return { first, second, both }
}

/** Switch in the switcher to the first wallet, back to the second, then remove the active one: the other follows. */
async function switchAndRemove(page: Page, namespace: 'solana' | 'bip122', names: { first: string; second: string }, addresses: { first: string; second: string }) {
  const rows = switcher(page).getByRole('listitem')
  await switcher(page)
    .getByRole('button', { name: `Switch to ${names.first}` })
    .click()
  await expect(liveState(page).address).toHaveText(addresses.first)
  await expect(rows.first()).toContainText(names.first)
  await expect(rows.first()).toHaveAttribute('aria-current', 'true')
  await expect
    .poll(() => held(page, namespace))
    .toEqual([
      [`${namespace}:${names.first}`, addresses.first, true],
      [`${namespace}:${names.second}`, addresses.second, false],
    ])
  await switcher(page)
    .getByRole('button', { name: `Switch to ${names.second}` })
    .click()
  await expect(liveState(page).address).toHaveText(addresses.second)

  // Remove the active one: the other (the most recently used) becomes active, without a prompt; the switcher goes, the
  // modal stays on Account, now showing the other wallet's account.
  await switcher(page)
    .getByRole('button', { name: `Remove ${names.second}` })
    .click()
  await expect(liveState(page).address).toHaveText(addresses.first)
  await expect(liveState(page).status).toHaveText('connected')
  await expect(dialog(page, 'Account')).toBeVisible()
  await expect(dialog(page, 'Account')).toContainText(truncated(addresses.first))
  await expect.poll(() => held(page, namespace)).toEqual([[`${namespace}:${names.first}`, addresses.first, true]])
  await expect(switcher(page)).toHaveCount(0)
  // The eip155 list is not touched by the namespace's changes.
  expect(await held(page, 'eip155')).toEqual([])
}

test.beforeEach(async ({ request }) => multiWalletProject(request))

test('two Solana wallets: the second added beside the first, a switch each way makes each the account, a reload keeps both and the same active one, removing the active one makes the other active', async ({ page }) => {
  test.setTimeout(120_000)
  const names = { first: 'Latchkey Dev Solana Wallet', second: 'Second Dev Solana Wallet' }
  const { first, second } = await holdTwo(page, 'solana', names)
  expect([first, second]).toEqual([DEV_SOLANA_ADDRESSES[0], DEV_SOLANA_ADDRESSES[1]])

  // A reload restores both wallets and the same active one, without a prompt.
  await page.reload()
  await expect(liveState(page).status).toHaveText('connected', { timeout: 30_000 })
  await expect(liveState(page).address).toHaveText(second)
  // The flag is the remote config's, fetched at the first opening: then the held wallet is listed again.
  await accountButton(page).address.click()
  await expect
    .poll(() => held(page, 'solana'))
    .toEqual([
      [`solana:${names.second}`, second, true],
      [`solana:${names.first}`, first, false],
    ])
  await expect(switcher(page).getByRole('listitem')).toHaveCount(2)
  await switchAndRemove(page, 'solana', names, { first, second })
})

test('two Bitcoin wallets: the second added beside the first, a switch each way makes each the account, removing the active one makes the other active', async ({ page }) => {
  test.setTimeout(120_000)
  const names = { first: 'Latchkey Bitcoin Dev Wallet', second: 'Second Bitcoin Dev Wallet' }
  const { first, second } = await holdTwo(page, 'bip122', names)
  await switchAndRemove(page, 'bip122', names, { first, second })
})
