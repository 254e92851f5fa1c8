/**
 * What the secure site's HTTP tests share: a request to the site with an optional bearer token, and a fresh email user
 * signed in the way a device is (connect-email, the mailed link opened, connect-device). Test-only.
 */
import type { MailMessage } from './mail.ts'
import { SecureSiteError } from './service.ts'

/** A JSON answer of the site: its HTTP status and body. */
export type SiteAnswer = { status: number; json: Record<string, unknown> }

/**
 * A client of the secure site at `baseUrl` (its `url`, read at each call: the site starts in a `beforeAll`).
 *
 * @example const { call, signUp } = siteClient(() => site.url); const { token, address } = await signUp('calls')
 */
export function siteClient(baseUrl: () => string) {
  let seq = 0
  async function call(method: string, path: string, options: { body?: unknown; token?: string } = {}): Promise<SiteAnswer> {
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    })
    return { status: response.status, json: (await response.json()) as Record<string, unknown> }
  }
  /**
   * Signs a new email user in on a new device through the mailed link.
   * @returns the session token and the wallet's (EOA) address.
   * @throws SecureSiteError when the link does not verify the device or no session comes back.
   */
  async function signUp(prefix: string): Promise<{ token: string; address: `0x${string}` }> {
    const email = `${prefix}${++seq}-${Date.now()}@example.com`
    const deviceId = `device${String(seq).padStart(4, '0')}${prefix.padEnd(12, '0').slice(0, 12)}`
    await call('POST', '/api/connect-email', { body: { email, deviceId } })
    const { json: box } = await call('GET', `/mailbox/messages?to=${encodeURIComponent(email)}`)
    const link = (box.messages as MailMessage[] | undefined)?.[0]?.link
    if (!link || (await fetch(link)).status !== 200) throw new SecureSiteError(400, `No device link verified ${email}`)
    const { json } = await call('POST', '/api/connect-device', { body: { email, deviceId } })
    if (typeof json.token !== 'string') throw new SecureSiteError(401, `No session for ${email}`)
    const user = await call('GET', '/api/user', { token: json.token })
    return { token: json.token, address: user.json.address as `0x${string}` }
  }
  return { call, signUp }
}
