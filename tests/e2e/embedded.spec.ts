/**
 * The embedded wallet from the dapp's side, in Chromium against the e2e stack (the demo with
 * `embeddedWallet` pointing at the secure site, its SMTP server): an email typed in Connect, the
 * "Verify this device" mail's link opened → connected with the embedded wallet's address and its anvil balance;
 * a message signed through the frame's approval UI (verified with viem); a rejection in the frame; a disallowed RPC
 * → 'Action not allowed'; reload restores; disconnect revokes. Screenshots with SHOTS_DIR=<dir>.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import { recoverMessageAddress } from 'viem'
import { formatUnits, parseEther } from 'viem'
import {
  accountButton,
  anvilBalanceWei,
  anvilBlockNumber,
  anvilTransactionsFrom,
  dialog,
  expect,
  freshAddress,
  grouped,
  liveState,
  openCleanDemo,
  openConnectDialog,
  openConnectedEmail,
  test as base,
  toast,
  truncated,
} from './fixtures.ts'
import { reviewSend } from './steps.ts'
import { pauseAfter, stepUntilToast } from './clock.ts'
import { SECURE_SITE_URL } from './stack.ts'
import { resumeEmailConnected } from './sharedEmbedded.ts'
import { withSharedPage } from './sharedPage.ts'
import { TestFailure } from '../harness/failures.ts'

/** The demo (the embedded wallet is on whenever the secure site is configured; `?email=0` turns it off). */
const test = base.extend<{ demo: Page }>({
  demo: async ({ page }, use) => {
    await openCleanDemo(page, '/')
    await use(page)
  },
})

const secure = SECURE_SITE_URL
const shots = process.env.SHOTS_DIR

async function mails(page: Page, to: string): Promise<Array<{ subject: string; code?: string; link?: string }>> {
  const res = await page.request.get(`${secure}/mailbox/messages?to=${encodeURIComponent(to)}`)
  return ((await res.json()) as { messages: Array<{ subject: string; code?: string; link?: string }> }).messages
}

/** Logs in a fresh email through Connect and the device link; returns the email. */
async function emailLogin(page: Page, email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`) {
  const connect = await openConnectDialog(page)
  const field = connect.getByRole('textbox', { name: 'Email' })
  await field.fill(email)
  if (shots) await page.screenshot({ path: `${shots}/email-field.png` })
  await connect.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(connect.getByText('Approve this device')).toBeVisible({ timeout: 30_000 })
  if (shots) await page.screenshot({ path: `${shots}/email-device.png` })
  let link: string | undefined
  await expect.poll(async () => (link = (await mails(page, email)).find((m) => m.link)?.link), { timeout: 20_000 }).toBeTruthy()
  await page.request.get(link!)
  await expect(accountButton(page).address).toBeVisible({ timeout: 30_000 })
  return email
}

/**
 * Starts the demo with a fresh email user signed in (a stored session the modal restores, the frame loaded with it):
 * for the journeys that come after the login, which is itself the subject of other tests here (the shared page of
 * 'one email user' starts the same way, see resumeEmailConnected).
 */
async function emailUser(page: Page): Promise<void> {
  await openConnectedEmail(page)
}

test('an email typed in Connect, the mailed device link opened: connected with the embedded wallet and its balance', async ({ demo: page }) => {
  const email = await emailLogin(page)
  await expect(accountButton(page).balance).toContainText('ETH', { timeout: 20_000 })
  const address = await page.evaluate(() => (window as any).latchkey.getState().account.address as string)
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  // The Account shows the email (spec §9: truncated past 30 characters).
  await page.getByTestId('account-button-address').click()
  await expect(page.getByTestId('account-email')).toHaveText(email.length > 30 ? `${email.slice(0, -3)}...` : email)
  if (shots) await page.screenshot({ path: `${shots}/account-email.png` })
})

test('a known device gets the mailed code: typed in Connect, a wrong code refused, the right one connects', async ({ demo: page }) => {
  test.setTimeout(120_000)
  const email = await emailLogin(page)
  await page.evaluate(() => (window as any).latchkey.disconnect())
  await expect(accountButton(page).address).toBeHidden({ timeout: 10_000 })
  // The throttle (30 s since the last mailed login) passes first: on the secure site's clock, moved 31 s on (its dev
  // control), and without the page's own record of that login; not waited out.
  await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.endsWith('last_email_login_time'))
      .forEach((k) => localStorage.removeItem(k)),
  )
  await secureClock(page, 31_000)
  try {
    await knownDeviceLogin(page, email)
  } finally {
    await secureClock(page, 0)
  }
})

/** Connect → the email of a device verified before → the mailed code: a wrong one refused, the right one connects. */
async function knownDeviceLogin(page: Page, email: string): Promise<void> {
  const connect = await openConnectDialog(page)
  await connect.getByRole('textbox', { name: 'Email' }).fill(email)
  await connect.getByRole('button', { name: 'Continue', exact: true }).click()
  const code = connect.getByRole('textbox', { name: 'Code' })
  await expect(code).toBeVisible({ timeout: 30_000 })
  // The code field starts empty (not the email typed before).
  await expect(code).toHaveValue('')
  if (shots) await page.screenshot({ path: `${shots}/email-otp.png` })
  let otp: string | undefined
  await expect.poll(async () => (otp = (await mails(page, email)).find((m) => m.code)?.code), { timeout: 20_000 }).toBeTruthy()
  await code.fill('000000')
  await connect.getByRole('button', { name: 'Confirm' }).click()
  await expect(connect.getByRole('alert')).toBeVisible()
  await code.fill(otp!)
  await connect.getByRole('button', { name: 'Confirm' }).click()
  await expect(accountButton(page).address).toBeVisible({ timeout: 30_000 })
}

test('reload restores the email session; disconnect signs out (the frame has no session after)', async ({ page }) => {
  await emailUser(page)
  const address = await page.evaluate(() => (window as any).latchkey.getState().account.address as string)
  await page.reload()
  await expect(accountButton(page).address).toBeVisible({ timeout: 30_000 })
  expect(await page.evaluate(() => (window as any).latchkey.getState().account.address as string)).toBe(address)
  // `disconnect()` only asks: the page's live state and the stored connection say when it is done (the auth
  // connector signs the frame out first).
  await page.evaluate(() => (window as any).latchkey.disconnect())
  await expect(liveState(page).status).toHaveText('disconnected')
  await expect.poll(() => page.evaluate(() => localStorage.getItem('@latchkey/eip155:connected_connector_id'))).toBeNull()
  await page.reload()
  // Nothing to restore: the stored connection is gone, and the core (in once ready() resolves) restores only that.
  expect(await page.evaluate(() => localStorage.getItem('@latchkey/eip155:connected_connector_id'))).toBeNull()
  await page.evaluate(() => (window as any).latchkey.ready())
  expect(await page.evaluate(() => (window as any).latchkey.getState().account.status)).toBe('disconnected')
  expect(await page.evaluate(() => (window as any).latchkey.getState().account.address ?? null)).toBeNull()
})

test('a second email login within 30 s shows the throttle message with its seconds', async ({ demo: page }) => {
  const email = `e2e-throttle-${Date.now()}@example.com`
  const connect = await openConnectDialog(page)
  await connect.getByRole('textbox', { name: 'Email' }).fill(email)
  await connect.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(connect.getByText('Approve this device')).toBeVisible({ timeout: 30_000 })
  await connect.getByRole('button', { name: 'Use another email' }).click()
  await connect.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(connect.getByRole('alert')).toContainText(/Please try again after \d+ seconds/)
  if (shots) await page.screenshot({ path: `${shots}/email-throttled.png` })
})

/** The session token the frame keeps in the secure origin's localStorage (read in the frame, as the frame page does). */
async function frameSessionToken(page: Page): Promise<string | null> {
  const frame = page.frames().find((f) => f.url().startsWith(`${secure}/frame`))
  if (!frame) throw new TestFailure('no secure frame on the page')
  return frame.evaluate(() => localStorage.getItem('latchkey-secure:session'))
}
/** Shifts the secure site's clock (dev-only control; passes its 30 s email throttle at once). */
async function secureClock(page: Page, offsetMs: number) {
  const res = await page.request.post(`${secure}/__control/clock`, { headers: { 'x-latchkey-control': '1' }, data: { offsetMs } })
  expect(res.ok()).toBe(true)
}

test('the frame cannot load (the secure site refuses connections): the alert shows, the email form and the wallets stay usable', async ({ page }) => {
  // The page's clock is Playwright's: the 20 s load timeout is passed by moving it (see pauseAfter, stepUntilToast).
  await page.clock.install()
  await openCleanDemo(page, '/')
  await page.route(`${secure}/**`, (route) => route.abort('connectionrefused'))
  const connect = await openConnectDialog(page)
  await connect.getByRole('textbox', { name: 'Email' }).fill('nobody@example.com')
  await connect.getByRole('button', { name: 'Continue', exact: true }).click()
  // Spec §8: after the 20 s load timeout, "Network Error - Could not load embedded wallet" (debug mode: the demo's).
  await expect(page.locator('iframe[data-latchkey-frame]')).toBeAttached()
  await pauseAfter(page, 14_000)
  await expect(toast(page, 'Network Error - Could not load embedded wallet')).toHaveCount(0)
  await stepUntilToast(page, 'Network Error - Could not load embedded wallet', 10_000)
  await page.clock.resume()
  await expect(connect.getByRole('textbox', { name: 'Email' })).toBeEditable({ timeout: 10_000 })
  await expect(connect.getByRole('textbox', { name: 'Email' })).toHaveValue('nobody@example.com')
  await expect(connect.getByRole('button', { name: 'Continue', exact: true })).toBeEnabled()
  // Nothing stuck: a wallet still connects from the same Connect.
  await connect.getByRole('button', { name: 'Latchkey Dev Wallet', exact: true }).first().click()
  await expect(dialog(page, 'Connecting')).toBeVisible({ timeout: 10_000 })
})

test('a request the frame never answers times out after 120 s (manual clock): "Embedded Wallet Request Timed Out", the form comes back', async ({ page }) => {
  test.setTimeout(90_000)
  await page.clock.install()
  await openCleanDemo(page, '/')
  let held = 0
  // The secure site takes the request and never answers it.
  await page.route(`${secure}/api/connect-email`, () => void held++)
  const connect = await openConnectDialog(page)
  await connect.getByRole('textbox', { name: 'Email' }).fill(`e2e-timeout-${Date.now()}@example.com`)
  await connect.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect.poll(() => held, { timeout: 30_000 }).toBe(1)
  await expect(toast(page, 'Embedded Wallet Request Timed Out')).toBeHidden()
  // 110 s on, the request still waits; the 120 s pass within the next 15 s of the page's time, and the toast shows.
  await pauseAfter(page, 110_000)
  await expect(toast(page, 'Embedded Wallet Request Timed Out')).toBeHidden()
  await stepUntilToast(page, 'Embedded Wallet Request Timed Out', 15_000)
  await page.clock.resume()
  await expect(connect.getByRole('button', { name: 'Continue', exact: true })).toBeEnabled({ timeout: 10_000 })
})

test('the same email on a new device gets the device link (VERIFY_DEVICE), on the known device the code (VERIFY_OTP)', async ({ demo: page, browser }) => {
  test.setTimeout(120_000)
  const email = await emailLogin(page)
  const other = await browser.newContext({ baseURL: new URL(page.url()).origin })
  try {
    await secureClock(page, 31_000)
    const second = await other.newPage()
    await openCleanDemo(second, '/')
    const connectB = await openConnectDialog(second)
    await connectB.getByRole('textbox', { name: 'Email' }).fill(email)
    await connectB.getByRole('button', { name: 'Continue', exact: true }).click()
    await expect(connectB.getByText('Approve this device')).toBeVisible({ timeout: 30_000 })
    await expect(connectB.getByRole('textbox', { name: 'Code' })).toHaveCount(0)
    await expect.poll(async () => (await mails(page, email)).filter((m) => m.link).length, { timeout: 20_000 }).toBe(2)

    // The first browser's device is known: after a sign-out the same email gets a code.
    await page.evaluate(() => (window as any).latchkey.disconnect())
    await expect(accountButton(page).address).toBeHidden({ timeout: 10_000 })
    await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.endsWith('last_email_login_time'))
        .forEach((k) => localStorage.removeItem(k)),
    )
    await secureClock(page, 62_000)
    const connectA = await openConnectDialog(page)
    await connectA.getByRole('textbox', { name: 'Email' }).fill(email)
    await connectA.getByRole('button', { name: 'Continue', exact: true }).click()
    await expect(connectA.getByRole('textbox', { name: 'Code' })).toBeVisible({ timeout: 30_000 })
    await expect(connectA.getByText('Approve this device')).toHaveCount(0)
    await expect.poll(async () => (await mails(page, email)).filter((m) => m.code).length, { timeout: 20_000 }).toBe(1)
  } finally {
    await secureClock(page, 0)
    await other.close()
  }
})

/** A page on another loopback origin that posts look-alike frame messages to its parent, 200 rounds. */
let foreign: Server
let foreignUrl = ''
test.beforeAll(async () => {
  foreign = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><script>
      const fake = (i) => [
        { type: 'FRAME_READY', payload: { version: 4 } },
        { type: 'FRAME_SESSION_UPDATE', payload: null },
        { type: 'FRAME_RPC_APPROVAL_OPEN', payload: { id: 'x' + i } },
        { id: crypto.randomUUID(), type: 'FRAME_GET_USER_SUCCESS', payload: { email: 'evil@example.com', address: '0x' + 'ee'.repeat(20), chainId: 31337 } },
        { id: crypto.randomUUID(), type: 'FRAME_RPC_REQUEST_SUCCESS', payload: '0xdead' },
      ]
      let i = 0
      const t = setInterval(() => { for (const m of fake(i)) parent.postMessage(m, '*'); if (++i >= 200) { clearInterval(t); document.title = 'done' } }, 5)
    </script>`)
  })
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve))
  foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}/`
})
test.afterAll(() => new Promise<void>((resolve) => foreign.close(() => resolve())))

// The journeys after an email login share one page and one email user (resumeEmailConnected: no dialog, no approval
// in the frame, no toast, the user's embedded wallet connected at each start). The two that change the page for good
// come last: the phone's width, then the disconnect.
test.describe('one email user', () => {
  const shared = withSharedPage(test)

  shared('a message signed through the frame approval verifies with viem; a rejection in the frame rejects', async ({ page }) => {
    await resumeEmailConnected(page)
    const address = await page.evaluate(() => (window as any).latchkey.getState().account.address as string)
    const signing = page.evaluate(async (addr) => {
      const provider = (window as any).latchkey.getProvider('eip155')
      return provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', addr] })
    }, address)
    const frame = page.frameLocator('iframe[data-latchkey-frame]')
    await expect(frame.getByRole('button', { name: /approve/i })).toBeVisible({ timeout: 20_000 })
    // Spec §4: the modal opened on ApproveTransaction (its header), the frame over the view's body, no dimmed card.
    const approve = dialog(page, 'Approve Transaction')
    await expect(approve).toBeVisible()
    await expect(page.locator('[data-latchkey-frame-backdrop]')).toBeHidden()
    const slot = (await page.getByTestId('approve-transaction-slot').boundingBox())!
    const iframeBox = (await page.locator('iframe[data-latchkey-frame]').boundingBox())!
    for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(iframeBox[k] - slot[k])).toBeLessThan(2)
    if (shots) await page.screenshot({ path: `${shots}/approve.png` })
    await frame.getByRole('button', { name: /approve/i }).click()
    const signature = (await signing) as `0x${string}`
    expect((await recoverMessageAddress({ message: 'hello', signature })).toLowerCase()).toBe(address.toLowerCase())
    // The modal was opened for the approval: it closes with it.
    await expect(approve).toBeHidden()

    const rejected = page.evaluate(async (addr) => {
      const provider = (window as any).latchkey.getProvider('eip155')
      try {
        await provider.request({ method: 'personal_sign', params: ['0x6869', addr] })
        return 'signed'
      } catch (e) {
        return String((e as { code?: number }).code)
      }
    }, address)
    await frame.getByRole('button', { name: /reject/i }).click()
    expect(await rejected).toBe('4001')
    // The modal opened for this approval closes with it too. Waited for: a dialog still closing when the next test
    // starts could vanish between its count and its click on Close.
    await expect(approve).toBeHidden()
  })

  shared('ETH sent from the email wallet through Send, approved in the frame on ApproveTransaction: both balances move, Account and Activity show it', async ({ page }) => {
    test.setTimeout(90_000)
    await resumeEmailConnected(page)
    const address = (await page.evaluate(() => (window as any).latchkey.getState().account.address as string)) as `0x${string}`
    const receiver = freshAddress()
    const amount = '0.0123'
    await expect(accountButton(page).balance).toContainText('ETH', { timeout: 20_000 })
    await accountButton(page).address.click()
    const account = dialog(page, 'Account')
    await account.getByRole('button', { name: 'Send', exact: true }).click()
    const send = dialog(page, 'Send')
    const preview = await reviewSend(send, { amount, to: receiver })
    await expect(preview.getByTestId('send-preview-fee')).toHaveText(/^\d+(\.\d+)? ETH$/)
    const before = await anvilBalanceWei(address)
    const mark = await anvilBlockNumber()
    await preview.getByRole('button', { name: 'Send', exact: true }).click()
    // The unsafe request: ApproveTransaction pushed on the open modal, the frame shows what is sent.
    await expect(dialog(page, 'Approve Transaction')).toBeVisible({ timeout: 20_000 })
    const frame = page.frameLocator('iframe[data-latchkey-frame]')
    await expect(frame.getByText(receiver)).toBeVisible()
    await expect(frame.getByText(`${amount} ETH`)).toBeVisible()
    if (shots) await page.screenshot({ path: `${shots}/approve-send.png` })
    await frame.getByRole('button', { name: /approve/i }).click()
    // Success refreshes the balance and pops the stack: Account.
    await expect(account).toBeVisible({ timeout: 20_000 })
    await expect(page.locator('iframe[data-latchkey-frame]')).toHaveCSS('opacity', '0')
    await expect.poll(() => anvilBalanceWei(receiver), { timeout: 20_000 }).toBe(parseEther(amount))
    const [receipt] = await anvilTransactionsFrom(address, mark)
    expect(receipt?.status).toBe('success')
    const fee = receipt!.gasUsed * receipt!.effectiveGasPrice
    const after = before - parseEther(amount) - fee
    expect(await anvilBalanceWei(address)).toBe(after)
    const [whole, fraction = ''] = formatUnits(after, 18).split('.')
    await expect(account.getByTestId('account-balance')).toHaveText(`${grouped(`${whole}.${fraction.padEnd(3, '0').slice(0, 3)}`)} ETH`, { timeout: 20_000 })
    await account.getByRole('tab', { name: 'Activity' }).click()
    await expect(account.getByRole('listitem').filter({ hasText: truncated(receiver) })).toContainText(`Sent 0.012 ETH`, { timeout: 20_000 })
  })

  shared("a dapp's signature asked while a send from the email wallet confirms: the send's success leaves the signature's approval on screen, and it signs", async ({ page }) => {
    test.setTimeout(90_000)
    await resumeEmailConnected(page)
    const address = (await page.evaluate(() => (window as any).latchkey.getState().account.address as string)) as `0x${string}`
    const receiver = freshAddress()
    await accountButton(page).address.click()
    const account = dialog(page, 'Account')
    await account.getByRole('button', { name: 'Send', exact: true }).click()
    const preview = await reviewSend(dialog(page, 'Send'), { amount: '0.001', to: receiver })
    // The chain's answers about the send's end are held back (forwarded, not changed, once let go): the send stays
    // confirming while the dapp asks for its signature.
    let letGo!: () => void
    const held = new Promise<void>((resolve) => (letGo = resolve))
    let looks = 0
    await page.route('**/*', async (route) => {
      if (!route.request().postData()?.includes('eth_getTransactionReceipt')) return route.fallback()
      looks++
      await held
      return route.fallback()
    })
    await preview.getByRole('button', { name: 'Send', exact: true }).click()
    const frame = page.frameLocator('iframe[data-latchkey-frame]')
    await expect(frame.getByRole('heading', { name: 'Send transaction' })).toBeVisible({ timeout: 20_000 })
    await frame.getByRole('button', { name: /approve/i }).click()
    await expect.poll(() => looks, { timeout: 20_000 }).toBeGreaterThan(0)
    const signing = page.evaluate(async (addr) => {
      try {
        return await (window as any).latchkey.getProvider('eip155').request({ method: 'personal_sign', params: ['0x68656c6c6f', addr] })
      } catch (e) {
        return `rejected ${(e as { code?: number }).code}`
      }
    }, address)
    await expect(frame.getByRole('heading', { name: 'Sign message' })).toBeVisible({ timeout: 20_000 })
    letGo()
    await expect(toast(page, 'Transaction sent')).toBeVisible({ timeout: 20_000 })
    expect(await anvilBalanceWei(receiver)).toBe(parseEther('0.001'))
    // The send ended under the signature's approval: its entry left the stack, the approval stayed.
    await expect(dialog(page, 'Approve Transaction')).toBeVisible()
    await expect(frame.getByRole('heading', { name: 'Sign message' })).toBeVisible()
    await frame.getByRole('button', { name: /approve/i }).click()
    const signature = (await signing) as `0x${string}`
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect((await recoverMessageAddress({ message: 'hello', signature })).toLowerCase()).toBe(address.toLowerCase())
    await page.unroute('**/*')
    // Its success leads to Account, where the modal was.
    await expect(account).toBeVisible()
  })

  shared('closing the modal on ApproveTransaction rejects the request (the frame is told to cancel)', async ({ page }) => {
    await resumeEmailConnected(page)
    const address = await page.evaluate(() => (window as any).latchkey.getState().account.address as string)
    const outcome = page.evaluate(async (addr) => {
      try {
        await (window as any).latchkey.getProvider('eip155').request({ method: 'personal_sign', params: ['0x6869', addr] })
        return 'signed'
      } catch (e) {
        return String((e as { code?: number }).code)
      }
    }, address)
    const approve = dialog(page, 'Approve Transaction')
    await expect(approve).toBeVisible({ timeout: 20_000 })
    await expect(page.frameLocator('iframe[data-latchkey-frame]').getByRole('button', { name: /approve/i })).toBeVisible()
    await approve.getByRole('button', { name: 'Close' }).click()
    expect(await outcome).toBe('4001')
    await expect(approve).toBeHidden()
    await expect(page.locator('iframe[data-latchkey-frame]')).toHaveCSS('opacity', '0')
  })

  shared('a disallowed RPC is rejected and "Action not allowed" shows with the modal open', async ({ page }) => {
    await resumeEmailConnected(page)
    const outcome = await page.evaluate(async () => {
      const provider = (window as any).latchkey.getProvider('eip155')
      try {
        await provider.request({ method: 'eth_sign', params: [] })
        return 'answered'
      } catch (e) {
        return (e as Error).message
      }
    })
    expect(outcome).toContain('Requested RPC call is not allowed')
    await expect(page.getByText('Action not allowed')).toBeVisible()
  })

  shared('security: a page on another origin posting look-alike frame messages to the dapp changes nothing', async ({ page }) => {
    await resumeEmailConnected(page)
    const before = await page.evaluate(() => (window as any).latchkey.getState().account.address as string)
    await page.evaluate((src) => {
      const f = document.createElement('iframe')
      f.src = src
      f.id = 'foreign'
      document.body.append(f)
    }, foreignUrl)
    await expect.poll(() => page.frame({ url: foreignUrl })?.title(), { timeout: 15_000 }).toBe('done')
    // Still the same account; the frame is not shown (no approval opened); a read still answers from the real frame.
    expect(await page.evaluate(() => (window as any).latchkey.getState().account.address as string)).toBe(before)
    await expect(page.locator('iframe[data-latchkey-frame]')).toHaveCSS('opacity', '0')
    const accounts = await page.evaluate(() => (window as any).latchkey.getProvider('eip155').request({ method: 'eth_accounts' }))
    expect(accounts).toEqual([before])
  })

  shared("on a phone ApproveTransaction's body fits the frame's approval card (its content height, no empty band)", async ({ page }) => {
    await resumeEmailConnected(page)
    // Last but one on the shared page: the phone's width stays for the last test, which does not depend on it.
    await page.setViewportSize({ width: 390, height: 844 })
    const address = await page.evaluate(() => (window as any).latchkey.getState().account.address as string)
    // The request is answered (rejected) at the end: the test waits for that answer, so it never ends with it on its way.
    const signing = page.evaluate(
      (addr) =>
        (window as any).latchkey
          .getProvider('eip155')
          .request({ method: 'personal_sign', params: ['0x68656c6c6f', addr] })
          .then(
            () => 'signed',
            () => 'rejected',
          ),
      address,
    )
    const frame = page.frameLocator('iframe[data-latchkey-frame]')
    await expect(frame.getByRole('button', { name: /approve/i })).toBeVisible({ timeout: 20_000 })
    // The card can still be growing when its button shows: the slot and the card are measured together, until they agree.
    const slot = page.getByTestId('approve-transaction-slot')
    const card = frame.locator('.card')
    await expect
      .poll(async () => {
        const [slotBox, cardBox] = await Promise.all([slot.boundingBox(), card.boundingBox()])
        return Math.round(slotBox!.height) - Math.ceil(cardBox!.height + 32)
      })
      .toBe(0)
    expect((await slot.boundingBox())!.height).toBeLessThan(320)
    // The iframe covers exactly the slot, and the card's buttons are inside the dialog.
    const iframeBox = (await page.locator('iframe[data-latchkey-frame]').boundingBox())!
    expect(Math.abs(iframeBox.height - (await slot.boundingBox())!.height)).toBeLessThan(2)
    if (shots) await page.screenshot({ path: `${shots}/approve-phone-fit.png` })
    await frame.getByRole('button', { name: /reject/i }).click()
    expect(await signing).toBe('rejected')
    // The modal opened for the approval closes with it: waited for, so the next test never starts on a closing dialog.
    await expect(dialog(page, 'Approve Transaction')).toBeHidden()
  })

  shared('disconnect revokes the session: the secure site refuses the old JWT (401) and Connect asks for the email again', async ({ page }) => {
    await resumeEmailConnected(page)
    const token = await frameSessionToken(page)
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    const user = await page.request.get(`${secure}/api/user`, { headers: { authorization: `Bearer ${token}` } })
    expect(user.status()).toBe(200)
    await page.evaluate(() => (window as any).latchkey.disconnect())
    await expect(accountButton(page).address).toBeHidden({ timeout: 10_000 })
    const bearer = { authorization: `Bearer ${token}` }
    expect((await page.request.get(`${secure}/api/user`, { headers: bearer })).status()).toBe(401)
    expect((await page.request.post(`${secure}/api/rpc`, { headers: bearer, data: { method: 'personal_sign', params: ['0x00', `0x${'00'.repeat(20)}`], chainId: 31337 } })).status()).toBe(401)
    // The connect-status check answers, and says the token is no session.
    expect(await (await page.request.get(`${secure}/api/session`, { headers: bearer })).json()).toEqual({ isConnected: false })
    expect(await frameSessionToken(page)).toBeNull()
    await page.reload()
    const connect = await openConnectDialog(page)
    await expect(connect.getByRole('textbox', { name: 'Email' })).toHaveValue('')
    expect(await page.evaluate(() => (window as any).latchkey.getState().account.address ?? null)).toBeNull()
  })
})

// Screenshots of the email steps and the frame's approval, light/dark, desktop/phone (SHOTS_DIR=<dir> only).
for (const theme of ['light', 'dark'] as const) {
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    test(`screenshots: the email steps and the approval, ${theme}, ${device}`, async ({ page }) => {
      test.skip(!shots, 'SHOTS_DIR not set')
      test.setTimeout(60_000)
      await page.setViewportSize(viewport)
      await openCleanDemo(page, `/?theme=${theme}`)
      const name = `${theme}-${device}`
      const connect = await openConnectDialog(page)
      const email = `shot-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`
      await connect.getByRole('textbox', { name: 'Email' }).fill(email)
      await page.screenshot({ path: `${shots}/${name}-email.png` })
      await connect.getByRole('button', { name: 'Continue', exact: true }).click()
      await expect(connect.getByText('Approve this device')).toBeVisible({ timeout: 30_000 })
      await page.screenshot({ path: `${shots}/${name}-device.png` })
      let link: string | undefined
      await expect.poll(async () => (link = (await mails(page, email)).find((m) => m.link)?.link), { timeout: 20_000 }).toBeTruthy()
      await page.request.get(link!)
      await expect(accountButton(page).address).toBeVisible({ timeout: 30_000 })
      const address = await page.evaluate(() => (window as any).latchkey.getState().account.address as string)
      void page.evaluate(
        (addr) =>
          (window as any).latchkey
            .getProvider('eip155')
            .request({ method: 'personal_sign', params: ['0x68656c6c6f', addr] })
            .catch(() => {}),
        address,
      )
      const frame = page.frameLocator('iframe[data-latchkey-frame]')
      await expect(frame.getByRole('button', { name: /approve/i })).toBeVisible({ timeout: 20_000 })
      await page.screenshot({ path: `${shots}/${name}-approve.png` })
      await frame.getByRole('button', { name: /reject/i }).click()
    })
  }
}

/** Computed styles inside the secure frame's page (its own origin): the root's theme and the approval's colours. */
async function frameLooks(page: Page) {
  const frame = page.frames().find((f) => f.url().startsWith(`${secure}/frame`))
  if (!frame) throw new TestFailure('no secure frame on the page')
  return frame.evaluate(() => {
    const approve = document.querySelector('.approve')
    const main = document.querySelector('main')
    return {
      theme: document.documentElement.dataset.theme,
      approveBackground: approve ? getComputedStyle(approve).backgroundColor : undefined,
      approveRadius: approve ? getComputedStyle(approve).borderTopLeftRadius : undefined,
      mainBackground: main ? getComputedStyle(main).backgroundColor : undefined,
      fontFamily: getComputedStyle(document.body).fontFamily,
    }
  })
}

test('theme sync (spec §3): the theme set before the frame loads, then setThemeMode and setThemeVariables while it shows, reach the frame’s approval', async ({ demo: page }) => {
  test.setTimeout(90_000)
  // Set before the embedded wallet exists: the frame gets it on load (its ready sync).
  await page.evaluate(() => {
    const modal = (window as any).latchkey
    modal.setThemeMode('dark')
    modal.setThemeVariables({ accent: 'rgb(255, 0, 102)', borderRadiusMaster: '2px' })
  })
  await emailLogin(page)
  const address = await page.evaluate(() => (window as any).latchkey.getState().account.address as string)
  const signing = page.evaluate(async (addr) => {
    const provider = (window as any).latchkey.getProvider('eip155')
    try {
      await provider.request({ method: 'personal_sign', params: ['0x7468656d65', addr] })
      return 'signed'
    } catch (e) {
      return String((e as { code?: number }).code)
    }
  }, address)
  const frame = page.frameLocator('iframe[data-latchkey-frame]')
  await expect(frame.getByRole('button', { name: /approve/i })).toBeVisible({ timeout: 20_000 })
  await expect
    .poll(() => frameLooks(page))
    .toEqual({
      theme: 'dark',
      approveBackground: 'rgb(255, 0, 102)',
      approveRadius: '6px',
      // The spec's dark background (§9: #121313).
      mainBackground: 'rgb(18, 19, 19)',
      fontFamily: expect.any(String),
    })
  if (shots) await page.screenshot({ path: `${shots}/approve-theme-dark.png` })

  // Changed while the approval shows: the frame follows at once.
  await page.evaluate(() => {
    const modal = (window as any).latchkey
    modal.setThemeMode('light')
    modal.setThemeVariables({ accent: '#00a86b', background: '#fff8e7', fontFamily: 'Georgia, serif' })
  })
  await expect
    .poll(() => frameLooks(page))
    .toEqual({
      theme: 'light',
      approveBackground: 'rgb(0, 168, 107)',
      approveRadius: '6px',
      mainBackground: 'rgb(255, 248, 231)',
      fontFamily: 'Georgia, serif',
    })
  if (shots) await page.screenshot({ path: `${shots}/approve-theme-light.png` })
  await frame.getByRole('button', { name: /reject/i }).click()
  expect(await signing).toBe('4001')
})
