/** The swap journeys' steps and chain reads (tests/e2e/swap*.spec.ts): the pool's reserves, the router's allowance, the form filled. */
import type { Page } from '@playwright/test'
import { createPublicClient, createWalletClient, erc20Abi, http, type Address } from 'viem'
import { devAccounts } from '../../dev/accounts.ts'
import { pairAbi, pairAddress, ROUTER_ADDRESS } from '../../dev/dex/exchange.ts'
import { ACCOUNT_0, accountButton, dialog, expect, RPC } from './fixtures.ts'

/** Chain 31337's node, read with viem. */
export const swapChain = createPublicClient({ transport: http(RPC[31337]) })
const client = swapChain
const owner = devAccounts()[0]!

/** The pool's reserves of `tokenIn` and `tokenOut` now (token0 is the lower address). */
export async function reserves(tokenIn: Address, tokenOut: Address): Promise<{ reserveIn: bigint; reserveOut: bigint }> {
  const [r0, r1] = await client.readContract({ address: pairAddress(tokenIn, tokenOut), abi: pairAbi, functionName: 'getReserves' })
  return tokenIn.toLowerCase() < tokenOut.toLowerCase() ? { reserveIn: r0, reserveOut: r1 } : { reserveIn: r1, reserveOut: r0 }
}

/** Account 0's allowance of `token` to the router set to `amount` (a fresh start for the approval tests). */
export async function setAllowance(token: Address, amount: bigint): Promise<void> {
  const wallet = createWalletClient({ account: owner, transport: http(RPC[31337]) })
  const hash = await wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'approve', args: [ROUTER_ADDRESS, amount], chain: null })
  await client.waitForTransactionReceipt({ hash })
}

export const allowance = (token: Address) => client.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [ACCOUNT_0, ROUTER_ADDRESS] })

/** Account → Swap, `amount` of the pay token (ETH, or `from` picked), `to` picked; resolves once quoted. */
export async function fillSwap(page: Page, amount: string, to: string, from?: string): Promise<void> {
  await accountButton(page).address.click()
  await dialog(page, 'Account').getByRole('button', { name: 'Swap', exact: true }).click()
  const swap = dialog(page, 'Swap')
  if (from) {
    await swap.getByRole('button', { name: /^You pay: / }).click()
    await dialog(page, 'Select Token')
      .getByRole('button', { name: new RegExp(`^${from}\\b`) })
      .first()
      .click()
  }
  await swap.getByRole('button', { name: /^You receive: / }).click()
  await dialog(page, 'Select Token')
    .getByRole('button', { name: new RegExp(`^${to}\\b`) })
    .first()
    .click()
  await swap.getByTestId('swap-amount').fill(amount)
  await expect(swap.getByRole('button', { name: 'Review swap' })).toBeEnabled({ timeout: 15_000 })
}
