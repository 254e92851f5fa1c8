/**
 * Connecting, disconnecting and the wallet's own events, through the demo page and the dev wallet panel.
 */
import {
  ACCOUNT_0,
  ACCOUNT_1,
  accountButton,
  anyDialog,
  approveWalletRequest,
  connectButton,
  connectDevWallet,
  dialog,
  expect,
  expectedBalance,
  grouped,
  liveState,
  openCleanDemo,
  openConnectDialog,
  rejectWalletRequest,
  setAnvilBalance,
  test,
  truncated,
  walletPanel,
  walletRequests,
  API_URL,
} from './fixtures.ts'
import type { Page, Route } from '@playwright/test'
import { resumeConnected, resumeDisconnected, withSharedPage } from './sharedPage.ts'

/**
 * Records, at every animation frame from when Connect first shows its All Wallets entry, where the controls below the
 * wallet list stand relative to the dialog's top ('New to wallets?', All Wallets, the email field): `stop()` ends the
 * recording and gives each control's distinct offsets, in px.
 */
async function watchBelowTheList(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __below?: Record<string, number[]>; __belowStop?: boolean }
    w.__below = {}
    w.__belowStop = false
    const find = (root: ParentNode, name: string) =>
      [...root.querySelectorAll<HTMLElement>('button, input')].find(
        (el) => el.getAttribute('aria-label') === name || el.getAttribute('placeholder') === name || el.querySelector('.lk-row-name')?.textContent === name || el.textContent === name,
      )
    const tick = () => {
      if (w.__belowStop) return
      const root = document.querySelector('[data-testid="latchkey-modal"]')?.shadowRoot
      const dlg = root?.querySelector('[role="dialog"]')
      if (root && dlg && find(dlg, 'All Wallets')) {
        const top = dlg.getBoundingClientRect().top
        for (const name of ['New to wallets?', 'All Wallets', 'Email']) {
          const el = find(dlg, name)
          if (el) (w.__below![name] ??= []).push(Math.round(el.getBoundingClientRect().top - top))
        }
      }
      requestAnimationFrame(tick)
    }
    tick()
  })
  return {
    stop: () =>
      page.evaluate(() => {
        const w = window as unknown as { __below: Record<string, number[]>; __belowStop: boolean }
        w.__belowStop = true
        return Object.fromEntries(Object.entries(w.__below).map(([name, tops]) => [name, [...new Set(tops)]]))
      }),
  }
}

/** Holds the page's calls to the directory's getWallets until `release()`; `held()` counts them. */
async function holdDirectory(page: Page) {
  const held: Route[] = []
  let open = false
  await page.route(`${API_URL}/directory/getWallets*`, (route) => (open ? route.continue() : void held.push(route)))
  return {
    held: () => held.length,
    release: async () => {
      open = true
      for (const route of held.splice(0)) await route.continue()
    },
  }
}

test("the directory's wallets arrive into room kept for them: 'New to wallets?', All Wallets and the email field stay where they were first painted", async ({ demo: page }) => {
  const directory = await holdDirectory(page)
  // Recorded from the frame that first shows Connect: the catalogue is asked after that frame, the project's remote
  // config (spec §6) too, and neither answer may move what was painted.
  const below = await watchBelowTheList(page)
  const remoteConfig = page.waitForResponse((response) => response.url().includes('/appkit/v1/config'))
  const connect = await openConnectDialog(page)
  // The directory has been asked and not answered: room for its four rows shows (the demo's custom wallet, known at
  // once, in the first), and the controls below are on screen.
  await expect.poll(() => directory.held()).toBeGreaterThan(0)
  await expect(connect.getByRole('button', { name: 'Latchkey Mobile (dev)', exact: true })).toBeVisible()
  await expect(connect.getByTestId('row-placeholder')).toHaveCount(3)
  await expect(connect.getByRole('button', { name: 'New to wallets?' })).toBeVisible()
  await directory.release()
  await expect(connect.getByRole('button', { name: 'MetaMask', exact: true })).toBeVisible()
  await expect(connect.getByTestId('row-placeholder')).toHaveCount(0)
  await remoteConfig
  // Frames after the settled list, then every offset recorded since the first paint: one each.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  const offsets = await below.stop()
  expect(Object.keys(offsets).sort()).toEqual(['All Wallets', 'Email', 'New to wallets?'])
  for (const [name, tops] of Object.entries(offsets)) expect(tops, name).toHaveLength(1)
})

/** This spec's project on the reference server (its remote config is the server's default: the email field and the social buttons on). */
const PROJECT = 'latchkey-e2e-connect-popin'
/** Local options with the email field and the social buttons off: the project's config turns them on (spec §6). */
const POPIN_PATH = `/?features=email:off,socials:off&project=${PROJECT}`
const isConfigAnswer = (response: { url(): string }) => response.url().includes('/appkit/v1/config')
const twoFrames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))

test("a later page paints Connect with the project's remote config as last heard: the email field and social buttons it turns on are there from the first frame, and nothing below moves", async ({ page }) => {
  await openCleanDemo(page, POPIN_PATH)
  // A first visit: nothing kept, so the first frame follows the local options (no email field); the answer, which comes
  // after that frame, adds the email field and the social buttons above 'New to wallets?'.
  let below = await watchBelowTheList(page)
  let answered = page.waitForResponse(isConfigAnswer)
  let connect = await openConnectDialog(page)
  await answered
  await expect(connect.getByPlaceholder('Email')).toBeVisible()
  await expect(connect.getByRole('button', { name: 'Continue with Google' })).toBeVisible()
  await twoFrames(page)
  const firstVisit = await below.stop()
  expect(firstVisit['New to wallets?']!.length).toBeGreaterThan(1)
  test.info().annotations.push({ type: 'first visit', description: `'New to wallets?' at ${firstVisit['New to wallets?']!.join(' → ')} px` })
  // The answer is kept for this project, read back through its schema by the next page.
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('@latchkey/remote_config') ?? '{}'))
  expect(kept[PROJECT]?.features).toMatchObject({ email: true, socials: expect.arrayContaining(['google']) })

  // The next page: the remembered answer paints the first frame; the fresh one agrees and moves nothing.
  await page.reload()
  await expect(connectButton(page)).toBeVisible()
  below = await watchBelowTheList(page)
  answered = page.waitForResponse(isConfigAnswer)
  connect = await openConnectDialog(page)
  await answered
  await expect(connect.getByRole('button', { name: 'MetaMask', exact: true })).toBeVisible()
  await expect(connect.getByTestId('row-placeholder')).toHaveCount(0)
  await twoFrames(page)
  const later = await below.stop()
  expect(Object.keys(later).sort()).toEqual(['All Wallets', 'Email', 'New to wallets?'])
  for (const [name, tops] of Object.entries(later)) expect(tops, name).toHaveLength(1)
  // Where the settled first visit ended.
  expect(later['New to wallets?']).toEqual([firstVisit['New to wallets?']!.at(-1)])
})

// On one page (withSharedPage): the page goes from disconnected to connected and back as the journeys need, each test
// asserting its start as a fresh page has it (resumeDisconnected, resumeConnected: no dialog, no wallet request, no
// toast, connected or not). The account change, which leaves the wallet on account 1, comes last. The reloads and the
// declined connection keep pages of their own.
test.describe('connect and disconnect, on one page', () => {
  const shared = withSharedPage(test)

  shared('opening the modal shows the Connect Wallet dialog with the dev wallet and All Wallets', async ({ page }) => {
    await resumeDisconnected(page)
    const connect = await openConnectDialog(page)
    await expect(connect).toHaveAttribute('aria-modal', 'true')
    await expect(connect.getByRole('button', { name: 'Latchkey Dev Wallet', exact: true })).toBeVisible()
    await expect(connect.getByRole('button', { name: /^All Wallets/ })).toBeVisible()
    await expect(connect.getByRole('button', { name: 'Close', exact: true })).toBeVisible()
    // Nothing was asked of the wallet just by opening the modal.
    await expect(walletRequests(page)).toHaveCount(0)
  })

  shared('connecting the dev wallet shows the address and the real balance of account 0 on chain 31337', async ({ page }) => {
    await resumeDisconnected(page)
    await expect(page.getByTestId('dev-wallet-status')).toContainText('Not connected')
    await connectDevWallet(page)
    const balance = await expectedBalance(ACCOUNT_0, 31337)

    const button = accountButton(page)
    await expect(button.address).toHaveText('0xf39F…2266')
    await expect(button.balance).toHaveText(`${grouped(balance)} ETH`)
    await expect(connectButton(page)).toHaveCount(0)
    const state = liveState(page)
    await expect(state.address).toHaveText(ACCOUNT_0)
    await expect(state.balance).toHaveText(grouped(balance))
    await expect(state.network).toHaveText('eip155:31337')

    // Opening again shows Account with that address and balance.
    await button.address.click()
    const account = dialog(page, 'Account')
    await expect(account).toBeVisible()
    await expect(account.getByTestId('account-address')).toHaveText(truncated(ACCOUNT_0))
    await expect(account.getByTestId('account-address')).toHaveAttribute('title', ACCOUNT_0)
    await expect(account.getByTestId('account-balance')).toHaveText(`${grouped(balance)} ETH`)
    await expect(account.getByRole('button', { name: 'Switch network (Anvil Local)', exact: true })).toBeVisible()
  })

  shared('Disconnect in the Account dialog disconnects', async ({ page }) => {
    // Disconnecting is the subject: a connected start (the test before connected through Connect; alone, a stored session).
    await resumeConnected(page)
    await accountButton(page).address.click()
    const account = dialog(page, 'Account')
    await expect(account).toBeVisible()

    await account.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await expect(anyDialog(page)).toHaveCount(0)
    await expect(connectButton(page)).toBeVisible()
    await expect(liveState(page).status).toHaveText('disconnected')
    await expect(liveState(page).address).toHaveText('—')
    await expect(accountButton(page).address).toHaveCount(0)
    // The wallet was told (wallet_revokePermissions).
    await expect(page.getByTestId('dev-wallet-status')).toContainText('Not connected')

    // Opening again starts from Connect, not Account.
    await openConnectDialog(page)
  })

  shared('Back while the wallet has not answered returns to Connect; the late answer breaks nothing', async ({ page }) => {
    await resumeDisconnected(page)
    await expect(page.getByTestId('dev-wallet-status')).toContainText('Not connected')
    const connect = await openConnectDialog(page)
    await connect.getByRole('button', { name: 'Latchkey Dev Wallet', exact: true }).click()
    const connecting = dialog(page, 'Connecting')
    await expect(connecting).toBeVisible()
    await expect(walletRequests(page)).toHaveCount(1)

    // Do not answer in the wallet; go back.
    await connecting.getByRole('button', { name: 'Back', exact: true }).click()
    await expect(dialog(page, 'Connect Wallet')).toBeVisible()
    await expect(liveState(page).status).toHaveText('disconnected')

    // The wallet answers late (rejects): the modal stays on Connect, nothing breaks.
    await rejectWalletRequest(page, 'Connect to this site?')
    await expect(dialog(page, 'Connect Wallet')).toBeVisible()
    await expect(dialog(page, 'Connect Wallet').getByText('Connection declined')).toHaveCount(0)
    await expect(liveState(page).status).toHaveText('disconnected')

    // Picking the wallet again asks again; approving connects.
    await dialog(page, 'Connect Wallet').getByRole('button', { name: 'Latchkey Dev Wallet', exact: true }).click()
    await expect(dialog(page, 'Connecting')).toBeVisible()
    await approveWalletRequest(page, 'Connect to this site?')
    await expect(anyDialog(page)).toHaveCount(0)
    await expect(liveState(page).status).toHaveText('connected')
    await expect(accountButton(page).address).toHaveText(truncated(ACCOUNT_0))
  })

  shared('when the wallet changes account, the page shows the new address and its balance', async ({ page }) => {
    await resumeConnected(page)
    // A balance of its own, so a stale balance of account 0 cannot pass for account 1's.
    await setAnvilBalance(ACCOUNT_1, '1234.56789', 31337)
    await expect(accountButton(page).address).toHaveText(truncated(ACCOUNT_0))

    await walletPanel(page).getByRole('combobox', { name: 'Account' }).selectOption('1')
    const balance = await expectedBalance(ACCOUNT_1, 31337)
    expect(balance).toBe('1234.567')
    const state = liveState(page)
    await expect(state.address).toHaveText(ACCOUNT_1)
    await expect(accountButton(page).address).toHaveText('0x7099…79C8')
    await expect(accountButton(page).balance).toHaveText(`${grouped(balance)} ETH`)
    await expect(state.balance).toHaveText(grouped(balance))
    await expect(state.status).toHaveText('connected')
    // Changing account is not a new connection: no prompt.
    await expect(walletRequests(page)).toHaveCount(0)

    await accountButton(page).address.click()
    const account = dialog(page, 'Account')
    await expect(account.getByTestId('account-address')).toHaveText('0x7099…79C8')
    await expect(account.getByTestId('account-balance')).toHaveText(`${grouped(balance)} ETH`)
  })
})

test('a declined connection offers Try again, which asks the wallet again and connects on approval', async ({ demo: page }) => {
  const connect = await openConnectDialog(page)
  await connect.getByRole('button', { name: 'Latchkey Dev Wallet', exact: true }).click()
  const connecting = dialog(page, 'Connecting')
  await expect(connecting).toBeVisible()
  await expect(connecting.getByText('Continue in Latchkey Dev Wallet')).toBeVisible()

  await rejectWalletRequest(page, 'Connect to this site?')
  // The title says what happened (never 'Connecting' over a declined connection); the body offers the retry.
  const declined = dialog(page, 'Connection declined')
  await expect(declined).toBeVisible()
  await expect(connecting).toHaveCount(0)
  await expect(liveState(page).status).toHaveText('disconnected')
  const tryAgain = declined.getByRole('button', { name: 'Try again', exact: true })
  await expect(tryAgain).toBeVisible()
  await expect(walletRequests(page)).toHaveCount(0)

  await tryAgain.click()
  await expect(walletRequests(page)).toHaveCount(1)
  await expect(connecting.getByText('Continue in Latchkey Dev Wallet')).toBeVisible()
  await approveWalletRequest(page, 'Connect to this site?')

  await expect(anyDialog(page)).toHaveCount(0)
  await expect(liveState(page).status).toHaveText('connected')
  await expect(accountButton(page).address).toHaveText(truncated(ACCOUNT_0))
})

test('a reload restores the connection without a wallet prompt', async ({ demo: page }) => {
  await connectDevWallet(page)
  await expect(accountButton(page).address).toHaveText(truncated(ACCOUNT_0))

  await page.reload()
  await expect(accountButton(page).address).toHaveText(truncated(ACCOUNT_0))
  await expect(liveState(page).status).toHaveText('connected')
  await expect(liveState(page).address).toHaveText(ACCOUNT_0)
  await expect(accountButton(page).balance).toHaveText(`${grouped(await expectedBalance(ACCOUNT_0, 31337))} ETH`)
  await expect(walletRequests(page)).toHaveCount(0)
  await expect(anyDialog(page)).toHaveCount(0)
  await expect(connectButton(page)).toHaveCount(0)
})

test('when the wallet disconnects the site, the page goes back to disconnected', async ({ demo: page }) => {
  await connectDevWallet(page)
  await walletPanel(page).getByRole('button', { name: 'Disconnect site', exact: true }).click()

  await expect(liveState(page).status).toHaveText('disconnected')
  await expect(liveState(page).address).toHaveText('—')
  await expect(connectButton(page)).toBeVisible()
  await expect(accountButton(page).address).toHaveCount(0)

  // And a reload does not bring the connection back.
  await page.reload()
  await expect(connectButton(page)).toBeVisible()
  await expect(liveState(page).status).toHaveText('disconnected')
})
