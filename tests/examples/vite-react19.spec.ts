import { createPublicClient, http, parseEther } from 'viem'
import { ACCOUNT_1, connectDevWallet, expect, expectFocusReturns, expectRealBalance, setBalance, test } from './fixtures.ts'

const rpcUrl = process.env.LATCHKEY_EXAMPLES_RPC ?? 'http://127.0.0.1:8545'
const chain = createPublicClient({ transport: http(rpcUrl), cacheTime: 0 })

test('vite-react19: the stock Vite + React 19 app connects the dev wallet on anvil and shows the real balance', async ({ openExample, pageErrors }) => {
  await setBalance('1234.5678')
  const page = await openExample('vite-react19')
  await connectDevWallet(page)
  await expectRealBalance(page)
  await expectFocusReturns(page)
  expect(pageErrors).toEqual([])
})

test('vite-react19: usePay asks for 0.01 ETH, the dev wallet pays it on anvil, status and result follow, reset forgets them', async ({ openExample }) => {
  // `?rpc=`: the modal reads the payment's balances and fee on the run's anvil (the app's network node).
  const page = await openExample('vite-react19', `/?rpc=${encodeURIComponent(rpcUrl)}`)
  await connectDevWallet(page)
  const status = page.getByTestId('example-pay-status')
  await expect(status).toHaveText('idle')
  const before = await chain.getBalance({ address: ACCOUNT_1 })
  await page.getByRole('button', { name: 'Pay for the order (0.01 ETH)' }).click()
  const pay = page.getByRole('dialog', { name: 'Pay', exact: true })
  await expect(pay.getByTestId('pay-memo')).toHaveText('Order #1')
  await expect(status).toHaveText('pending')
  // The dev wallet approves by itself: one transfer, success once its receipt is in.
  await pay.getByRole('button', { name: 'Pay 0.01 ETH' }).click()
  await expect(pay.getByText('Payment complete')).toBeVisible({ timeout: 30_000 })
  await expect(status).toHaveText('success')
  const txHash = (await page.getByTestId('example-pay-tx').textContent()) as `0x${string}`
  const tx = await chain.getTransaction({ hash: txHash })
  expect({ to: tx.to, value: tx.value }).toEqual({ to: ACCOUNT_1.toLowerCase(), value: parseEther('0.01') })
  expect(await chain.getBalance({ address: ACCOUNT_1 })).toBe(before + parseEther('0.01'))
  await pay.getByRole('button', { name: 'Done' }).click()
  await expect(pay).toBeHidden()
  await page.getByRole('button', { name: 'Reset' }).click()
  await expect(status).toHaveText('idle')
  await expect(page.getByTestId('example-pay-tx')).toHaveCount(0)
  // Closing the modal before paying resolves cancelled.
  await page.getByRole('button', { name: 'Pay for the order (0.01 ETH)' }).click()
  await expect(pay.getByRole('button', { name: 'Pay 0.01 ETH' })).toBeEnabled()
  await page.keyboard.press('Escape')
  await expect(status).toHaveText('cancelled')
  await expect(page.getByTestId('example-pay-reason')).toHaveText('The payment was cancelled.')
})
