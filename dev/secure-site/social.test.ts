import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose'
import type { JWTVerifyGetKey } from 'jose'
import { startOidcProvider } from '../oidc/server.ts'
import type { OidcProviderServer } from '../oidc/server.ts'
import { startMailServer } from './mail.ts'
import type { MailServer } from './mail.ts'
import { startSecureSite } from './server.ts'
import type { SecureSite } from './server.ts'
import { socialMessages, verifyIdToken } from './social.ts'
import type { SocialConfig } from './social.ts'

/**
 * Social login over HTTP with the real parts: the dev OpenID Connect provider (`oidc-provider`) on
 * loopback, the secure site (PGlite, jose), a browser simulated by fetch with a cookie jar following the redirects:
 * start → the provider's sign-in page → a development user → the callback (code exchanged with PKCE, ID token
 * verified) → the dapp's address with `result_uri` → connect-social of the same device → a session of the user.
 */
const dapp = 'http://127.0.0.1:5273'
let mail: MailServer
let site: SecureSite
let oidc: OidcProviderServer
/** The site's social configuration: the provider's, or with a forged key set for one test. */
let config: SocialConfig | undefined
let seq = 0
const newDevice = (): string => `socialdevice${String(++seq).padStart(4, '0')}abcdef`

beforeAll(async () => {
  mail = await startMailServer({ port: 0 })
  site = await startSecureSite({ port: 0, mail, chains: [], allowedAncestors: [dapp], fundWei: 0n, social: () => config })
  oidc = await startOidcProvider({ port: 0, redirectUris: [`${site.url}/social/callback`] })
  config = { issuer: oidc.url, clients: oidc.clients }
}, 90_000)
afterAll(async () => {
  await site?.stop()
  await oidc?.stop()
  await mail?.stop()
})

async function api(path: string, body: unknown, token?: string) {
  const response = await fetch(`${site.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

/** A browser: cookies per host (the provider's), redirects followed by hand until `stop` says so. */
function browser() {
  const jar = new Map<string, string>()
  async function go(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const i = pair!.indexOf('=')
      jar.set(pair!.slice(0, i), pair!.slice(i + 1))
    }
    return response
  }
  /** Follows redirects from `url` until a page (2xx/4xx) or a location on the dapp's origin. */
  async function follow(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<{ url: string; response?: Response }> {
    let response = await go(url, init)
    let current = url
    for (let i = 0; i < 10 && response.status >= 300 && response.status < 400; i++) {
      current = new URL(response.headers.get('location')!, current).href
      if (current.startsWith(dapp)) return { url: current }
      response = await go(current)
    }
    return { url: current, response }
  }
  return { follow }
}

/** Runs a sign-in as `account` up to the dapp's return address; `meanwhile` runs after the start (tampering tests). */
async function signIn(provider: string, account: string, deviceId: string, meanwhile?: (state: string) => Promise<void>) {
  const start = await api('/api/social/start', { provider, deviceId, returnTo: `${dapp}/?page=1` })
  expect(start.status).toBe(200)
  await meanwhile?.(new URL(start.json.uri as string).searchParams.get('state')!)
  const b = browser()
  const page = await b.follow(start.json.uri as string)
  expect(page.response?.status).toBe(200)
  const html = await page.response!.text()
  const action = /action="(\/interaction\/[^"]+\/login)"/.exec(html)?.[1]
  expect(action).toBeDefined()
  const back = await b.follow(new URL(action!, oidc.url).href, { method: 'POST', form: { account } })
  return { authorizeUrl: start.json.uri as string, html, returned: new URL(back.url) }
}

describe('social login through the real OIDC provider', () => {
  it('google: the authorize URL carries PKCE S256, state and nonce; the sign-in page lists the development users', async () => {
    const { authorizeUrl, html } = await signIn('google', 'google-ada', newDevice())
    const url = new URL(authorizeUrl)
    expect(url.origin).toBe(oidc.url)
    expect(url.searchParams.get('client_id')).toBe('google')
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    expect(url.searchParams.get('redirect_uri')).toBe(`${site.url}/social/callback`)
    expect(html).toContain('Sign in with Google')
    expect(html).toContain('ada.lovelace')
    expect(html).not.toContain('alice#0')
  })

  it('google: the code is exchanged, the ID token verified, the user created with its wallet and signed in on this device', async () => {
    const device = newDevice()
    const { returned } = await signIn('google', 'google-ada', device)
    expect(returned.origin + returned.pathname).toBe(`${dapp}/`)
    expect(returned.searchParams.get('page')).toBe('1')
    const resultUri = returned.searchParams.get('result_uri')
    expect(resultUri).toMatch(new RegExp(`^${site.url}/social/result\\?token=`))
    const connected = await api('/api/connect-social', { resultUri, deviceId: device })
    expect(connected.status).toBe(200)
    const user = await api('/api/user', undefined, connected.json.token as string)
    expect(user.json).toMatchObject({ email: null, socialProvider: 'google', username: 'ada.lovelace' })
    expect(user.json.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // The same identity again: the same wallet.
    const again = await signIn('google', 'google-ada', device)
    const second = await api('/api/connect-social', { resultUri: again.returned.searchParams.get('result_uri'), deviceId: device })
    expect((await api('/api/user', undefined, second.json.token as string)).json.address).toBe(user.json.address)
    // The result is used once.
    expect(await api('/api/connect-social', { resultUri, deviceId: device })).toEqual({ status: 400, json: { message: socialMessages.resultInvalid } })
  })

  it('discord: the username as the provider gives it (the display rule is the dapp’s)', async () => {
    const device = newDevice()
    const { returned } = await signIn('discord', 'discord-alice', device)
    const connected = await api('/api/connect-social', { resultUri: returned.searchParams.get('result_uri'), deviceId: device })
    expect((await api('/api/user', undefined, connected.json.token as string)).json).toMatchObject({ socialProvider: 'discord', username: 'alice#0' })
  })

  it('a result taken to another device is refused, and stays redeemable by its own', async () => {
    const device = newDevice()
    const { returned } = await signIn('github', 'github-linus', device)
    const resultUri = returned.searchParams.get('result_uri')
    expect(await api('/api/connect-social', { resultUri, deviceId: newDevice() })).toEqual({ status: 400, json: { message: socialMessages.resultInvalid } })
    expect((await api('/api/connect-social', { resultUri, deviceId: device })).status).toBe(200)
  })

  it('a state the site did not start is refused on a page of its own (no redirect anywhere)', async () => {
    const response = await fetch(`${site.url}/social/callback?code=abc&state=forged-state-value`, { redirect: 'manual' })
    expect(response.status).toBe(400)
    expect(response.headers.get('location')).toBeNull()
    expect(await response.text()).toContain(socialMessages.stateMismatch.replace('’', '’'))
  })

  it('a callback replayed with the state of a finished sign-in is refused', async () => {
    const { authorizeUrl } = await signIn('x', 'x-jack', newDevice())
    const state = new URL(authorizeUrl).searchParams.get('state')
    const response = await fetch(`${site.url}/social/callback?code=abc&state=${state}`, { redirect: 'manual' })
    expect(response.status).toBe(400)
    expect(await response.text()).toContain(socialMessages.stateUsed)
  })

  it('an ID token signed by another key (forged) is refused: the dapp gets social_error and no result', async () => {
    const { publicKey } = await generateKeyPair('RS256', { extractable: true })
    const real = config!
    config = { ...real, jwks: createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), alg: 'RS256' }] }) }
    try {
      const { returned } = await signIn('google', 'google-grace', newDevice())
      expect(returned.searchParams.get('result_uri')).toBeNull()
      expect(returned.searchParams.get('social_error')).toBe(socialMessages.badSignature)
    } finally {
      config = real
    }
  })

  it('an ID token whose nonce is not the one sent is refused: social_error, no result, no session', async () => {
    // The site's record of the nonce it sent differs from the one the provider puts in the token (a replayed token).
    const { returned } = await signIn('google', 'google-ada', newDevice(), async (state) => {
      await site.db.query("update social_logins set nonce = 'another-nonce' where state = $1", [state])
    })
    expect(returned.searchParams.get('result_uri')).toBeNull()
    expect(returned.searchParams.get('social_error')).toBe(socialMessages.nonceMismatch)
  })

  it('PKCE: a code exchanged without the verifier it was issued for is refused by the provider', async () => {
    const { returned } = await signIn('github', 'github-linus', newDevice(), async (state) => {
      await site.db.query("update social_logins set verifier = 'a-verifier-of-someone-else-0123456789abcdefghij' where state = $1", [state])
    })
    expect(returned.searchParams.get('result_uri')).toBeNull()
    expect(returned.searchParams.get('social_error')).toBe(socialMessages.codeExchange)
  })

  it('the provider’s Cancel comes back as a clear refusal', async () => {
    const start = await api('/api/social/start', { provider: 'apple', deviceId: newDevice(), returnTo: `${dapp}/` })
    const b = browser()
    const page = await b.follow(start.json.uri as string)
    const action = /action="(\/interaction\/[^"]+\/abort)"/.exec(await page.response!.text())?.[1]
    const back = await b.follow(new URL(action!, oidc.url).href, { method: 'POST', form: {} })
    expect(new URL(back.url).searchParams.get('social_error')).toBe(socialMessages.providerDenied)
  })

  it('refuses an unknown provider and a return address outside the allowed origins', async () => {
    expect(await api('/api/social/start', { provider: 'myspace', deviceId: newDevice(), returnTo: `${dapp}/` })).toEqual({ status: 400, json: { message: socialMessages.unknownProvider } })
    expect(await api('/api/social/start', { provider: 'google', deviceId: newDevice(), returnTo: 'https://evil.example/' })).toEqual({ status: 400, json: { message: socialMessages.returnNotAllowed } })
  })
})

describe('verifyIdToken', () => {
  const issuer = 'http://issuer.test'
  let jwks: JWTVerifyGetKey
  let sign: (claims: Record<string, unknown>, key?: CryptoKey) => Promise<string>
  let otherKey: CryptoKey
  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true })
    otherKey = (await generateKeyPair('RS256')).privateKey as CryptoKey
    jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), alg: 'RS256', kid: 'k1' }] })
    sign = (claims, key = pair.privateKey as CryptoKey) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer(issuer).setAudience('google').setIssuedAt().setExpirationTime('5m').setSubject('u1').sign(key)
  })
  const expected = (nonce = 'n1') => ({ jwks, issuer, audience: 'google', nonce, now: Date.now() })

  it('accepts a token of the key set with the nonce sent, and reads the username', async () => {
    expect(await verifyIdToken(await sign({ nonce: 'n1', preferred_username: 'ada' }), expected())).toEqual({ sub: 'u1', username: 'ada', email: undefined })
  })
  it('refuses a nonce that does not match', async () => {
    await expect(verifyIdToken(await sign({ nonce: 'other' }), expected())).rejects.toThrow(socialMessages.nonceMismatch)
    await expect(verifyIdToken(await sign({}), expected())).rejects.toThrow(socialMessages.nonceMismatch)
  })
  it('refuses a token signed by another key', async () => {
    await expect(verifyIdToken(await sign({ nonce: 'n1' }, otherKey), expected())).rejects.toThrow(socialMessages.badSignature)
  })
  it('refuses another audience and an expired token', async () => {
    await expect(verifyIdToken(await sign({ nonce: 'n1' }), { ...expected(), audience: 'github' })).rejects.toThrow(socialMessages.badToken)
    await expect(verifyIdToken(await sign({ nonce: 'n1' }), { ...expected(), now: Date.now() + 3_600_000 })).rejects.toThrow(socialMessages.badToken)
  })
})
