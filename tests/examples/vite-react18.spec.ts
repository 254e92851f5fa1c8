import { connectDevWallet, expect, expectFocusReturns, expectRealBalance, setBalance, test } from './fixtures.ts'

test('vite-react18: a React 18.2 app connects the dev wallet on anvil and shows the real balance', async ({ openExample, pageErrors }) => {
  await setBalance('818.2181')
  const page = await openExample('vite-react18')
  // One React: the page's own (18.x), not a second copy inside latchkey (peer dependency).
  expect(await page.evaluate(() => document.getElementById('root')?.dataset.reactVersion)).toMatch(/^18\./)
  await connectDevWallet(page)
  await expectRealBalance(page)
  await expectFocusReturns(page)
  expect(pageErrors).toEqual([])
})
