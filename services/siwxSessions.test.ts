import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import type { LocalAccount } from 'viem'
import { verifyMessage } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { devAccounts } from '../dev/accounts.ts'
import { startApiServer, type ApiServer } from '../dev/api/server.ts'
import { InvalidUrlError } from '../kernel/urls.ts'
import { ApiError } from './api.ts'
import { siwxErrorCode } from './siwx.ts'
import { createSiwx, SiwxNonceError, type CreateSiwxParameters } from './siwxSessions.ts'
import { createMemoryStorage } from './storage.ts'

/**
 * The default `siwx` config against the reference server: real nonces, real EIP-4361 messages signed by dev
 * accounts (viem local accounts), real verification on the test anvil, sessions kept in storage across
 * instances (a reload), and the bad inputs: another account or chain, a forged or reused message, a session
 * the server no longer knows, malformed storage, a server that is down.
 */
const rpc1 = inject('anvilRpc1')
const origin = 'http://127.0.0.1:5173'
const alice: LocalAccount = devAccounts()[0]!
const bob: LocalAccount = devAccounts()[1]!
const chain = 'eip155:31337'

let api: ApiServer
beforeAll(async () => {
  api = await startApiServer({ port: 0, chains: [{ chainId: 31337, rpcUrl: rpc1 }], siwx: { origins: [origin] } })
})
afterAll(() => api.stop())
afterEach(() => api.control.reset())

function config(storage = createMemoryStorage(), extra: Partial<CreateSiwxParameters> = {}) {
  return { storage, siwx: createSiwx({ url: `${api.url}/siwx`, projectId: 'siwx-sessions-tests', domain: '127.0.0.1:5173', uri: origin, storage, ...extra }) }
}

/** The flow the modal runs: message, the wallet's signature, verification and storage. */
async function signIn(siwx: ReturnType<typeof createSiwx>, account: LocalAccount = alice, chainId = chain) {
  const data = await siwx.createMessage({ accountAddress: account.address, chainId })
  const signature = await account.signMessage({ message: data.serializedMessage })
  return siwx.addSession({ data, message: data.serializedMessage, signature })
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('expected a rejection'),
    (error: unknown) => error,
  )
}

describe('createSiwx', () => {
  it('behavior: the message is EIP-4361 with every field, the nonce from the server, a real signature the server verifies', async () => {
    const now = Math.floor(Date.now() / 1000) * 1000
    const { siwx, storage } = config(undefined, { statement: 'Sign in to the test dapp.', resources: ['https://example.org/terms'], expiresIn: 60_000, now: () => now })
    const data = await siwx.createMessage({ accountAddress: alice.address, chainId: chain })
    const parsed = parseSiweMessage(data.serializedMessage)
    expect(parsed).toMatchObject({
      address: alice.address,
      chainId: 31337,
      domain: '127.0.0.1:5173',
      uri: origin,
      version: '1',
      nonce: data.nonce,
      statement: 'Sign in to the test dapp.',
      resources: ['https://example.org/terms'],
    })
    expect(data).toMatchObject({ issuedAt: new Date(now).toISOString(), expirationTime: new Date(now + 60_000).toISOString() })
    expect(JSON.parse(storage.getItem('@latchkey/siwx_nonce_token')!)).toMatchObject({ nonce: data.nonce })

    const signature = await alice.signMessage({ message: data.serializedMessage })
    expect(await verifyMessage({ address: alice.address, message: data.serializedMessage, signature })).toBe(true)
    const stored = await siwx.addSession({ data, message: data.serializedMessage, signature })
    expect(stored).toMatchObject({ data, signature, token: expect.any(String) })
    expect(storage.getItem('@latchkey/siwx_nonce_token')).toBeNull()
    expect(JSON.parse(storage.getItem('@latchkey/siwx_auth_token')!)).toEqual([stored])
  })

  it('behavior: a session survives a reload (a new instance on the same storage) and the server confirms it', async () => {
    const { siwx, storage } = config()
    const stored = await signIn(siwx)
    const reloaded = config(storage).siwx
    expect(await reloaded.getSessions(chain, alice.address.toLowerCase())).toEqual([stored])
  })

  it('behavior: a session for another address or chain is not reused', async () => {
    const { siwx } = config()
    await signIn(siwx)
    expect(await siwx.getSessions(chain, bob.address)).toEqual([])
    expect(await siwx.getSessions('eip155:31338', alice.address)).toEqual([])
  })

  it('behavior: sessions on two chains are kept side by side; revoking one ends it on the server and keeps the other', async () => {
    const api2 = await startApiServer({
      port: 0,
      chains: [
        { chainId: 31337, rpcUrl: rpc1 },
        { chainId: 31338, rpcUrl: inject('anvilRpc2') },
      ],
      siwx: { origins: [origin] },
    })
    try {
      const storage = createMemoryStorage()
      const siwx = createSiwx({ url: `${api2.url}/siwx`, domain: '127.0.0.1:5173', uri: origin, storage })
      const one = await signIn(siwx, alice, chain)
      const two = await signIn(siwx, alice, 'eip155:31338')
      await siwx.revokeSession(chain, alice.address)
      expect(await siwx.getSessions(chain, alice.address)).toEqual([])
      expect(await siwx.getSessions('eip155:31338', alice.address)).toEqual([two])
      const gone = await rejection(fetch(`${api2.url}/siwx/v1/session`, { headers: { Authorization: `Bearer ${one.token}` } }).then((r) => (r.ok ? r : Promise.reject(r.status))))
      expect(gone).toBe(401)
    } finally {
      await api2.stop()
    }
  })

  it('behavior: a stored session the server no longer knows is dropped, not reused', async () => {
    const { siwx, storage } = config()
    const stored = await signIn(siwx)
    await fetch(`${api.url}/siwx/v1/session`, { method: 'DELETE', headers: { Authorization: `Bearer ${stored.token}` } })
    expect(await siwx.getSessions(chain, alice.address)).toEqual([])
    expect(storage.getItem('@latchkey/siwx_auth_token')).toBeNull()
  })

  it('behavior: malformed storage is dropped, never thrown', async () => {
    for (const bad of ['not json', '{"token":1}', JSON.stringify([{ data: { chainId: 'nope' }, token: 'x' }])]) {
      const storage = createMemoryStorage({ '@latchkey/siwx_auth_token': bad })
      const { siwx } = config(storage)
      expect(await siwx.getSessions(chain, alice.address)).toEqual([])
      expect(storage.getItem('@latchkey/siwx_auth_token')).toBeNull()
    }
  })

  it('behavior: a stored session edited to claim another account is refused by the server check', async () => {
    const { siwx, storage } = config()
    const stored = await signIn(siwx)
    const forged = [{ ...stored, data: { ...stored.data, accountAddress: bob.address } }]
    storage.setItem('@latchkey/siwx_auth_token', JSON.stringify(forged))
    expect(await siwx.getSessions(chain, bob.address)).toEqual([])
  })

  it('behavior: a message whose nonce was not issued to this page, or a signature that is not hex, is refused before the server', async () => {
    const { siwx } = config()
    const data = await siwx.createMessage({ accountAddress: alice.address, chainId: chain })
    const signature = await alice.signMessage({ message: data.serializedMessage })
    expect(await rejection(siwx.addSession({ data: { ...data, nonce: 'othernonce1' }, message: data.serializedMessage, signature }))).toBeInstanceOf(SiwxNonceError)
    expect(((await rejection(siwx.addSession({ data, message: data.serializedMessage, signature: 'not a signature' }))) as Error).name).toBe('InvalidSiwxMessageError')
  })

  it("behavior: the server's refusals reach the caller: another account's signature, a replayed nonce", async () => {
    const { siwx } = config()
    const data = await siwx.createMessage({ accountAddress: alice.address, chainId: chain })
    const forged = await bob.signMessage({ message: data.serializedMessage })
    const refused = await rejection(siwx.addSession({ data, message: data.serializedMessage, signature: forged }))
    expect(refused).toBeInstanceOf(ApiError)
    expect(siwxErrorCode(refused)).toBe('BAD_SIGNATURE')
    // The nonce token was spent with that attempt: the same message cannot be replayed.
    const signature = await alice.signMessage({ message: data.serializedMessage })
    expect(await rejection(siwx.addSession({ data, message: data.serializedMessage, signature }))).toBeInstanceOf(SiwxNonceError)
  })

  it('behavior: a server that is down makes getSessions reject (the modal reports an init failure) and keeps the session stored', async () => {
    const { siwx, storage } = config()
    await signIn(siwx)
    api.control.set({ mode: 'status', status: 503, paths: ['/siwx'] })
    const error = await rejection(siwx.getSessions(chain, alice.address))
    expect((error as ApiError).status).toBe(503)
    expect(storage.getItem('@latchkey/siwx_auth_token')).not.toBeNull()
  })

  it('behavior: expiresIn 0 makes a message without expiration time', async () => {
    const { siwx } = config(undefined, { expiresIn: 0 })
    const data = await siwx.createMessage({ accountAddress: alice.address, chainId: chain })
    expect(data.expirationTime).toBeUndefined()
    expect(data.serializedMessage).not.toContain('Expiration Time')
  })
})

describe('createSiwx: its url', () => {
  it('bad input: a url that is not an absolute http(s) base URL is refused at once with InvalidUrlError', () => {
    for (const url of ['javascript:alert(1)', 'ws://127.0.0.1:8600/siwx', 'http://127.0.0.1:8600/siwx evil', 'https://u:p@evil.example/siwx', 'https://api.example/siwx?x=1', '/siwx', '']) {
      expect(() => createSiwx({ url }), url).toThrow(InvalidUrlError)
    }
    expect(() => createSiwx({ url: 'https://api.example/siwx' })).not.toThrow()
  })
})
