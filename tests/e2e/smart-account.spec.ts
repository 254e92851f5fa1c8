/**
 * The embedded wallet's smart account from the dapp's side, in Chromium against the e2e stack (the demo
 * with `embeddedWallet`, the secure site, the dev bundler, EntryPoint v0.7 and SimpleAccountFactory
 * on the anvils): an email user switches to its smart account from Account (the address and the balance change), sends
 * ETH through Send approved in the frame (a user operation the bundler mines: the recipient gets the amount, the smart
 * account pays the amount and the operation's gas, the account is deployed and Account knows it), switches to the EOA
 * (the address changes back) and to the smart account again; a reload keeps the choice (the secure site's database).
 * Screenshots of Account with the switch (desktop and phone, light and dark) with SHOTS_DIR=<dir>.
 */
import type { Page } from '@playwright/test'
import { createPublicClient, formatUnits, getAddress, hashMessage, http, isErc6492Signature, parseAbiItem, parseErc6492Signature, parseEther, parseEventLogs, serializeErc6492Signature } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import type { CreateSiweMessageParameters } from 'viem/siwe'
import { ENTRY_POINT_ADDRESS, replaySafeHash, SIMPLE_ACCOUNT_FACTORY_ADDRESS, simpleAccountFactoryAbi } from '../../dev/aa/account.ts'
import {
  accountButton,
  API_URL,
  anvilBalanceWei,
  anvilBlockNumber,
  anyDialog,
  dialog,
  expect,
  freshAddress,
  grouped,
  openCleanDemo,
  openConnectDialog,
  resetApi,
  RPC,
  siwxServerSession,
  storedSiwxSessions,
  test as base,
  toast,
} from './fixtures.ts'
import { reviewSend } from './steps.ts'
import { SECURE_SITE_URL } from './stack.ts'
import { shootThemes } from './shots.ts'

const test = base.extend<{ demo: Page }>({
  demo: async ({ page }, use) => {
    await openCleanDemo(page, '/')
    await use(page)
  },
})

const secure = SECURE_SITE_URL
const chain = createPublicClient({ transport: http(RPC[31337]), cacheTime: 0 })
const depositAbi = [parseAbiItem('function balanceOf(address account) view returns (uint256)')]
const userOperationEvent = parseAbiItem(
  'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
)

async function mails(page: Page, to: string): Promise<Array<{ subject: string; code?: string; link?: string }>> {
  const res = await page.request.get(`${secure}/mailbox/messages?to=${encodeURIComponent(to)}`)
  return ((await res.json()) as { messages: Array<{ subject: string; code?: string; link?: string }> }).messages
}

/** Logs in a fresh email through Connect and the device link; waits for the account button unless told not to. */
async function emailLogin(page: Page, options: { awaitAccount?: boolean } = {}) {
  const email = `e2e-aa-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`
  const connect = await openConnectDialog(page)
  await connect.getByRole('textbox', { name: 'Email' }).fill(email)
  await connect.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(connect.getByText('Approve this device')).toBeVisible({ timeout: 30_000 })
  let link: string | undefined
  await expect.poll(async () => (link = (await mails(page, email)).find((m) => m.link)?.link), { timeout: 20_000 }).toBeTruthy()
  await page.request.get(link!)
  if (options.awaitAccount !== false) await expect(accountButton(page).address).toBeVisible({ timeout: 30_000 })
}

const stateAddress = (page: Page) => page.evaluate(() => (window as any).latchkey.getState().account.address as string | undefined)

/** Account's balance line for `wei` (floored to 3 decimals, grouped). */
function balanceText(wei: bigint): string {
  const [whole, fraction = ''] = formatUnits(wei, 18).split('.')
  return `${grouped(`${whole}.${fraction.padEnd(3, '0').slice(0, 3)}`)} ETH`
}

test('an email user on its smart account sends ETH as a user operation (both balances move), switches to the EOA and back; a reload keeps it', async ({ demo: page }) => {
  test.setTimeout(180_000)
  await emailLogin(page)
  const eoa = getAddress((await stateAddress(page))!)
  const smart = await chain.readContract({ address: SIMPLE_ACCOUNT_FACTORY_ADDRESS, abi: simpleAccountFactoryAbi, functionName: 'getAddress', args: [eoa, 0n] })
  expect(await chain.getCode({ address: smart })).toBeUndefined()
  await expect.poll(() => page.evaluate(() => (window as any).latchkey.getState().account.preferredAccountType), { timeout: 20_000 }).toBe('eoa')
  expect(await page.evaluate(() => (window as any).latchkey.getState().account.smartAccountDeployed)).toBe(false)

  await accountButton(page).address.click()
  const account = dialog(page, 'Account')
  const toSmart = account.getByRole('button', { name: 'Switch to your smart account' })
  await expect(toSmart).toBeVisible({ timeout: 20_000 })
  await expect(account.getByTestId('account-type')).toHaveCount(0)
  await shootThemes(page, 'account-eoa')

  // The switch: the frame's SET_PREFERRED_ACCOUNT, then the connection's account is the smart account.
  await toSmart.click()
  await expect(toast(page, 'Switched to your smart account')).toBeVisible({ timeout: 20_000 })
  await expect.poll(() => stateAddress(page), { timeout: 20_000 }).toBe(smart)
  await expect(account.getByTestId('account-type')).toHaveText('Smart account')
  await expect(account.getByRole('button', { name: 'Switch to your EOA' })).toBeVisible()
  await expect(account.getByTestId('account-balance')).toHaveText(balanceText(await anvilBalanceWei(smart)), { timeout: 20_000 })
  await shootThemes(page, 'account-smart')

  // Send through the smart account: a user operation, approved in the frame, mined through the bundler.
  const receiver = freshAddress()
  const amount = '0.0123'
  const smartBefore = await anvilBalanceWei(smart)
  const eoaBefore = await anvilBalanceWei(eoa)
  const mark = await anvilBlockNumber()
  await account.getByRole('button', { name: 'Send', exact: true }).click()
  const send = dialog(page, 'Send')
  const preview = await reviewSend(send, { amount, to: receiver })
  await preview.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog(page, 'Approve Transaction')).toBeVisible({ timeout: 20_000 })
  const frame = page.frameLocator('iframe[data-latchkey-frame]')
  await expect(frame.getByText(receiver)).toBeVisible()
  await frame.getByRole('button', { name: /approve/i }).click()
  await expect(account).toBeVisible({ timeout: 60_000 })
  await expect.poll(() => anvilBalanceWei(receiver), { timeout: 30_000 }).toBe(parseEther(amount))
  // The operation's own record on chain: the EntryPoint's UserOperationEvent for this sender, success, its gas cost.
  const logs = parseEventLogs({ abi: [userOperationEvent], logs: await chain.getLogs({ address: ENTRY_POINT_ADDRESS, fromBlock: mark + 1n }) }).filter((l) => getAddress(l.args.sender) === smart)
  expect(logs).toHaveLength(1)
  expect(logs[0]!.args.success).toBe(true)
  // The account paid the amount and its prefund; what the operation did not use stays its deposit at the EntryPoint.
  const deposit = await chain.readContract({ address: ENTRY_POINT_ADDRESS, abi: depositAbi, functionName: 'balanceOf', args: [smart] })
  const smartAfter = await anvilBalanceWei(smart)
  expect(smartAfter + deposit).toBe(smartBefore - parseEther(amount) - logs[0]!.args.actualGasCost)
  expect(smartAfter).toBeLessThan(smartBefore - parseEther(amount))
  expect(await anvilBalanceWei(eoa)).toBe(eoaBefore)
  expect(await chain.getCode({ address: smart })).not.toBeUndefined()
  await expect(account.getByTestId('account-balance')).toHaveText(balanceText(smartAfter), { timeout: 20_000 })
  // smartAccountDeployed is pushed by the frame after the first user operation (spec §3 account state).
  await expect.poll(() => page.evaluate(() => (window as any).latchkey.getState().account.smartAccountDeployed), { timeout: 20_000 }).toBe(true)

  // Your wallets: the smart account active and deployed.
  await account.getByRole('button', { name: 'Your wallets' }).click()
  const wallets = dialog(page, 'Your wallets')
  const active = wallets.locator('li[aria-current="true"]')
  await expect(active).toContainText('Smart account', { timeout: 20_000 })
  await expect(wallets.getByText('Not deployed yet', { exact: false })).toHaveCount(0)
  await wallets.getByRole('button', { name: 'Back', exact: true }).click()

  // To the EOA: the address (and the balance) are the EOA's again.
  await account.getByRole('button', { name: 'Switch to your EOA' }).click()
  await expect(toast(page, 'Switched to your EOA')).toBeVisible({ timeout: 20_000 })
  await expect.poll(() => stateAddress(page), { timeout: 20_000 }).toBe(eoa)
  await expect(account.getByTestId('account-balance')).toHaveText(balanceText(eoaBefore), { timeout: 20_000 })
  await expect(account.getByTestId('account-type')).toHaveCount(0)

  // And back: the smart account again, kept across a reload (the secure site stores the choice per user and chain).
  await account.getByRole('button', { name: 'Switch to your smart account' }).click()
  await expect.poll(() => stateAddress(page), { timeout: 20_000 }).toBe(smart)
  await page.reload()
  await expect.poll(() => stateAddress(page), { timeout: 30_000 }).toBe(smart)
  await accountButton(page).address.click()
  await expect(dialog(page, 'Account').getByRole('button', { name: 'Switch to your EOA' })).toBeVisible({ timeout: 20_000 })
})

test('a fresh embedded smart account, not deployed, signs in with SIWX required: its ERC-6492 signature is accepted by the server and nothing is deployed; a forged wrapper is refused', async ({ page, request }) => {
  test.setTimeout(180_000)
  await resetApi(request)
  await openCleanDemo(page, '/?siwx=required&accountType=smartAccount')
  await emailLogin(page, { awaitAccount: false })

  // The login switches to the smart account (the option's default); the Sign In view is then for it.
  await expect.poll(() => page.evaluate(() => (window as any).latchkey.getState().account.preferredAccountType), { timeout: 20_000 }).toBe('smartAccount')
  const smart = getAddress((await stateAddress(page))!)
  const sign = dialog(page, 'Sign In')
  await expect(sign).toBeVisible({ timeout: 30_000 })
  await expect(sign.getByTestId('siwx-address')).toContainText(smart.slice(0, 6))
  expect(await chain.getCode({ address: smart })).toBeUndefined()

  // Sign, approved in the frame: the modal closes signed in.
  await sign.getByRole('button', { name: 'Sign', exact: true }).click()
  const frame = page.frameLocator('iframe[data-latchkey-frame]')
  await frame.getByRole('button', { name: /approve/i }).click()
  await expect(anyDialog(page)).toHaveCount(0, { timeout: 30_000 })

  // The stored session is the smart account's, its signature the ERC-6492 wrapper; the server knows the token.
  const stored = await storedSiwxSessions(page)
  expect(stored).toHaveLength(1)
  expect(getAddress(stored![0]!.data.accountAddress.replace(/^eip155:\d+:/, ''))).toBe(smart)
  expect(isErc6492Signature(stored![0]!.signature)).toBe(true)
  expect(await chain.verifyMessage({ address: smart, message: stored![0]!.message, signature: stored![0]!.signature })).toBe(true)
  const server = await siwxServerSession(request, stored![0]!.token)
  expect(server.status).toBe(200)
  expect(getAddress((server.body as { session: { address: string } }).session.address)).toBe(smart)
  // Verifying simulated the deployment; it did not deploy.
  expect(await chain.getCode({ address: smart })).toBeUndefined()

  // A forged ERC-6492 wrapper for the same account (the real factory call around another key's signature) is refused.
  const { nonce, token } = (await (await request.post(`${API_URL}/siwx/v1/nonce`)).json()) as { nonce: string; token: string }
  const message = createSiweMessage({ ...parseSiweMessage(stored![0]!.message), nonce, issuedAt: new Date() } as CreateSiweMessageParameters)
  const impostor = privateKeyToAccount(generatePrivateKey())
  const inner = await impostor.signMessage({ message: { raw: replaySafeHash({ hash: hashMessage(message), account: smart, chainId: 31337 }) } })
  const forged = serializeErc6492Signature({ address: SIMPLE_ACCOUNT_FACTORY_ADDRESS, data: parseErc6492Signature(stored![0]!.signature).data!, signature: inner })
  const refused = await request.post(`${API_URL}/siwx/v1/verify`, { data: { message, signature: forged, token } })
  expect(refused.status()).toBe(422)
  expect(((await refused.json()) as { code: string }).code).toBe('BAD_SIGNATURE')
  await resetApi(request)
})
