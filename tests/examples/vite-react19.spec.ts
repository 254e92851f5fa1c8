import { createPublicClient, http, parseEther } from 'viem'
import { compileHintComment } from '../../ui/vite.ts'
import { ACCOUNT_1, connectDevWallet, expect, expectFocusReturns, expectRealBalance, setBalance, test } from './fixtures.ts'

const rpcUrl = process.env.LATCHKEY_EXAMPLES_RPC ?? 'http://127.0.0.1:8545'
const chain = createPublicClient({ transport: http(rpcUrl), cacheTime: 0 })

test('vite-react19: the stock Vite + React 19 app connects the dev wallet on anvil and shows the real balance', async ({ openExample, pageErrors, page: tab }) => {
  await setBalance('1234.5678')
  // latchkey/vite's compile hint (vite.config.ts): on the first line of the first opening's chunks, not of the page's entry.
  const scripts: Array<Promise<{ url: string; firstLine: string }>> = []
  tab.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.push(response.text().then((text) => ({ url: response.url(), firstLine: text.split('\n', 1)[0] ?? '' })))
  })
  const page = await openExample('vite-react19')
  const entry = await page.locator('script[type=module][src]').first().getAttribute('src')
  await connectDevWallet(page)
  const fetched = await Promise.all(scripts)
  const hinted = fetched.filter((s) => s.firstLine === compileHintComment).map((s) => new URL(s.url).pathname)
  expect(
    hinted.some((path) => /firstOpen-[\w-]+\.js$/.test(path)),
    `hinted: ${hinted.join(', ')}`,
  ).toBe(true)
  expect(hinted.length).toBeGreaterThanOrEqual(2)
  expect(hinted).not.toContain(new URL(entry!, page.url()).pathname)
  await expectRealBalance(page)
  await expectFocusReturns(page)
  // Without ?latchkey-inspect the page has no inspector.
  await expect(page.locator('latchkey-inspector')).toHaveCount(0)
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

test('vite-react19: latchkey/inspect from the tarball docks on ?latchkey-inspect and follows a connect and a payment sent on anvil; its export replays', async ({ openExample, pageErrors }) => {
  const offLoopback: string[] = []
  const page = await openExample('vite-react19', `/?rpc=${encodeURIComponent(rpcUrl)}&latchkey-inspect`)
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) && !['data:', 'blob:'].includes(url.protocol)) offLoopback.push(request.url())
  })
  const panel = page.locator('latchkey-inspector').getByRole('region', { name: 'latchkey inspector' })
  const tab = (name: string) => panel.getByRole('tab', { name })
  await expect(panel).toBeVisible()
  await connectDevWallet(page)
  const connection = panel.getByRole('list', { name: 'Actors' }).getByRole('button', { name: /^connection\.eip155/ })
  await expect(connection).toContainText('connected')
  await connection.click()
  await tab('Chart').click()
  await expect(panel.locator('[data-state-id="connection.connected"]')).toHaveAttribute('data-active', 'true')
  await expect(panel.getByTestId('lki-coverage')).toHaveText(/Coverage: \d+\/\d+ states, \d+\/\d+ transitions/)

  // A payment: the dev wallet sends 0.01 ETH on anvil; the inspector's sequence has the transaction's submission.
  const before = await chain.getBalance({ address: ACCOUNT_1 })
  await page.getByRole('button', { name: 'Pay for the order (0.01 ETH)' }).click()
  const pay = page.getByRole('dialog', { name: 'Pay', exact: true })
  await pay.getByRole('button', { name: 'Pay 0.01 ETH' }).click()
  await expect(pay.getByText('Payment complete')).toBeVisible({ timeout: 30_000 })
  const txHash = (await page.getByTestId('example-pay-tx').textContent()) as `0x${string}`
  expect((await chain.getTransaction({ hash: txHash })).value).toBe(parseEther('0.01'))
  expect(await chain.getBalance({ address: ACCOUNT_1 })).toBe(before + parseEther('0.01'))
  // The payment's view closed, the inspector's sequence holds the payment.
  await pay.getByRole('button', { name: 'Done' }).click()
  await expect(pay).toBeHidden()
  await tab('Sequence').click()
  const events = panel.getByRole('list', { name: 'Events in time order' })
  await expect(events.getByRole('button', { name: /pay\.confirm$/ }).first()).toBeVisible()
  const submitted = events.getByRole('button', { name: /transaction\.submitted$/ }).first()
  await submitted.click()
  await expect(panel.getByRole('region', { name: 'Snapshot before and after' })).toContainText(txHash.slice(0, 10))

  // The session exported, opened again and replayed to its last step: the connection connected in it.
  await tab('Export / Import').click()
  const download = page.waitForEvent('download')
  await panel.getByRole('button', { name: 'Download session (JSON)' }).click()
  await panel.getByLabel('Open a session file').setInputFiles(await (await download).path())
  await expect(panel).toContainText('Showing an imported session')
  await panel.getByRole('button', { name: 'Replay step by step' }).click()
  const replay = panel.getByRole('toolbar', { name: 'Replay' })
  await replay.getByRole('button', { name: 'Last step' }).click()
  await tab('Actors').click()
  await expect(panel.getByRole('list', { name: 'Actors' }).getByRole('button', { name: /^connection\.eip155/ })).toContainText('connected')
  expect(offLoopback).toEqual([])
  expect(pageErrors).toEqual([])
})
