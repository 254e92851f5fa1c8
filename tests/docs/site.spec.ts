/**
 * The built documentation site in Chromium: the home page, a guide with its type-checked sample, the local search
 * finding the WalletConnect guide (each without an axe violation), the generated API page of createModal, the
 * architecture page's statecharts drawn from the machines, and llms.txt and llms-full.txt.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'

const site = () => process.env.DOCS_URL ?? ''

/** WCAG 2.2 A and AA: VitePress's home layout has no main landmark, which axe's best practices (not WCAG) ask for. */
const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(wcag).setLegacyMode(true).analyze()
  const described = violations.map((v) => `${v.id}: ${v.help}\n${v.nodes.map((n) => `    at ${JSON.stringify(n.target)}`).join('\n')}`).join('\n')
  expect(violations, `axe violations on ${what}:\n${described}`).toEqual([])
}

test('the home page, a guide with its sample, the search finding WalletConnect, the API page of createModal and the statecharts, axe-clean', async ({ page }) => {
  await page.goto(`${site()}/`)
  await expect(page.getByRole('heading', { level: 1, name: 'latchkey' })).toBeVisible()
  await expectNoAxeViolations(page, 'the home page')

  await page.getByRole('link', { name: 'Get started' }).first().click()
  await expect(page).toHaveURL(/\/getting-started\/$/)
  await page.getByRole('link', { name: 'Pay', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Pay' })).toBeVisible()
  // The sample included from docs/snippets/pay.ts, its region markers left out.
  await expect(page.locator('pre').filter({ hasText: 'const result = await modal.pay({' })).toBeVisible()
  await expect(page.getByText('#region')).toHaveCount(0)
  await expectNoAxeViolations(page, 'the Pay guide')

  await page.getByRole('button', { name: 'Search' }).click()
  await page.getByRole('searchbox').fill('WalletConnect')
  const result = page.getByRole('option').filter({ hasText: 'Mobile wallets (WalletConnect)' }).first()
  await expect(result).toBeVisible()
  await result.click()
  await expect(page).toHaveURL(/\/guide\/walletconnect/)
  await expect(page.getByRole('heading', { level: 1, name: 'Mobile wallets (WalletConnect)' })).toBeVisible()

  // The API reference generated from the TSDoc: createModal with its docstring.
  await page.goto(`${site()}/api/latchkey`)
  await expect(page.getByRole('heading', { level: 1, name: 'latchkey' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'createModal()' })).toBeVisible()

  // The architecture page shows every machine's chart, drawn when the site was built (dev/docsCharts.tsx): the root's loads.
  await page.goto(`${site()}/contributing/architecture`)
  await expect(page.getByRole('heading', { level: 2, name: 'The statecharts' })).toBeVisible()
  const rootChart = page.getByRole('img', { name: 'Statechart of root' })
  await rootChart.scrollIntoViewIfNeeded()
  await expect.poll(() => rootChart.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  expect(await page.getByRole('img', { name: /^Statechart of / }).count()).toBeGreaterThan(30)

  // llms.txt lists the pages; llms-full.txt holds them with their samples written in.
  expect(await (await page.request.get(`${site()}/llms.txt`)).text()).toContain('- [Mobile wallets (WalletConnect)](/guide/walletconnect)')
  const full = await (await page.request.get(`${site()}/llms-full.txt`)).text()
  expect(full).toContain('const result = await modal.pay({')
  expect(full).not.toContain('<<< @/snippets')
})
