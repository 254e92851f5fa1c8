import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Address, Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { smartSessionGrantMessage, smartSessionRevokeMessage } from '../../kernel/smartSession.ts'
import { devAaClient, toDevSimpleAccount } from '../aa/deploy.ts'
import { startApiServer } from './server.ts'
import type { ApiServer } from './server.ts'

/**
 * The reference server's smart sessions (spec §7 `/v1/sessions`) with real signatures: an EOA's, and a fresh smart
 * account's (ERC-6492, not deployed) on the test anvils; rows in the server's PGlite.
 */
const rpc1 = inject('anvilRpc1')
let api: ApiServer

beforeAll(async () => {
  api = await startApiServer({ port: 0, chains: [{ chainId: 31337, rpcUrl: rpc1 }] })
})
afterAll(() => api.stop())
afterEach(() => api.control.reset())

type Signer = { address: Address; signMessage: (args: { message: string }) => Promise<Hex> }
type Answer = { status: number; body: Record<string, unknown> }

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${api.url}/blockchain${path}${path.includes('?') ? '&' : '?'}projectId=p&st=appkit&sv=test`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const permissions = [{ type: 'native-token-recurring-allowance', data: { allowance: '0x2386f26fc10000', period: 86400 } }]
const sessionKey = privateKeyToAccount(generatePrivateKey()).address

/** `account` grants a session (signed by `signer`, the account by default), expiring in an hour unless told. */
async function grant(account: Signer, options: { signer?: Signer; expiry?: number; chainId?: string } = {}): Promise<Answer> {
  const fields = { chainId: options.chainId ?? 'eip155:31337', expiry: options.expiry ?? Math.floor(Date.now() / 1000) + 3600, signer: sessionKey, permissions }
  const signature = await (options.signer ?? account).signMessage({ message: smartSessionGrantMessage({ address: account.address, ...fields }) })
  return call('POST', `/v1/sessions/${account.address}`, { ...fields, signature })
}

async function revoke(account: Signer, pci: string, signer: Signer = account): Promise<Answer> {
  return call('POST', `/v1/sessions/${account.address}/revoke`, { pci, signature: await signer.signMessage({ message: smartSessionRevokeMessage({ address: account.address, pci }) }) })
}

const list = async (address: Address) => (await call('GET', `/v1/sessions/${address}`)).body.pcis as Array<Record<string, unknown>>

describe('smart sessions', () => {
  it('behavior: an account grants a session with its signature: a row listed with its chain, key, expiry, permissions and grant time', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const granted = await grant(account)
    expect(granted.status).toBe(200)
    expect(granted.body).toEqual({ pci: expect.stringMatching(/^[0-9a-f-]{36}$/), chainId: 'eip155:31337', signer: sessionKey, expiry: expect.any(Number), permissions, createdAt: expect.any(String) })
    expect(await list(account.address)).toEqual([granted.body])
    // Another address's list is its own; a CAIP-10 account names the same rows.
    expect(await list(privateKeyToAccount(generatePrivateKey()).address)).toEqual([])
    expect((await call('GET', `/v1/sessions/eip155:31337:${account.address.toLowerCase()}`)).body.pcis).toEqual([granted.body])
    expect(await call('GET', `/v1/sessions/${account.address}/${granted.body.pci}`)).toEqual({ status: 200, body: granted.body })
  })

  it('behavior: a fresh smart account, not deployed, grants and revokes with ERC-6492 signatures', async () => {
    const client = devAaClient(rpc1, 31337)
    const account = await toDevSimpleAccount({ client, owner: privateKeyToAccount(generatePrivateKey()) })
    const granted = await grant(account)
    expect(granted.status).toBe(200)
    expect((await revoke(account, granted.body.pci as string)).body).toEqual({ success: true })
    expect(await list(account.address)).toEqual([])
    expect(await client.getCode({ address: account.address })).toBeUndefined()
  })

  it('behavior: a revoked session is no longer listed and stops working (410); revoking it again answers success false', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const first = (await grant(account)).body.pci as string
    const second = (await grant(account)).body.pci as string
    expect(await revoke(account, first)).toEqual({ status: 200, body: { success: true } })
    expect((await list(account.address)).map((s) => s.pci)).toEqual([second])
    expect(await call('GET', `/v1/sessions/${account.address}/${first}`)).toEqual({ status: 410, body: { message: 'Session revoked' } })
    expect((await call('GET', `/v1/sessions/${account.address}/${second}`)).status).toBe(200)
    expect(await revoke(account, first)).toEqual({ status: 200, body: { success: false } })
    expect(await revoke(account, 'no-such-session')).toEqual({ status: 200, body: { success: false } })
    expect((await call('GET', `/v1/sessions/${account.address}/no-such-session`)).status).toBe(404)
  })

  it('bad input: a revoke signed by someone else is 401 and the session stays in force', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const pci = (await grant(account)).body.pci as string
    const refused = await revoke(account, pci, privateKeyToAccount(generatePrivateKey()))
    expect(refused.status).toBe(401)
    expect(refused.body.message).toBe(`The signature is not ${account.address} revoking session ${pci}`)
    expect((await call('POST', `/v1/sessions/${account.address}/revoke`, { pci, signature: 'not hex' })).status).toBe(401)
    // A signature of the revoke text of another session of the same account does not revoke this one.
    const other = (await grant(account)).body.pci as string
    const forOther = await account.signMessage({ message: smartSessionRevokeMessage({ address: account.address, pci: other }) })
    expect((await call('POST', `/v1/sessions/${account.address}/revoke`, { pci, signature: forOther })).status).toBe(401)
    expect((await list(account.address)).map((s) => s.pci)).toEqual([pci, other])
    expect((await call('GET', `/v1/sessions/${account.address}/${pci}`)).status).toBe(200)
  })

  it('bad input: a grant signed by someone else (401), an expiry in the past, a chain the server does not read, a malformed body (400): nothing kept', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const impostor = await grant(account, { signer: privateKeyToAccount(generatePrivateKey()) })
    expect(impostor.status).toBe(401)
    expect((await grant(account, { expiry: Math.floor(Date.now() / 1000) - 1 })).status).toBe(400)
    expect(await grant(account, { chainId: 'eip155:1' })).toMatchObject({ status: 400, body: { message: expect.stringContaining('eip155:1') } })
    expect((await call('POST', `/v1/sessions/${account.address}`, { chainId: 'eip155:31337', expiry: 1, signer: 'nobody', permissions: [], signature: '0x' })).status).toBe(400)
    expect((await call('POST', '/v1/sessions/not-an-address', { chainId: 'eip155:31337', expiry: 9_999_999_999, signer: sessionKey, permissions, signature: '0x00' })).status).toBe(400)
    expect(await list(account.address)).toEqual([])
  })

  it('behavior: reset forgets the sessions', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    await grant(account)
    await api.control.reset()
    expect(await list(account.address)).toEqual([])
  })
})
