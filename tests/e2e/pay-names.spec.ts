/**
 * Pay to a name (spec §1 Pay: "the recipient validated per namespace (… name resolution as Send does)"): the demo's
 * 'Ask for a payment' with a name the reference API serves (`bob.reown.id`, dev account 1), from the dev browser wallet on
 * anvil, pay on with `?features=pay:on`. The name resolves before anything opens; one that does not is refused with a
 * typed error and nothing opens. The transfer is read on anvil by its hash (dev account 1's balance is shared with other
 * journeys).
 */
import { createPublicClient, http, parseEther } from 'viem'
import { ACCOUNT_1, approveWalletRequest, dialog, expect, openConnected, RPC, test, walletRequests } from './fixtures.ts'
import { PAY_ON, requestPayment, resolved } from './paySteps.ts'

const chain = createPublicClient({ transport: http(RPC[31337]), cacheTime: 0 })

test('a name as recipient: bob.reown.id resolves to dev account 1, the Pay view names it, the ETH lands there', async ({ page }) => {
  await openConnected(page, { path: PAY_ON })
  await requestPayment(page, { to: 'bob.reown.id', amount: '0.0077', asset: 'ETH' })
  const pay = dialog(page, 'Pay')
  await expect(pay.getByTestId('pay-recipient-name')).toHaveText('bob.reown.id')
  await expect(pay.getByTestId('pay-recipient')).toHaveAttribute('title', ACCOUNT_1)
  await pay.getByRole('button', { name: 'Pay 0.0077 ETH' }).click()
  await approveWalletRequest(page, 'Send transaction?')
  await expect(pay.getByText('Payment complete')).toBeVisible({ timeout: 15_000 })
  const result = await resolved(page)
  expect(result).toMatchObject({ status: 'success', paidAmount: '0.0077' })
  const tx = await chain.getTransaction({ hash: result['txHash'] as `0x${string}` })
  expect({ to: tx.to, value: tx.value }).toEqual({ to: ACCOUNT_1.toLowerCase(), value: parseEther('0.0077') })
})

test('a name that does not resolve is refused before anything opens, with a typed error; the wallet is asked nothing', async ({ page }) => {
  await openConnected(page, { path: PAY_ON })
  await requestPayment(page, { to: 'nobody-at-all.reown.id', amount: '0.001', asset: 'ETH' })
  await expect(page.getByTestId('pay-error')).toHaveText("The recipient's name does not resolve to an address")
  await expect(dialog(page, 'Pay')).toHaveCount(0)
  await expect(walletRequests(page)).toHaveCount(0)
})
