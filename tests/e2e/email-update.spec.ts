/**
 * The email update and the wallets of an email user, in Chromium against the e2e stack (the demo with
 * `embeddedWallet`, the secure site, its SMTP server): the email user changes the email from Account's
 * edit button; a code arrives at the current address, then one at the new address (both read from the mailbox); a wrong
 * code shows the error and keeps the flow; Account shows the new email, and a reload keeps it. Your wallets lists the
 * embedded wallet's EOA (active) and the smart account the frame reports (not deployed yet). Screenshots (desktop and phone, light and dark) with SHOTS_DIR=<dir>.
 */
import type { Page } from '@playwright/test'
import { accountButton, dialog, expect, openConnectedEmail, test } from './fixtures.ts'
import { SECURE_SITE_URL } from './stack.ts'
import { shootThemes } from './shots.ts'

const secure = SECURE_SITE_URL
const fresh = (tag: string) => `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`
/** Spec §9: an email longer than 30 characters loses its last 3 for an ellipsis. */
const shown = (email: string) => (email.length > 30 ? `${email.slice(0, -3)}...` : email)

type Mail = { subject: string; code?: string; link?: string; to: string[] }
async function mails(page: Page, to: string): Promise<Mail[]> {
  const res = await page.request.get(`${secure}/mailbox/messages?to=${encodeURIComponent(to)}`)
  return ((await res.json()) as { messages: Mail[] }).messages
}
/** The newest mail to `to` whose subject matches, once it arrives: its code. */
async function codeFor(page: Page, to: string, subject: RegExp): Promise<string> {
  let code: string | undefined
  await expect.poll(async () => (code = (await mails(page, to)).find((m) => subject.test(m.subject))?.code), { timeout: 20_000 }).toBeTruthy()
  return code!
}

/**
 * Starts the demo (`embeddedWallet` on) with `email` signed in: the email login itself is the subject of
 * embedded.spec.ts, here it is where the journey starts (a stored session the modal restores).
 */
async function emailUser(page: Page, email: string) {
  await openConnectedEmail(page, { path: '/?email=1', email })
}

async function openAccount(page: Page) {
  await accountButton(page).address.click()
  const account = dialog(page, 'Account')
  await expect(account).toBeVisible()
  return account
}

test('an email user changes the email: a code to each address, a wrong code refused, Account shows the new email, a reload keeps it', async ({ page }) => {
  test.setTimeout(120_000)
  const old = fresh('e2e-old')
  const next = fresh('e2e-new')
  await emailUser(page, old)
  const account = await openAccount(page)
  await expect(account.getByTestId('account-email')).toHaveText(shown(old))

  await account.getByRole('button', { name: 'Change email' }).click()
  const update = dialog(page, 'Change your email')
  await expect(update).toBeVisible()
  const field = update.getByRole('textbox', { name: 'New email' })
  // The current email is refused before anything is mailed.
  await field.fill(old.toUpperCase())
  await update.getByRole('button', { name: 'Continue' }).click()
  await expect(update.getByRole('alert')).toHaveText('This is already your email')
  await field.fill(next)
  await shootThemes(page, 'update-email-field')
  await update.getByRole('button', { name: 'Continue' }).click()

  // Step 1: the code mailed to the current address.
  await expect(update.getByTestId('update-email-step')).toHaveText('Step 1 of 2: your current email', { timeout: 30_000 })
  const primary = await codeFor(page, old, /is your code to change your email$/)
  expect(await mails(page, next)).toEqual([])
  const code = update.getByRole('textbox', { name: 'Code' })
  await code.fill(primary === '000000' ? '111111' : '000000')
  await update.getByRole('button', { name: 'Confirm' }).click()
  await expect(update.getByRole('alert')).toHaveText('Invalid code', { timeout: 20_000 })
  // The flow stays on step 1, the typed code kept in its field.
  await expect(update.getByTestId('update-email-step')).toHaveText('Step 1 of 2: your current email')
  await expect(code).toHaveValue(primary === '000000' ? '111111' : '000000')
  await shootThemes(page, 'update-email-wrong-code')
  await code.fill(primary)
  await update.getByRole('button', { name: 'Confirm' }).click()

  // Step 2: the code mailed to the new address; the email has not changed yet.
  await expect(update.getByTestId('update-email-step')).toHaveText('Step 2 of 2: your new email', { timeout: 30_000 })
  await expect(update.getByRole('textbox', { name: 'Code' })).toHaveValue('')
  expect(await page.evaluate(() => (window as any).latchkey.getState().account.user?.email)).toBe(old)
  const secondary = await codeFor(page, next, /is your code to confirm your new email$/)
  await update.getByRole('textbox', { name: 'Code' }).fill(secondary)
  await update.getByRole('button', { name: 'Confirm' }).click()

  // The change polled until the frame reports it: Account with the new email.
  const after = dialog(page, 'Account')
  await expect(after.getByTestId('account-email')).toHaveText(shown(next), { timeout: 30_000 })
  await expect(after.getByTestId('account-email')).toHaveAttribute('title', next)
  expect(await page.evaluate(() => (window as any).latchkey.getState().account.user?.email)).toBe(next)
  await shootThemes(page, 'account-new-email')

  await page.reload()
  await expect(accountButton(page).address).toBeVisible({ timeout: 30_000 })
  const reloaded = await openAccount(page)
  await expect(reloaded.getByTestId('account-email')).toHaveText(shown(next), { timeout: 20_000 })
})

test('Back from a code step cancels the change: Account keeps the email; Your wallets lists the EOA (active) and the smart account', async ({ page }) => {
  test.setTimeout(90_000)
  const email = fresh('e2e-back')
  await emailUser(page, email)
  const address = await page.evaluate(() => (window as any).latchkey.getState().account.address as string)
  const account = await openAccount(page)
  await account.getByRole('button', { name: 'Change email' }).click()
  const update = dialog(page, 'Change your email')
  await update.getByRole('textbox', { name: 'New email' }).fill(fresh('e2e-never'))
  await update.getByRole('button', { name: 'Continue' }).click()
  await expect(update.getByTestId('update-email-step')).toHaveText('Step 1 of 2: your current email', { timeout: 30_000 })
  await shootThemes(page, 'update-email-code')
  await update.getByRole('button', { name: 'Back', exact: true }).click()
  const back = dialog(page, 'Account')
  await expect(back.getByTestId('account-email')).toHaveText(shown(email))

  await back.getByRole('button', { name: 'Your wallets' }).click()
  const wallets = dialog(page, 'Your wallets')
  const list = wallets.getByRole('list', { name: 'Wallets' })
  // The EOA the connection uses, first and active; the smart account the frame reports after it, not
  // deployed yet (no user operation sent) and not active.
  const row = list.getByRole('listitem').first()
  await expect(row).toHaveAttribute('aria-current', 'true', { timeout: 20_000 })
  await expect(row).toContainText('Active')
  await expect(row.getByTitle(address)).toBeVisible()
  await expect(list.locator('[aria-current="true"]')).toHaveCount(1)
  const smart = list.getByRole('listitem').filter({ hasText: 'Smart account' })
  await expect(smart).toHaveCount(1)
  await expect(smart).toContainText('Not deployed yet')
  await expect(smart).not.toContainText('Active')
  await shootThemes(page, 'profile-wallets')
})

/** Shifts the secure site's clock (dev-only control): its 30 s throttle between the mails of a change passes at once. */
async function secureClock(page: Page, offsetMs: number) {
  const res = await page.request.post(`${secure}/__control/clock`, { headers: { 'x-latchkey-control': '1' }, data: { offsetMs } })
  expect(res.ok()).toBe(true)
}

test('resend: each code is mailed again after 30 s (the old one refused), a sooner mail is throttled with the spec’s words, the toast names the new email', async ({ page }) => {
  test.setTimeout(150_000)
  const old = fresh('e2e-resend')
  const next = fresh('e2e-resent')
  // The page's clock is Playwright's (time flows as usual): the 30 s cooldown is passed by moving it, not waited.
  await page.clock.install()
  await emailUser(page, old)
  const account = await openAccount(page)
  await account.getByRole('button', { name: 'Change email' }).click()
  const update = dialog(page, 'Change your email')
  await update.getByRole('textbox', { name: 'New email' }).fill(next)
  await update.getByRole('button', { name: 'Continue' }).click()
  await expect(update.getByTestId('update-email-step')).toHaveText('Step 1 of 2: your current email', { timeout: 30_000 })
  const first = await codeFor(page, old, /is your code to change your email$/)

  // Step 1: Resend waits the cooldown (spec §5, §9: 30 s), then mails a new code to the current address.
  const resend = update.getByRole('button', { name: 'Resend code' })
  await expect(resend).toBeDisabled()
  await expect(update.getByTestId('update-email-resend-wait')).toBeVisible()
  // The page's clock stops (1 s ahead: it cannot be set back) so that the real time the screenshots take does not
  // count toward the cooldown: at most 5 s of it passed before this point even on a loaded machine.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
  await shootThemes(page, 'update-email-resend-wait')
  await page.clock.fastForward(24_000)
  await expect(resend).toBeDisabled()
  // 30 s after the mail, on the page's clock and on the secure site's (its throttle between mails passes too).
  await secureClock(page, 31_000)
  await page.clock.fastForward(7_000)
  await expect(resend).toBeEnabled()
  await page.clock.resume()
  await resend.click()
  await expect.poll(async () => (await mails(page, old)).filter((m) => /is your code to change your email$/.test(m.subject)).length, { timeout: 20_000 }).toBe(2)
  await expect(resend).toBeDisabled()
  const second = (await mails(page, old)).find((m) => /is your code to change your email$/.test(m.subject))!.code!
  const code = update.getByRole('textbox', { name: 'Code' })
  if (first !== second) {
    // The first code was replaced by the resend.
    await code.fill(first)
    await update.getByRole('button', { name: 'Confirm' }).click()
    await expect(update.getByRole('alert')).toHaveText('Invalid code', { timeout: 20_000 })
  }
  await code.fill(second)
  await update.getByRole('button', { name: 'Confirm' }).click()
  await expect(update.getByTestId('update-email-step')).toHaveText('Step 2 of 2: your new email', { timeout: 30_000 })
  await codeFor(page, next, /is your code to confirm your new email$/)

  // Asking again at once (the same new email from the field) is refused by the secure site's throttle, nothing mailed.
  await update.getByRole('button', { name: 'Change the new email' }).click()
  await expect(update.getByRole('textbox', { name: 'New email' })).toHaveValue(next)
  await update.getByRole('button', { name: 'Continue' }).click()
  await expect(update.getByRole('alert')).toHaveText(/^Please try again after (\d+) seconds?$/, { timeout: 20_000 })
  const seconds = Number((await update.getByRole('alert').textContent())!.match(/(\d+)/)![1])
  expect(seconds).toBeGreaterThan(0)
  expect(seconds).toBeLessThanOrEqual(30)
  await shootThemes(page, 'update-email-throttled')
  expect((await mails(page, next)).length).toBe(1)

  // 30 s later (the site's clock moved on): the same email mails a new code to the new address, still step 2.
  await secureClock(page, 62_000)
  try {
    await update.getByRole('button', { name: 'Continue' }).click()
    await expect(update.getByTestId('update-email-step')).toHaveText('Step 2 of 2: your new email', { timeout: 30_000 })
    await expect.poll(async () => (await mails(page, next)).length, { timeout: 20_000 }).toBe(2)
    const secondaryNew = (await mails(page, next))[0]!.code!
    expect((await mails(page, old)).filter((m) => /is your code to change your email$/.test(m.subject)).length).toBe(2)
    await update.getByRole('textbox', { name: 'Code' }).fill(secondaryNew)
    await update.getByRole('button', { name: 'Confirm' }).click()

    // Account with the new email, and the success toast naming it.
    const after = dialog(page, 'Account')
    await expect(after.getByTestId('account-email')).toHaveText(shown(next), { timeout: 30_000 })
    await expect(page.getByRole('status').getByText(`Your email is now ${next}`, { exact: true })).toBeVisible()
    await shootThemes(page, 'update-email-toast')
  } finally {
    await secureClock(page, 0)
  }
})
