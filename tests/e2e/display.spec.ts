/**
 * Numbers and icons as a visitor sees them, in Chromium against the demo and the reference server:
 * fiat values only where the server prices a token (ETH, DEV, dUSDT), amounts grouped and floored, the fee in
 * significant digits, network and token icons that really load, the dapp's icon in the pairing QR code. The views'
 * pictures, light and dark, desktop and phone, are the visual spec's (visual.spec.ts).
 */
import { formatUnits } from 'viem'
import type { Locator, Page } from '@playwright/test'
import { mainnet } from '../../adapters/networks.ts'
import { ACCOUNT_0, accountButton, anvilTokenBalance, anyDialog, apiTokenPrice, connectButton, dialog, expect, expectedBalance, grouped, test } from './fixtures.ts'
import { resumeConnected, resumeDisconnected, withSharedPage } from './sharedPage.ts'

/** What the reference server answers as a balance's `value` (USD, rounded to cents), as en-US currency. */
function usd(amount: string, price: number): string {
  const value = Math.round(Number(amount) * price * 100) / 100
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value)
}

/** Every <img> under `scope` has loaded a real image (naturalWidth > 0); at least `min` of them. */
async function expectLoadedImages(scope: Locator, min: number): Promise<void> {
  const images = scope.locator('img')
  await expect.poll(() => images.count()).toBeGreaterThanOrEqual(min)
  await expect.poll(() => images.evaluateAll((list) => list.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).not.toContain(false)
}

async function openAccount(page: Page): Promise<Locator> {
  await resumeConnected(page)
  await accountButton(page).address.click()
  const account = dialog(page, 'Account')
  await expect(account).toBeVisible()
  return account
}

// These tests only look: they share one connected page (resumeConnected: Account closed on its Tokens tab, no wallet
// request, no toast, dev account 0 on chain 31337 at each start). Send, which leaves its form filled, comes last.
test.describe('on one connected page', () => {
  const shared = withSharedPage(test)

  shared('the Tokens tab shows fiat for ETH and the dev tokens (the server prices them), amounts grouped, token icons loaded; never $0.00', async ({ page }) => {
    const account = await openAccount(page)
    const panel = account.getByRole('tabpanel')
    const eth = panel.getByRole('listitem').filter({ hasText: /\d ETH\b/ })
    const ether = await expectedBalance(ACCOUNT_0)
    await expect(eth).toContainText(`${grouped(ether)} ETH`)
    await expect(eth.getByTestId('token-fiat')).toHaveText(/^\$[1-9][\d,]*\.\d\d$/)
    const dev = await anvilTokenBalance('DEV', ACCOUNT_0)
    const devRow = panel.getByRole('listitem').filter({ hasText: 'Dev Token' })
    // Priced from the exchange's pools (about 1.5 USD a DEV at the seed).
    await expect(devRow.getByTestId('token-fiat')).toHaveText(usd(formatUnits(dev, 18), await apiTokenPrice('DEV')))
    const usdt = await anvilTokenBalance('dUSDT', ACCOUNT_0)
    await expect(panel.getByRole('listitem').filter({ hasText: 'Dev Tether' }).getByTestId('token-fiat')).toHaveText(usd(formatUnits(usdt, 6), await apiTokenPrice('dUSDT')))
    await expect(panel).not.toContainText('$0.00')
    // The dev accounts hold about a million DEV: a row has little room, so from a million on the amount is compact
    // ('1.02M DEV', floored) with the exact amount, grouped, in its title; below a million it is grouped ('999,999.5 DEV').
    const milli = dev / 10n ** 15n
    const exact = `${grouped(`${milli / 1000n}.${String(milli % 1000n).padStart(3, '0')}`)} DEV`
    const devAmount = devRow.getByText(/ DEV$/)
    if (dev >= 10n ** 24n) {
      await expect(devAmount).toHaveText(/^\d{1,3}(\.\d{1,2})?M DEV$/)
      await expect(devAmount).toHaveAttribute('title', exact)
    } else await expect(devAmount).toHaveText(exact)
    // Token icons (the server's coins), no letter monograms.
    await expectLoadedImages(panel, 3)
  })

  shared('the page shows the account with an avatar and a grouped balance, the network button the network icon', async ({ page }) => {
    await resumeConnected(page)
    await expect(accountButton(page).balance).toHaveText(`${grouped(await expectedBalance(ACCOUNT_0))} ETH`)
    const networkButton = page.getByRole('button', { name: 'Switch network (Anvil Local)', exact: true })
    await expect(networkButton).toBeVisible()
    await expectLoadedImages(networkButton, 1)
  })

  shared('Receive lists the networks of the address with their icons', async ({ page }) => {
    const account = await openAccount(page)
    await account.getByRole('button', { name: 'Receive', exact: true }).click()
    const receive = dialog(page, 'Receive')
    await expect(receive).toBeVisible()
    await expectLoadedImages(receive.getByRole('list'), 5)
  })

  shared('Send: the picker prices the tokens, the preview shows the fiat value and a fee in significant digits', async ({ page }) => {
    const account = await openAccount(page)
    await account.getByRole('button', { name: 'Send', exact: true }).click()
    const send = dialog(page, 'Send')
    await expect(send.getByRole('button', { name: /^Token: ETH\b/ })).toBeVisible()
    await expect(send).toContainText(`Balance: ${grouped(await expectedBalance(ACCOUNT_0))} ETH`)
    await send.getByRole('textbox', { name: 'Amount' }).fill('0.01')
    // ETH's price from the WETH/dUSDT pool (3000 at the seed; swaps in other specs move it).
    const ethFiat = usd('0.01', await apiTokenPrice('ETH'))
    await expect(send.getByTestId('send-amount-usd')).toHaveText(ethFiat)
    await send.getByRole('textbox', { name: 'To', exact: true }).fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    await send.getByRole('button', { name: 'Review send', exact: true }).click()
    const preview = anyDialog(page)
    await expect(preview.getByTestId('send-preview-fiat')).toHaveText(`· ${ethFiat}`)
    // 21 000 gas at about a gwei: '0.000021 ETH', at most 2 significant digits, not '0.000021000000123 ETH'.
    await expect(preview.getByTestId('send-preview-fee')).toHaveText(/^0\.0*[1-9]\d? ETH$/)
  })
})

// These look at the disconnected modal: they share one clean demo page (resumeDisconnected: no dialog, no toast,
// disconnected at each start). WalletConnect, which leaves a pairing under way, comes last.
test.describe('on one disconnected page', () => {
  const shared = withSharedPage(test)

  shared('Switch Network lists every network with an icon that loaded (the directory asset images)', async ({ page }) => {
    await resumeDisconnected(page)
    await page.getByRole('button', { name: 'Switch network (Anvil Local)', exact: true }).click()
    const view = anyDialog(page)
    await expect(view).toBeVisible()
    const rows = view.getByRole('listitem')
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(7)
    const count = await rows.count()
    for (let i = 0; i < count; i++) await expectLoadedImages(rows.nth(i), 1)
    // The images are decorative: the row is named by the network's name alone.
    for (const img of await view.locator('img').all()) await expect(img).toHaveAttribute('alt', '')
  })

  shared('Connect: Latchkey Mobile (dev) shows its own mark, and a certified wallet says so in words beside the check', async ({ page }) => {
    await resumeDisconnected(page)
    await connectButton(page).click()
    const connect = dialog(page, 'Connect Wallet')
    const mobile = connect.getByRole('button', { name: 'Latchkey Mobile (dev)', exact: true })
    await expectLoadedImages(mobile, 1)
    expect(await mobile.locator('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml,/)
    await connect.getByRole('button', { name: /^All Wallets/ }).click()
    const all = dialog(page, 'All Wallets')
    const certified = all.getByRole('button', { name: 'MetaMask', exact: true })
    await expect(certified).toContainText('✓ Certified')
    await expect(certified).toHaveAccessibleDescription('Certified')
  })

  shared('WalletConnect: the row has a drawn icon (no letter) and the pairing QR code carries the dapp icon at level H', async ({ page }) => {
    await resumeDisconnected(page)
    await connectButton(page).click()
    const connect = dialog(page, 'Connect Wallet')
    const row = connect.getByRole('button', { name: 'WalletConnect', exact: true })
    await expect(row.locator('svg').first()).toBeVisible()
    await expect(row.locator('.lk-wallet-icon')).toHaveText('')
    await row.click()
    const qr = anyDialog(page).getByTestId('pairing-qr')
    await expect(qr).toBeVisible()
    await expect(qr).toHaveAttribute('data-ecc', 'H')
    await expect(qr.getByTestId('pairing-qr-icon').locator('image')).toHaveAttribute('href', /^data:image\/svg\+xml/)
  })
})

test('Switch Network: each network shows its own mark; one whose image fails shows its namespace glyph in its place', async ({ demo: page }) => {
  // Ethereum's image fails (the directory answers 503); every other network's loads.
  await page.route('**/public/getAssetImage/**', async (route) => {
    if (route.request().url().includes(`/getAssetImage/${mainnet.imageId}`)) await route.fulfill({ status: 503, body: '' })
    else await route.continue()
  })
  await page.getByRole('button', { name: 'Switch network (Anvil Local)', exact: true }).click()
  const view = anyDialog(page)
  const row = (name: string) => view.getByRole('listitem').filter({ has: page.getByRole('button', { name, exact: true }) })
  await expect(row('Ethereum').locator('[data-fallback="true"] svg')).toBeVisible()
  await expect(row('Ethereum').locator('img')).toHaveCount(0)
  // The others are images, and no two of the EVM networks draw the same picture.
  const sources: string[] = []
  for (const name of ['Arbitrum One', 'BNB Smart Chain', 'Anvil Local', 'Anvil Local 2']) {
    await expectLoadedImages(row(name), 1)
    sources.push(
      await row(name)
        .locator('img')
        .evaluate((img) => (img as HTMLImageElement).src),
    )
  }
  expect(new Set(sources).size).toBe(4)
})
