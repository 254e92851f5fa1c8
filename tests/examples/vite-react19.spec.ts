import { connectDevWallet, expect, expectFocusReturns, expectRealBalance, setBalance, test } from './fixtures.ts'

test('vite-react19: the stock Vite + React 19 app connects the dev wallet on anvil and shows the real balance', async ({ openExample, pageErrors }) => {
  await setBalance('1234.5678')
  const page = await openExample('vite-react19')
  await connectDevWallet(page)
  await expectRealBalance(page)
  await expectFocusReturns(page)
  expect(pageErrors).toEqual([])
})
