import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { startMailServer } from './mail.ts'
import type { MailMessage, MailServer } from './mail.ts'
import { startSecureSite } from './server.ts'
import type { SecureSite } from './server.ts'
import { emailLoginCooldown, otpTtl, secureMessages } from './service.ts'
import { emailUpdateMessages } from './emailUpdate.ts'

/**
 * The email change over HTTP with the real parts: PGlite, the loopback SMTP server, jose sessions. A code
 * to the current address, then one to the new address; the email changes only after both.
 */
const rpc1 = inject('anvilRpc1')
const start = Date.UTC(2026, 0, 1)
let clock = start
let mail: MailServer
let site: SecureSite
let seq = 0

beforeAll(async () => {
  mail = await startMailServer({ port: 0 })
  site = await startSecureSite({ port: 0, mail, chains: [{ chainId: 31337, rpcUrl: rpc1 }], allowedAncestors: ['http://127.0.0.1:5273'], now: () => clock, fundWei: 0n })
}, 90_000)
afterAll(async () => {
  await site.stop()
  await mail.stop()
})
beforeEach(() => {
  clock = start
})

const newEmail = (): string => `update${++seq}-${Date.now()}@example.com`
const newDevice = (): string => `upd-device${String(++seq).padStart(4, '0')}abcdefgh`

async function call(path: string, body: unknown, token?: string) {
  const response = await fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}
async function user(token: string) {
  const response = await fetch(`${site.url}/api/user`, { headers: { authorization: `Bearer ${token}` } })
  return (await response.json()) as { email: string | null; address: string }
}
const inbox = (to: string): MailMessage[] => mail.messages(to)

/** A new email user signed in through the mailed link. */
async function signUp(): Promise<{ email: string; deviceId: string; token: string }> {
  const email = newEmail()
  const deviceId = newDevice()
  await call('/api/connect-email', { email, deviceId })
  const link = inbox(email)[0]!.link!
  expect((await fetch(link)).status).toBe(200)
  const { json } = await call('/api/connect-device', { email, deviceId })
  return { email, deviceId, token: json.token as string }
}

/** Starts a change of a new user to a new address and answers the current address's code. */
async function atSecondary() {
  const account = await signUp()
  const next = newEmail()
  expect((await call('/api/update-email', { email: next }, account.token)).json).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
  expect((await call('/api/update-email/primary-otp', { otp: inbox(account.email)[0]!.code }, account.token)).json).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
  return { ...account, next }
}

describe('email update: a code to the current address, then one to the new (spec §3, §4)', () => {
  it('behavior: both codes change the email; the session stays; the new email signs in with CONNECT', async () => {
    const { email, deviceId, token } = await signUp()
    const { address } = await user(token)
    const next = newEmail()
    expect((await call('/api/update-email', { email: `  ${next.toUpperCase()} ` }, token)).json).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const primary = inbox(email)[0]!
    expect(primary.subject).toBe(`${primary.code} is your code to change your email`)
    expect(primary.text).toContain(next)
    expect(inbox(next)).toEqual([])
    // Nothing changed yet.
    expect((await user(token)).email).toBe(email)

    expect((await call('/api/update-email/primary-otp', { otp: primary.code }, token)).json).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    const secondary = inbox(next)[0]!
    expect(secondary.subject).toBe(`${secondary.code} is your code to confirm your new email`)
    expect((await user(token)).email).toBe(email)

    expect((await call('/api/update-email/secondary-otp', { otp: secondary.code }, token)).json).toEqual({ email: next })
    expect(await user(token)).toMatchObject({ email: next, address })
    // The device and session now count for the new address; the old one is nobody's.
    expect((await call('/api/connect-email', { email: next, deviceId }, token)).json).toEqual({ action: 'CONNECT' })
  })

  it('bad input: a wrong primary code is refused and the change waits for the right one', async () => {
    const { email, token } = await signUp()
    await call('/api/update-email', { email: newEmail() }, token)
    const code = inbox(email)[0]!.code!
    const wrong = code === '000000' ? '111111' : '000000'
    expect(await call('/api/update-email/primary-otp', { otp: wrong }, token)).toEqual({ status: 400, json: { message: secureMessages.wrongCode } })
    expect((await call('/api/update-email/primary-otp', { otp: code }, token)).json).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
  })

  it('bad input: a wrong secondary code leaves the email as it was', async () => {
    const { token, email, next } = await atSecondary()
    const code = inbox(next)[0]!.code!
    const wrong = code === '000000' ? '111111' : '000000'
    expect(await call('/api/update-email/secondary-otp', { otp: wrong }, token)).toEqual({ status: 400, json: { message: secureMessages.wrongCode } })
    expect((await user(token)).email).toBe(email)
    expect((await call('/api/update-email/secondary-otp', { otp: code }, token)).json).toEqual({ email: next })
  })

  it('bad input: the 5th wrong code locks the change; the right code is refused after it', async () => {
    const { email, token } = await signUp()
    await call('/api/update-email', { email: newEmail() }, token)
    const code = inbox(email)[0]!.code!
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 4; i++) expect((await call('/api/update-email/primary-otp', { otp: wrong }, token)).status).toBe(400)
    expect(await call('/api/update-email/primary-otp', { otp: wrong }, token)).toEqual({ status: 423, json: { message: secureMessages.codeLocked } })
    expect((await call('/api/update-email/primary-otp', { otp: code }, token)).status).toBe(423)
    // Starting again (after the 30 s throttle) sends a new code that works.
    clock += emailLoginCooldown
    await call('/api/update-email', { email: newEmail() }, token)
    expect((await call('/api/update-email/primary-otp', { otp: inbox(email)[0]!.code }, token)).status).toBe(200)
  })

  it('bad input: an expired code (over 10 minutes) is refused, at both steps', async () => {
    const { email, token } = await signUp()
    await call('/api/update-email', { email: newEmail() }, token)
    clock += otpTtl + 1
    expect(await call('/api/update-email/primary-otp', { otp: inbox(email)[0]!.code }, token)).toEqual({ status: 410, json: { message: secureMessages.codeExpired } })
    const second = await atSecondary()
    clock += otpTtl + 1
    expect((await call('/api/update-email/secondary-otp', { otp: inbox(second.next)[0]!.code }, second.token)).status).toBe(410)
    expect((await user(second.token)).email).toBe(second.email)
  })

  it('bad input: a code works once (reused primary code, reused secondary code)', async () => {
    const { email, token, next } = await atSecondary()
    expect(await call('/api/update-email/primary-otp', { otp: inbox(email)[0]!.code }, token)).toEqual({ status: 400, json: { message: emailUpdateMessages.noChange } })
    const code = inbox(next)[0]!.code
    expect((await call('/api/update-email/secondary-otp', { otp: code }, token)).status).toBe(200)
    expect(await call('/api/update-email/secondary-otp', { otp: code }, token)).toEqual({ status: 400, json: { message: emailUpdateMessages.noChange } })
  })

  it('bad input: the current email, not an email, another account’s email; no mail is sent', async () => {
    const { email, token } = await signUp()
    const other = await signUp()
    const before = inbox(email).length
    expect(await call('/api/update-email', { email: email.toUpperCase() }, token)).toEqual({ status: 400, json: { message: emailUpdateMessages.sameEmail } })
    expect(await call('/api/update-email', { email: 'not-an-email' }, token)).toEqual({ status: 400, json: { message: secureMessages.invalidEmail } })
    expect(await call('/api/update-email', { email: 42 }, token)).toEqual({ status: 400, json: { message: secureMessages.invalidEmail } })
    expect(await call('/api/update-email', { email: other.email }, token)).toEqual({ status: 409, json: { message: emailUpdateMessages.emailTaken } })
    expect(inbox(email).length).toBe(before)
  })

  it('bad input: a new address taken by another account meanwhile is refused at the next step', async () => {
    const { email, token } = await signUp()
    const next = newEmail()
    await call('/api/update-email', { email: next }, token)
    // Someone signs up with that address before the first code is entered.
    await call('/api/connect-email', { email: next, deviceId: newDevice() })
    expect(await call('/api/update-email/primary-otp', { otp: inbox(email)[0]!.code }, token)).toEqual({ status: 409, json: { message: emailUpdateMessages.emailTaken } })
    expect((await user(token)).email).toBe(email)
  })

  it('bad input: no session, a revoked session, a social account, a step without a change started', async () => {
    expect((await call('/api/update-email', { email: newEmail() })).status).toBe(401)
    const { token } = await signUp()
    expect(await call('/api/update-email/primary-otp', { otp: '123456' }, token)).toEqual({ status: 400, json: { message: emailUpdateMessages.noChange } })
    expect(await call('/api/update-email/secondary-otp', { otp: '123456' }, token)).toEqual({ status: 400, json: { message: emailUpdateMessages.noChange } })
    const social = await site.service.socialUserFor({ provider: 'github', sub: `sub-${++seq}`, username: 'octo' })
    const socialToken = await site.service.issueSession(social, newDevice())
    expect(await call('/api/update-email', { email: newEmail() }, socialToken)).toEqual({ status: 403, json: { message: emailUpdateMessages.notEmailUser } })
    await fetch(`${site.url}/api/sign-out`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' })
    expect((await call('/api/update-email', { email: newEmail() }, token)).status).toBe(401)
  })

  it('behavior: resend of the first code: the same call after 30 s mails a new code to the current address; the old code is void', async () => {
    const { email, token } = await signUp()
    const next = newEmail()
    await call('/api/update-email', { email: next }, token)
    const first = inbox(email)[0]!.code!
    clock += emailLoginCooldown
    expect((await call('/api/update-email', { email: next }, token)).json).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const mails = inbox(email).filter((m) => /change your email$/.test(m.subject))
    expect(mails).toHaveLength(2)
    const second = mails[0]!.code! // newest first
    if (first !== second) expect((await call('/api/update-email/primary-otp', { otp: first }, token)).status).toBe(400)
    expect((await call('/api/update-email/primary-otp', { otp: second }, token)).json).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
  })

  it('behavior: resend of the second code: the same email again mails a new code to the new address and stays on step 2', async () => {
    const { email, token, next } = await atSecondary()
    const before = inbox(email).length
    clock += emailLoginCooldown
    expect((await call('/api/update-email', { email: next }, token)).json).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    // Nothing more to the current address; a second code to the new one, which changes the email.
    expect(inbox(email)).toHaveLength(before)
    const codes = inbox(next).map((m) => m.code)
    expect(codes).toHaveLength(2)
    expect((await call('/api/update-email/secondary-otp', { otp: codes[0] }, token)).json).toEqual({ email: next })
  })

  it("bad input: a resend within 30 s of the last mail is throttled with the spec's words and its seconds; nothing is mailed", async () => {
    const { email, token } = await signUp()
    const next = newEmail()
    await call('/api/update-email', { email: next }, token)
    clock += 12_000
    expect(await call('/api/update-email', { email: next }, token)).toEqual({ status: 429, json: { message: 'Please try again after 18 seconds', retryAfterSeconds: 18 } })
    // Another new address within the 30 s too.
    expect((await call('/api/update-email', { email: newEmail() }, token)).status).toBe(429)
    expect(inbox(email).filter((m) => /change your email$/.test(m.subject))).toHaveLength(1)
    // The code to the new address counts as a mail: its resend waits 30 s from it.
    clock += 18_000
    await call('/api/update-email/primary-otp', { otp: inbox(email)[0]!.code }, token)
    clock += 29_500
    expect(await call('/api/update-email', { email: next }, token)).toEqual({ status: 429, json: { message: 'Please try again after 1 second', retryAfterSeconds: 1 } })
    expect(inbox(next)).toHaveLength(1)
  })

  it("bad input: a second-code resend after the current address's proof expired (10 min) starts over with a code to the current address", async () => {
    const { email, token, next } = await atSecondary()
    const before = inbox(email).length
    clock += otpTtl + 1
    expect((await call('/api/update-email', { email: next }, token)).json).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    expect(inbox(email)).toHaveLength(before + 1)
    expect(inbox(next)).toHaveLength(1)
    // The old second code no longer counts.
    expect(await call('/api/update-email/secondary-otp', { otp: inbox(next)[0]!.code }, token)).toEqual({ status: 400, json: { message: emailUpdateMessages.noChange } })
  })
})
