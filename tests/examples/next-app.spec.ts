import { connectDevWallet, expect, exampleUrl, expectRealBalance, setBalance, test } from './fixtures.ts'

test('next-app: the App Router page is prerendered with the buttons of latchkey/react (server component)', async ({ request }) => {
  const url = exampleUrl('next-app')
  test.skip(!url, 'next-app was not built in this run')
  const response = await request.get(url!)
  expect(response.ok()).toBe(true)
  const html = await response.text()
  // The page and the client components' server markup, from the build (no window, document or storage on the server).
  expect(html).toContain('latchkey · Next.js App Router</h1>')
  expect(html).toContain('Not connected')
  expect(html).toContain('>Connect Wallet</button>')
  expect(html).toContain('aria-label="Switch network (Anvil Local)">Anvil Local</button>')
  expect(html).toContain('data-testid="latchkey-modal"')
})

test('next-app: hydrates with no mismatch, connects the dev wallet on anvil and shows the real balance', async ({ openExample, pageErrors }) => {
  await setBalance('1616.1616')
  const page = await openExample('next-app')
  await connectDevWallet(page)
  await expectRealBalance(page)
  // A reload with the stored connection: the client starts restoring ('Connecting…') where the prerendered HTML says
  // 'Connect Wallet'; hydration still sees the same markup (no mismatch) and the connection comes back.
  await page.reload()
  await expectRealBalance(page)
  expect(pageErrors).toEqual([])
})
