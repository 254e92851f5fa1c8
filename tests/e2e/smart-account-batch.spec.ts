/**
 * Batched calls (EIP-5792) from the embedded wallet's smart account, in Chromium against the e2e stack: an email user
 * switched to its smart account sends the demo's 'Send two calls' (`modal.sendCalls`). The modal reads `atomic`
 * supported from the secure site, the frame shows the batch once ('Send 2 calls together') on ApproveTransaction, and
 * the secure site sends both calls as one user operation (`executeBatch`) through the dev bundler; its status is read
 * from the operation's receipt. The chain is read with viem: the receiver's balance, the EntryPoint's
 * UserOperationEvent of the account, and the user operation inside the one `handleOps` transaction.
 */
import type { Page } from '@playwright/test'
import { createPublicClient, decodeFunctionData, getAddress, http, parseAbiItem, parseEther, parseEventLogs } from 'viem'
import type { Address, Hex } from 'viem'
import { ENTRY_POINT_ADDRESS, simpleAccountAbi } from '../../dev/aa/account.ts'
import { entryPointAbi } from '../../dev/aa/artifacts.ts'
import { accountButton, anvilBalanceWei, anvilBlockNumber, anyDialog, dialog, expect, freshAddress, liveState, RPC, test, toast } from './fixtures.ts'
import { resumeEmailConnected } from './sharedEmbedded.ts'
import { withSharedPage } from './sharedPage.ts'

const chain = createPublicClient({ transport: http(RPC[31337]), cacheTime: 0 })
const userOperationEvent = parseAbiItem(
  'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
)

/**
 * The describe's email user (one shared page, see below) switched to its smart account from Account, the first time
 * it is asked; later tests find it on it (resumeEmailConnected asserts that account connected). Returns its address.
 */
let smartAccount: Address | undefined
async function onSmartAccount(page: Page): Promise<Address> {
  if (smartAccount) {
    await resumeEmailConnected(page, { address: smartAccount })
    return smartAccount
  }
  const session = await resumeEmailConnected(page)
  await accountButton(page).address.click()
  const account = dialog(page, 'Account')
  await account.getByRole('button', { name: 'Switch to your smart account' }).click()
  await expect(account.getByTestId('account-type')).toHaveText('Smart account', { timeout: 20_000 })
  const smart = getAddress(await page.evaluate(() => (window as any).latchkey.getState().account.address as string))
  expect(smart).not.toBe(getAddress(session.address))
  await expect(liveState(page).address).toHaveText(smart)
  // The smart account is not deployed before the first user operation (the last test's subject).
  expect(await chain.getCode({ address: smart })).toBeUndefined()
  await page.keyboard.press('Escape')
  await expect(anyDialog(page)).toHaveCount(0)
  smartAccount = smart
  return smart
}

/**
 * On the email user's smart account, sends 0.001 ETH twice to a fresh receiver with 'Send two calls' and waits for
 * the one approval in the frame (the secure site's origin), which lists both calls.
 */
async function sendTwoCalls(page: Page) {
  const smart = await onSmartAccount(page)
  const receiver = freshAddress()
  const mark = await anvilBlockNumber()
  await page.getByLabel('Recipient').fill(receiver)
  await page.getByLabel('Amount (ETH)').fill('0.001')
  await page.getByRole('button', { name: 'Send two calls' }).click()
  await expect(dialog(page, 'Approve Transaction')).toBeVisible({ timeout: 20_000 })
  const frame = page.frameLocator('iframe[data-latchkey-frame]')
  await expect(frame.getByText('Send 2 calls together')).toBeVisible()
  await expect(frame.getByText(`${receiver} · 0.001 ETH`)).toHaveCount(2)
  // A new batch: the page shows no status of the one before (the EOA's) while this one waits for its approval.
  await expect(page.getByTestId('batch-status')).toHaveCount(0)
  return { smart, receiver, mark, frame }
}

/** The smart account's user operations mined after block `mark`: their success and the transaction of each. */
async function operationsSince(mark: bigint, sender: Address) {
  if ((await chain.getBlockNumber()) <= mark) return []
  const logs = parseEventLogs({ abi: [userOperationEvent], logs: await chain.getLogs({ address: ENTRY_POINT_ADDRESS, fromBlock: mark + 1n }) })
  return logs.filter((log) => getAddress(log.args.sender) === sender).map((log) => ({ success: log.args.success, transactionHash: log.transactionHash }))
}

// One email user on one page (resumeEmailConnected: no dialog, no approval in the frame, no toast, the expected
// account connected at each start): its EOA first, then its smart account (switched once, in the first test on it),
// whose first user operation deploys it, so the approved batch comes last.
test.describe('one email user', () => {
  const shared = withSharedPage(test)

  shared("the embedded wallet's EOA has no batched calls (4200 through the frame): the calls go one by one, each approved in the frame, both land", async ({ page }) => {
    test.setTimeout(180_000)
    await resumeEmailConnected(page)
    const receiver = freshAddress()
    await page.getByLabel('Recipient').fill(receiver)
    await page.getByLabel('Amount (ETH)').fill('0.001')
    await page.getByRole('button', { name: 'Send two calls' }).click()
    const frame = page.frameLocator('iframe[data-latchkey-frame]')
    for (let call = 1; call <= 2; call++) {
      await expect(dialog(page, 'Approve Transaction')).toBeVisible({ timeout: 20_000 })
      await expect(frame.getByRole('heading', { name: 'Send transaction' })).toBeVisible()
      await frame.getByRole('button', { name: 'Approve' }).click()
      await expect.poll(() => anvilBalanceWei(receiver), { timeout: 20_000 }).toBe(parseEther('0.001') * BigInt(call))
    }
    await expect(toast(page, 'Calls confirmed')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('batch-status')).toHaveText('200', { timeout: 20_000 })
  })

  shared('the smart account: rejecting the one approval in the frame sends nothing', async ({ page }) => {
    test.setTimeout(180_000)
    const { smart, receiver, mark, frame } = await sendTwoCalls(page)
    await frame.getByRole('button', { name: /reject/i }).click()
    await expect(toast(page, 'You declined the calls in your wallet')).toBeVisible({ timeout: 20_000 })
    expect(await operationsSince(mark, smart)).toEqual([])
    expect(await anvilBalanceWei(receiver)).toBe(0n)
    // The modal opened for the approval closes with it: waited for, so the next test never starts on a closing dialog
    // (one that vanishes between the start's count of dialogs and its click on Close).
    await expect(dialog(page, 'Approve Transaction')).toBeHidden()
  })

  shared(
    'the smart account: a batch the secure site refuses (a capability it lacks) ends before any approval: "The wallet could not run the calls" with its reason, the frame never shows, nothing sent',
    async ({ page }) => {
      test.setTimeout(180_000)
      const smart = await onSmartAccount(page)
      const receiver = freshAddress()
      const mark = await anvilBlockNumber()
      // Every approval the frame opens is told to the page (FRAME_RPC_APPROVAL_OPEN): counted from here.
      await page.evaluate(() => {
        ;(window as any).approvalsOpened = 0
        window.addEventListener('message', (event) => {
          if ((event.data as { type?: unknown } | null)?.type === 'FRAME_RPC_APPROVAL_OPEN') (window as any).approvalsOpened++
        })
      })
      const error = await page.evaluate(
        (to) =>
          (window as any).latchkey.sendCalls({ calls: [{ to, value: 1n }], capabilities: { paymasterService: { url: 'http://127.0.0.1:1' } } }).then(
            () => 'sent',
            (e: Error & { shortMessage?: string; details?: string }) => `${e.name}: ${e.shortMessage} (${e.details})`,
          ),
        receiver,
      )
      expect(error).toBe('BatchFailedError: The wallet could not run the calls (ProviderRpcError: Unsupported non-optional capability: paymasterService)')
      await expect(toast(page, 'The wallet could not run the calls')).toBeVisible()
      expect(await page.evaluate(() => (window as any).approvalsOpened)).toBe(0)
      await expect(dialog(page, 'Approve Transaction')).toHaveCount(0)
      expect(await operationsSince(mark, smart)).toEqual([])
      expect(await anvilBalanceWei(receiver)).toBe(0n)
    },
  )

  shared('the smart account runs two calls as one user operation: one approval in the frame, status 200, both transfers in one executeBatch', async ({ page }) => {
    test.setTimeout(180_000)
    const { smart, receiver, mark, frame } = await sendTwoCalls(page)
    await frame.getByRole('button', { name: /approve/i }).click()
    await expect(toast(page, 'Calls confirmed')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId('batch-status')).toHaveText('200', { timeout: 20_000 })
    expect(await anvilBalanceWei(receiver)).toBe(parseEther('0.002'))
    // One user operation of the account, successful, whose call is executeBatch of both transfers.
    const operations = await operationsSince(mark, smart)
    expect(operations).toEqual([{ success: true, transactionHash: expect.any(String) }])
    const tx = await chain.getTransaction({ hash: operations[0]!.transactionHash })
    const handleOps = decodeFunctionData({ abi: entryPointAbi, data: tx.input })
    const [op] = (handleOps.args as unknown as [Array<{ sender: Address; callData: Hex }>])[0]
    expect(getAddress(op!.sender)).toBe(smart)
    expect(decodeFunctionData({ abi: simpleAccountAbi, data: op!.callData })).toEqual({
      functionName: 'executeBatch',
      args: [
        [getAddress(receiver), getAddress(receiver)],
        [parseEther('0.001'), parseEther('0.001')],
        ['0x', '0x'],
      ],
    })
    // The first operation deployed the account; the frame says so to the dapp.
    expect(await chain.getCode({ address: smart })).not.toBeUndefined()
    await expect.poll(() => page.evaluate(() => (window as any).latchkey.getState().account.smartAccountDeployed), { timeout: 20_000 }).toBe(true)
  })
})
