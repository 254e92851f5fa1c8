/**
 * The wagmi examples' journey (examples/wagmi-v2, examples/wagmi-v3): the modal connects the dev
 * wallet and wagmi's hooks see the same account; a transaction sent through wagmi's useSendTransaction mines on anvil
 * and the modal's balance follows; on the same connection wagmi's EIP-5792 hooks (useCapabilities, useSendCalls,
 * useCallsStatus) reach the wallet: a batch rejected in the wallet shows the rejection and sends nothing, an approved
 * batch of two transfers lands both on anvil and its status ends final; wagmi's disconnect disconnects the modal;
 * wagmi's connect opens the modal and the wallet picked there is wagmi's connection.
 */
import type { Page } from '@playwright/test'
import { createPublicClient, http, parseEther, type Address } from 'viem'
import {
  ACCOUNT_0,
  ACCOUNT_1,
  ACCOUNT_2,
  answerFirstWalletPrompt,
  connectDevWallet,
  expect,
  expectedBalance,
  expectRealBalance,
  grouped,
  setBalance,
  setFirstWalletAccount,
  setFirstWalletAutoApprove,
  test,
} from './fixtures.ts'

/** The anvil run.ts started: the examples read their RPC URL from `?rpc=`. */
const rpcUrl = process.env.LATCHKEY_EXAMPLES_RPC ?? 'http://127.0.0.1:8545'

export function wagmiJourney(name: 'wagmi-v2' | 'wagmi-v3', hooks: string): void {
  test(`${name}: the modal's connection is wagmi's (${hooks}); a wagmi transaction moves the modal's balance; a wagmi batch of two calls lands both on anvil once approved in the wallet and shows a rejection; wagmi disconnects and connects through the modal`, async ({
    openExample,
    pageErrors,
  }) => {
    await setBalance('2024.1125')
    const page: Page = await openExample(name, `/?rpc=${encodeURIComponent(rpcUrl)}`)
    await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected')

    await connectDevWallet(page)
    await expectRealBalance(page)
    await expect(page.getByTestId('wagmi-status')).toHaveText('connected')
    await expect(page.getByTestId('wagmi-address')).toHaveText(ACCOUNT_0)
    await expect(page.getByTestId('wagmi-chain')).toHaveText('31337')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)

    const before = await expectedBalance()
    await page.getByRole('button', { name: 'Send 1.5 ETH with wagmi' }).click()
    await expect(page.getByTestId('wagmi-transaction')).toHaveText('mined')
    const after = await expectedBalance()
    expect(Number(after)).toBeLessThan(Number(before) - 1.49)
    // The modal reads its balance again once the transaction is mined: the account button follows.
    await expect(page.getByTestId('account-button-balance')).toHaveText(`${grouped(after)} ETH`)
    await expect(page.getByTestId('example-balance')).toHaveText(`${after} ETH`)

    await sendBatchWithWagmi(page)

    await page.getByRole('button', { name: 'Disconnect with wagmi', exact: true }).click()
    await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected')
    await expect(page.getByRole('button', { name: 'Connect Wallet', exact: true })).toBeVisible()
    await expect(page.getByTestId('account-button-address')).toHaveCount(0)

    // wagmi's connect opens the modal; the wallet picked there is wagmi's connection again.
    await page.getByRole('button', { name: 'Connect with wagmi', exact: true }).click()
    const connect = page.getByRole('dialog', { name: 'Connect Wallet', exact: true })
    await connect.getByRole('button', { name: 'Latchkey Dev Wallet', exact: true }).click()
    await expect(page.getByTestId('wagmi-status')).toHaveText('connected')
    await expect(page.getByTestId('wagmi-address')).toHaveText(ACCOUNT_0)
    await expect(page.getByTestId('account-button-balance')).toHaveText(`${grouped(await expectedBalance())} ETH`)
    expect(pageErrors).toEqual([])
  })
}

/**
 * Multi-wallet through wagmi (spec §6), both ways: two wallets held in the modal (the dev wallet, then 'Second Dev
 * Wallet' added from Account) are wagmi's two connections (`syncWagmiConnections`); wagmi's own switch
 * (`useSwitchAccount` in wagmi 2, `useSwitchConnection` in wagmi 3) switches the modal, and the modal's switcher
 * switches wagmi; an account change inside the held wallet moves its wagmi connection only; a reload restores both
 * and the same active one in the modal and in wagmi; removing the active wallet in the modal leaves wagmi on the other.
 * After each of these a wagmi send
 * is checked on anvil: the active account pays 1.5 ETH and gas, the held one is untouched, so a send from the wrong
 * wallet fails the test.
 */
export function wagmiMultiWalletJourney(name: 'wagmi-v2' | 'wagmi-v3'): void {
  test(`${name}: two wallets held are wagmi's two connections; wagmi's switch moves the modal, the modal's switch moves wagmi, an account change in the held one and a reload keep wagmi on the active one, and each wagmi send leaves from the active one on anvil`, async ({
    openExample,
    pageErrors,
  }) => {
    await setBalance('3000')
    await setBalance('3000', ACCOUNT_1)
    const page: Page = await openExample(name, `/?rpc=${encodeURIComponent(rpcUrl)}`, { secondWallet: true })
    await connectDevWallet(page)
    await expect(page.getByTestId('wagmi-address')).toHaveText(ACCOUNT_0)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    const connections = page.getByRole('list', { name: 'wagmi connections' })
    const accountButton = page.getByTestId('account-button-address')
    const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

    // Add the second wallet from Account: the first stays held, the second is the active one and wagmi's account.
    await accountButton.click()
    const account = page.getByRole('dialog', { name: 'Account', exact: true })
    await account.getByRole('button', { name: 'Add wallet', exact: true }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet', exact: true }).getByRole('button', { name: 'Second Dev Wallet', exact: true }).click()
    await expect(page.getByTestId('wagmi-address')).toHaveText(ACCOUNT_1)
    await expect(page.getByTestId('wagmi-status')).toHaveText('connected')
    // Connected: the modal closes by itself. wagmi lists both: the active one under latchkey's connector, the held one under its name.
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(connections.getByTestId('wagmi-connection')).toHaveText([`latchkey ${ACCOUNT_1}`, `Latchkey Dev Wallet ${ACCOUNT_0}`])

    /** A wagmi send, mined; then what each account paid (wei). */
    const sendWithWagmi = async (): Promise<{ first: bigint; second: bigint }> => {
      const before = [await weiOf(ACCOUNT_0), await weiOf(ACCOUNT_1)] as const
      await page.getByRole('button', { name: 'Send 1.5 ETH with wagmi' }).click()
      // On the chain first: the page may still say 'mined' of the previous send for a moment after the click.
      await expect.poll(async () => before[0] + before[1] - (await weiOf(ACCOUNT_0)) - (await weiOf(ACCOUNT_1))).toBeGreaterThanOrEqual(parseEther('1.5'))
      await expect(page.getByTestId('wagmi-transaction')).toHaveText('mined')
      return { first: before[0] - (await weiOf(ACCOUNT_0)), second: before[1] - (await weiOf(ACCOUNT_1)) }
    }
    const sent = parseEther('1.5')
    const paidOnlyBy = (paid: { first: bigint; second: bigint }, payer: 'first' | 'second') => {
      const other = payer === 'first' ? 'second' : 'first'
      expect({ [other]: paid[other], [`${payer} paid 1.5 ETH and gas`]: paid[payer] >= sent && paid[payer] < sent + parseEther('0.01') }).toEqual({ [other]: 0n, [`${payer} paid 1.5 ETH and gas`]: true })
    }
    paidOnlyBy(await sendWithWagmi(), 'second')

    // wagmi's own switch (its hook, the dapp's button): the modal switches to the first wallet; wagmi's account follows.
    await connections.getByRole('button', { name: 'Switch to Latchkey Dev Wallet with wagmi', exact: true }).click()
    await expect(accountButton).toHaveText(short(ACCOUNT_0))
    await expect(page.getByTestId('wagmi-address')).toHaveText(ACCOUNT_0)
    await expect(connections.getByTestId('wagmi-connection')).toHaveText([`latchkey ${ACCOUNT_0}`, `Second Dev Wallet ${ACCOUNT_1}`])
    await accountButton.click()
    const switcher = page.getByRole('dialog', { name: 'Account', exact: true }).getByRole('region', { name: 'Connected wallets' })
    await expect(switcher.getByRole('listitem')).toHaveCount(2)
    await expect(switcher.getByRole('listitem').filter({ hasText: 'Active' })).toContainText('Latchkey Dev Wallet')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    paidOnlyBy(await sendWithWagmi(), 'first')

    // The modal's switcher, one press: wagmi's account follows back to the second wallet.
    await accountButton.click()
    await switcher.getByRole('button', { name: 'Switch to Second Dev Wallet', exact: true }).click()
    await expect(page.getByTestId('wagmi-address')).toHaveText(ACCOUNT_1)
    await expect(page.getByTestId('wagmi-status')).toHaveText('connected')
    await expect(accountButton).toHaveText(short(ACCOUNT_1))
    await expect(connections.getByTestId('wagmi-connection')).toHaveText([`latchkey ${ACCOUNT_1}`, `Latchkey Dev Wallet ${ACCOUNT_0}`])
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    paidOnlyBy(await sendWithWagmi(), 'second')

    // An account change inside the held wallet (the first, its own accountsChanged): its wagmi connection follows, while
    // wagmi's account stays the active second wallet's and a wagmi send still leaves from it.
    await setFirstWalletAccount(page, 2)
    await expect(connections.getByTestId('wagmi-connection')).toHaveText([`latchkey ${ACCOUNT_1}`, `Latchkey Dev Wallet ${ACCOUNT_2}`])
    await expect(page.getByTestId('wagmi-address')).toHaveText(ACCOUNT_1)
    await expect(accountButton).toHaveText(short(ACCOUNT_1))
    paidOnlyBy(await sendWithWagmi(), 'second')

    // A reload: the modal restores both wallets and the same active one, and wagmi's account and connections follow it.
    await page.reload()
    await expect(page.getByTestId('wagmi-status')).toHaveText('connected')
    await expect(page.getByTestId('wagmi-address')).toHaveText(ACCOUNT_1)
    await expect(accountButton).toHaveText(short(ACCOUNT_1))
    await expect(connections.getByTestId('wagmi-connection')).toHaveText([`latchkey ${ACCOUNT_1}`, `Latchkey Dev Wallet ${ACCOUNT_2}`])
    paidOnlyBy(await sendWithWagmi(), 'second')
    // The held wallet back on its first account (its picker again), for the removal below.
    await setFirstWalletAccount(page, 0)
    await expect(connections.getByTestId('wagmi-connection')).toHaveText([`latchkey ${ACCOUNT_1}`, `Latchkey Dev Wallet ${ACCOUNT_0}`])
    await expect(page.getByTestId('wagmi-address')).toHaveText(ACCOUNT_1)

    // Removing the active wallet in the modal: the other one is the modal's and wagmi's account, wagmi lists it alone.
    await accountButton.click()
    await switcher.getByRole('button', { name: 'Remove Second Dev Wallet', exact: true }).click()
    await expect(page.getByTestId('wagmi-address')).toHaveText(ACCOUNT_0)
    await expect(page.getByTestId('wagmi-status')).toHaveText('connected')
    await expect(connections.getByTestId('wagmi-connection')).toHaveText([`latchkey ${ACCOUNT_0}`])
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    paidOnlyBy(await sendWithWagmi(), 'first')
    expect(pageErrors).toEqual([])
  })
}

/**
 * Batched calls (EIP-5792) through wagmi's hooks on the page's connection (the dev wallet on ACCOUNT_0, connected): its
 * capabilities on the connected chain say the dev wallet runs calls one by one (atomic unsupported); a batch of two
 * transfers (0.25 ETH and 0.5 ETH to two fresh addresses) rejected in the wallet shows the rejection (4001) and moves
 * nothing; the same batch approved lands both transfers on anvil, and useCallsStatus ends on success (200) with a
 * receipt for each call. The wallet's auto-approve is off meanwhile, so each batch is answered here as its visitor would.
 */
async function sendBatchWithWagmi(page: Page): Promise<void> {
  await expect(page.getByTestId('wagmi-capabilities')).toHaveText('atomic unsupported')
  const batch = page.getByRole('button', { name: 'Send a batch of two with wagmi', exact: true })
  await setFirstWalletAutoApprove(page, false)

  const payer = await weiOf(ACCOUNT_0)
  await batch.click()
  const receivers = receiversOf(await answerFirstWalletPrompt(page, 'wallet_sendCalls', 'reject'))
  expect(new Set(receivers.map((address) => address.toLowerCase())).size, 'two distinct receivers').toBe(2)
  await expect(page.getByTestId('wagmi-calls-error')).toHaveText('User rejected the request. (code 4001)')
  await expect(page.getByTestId('wagmi-calls-status')).toHaveText('')
  expect(await weiOf(ACCOUNT_0)).toBe(payer)

  await batch.click()
  expect(receiversOf(await answerFirstWalletPrompt(page, 'wallet_sendCalls', 'approve'))).toEqual(receivers)
  await expect(page.getByTestId('wagmi-calls-status')).toHaveText('success 200')
  await expect(page.getByTestId('wagmi-calls-receipts')).toHaveText('2')
  await expect(page.getByTestId('wagmi-calls-error')).toHaveCount(0)
  // On the chain: each receiver got its own transfer, exactly once (the rejected batch sent nothing).
  expect(await Promise.all(receivers.map(weiOf))).toEqual([parseEther('0.25'), parseEther('0.5')])
  expect(payer - (await weiOf(ACCOUNT_0))).toBeGreaterThanOrEqual(parseEther('0.75'))
  await setFirstWalletAutoApprove(page, true)
}

/** The receivers of a `wallet_sendCalls` request's calls, in order, as the wallet received them. */
function receiversOf(params: unknown): Address[] {
  const [request] = params as [{ calls: Array<{ to: Address }> }]
  return request.calls.map((call) => call.to)
}

/** An account's balance on the run's anvil, in wei. */
async function weiOf(address: Address): Promise<bigint> {
  return createPublicClient({ transport: http(rpcUrl), cacheTime: 0 }).getBalance({ address })
}
