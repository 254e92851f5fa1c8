/**
 * Visual regression: every view of the modal, in light and dark, on a desktop (1280×800) and on a phone
 * (390×844, touch, mobile user agent: the bottom sheet), and the views whose height matters (Connect, Account) in short
 * desktop windows (1280×720 light and dark, 1366×768), compared with the committed baselines
 * (`visual.spec.ts-snapshots/`). A change that breaks a layout fails here; a wanted change updates the baselines with
 * `npx playwright test tests/e2e/visual.spec.ts --update-snapshots` (then look at the new images before committing).
 *
 * Each view is also scanned by axe on the phone (target sizes matter there) with its best-practice and experimental
 * rules in the light theme and its colour rules in the dark one; a view shown on the desktop only is scanned there.
 *
 * Each walk goes once for both themes: every view is shot light, switched to dark at run time and shot again
 * ({@link darkToo}).
 *
 * Only the dialog is compared. What changes from run to run is masked: amounts and fiat (the local chains are shared
 * by every spec), the pairing QR code (a new WalletConnect URI each time), the activity list. Motion is off
 * (`prefers-reduced-motion` and Playwright's `animations: 'disabled'`), so no frame is caught mid-transition.
 */
import type { APIRequestContext, Locator, Page, Route } from '@playwright/test'
import type { RunOptions } from 'axe-core'
import {
  accountButton,
  ACCOUNT_0,
  ACCOUNT_1,
  approveWalletRequest,
  API_URL,
  anyDialog,
  axeFor,
  connectButton,
  describeViolations,
  dialog,
  emailLogin,
  expect,
  liveState,
  openConnected,
  phoneProfile,
  rejectWalletRequest,
  setAnvilBalance,
  test,
  walletPanel,
  walletRequests,
} from './fixtures.ts'
import { resumeConnected, withSharedPage } from './sharedPage.ts'
import { timing } from '../../machines/timing.ts'
import { pseudoLong } from '../../ui/i18n/pseudo.ts'
import arWords from '../../ui/locales/ar.ts'

// Each test walks many views with a screenshot each (and on the phone an axe check each): longer beside another worker.
// Each test sets the balances and the state it shoots, so the tests spread over the workers rather than run in one after
// the other: the file is the suite's longest (10 tests, each view in both themes), and run last it left the other workers idle.
test.describe.configure({ mode: 'parallel', timeout: 180_000 })

type Theme = 'light' | 'dark'
type Device = 'desktop' | 'phone'

/**
 * The open dialog's shadow root holds every image of the view: wait until each has loaded (or failed to). A lazy image
 * that is not on screen (below a list's scrolled edge, so clipped by its scroller) is never fetched until it is scrolled
 * to, and is not in the screenshot: it is not waited for.
 */
async function imagesSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.querySelector('[data-testid="latchkey-modal"]')?.shadowRoot
    if (!root) return false
    const onScreen = (img: HTMLImageElement): boolean => {
      const r = img.getBoundingClientRect()
      const x = r.left + r.width / 2
      const y = r.top + r.height / 2
      if (r.width === 0 || r.height === 0 || x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false
      const hit = root.elementFromPoint(x, y)
      return hit === img || (hit !== null && img.contains(hit))
    }
    return [...root.querySelectorAll('img')].every((img) => img.complete || (img.loading === 'lazy' && !onScreen(img)))
  })
}

/**
 * Compares the open dialog with the baseline `<name>-<theme>-<device>.png`, `mask` hiding what changes between runs.
 * `toHaveScreenshot` waits until two screenshots in a row are the same, so a height transition or a list arriving has
 * settled when it compares. Axe scans the view on the phone, and on the desktop when `axeOnDesktop` (a view the phone
 * does not show).
 */
async function shoot(page: Page, title: string, name: string, theme: Theme, device: Device, mask: (dialog: Locator) => Locator[] = () => [], axeOnDesktop = false, rowsAwaited = false): Promise<void> {
  const view = dialog(page, title)
  await expect(view).toBeVisible()
  await expect(view).not.toHaveAttribute('aria-busy', 'true')
  await expect(view.getByTestId('view-skeleton')).toHaveCount(0)
  // A list's room kept for rows on their way (Connect's directory wallets) is filled or folded, unless that is the picture.
  if (!rowsAwaited) await expect(view.getByTestId('row-placeholder')).toHaveCount(0)
  await imagesSettled(page)
  const compare = async (shown: Theme) => {
    if (device === 'phone' || axeOnDesktop) await axeEveryRule(page, `${name} (${shown}, ${device})`, shown)
    await expect.soft(view).toHaveScreenshot(`${name}-${shown}-${device}.png`, {
      animations: 'disabled',
      caret: 'hide',
      mask: mask(view),
      maxDiffPixelRatio: 0.01,
    })
  }
  await compare(theme)
  if (theme === 'light' && darkToo.has(page)) {
    await showTheme(page, 'dark')
    await compare('dark')
    await showTheme(page, 'light')
  }
}

/**
 * The pages whose walk also compares every view in the dark theme: each view is shot light, the theme switched at run
 * time (`setThemeMode`, as a dapp's toggle does, with the system's scheme emulated to match), shot dark, and switched
 * back. One walk for both themes: the same gestures, chains and servers are not gone through twice.
 */
const darkToo = new WeakSet<Page>()

/** Switches the demo's modal (and the page, which follows it) to `theme`, the system's colour scheme with it. */
async function showTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme })
  await page.evaluate((mode) => (window as unknown as { latchkey: { setThemeMode(mode: Theme): void } }).latchkey.setThemeMode(mode), theme)
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
}

/** The axe rules whose result depends on the colours: the only ones a second theme can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/**
 * Accessibility beyond axe's defaults, on every view shot here, over the modal only, in one pass: the WCAG 2.x A/AA
 * rules, axe's best practices, and its experimental `label-content-name-mismatch` (an accessible name holds the
 * visible label; experimental rules run only when enabled by name). In the dark theme only {@link COLOUR_RULES}
 * run: the others read the same markup the light theme's scan read.
 *
 * Only the violations are asserted, so axe reports the other results (passes, incomplete, inapplicable) with one node
 * each (its `resultTypes`): it builds no selector and no HTML snippet for each element that passed, and less crosses
 * back to the test; every rule that ran is still listed (the same rules and violations as the full results, checked
 * on a page with violations). Measured on this file (84 scans, one worker beside other work), with axe loaded as in
 * tests/e2e/axe.ts: the scans took 27 s instead of 49–64.
 */
async function axeEveryRule(page: Page, what: string, theme: Theme): Promise<void> {
  const options: RunOptions =
    theme === 'dark'
      ? { runOnly: { type: 'rule', values: COLOUR_RULES }, resultTypes: ['violations'] }
      : { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] }, rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] }
  const results = await axeFor(page).include('[data-testid="latchkey-modal"]').options(options).analyze()
  expect.soft(results.violations, `axe on ${what}:\n${describeViolations(results.violations)}`).toEqual([])
  const ran = [...results.passes, ...results.inapplicable, ...results.incomplete, ...results.violations].map((r) => r.id)
  expect.soft(ran, `axe ran its colour rules and (light) label-content-name-mismatch on ${what}`).toEqual(expect.arrayContaining(theme === 'dark' ? ['color-contrast'] : ['color-contrast', 'label-content-name-mismatch']))
}

/** Amounts, fiat and balances in a view: the shared local chains move them between runs. */
// Masks are CSS locators (`[role="tabpanel"]`, not getByRole): a mask covers its element even at a moment when
// assistive technology does not see it, so the picture never depends on that.
const amounts = (view: Locator): Locator[] => [
  view.locator('[data-testid*="balance"]'),
  view.locator('[data-testid*="amount"]'),
  view.locator('[data-testid*="fiat"]'),
  view.locator('[data-testid*="value"]'),
  view.locator('[data-testid*="fee"]'),
]

/** The demo in `theme`, disconnected: the test's page is in a browser context of its own, with empty storage. */
async function openDemo(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme })
  await page.goto(`/?theme=${theme}`)
  await expect(connectButton(page)).toBeVisible()
  await expect(liveState(page).status).toHaveText('disconnected')
}

async function tapOrClick(target: Locator, device: Device): Promise<void> {
  if (device === 'phone') await target.tap()
  else await target.click()
}

async function disconnectedViews(page: Page, theme: Theme, device: Device): Promise<void> {
  await openDemo(page, theme)
  // Connect while the directory has not answered: its wallets' room (placeholder rows) in the list, then the list.
  const held: Route[] = []
  let answering = false
  await page.route(`${API_URL}/directory/getWallets*`, (route) => (answering ? route.continue() : void held.push(route)))
  await tapOrClick(connectButton(page), device)
  const connect = dialog(page, 'Connect Wallet')
  await expect(connect.getByRole('button', { name: 'All Wallets' })).toBeVisible()
  await expect(connect.getByTestId('row-placeholder')).toHaveCount(3)
  await shoot(page, 'Connect Wallet', 'connect-awaiting', theme, device, () => [], false, true)
  answering = true
  for (const route of held.splice(0)) await route.continue()
  await shoot(page, 'Connect Wallet', 'connect', theme, device)

  await tapOrClick(connect.getByRole('button', { name: 'New to wallets?' }), device)
  await shoot(page, 'What is a wallet?', 'what-is-a-wallet', theme, device)
  await tapOrClick(dialog(page, 'What is a wallet?').getByRole('button', { name: 'Get a wallet' }), device)
  await shoot(page, 'Get a wallet', 'get-a-wallet', theme, device)
  await tapOrClick(dialog(page, 'Get a wallet').getByRole('button', { name: 'Back', exact: true }), device)
  await tapOrClick(dialog(page, 'What is a wallet?').getByRole('button', { name: 'Back', exact: true }), device)

  await tapOrClick(dialog(page, 'Connect Wallet').getByRole('button', { name: 'All Wallets' }), device)
  const all = dialog(page, 'All Wallets')
  await expect(all.getByRole('listbox').or(all.getByRole('list')).first()).toBeVisible()
  // The search field has the focus on a desktop: its ring is part of the picture.
  await shoot(page, 'All Wallets', 'all-wallets', theme, device)
  await tapOrClick(all.getByRole('button', { name: 'Back', exact: true }), device)

  if (device === 'desktop') {
    // A directory wallet pairs over WalletConnect: its QR code (a new URI every time) is masked.
    await dialog(page, 'Connect Wallet').getByRole('button', { name: 'WalletConnect', exact: true }).click()
    await expect(page.getByTestId('pairing-qr').first()).toBeVisible()
    await shoot(page, 'WalletConnect', 'walletconnect', theme, device, (view) => [view.getByTestId('pairing-qr')], true)
    await dialog(page, 'WalletConnect').getByRole('button', { name: 'Back', exact: true }).click()
  }

  await tapOrClick(dialog(page, 'Connect Wallet').getByRole('button', { name: 'Latchkey Dev Wallet', exact: true }), device)
  await expect(walletRequests(page)).toHaveCount(1)
  await shoot(page, 'Connecting', 'connecting', theme, device)
  await rejectWalletRequest(page, 'Connect to this site?')
  await shoot(page, 'Connection declined', 'connection-declined', theme, device)
  // The hint's last line never holds one orphan word (its lines are balanced).
  const lastLineWords = await dialog(page, 'Connection declined')
    .getByText(/^Nothing was shared/)
    .evaluate((hint) => {
      const text = hint.firstChild!
      const range = document.createRange()
      const tops = [...(hint.textContent ?? '').matchAll(/\S+/g)].map((word) => {
        range.setStart(text, word.index)
        range.setEnd(text, word.index + word[0].length)
        return Math.round(range.getBoundingClientRect().top)
      })
      return tops.filter((top) => top === Math.max(...tops)).length
    })
  expect(lastLineWords, "words on the hint's last line").toBeGreaterThan(1)
  await tapOrClick(dialog(page, 'Connection declined').getByRole('button', { name: 'Close' }), device)
  await expect(anyDialog(page)).toHaveCount(0)
}

/**
 * Swap and its review, ETH → DEV for 0.1 ETH. The exchange's pools move with every spec's swaps, so the
 * quote is frozen: the reference server's real answer with a fixed `toAmount` (199.4 DEV) and price impact (0.1 %),
 * which makes the amount received, the rate and the minimum received the same on every run. The balances of the
 * token buttons (DEV moves between specs) and the network fee (the node's gas price) are masked.
 */
async function swapViews(page: Page, theme: Theme, device: Device): Promise<void> {
  await page.route('**/v1/convert/quotes**', async (route) => {
    const response = await route.fetch()
    const body = (await response.json()) as { quotes: Array<Record<string, unknown>> }
    for (const quote of body.quotes) Object.assign(quote, { toAmount: '199400000000000000000', priceImpact: 0.1 })
    await route.fulfill({ response, json: body })
  })
  await tapOrClick(dialog(page, 'Account').getByRole('button', { name: 'Swap', exact: true }), device)
  const swap = dialog(page, 'Swap')
  // Before a quote the amount received is a placeholder ('0' drawn in the muted colour), not a value.
  await expect(swap.getByTestId('swap-to-amount')).toHaveText('0')
  await expect(swap.getByTestId('swap-to-amount')).toHaveAttribute('data-placeholder', 'true')
  const [placeholder, value] = await swap.getByTestId('swap-to-amount').evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el.closest('.lk-swap-side')!).color])
  expect(placeholder).not.toBe(value)
  await tapOrClick(swap.getByRole('button', { name: /^You receive: / }), device)
  await tapOrClick(
    dialog(page, 'Select Token')
      .getByRole('button', { name: /^DEV\b/ })
      .first(),
    device,
  )
  await swap.getByTestId('swap-amount').fill('0.1')
  await expect(swap.getByRole('button', { name: 'Review swap' })).toBeEnabled({ timeout: 15_000 })
  await expect(swap.getByTestId('swap-to-amount')).toHaveText('199.4')
  await expect(swap.getByTestId('swap-to-amount')).not.toHaveAttribute('data-placeholder', 'true')
  // The amount field has the focus (typed in): its ring is part of the picture.
  const balances = (view: Locator) => [view.locator('.lk-swap-token .lk-muted')]
  await shoot(page, 'Swap', 'swap', theme, device, balances)
  await tapOrClick(swap.getByRole('button', { name: 'Review swap' }), device)
  const review = dialog(page, 'Review Swap')
  await expect(review.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled({ timeout: 15_000 })
  await shoot(page, 'Review Swap', 'swap-preview', theme, device, (view) => [view.getByTestId('swap-preview-fee')])
  await tapOrClick(review.getByRole('button', { name: 'Cancel', exact: true }), device)
  await expect(dialog(page, 'Swap')).toBeVisible()
  await tapOrClick(dialog(page, 'Swap').getByRole('button', { name: 'Back', exact: true }), device)
  await expect(dialog(page, 'Account')).toBeVisible()
  await page.unroute('**/v1/convert/quotes**')
}

async function connectedViews(page: Page, theme: Theme, device: Device): Promise<void> {
  await setAnvilBalance(ACCOUNT_0, '10000')
  // Connecting is shot by the disconnected walk: this one starts connected (a stored session the modal restores).
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme })
  // The first test of its page: loads it connected.
  await resumeConnected(page, { path: `/?theme=${theme}` })

  if (device === 'phone') {
    // The page's header keeps one row on a phone: the network button (its icon; its name in its accessible name) and the
    // account button (avatar and address) beside the page's name, inside the screen.
    const network = page.getByRole('button', { name: /^Switch network/ })
    const boxes = await Promise.all([network.boundingBox(), accountButton(page).address.locator('xpath=..').boundingBox()])
    const [net, acc] = boxes.map((b) => b!)
    expect(Math.abs(net!.y + net!.height / 2 - (acc!.y + acc!.height / 2))).toBeLessThanOrEqual(2)
    expect(acc!.x + acc!.width).toBeLessThanOrEqual(390)
    await expect(network).toHaveAccessibleName(/Anvil Local/)
  }
  await tapOrClick(accountButton(page).address, device)
  const account = dialog(page, 'Account')
  await expect(account.getByRole('tabpanel')).not.toHaveAttribute('aria-busy', 'true')
  // The token list's amounts and values move with the shared chains: the panel is masked, the frame around it is not.
  await shoot(page, 'Account', 'account', theme, device, (view) => [...amounts(view), view.locator('[role="tabpanel"]')])

  await tapOrClick(account.getByRole('button', { name: 'Receive', exact: true }), device)
  await shoot(page, 'Receive', 'receive', theme, device)
  await tapOrClick(dialog(page, 'Receive').getByRole('button', { name: 'Back', exact: true }), device)

  // Buy: the form quoted (the reference server's fixed price: nothing moves), the provider choice.
  await tapOrClick(dialog(page, 'Account').getByRole('button', { name: 'Buy', exact: true }), device)
  const buy = dialog(page, 'Buy crypto')
  await buy.getByRole('textbox', { name: 'You pay' }).fill('50')
  await expect(buy.getByTestId('onramp-total')).toHaveText('$51.25')
  await shoot(page, 'Buy crypto', 'onramp', theme, device)
  await tapOrClick(buy.getByRole('button', { name: /^Provider: / }), device)
  await shoot(page, 'Choose a provider', 'onramp-providers', theme, device)
  await tapOrClick(dialog(page, 'Choose a provider').getByRole('button', { name: 'Back', exact: true }), device)
  await tapOrClick(dialog(page, 'Buy crypto').getByRole('button', { name: 'Back', exact: true }), device)

  await swapViews(page, theme, device)

  await tapOrClick(dialog(page, 'Account').getByRole('button', { name: 'Send', exact: true }), device)
  const send = dialog(page, 'Send')
  await expect(send.getByRole('textbox', { name: 'Amount', exact: true })).toBeVisible()
  // The token row opens the token list: it has the chevron Swap's token buttons have.
  await expect(send.getByRole('button', { name: /^Token: / }).locator('svg.lk-chevron, .lk-chevron')).toHaveCount(1)
  await shoot(page, 'Send', 'send', theme, device, (view) => [...amounts(view), view.getByText(/^Balance/)])
  await send.getByRole('textbox', { name: 'Amount', exact: true }).fill('0.01')
  await send.getByRole('textbox', { name: 'To', exact: true }).fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  await tapOrClick(send.getByRole('button', { name: 'Review send', exact: true }), device)
  const preview = dialog(page, 'Review Send')
  await expect(preview.getByTestId('send-preview-fee')).not.toHaveText(/Estimating/)
  await shoot(page, 'Review Send', 'send-preview', theme, device, amounts)
  await tapOrClick(preview.getByRole('button', { name: 'Cancel', exact: true }), device)
  await expect(dialog(page, 'Send')).toBeVisible()
  await tapOrClick(dialog(page, 'Send').getByRole('button', { name: 'Back', exact: true }), device)

  await tapOrClick(dialog(page, 'Account').getByRole('button', { name: /^Switch network/ }), device)
  // The list starts right under the title (no empty status line above it).
  const switchNetwork = dialog(page, 'Switch Network')
  const [titleBottom, firstRowTop] = await switchNetwork.evaluate((el) => [el.querySelector('header')!.getBoundingClientRect().bottom, el.querySelector('li')!.getBoundingClientRect().top])
  expect(firstRowTop - titleBottom).toBeLessThanOrEqual(16)
  await shoot(page, 'Switch Network', 'switch-network', theme, device)
}

/**
 * Account with the wallet switcher (multi-wallet, spec §6): the demo's two browser wallets held, the second one added
 * from Account and active. The flag is the remote config of a project of its own (`?project=`), read by no other shot.
 */
async function walletSwitcherViews(page: Page, request: APIRequestContext, theme: Theme, device: Device): Promise<void> {
  // The first test of its page (Pay's choice of wallets goes on with it): the demo's Pay panel on.
  await walletSwitcherOpen(page, request, theme, device, '&features=pay:on')
  await shoot(page, 'Account', 'account-wallets', theme, device, (view) => [...amounts(view), view.locator('[role="tabpanel"]')])
}

/**
 * The demo's two browser wallets held (the second added from Account, active) and Account open with both rows' balances
 * read. The flag is the remote config of a project of its own (`?project=`), read by no other shot. `query` adds the
 * demo's parameters (`&features=pay:on`: the demo's Pay panel, for Pay's choice of wallets on the same page).
 */
async function walletSwitcherOpen(page: Page, request: APIRequestContext, theme: Theme, device: Device, query = ''): Promise<Locator> {
  const project = 'latchkey-e2e-multi-wallet'
  const response = await request.post(`${API_URL}/__control/features`, { data: { projectId: project, features: { multiWallet: true } } })
  expect(response.ok(), await response.text()).toBe(true)
  await setAnvilBalance(ACCOUNT_0, '10000')
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme })
  await openConnected(page, { path: `/?theme=${theme}&secondWallet=1&project=${project}${query}` })
  await tapOrClick(accountButton(page).address, device)
  await tapOrClick(dialog(page, 'Account').getByRole('button', { name: 'Add wallet', exact: true }), device)
  await tapOrClick(dialog(page, 'Connect Wallet').getByRole('button', { name: 'Second Dev Wallet' }), device)
  await expect(liveState(page).address).toHaveText('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  await expect(anyDialog(page)).toHaveCount(0)
  await tapOrClick(accountButton(page).address, device)
  const account = dialog(page, 'Account')
  await expect(account.getByRole('region', { name: 'Connected wallets' }).getByRole('listitem')).toHaveCount(2)
  // Each wallet's balance read (masked: the shared chains move it), so the rows have their final height.
  await expect(account.locator('[data-testid="wallet-switcher-balance"][data-status="ready"]')).toHaveCount(2)
  await expect(account.getByRole('tabpanel')).not.toHaveAttribute('aria-busy', 'true')
  return account
}

/**
 * The switcher's held row whose balance could not be read again ('10,000 ETH · not current', muted): the first wallet
 * held (dev account 0, set to 10,000 ETH before its read), then every later read of its balance refused by the node
 * (HTTP 503, the test's route: the read fails as with a node down), the 30 s native balance time to live run on the
 * page's clock. That row's figure and wording are in the picture; the other amounts are masked.
 */
async function walletSwitcherStaleView(page: Page, request: APIRequestContext, theme: Theme, device: Device): Promise<void> {
  await page.clock.install()
  const account = await walletSwitcherOpen(page, request, theme, device)
  const held = ACCOUNT_0.toLowerCase()
  await page.route(
    (url) => url.protocol.startsWith('http') && !url.pathname.endsWith('.js'),
    async (route) => {
      const body = route.request().postData()?.toLowerCase() ?? ''
      if (route.request().method() === 'POST' && body.includes('eth_getbalance') && body.includes(held)) await route.fulfill({ status: 503, body: 'node down' })
      else await route.fallback()
    },
  )
  await page.clock.fastForward(timing.nativeBalanceTtl)
  const stale = account.locator('[data-testid="wallet-switcher-balance"][data-status="stale"]')
  await expect(stale).toHaveText('10,000 ETH · not current', { timeout: 20_000 })
  await expect(account.getByRole('tabpanel')).not.toHaveAttribute('aria-busy', 'true')
  await shoot(page, 'Account', 'account-wallets-stale', theme, device, (view) => [view.locator('[data-testid*="balance"]:not([data-status="stale"])'), ...amounts(view).slice(1), view.locator('[role="tabpanel"]')])
}

/**
 * The control is wholly in sight: inside the window, and what the page shows at its centre and near its top and bottom
 * edges is the control itself (not clipped by the dialog's scrolling part, not under its footer or another control).
 */
async function expectWhollyShown(control: Locator, what: string): Promise<void> {
  await expect(control).toBeVisible()
  const shown = await control.evaluate((el) => {
    const r = el.getBoundingClientRect()
    const root = el.getRootNode() as Document | ShadowRoot
    const x = r.left + r.width / 2
    const hits = [r.top + 2, r.top + r.height / 2, r.bottom - 2].map((y) => root.elementFromPoint(x, y))
    return r.top >= 0 && r.bottom <= window.innerHeight && hits.every((hit) => hit !== null && (hit === el || el.contains(hit)))
  })
  expect(shown, `${what} is wholly in sight`).toBe(true)
}

/**
 * Sessions (spec §3 "Smart session revocation"): an email user on its smart account, Account's Sessions with two
 * sessions. The reference API's list is answered by the test (two fixed sessions: their keys and ends are the
 * picture; a real grant's id and time would change every run).
 */
async function sessionsView(page: Page, theme: Theme, device: Device): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme })
  const pcis = [
    {
      pci: 'a1b2c3d4-0000-4000-8000-000000000001',
      expiry: 1_893_456_000,
      chainId: 'eip155:31337',
      signer: '0x1111111111111111111111111111111111111111',
      permissions: [{ type: 'native-token-recurring-allowance' }],
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    {
      pci: 'a1b2c3d4-0000-4000-8000-000000000002',
      expiry: 1_924_992_000,
      chainId: 'eip155:31337',
      signer: '0x2222222222222222222222222222222222222222',
      permissions: [{ type: 'erc20-token-recurring-allowance' }, { type: 'contract-call' }],
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  ]
  const isList = (url: URL) => url.origin === new URL(API_URL).origin && /^\/blockchain\/v1\/sessions\/[^/]+$/.test(url.pathname)
  await page.route(isList, (route) => (route.request().method() === 'GET' ? route.fulfill({ json: { pcis } }) : route.continue()))
  await page.goto(`/?theme=${theme}&accountType=smartAccount`)
  await expect(connectButton(page)).toBeVisible()
  await emailLogin(page, `visual-sessions-${theme}-${device}`)
  await expect.poll(() => page.evaluate(() => (window as any).latchkey.getState().account.preferredAccountType), { timeout: 20_000 }).toBe('smartAccount')
  await tapOrClick(accountButton(page).address, device)
  await tapOrClick(dialog(page, 'Account').getByRole('button', { name: 'Sessions', exact: true }), device)
  await expect(dialog(page, 'Sessions').getByRole('listitem')).toHaveCount(2)
  await shoot(page, 'Sessions', 'sessions', theme, device, () => [], true)
}

/**
 * Pay's choice among several wallets (spec §1 Pay, §6 multi-wallet): the demo's two browser wallets held, the second
 * (dev account 1) added from Account and active, asked for 0.5 ETH. The active one holds 0.25 ETH: its row is disabled
 * and says why; the held one (dev account 0, 10,000 ETH) pays, and the view says so. Both balances are set round just
 * before, so the rows are in the picture (their lengths set the lines); only the fee is masked. The flag is the remote
 * config of the wallet switcher's project. On the wallet switcher's page (the two wallets held, the second active, the
 * demo's Pay panel on), or, alone, loaded as that test loads it.
 */
async function payWalletsView(page: Page, request: APIRequestContext, theme: Theme, device: Device): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme })
  if (page.url() === 'about:blank') await walletSwitcherOpen(page, request, theme, device, '&features=pay:on')
  // Account closed, no wallet request, no toast, the second wallet (dev account 1) the active one.
  await resumeConnected(page, { account: 1 })
  await setAnvilBalance(ACCOUNT_0, '10000')
  await setAnvilBalance(ACCOUNT_1, '0.25')
  await page.getByLabel('Pay to').fill('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')
  await page.getByLabel('Pay amount').fill('0.5')
  await page.getByLabel('Pay in').selectOption({ label: 'ETH' })
  await tapOrClick(page.getByRole('button', { name: 'Ask for payment' }), device)
  const pay = dialog(page, 'Pay')
  await expect(pay.getByRole('radio', { checked: true })).toHaveCount(1)
  await expect(pay.getByRole('radio', { disabled: true })).toHaveCount(1)
  await expect(pay.getByTestId('pay-held-wallet')).toBeVisible()
  await expect(pay.getByRole('button', { name: 'Pay with Reference Exchange' })).toBeVisible()
  await shoot(page, 'Pay', 'pay-wallets', theme, device, (view) => [view.getByTestId('pay-fee')])
  await tapOrClick(pay.getByRole('button', { name: 'Cancel' }), device)
  await expect(anyDialog(page)).toHaveCount(0)
}

/**
 * Pay (spec §1 Pay), asked for from the demo's panel (pay on with `?features=pay:on`): the review with the dapp's note,
 * the same asked for more than the wallet holds (said before any prompt; the reference exchange offered beside the
 * wallet in both), the end after the wallet approved, the end after the exchange declined on its page, then (Choose
 * another way) the exchange's page open and followed, and its deadline passed (the page's clock moved 15 min on). On a
 * phone the exchange's page takes the demo's tab and sends it back once answered: the views are the page's after the return. The
 * balance, the fee and the hash change between runs: masked.
 */
async function payViews(page: Page, theme: Theme, device: Device): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme })
  // The page's clock is Playwright's, flowing with real time until the expiry is shot.
  await page.clock.install()
  // A round balance (masked, but its length sets the row's lines): what earlier payments of the worker left has 6 decimals.
  await setAnvilBalance(ACCOUNT_0, '10000')
  await openConnected(page, { path: `/?theme=${theme}&features=pay:on` })
  const ask = async (amount: string) => {
    await page.getByLabel('Pay to').fill(ACCOUNT_1)
    await page.getByLabel('Pay amount').fill(amount)
    await page.getByLabel('Note').fill('Order #1042: two concert tickets')
    await tapOrClick(page.getByRole('button', { name: 'Ask for payment' }), device)
    await expect(dialog(page, 'Pay').getByTestId('pay-asked')).toContainText(amount)
    await expect(dialog(page, 'Pay').getByRole('button', { name: 'Pay with Reference Exchange' })).toBeVisible()
  }
  const masked = (view: Locator) => [...amounts(view), view.getByTestId('pay-hash')]
  await ask('50000000')
  await expect(dialog(page, 'Pay').getByTestId('pay-short')).toBeVisible()
  await shoot(page, 'Pay', 'pay-short', theme, device, masked)
  await tapOrClick(dialog(page, 'Pay').getByRole('button', { name: 'Cancel' }), device)
  await expect(anyDialog(page)).toHaveCount(0)
  await ask('0.0125')
  await expect(dialog(page, 'Pay').getByRole('button', { name: 'Pay 0.0125 ETH' })).toBeEnabled()
  await shoot(page, 'Pay', 'pay-review', theme, device, masked)
  await tapOrClick(dialog(page, 'Pay').getByRole('button', { name: 'Pay 0.0125 ETH' }), device)
  await approveWalletRequest(page, 'Send transaction?')
  await expect(dialog(page, 'Pay').getByText('Payment complete')).toBeVisible({ timeout: 15_000 })
  await shoot(page, 'Pay', 'pay-success', theme, device, masked)
  await tapOrClick(dialog(page, 'Pay').getByRole('button', { name: 'Done' }), device)
  await expect(anyDialog(page)).toHaveCount(0)
  await ask('0.0125')
  // The exchange's page: a new tab on a desktop; on a phone this tab, which the exchange sends back to the demo once
  // answered (the page after the return picks the payment up from storage).
  const openExchange = async (press: Locator): Promise<Page> => {
    if (device === 'phone') {
      await tapOrClick(press, device)
      await page.waitForURL(/\/exchange\/pay\//)
      return page
    }
    const tab = page.waitForEvent('popup')
    await tapOrClick(press, device)
    const exchange = await tab
    await exchange.waitForURL(/\/exchange\/pay\//)
    return exchange
  }
  const declined = await openExchange(dialog(page, 'Pay').getByRole('button', { name: 'Pay with Reference Exchange' }))
  await declined.getByRole('button', { name: 'Decline' }).click()
  if (device === 'desktop') {
    // The answer is a form post: the tab closed before the exchange's page comes back could cancel it.
    await expect(declined.getByTestId('status')).toHaveText('failed')
    await declined.close()
  }
  await expect(dialog(page, 'Pay').getByText('The payment did not go through')).toBeVisible({ timeout: 30_000 })
  await shoot(page, 'Pay', 'pay-exchange-failed', theme, device, masked)
  await tapOrClick(dialog(page, 'Pay').getByRole('button', { name: 'Choose another way' }), device)
  const again = await openExchange(dialog(page, 'Pay').getByRole('button', { name: 'Pay with Reference Exchange' }))
  if (device === 'phone') {
    // Approved, never settling: back on the demo, the view follows the session (the desktop's tab stays unanswered).
    await again.getByLabel('It never settles').check()
    await again.getByRole('button', { name: 'Approve' }).click()
  }
  await expect(dialog(page, 'Pay').getByRole('link', { name: 'Open Reference Exchange again' })).toBeVisible({ timeout: 30_000 })
  await shoot(page, 'Pay', 'pay-exchange-waiting', theme, device, masked)
  await page.clock.fastForward('15:01')
  await expect(dialog(page, 'Pay').getByText('The payment expired')).toBeVisible({ timeout: 15_000 })
  await shoot(page, 'Pay', 'pay-exchange-expired', theme, device, masked)
}

/**
 * Batched Calls (EIP-5792), pushed over Account when the dapp sends a batch with the modal open (`latchkey.sendCalls`):
 * the wallet asked, then the wallet's partial execution (the panel reverting the second call): the call that landed
 * with its explorer link, the one that did not.
 */
async function callsViews(page: Page, theme: Theme, device: Device): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme })
  // After the connected views on their page (no dialog, no wallet request, dev account 0), or loaded connected.
  await resumeConnected(page, { path: `/?theme=${theme}` })
  // The wallet's dock is folded on a phone: its switch is set without unfolding it (the dock is not the product).
  await walletPanel(page).getByLabel('Batched calls').selectOption('partial', { force: true })
  await tapOrClick(accountButton(page).address, device)
  await expect(dialog(page, 'Account')).toBeVisible()
  // Resolves once the wallet accepts: not awaited, the view is shot while the wallet asks.
  void page
    .evaluate(
      (to) =>
        (window as any).latchkey.sendCalls({
          calls: [
            { to, value: '0x38d7ea4c68000' },
            { to, value: '0x38d7ea4c68000' },
          ],
        }),
      ACCOUNT_1,
    )
    .catch(() => {})
  const view = dialog(page, 'Batched Calls')
  await expect(view.getByTestId('calls-status')).toHaveAttribute('data-phase', 'asking')
  await shoot(page, 'Batched Calls', 'calls-asking', theme, device)
  await approveWalletRequest(page, 'Send 2 calls?')
  await expect(view.getByTestId('calls-status-heading')).toHaveText('Only some of the calls went through', { timeout: 15_000 })
  await shoot(page, 'Batched Calls', 'calls-partial', theme, device)
}

/** The short desktop windows, each with whether its views are shot dark too (1366×768: light only). */
const SHORT_WINDOWS = [
  ['1280x720', { width: 1280, height: 720 }, true],
  ['1366x768', { width: 1366, height: 768 }, false],
] as const

/**
 * Short desktop windows (1280×720, then 1366×768), on one page: the dialog is as high as its view up to the window,
 * the view scrolls inside it past that, and the primary actions stay in sight: Connect's wallets and its footer,
 * Account's Disconnect. The window is set before each opening of the modal (the dialog opens in it) and the modal is
 * closed between the two; the page is loaded once disconnected and once connected, not once per window.
 */
async function shortWindowViews(page: Page): Promise<void> {
  await openDemo(page, 'light')
  for (const [size, viewport, dark] of SHORT_WINDOWS) {
    await page.setViewportSize(viewport)
    if (dark) darkToo.add(page)
    else darkToo.delete(page)
    await connectButton(page).click()
    const connect = dialog(page, 'Connect Wallet')
    await expect(connect.getByRole('button', { name: 'All Wallets' })).toBeVisible()
    await expectWhollyShown(connect.getByRole('button', { name: 'Latchkey Dev Wallet', exact: true }), `Connect (${size}): the dev wallet`)
    await expectWhollyShown(connect.getByTestId('branding-footer'), `Connect (${size}): the footer`)
    await expectWhollyShown(connect.getByRole('button', { name: 'Close' }), `Connect (${size}): Close`)
    await shoot(page, 'Connect Wallet', `connect-${size}`, 'light', 'desktop', () => [], false)
    await connect.getByRole('button', { name: 'Close' }).click()
    await expect(anyDialog(page)).toHaveCount(0)
  }

  await setAnvilBalance(ACCOUNT_0, '10000')
  await openConnected(page, { path: '/?theme=light' })
  for (const [size, viewport, dark] of SHORT_WINDOWS) {
    await page.setViewportSize(viewport)
    if (dark) darkToo.add(page)
    else darkToo.delete(page)
    await accountButton(page).address.click()
    const account = dialog(page, 'Account')
    await expect(account.getByRole('tabpanel')).not.toHaveAttribute('aria-busy', 'true')
    await expectWhollyShown(account.getByRole('button', { name: 'Disconnect', exact: true }), `Account (${size}): Disconnect`)
    await expectWhollyShown(account.getByRole('button', { name: 'Send', exact: true }), `Account (${size}): Send`)
    await expectWhollyShown(account.getByTestId('branding-footer'), `Account (${size}): the footer`)
    // The dialog is no higher than its content: no empty band above Disconnect.
    const gap = await account.getByRole('button', { name: 'Disconnect', exact: true }).evaluate((el) => {
      const panel = (el.getRootNode() as ShadowRoot).querySelector('[role="tabpanel"]')!
      return el.getBoundingClientRect().top - panel.getBoundingClientRect().bottom
    })
    expect(gap, `Disconnect sits right under the tab panel (${size})`).toBeLessThanOrEqual(16)
    await shoot(page, 'Account', `account-${size}`, 'light', 'desktop', (view) => [...amounts(view), view.locator('[role="tabpanel"]')])
    await account.getByRole('button', { name: 'Close' }).click()
    await expect(anyDialog(page)).toHaveCount(0)
  }
}

/** Switches the demo's modal to `tag` at run time (`setLocale`, its catalogue fetched), as a dapp's language menu does. */
async function showLocale(page: Page, tag: string): Promise<void> {
  await page.evaluate((next) => (window as unknown as { latchkey: { setLocale(tag: string): Promise<void> } }).latchkey.setLocale(next), tag)
  await expect(page.getByTestId('latchkey-modal')).toHaveAttribute('lang', tag)
}

/**
 * Connect, All Wallets, the declined connection (an error view), Account, Swap and Send in right to left (Arabic) and
 * in the long pseudo-locale (en-XA: every word about 40 % longer): nothing clipped, mirrored where it should be. The
 * titles and the buttons are the catalogues' own words. The page loads in Arabic (`?locale=ar`) and switches to the
 * pseudo-locale at run time ({@link showLocale}): loaded once disconnected, once connected (a stored session).
 */
async function localeViews(page: Page, theme: Theme, device: Device): Promise<void> {
  const locales = [
    ['ar', arWords],
    ['en-XA', pseudoLong()],
  ] as const
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: theme })
  // Disconnected first (the page has no stored connection yet), then connected (a stored session).
  await page.goto(`/?theme=${theme}&locale=${locales[0][0]}`)
  await expect(liveState(page).status).toHaveText('disconnected')
  for (const [tag, words] of locales) {
    if (tag !== locales[0][0]) await showLocale(page, tag)
    await tapOrClick(page.getByRole('button', { name: words.connectButton, exact: true }).first(), device)
    await expect(page.getByTestId('latchkey-modal')).toHaveAttribute('lang', tag)
    await shoot(page, words.titles.Connect, `connect-${tag}`, theme, device)
    await tapOrClick(dialog(page, words.titles.Connect).getByRole('button', { name: words.allWallets }), device)
    const all = dialog(page, words.titles.AllWallets)
    await expect(all.getByRole('listbox').or(all.getByRole('list')).first()).toBeVisible()
    await shoot(page, words.titles.AllWallets, `all-wallets-${tag}`, theme, device)
    await tapOrClick(all.getByRole('button', { name: words.back, exact: true }), device)
    await tapOrClick(dialog(page, words.titles.Connect).getByRole('button', { name: 'Latchkey Dev Wallet', exact: true }), device)
    await expect(walletRequests(page)).toHaveCount(1)
    await rejectWalletRequest(page, 'Connect to this site?')
    await shoot(page, words.connectingTitles.declined!, `connection-declined-${tag}`, theme, device)
    await tapOrClick(dialog(page, words.connectingTitles.declined!).getByRole('button', { name: words.close }), device)
    await expect(anyDialog(page)).toHaveCount(0)
  }
  await setAnvilBalance(ACCOUNT_0, '10000')
  await openConnected(page, { path: `/?theme=${theme}&locale=${locales[0][0]}` })
  for (const [tag, words] of locales) {
    if (tag !== locales[0][0]) await showLocale(page, tag)
    await tapOrClick(accountButton(page).address, device)
    await expect(page.getByTestId('latchkey-modal')).toHaveAttribute('lang', tag)
    const account = dialog(page, words.titles.Account)
    await expect(account.getByRole('tabpanel')).not.toHaveAttribute('aria-busy', 'true')
    await shoot(page, words.titles.Account, `account-${tag}`, theme, device, (view) => [...amounts(view), view.locator('[role="tabpanel"]')])
    // Swap before a quote (its token buttons' balances move between specs: masked).
    await tapOrClick(account.getByRole('button', { name: words.swap.start, exact: true }), device)
    const swap = dialog(page, words.titles.Swap)
    await expect(swap.getByTestId('swap-to-amount')).toHaveAttribute('data-placeholder', 'true')
    await shoot(page, words.titles.Swap, `swap-${tag}`, theme, device, (view) => [view.locator('.lk-swap-token .lk-muted')])
    await tapOrClick(swap.getByRole('button', { name: words.back, exact: true }), device)
    await tapOrClick(dialog(page, words.titles.Account).getByRole('button', { name: words.send, exact: true }), device)
    const send = dialog(page, words.titles.Send)
    await expect(send.getByRole('textbox', { name: words.amount, exact: true })).toBeVisible()
    await shoot(page, words.titles.Send, `send-${tag}`, theme, device, (view) => [...amounts(view), view.locator('.lk-token-button .lk-muted')])
    await tapOrClick(send.getByRole('button', { name: words.back, exact: true }), device)
    await tapOrClick(dialog(page, words.titles.Account).getByRole('button', { name: words.close, exact: true }), device)
    await expect(anyDialog(page)).toHaveCount(0)
  }
}

// Light and dark in one walk ({@link darkToo}), except 1366×768 (light only); both windows on one page.
test.describe('short desktop windows', () => {
  test.use({ viewport: SHORT_WINDOWS[0][1] })
  test('Connect and Account keep their actions in sight in a short window (light and dark 1280x720, light 1366x768)', async ({ page }) => {
    await shortWindowViews(page)
  })
})

/**
 * The tests of one device: the connected views and the Batched Calls view on one connected page, the wallet switcher and
 * Pay's choice of wallets on one page holding the two wallets (each such pair a serial describe of its own, so the
 * pairs and the other tests still spread over the workers); the others load their own page (a clock installed, an
 * email user, the disconnected start).
 */
function deviceTests(device: Device): void {
  const both = (page: Page) => void darkToo.add(page)
  test(`the disconnected views look as they did (light and dark, ${device})`, async ({ page }) => {
    both(page)
    await disconnectedViews(page, 'light', device)
  })
  test.describe('on one connected page', () => {
    const shared = withSharedPage(test)
    shared(`the connected views look as they did (light and dark, ${device})`, async ({ page }) => {
      both(page)
      await connectedViews(page, 'light', device)
    })
    shared(`the Batched Calls view looks as it did (light and dark, ${device})`, async ({ page }) => {
      both(page)
      await callsViews(page, 'light', device)
    })
  })
  test(`the Sessions view looks as it did (light and dark, ${device})`, async ({ page }) => {
    both(page)
    await sessionsView(page, 'light', device)
  })
  test.describe('on one page holding two wallets', () => {
    const shared = withSharedPage(test)
    shared(`the wallet switcher looks as it did (light and dark, ${device})`, async ({ page, request }) => {
      both(page)
      await walletSwitcherViews(page, request, 'light', device)
    })
    shared(`the Pay view's choice of wallets looks as it did (light and dark, ${device})`, async ({ page, request }) => {
      both(page)
      await payWalletsView(page, request, 'light', device)
    })
  })
  test(`the wallet switcher's balance that is not current looks as it did (light and dark, ${device})`, async ({ page, request }) => {
    both(page)
    await walletSwitcherStaleView(page, request, 'light', device)
  })
  test(`the Pay view looks as it did (light and dark, ${device})`, async ({ page }) => {
    both(page)
    await payViews(page, 'light', device)
  })
  test(`Connect, All Wallets, an error, Account, Swap and Send in Arabic (right to left) and in the long pseudo-locale look as they did (light and dark, ${device})`, async ({ page }) => {
    both(page)
    await localeViews(page, 'light', device)
  })
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } })
  deviceTests('desktop')
})

test.describe('phone', () => {
  test.use(phoneProfile)
  deviceTests('phone')
})
