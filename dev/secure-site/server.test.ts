import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { createPublicClient, http, parseEther, toHex, verifyMessage, verifyTypedData } from 'viem'
import type { Address, Hex } from 'viem'
import { startMailServer } from './mail.ts'
import type { MailMessage, MailServer } from './mail.ts'
import { startSecureSite } from './server.ts'
import type { SecureSite } from './server.ts'
import { JWT_EXPIRED, JWT_INVALID, JWT_NOT_YET_VALID, sessionTtl } from './session.ts'
import { defaultFundWei, otpTtl, secureMessages } from './service.ts'

/**
 * The secure site over HTTP with its real parts: PGlite in memory, the loopback SMTP server over a real
 * socket, nodemailer, jose, and the test anvils (funding, signing, sending). The site's clock is the test's `clock`.
 */
const rpc1 = inject('anvilRpc1')
const rpc2 = inject('anvilRpc2')
const start = Date.UTC(2026, 0, 1)
const allowed = ['http://127.0.0.1:5273', 'http://localhost:5273']
let clock = start
let mail: MailServer
let site: SecureSite
let seq = 0
/** Every response body the tests read, for the key-custody check. */
const bodies: string[] = []

beforeAll(async () => {
  mail = await startMailServer({ port: 0 })
  site = await startSecureSite({
    port: 0,
    mail,
    chains: [
      { chainId: 31337, rpcUrl: rpc1, name: 'Anvil Local' },
      { chainId: 31338, rpcUrl: rpc2, name: 'Anvil Local 2' },
    ],
    allowedAncestors: allowed,
    now: () => clock,
  })
  // PGlite compiles its WebAssembly Postgres at start: seconds on a busy machine.
}, 90_000)
afterAll(async () => {
  await site.stop()
  await mail.stop()
})
beforeEach(() => {
  clock = start
})

const newEmail = (): string => `user${++seq}-${Date.now()}@example.com`
const newDevice = (): string => `device${String(++seq).padStart(4, '0')}abcdefghijkl`

async function call(method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${site.url}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  })
  const text = await response.text()
  bodies.push(text)
  let json: Record<string, unknown> = {}
  try {
    json = JSON.parse(text) as Record<string, unknown>
  } catch {
    // HTML or JS
  }
  return { status: response.status, json, text, headers: response.headers }
}

async function lastMail(to: string): Promise<MailMessage> {
  const { json } = await call('GET', `/mailbox/messages?to=${encodeURIComponent(to)}`)
  const messages = json.messages as MailMessage[]
  expect(messages.length).toBeGreaterThan(0)
  return messages[0]!
}

/** A new user signed in on a new device through the mailed link. */
async function signUp(): Promise<{ email: string; deviceId: string; token: string }> {
  const email = newEmail()
  const deviceId = newDevice()
  expect((await call('POST', '/api/connect-email', { body: { email, deviceId } })).json).toEqual({ action: 'VERIFY_DEVICE' })
  const link = (await lastMail(email)).link!
  expect((await fetch(link)).status).toBe(200)
  const { json } = await call('POST', '/api/connect-device', { body: { email, deviceId } })
  expect(json.verified).toBe(true)
  return { email, deviceId, token: json.token as string }
}

describe('email login: the three actions (spec §4)', () => {
  it('behavior: a new device gets VERIFY_DEVICE and a mailed link; opening it verifies the device and the poll signs it in', async () => {
    const email = newEmail()
    const deviceId = newDevice()
    const first = await call('POST', '/api/connect-email', { body: { email, deviceId } })
    expect(first.json).toEqual({ action: 'VERIFY_DEVICE' })
    const message = await lastMail(email)
    expect(message.subject).toBe('Verify this device')
    expect(message.link).toMatch(new RegExp(`^${site.url}/verify-device\\?token=[A-Za-z0-9_-]{43}$`))
    expect(message.code).toBeNull()

    expect((await call('POST', '/api/connect-device', { body: { email, deviceId } })).json).toEqual({ verified: false })
    const page = await call('GET', new URL(message.link!).pathname + new URL(message.link!).search)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Device verified')
    const polled = await call('POST', '/api/connect-device', { body: { email, deviceId } })
    expect(polled.json.verified).toBe(true)
    expect(typeof polled.json.token).toBe('string')
    // The link is spent, and only one session comes out of one verification.
    expect((await call('GET', new URL(message.link!).pathname + new URL(message.link!).search)).status).toBe(400)
    expect((await call('POST', '/api/connect-device', { body: { email, deviceId } })).json).toEqual({ verified: false })
    expect((await call('GET', '/api/user', { token: polled.json.token as string })).json).toMatchObject({ email })
  })

  it('behavior: a verified device gets VERIFY_OTP and a mailed six-digit code that signs it in', async () => {
    const { email, deviceId } = await signUp()
    clock += 31_000
    expect((await call('POST', '/api/connect-email', { body: { email, deviceId } })).json).toEqual({ action: 'VERIFY_OTP' })
    const message = await lastMail(email)
    expect(message.code).toMatch(/^\d{6}$/)
    expect(message.subject).toBe(`${message.code} is your login code`)
    const signedIn = await call('POST', '/api/connect-otp', { body: { email, deviceId, otp: message.code } })
    expect(signedIn.status).toBe(200)
    expect((await call('GET', '/api/user', { token: signedIn.json.token as string })).json).toMatchObject({ email })
    // A code works once.
    expect((await call('POST', '/api/connect-otp', { body: { email, deviceId, otp: message.code } })).json.message).toBe(secureMessages.noCode)
  })

  it('behavior: a valid session of this email on this device gets CONNECT, without mail or throttle', async () => {
    const { email, deviceId, token } = await signUp()
    const before = mail.messages(email).length
    expect((await call('POST', '/api/connect-email', { body: { email, deviceId }, token })).json).toEqual({ action: 'CONNECT' })
    expect(mail.messages(email).length).toBe(before)
    // Another device of the same user does not count as this session.
    clock += 31_000
    expect((await call('POST', '/api/connect-email', { body: { email, deviceId: newDevice() }, token })).json).toEqual({ action: 'VERIFY_DEVICE' })
  })

  it('behavior: a bad email or device id is refused with 400', async () => {
    expect((await call('POST', '/api/connect-email', { body: { email: 'not-an-email', deviceId: newDevice() } })).json).toEqual({ message: secureMessages.invalidEmail })
    expect((await call('POST', '/api/connect-email', { body: { email: newEmail(), deviceId: 'short' } })).json).toEqual({ message: secureMessages.invalidDevice })
    expect((await call('POST', '/api/connect-email', { body: { email: newEmail() } })).status).toBe(400)
    expect((await call('POST', '/api/connect-email', { body: [1, 2] })).status).toBe(400)
  })
})

describe('codes: expiry, lock, throttle (spec §5, §9)', () => {
  async function requestCode(): Promise<{ email: string; deviceId: string; code: string }> {
    const { email, deviceId } = await signUp()
    clock += 31_000
    expect((await call('POST', '/api/connect-email', { body: { email, deviceId } })).json).toEqual({ action: 'VERIFY_OTP' })
    return { email, deviceId, code: (await lastMail(email)).code! }
  }

  it('behavior: a code older than 10 minutes is refused', async () => {
    const { email, deviceId, code } = await requestCode()
    clock += otpTtl + 1
    const answer = await call('POST', '/api/connect-otp', { body: { email, deviceId, otp: code } })
    expect(answer.status).toBe(410)
    expect(answer.json.message).toBe(secureMessages.codeExpired)
  })

  it('behavior: a code is still good just before 10 minutes', async () => {
    const { email, deviceId, code } = await requestCode()
    clock += otpTtl - 1000
    expect((await call('POST', '/api/connect-otp', { body: { email, deviceId, otp: code } })).status).toBe(200)
  })

  it('behavior: 5 wrong codes lock the code; the right one is refused afterwards', async () => {
    const { email, deviceId, code } = await requestCode()
    const wrong = code === '000000' ? '111111' : '000000'
    const answers = []
    for (let i = 0; i < 5; i++) answers.push(await call('POST', '/api/connect-otp', { body: { email, deviceId, otp: wrong } }))
    expect(answers.map((a) => a.json.message)).toEqual([...Array(4).fill(secureMessages.wrongCode), secureMessages.codeLocked])
    const right = await call('POST', '/api/connect-otp', { body: { email, deviceId, otp: code } })
    expect(right.status).toBe(423)
    expect(right.json.message).toBe(secureMessages.codeLocked)
  })

  it('behavior: a second email login within 30 s is refused with the seconds left', async () => {
    const email = newEmail()
    const deviceId = newDevice()
    expect((await call('POST', '/api/connect-email', { body: { email, deviceId } })).status).toBe(200)
    const sent = mail.messages(email).length
    clock += 10_000
    const throttled = await call('POST', '/api/connect-email', { body: { email, deviceId } })
    expect(throttled.status).toBe(429)
    expect(throttled.json).toEqual({ message: 'Please try again after 20 seconds', retryAfterSeconds: 20 })
    clock += 19_500
    expect((await call('POST', '/api/connect-email', { body: { email, deviceId } })).json).toEqual({ message: 'Please try again after 1 second', retryAfterSeconds: 1 })
    expect(mail.messages(email).length).toBe(sent)
    clock += 500
    expect((await call('POST', '/api/connect-email', { body: { email, deviceId } })).status).toBe(200)
  })
})

describe('sessions: JWT nbf / exp, sign out (spec §8)', () => {
  it('behavior: a token not yet valid is refused with the spec words on every session route (Session Expired alert)', async () => {
    const { token } = await signUp()
    clock -= 60_000
    for (const answer of [await call('GET', '/api/user', { token }), await call('GET', '/api/session', { token }), await call('POST', '/api/rpc', { token, body: { method: 'eth_accounts', chainId: 31337 } })]) {
      expect(answer.status).toBe(401)
      expect(answer.json.message).toBe(JWT_NOT_YET_VALID)
    }
  })

  it('behavior: a token past exp is refused and the session reads as not connected', async () => {
    const { token } = await signUp()
    expect((await call('GET', '/api/session', { token })).json).toEqual({ isConnected: true })
    clock += sessionTtl + 1000
    expect((await call('GET', '/api/user', { token })).json).toEqual({ message: JWT_EXPIRED })
    expect((await call('GET', '/api/session', { token })).json).toEqual({ isConnected: false })
  })

  it('behavior: sign out revokes the session: the old JWT is refused afterwards', async () => {
    const { email, token } = await signUp()
    expect((await call('GET', '/api/user', { token })).json).toMatchObject({ email })
    expect((await call('POST', '/api/sign-out', { token, body: {} })).status).toBe(200)
    expect((await call('GET', '/api/user', { token })).json).toEqual({ message: JWT_INVALID })
    expect((await call('GET', '/api/session', { token })).json).toEqual({ isConnected: false })
    expect((await call('POST', '/api/rpc', { token, body: { method: 'personal_sign', params: ['0x00', '0x0000000000000000000000000000000000000000'], chainId: 31337 } })).status).toBe(401)
  })

  it('behavior: a tampered or foreign token is refused', async () => {
    const { token } = await signUp()
    const [header, payload, signature] = token.split('.') as [string, string, string]
    const flipped = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`
    expect((await call('GET', '/api/user', { token: flipped })).status).toBe(401)
    expect((await call('GET', '/api/user')).status).toBe(401)
  })
})

describe('the embedded wallet: key custody, signing, sending', () => {
  const client = createPublicClient({ transport: http(rpc1) })

  it('behavior: a new wallet is funded on both dev chains', async () => {
    const { token } = await signUp()
    const { address } = (await call('GET', '/api/user', { token })).json as { address: Address }
    expect(await client.getBalance({ address })).toBe(defaultFundWei)
    expect(await createPublicClient({ transport: http(rpc2) }).getBalance({ address })).toBe(defaultFundWei)
  })

  it('behavior: personal_sign is signed server-side and verifies against the user address', async () => {
    const { token } = await signUp()
    const { address } = (await call('GET', '/api/user', { token })).json as { address: Address }
    const message = 'Hello from latchkey'
    const signed = await call('POST', '/api/rpc', { token, body: { method: 'personal_sign', params: [toHex(message), address], chainId: 31337 } })
    expect(signed.status).toBe(200)
    expect(await verifyMessage({ address, message, signature: signed.json.result as Hex })).toBe(true)
    // Another account's address is refused.
    const other = await call('POST', '/api/rpc', { token, body: { method: 'personal_sign', params: [toHex(message), '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'], chainId: 31337 } })
    expect(other.json.message).toBe(secureMessages.wrongAccount)
  })

  it('behavior: eth_signTypedData_v4 verifies against the user address', async () => {
    const { token } = await signUp()
    const { address } = (await call('GET', '/api/user', { token })).json as { address: Address }
    const typed = {
      domain: { name: 'Latchkey', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [{ name: 'contents', type: 'string' }],
      },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    } as const
    const signed = await call('POST', '/api/rpc', { token, body: { method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typed)], chainId: 31337 } })
    const { EIP712Domain: _, ...types } = typed.types
    expect(await verifyTypedData({ address, domain: typed.domain, types, primaryType: 'Mail', message: typed.message, signature: signed.json.result as Hex })).toBe(true)
  })

  it('behavior: eth_sendTransaction is signed and broadcast; both balances move', async () => {
    const { token } = await signUp()
    const { address } = (await call('GET', '/api/user', { token })).json as { address: Address }
    const to = '0x000000000000000000000000000000000000dEaD' as const
    const before = await client.getBalance({ address: to })
    const sent = await call('POST', '/api/rpc', { token, body: { method: 'eth_sendTransaction', params: [{ from: address, to, value: toHex(parseEther('0.5')) }], chainId: 31337 } })
    expect(sent.status).toBe(200)
    const receipt = await client.waitForTransactionReceipt({ hash: sent.json.result as Hex })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: to })).toBe(before + parseEther('0.5'))
    expect(await client.getBalance({ address })).toBeLessThan(defaultFundWei - parseEther('0.5') + 1n)
  })

  it('behavior: safe methods answer (accounts, balance through the chain), others are refused', async () => {
    const { token } = await signUp()
    const { address } = (await call('GET', '/api/user', { token })).json as { address: Address }
    expect((await call('POST', '/api/rpc', { token, body: { method: 'eth_accounts', chainId: 31337 } })).json.result).toEqual([address])
    expect((await call('POST', '/api/rpc', { token, body: { method: 'eth_getBalance', params: [address, 'latest'], chainId: 31338 } })).json.result).toBe(toHex(defaultFundWei))
    expect((await call('POST', '/api/rpc', { token, body: { method: 'eth_chainId', chainId: 'eip155:31338' } })).json.result).toBe('0x7a6a')
    expect((await call('POST', '/api/rpc', { token, body: { method: 'anvil_setBalance', params: [address, '0x1'], chainId: 31337 } })).json).toEqual({ message: secureMessages.notAllowed, code: 4100 })
    expect((await call('POST', '/api/rpc', { token, body: { method: 'eth_accounts', chainId: 1 } })).json).toEqual({ message: secureMessages.chainNotSupported, code: 4901 })
  })

  it('behavior: no route ever answers a private key (every body read in this file, the frame page and its script)', async () => {
    const frame = await call('GET', '/frame?projectId=p&chainId=31337&version=4&enableLogger=false')
    const script = await call('GET', '/frame.js')
    const css = await call('GET', '/frame.css')
    const box = await call('GET', '/mailbox')
    const index = await call('GET', '/')
    expect([frame, script, css, box, index].map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
    const { rows } = await site.db.query<{ private_key: string }>('select private_key from wallets')
    expect(rows.length).toBeGreaterThan(5)
    const everything = bodies.join('\n').toLowerCase()
    for (const { private_key: key } of rows) {
      expect(everything).not.toContain(key.slice(2).toLowerCase())
    }
  })
})

describe('the frame page and the API boundary', () => {
  it('behavior: /frame carries frame-ancestors with exactly the allowed origins and a strict CSP', async () => {
    const { headers, text } = await call('GET', '/frame?projectId=p&chainId=31337&version=4&enableLogger=false')
    const csp = headers.get('content-security-policy')!
    const ancestors = /frame-ancestors ([^;]+)/.exec(csp)![1]!.trim().split(/\s+/)
    expect(ancestors).toEqual(allowed)
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).toContain("require-trusted-types-for 'script'")
    expect(text).toContain('<script type="module" src="/frame.js?locale=en">')
    expect(text).not.toMatch(/<script>(?!<\/script>)/)
  })

  it("behavior: /frame in the modal's locale: Arabic's lang and dir, its script with Arabic's words; bad input: an unknown or malformed locale is English", async () => {
    const arabic = await call('GET', '/frame?projectId=p&chainId=31337&version=4&enableLogger=false&locale=ar')
    expect(arabic.text).toContain('<html lang="ar" dir="rtl">')
    expect((await call('GET', '/frame.js?locale=ar')).text).toContain('موافقة')
    for (const bad of ['xx-YY', '%3Cscript%3E', '..%2Fen']) {
      const page = await call('GET', `/frame?projectId=p&chainId=31337&version=4&enableLogger=false&locale=${bad}`)
      expect(page.text, bad).toContain('<html lang="en" dir="ltr">')
      expect(page.text, bad).toContain('src="/frame.js?locale=en"')
    }
  })

  it('behavior: the API refuses requests from another origin', async () => {
    const answer = await call('POST', '/api/connect-email', { body: { email: newEmail(), deviceId: newDevice() }, headers: { origin: 'http://127.0.0.1:5273' } })
    expect(answer.status).toBe(403)
    expect(answer.json).toEqual({ message: 'Unauthorized: origin not allowed' })
    expect(answer.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('behavior: the mailbox page lists mail newest first, code big, link clickable', async () => {
    const { email } = await signUp()
    const box = await call('GET', '/mailbox')
    expect(box.text).toContain(`To ${email}`)
    expect(box.text).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/verify-device\?token=[^"]+" target="_blank" rel="noopener noreferrer">Verify this device<\/a>/)
    const subjects = [...box.text.matchAll(/<h2>([^<]+)<\/h2>/g)].map((m) => m[1])
    expect(subjects.length).toBe(mail.messages().length)
  })

  it('behavior: the dev clock control shifts the server clock (a token then reads as not yet valid); it needs its header', async () => {
    const { token } = await signUp()
    expect((await call('POST', '/__control/clock', { body: { offsetMs: -60_000 } })).status).toBe(403)
    const shifted = await call('POST', '/__control/clock', { body: { offsetMs: -60_000 }, headers: { 'x-latchkey-control': '1' } })
    expect(shifted.json).toEqual({ offsetMs: -60_000, now: start - 60_000 })
    expect((await call('GET', '/api/user', { token })).json).toEqual({ message: JWT_NOT_YET_VALID })
    expect((await call('POST', '/__control/clock', { body: { offsetMs: 'x' }, headers: { 'x-latchkey-control': '1' } })).status).toBe(400)
    await call('POST', '/__control/clock', { body: { offsetMs: 0 }, headers: { 'x-latchkey-control': '1' } })
    expect((await call('GET', '/api/user', { token })).status).toBe(200)
  })
})
