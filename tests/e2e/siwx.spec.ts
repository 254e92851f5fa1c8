/**
 * Sign in with the wallet (spec §2 sign-in prompt, §4 "Sign-in (SIWX)", §8 strings) on the demo with
 * "Require sign-in" (`?siwx=required`) or optional sign-in (`?siwx=optional`): the development wallet signs a
 * real EIP-4361 message, the reference server verifies it on anvil and issues the session.
 */
import { verifyMessage } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import {
  ACCOUNT_0,
  ACCOUNT_1,
  accountButton,
  analyticsEventNames,
  anyDialog,
  API_URL,
  approveWalletRequest,
  connectButton,
  dialog,
  expect,
  expectNoAxeViolations,
  liveState,
  openCleanDemo,
  rejectWalletRequest,
  resetApi,
  setApiBehaviour,
  siwxServerSession,
  storedSiwxSessions,
  test,
  toast,
  truncated,
  walletPanel,
  walletRequests,
} from './fixtures.ts'
import type { Locator, Page, Route } from '@playwright/test'
import { DEMO_HOST } from './stack.ts'
import { withSharedPage } from './sharedPage.ts'

// Every test starts with the server's SIWX nonces and sessions forgotten and its normal behaviour.
test.beforeEach(async ({ request }) => {
  await resetApi(request)
})
test.afterEach(async ({ request }) => {
  await resetApi(request)
})

/**
 * The start of each test: the demo with the sign-in `mode`, disconnected, without a sign-in session, the dev wallet not
 * connected to the site and on its account 0. A fresh page opens it clean. On a page a test before used (the describes
 * below share one per mode), what that test left is undone first as a visitor would undo it: a Sign In view still open
 * is cancelled (without a session in the connection, that disconnects), another dialog closed, a connected wallet
 * disconnected from Account (which signs out), the dev wallet put back on account 0. Then the start is asserted, so a
 * test that left anything else fails there rather than passing on a state it did not set up.
 */
async function startSignedOut(page: Page, mode: 'required' | 'optional') {
  if (page.url() === 'about:blank') {
    await openCleanDemo(page, `/?siwx=${mode}`)
    return
  }
  expect(new URL(page.url()).search).toBe(`?siwx=${mode}`)
  const sign = dialog(page, 'Sign In')
  if (await sign.isVisible()) {
    await signView(sign).cancel.click()
    await expect(sign).toHaveCount(0)
  }
  if ((await anyDialog(page).count()) > 0) await anyDialog(page).getByRole('button', { name: 'Close', exact: true }).click()
  await expect(anyDialog(page)).toHaveCount(0)
  if ((await liveState(page).status.textContent()) === 'connected') {
    await accountButton(page).address.click()
    await dialog(page, 'Account').getByRole('button', { name: 'Disconnect', exact: true }).click()
  }
  const account = walletPanel(page).getByRole('combobox', { name: 'Account' })
  if ((await account.inputValue()) !== '0') await account.selectOption('0')
  await expect(anyDialog(page)).toHaveCount(0)
  await expect(walletRequests(page)).toHaveCount(0)
  await expect(page.locator('.lk-toast')).toHaveCount(0)
  await expect(liveState(page).status).toHaveText('disconnected')
  await expect(connectButton(page)).toBeVisible()
  await expect(page.getByTestId('dev-wallet-status')).toContainText('Not connected')
  await expect(account).toHaveValue('0')
  await expect(siwxPanel(page).phase).toHaveText('idle')
  await expect.poll(() => storedSiwxSessions(page)).toBeNull()
}

/** From the signed-out start ({@link startSignedOut}), connects the dev wallet and waits for the sign view. */
async function connectToSignView(page: Page, mode: 'required' | 'optional') {
  await startSignedOut(page, mode)
  await connectButton(page).click()
  await dialog(page, 'Connect Wallet').getByRole('button', { name: 'Latchkey Dev Wallet', exact: true }).click()
  await approveWalletRequest(page, 'Connect to this site?')
  const sign = dialog(page, 'Sign In')
  await expect(sign).toBeVisible()
  return sign
}

/** The Sign In view's controls. */
function signView(sign: Locator) {
  return {
    sign: sign.getByRole('button', { name: 'Sign', exact: true }),
    cancel: sign.getByRole('button', { name: 'Cancel', exact: true }),
    close: sign.getByRole('button', { name: 'Close', exact: true }),
    error: sign.getByRole('alert'),
    status: sign.getByRole('status'),
    address: sign.getByTestId('siwx-address'),
    network: sign.getByTestId('siwx-network'),
  }
}

/** The demo's sign-in panel. */
function siwxPanel(page: Page) {
  return {
    phase: page.getByTestId('siwx-phase'),
    address: page.getByTestId('siwx-session-address'),
    network: page.getByTestId('siwx-session-network'),
  }
}

/** Presses Sign, approves 'Sign message?' in the dev wallet and waits until the modal has closed, signed in. */
async function signAndApprove(page: Page, sign: Locator, network = 'eip155:31337') {
  await signView(sign).sign.click()
  await approveWalletRequest(page, 'Sign message?')
  await expect(anyDialog(page)).toHaveCount(0)
  await expect(siwxPanel(page).phase).toHaveText('signedIn')
  await expect(siwxPanel(page).network).toHaveText(network)
}

/** Connects in required mode and signs in on Anvil Local (31337). */
async function connectAndSignIn(page: Page, mode: 'required' | 'optional' = 'required') {
  const sign = await connectToSignView(page, mode)
  await signAndApprove(page, sign)
}

/** Tries to close the modal in the way `how`, and expects it to shake and stay on the Sign In view. */
async function expectCloseRefused(page: Page, sign: Locator, how: () => Promise<void>, what: string) {
  await expect(sign, `before ${what}`).toHaveAttribute('data-shaking', 'false')
  await how()
  await expect(sign, `shakes on ${what}`).toHaveAttribute('data-shaking', 'true')
  // The shake lasts 500 ms; the modal is still there after it.
  await expect(sign, `after ${what}`).toHaveAttribute('data-shaking', 'false')
  await expect(sign, `after ${what}`).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { latchkey: { getState(): { open: boolean } } }).latchkey.getState().open), `open after ${what}`).toBe(true)
}

// The tests that start from the signed-out demo in one mode share a page per mode (startSignedOut: no dialog, no
// wallet request, no toast, disconnected, no sign-in session, the dev wallet not connected to the site and on account 0).
// Those that reload, that end on a Sign In view Cancel cannot leave (the wallet refusing to switch back), or that leave
// a second account's session keep a page of their own.
test.describe('required sign-in, on one page', () => {
  const shared = withSharedPage(test)

  shared('required: connect, sign a real EIP-4361 message, the server verifies it, the modal closes and the session shows', async ({ page }) => {
    const sign = await connectToSignView(page, 'required')
    await expect(sign).toContainText('Cancelling disconnects your wallet.')
    await sign.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect(walletPanel(page)).toContainText('wants you to sign in with your Ethereum account')
    await approveWalletRequest(page, 'Sign message?')
    await expect(anyDialog(page)).toHaveCount(0)
    await expect(page.getByTestId('siwx-phase')).toHaveText('signedIn')
    await expect(page.getByTestId('siwx-session-network')).toHaveText('eip155:31337')
    await expect(liveState(page).status).toHaveText('connected')
    await expect(accountButton(page).address).toBeVisible()
  })

  shared('the Sign In view names the account and network, says where signing is, and the stored session shows on the page', async ({ page }) => {
    const sign = await connectToSignView(page, 'required')
    const view = signView(sign)
    await expect(view.address).toHaveText(truncated(ACCOUNT_0))
    await expect(view.address).toHaveAttribute('title', ACCOUNT_0)
    await expect(view.network).toHaveText('Anvil Local')
    await expect(view.error).toHaveCount(0)
    await expect(siwxPanel(page).phase).toHaveText('prompting')
    // The nonce and the verification are held until the test has seen each step's status line (a fixed delay would be
    // over before a busy machine's next look), then let through to the real server.
    const nonce = await holdApiRequest(page, '/siwx/v1/nonce')
    const verify = await holdApiRequest(page, '/siwx/v1/verify')
    await view.sign.click()
    await expect(view.status).toHaveText('Preparing the message…')
    await expect(siwxPanel(page).phase).toHaveText('creatingMessage')
    await nonce.release()
    // Sign waits; Cancel stays: the server or the wallet may never answer.
    await expect(view.sign).toBeDisabled()
    await expect(view.cancel).toBeEnabled()
    await expect(view.status).toHaveText('Sign the message in your wallet')
    await expect(siwxPanel(page).phase).toHaveText('awaitingSignature')
    await expect(view.sign).toBeDisabled()
    await expect(view.cancel).toBeEnabled()
    await approveWalletRequest(page, 'Sign message?')
    await expect(view.status).toHaveText('Verifying the signature…')
    await expect(siwxPanel(page).phase).toHaveText('verifying')
    await verify.release()
    await expect(anyDialog(page)).toHaveCount(0)
    await expect(siwxPanel(page).phase).toHaveText('signedIn')
    await expect(siwxPanel(page).address).toHaveText(new RegExp(`^${ACCOUNT_0}$`, 'i'))
    await expect(siwxPanel(page).network).toHaveText('eip155:31337')
    await expect(liveState(page).status).toHaveText('connected')
    const session = await page.evaluate(() => (window as unknown as { latchkey: { getSiwxSession(): { data: { chainId: string } } | undefined } }).latchkey.getSiwxSession())
    expect(session?.data.chainId).toBe('eip155:31337')
  })

  shared('the signed message is a real EIP-4361 message for this page and chain whose signature verifies; the server knows the session and SIWX_AUTH_SUCCESS is tracked', async ({ page, request }) => {
    const nonceRequests: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().startsWith(`${API_URL}/siwx/v1/nonce`)) nonceRequests.push(r.url())
    })
    await connectAndSignIn(page)
    expect(nonceRequests).toHaveLength(1)

    const stored = await storedSiwxSessions(page)
    expect(stored).toHaveLength(1)
    const [session] = stored!
    const { host, origin } = await page.evaluate(() => ({ host: location.host, origin: location.origin }))
    expect(host).toBe(DEMO_HOST)

    // The text the wallet signed, line by line (EIP-4361).
    const lines = session!.message.split('\n')
    expect(lines[0]).toBe(`${host} wants you to sign in with your Ethereum account:`)
    expect(lines[1]!.toLowerCase()).toBe(ACCOUNT_0.toLowerCase())
    expect(lines).toContain(`URI: ${origin}`)
    expect(lines).toContain('Version: 1')
    expect(lines).toContain('Chain ID: 31337')
    expect(lines).toContain('Sign in to the Latchkey demo.')
    expect(lines.find((l) => l.startsWith('Nonce: '))).toBe(`Nonce: ${session!.data.nonce}`)
    expect(session!.data.serializedMessage).toBe(session!.message)

    const parsed = parseSiweMessage(session!.message)
    expect(parsed.domain).toBe(host)
    expect(parsed.uri).toBe(origin)
    expect(parsed.chainId).toBe(31337)
    expect(parsed.address?.toLowerCase()).toBe(ACCOUNT_0.toLowerCase())
    expect(parsed.version).toBe('1')
    expect(parsed.issuedAt).toBeInstanceOf(Date)
    expect(parsed.expirationTime!.getTime()).toBeGreaterThan(Date.now())

    // The signature is ACCOUNT_0's over that exact text (EIP-191 personal_sign), and over no other text.
    expect(await verifyMessage({ address: ACCOUNT_0, message: session!.message, signature: session!.signature })).toBe(true)
    expect(await verifyMessage({ address: ACCOUNT_1, message: session!.message, signature: session!.signature })).toBe(false)
    expect(await verifyMessage({ address: ACCOUNT_0, message: `${session!.message} `, signature: session!.signature })).toBe(false)

    // The server issued that token for this address and chain.
    const server = await siwxServerSession(request, session!.token)
    expect(server.status).toBe(200)
    const body = server.body as { session: { address: string; chainId: string } }
    expect(body.session.address.toLowerCase()).toBe(ACCOUNT_0.toLowerCase())
    expect(body.session.chainId).toBe('eip155:31337')

    await expect.poll(() => analyticsEventNames(request)).toContain('SIWX_AUTH_SUCCESS')
  })

  shared('required: rejecting the signature keeps the Sign In view without an error, the modal cannot be closed, and Sign then works', async ({ page }) => {
    const sign = await connectToSignView(page, 'required')
    const view = signView(sign)
    await view.sign.click()
    await rejectWalletRequest(page, 'Sign message?')
    await expect(siwxPanel(page).phase).toHaveText('prompting')
    await expect(sign).toBeVisible()
    await expect(view.error).toHaveCount(0)
    await expect(view.sign).toBeEnabled()
    await expect(sign).toContainText('Cancelling disconnects your wallet.')
    await expect(liveState(page).status).toHaveText('connected')

    await expectCloseRefused(page, sign, () => page.keyboard.press('Escape'), 'Escape')
    await expectCloseRefused(page, sign, () => view.close.click(), 'the close button')
    // The overlay around the dialog (its top-left corner, away from the dialog and the dev wallet panel).
    await expectCloseRefused(page, sign, () => page.locator('[data-testid="latchkey-modal"] .lk-overlay').click({ position: { x: 5, y: 5 } }), 'a click on the overlay')
    await expectCloseRefused(page, sign, () => page.evaluate(() => (window as unknown as { latchkey: { close(): void } }).latchkey.close()), 'latchkey.close()')
    await expect(liveState(page).status).toHaveText('connected')
    expect(await storedSiwxSessions(page)).toBeNull()

    await signAndApprove(page, sign)
    expect(await storedSiwxSessions(page)).toHaveLength(1)
  })

  shared('required: Cancel on another chain after signing in returns the wallet to chain 31337, whose session stays in force', async ({ page }) => {
    await connectAndSignIn(page)
    // Switch to Anvil Local 2 from the Account view: no session there, so Sign In shows for 31338.
    await accountButton(page).address.click()
    await dialog(page, 'Account').getByRole('button', { name: 'Switch network (Anvil Local)', exact: true }).click()
    await dialog(page, 'Switch Network').getByRole('button', { name: 'Anvil Local 2', exact: true }).click()
    await approveWalletRequest(page, 'Switch to chain 31338?')
    await expect(liveState(page).network).toHaveText('eip155:31338')
    const sign = dialog(page, 'Sign In')
    await expect(sign).toBeVisible()
    await expect(signView(sign).network).toHaveText('Anvil Local 2')
    await expect(siwxPanel(page).phase).toHaveText('prompting')
    // A session exists in this connection: cancelling does not disconnect.
    await expect(sign).not.toContainText('Cancelling disconnects your wallet.')
    // Still required: the modal cannot be closed on 31338.
    await expectCloseRefused(page, sign, () => page.keyboard.press('Escape'), 'Escape')

    await signView(sign).cancel.click()
    // The sign view stays, says where the wallet goes, and still cannot be closed until the session is found.
    await expect(sign.getByRole('status')).toHaveText('Switch back to Anvil Local in your wallet, where you are signed in')
    await expect(siwxPanel(page).phase).toHaveText('returning')
    await expectCloseRefused(page, sign, () => page.keyboard.press('Escape'), 'Escape')
    await approveWalletRequest(page, 'Switch to chain 31337?')
    await expect(liveState(page).network).toHaveText('eip155:31337')
    await expect(anyDialog(page)).toHaveCount(0)
    await expect(liveState(page).status).toHaveText('connected')
    await expect(siwxPanel(page).phase).toHaveText('signedIn')
    await expect(siwxPanel(page).network).toHaveText('eip155:31337')
    const stored = await storedSiwxSessions(page)
    expect(stored?.map((s) => s.data.chainId)).toEqual(['eip155:31337'])
  })

  shared('a failing verification shows "Error signing message" on the Sign In view, and Sign works again once the server is back', async ({ page, request }) => {
    const sign = await connectToSignView(page, 'required')
    const view = signView(sign)
    await setApiBehaviour(request, { mode: 'status', status: 500, paths: ['/siwx/v1/verify'] })
    await view.sign.click()
    await approveWalletRequest(page, 'Sign message?')
    await expect(view.error).toHaveText('Error signing message')
    await expect(siwxPanel(page).phase).toHaveText('prompting')
    await expect(sign).toBeVisible()
    await expect(view.sign).toBeEnabled()
    await expect(liveState(page).status).toHaveText('connected')
    expect(await storedSiwxSessions(page)).toBeNull()
    // Still required: the modal cannot be closed.
    await expectCloseRefused(page, sign, () => page.keyboard.press('Escape'), 'Escape')

    await setApiBehaviour(request, { mode: 'normal' })
    await view.sign.click()
    // A new attempt clears the message.
    await expect(view.error).toHaveCount(0)
    await approveWalletRequest(page, 'Sign message?')
    await expect(anyDialog(page)).toHaveCount(0)
    await expect(siwxPanel(page).phase).toHaveText('signedIn')
    expect(await storedSiwxSessions(page)).toHaveLength(1)
  })

  shared('the Sign In view has no axe violations, with and without the error message', async ({ page, request }) => {
    const sign = await connectToSignView(page, 'required')
    await expect(signView(sign).sign).toBeEnabled()
    await expectNoAxeViolations(page, 'Sign In')
    await setApiBehaviour(request, { mode: 'status', status: 500, paths: ['/siwx/v1/verify'] })
    await signView(sign).sign.click()
    await approveWalletRequest(page, 'Sign message?')
    await expect(signView(sign).error).toHaveText('Error signing message')
    await expectNoAxeViolations(page, 'Sign In with "Error signing message"')
  })

  shared('disconnect signs out: the stored session is removed and the server answers 401 for its token', async ({ page, request }) => {
    await connectAndSignIn(page)
    const [session] = (await storedSiwxSessions(page))!
    expect((await siwxServerSession(request, session!.token)).status).toBe(200)

    await accountButton(page).address.click()
    await dialog(page, 'Account').getByRole('button', { name: 'Disconnect', exact: true }).click()
    await expect(liveState(page).status).toHaveText('disconnected')
    await expect(siwxPanel(page).phase).toHaveText('idle')
    await expect(siwxPanel(page).address).toHaveCount(0)
    await expect.poll(() => storedSiwxSessions(page)).toBeNull()
    await expect.poll(async () => (await siwxServerSession(request, session!.token)).status).toBe(401)
  })

  shared('required: Cancel without a session in this connection disconnects the wallet', async ({ page }) => {
    const sign = await connectToSignView(page, 'required')
    await expect(sign).toContainText('Cancelling disconnects your wallet.')
    await signView(sign).cancel.click()
    await expect(liveState(page).status).toHaveText('disconnected')
    await expect(connectButton(page)).toBeVisible()
    // The wallet was told (wallet_revokePermissions), as for a Disconnect from Account.
    await expect(page.getByTestId('dev-wallet-status')).toContainText('Not connected')
    await expect(anyDialog(page)).toHaveCount(0)
    await expect(siwxPanel(page).phase).toHaveText('idle')
    expect(await storedSiwxSessions(page)).toBeNull()
  })
})

test.describe('optional sign-in, on one page', () => {
  const shared = withSharedPage(test)

  shared('optional: rejecting the signature cancels: the modal closes, the wallet stays connected, no session', async ({ page }) => {
    const sign = await connectToSignView(page, 'optional')
    await expect(sign).not.toContainText('Cancelling disconnects your wallet.')
    await signView(sign).sign.click()
    await rejectWalletRequest(page, 'Sign message?')
    await expect(anyDialog(page)).toHaveCount(0)
    await expect(siwxPanel(page).phase).toHaveText('idle')
    await expect(siwxPanel(page).address).toHaveCount(0)
    await expect(liveState(page).status).toHaveText('connected')
    await expect(accountButton(page).address).toBeVisible()
    expect(await storedSiwxSessions(page)).toBeNull()
  })

  shared('optional: Cancel closes the modal, the wallet stays connected, sign-in idle', async ({ page }) => {
    const sign = await connectToSignView(page, 'optional')
    await signView(sign).cancel.click()
    await expect(anyDialog(page)).toHaveCount(0)
    await expect(liveState(page).status).toHaveText('connected')
    await expect(siwxPanel(page).phase).toHaveText('idle')
    await expect(siwxPanel(page).address).toHaveCount(0)
    await expect(walletRequests(page)).toHaveCount(0)
    expect(await storedSiwxSessions(page)).toBeNull()
  })

  shared('optional: closing the Sign In view (Escape) is a cancel: the modal closes, the wallet stays connected', async ({ page }) => {
    const sign = await connectToSignView(page, 'optional')
    await expect(sign).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(anyDialog(page)).toHaveCount(0)
    await expect(liveState(page).status).toHaveText('connected')
    await expect(siwxPanel(page).phase).toHaveText('idle')
    expect(await storedSiwxSessions(page)).toBeNull()
  })
})

test('reload with a stored session: still connected and signed in, the server is asked with the token, no Sign In prompt, no wallet request', async ({ page }) => {
  await connectAndSignIn(page)
  const [session] = (await storedSiwxSessions(page))!
  const sessionChecks: Array<string | undefined> = []
  page.on('request', (r) => {
    if (r.method() === 'GET' && r.url().startsWith(`${API_URL}/siwx/v1/session`)) sessionChecks.push(r.headers().authorization)
  })
  await page.reload()
  await expect(liveState(page).status).toHaveText('connected')
  await expect(siwxPanel(page).phase).toHaveText('signedIn')
  await expect(siwxPanel(page).network).toHaveText('eip155:31337')
  expect(sessionChecks).toContain(`Bearer ${session!.token}`)
  await expect(anyDialog(page)).toHaveCount(0)
  await expect(walletRequests(page)).toHaveCount(0)
  expect(await storedSiwxSessions(page)).toEqual([session])
  // Opening the modal shows the account, not a sign view.
  await accountButton(page).address.click()
  await expect(dialog(page, 'Account')).toBeVisible()
})

test('required: Cancel on another chain, the wallet refuses to switch back: the prompt again, still unclosable', async ({ page }) => {
  await connectAndSignIn(page)
  await page.evaluate(() => (window as unknown as { latchkey: { switchNetwork(id: string): void } }).latchkey.switchNetwork('eip155:31338'))
  await approveWalletRequest(page, 'Switch to chain 31338?')
  const sign = dialog(page, 'Sign In')
  await expect(sign).toBeVisible()
  await signView(sign).cancel.click()
  await rejectWalletRequest(page, 'Switch to chain 31337?')
  await expect(siwxPanel(page).phase).toHaveText('prompting')
  await expect(liveState(page).network).toHaveText('eip155:31338')
  await expectCloseRefused(page, sign, () => page.keyboard.press('Escape'), 'Escape')
  await expect(liveState(page).status).toHaveText('connected')
})

test("another account in the wallet is not signed in by the first one's session: Sign In shows for the new address", async ({ page }) => {
  await connectAndSignIn(page)
  await walletPanel(page).getByRole('combobox', { name: 'Account' }).selectOption('1')
  await expect(liveState(page).address).toHaveText(ACCOUNT_1)
  const sign = dialog(page, 'Sign In')
  await expect(sign).toBeVisible()
  await expect(signView(sign).address).toHaveText(truncated(ACCOUNT_1))
  await expect(signView(sign).address).toHaveAttribute('title', ACCOUNT_1)
  await expect(siwxPanel(page).phase).toHaveText('prompting')
  await expect(siwxPanel(page).address).toHaveCount(0)

  await signAndApprove(page, sign)
  await expect(siwxPanel(page).address).toHaveText(new RegExp(`^${ACCOUNT_1}$`, 'i'))
  const stored = await storedSiwxSessions(page)
  expect(stored?.map((s) => s.data.accountAddress.toLowerCase()).sort()).toEqual([ACCOUNT_0.toLowerCase(), ACCOUNT_1.toLowerCase()].sort())
  const mine = stored!.find((s) => s.data.accountAddress.toLowerCase() === ACCOUNT_1.toLowerCase())!
  expect(await verifyMessage({ address: ACCOUNT_1, message: mine.message, signature: mine.signature })).toBe(true)
})

test('a failing session check at reload shows "A problem occurred while trying initialize authentication" and disconnects the wallet', async ({ page, request }) => {
  await connectAndSignIn(page)
  await setApiBehaviour(request, { mode: 'status', status: 500, paths: ['/siwx/v1/session'] })
  await page.reload()
  await expect(toast(page, 'A problem occurred while trying initialize authentication')).toBeVisible()
  await expect(liveState(page).status).toHaveText('disconnected')
  await expect(connectButton(page)).toBeVisible()
  await expect(siwxPanel(page).phase).toHaveText('idle')
  await expect(dialog(page, 'Sign In')).toHaveCount(0)
  await expect(walletRequests(page)).toHaveCount(0)
  // The view was reset: opening shows Connect.
  await setApiBehaviour(request, { mode: 'normal' })
  await connectButton(page).click()
  await expect(dialog(page, 'Connect Wallet')).toBeVisible()
})

/**
 * Holds the page's requests to the reference API's `path` (the first one and any after it) until `release()`: they,
 * and any later one, then go on to the real server.
 */
async function holdApiRequest(page: Page, path: string): Promise<{ release(): Promise<void> }> {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  const matches = (url: URL) => url.href.startsWith(API_URL) && url.pathname.endsWith(path)
  const handler = async (route: Route) => {
    await opened
    await route.continue()
  }
  await page.route(matches, handler)
  return {
    async release() {
      open()
    },
  }
}
