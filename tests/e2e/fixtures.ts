/**
 * Helpers of the end-to-end specs: a clean demo page, the dev wallet's approval panel, and the real
 * balances read from the anvil chains of the e2e stack (ports and URLs: ./stack.ts).
 */
import { expect, test as base, type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test'
import { createPublicClient, createTestClient, http, parseEther, type Address, type TransactionReceipt } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { devTetherTokenAbi, devTokenAbi } from '../../dev/tokens/artifacts.ts'
import { DEV_TETHER_ADDRESS, DEV_TOKEN_ADDRESS } from '../../dev/tokens/tokens.ts'
import { untilSettled } from './settle.ts'
import { API_URL, RPC, SECURE_SITE_URL } from './stack.ts'
import { createEmailSession, emailStorage, gotoWithStorage, gotoWithStoredSession, type ConnectedSession, type ConnectedStart, type EmailSession } from './connected-start.ts'
import { TestFailure } from '../harness/failures.ts'
import { modalTrailScript, tellModalTrail } from './modalTrail.ts'

/** Anvil dev accounts 0 and 1 (the dev wallet's 'Account' select, indices 0 and 1). */
export const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const
export const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const

/** Axe scans (./axe.ts). */
export { axeFor, describeViolations, expectNoAxeViolations } from './axe.ts'

/** The two chains of the e2e stack, by chain id; the reference API server (./stack.ts). */
export { API_URL, RPC } from './stack.ts'
export type DevChainId = keyof typeof RPC

// No response cache (viem keeps `eth_blockNumber` 4 s by default): the chains change under the tests.
const publicClients = {
  31337: createPublicClient({ transport: http(RPC[31337]), cacheTime: 0 }),
  31338: createPublicClient({ transport: http(RPC[31338]), cacheTime: 0 }),
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

/**
 * A plain balance (`'10000.000'`, the state's value) as the modal, the page's buttons and the demo's card show it to an
 * en-US visitor (Chromium's default locale): the integer part grouped by thousands, the fraction's trailing zeros
 * trimmed (`'10,000'`, `'1.25'`). Written with regular expressions, independently of the product's formatter.
 */
export function grouped(plain: string): string {
  const [whole = '', fraction = ''] = plain.split('.')
  const text = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const kept = fraction.replace(/0+$/, '')
  return kept ? `${text}.${kept}` : text
}

/** Sets a native balance on a dev chain (`anvil_setBalance`), so a test can tell balances apart. */
export async function setAnvilBalance(address: Address, ether: string, chainId: DevChainId = 31337): Promise<void> {
  await setAnvilBalanceWei(address, parseEther(ether), chainId)
}

/** Sets a native balance on a dev chain in wei (`anvil_setBalance`), e.g. to restore one read with {@link anvilBalanceWei}. */
export async function setAnvilBalanceWei(address: Address, wei: bigint, chainId: DevChainId = 31337): Promise<void> {
  const client = createTestClient({ mode: 'anvil', transport: http(RPC[chainId]) })
  await client.setBalance({ address, value: wei })
}

/**
 * Removes an account's code on a dev chain (`anvil_setCode` to empty): an EOA delegated through EIP-7702 (the dev
 * wallet's atomic batches) is a plain account again, as the other specs of the worker expect dev account 0 to be.
 */
export async function clearAnvilCode(address: Address, chainId: DevChainId = 31337): Promise<void> {
  const client = createTestClient({ mode: 'anvil', transport: http(RPC[chainId]) })
  await client.setCode({ address, bytecode: '0x' })
}

/** A fresh random EVM address (checksummed): a receiver no test has used, whose balances start at 0. */
export function freshAddress(): Address {
  return privateKeyToAccount(generatePrivateKey()).address
}

/** The two dev ERC-20 tokens of the e2e chains (dev/tokens), by symbol. */
export type DevTokenSymbol = 'DEV' | 'dUSDT'

/**
 * The real ERC-20 balance of `holder` on a dev chain, in the token's smallest unit: `balanceOf` read with the
 * token's own ABI (dUSDT's `transfer` returns nothing, so the standard ERC-20 ABI is not used for it).
 */
export async function anvilTokenBalance(symbol: DevTokenSymbol, holder: Address, chainId: DevChainId = 31337): Promise<bigint> {
  const client = publicClients[chainId]
  return symbol === 'DEV'
    ? client.readContract({ address: DEV_TOKEN_ADDRESS, abi: devTokenAbi, functionName: 'balanceOf', args: [holder] })
    : client.readContract({ address: DEV_TETHER_ADDRESS, abi: devTetherTokenAbi, functionName: 'balanceOf', args: [holder] })
}

/**
 * The USD price of ETH or a dev token on a dev chain, as the reference server answers it (`/v1/fungible/price`: the
 * exchange's pool reserves against dUSDT, dev/dex). Swaps move it, so tests read it rather than assume the seed
 * prices (ETH 3000, DEV 1.5, dUSDT 1).
 */
export async function apiTokenPrice(symbol: 'ETH' | DevTokenSymbol, chainId: DevChainId = 31337): Promise<number> {
  const address = symbol === 'ETH' ? '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' : symbol === 'DEV' ? DEV_TOKEN_ADDRESS : DEV_TETHER_ADDRESS
  const response = await fetch(`${API_URL}/blockchain/v1/fungible/price`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ currency: 'usd', projectId: 'e2e', addresses: [`eip155:${chainId}:${address}`] }),
  })
  const { fungibles } = (await response.json()) as { fungibles: Array<{ price: number }> }
  const price = fungibles[0]?.price
  if (price === undefined) throw new TestFailure(`The reference server does not price ${symbol} on chain ${chainId}`)
  return price
}

/** The latest block number of a dev chain (a mark to look for transactions mined after it). */
export function anvilBlockNumber(chainId: DevChainId = 31337): Promise<bigint> {
  return publicClients[chainId].getBlockNumber()
}

/**
 * The receipts of the transactions sent by `from` in the blocks after `after` (anvil mines one block per
 * transaction), oldest first. The fee a sender paid is `gasUsed * effectiveGasPrice` of its receipt, in wei.
 */
export async function anvilTransactionsFrom(from: Address, after: bigint, chainId: DevChainId = 31337): Promise<TransactionReceipt[]> {
  const client = publicClients[chainId]
  const latest = await client.getBlockNumber()
  const receipts: TransactionReceipt[] = []
  for (let n = after + 1n; n <= latest; n++) {
    const block = await client.getBlock({ blockNumber: n, includeTransactions: true })
    for (const tx of block.transactions) {
      if (tx.from.toLowerCase() === from.toLowerCase()) receipts.push(await client.getTransactionReceipt({ hash: tx.hash }))
    }
  }
  return receipts
}

/** `0xf39F…2266`: how the modal truncates an address. */
export function truncated(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`
}

/**
 * A phone as the specs drive one in Chromium (`test.use(phoneProfile)`): an iPhone's viewport, touch and mobile Safari
 * user agent, so the modal takes its phone platform from the user agent as on a real phone (ui/core/platform.ts).
 */
export const phoneProfile = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
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
  // The dev wallet's dock is the test's stand-in for a wallet's own window, not the product under test. On a phone,
  // while the modal is open, it refits above the dialog every few frames as the dialog's height animates, so a mouse
  // click at the button's coordinates can land beside it after it moved (seen under load: the request stayed
  // pending). The click event goes to the button itself.
  await request.getByRole('button', { name: action, exact: true }).dispatchEvent('click')
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
 * modal's keys ('@latchkey/…'). A test's page starts in a browser context of its own with empty storage, so its first
 * load is clean as it is; a page that has shown something already (a second call in one test) is loaded again with
 * its top frame's storage (local and session) emptied before the page's first script, in one load (a script added for
 * that navigation only, as the connected start seeds its storage). Later reloads in the test keep storage (the
 * reload-restores test relies on it). `path` may carry the demo's query parameters (`/?featured=id1,id2`, `/?exclude=id`).
 */
export async function openCleanDemo(page: Page, path = '/'): Promise<void> {
  if (page.url() === 'about:blank') await page.goto(path)
  else {
    const clearing = await page.addInitScript(() => {
      if (window !== window.top) return
      localStorage.clear()
      sessionStorage.clear()
    })
    try {
      await page.goto(path)
    } finally {
      await clearing.dispose()
    }
  }
  await expect(connectButton(page)).toBeVisible()
  await expect(liveState(page).status).toHaveText('disconnected')
  // The EVM dev wallet's panel is in the dock. Wide screens show the dock as a column; narrower ones (phones) as a bar,
  // collapsed, whose panels a pending request brings up (dev/dock.ts), so there the panel is in the page but hidden.
  await expect(walletPanel(page)).toBeAttached()
  if (await walletDockToggle(page).isVisible()) await expect(walletDockToggle(page)).toHaveAttribute('aria-expanded', 'false')
  else await expect(walletPanel(page)).toBeVisible()
}

/** The dev wallets' dock's toggle: shown on narrow screens only, where the dock is a bar at the bottom. */
export function walletDockToggle(page: Page): Locator {
  return page.getByTestId('dev-wallet-dock-toggle')
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

/** A behaviour of the reference server (dev/api/server.ts `ApiBehaviour`). */
export type ApiBehaviour =
  | { mode: 'normal' }
  | { mode: 'slow'; delayMs: number; paths?: string[] }
  | { mode: 'status'; status: number; paths?: string[] }
  | { mode: 'malformed'; paths?: string[] }
  | { mode: 'garbage'; paths?: string[] }

/** Switches the reference server's behaviour (`POST /__control`); it applies from the next request on. */
export async function setApiBehaviour(request: APIRequestContext, behaviour: ApiBehaviour): Promise<void> {
  const response = await request.post(`${API_URL}/__control`, { data: behaviour })
  expect(response.ok(), `POST /__control ${JSON.stringify(behaviour)}: HTTP ${response.status()} ${await response.text()}`).toBe(true)
}

/** A wallet of the reference server's catalogue, as far as the specs read it. */
export type DirectoryWallet = { id: string; name: string; rdns?: string | null; order?: number | null }

/**
 * Looks a wallet up by its exact name in the reference server's catalogue (`/directory/getWallets?search=`).
 *
 * @throws (fails the test) when no wallet has exactly that name.
 */
export async function directoryWallet(request: APIRequestContext, name: string): Promise<DirectoryWallet> {
  const query = new URLSearchParams({ page: '1', entries: '5', search: name, st: 'appkit', sv: 'test', projectId: 'e2e' })
  const response = await request.get(`${API_URL}/directory/getWallets?${query}`)
  expect(response.ok(), `getWallets?search=${name}: HTTP ${response.status()}`).toBe(true)
  const { data } = (await response.json()) as { data: DirectoryWallet[] }
  const wallet = data.find((w) => w.name === name)
  if (!wallet) throw new TestFailure(`No wallet named '${name}' in the reference catalogue (got ${data.map((w) => w.name).join(', ') || 'none'})`)
  return wallet
}

/** Is this a request of the page to the directory's `getWallets`? */
export function isGetWallets(request: Request): boolean {
  return request.url().startsWith(`${API_URL}/directory/getWallets`)
}

/** The query of every `/directory/getWallets` request the page makes from now on, in order. */
export function recordGetWallets(page: Page): URLSearchParams[] {
  const seen: URLSearchParams[] = []
  page.on('request', (request) => {
    if (isGetWallets(request)) seen.push(new URL(request.url()).searchParams)
  })
  return seen
}

/** The scrolling container of AllWallets' virtual list. */
export function walletList(page: Page): Locator {
  return dialog(page, 'All Wallets').getByTestId('wallet-list')
}

/**
 * Opens Connect, then All Wallets; returns the 'All Wallets' dialog. Connect's list grows when the catalogue's first
 * page arrives (its featured wallets come in above All Wallets): the click waits until the dialog is at rest, so it
 * lands on the row it names.
 */
export async function openAllWallets(page: Page): Promise<Locator> {
  const connect = await openConnectDialog(page)
  await untilSettled(page)
  await connect.getByRole('button', { name: 'All Wallets', exact: true }).click()
  const all = dialog(page, 'All Wallets')
  await expect(all).toBeVisible()
  await expect(all.getByRole('searchbox', { name: 'Search wallet', exact: true })).toBeVisible()
  return all
}

/** A row of the virtual list as it is in the DOM: its 1-based position among all rows, and the wallet's name. */
export type RenderedRow = { position: number; of: number; name: string; installed: boolean }

/** The rows the virtual list has in the DOM now, in list order. */
export function renderedRows(page: Page): Promise<RenderedRow[]> {
  return walletList(page)
    .locator('li')
    .evaluateAll((items) =>
      items
        .map((li) => {
          const button = li.querySelector('button')
          return {
            position: Number(li.getAttribute('aria-posinset')),
            of: Number(li.getAttribute('aria-setsize')),
            name: button?.querySelector('.lk-row-name')?.textContent ?? '',
            installed: Boolean(button && !button.hasAttribute('data-wallet-id')),
          }
        })
        .sort((a, b) => a.position - b.position),
    )
}

/** The number of rows of the virtual list (installed + catalogue), read from `aria-setsize`; 0 without a list. */
export async function listSize(page: Page): Promise<number> {
  return (await renderedRows(page))[0]?.of ?? 0
}

/** Scrolls the virtual list to its end (the list's scroll handler runs as for a visitor's scroll). */
export async function scrollListToEnd(page: Page): Promise<void> {
  await walletList(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
}

/** A {@link ConnectedStart} on the demo, optionally at `path` (the demo's query parameters: `/?theme=dark`). */
export type DemoConnectedStart = ConnectedStart & { path?: string }

/**
 * Opens the demo already connected (a stored session, see tests/e2e/connected-start.ts) and waits until the modal has
 * restored it through its own reconnect: the page shows the account, no wallet request is pending, no dialog is open.
 *
 * @returns the session the page restored (its namespace, CAIP-2 network and address).
 * @throws ConnectedStartError for an account or chain the development wallets do not have.
 */
export async function openConnected(page: Page, start: DemoConnectedStart = {}): Promise<ConnectedSession> {
  const { path = '/', ...who } = start
  const session = await gotoWithStoredSession(page, who, path)
  // The restore waits for the lazy core and the wallet's announcement: seconds on a loaded machine (the same budget as
  // a login's arrival in {@link emailLogin}).
  await expect(liveState(page).status).toHaveText('connected', { timeout: 30_000 })
  await expect(liveState(page).network).toHaveText(session.caipNetworkId)
  if (session.address) await expect(liveState(page).address).toHaveText(session.address)
  await expect(accountButton(page).address).toBeVisible()
  await expect(anyDialog(page)).toHaveCount(0)
  await expect(walletPanel(page)).toBeAttached()
  return session
}

/**
 * Opens the demo with an email user (the embedded wallet) already signed in: the user signs in on the secure site
 * through its API ({@link createEmailSession}: no modal, no Connect), the page opens with that session stored (the
 * modal's keys, the secure frame's session and device), and the modal restores it through its own reconnect of the
 * auth connector. Waits until the page shows the embedded wallet's address.
 *
 * @returns the email session (email, device id, JWT, the embedded wallet's address).
 */
export async function openConnectedEmail(page: Page, options: { path?: string; chainId?: 31337 | 31338; email?: string } = {}): Promise<EmailSession> {
  const session = await createEmailSession(SECURE_SITE_URL, options.email)
  await gotoWithStorage(page, emailStorage(session, SECURE_SITE_URL, options.chainId), options.path ?? '/', async () => {
    await expect(liveState(page).status).toHaveText('connected', { timeout: 30_000 })
  })
  await expect(liveState(page).address).toHaveText(session.address)
  await expect(accountButton(page).address).toBeVisible()
  await expect(anyDialog(page)).toHaveCount(0)
  return session
}

/**
 * The fixtures of the specs.
 * - `demo`: a clean demo page, disconnected (see {@link openCleanDemo}); for journeys whose subject is connecting.
 * - `connectedPage(start?)`: the demo opened already connected (see {@link openConnected}), for journeys whose
 *   subject comes after connecting: `const page = await connectedPage({ namespace: 'eip155', account: 1, chainId: 31338 })`.
 *   Defaults: EVM, dev account 0 (`ACCOUNT_0`), chain 31337. Call it once per test.
 * - `connectedEmailPage(options?)`: the demo opened with a fresh email user signed in (see {@link openConnectedEmail}).
 * - `page` is Playwright's, following the modal's trail: a failed test prints its last events (./modalTrail.ts).
 */
export const test = base.extend<{
  demo: Page
  connectedPage: (start?: DemoConnectedStart) => Promise<Page>
  connectedEmailPage: (options?: { path?: string; chainId?: 31337 | 31338; email?: string }) => Promise<{ page: Page; session: EmailSession }>
}>({
  page: async ({ page }, use, testInfo) => {
    await page.addInitScript(modalTrailScript)
    await use(page)
    await tellModalTrail(page, testInfo)
  },
  demo: async ({ page }, use) => {
    await openCleanDemo(page)
    await use(page)
  },
  connectedPage: async ({ page }, use) => {
    await use(async (start = {}) => {
      await openConnected(page, start)
      return page
    })
  },
  connectedEmailPage: async ({ page }, use) => {
    await use(async (options = {}) => ({ page, session: await openConnectedEmail(page, options) }))
  },
})

export { expect }
export { connectedSession, ConnectedStartError, type ConnectedSession, type ConnectedStart, type EmailSession } from './connected-start.ts'

/** Back to the reference server's start (`POST /__control/reset`): normal mode, no events, SIWX nonces and sessions forgotten. */
export async function resetApi(request: APIRequestContext): Promise<void> {
  const response = await request.post(`${API_URL}/__control/reset`)
  expect(response.ok(), `POST /__control/reset: HTTP ${response.status()} ${await response.text()}`).toBe(true)
}

/** The names of the analytics events the reference server received (`GET /__control/events`), oldest first. */
export async function analyticsEventNames(request: APIRequestContext): Promise<string[]> {
  const response = await request.get(`${API_URL}/__control/events`)
  expect(response.ok(), `GET /__control/events: HTTP ${response.status()}`).toBe(true)
  return ((await response.json()) as Array<{ props: { event: string } }>).map((e) => e.props.event)
}

/** The toast (a live region in the modal's shadow root, rendered whether the modal is open or not) showing `message`. */
export function toast(page: Page, message: string): Locator {
  return page.getByRole('status').getByText(message, { exact: true })
}

/** A SIWX session as the default config stores it under `@latchkey/siwx_auth_token` (services/siwxSessions.ts). */
export type StoredSiwxSession = {
  data: { accountAddress: string; chainId: string; domain: string; uri: string; nonce: string; serializedMessage: string }
  message: string
  signature: `0x${string}`
  token: string
}

/** The SIWX sessions stored in the page's localStorage (`@latchkey/siwx_auth_token`); `null` when the key is absent. */
export function storedSiwxSessions(page: Page): Promise<StoredSiwxSession[] | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('@latchkey/siwx_auth_token')
    return raw === null ? null : (JSON.parse(raw) as StoredSiwxSession[])
  })
}

/** The reference server's answer to `GET /siwx/v1/session` with `token` as bearer: its status and body. */
export async function siwxServerSession(request: APIRequestContext, token: string): Promise<{ status: number; body: unknown }> {
  const response = await request.get(`${API_URL}/siwx/v1/session`, { headers: { Authorization: `Bearer ${token}` } })
  return { status: response.status(), body: await response.json().catch(() => undefined) }
}

/**
 * Logs a fresh email (`<prefix>-<time>-<random>@example.com`) in through Connect and the mailed device link (a new
 * device: VERIFY_DEVICE); resolves with the embedded wallet's address once the account button shows its balance.
 */
export async function emailLogin(page: Page, prefix: string): Promise<Address> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`
  const connect = await openConnectDialog(page)
  await connect.getByRole('textbox', { name: 'Email' }).fill(email)
  await connect.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(connect.getByText('Approve this device')).toBeVisible({ timeout: 30_000 })
  let link: string | undefined
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`${SECURE_SITE_URL}/mailbox/messages?to=${encodeURIComponent(email)}`)
        link = ((await res.json()) as { messages: Array<{ link?: string }> }).messages.find((m) => m.link)?.link
        return link
      },
      { timeout: 20_000 },
    )
    .toBeTruthy()
  await page.request.get(link!)
  await expect(accountButton(page).address).toBeVisible({ timeout: 30_000 })
  await expect(accountButton(page).balance).toContainText('ETH', { timeout: 20_000 })
  return (await page.evaluate(() => (window as any).latchkey.getState().account.address as string)) as Address
}
