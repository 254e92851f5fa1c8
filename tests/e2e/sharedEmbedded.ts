/**
 * The start of a test on a shared page (see `withSharedPage` in ./sharedPage.ts) whose subject comes after an email
 * user's login (the embedded wallet's `auth` connector): the describe's first test opens the demo with a fresh email user
 * signed in ({@link openConnectedEmail}); a later one takes the page as the test before left it, on the same user.
 */
import type { Page } from '@playwright/test'
import { expect, liveState, accountButton, openConnectedEmail, type EmailSession } from './fixtures.ts'
import { closeOnTokensTab } from './sharedPage.ts'

/** The email user each shared page was opened with. */
const sessions = new WeakMap<Page, EmailSession>()

/**
 * Opens the demo with a fresh email user signed in on a page that has shown nothing yet; on a page a test before used,
 * closes the modal that test left open (which rejects an approval still showing in the frame: closing
 * ApproveTransaction cancels it), puts Account back on its Tokens tab, then asserts the start a fresh page would have:
 * no dialog, no approval in the frame, no toast, connected with the embedded wallet as `address` (default: the email
 * user's EOA; a describe that switched to the smart account names it).
 *
 * @param options.path, options.chainId where the first test opens the demo (as {@link openConnectedEmail}).
 * @param options.address the account the page must show connected.
 * @returns the email user of the page (its email, device, token, EOA address).
 * @throws (fails the test) when the page is not in that state within the expect timeout.
 */
export async function resumeEmailConnected(page: Page, options: { path?: string; chainId?: 31337 | 31338; address?: string } = {}): Promise<EmailSession> {
  if (page.url() === 'about:blank') {
    const session = await openConnectedEmail(page, { ...(options.path ? { path: options.path } : {}), ...(options.chainId ? { chainId: options.chainId } : {}) })
    sessions.set(page, session)
    if (options.address) await expect(liveState(page).address).toHaveText(options.address)
    return session
  }
  const session = sessions.get(page)
  expect(session, 'the shared page was opened by resumeEmailConnected').toBeDefined()
  await closeOnTokensTab(page)
  // The frame shows nothing: no approval of the test before is still open in it.
  await expect(page.locator('iframe[data-latchkey-frame]')).toHaveCSS('opacity', '0')
  // A toast hides after timing.toastTtl: the next test's toasts are its own.
  await expect(page.locator('.lk-toast')).toHaveCount(0)
  await expect(liveState(page).status).toHaveText('connected')
  await expect(liveState(page).address).toHaveText(options.address ?? session!.address)
  await expect(accountButton(page).address).toBeVisible()
  return session!
}
