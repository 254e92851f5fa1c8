/**
 * One page for the tests of a describe, so that a journey's later steps do not each pay a page load (a context, the
 * demo's script parsed and run again, the modal's restore: about a CPU-second each on the machines that run the suite).
 *
 * `withSharedPage(test)`, called inside a `test.describe`, makes the describe serial and returns a `test` whose `page`
 * fixture is one page opened before the describe's first test (in a browser context of its own, with the project's
 * and the describe's options: viewport, base URL, reduced motion, time zone…) and closed after its last. The tests
 * then run in order on that page; one that fails skips the rest of the describe (Playwright's serial mode), so a
 * failure is never hidden by a later test.
 *
 * What a test leaves on the page stays for the next one: each test of such a describe starts by asserting the state it
 * expects (no dialog open, connected or not, …), so a test that left another state fails there rather than passing on
 * a state it did not set up. A test also ends only once what it started has ended (a request it routed answered, a
 * search or a frame's reload done, a dialog that closes by itself closed): the next start asserts the state it sees, and
 * cannot wait for what it does not know is on its way. The routes a test adds are removed after it (`unrouteAll`), and
 * so is any clock it installed? No: `page.clock` cannot be uninstalled; a test that installs the clock keeps a page of
 * its own.
 */
import type { Page, TestInfo, TestType } from '@playwright/test'
import { modalTrailScript, tellModalTrail } from './modalTrail.ts'
import { accountButton, anyDialog, connectButton, connectedSession, dialog, openCleanDemo, type DemoConnectedStart, expect, liveState, openConnected, rejectWalletRequest, walletRequests } from './fixtures.ts'

/**
 * A `test` for the current describe whose `page` is shared by the describe's tests, run in order (see above).
 *
 * @example
 * test.describe('Account', () => {
 *   const shared = withSharedPage(test)
 *   shared('the Tokens tab …', async ({ page }) => { … })
 * })
 */
export function withSharedPage<T extends TestType<any, any>>(base: T): T {
  base.describe.configure({ mode: 'serial' })
  let shared: Page | undefined
  base.beforeAll(async ({ browser }) => {
    // The project's and the describe's context options apply to a context created in a hook as to a test's. A context
    // of its own rather than `browser.newPage()`'s, so that a test can open another page beside it (a wallet's page).
    const page = await (await browser.newContext()).newPage()
    // The modal's trail, as on every test's own page (./modalTrail.ts): a failed test prints who moved the modal.
    await page.addInitScript(modalTrailScript)
    shared = page
  })
  base.afterEach(async () => {
    await shared?.unrouteAll({ behavior: 'ignoreErrors' })
  })
  base.afterAll(async () => {
    await shared?.context().close()
    shared = undefined
  })
  return base.extend({
    // Asks for the worker's browser only because a fixture names what it uses; the page is the describe's.
    page: async ({ browser: _browser }: { browser: unknown }, use: (page: Page) => Promise<void>, testInfo: TestInfo) => {
      // Set by the describe's beforeAll, which runs before any of its tests.
      await use(shared!)
      await tellModalTrail(shared!, testInfo)
    },
  }) as unknown as T
}

/**
 * The start of a test on a shared page (see {@link withSharedPage}) whose subject comes after connecting: the first
 * test of the describe opens the demo connected ({@link openConnected}); a later one takes the page as the test before
 * left it, rejects a wallet request that test left pending and closes the modal, then asserts the start a fresh page
 * would have: no dialog, no wallet request, no toast, connected as `start` says (its network and address).
 *
 * @throws (fails the test) when the page is not in that state within the expect timeout.
 */
export async function resumeConnected(page: Page, start: DemoConnectedStart = {}): Promise<void> {
  if (page.url() === 'about:blank') {
    await openConnected(page, start)
    return
  }
  const { path: _path, ...who } = start
  const session = connectedSession(who)
  while ((await walletRequests(page).count()) > 0) await rejectWalletRequest(page)
  await closeOnTokensTab(page)
  await expect(walletRequests(page)).toHaveCount(0)
  // A toast hides after timing.toastTtl (8 s with a Details button): the next test's toasts are its own.
  await expect(page.locator('.lk-toast')).toHaveCount(0)
  await expect(liveState(page).status).toHaveText('connected')
  await expect(liveState(page).network).toHaveText(session.caipNetworkId)
  if (session.address) await expect(liveState(page).address).toHaveText(session.address)
  await expect(accountButton(page).address).toBeVisible()
}

/**
 * Closes the modal a test before left open, Account put back on its Tokens tab first (Account opens on the tab it
 * showed last; a fresh page opens it on Tokens), and asserts no dialog is left.
 *
 * @throws (fails the test) when a dialog is still there within the expect timeout.
 */
export async function closeOnTokensTab(page: Page): Promise<void> {
  const tokens = dialog(page, 'Account').getByRole('tab', { name: 'Tokens', exact: true })
  if ((await tokens.count()) > 0 && (await tokens.getAttribute('aria-selected')) !== 'true') {
    await tokens.click()
    await expect(tokens).toHaveAttribute('aria-selected', 'true')
  }
  if ((await anyDialog(page).count()) > 0) await anyDialog(page).getByRole('button', { name: 'Close', exact: true }).click()
  await expect(anyDialog(page)).toHaveCount(0)
}

/**
 * The start of a test on a shared page (see {@link withSharedPage}) whose subject needs the visitor disconnected: the
 * first test of the describe opens the clean demo ({@link openCleanDemo}); a later one closes the modal the test before
 * left open, then asserts the start a fresh page would have: no dialog, no wallet request, no toast, disconnected.
 *
 * @throws (fails the test) when the page is not in that state within the expect timeout.
 */
export async function resumeDisconnected(page: Page): Promise<void> {
  if (page.url() === 'about:blank') {
    await openCleanDemo(page)
    return
  }
  if ((await anyDialog(page).count()) > 0) await anyDialog(page).getByRole('button', { name: 'Close', exact: true }).click()
  await expect(anyDialog(page)).toHaveCount(0)
  await expect(walletRequests(page)).toHaveCount(0)
  await expect(page.locator('.lk-toast')).toHaveCount(0)
  await expect(liveState(page).status).toHaveText('disconnected')
  await expect(connectButton(page)).toBeVisible()
}
