import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Address, Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { devAccounts, DEV_ADDRESSES } from '../accounts.ts'
import { findFreePort, startAnvil } from '../anvil.ts'
import type { AnvilInstance } from '../anvil.ts'
import { deployDevFidRegistry } from '../farcaster/registry.ts'
import { relayMessages } from '../farcaster/relay.ts'
import { buildSiwfMessage, FarcasterRequestError, parseFarcasterRequestUrl, signInWithFarcaster } from '../farcaster/siwf.ts'
import { farcasterMessages, verifySiwf } from './farcaster.ts'
import { startMailServer } from './mail.ts'
import type { MailServer } from './mail.ts'
import { startSecureSite } from './server.ts'
import type { SecureSite } from './server.ts'
import { ForeignError } from '../../tests/harness/failures.ts'

/**
 * Farcaster login over HTTP with the real parts: an anvil with the fid registry, the secure site and its
 * relay; the Farcaster client is `signInWithFarcaster` (what the development mobile wallet runs) posting over fetch.
 */
let anvil: AnvilInstance
let mail: MailServer
let site: SecureSite
let seq = 0
const newDevice = (): string => `farcasterdevice${String(++seq).padStart(4, '0')}abc`

beforeAll(async () => {
  anvil = await startAnvil({ port: await findFreePort(), chainId: 31337 })
  await deployDevFidRegistry({ rpcUrl: anvil.url, chainId: 31337 })
  mail = await startMailServer({ port: 0 })
  site = await startSecureSite({ port: 0, mail, chains: [{ chainId: 31337, rpcUrl: anvil.url }], allowedAncestors: ['http://127.0.0.1:5273'], fundWei: 0n })
}, 90_000)
afterAll(async () => {
  await site?.stop()
  await mail?.stop()
  await anvil?.stop()
})

async function api(path: string, body?: unknown, init: { token?: string; method?: string } = {}) {
  const response = await fetch(`${site.url}${path}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  })
  return { status: response.status, headers: response.headers, json: (await response.json().catch(() => ({}))) as Record<string, unknown> }
}

async function start(deviceId: string) {
  const started = await api('/api/farcaster/start', { deviceId })
  expect(started.status).toBe(200)
  return started.json as { url: string; channelToken: string }
}

describe('Farcaster login through the relay', () => {
  it('behavior: the request URL names the relay channel; pending until the custody address of the fid answers; then a session of the fid’s user, once', async () => {
    const device = newDevice()
    const { url, channelToken } = await start(device)
    const request = parseFarcasterRequestUrl(url)
    expect(request).toMatchObject({ channelToken, relay: site.url, domain: new URL(site.url).host, siweUri: `${site.url}/farcaster` })
    expect(await api('/api/connect-farcaster', { channelToken, deviceId: device })).toMatchObject({ status: 200, json: { state: 'pending' } })
    expect((await api('/v1/channel/status', undefined, { token: channelToken })).status).toBe(202)

    const { message } = await signInWithFarcaster({ url, account: devAccounts()[0]!, fid: 1, username: 'alice', chainId: 31337 })
    expect(message).toContain('farcaster://fid/1')
    expect(message).toContain(`Nonce: ${request.nonce}`)
    const status = await api('/v1/channel/status', undefined, { token: channelToken })
    expect(status).toMatchObject({ status: 200, json: { state: 'completed', fid: 1, username: 'alice', custody: DEV_ADDRESSES[0] } })

    const connected = await api('/api/connect-farcaster', { channelToken, deviceId: device })
    expect(connected.json).toMatchObject({ state: 'completed' })
    const user = await api('/api/user', undefined, { token: connected.json.token as string })
    expect(user.json).toMatchObject({ email: null, socialProvider: 'farcaster', username: 'alice' })
    // the channel works once
    expect(await api('/api/connect-farcaster', { channelToken, deviceId: device })).toEqual(expect.objectContaining({ status: 400, json: { message: farcasterMessages.invalid } }))

    // the same fid signing in again is the same user (same wallet)
    const again = await start(device)
    await signInWithFarcaster({ url: again.url, account: devAccounts()[0]!, fid: 1, username: 'alice', chainId: 31337 })
    const second = await api('/api/connect-farcaster', { channelToken: again.channelToken, deviceId: device })
    expect((await api('/api/user', undefined, { token: second.json.token as string })).json.address).toBe(user.json.address)
  }, 60_000)

  it('bad input: a signature of another custody address is refused to the client and to the app with the same words; nothing signs in', async () => {
    const device = newDevice()
    const { url, channelToken } = await start(device)
    const words = farcasterMessages.notCustody(DEV_ADDRESSES[1], 1)
    await expect(signInWithFarcaster({ url, account: devAccounts()[1]!, fid: 1, username: 'mallory', chainId: 31337 })).rejects.toThrow(words)
    expect(await api('/api/connect-farcaster', { channelToken, deviceId: device })).toEqual(expect.objectContaining({ status: 400, json: { message: words } }))
    // a refused channel takes no second answer: the visitor starts again
    expect(await api('/api/connect-farcaster', { channelToken, deviceId: device })).toEqual(expect.objectContaining({ status: 400, json: { message: farcasterMessages.invalid } }))
  }, 30_000)

  it('bad input: a fid nobody registered is refused', async () => {
    const { url } = await start(newDevice())
    const stranger = privateKeyToAccount(generatePrivateKey())
    await expect(signInWithFarcaster({ url, account: stranger, fid: 99, username: 'x', chainId: 31337 })).rejects.toThrow(farcasterMessages.notRegistered(99))
  })

  it('bad input: another device’s channel, an unknown channel, a second answer, a malformed answer', async () => {
    const device = newDevice()
    const { url, channelToken } = await start(device)
    expect(await api('/api/connect-farcaster', { channelToken, deviceId: newDevice() })).toEqual(expect.objectContaining({ status: 400, json: { message: farcasterMessages.invalid } }))
    expect(await api('/api/connect-farcaster', { channelToken: 'nope', deviceId: device })).toEqual(expect.objectContaining({ status: 400, json: { message: farcasterMessages.invalid } }))
    expect(await api('/v1/channel/status', undefined, { token: 'unknownchanneltoken0000' })).toEqual(expect.objectContaining({ status: 401, json: { message: relayMessages.unknownChannel } }))
    expect(await api('/v1/channel/authenticate', { message: 'x', signature: 'nothex', fid: 1, username: 'a' }, { token: channelToken })).toEqual(
      expect.objectContaining({ status: 400, json: { message: relayMessages.badBody } }),
    )
    await signInWithFarcaster({ url, account: devAccounts()[2]!, fid: 3, username: 'carol', chainId: 31337 })
    await expect(signInWithFarcaster({ url, account: devAccounts()[2]!, fid: 3, username: 'carol', chainId: 31337 })).rejects.toThrow(relayMessages.alreadyCompleted)
    expect(await api('/api/farcaster/start', { deviceId: 'short' })).toEqual(expect.objectContaining({ status: 400, json: { message: 'Invalid device' } }))
  }, 30_000)

  it('behavior: the relay is open to the client’s origin (CORS preflight and answers), the frame API is not', async () => {
    const preflight = await fetch(`${site.url}/v1/channel/authenticate`, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:5273', 'access-control-request-method': 'POST' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization')
    const created = await api('/v1/channel', { domain: 'example.com', siweUri: 'https://example.com/login' })
    expect(created.status).toBe(201)
    expect(created.headers.get('access-control-allow-origin')).toBe('*')
    expect(parseFarcasterRequestUrl(created.json.url as string)).toMatchObject({ domain: 'example.com', siweUri: 'https://example.com/login' })
    const foreign = await fetch(`${site.url}/api/farcaster/start`, { method: 'POST', headers: { origin: 'http://127.0.0.1:5273', 'content-type': 'application/json' }, body: JSON.stringify({ deviceId: newDevice() }) })
    expect(foreign.status).toBe(403)
  })
})

describe('verifySiwf', () => {
  const account = devAccounts()[0]!
  const channel = { nonce: 'abcdef123456', domain: 'secure.test:8800', siweUri: 'http://secure.test:8800/farcaster' }
  const request = { ...channel, channelToken: 'x'.repeat(20), relay: 'http://secure.test:8800' }
  const now = Date.parse('2026-01-01T00:00:00Z')
  const readCustody = async (fid: bigint): Promise<Address | undefined> => (fid === 1n ? account.address : undefined)
  const signed = async (overrides: Partial<typeof request> & { fid?: number; expirationTime?: string } = {}) => {
    const message = buildSiwfMessage({ request: { ...request, ...overrides }, address: account.address, fid: overrides.fid ?? 1, chainId: 31337, issuedAt: new Date(now - 1000) })
    return { message, signature: await account.signMessage({ message }) }
  }
  const verify = (input: { message: string; signature: Hex }, fid = 1, reader = readCustody) => verifySiwf({ ...input, fid, channel, now, readCustody: reader })

  it('behavior: a message of this request signed by the fid’s custody address passes', async () => {
    expect(await verify(await signed())).toEqual({ custody: account.address })
  })

  it('bad input: each wrong part is refused with its own words', async () => {
    await expect(verify(await signed({ nonce: 'zzzzzzzzzzzz' }))).rejects.toThrow(farcasterMessages.wrongRequest)
    await expect(verify(await signed({ domain: 'evil.test' }))).rejects.toThrow(farcasterMessages.wrongRequest)
    await expect(verify(await signed({ siweUri: 'http://evil.test/farcaster' }))).rejects.toThrow(farcasterMessages.wrongRequest)
    await expect(verify(await signed(), 2)).rejects.toThrow(farcasterMessages.fidMismatch)
    await expect(verify(await signed({ expirationTime: new Date(now - 1).toISOString() }))).rejects.toThrow(farcasterMessages.expired)
    const good = await signed()
    await expect(verify({ message: good.message.replace('Farcaster Auth', 'Something else'), signature: good.signature })).rejects.toThrow(farcasterMessages.malformed)
    await expect(verify({ message: 'hello', signature: good.signature })).rejects.toThrow(farcasterMessages.malformed)
    await expect(verify({ message: good.message.replace('\nResources:\n- farcaster://fid/1', ''), signature: good.signature })).rejects.toThrow(farcasterMessages.noFid)
    const other = await signed({ fid: 2 })
    await expect(verify({ message: good.message, signature: other.signature })).rejects.toThrow(farcasterMessages.badSignature)
    await expect(verify({ message: good.message, signature: '0x1234' })).rejects.toThrow(farcasterMessages.badSignature)
    await expect(verify(await signed({ fid: 7 }), 7)).rejects.toThrow(farcasterMessages.notRegistered(7))
    await expect(verify(good, 1, async () => DEV_ADDRESSES[3])).rejects.toThrow(farcasterMessages.notCustody(account.address, 1))
    await expect(verify(good, 1, async () => Promise.reject(new ForeignError('down')))).rejects.toThrow(farcasterMessages.registryDown)
  })
})

describe('parseFarcasterRequestUrl', () => {
  const good = 'farcaster://connect?channelToken=abcdefghijklmnopqrst&nonce=abcdef123456&domain=127.0.0.1%3A8800&siweUri=http%3A%2F%2F127.0.0.1%3A8800%2Ffarcaster&relay=http%3A%2F%2F127.0.0.1%3A8800'
  it('behavior: reads every part of a request URL, white space around it ignored', () => {
    expect(parseFarcasterRequestUrl(`  ${good}\n`)).toEqual({
      channelToken: 'abcdefghijklmnopqrst',
      nonce: 'abcdef123456',
      domain: '127.0.0.1:8800',
      siweUri: 'http://127.0.0.1:8800/farcaster',
      relay: 'http://127.0.0.1:8800',
    })
  })
  it('bad input: each malformed part is named', () => {
    const cases: [string, RegExp][] = [
      ['wc:abc@2?relay-protocol=irn', /farcaster:\/\/connect/],
      [good.replace('channelToken=abcdefghijklmnopqrst', 'channelToken=short'), /channel token/],
      [good.replace('nonce=abcdef123456', 'nonce=a!'), /nonce/],
      [good.replace('domain=127.0.0.1%3A8800', 'domain=%3Cscript%3E'), /domain/],
      [good.replace('relay=http%3A%2F%2F127.0.0.1%3A8800', 'relay=javascript%3Aalert(1)'), /relay must be an http/],
      [good.replace('siweUri=http%3A%2F%2F127.0.0.1%3A8800%2Ffarcaster', 'siweUri='), /siweUri must be an http/],
      [`${good}&expirationTime=never`, /expirationTime/],
    ]
    for (const [url, words] of cases) expect(() => parseFarcasterRequestUrl(url), url).toThrow(words)
    expect(() => parseFarcasterRequestUrl(good)).not.toThrow(FarcasterRequestError)
  })
})
