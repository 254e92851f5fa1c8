/**
 * The modal on a page with a strict Content-Security-Policy and Trusted Types enforced, as a security-minded dapp
 * serves it: demo/csp.html (the demo with nothing inline) comes from the e2e static server with
 * `default-src 'self'; script-src 'self'; style-src 'self'; require-trusted-types-for 'script'` plus the stack's
 * loopback services (tests/e2e/demo-build.ts `strictCsp`). No `'unsafe-inline'`, no `'unsafe-eval'`.
 *
 * Connecting the dev browser wallet, sending, swapping, the email login through the secure site's frame and a
 * WalletConnect pairing all work there, and neither the page nor its frames report a CSP violation: every
 * `securitypolicyviolation` event (listened for before any script of each frame runs) and every console error or page
 * error about CSP or Trusted Types fails the test. The first test shows the watch catches what it should.
 */
import type { Frame, Page } from '@playwright/test'
import { parseEther } from 'viem'
import {
  ACCOUNT_0,
  accountButton,
  anvilBalanceWei,
  anvilTokenBalance,
  anyDialog,
  approveWalletRequest,
  connectButton,
  connectDevWallet,
  dialog,
  emailLogin,
  expect,
  freshAddress,
  liveState,
  openCleanDemo,
  openConnectDialog,
  openConnected,
  test,
} from './fixtures.ts'
import { openSendForm, reviewSend, scanQr } from './steps.ts'
import { STRICT_CSP_PAGE } from './demo-build.ts'
import { shootThemes } from './shots.ts'
import { DEMO_ORIGIN } from './stack.ts'

/** The strict-CSP demo page (`/csp` serves demo/csp.html). */
const CSP_PATH = '/csp'

/** One CSP report: from a `securitypolicyviolation` event, the console, or an uncaught page error. */
type CspReport = { where: string; what: string }

/** What the page and its frames reported so far (see {@link watchCsp}). */
type CspWatch = { reports(): Promise<CspReport[]> }

/**
 * Watches `page` for CSP trouble from before its first script: a `securitypolicyviolation` listener in every frame
 * (an init script; the events bubble and are composed, so violations inside the modal's shadow roots reach it), the
 * console's errors and the page errors that name CSP or Trusted Types.
 */
async function watchCsp(page: Page): Promise<CspWatch> {
  const seen: CspReport[] = []
  const aboutCsp = /Content Security Policy|Content-Security-Policy|Trusted ?Type|unsafe-eval|unsafe-inline/i
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && aboutCsp.test(message.text())) seen.push({ where: `console ${message.location().url}`, what: message.text() })
  })
  page.on('pageerror', (error) => {
    if (aboutCsp.test(`${error.name} ${error.message}`)) seen.push({ where: 'pageerror', what: `${error.name}: ${error.message}` })
  })
  await page.addInitScript(() => {
    const reports: string[] = []
    ;(window as unknown as { __cspReports: string[] }).__cspReports = reports
    window.addEventListener('securitypolicyviolation', (e) => reports.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber} sample ${JSON.stringify(e.sample)}`), true)
  })
  const fromFrame = async (frame: Frame): Promise<CspReport[]> => {
    const reports = await frame.evaluate(() => (window as unknown as { __cspReports?: string[] }).__cspReports ?? []).catch(() => [])
    return reports.map((what) => ({ where: `securitypolicyviolation in ${frame.url()}`, what }))
  }
  return {
    async reports() {
      const frames = await Promise.all(page.frames().map(fromFrame))
      return [...seen, ...frames.flat()]
    },
  }
}

/** Fails with every report when the page or a frame reported a CSP violation. */
async function expectNoCspViolation(watch: CspWatch): Promise<void> {
  const reports = await watch.reports()
  expect(reports, `CSP reports:\n${reports.map((r) => `  ${r.where}: ${r.what}`).join('\n')}`).toEqual([])
}

/** The modal's shadow root as a test reads it: adopted sheets, `<style>` elements, the dialog's computed look. */
function modalStyling(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('[data-testid="latchkey-modal"]')?.shadowRoot
    const dlg = root?.querySelector('[role="dialog"]')
    const look = dlg ? getComputedStyle(dlg) : undefined
    return {
      adopted: root?.adoptedStyleSheets.length ?? 0,
      styleElements: root?.querySelectorAll('style').length ?? -1,
      radius: look?.borderTopLeftRadius,
      overlayPosition: root?.querySelector('.lk-overlay') ? getComputedStyle(root.querySelector('.lk-overlay')!).position : undefined,
    }
  })
}

let watch: CspWatch
test.beforeEach(async ({ page }) => {
  watch = await watchCsp(page)
})

test('the page is served with the strict policy and enforces it: an inline <style>, an HTML string sink and eval are refused, and the watch reports them', async ({ page }) => {
  const response = await page.goto(CSP_PATH)
  const policy = response?.headers()['content-security-policy'] ?? ''
  for (const directive of ["default-src 'self'", "script-src 'self'", "style-src 'self'", "require-trusted-types-for 'script'"]) expect(policy).toContain(directive)
  expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|nonce-|strict-dynamic/)
  expect(new URL(response!.url()).pathname).toBe(CSP_PATH)
  expect(STRICT_CSP_PAGE).toBe(`${CSP_PATH}.html`)
  await expect(connectButton(page)).toBeVisible()

  // Run from a task of the page: code evaluated by the test itself is exempt from the eval rule (DevTools' own
  // evaluation), a callback the page's event loop calls is not.
  const refused = await page.evaluate(
    () =>
      new Promise((resolve) =>
        setTimeout(() => {
          const outcome = (run: () => unknown) => {
            try {
              run()
              return 'ran'
            } catch (error) {
              return (error as Error).name
            }
          }
          const style = document.createElement('style')
          style.textContent = '#csp-probe { color: red; }'
          document.head.append(style)
          resolve({
            html: outcome(() => document.body.insertAdjacentHTML('beforeend', '<b id="csp-probe">x</b>')),
            // biome-ignore lint/security/noGlobalEval: the probe that the page's policy refuses eval
            eval: outcome(() => (0, eval)('1 + 1')),
            func: outcome(() => new Function('return 1')),
          })
        }),
      ),
  )
  expect(refused).toEqual({ html: 'TypeError', eval: 'EvalError', func: 'EvalError' })
  const reported = async () => (await watch.reports()).map((r) => r.what).join('\n')
  await expect.poll(reported).toMatch(/style-src-elem blocked inline/)
  await expect.poll(reported).toMatch(/Applying inline style violates/)
  await expect.poll(reported).toMatch(/require-trusted-types-for blocked trusted-types-sink .*insertAdjacentHTML/)
  await expect.poll(reported).toMatch(/require-trusted-types-for blocked trusted-types-sink .*eval/)
})

test.describe('journeys under the strict policy report no violation', () => {
  test.afterEach(async () => {
    await expectNoCspViolation(watch)
  })

  test('connect the dev browser wallet: the modal is styled from adopted sheets, no <style> in its shadow root', async ({ page }) => {
    await openCleanDemo(page, CSP_PATH)
    const connect = await openConnectDialog(page)
    await expect(connect.getByRole('button', { name: 'Latchkey Dev Wallet', exact: true })).toBeVisible()
    const styling = await modalStyling(page)
    // The shell's sheet and the views' sheet, no inline <style>, and the CSS applies (the dialog's rounded corners, the
    // fixed overlay): an unstyled dialog would have neither.
    expect(styling).toMatchObject({ styleElements: 0, overlayPosition: 'fixed' })
    expect(styling.adopted).toBeGreaterThanOrEqual(2)
    expect(Number.parseFloat(styling.radius ?? '0')).toBeGreaterThan(0)
    await shootThemes(page, 'csp-connect')
    await page.keyboard.press('Escape')
    await expect(anyDialog(page)).toHaveCount(0)
    await connectDevWallet(page)
    await expect(liveState(page).address).toHaveText(ACCOUNT_0)
    await accountButton(page).address.click()
    await expect(dialog(page, 'Account')).toBeVisible()
    await shootThemes(page, 'csp-account')
  })

  test('send ETH (starting connected): the receiver gets the exact amount', async ({ page }) => {
    await openConnected(page, { path: CSP_PATH })
    const receiver = freshAddress()
    const send = await openSendForm(page)
    const preview = await reviewSend(send, { amount: '0.0321', to: receiver })
    await expect(preview.getByTestId('send-preview-fee')).toHaveText(/^\d+(\.\d+)? ETH$/)
    await preview.getByRole('button', { name: 'Send', exact: true }).click()
    await approveWalletRequest(page, 'Send transaction?')
    await expect(dialog(page, 'Account')).toBeVisible()
    await expect(page.getByRole('status').getByText('Transaction sent', { exact: true })).toBeVisible()
    expect(await anvilBalanceWei(receiver)).toBe(parseEther('0.0321'))
  })

  test('swap ETH → DEV (starting connected): one prompt, the DEV arrives', async ({ page }) => {
    await openConnected(page, { path: CSP_PATH })
    const before = await anvilTokenBalance('DEV', ACCOUNT_0)
    await accountButton(page).address.click()
    await dialog(page, 'Account').getByRole('button', { name: 'Swap', exact: true }).click()
    const swap = dialog(page, 'Swap')
    await swap.getByRole('button', { name: /^You receive: / }).click()
    await dialog(page, 'Select Token')
      .getByRole('button', { name: /^DEV\b/ })
      .first()
      .click()
    await swap.getByTestId('swap-amount').fill('0.05')
    await expect(swap.getByRole('button', { name: 'Review swap' })).toBeEnabled({ timeout: 15_000 })
    await swap.getByRole('button', { name: 'Review swap' }).click()
    const review = dialog(page, 'Review Swap')
    await expect(review.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled({ timeout: 15_000 })
    await review.getByRole('button', { name: 'Swap', exact: true }).click()
    await approveWalletRequest(page, 'Send transaction?')
    await expect(dialog(page, 'Account')).toBeVisible({ timeout: 20_000 })
    expect(await anvilTokenBalance('DEV', ACCOUNT_0)).toBeGreaterThan(before)
  })

  test("email login through the secure site's frame: the embedded wallet's address shows", async ({ page }) => {
    await openCleanDemo(page, CSP_PATH)
    const address = await emailLogin(page, 'csp')
    await expect(liveState(page).address).toHaveText(address)
    expect(page.frames().some((frame) => frame !== page.mainFrame() && frame.url().includes('/frame'))).toBe(true)
  })

  test('WalletConnect pairing: the QR code is scanned by the mobile wallet, which approves; the page connects', async ({ page }) => {
    test.setTimeout(90_000)
    await openCleanDemo(page, CSP_PATH)
    await connectButton(page).click()
    await dialog(page, 'Connect Wallet').getByRole('button', { name: 'WalletConnect', exact: true }).click()
    const uri = await scanQr(dialog(page, 'WalletConnect').getByTestId('pairing-qr'))
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    // The phone: the development mobile wallet in a page of its own (not the dapp's page, so not under its policy).
    const wallet = await page.context().newPage()
    await wallet.goto(`${DEMO_ORIGIN}/mobile-wallet.html`)
    await wallet.getByRole('textbox', { name: 'WalletConnect URI' }).fill(uri)
    await wallet.getByRole('button', { name: 'Pair' }).click()
    const proposal = wallet.getByRole('region', { name: 'Session proposal' }).first()
    await proposal.getByRole('button', { name: 'Approve' }).click()
    await expect(liveState(page).status).toHaveText('connected')
    await expect(liveState(page).address).toHaveText(ACCOUNT_0)
    await expect(anyDialog(page)).toHaveCount(0)
    await wallet.close()
  })
})
