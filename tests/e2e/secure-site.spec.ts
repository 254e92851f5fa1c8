/**
 * The secure site's frame page in Chromium, against the e2e stack (playwright.config.ts: the secure
 * site, its SMTP server): the frame renders and speaks only under an allowed ancestor
 * (CSP frame-ancestors plus the origin check of every message), an email login with the mailed device link, and the
 * frame's own approval UI signing a message that verifies with viem. The allowed parent is the demo's origin (its page
 * replaced with `document.write`); the foreign parent is a server of this file on another loopback port. (Parents
 * fulfilled by `page.route` do not do: Chromium's local network access checks block their loopback iframes.)
 * Screenshots of the approval UI (desktop and phone, light and dark) with SECURE_SHOTS=<dir>.
 */
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import type { Frame, Page } from '@playwright/test'
import { hashMessage, recoverAddress, toHex } from 'viem'
import type { Hex } from 'viem'
import { DEMO_ORIGIN, SECURE_SITE_URL } from './stack.ts'
import { TestFailure } from '../harness/failures.ts'

const secure = SECURE_SITE_URL
const allowedParent = `${DEMO_ORIGIN}/`
const frameUrl = `${secure}/frame?projectId=e2e&chainId=31337&version=4&enableLogger=false`

/** A parent page that frames the secure site and can post requests to it (`window.ask`), collecting what comes back. */
const parentHtml = (width: number, height: number) => `<!doctype html><html><head><meta charset="utf-8"><title>parent</title>
<style>body{margin:0;font-family:system-ui} iframe{border:0;width:${width}px;height:${height}px;display:block;margin:24px auto;border-radius:16px;box-shadow:0 4px 24px #0003}</style></head>
<body><iframe id="f" src="${frameUrl}" title="secure frame"></iframe>
<script>
  window.received = []
  const waiters = new Map()
  window.addEventListener('message', (e) => {
    if (e.origin !== ${JSON.stringify(secure)} || e.source !== document.getElementById('f').contentWindow) return
    window.received.push(e.data)
    if (e.data && e.data.id && waiters.has(e.data.id) && !String(e.data.type).startsWith('FRAME_RPC_APPROVAL')) { waiters.get(e.data.id)(e.data); waiters.delete(e.data.id) }
  })
  window.ask = (type, payload) => new Promise((resolve) => {
    const id = crypto.randomUUID()
    waiters.set(id, resolve)
    document.getElementById('f').contentWindow.postMessage({ id, type, payload }, ${JSON.stringify(secure)})
  })
  window.askId = (type, payload) => {
    const id = crypto.randomUUID()
    window['reply:' + id] = new Promise((resolve) => waiters.set(id, resolve))
    document.getElementById('f').contentWindow.postMessage({ id, type, payload }, ${JSON.stringify(secure)})
    return id
  }
</script></body></html>`

/** The foreign parent: a loopback server on a port of its own, not among the allowed ancestors. */
let foreign: Server
let foreignParent = ''
test.beforeAll(async () => {
  foreign = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(parentHtml(360, 520))
  })
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve))
  foreignParent = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}/`
})
test.afterAll(() => new Promise<void>((resolve) => foreign.close(() => resolve())))

/** The demo's origin (an allowed ancestor) with its page replaced by the parent page. */
async function openAllowedParent(page: Page): Promise<void> {
  await page.goto(allowedParent)
  await page.evaluate(
    (html) => {
      document.open()
      document.write(html)
      document.close()
    },
    parentHtml(360, 520),
  )
}

type Reply = { id?: string; type: string; payload?: Record<string, unknown> & unknown }
const ask = (page: Page, type: string, payload: unknown = {}): Promise<Reply> =>
  page.evaluate(([t, p]) => (window as unknown as { ask(t: string, p: unknown): Promise<Reply> }).ask(t as string, p), [type, payload] as const)

async function mailFor(page: Page, email: string): Promise<{ code: string | null; link: string | null; subject: string }> {
  let message: { code: string | null; link: string | null; subject: string } | undefined
  await expect
    .poll(async () => {
      const answer = await page.request.get(`${secure}/mailbox/messages?to=${encodeURIComponent(email)}`)
      message = ((await answer.json()) as { messages: Array<{ code: string | null; link: string | null; subject: string }> }).messages[0]
      return message !== undefined
    })
    .toBe(true)
  return message!
}

async function secureFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().startsWith(`${secure}/frame`))).toBe(true)
  return page.frames().find((f) => f.url().startsWith(`${secure}/frame`))!
}

test.describe('secure site frame', () => {
  test('the frame refuses to render under a parent whose origin is not allowed', async ({ page }) => {
    const refused: string[] = []
    const blocked: string[] = []
    page.on('console', (m) => {
      if (/frame-ancestors/i.test(m.text())) refused.push(m.text())
    })
    page.on('requestfailed', (r) => {
      if (r.url().startsWith(`${secure}/frame`)) blocked.push(r.failure()?.errorText ?? '')
    })
    await page.goto(foreignParent)
    await expect.poll(() => refused.length, { message: 'Chromium reports the frame-ancestors refusal' }).toBeGreaterThan(0)
    expect(refused[0]).toContain(`Framing '${secure}/' violates the following Content Security Policy directive: "frame-ancestors`)
    expect(blocked).toEqual(['net::ERR_BLOCKED_BY_RESPONSE'])
    // Nothing of the frame ran: no FRAME_READY (the allowed parent of the next tests gets it at once).
    // Every message posted to this window before now has been delivered: a message of its own comes back after them.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const back = (e: MessageEvent) => {
            if (e.data !== 'barrier' || e.source !== window) return
            window.removeEventListener('message', back)
            resolve()
          }
          window.addEventListener('message', back)
          window.postMessage('barrier', '*')
        }),
    )
    expect(await page.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([])
  })

  test('a foreign page that opens the frame page as its own window gets no answer to look-alike requests', async ({ page, context }) => {
    await page.goto(foreignParent)
    const popup = context.waitForEvent('page')
    await page.evaluate(
      ([url, origin]) => {
        const got: unknown[] = []
        ;(window as unknown as { got: unknown[] }).got = got
        window.addEventListener('message', (e) => {
          if (e.origin === origin) got.push(e.data)
        })
        const w = window.open(url, '_blank')
        if (!w) throw new TestFailure('no window')
        ;(window as unknown as { opened: Window }).opened = w
      },
      [frameUrl, secure] as const,
    )
    const opened = await popup
    await opened.waitForLoadState('load')
    expect(opened.url()).toBe(frameUrl)
    // A barrier in the opened page: the last message the foreign page posts. Messages from one window to another
    // arrive in order, so once it has arrived the frame page's handlers have seen every look-alike before it.
    await opened.evaluate(() => {
      ;(window as unknown as { barrier: Promise<void> }).barrier = new Promise<void>((resolve) => window.addEventListener('message', (e) => e.data === 'lk-test-barrier' && resolve()))
    })
    await page.evaluate((origin) => {
      const w = (window as unknown as { opened: Window }).opened
      for (const type of ['APP_GET_USER', 'APP_IS_CONNECTED', 'APP_GET_CHAIN_ID']) w.postMessage({ id: crypto.randomUUID(), type, payload: {} }, origin)
      w.postMessage({ id: crypto.randomUUID(), type: 'APP_CONNECT_EMAIL', payload: { email: 'look-alike@example.com' } }, origin)
      w.postMessage('lk-test-barrier', origin)
    }, secure)
    await opened.evaluate(() => (window as unknown as { barrier: Promise<void> }).barrier)
    // And back: a message the opened page posts now arrives after any answer it had posted to the look-alikes.
    await page.evaluate((origin) => {
      ;(window as unknown as { back: Promise<void> }).back = new Promise<void>((resolve) => window.addEventListener('message', (e) => e.origin === origin && e.data === 'lk-test-barrier-back' && resolve()))
    }, secure)
    await opened.evaluate(() => window.opener.postMessage('lk-test-barrier-back', '*'))
    await page.evaluate(() => (window as unknown as { back: Promise<void> }).back)
    expect(await page.evaluate(() => (window as unknown as { got: unknown[] }).got.filter((m) => m !== 'lk-test-barrier-back'))).toEqual([])
    const mail = await page.request.get(`${secure}/mailbox/messages?to=look-alike@example.com`)
    expect(((await mail.json()) as { messages: unknown[] }).messages).toEqual([])
    await opened.close()
  })

  test('email login by the mailed device link, then personal_sign approved in the frame verifies with viem', async ({ page }, testInfo) => {
    testInfo.setTimeout(90_000)
    await openAllowedParent(page)
    await expect.poll(() => page.evaluate(() => (window as unknown as { received: Array<{ type: string }> }).received.map((m) => m.type))).toContain('FRAME_READY')

    const email = `e2e-${Date.now()}@example.com`
    expect(await ask(page, 'APP_CONNECT_EMAIL', { email })).toMatchObject({ type: 'FRAME_CONNECT_EMAIL_SUCCESS', payload: { action: 'VERIFY_DEVICE' } })
    const device = page.evaluate(() => (window as unknown as { ask(t: string, p: unknown): Promise<Reply> }).ask('APP_CONNECT_DEVICE', {}))
    const mail = await mailFor(page, email)
    expect(mail.subject).toBe('Verify this device')
    const verified = await page.context().newPage()
    await verified.goto(`${secure}/mailbox`)
    await expect(verified.getByRole('article', { name: 'Verify this device' }).first().getByRole('link', { name: 'Verify this device' })).toBeVisible()
    if (process.env.SECURE_SHOTS) await verified.screenshot({ path: `${process.env.SECURE_SHOTS}/mailbox-desktop.png` })
    await verified.goto(mail.link!)
    await expect(verified.getByRole('heading', { name: 'Device verified' })).toBeVisible()
    await verified.close()
    expect(await device).toMatchObject({ type: 'FRAME_CONNECT_DEVICE_SUCCESS' })

    const user = await ask(page, 'APP_GET_USER', {})
    expect(user.type).toBe('FRAME_GET_USER_SUCCESS')
    const address = (user.payload as { address: Hex }).address
    expect(user.payload).toMatchObject({ email, chainId: 31337 })
    // The EOA first; on a chain with a bundler the user's counterfactual smart account follows it.
    const accounts = (user.payload as { accounts: Array<{ address: Hex; type: string }> }).accounts
    expect(accounts[0]).toEqual({ address, type: 'eoa' })
    expect(accounts.slice(1).map((a) => a.type)).toEqual(['smartAccount'])
    expect(accounts[1]!.address).not.toBe(address)
    expect(await ask(page, 'APP_CONNECT_EMAIL', { email })).toMatchObject({ payload: { action: 'CONNECT' } })

    // The parent's window never holds the key: nothing it received carries a 32-byte hex other than hashes it asked for.
    const message = 'Sign in to the latchkey e2e'
    await ask(page, 'APP_SYNC_DAPP_DATA', { metadata: { name: 'Latchkey demo', description: 'e2e', url: DEMO_ORIGIN, icons: [] }, sdkVersion: '0.1.0', sdkType: 'latchkey', projectId: 'e2e' })
    const id = await page.evaluate(
      ([m, a]) => (window as unknown as { askId(t: string, p: unknown): string }).askId('APP_RPC_REQUEST', { method: 'personal_sign', params: [m, a], chainId: 31337, chainNamespace: 'eip155' }),
      [toHex(message), address] as const,
    )
    const frame = await secureFrame(page)
    await expect(frame.getByRole('heading', { name: 'Sign message' })).toBeVisible()
    await expect(frame.getByLabel('Message', { exact: true })).toHaveText(message)
    await expect(frame.getByText('Anvil Local (31337)')).toBeVisible()
    await shots(page, frame, 'sign-message')

    await frame.getByRole('button', { name: 'Approve' }).click()
    const signed = await page.evaluate((i) => (window as unknown as Record<string, Promise<Reply>>)[`reply:${i}`] as Promise<Reply>, id)
    expect(signed.type).toBe('FRAME_RPC_REQUEST_SUCCESS')
    expect(await recoverAddress({ hash: hashMessage(message), signature: signed.payload as unknown as Hex })).toBe(address)
    const types = await page.evaluate(() => (window as unknown as { received: Array<{ type: string }> }).received.map((m) => m.type))
    expect(types.filter((t) => t.startsWith('FRAME_RPC_APPROVAL'))).toEqual(['FRAME_RPC_APPROVAL_OPEN', 'FRAME_RPC_APPROVAL_CLOSED'])

    // Reject answers the spec's rejection; sign out revokes the session.
    const rejectId = await page.evaluate(
      (a) =>
        (window as unknown as { askId(t: string, p: unknown): string }).askId('APP_RPC_REQUEST', {
          method: 'eth_sendTransaction',
          params: [{ from: a, to: '0x000000000000000000000000000000000000dEaD', value: '0x2386f26fc10000' }],
          chainId: 31337,
          chainNamespace: 'eip155',
        }),
      address,
    )
    await expect(frame.getByRole('heading', { name: 'Send transaction' })).toBeVisible()
    await expect(frame.getByText('0.01 ETH')).toBeVisible()
    await shots(page, frame, 'send-transaction')
    await frame.getByRole('button', { name: 'Reject' }).click()
    expect(await page.evaluate((i) => (window as unknown as Record<string, Promise<Reply>>)[`reply:${i}`] as Promise<Reply>, rejectId)).toMatchObject({
      type: 'FRAME_RPC_REQUEST_ERROR',
      payload: { message: 'User rejected the request' },
    })

    // Nothing that reached the parent window is a 32-byte secret (the signature is 65 bytes; no transaction was sent).
    const everything = JSON.stringify(await page.evaluate(() => (window as unknown as { received: unknown[] }).received))
    expect(everything).not.toMatch(/private/i)
    expect(everything).not.toMatch(/"(0x)?[0-9a-fA-F]{64}"/)

    expect(await ask(page, 'APP_SIGN_OUT', {})).toMatchObject({ type: 'FRAME_SIGN_OUT_SUCCESS' })
    expect(await ask(page, 'APP_IS_CONNECTED', {})).toMatchObject({ payload: { isConnected: false } })
  })

  test('the server throttle and a session not yet valid reach the parent as the frame error replies (spec §5, §8)', async ({ page }) => {
    await openAllowedParent(page)
    await expect.poll(() => page.evaluate(() => (window as unknown as { received: Array<{ type: string }> }).received.map((m) => m.type))).toContain('FRAME_READY')
    const email = `e2e-throttle-${Date.now()}@example.com`
    expect(await ask(page, 'APP_CONNECT_EMAIL', { email })).toMatchObject({ payload: { action: 'VERIFY_DEVICE' } })
    const throttled = await ask(page, 'APP_CONNECT_EMAIL', { email })
    expect(throttled.type).toBe('FRAME_CONNECT_EMAIL_ERROR')
    const seconds = (throttled.payload as { retryAfterSeconds: number }).retryAfterSeconds
    expect(seconds).toBeGreaterThan(20)
    expect(seconds).toBeLessThanOrEqual(30)
    expect(throttled.payload).toEqual({ message: `Please try again after ${seconds} seconds`, retryAfterSeconds: seconds })

    const device = page.evaluate(() => (window as unknown as { ask(t: string, p: unknown): Promise<Reply> }).ask('APP_CONNECT_DEVICE', {}))
    const mail = await mailFor(page, email)
    expect((await page.request.get(mail.link!)).status()).toBe(200)
    expect(await device).toMatchObject({ type: 'FRAME_CONNECT_DEVICE_SUCCESS' })

    const control = { 'x-latchkey-control': '1' }
    try {
      await page.request.post(`${secure}/__control/clock`, { headers: control, data: { offsetMs: -60_000 } })
      expect(await ask(page, 'APP_IS_CONNECTED', {})).toMatchObject({ type: 'FRAME_IS_CONNECTED_ERROR', payload: { message: 'JWT validation error: JWT Token is not yet valid' } })
    } finally {
      await page.request.post(`${secure}/__control/clock`, { headers: control, data: { offsetMs: 0 } })
    }
    expect(await ask(page, 'APP_IS_CONNECTED', {})).toMatchObject({ type: 'FRAME_IS_CONNECTED_SUCCESS', payload: { isConnected: true } })
  })

  test('1000 fuzzed messages from the allowed parent crash nothing: the frame answers a real request after them', async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await openAllowedParent(page)
    await expect.poll(() => page.evaluate(() => (window as unknown as { received: Array<{ type: string }> }).received.map((m) => m.type))).toContain('FRAME_READY')
    await page.evaluate((origin) => {
      const target = (document.getElementById('f') as HTMLIFrameElement).contentWindow!
      const kinds = ['APP_CONNECT_EMAIL', 'APP_CONNECT_OTP', 'APP_RPC_REQUEST', 'APP_SWITCH_NETWORK', 'APP_SYNC_THEME', 'APP_RPC_ABORT', 'APP_NOPE', 'FRAME_READY']
      const junk = (i: number): unknown => {
        const pick = [null, undefined, i, `s${i}`, [i, { a: i }], { id: i }, { type: kinds[i % kinds.length] }, new Uint8Array(i % 7), { nested: { deep: [i] } }, true]
        return pick[i % pick.length]
      }
      for (let i = 0; i < 1000; i++) {
        const message = i % 3 === 0 ? junk(i) : { id: i % 5 === 0 ? i : `f${i}`, type: kinds[i % kinds.length], payload: i % 2 ? junk(i + 1) : { email: `x${i}`, otp: i, chainId: { bad: i }, method: i, id: i } }
        target.postMessage(message, origin)
      }
    }, secure)
    expect(await ask(page, 'APP_GET_CHAIN_ID', {})).toEqual(expect.objectContaining({ type: 'FRAME_GET_CHAIN_ID_SUCCESS', payload: { chainId: 31337 } }))
    const answered = await page.evaluate(() => (window as unknown as { received: Array<{ id?: string; type: string }> }).received.filter((m) => /^f\d+$/.test(m.id ?? '')))
    // (The fuzz ids are f0…f999; the real request's id is a UUID, which may start with an f too.)
    expect(answered).toEqual([])
    expect(errors).toEqual([])
  })
})

/** With SECURE_SHOTS=<dir>: the approval UI at desktop 1280x800 and phone 390x844, light and dark. */
async function shots(page: Page, frame: Frame, name: string): Promise<void> {
  const dir = process.env.SECURE_SHOTS
  if (!dir) return
  const viewport = page.viewportSize()
  for (const mode of ['light', 'dark'] as const) {
    await frame.evaluate((m) => (document.documentElement.dataset.theme = m), mode)
    for (const [label, size] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size)
      await page.screenshot({ path: `${dir}/${name}-${label}-${mode}.png` })
    }
  }
  await frame.evaluate(() => (document.documentElement.dataset.theme = 'light'))
  if (viewport) await page.setViewportSize(viewport)
}
