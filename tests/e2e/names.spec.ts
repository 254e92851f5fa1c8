/**
 * Name registration: dev account 4 (no name) registers `alice-dev.reown.id` with the dev wallet (a real
 * EIP-191 signature, verified by the reference server, stored in its PGlite database); Account then shows the name
 * and dev account 0 sends ETH to that name (the balances move on anvil). A taken name, a too-short name, a signature
 * rejected in the wallet and a server failure (the spec's words). The names code is fetched only on first use.
 * Screenshots of Account with 'Register a name' and with the registered name (desktop and phone, light and dark) with
 * SHOTS_DIR=<dir>.
 */
import type { Page } from '@playwright/test'
import { formatEther, parseEther } from 'viem'
import { DEV_ADDRESSES, devAccounts } from '../../dev/accounts.ts'
import { evmCoinType } from '../../adapters/coinType.ts'
import { accountButton, anvilBalanceWei, API_URL, approveWalletRequest, openConnected, dialog, emailLogin, expect, liveState, rejectWalletRequest, resetApi, test, truncated } from './fixtures.ts'
import { shootThemes } from './shots.ts'

const ACCOUNT_4 = DEV_ADDRESSES[4]
const NAME = 'alice-dev.reown.id'

test.beforeEach(async ({ request }) => resetApi(request))

/** Opens the demo connected (a restored session) on dev account `index`, opens Account and returns it once the identity lookup answered. */
async function openAccount(page: Page, index: number) {
  await openConnected(page, { account: index })
  await expect(liveState(page).address).toHaveText(DEV_ADDRESSES[index]!)
  await accountButton(page).address.click()
  return dialog(page, 'Account')
}

/** Account → 'Register a name' → the form. */
async function openRegister(page: Page) {
  const account = await openAccount(page, 4)
  await account.getByRole('button', { name: 'Register a name', exact: true }).click()
  const form = dialog(page, 'Choose your name')
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toBeVisible()
  return form
}

test('register alice-dev with the dev wallet: Account shows it; account 0 sends to the name', async ({ page }) => {
  const namesCode: string[] = []
  page.on('request', (r) => {
    if (/\/(machines\/names|assemble\/names|RegisterAccountName)/.test(r.url())) namesCode.push(r.url())
  })
  const account = await openAccount(page, 4)
  await expect(account.getByTestId('account-address')).toHaveText(truncated(ACCOUNT_4))
  await expect(account.getByRole('button', { name: 'Register a name', exact: true })).toBeVisible()
  // Nothing of the names feature before the first click on 'Register a name'.
  expect(namesCode).toEqual([])
  await shootThemes(page, 'account-register-name')
  await account.getByRole('button', { name: 'Register a name', exact: true }).click()
  const form = dialog(page, 'Choose your name')
  await expect.poll(() => namesCode.length).toBeGreaterThan(0)

  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('alice-dev')
  // The reference server opens its names database (PGlite) on the first name request: a few seconds under load.
  await expect(form.getByTestId('name-status')).toHaveText(`${NAME} is available`, { timeout: 30_000 })
  await form.getByRole('button', { name: 'Register', exact: true }).click()
  await approveWalletRequest(page)
  const success = dialog(page, 'Name registered')
  await expect(success.getByTestId('name-registered')).toHaveText(`${NAME} is yours`)
  await success.getByRole('button', { name: 'Done', exact: true }).click()
  await expect(dialog(page, 'Account').getByTestId('account-address')).toHaveText(NAME)
  await expect(dialog(page, 'Account').getByRole('button', { name: 'Register a name' })).toHaveCount(0)
  await shootThemes(page, 'account-registered-name')

  // Another dev account sends 0.25 ETH to the name.
  await dialog(page, 'Account').getByRole('button', { name: 'Disconnect' }).click()
  await expect(liveState(page).status).toHaveText('disconnected')
  const before = await anvilBalanceWei(ACCOUNT_4)
  const account0 = await openAccount(page, 0)
  await account0.getByRole('button', { name: 'Send', exact: true }).click()
  const send = dialog(page, 'Send')
  await expect(send.getByRole('button', { name: /^Token: ETH\b/ })).toBeVisible()
  await send.getByRole('textbox', { name: 'Amount', exact: true }).fill('0.25')
  await send.getByRole('textbox', { name: 'To', exact: true }).fill(NAME)
  await expect(send.getByTestId('send-receiver-status')).toHaveText(`${NAME} · ${truncated(ACCOUNT_4)}`)
  await send.getByRole('button', { name: 'Review send', exact: true }).click()
  await dialog(page, 'Review Send').getByRole('button', { name: 'Send', exact: true }).click()
  await approveWalletRequest(page)
  await expect.poll(async () => formatEther((await anvilBalanceWei(ACCOUNT_4)) - before)).toBe(formatEther(parseEther('0.25')))
})

test('a taken name cannot be registered; a too-short name is refused with the rule', async ({ page }) => {
  const form = await openRegister(page)
  const field = form.getByRole('textbox', { name: 'Name', exact: true })
  const register = form.getByRole('button', { name: 'Register', exact: true })
  await field.fill('alice')
  await expect(form.getByTestId('name-status')).toHaveText('alice.reown.id is taken')
  await expect(register).toBeDisabled()
  // Free names to pick instead.
  await expect(form.getByTestId('name-suggestions').getByRole('button', { name: 'alice1.reown.id' })).toBeVisible()
  await field.fill('abc')
  await expect(form.getByTestId('name-status')).toHaveText('Use letters, digits or hyphen, at least 4 characters.')
  await expect(register).toBeDisabled()
  await field.fill('bad_name')
  await expect(form.getByTestId('name-status')).toHaveText('Use letters, digits or hyphen, at least 4 characters.')
  await expect(register).toBeDisabled()
})

test('the signature rejected in the wallet: back to the form with the name kept, nothing registered', async ({ page, request }) => {
  const form = await openRegister(page)
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('alice-dev')
  await expect(form.getByTestId('name-status')).toHaveText(`${NAME} is available`)
  await form.getByRole('button', { name: 'Register', exact: true }).click()
  await rejectWalletRequest(page)
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('alice-dev')
  await expect(form.getByTestId('name-error')).toHaveCount(0)
  await expect(form.getByRole('button', { name: 'Register', exact: true })).toBeEnabled()
  const lookup = await request.get(`${API_URL}/blockchain/v1/profile/account/${NAME}?apiVersion=2&st=a&sv=b&projectId=p`)
  expect(lookup.status()).toBe(404)
})

test('a server failure: the spec’s words, the name kept; the API’s reason preferred when it gives one', async ({ page }) => {
  const form = await openRegister(page)
  await page.route('**/v1/profile/account', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, json: { message: 'boom' } }) : route.fallback()))
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('alice-dev')
  await expect(form.getByTestId('name-status')).toHaveText(`${NAME} is available`)
  await form.getByRole('button', { name: 'Register', exact: true }).click()
  await approveWalletRequest(page)
  await expect(form.getByTestId('name-error')).toHaveText(`Error registering name ${NAME}`)
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('alice-dev')

  await page.unroute('**/v1/profile/account')
  await page.route('**/v1/profile/account', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 400, json: { message: 'no', reasons: [{ description: 'Name is reserved' }] } }) : route.fallback()))
  await form.getByRole('button', { name: 'Register', exact: true }).click()
  await approveWalletRequest(page)
  await expect(form.getByTestId('name-error')).toHaveText('Name is reserved')
})

test('an account that has a name (registered before this visit): the reverse lookup is asked and Account offers no registration', async ({ page, request }) => {
  // Account 3 registers bob-dev through the API with its own EIP-191 signature (another visit, another device).
  const signer = devAccounts()[3]!
  const message = JSON.stringify({ name: 'bob-dev.reown.id', attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
  const registered = await request.post(`${API_URL}/blockchain/v1/profile/account?st=a&sv=b&projectId=p`, {
    data: { coin_type: evmCoinType(31337), address: signer.address, message, signature: await signer.signMessage({ message }) },
  })
  expect(registered.status()).toBe(200)
  const reverse: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/v1/profile/reverse/')) reverse.push(r.url())
  })
  const account = await openAccount(page, 3)
  await expect.poll(() => reverse.length).toBeGreaterThan(0)
  await expect(account.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
  expect(reverse.some((u) => u.toLowerCase().includes(signer.address.toLowerCase()))).toBe(true)
  await expect(account.getByRole('button', { name: 'Register a name' })).toHaveCount(0)
})

test("the suggestions failing: 'Error fetching name suggestions', word for word; the name kept, its availability unknown, nothing to register", async ({ page }) => {
  const form = await openRegister(page)
  await page.route('**/v1/profile/suggestions/**', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }))
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('alice')
  await expect(form.getByTestId('name-error')).toHaveText('Error fetching name suggestions')
  // The availability comes with the suggestions: without them the field shows its rule, and Register stays off.
  await expect(form.getByTestId('name-status')).toHaveText('Letters, digits or hyphen, at least 4 characters.')
  await expect(form.getByRole('button', { name: 'Register', exact: true })).toBeDisabled()
  await expect(form.getByTestId('name-suggestions')).toHaveCount(0)
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('alice')
})

test("the reverse lookup failing: 'Error fetching names for address', word for word, and no registration offered", async ({ page }) => {
  await page.route('**/v1/profile/reverse/**', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }))
  const account = await openAccount(page, 4)
  await expect(account.getByTestId('account-names-failed')).toHaveText('Error fetching names for address')
  await expect(account.getByTestId('account-address')).toHaveText(truncated(ACCOUNT_4))
  await expect(account.getByRole('button', { name: 'Register a name' })).toHaveCount(0)
})

test('an email user registers a name: approved in the frame’s ApproveTransaction, the success view shows, the name is the embedded wallet’s', async ({ demo: page, request }) => {
  test.setTimeout(120_000)
  const address = await emailLogin(page, 'names')
  await accountButton(page).address.click()
  const account = dialog(page, 'Account')
  await account.getByRole('button', { name: 'Register a name', exact: true }).click()
  const form = dialog(page, 'Choose your name')
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('erin-email')
  await expect(form.getByTestId('name-status')).toHaveText('erin-email.reown.id is available', { timeout: 30_000 })
  await form.getByRole('button', { name: 'Register', exact: true }).click()
  // The signature is approved in the secure frame, over the form.
  await expect(dialog(page, 'Approve Transaction')).toBeVisible({ timeout: 20_000 })
  await page
    .frameLocator('iframe[data-latchkey-frame]')
    .getByRole('button', { name: /approve/i })
    .click()
  // The approval's success pops to Account, and the registration's end then shows its own success view (it was lost).
  const success = dialog(page, 'Name registered')
  await expect(success.getByTestId('name-registered')).toHaveText('erin-email.reown.id is yours', { timeout: 20_000 })
  const lookup = await request.get(`${API_URL}/blockchain/v1/profile/account/erin-email.reown.id?apiVersion=2&st=a&sv=b&projectId=p`)
  expect(lookup.status()).toBe(200)
  expect(JSON.stringify(await lookup.json()).toLowerCase()).toContain(address.toLowerCase())
  await success.getByRole('button', { name: 'Done', exact: true }).click()
  await expect(dialog(page, 'Account').getByTestId('account-address')).toHaveText('erin-email.reown.id')
})
