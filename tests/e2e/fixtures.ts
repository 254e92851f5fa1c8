/**
 * Helpers of the end-to-end specs: a clean demo page, the dev wallet's approval panel, and the real
 * balances read from the anvil chains the webServer started (playwright.config.ts: ports 28545 / 28546).
 */
import { expect, test as base, type Locator, type Page } from '@playwright/test'
import { createPublicClient, createTestClient, http, parseEther, type Address } from 'viem'

/** Anvil dev accounts 0 and 1 (the dev wallet's 'Account' select, indices 0 and 1). */
export const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const
export const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const

/** The two chains of the e2e stack, by chain id. */
export const RPC = {
  31337: 'http://127.0.0.1:28545',
  31338: 'http://127.0.0.1:28546',
} as const
export type DevChainId = keyof typeof RPC

const publicClients = {
  31337: createPublicClient({ transport: http(RPC[31337]) }),
  31338: createPublicClient({ transport: http(RPC[31338]) }),
}

/** The real native balance of `address` on a dev chain, in wei. */
export async function anvilBalanceWei(address: Address, chainId: DevChainId = 31337): Promise<bigint> {
  return publicClients[chainId].getBalance({ address })
}

/**
 * The real balance as the modal must show it: ether floored to 3 decimals ('10000.000', '1.234').
 * Computed in integer arithmetic, independently of the product's formatter.
 */
export async function expectedBalance(address: Address, chainId: DevChainId = 31337): Promise<string> {
  const wei = await anvilBalanceWei(address, chainId)
  const milli = wei / 10n ** 15n
  return `${milli / 1000n}.${String(milli % 1000n).padStart(3, '0')}`
}

/** Sets a native balance on a dev chain (`anvil_setBalance`), so a test can tell balances apart. */
export async function setAnvilBalance(address: Address, ether: string, chainId: DevChainId = 31337): Promise<void> {
  const client = createTestClient({ mode: 'anvil', transport: http(RPC[chainId]) })
  await client.setBalance({ address, value: parseEther(ether) })
}

/** `0xf39F…2266`: how the modal truncates an address. */
export function truncated(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`
}

/** The modal dialog named by its view title ('Connect Wallet', 'Account', 'Switch Network', …). */
export function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title, exact: true })
}

/** Any open modal dialog, whatever its title. */
export function anyDialog(page: Page): Locator {
  return page.getByRole('dialog')
}

/** The page's connect button (not the dialog's title). */
export function connectButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Connect Wallet', exact: true })
}

/** The dev wallet's pending requests (regions named 'Wallet request' in its panel). */
export function walletRequests(page: Page): Locator {
  return page.getByRole('region', { name: 'Wallet request' })
}

/** The dev wallet panel. */
export function walletPanel(page: Page): Locator {
  return page.getByTestId('dev-wallet')
}

/** The live-state fields of the demo page. */
export function liveState(page: Page) {
  return {
    status: page.getByTestId('state-status'),
    address: page.getByTestId('state-address'),
    balance: page.getByTestId('state-balance'),
    network: page.getByTestId('state-network'),
  }
}

/** The page's account button (rendered while connected). */
export function accountButton(page: Page) {
  return {
    balance: page.getByTestId('account-button-balance'),
    address: page.getByTestId('account-button-address'),
  }
}

async function settleRequest(page: Page, action: 'Approve' | 'Reject', question?: string | RegExp): Promise<void> {
  let request = walletRequests(page)
  if (question !== undefined) request = request.filter({ hasText: question })
  // Exactly one pending request is expected (a strict locator fails loudly otherwise).
  await expect(request).toHaveCount(1)
  const id = await request.getAttribute('data-request-id')
  await request.getByRole('button', { name: action, exact: true }).click()
  await expect(page.locator(`[data-request-id="${id}"]`)).toHaveCount(0)
}

/** Approves the one pending wallet request in the dev wallet panel (optionally the one with `question`). */
export function approveWalletRequest(page: Page, question?: string | RegExp): Promise<void> {
  return settleRequest(page, 'Approve', question)
}

/** Rejects the one pending wallet request in the dev wallet panel (optionally the one with `question`). */
export function rejectWalletRequest(page: Page, question?: string | RegExp): Promise<void> {
  return settleRequest(page, 'Reject', question)
}

/**
 * Opens the demo with clean storage: the dev wallet's authorisation ('latchkey-dev-wallet') and the
 * modal's keys ('@latchkey/…') are cleared once, then the page is reloaded. Later reloads in the test
 * keep storage (the reload-restores test relies on it).
 */
export async function openCleanDemo(page: Page): Promise<void> {
  await page.goto('/')
  await page.evaluate(() => localStorage.clear())
  await page.reload()
  await expect(connectButton(page)).toBeVisible()
  await expect(liveState(page).status).toHaveText('disconnected')
  await expect(walletPanel(page)).toBeVisible()
}

/** Opens the modal from the page's 'Connect Wallet' button and returns the 'Connect Wallet' dialog. */
export async function openConnectDialog(page: Page): Promise<Locator> {
  await connectButton(page).click()
  const connect = dialog(page, 'Connect Wallet')
  await expect(connect).toBeVisible()
  return connect
}

/**
 * Connects the dev wallet through the modal (open, pick 'Latchkey Dev Wallet', approve in the panel) and
 * waits until the modal has closed and the page shows the account.
 */
export async function connectDevWallet(page: Page): Promise<void> {
  const connect = await openConnectDialog(page)
  await connect.getByRole('button', { name: 'Latchkey Dev Wallet', exact: true }).click()
  await expect(dialog(page, 'Connecting')).toBeVisible()
  await approveWalletRequest(page, 'Connect to this site?')
  await expect(anyDialog(page)).toHaveCount(0)
  await expect(liveState(page).status).toHaveText('connected')
  await expect(accountButton(page).address).toBeVisible()
}

/** Is the focused element (looking through open shadow roots) inside the modal dialog? */
export function focusIsInsideDialog(page: Page): Promise<{ inside: boolean; focused: string }> {
  return page.evaluate(() => {
    let el = document.activeElement as Element | null
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement
    const host = document.querySelector('[data-testid="latchkey-modal"]')
    const dlg = host?.shadowRoot?.querySelector('[role="dialog"]')
    const describe = (e: Element | null) =>
      e ? `${e.tagName.toLowerCase()}${e.getAttribute('aria-label') ? `[aria-label="${e.getAttribute('aria-label')}"]` : ''} "${(e.textContent ?? '').trim().slice(0, 40)}"` : 'null'
    return { inside: Boolean(dlg && el && dlg.contains(el)), focused: describe(el) }
  })
}

/** Every test starts from a clean demo page (see {@link openCleanDemo}). */
export const test = base.extend<{ demo: Page }>({
  demo: async ({ page }, use) => {
    await openCleanDemo(page)
    await use(page)
  },
})

export { expect }
