/**
 * The wagmi examples' journey (examples/wagmi-v2, examples/wagmi-v3): the modal connects the dev
 * wallet and wagmi's hooks see the same account; a transaction sent through wagmi's useSendTransaction mines on anvil
 * and the modal's balance follows; wagmi's disconnect disconnects the modal; wagmi's connect opens the modal and the
 * wallet picked there is wagmi's connection.
 */
import type { Page } from '@playwright/test'
import { ACCOUNT_0, connectDevWallet, expect, expectedBalance, expectRealBalance, grouped, setBalance, test } from './fixtures.ts'

/** The anvil run.ts started: the examples read their RPC URL from `?rpc=`. */
const rpcUrl = process.env.LATCHKEY_EXAMPLES_RPC ?? 'http://127.0.0.1:8545'

export function wagmiJourney(name: 'wagmi-v2' | 'wagmi-v3', hooks: string): void {
  test(`${name}: the modal's connection is wagmi's (${hooks}); a wagmi transaction moves the modal's balance; wagmi disconnects and connects through the modal`, async ({ openExample, pageErrors }) => {
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
