import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startApiServer, type ApiServer } from '../dev/api/server.ts'
import { createSiwx } from '../services/siwxSessions.ts'
import { ConnectedStartError } from './errors.ts'
import { signedInStorage, type SignedInStorageParameters } from './siwx.ts'
import { DEV_ADDRESSES } from './wallet/accounts.ts'
import { createTestWallet } from './wallet/testWallet.ts'

/**
 * A signed-in start against the reference server's SIWX routes (real nonces, verification on the test anvil): the
 * seeded entry is what the default `siwx` config's restore (`createSiwx().getSessions`) reads and the server trusts.
 */
const rpc1 = inject('anvilRpc1')
const origin = 'http://127.0.0.1:5173'
let api: ApiServer

beforeAll(async () => {
  api = await startApiServer({ port: 0, chains: [{ chainId: 31337, rpcUrl: rpc1 }], siwx: { origins: [origin] } })
})
afterAll(() => api.stop())

const wallet = createTestWallet({ rpcUrl: rpc1 })
const base = (): SignedInStorageParameters => ({ url: `${api.url}/siwx`, origin, caipNetworkId: 'eip155:31337', address: DEV_ADDRESSES[1], sign: (m) => wallet.signMessage(m, 1) })

function memoryStorage(entries: Record<string, string> = {}) {
  const items = new Map(Object.entries(entries))
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) }
}

describe('signedInStorage', () => {
  it("behavior: the seeded entry is the session the default config's restore finds for that account, and the server knows its token", async () => {
    const { storage, session } = await signedInStorage({ ...base(), statement: 'Sign in to the kit.' })
    expect(Object.keys(storage)).toEqual(['@latchkey/siwx_auth_token'])
    expect(session.data).toMatchObject({ accountAddress: DEV_ADDRESSES[1], chainId: 'eip155:31337', domain: '127.0.0.1:5173', uri: origin, statement: 'Sign in to the kit.' })
    expect(session.message).toContain('127.0.0.1:5173 wants you to sign in with your Ethereum account:')
    expect(await verifyMessage({ address: DEV_ADDRESSES[1], message: session.message, signature: session.signature as `0x${string}` })).toBe(true)

    const siwx = createSiwx({ url: `${api.url}/siwx`, storage: memoryStorage(storage) })
    expect(await siwx.getSessions('eip155:31337', DEV_ADDRESSES[1])).toEqual([session])
    expect(await siwx.getSessions('eip155:31337', DEV_ADDRESSES[0])).toEqual([])
    const answer = await fetch(`${api.url}/siwx/v1/session`, { headers: { Authorization: `Bearer ${session.token}` } })
    expect(answer.status).toBe(200)
    expect(((await answer.json()) as { session: { address: string } }).session.address).toBe(DEV_ADDRESSES[1])
  })

  it('behavior: expiresIn sets the expiration time; 0 leaves none', async () => {
    const before = Date.now()
    const { session } = await signedInStorage({ ...base(), expiresIn: 60_000 })
    const expires = Date.parse(session.data.expirationTime ?? '')
    expect(expires - Date.parse(session.data.issuedAt ?? '')).toBe(60_000)
    expect(expires).toBeGreaterThanOrEqual(before + 60_000)
    expect((await signedInStorage({ ...base(), expiresIn: 0 })).session.data.expirationTime).toBeUndefined()
  })

  it('bad input: each malformed option is a ConnectedStartError naming it, before the server is asked', async () => {
    const cases: Array<[Partial<SignedInStorageParameters>, string]> = [
      [{ caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }, 'siwx needs an eip155 network (EIP-4361), got "solana:5eykt4UsFv8P8NJdT…"'],
      [{ address: '0x1234' }, 'the signer must be 0x + 40 hex digits, got "0x1234"'],
      [{ origin: 'ftp://127.0.0.1' }, 'siwx.origin must be an absolute http(s) URL, got "ftp://127.0.0.1"'],
      [{ url: '/siwx' }, 'siwx.url must be an absolute http(s) URL, got "/siwx"'],
      [{ expiresIn: -1 }, 'siwx.expiresIn must be a non-negative number of ms, got -1'],
    ]
    let asked = 0
    const counting: typeof fetch = (input, init) => {
      asked++
      return fetch(input, init)
    }
    for (const [bad, details] of cases) {
      const error = await signedInStorage({ ...base(), fetch: counting, ...bad }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ConnectedStartError)
      expect((error as ConnectedStartError).details).toBe(details)
    }
    expect(asked).toBe(0)
    await signedInStorage({ ...base(), fetch: counting })
    expect(asked).toBe(2)
  })

  it("bad input: a signature that is not hex, and the server's refusal, are ConnectedStartErrors with the reason", async () => {
    const notHex = await signedInStorage({ ...base(), sign: async () => 'signed' }).catch((e: unknown) => e)
    expect(notHex).toBeInstanceOf(ConnectedStartError)
    expect((notHex as ConnectedStartError).details).toBe('sign must answer hex, got "signed"')

    const wrongDomain = await signedInStorage({ ...base(), origin: 'http://127.0.0.1:9' }).catch((e: unknown) => e)
    expect(wrongDomain).toBeInstanceOf(ConnectedStartError)
    expect((wrongDomain as ConnectedStartError).shortMessage).toBe('The SIWX server refused the signed-in start (verify)')
    expect((wrongDomain as ConnectedStartError).details).toBe('code WRONG_DOMAIN')

    const otherSigner = await signedInStorage({ ...base(), sign: (m) => wallet.signMessage(m, 0) }).catch((e: unknown) => e)
    expect((otherSigner as ConnectedStartError).details).toBe('code BAD_SIGNATURE')
  })
})
