import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { createWalletClient, encodeFunctionData, hashMessage, http, isErc6492Signature, parseErc6492Signature, serializeErc6492Signature } from 'viem'
import type { LocalAccount } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { devAaClient, replaySafeHash, SIMPLE_ACCOUNT_FACTORY_ADDRESS, simpleAccountFactoryAbi, toDevSimpleAccount } from '../aa/deploy.ts'
import type { CreateSiweMessageParameters } from 'viem/siwe'
import { devAccounts } from '../accounts.ts'
import { loadContracts } from './contract.ts'
import { startApiServer } from './server.ts'
import type { ApiServer } from './server.ts'
import { siwxNonceTtl } from './siwx.ts'

/**
 * The SIWX routes of the reference server: every sign-in is a real EIP-4361 message made with viem's
 * `createSiweMessage` and signed by a viem local account (the anvil dev accounts); verification runs on the test
 * anvils. The server's clock is the test's `clock`, so expiry needs no waiting.
 */
const rpc1 = inject('anvilRpc1')
const rpc2 = inject('anvilRpc2')
const origin = 'http://127.0.0.1:5173'
const domain = '127.0.0.1:5173'
/** 2026-01-01T00:00:00Z, the server's time at the start of each test. */
const start = Date.UTC(2026, 0, 1)

let clock = start
let api: ApiServer

beforeAll(async () => {
  api = await startApiServer({
    port: 0,
    chains: [
      { chainId: 31337, rpcUrl: rpc1 },
      { chainId: 31338, rpcUrl: rpc2 },
    ],
    siwx: { origins: [origin], now: () => clock },
  })
})
afterAll(() => api.stop())
beforeEach(() => {
  clock = start
})
afterEach(() => api.control.reset())

const alice: LocalAccount = devAccounts()[0]!
const bob: LocalAccount = devAccounts()[1]!

type Answer = { status: number; body: unknown }

async function answer(response: Response): Promise<Answer> {
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined }
}

async function issueNonce(): Promise<{ nonce: string; token: string; expiresAt: string }> {
  const { status, body } = await answer(await fetch(`${api.url}/siwx/v1/nonce`, { method: 'POST' }))
  expect(status).toBe(200)
  return body as { nonce: string; token: string; expiresAt: string }
}

/** An EIP-4361 message for the test origin, alice on chain 31337, issued now, with `fields` replacing any of that. */
function eip4361(nonce: string, fields: Partial<CreateSiweMessageParameters> = {}): string {
  return createSiweMessage({
    address: alice.address,
    chainId: 31337,
    domain,
    uri: `${origin}/`,
    version: '1',
    nonce,
    issuedAt: new Date(clock),
    statement: 'Sign in to the Latchkey demo.',
    ...fields,
  })
}

function verify(body: unknown): Promise<Answer> {
  return fetch(`${api.url}/siwx/v1/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(answer)
}

/** A fresh nonce, the message `fields` describe, signed by `signer` (alice by default), sent for verification. */
async function signIn(fields: Partial<CreateSiweMessageParameters> = {}, options: { signer?: Pick<LocalAccount, 'signMessage'>; chainId?: string; edit?: (message: string) => string } = {}): Promise<Answer> {
  const { nonce, token } = await issueNonce()
  const message = (options.edit ?? ((m) => m))(eip4361(nonce, fields))
  const signature = await (options.signer ?? alice).signMessage({ message })
  return verify({ message, signature, token, ...(options.chainId ? { chainId: options.chainId } : {}) })
}

function session(token: string | undefined, method: 'GET' | 'DELETE' = 'GET'): Promise<Answer> {
  return fetch(`${api.url}/siwx/v1/session`, { method, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } }).then(answer)
}

describe('nonces', () => {
  it('behavior: a nonce is 32 random hex characters, bound to an opaque nonce token kept for 10 minutes', async () => {
    const first = await issueNonce()
    const second = await issueNonce()
    expect(first.nonce).toMatch(/^[0-9a-f]{32}$/)
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(first.expiresAt).toBe('2026-01-01T00:10:00.000Z')
    expect(siwxNonceTtl).toBe(600_000)
    expect(second.nonce).not.toBe(first.nonce)
    expect(second.token).not.toBe(first.token)
  })
})

describe('sign-in with a real signature', () => {
  it('behavior: a signed EIP-4361 message opens a session, answered again for its bearer token', async () => {
    const { nonce, token } = await issueNonce()
    const message = eip4361(nonce, { expirationTime: new Date(start + 3_600_000), resources: ['https://example.com/terms'], requestId: 'r-1' })
    const signature = await alice.signMessage({ message })

    const signedIn = await verify({ message, signature, token, chainId: 'eip155:31337' })

    expect(signedIn.status).toBe(200)
    const { session: opened } = signedIn.body as { session: Record<string, string> }
    expect(opened).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      address: alice.address,
      chainId: 'eip155:31337',
      domain,
      uri: `${origin}/`,
      issuedAt: '2026-01-01T00:00:00.000Z',
      expirationTime: '2026-01-01T01:00:00.000Z',
      message,
      signature,
    })
    expect(opened.token).not.toBe(token)
    expect(await session(opened.token)).toEqual({ status: 200, body: { session: opened } })
  })

  it('behavior: verification runs on the chain the message names (eip155:31338), for any dev account', async () => {
    const { status, body } = await signIn({ chainId: 31338, address: bob.address }, { signer: bob })
    expect(status).toBe(200)
    expect((body as { session: { chainId: string; address: string } }).session).toMatchObject({ chainId: 'eip155:31338', address: bob.address })
  })

  it('behavior: a message with a scheme, a deeper URI and no expiration time is accepted; the session has no expiration time', async () => {
    const { status, body } = await signIn({ scheme: 'http', uri: `${origin}/account?tab=1` })
    expect(status).toBe(200)
    expect((body as { session: Record<string, unknown> }).session).not.toHaveProperty('expirationTime')
  })

  it('behavior: without siwx options the server signs in for its allowed origins (the demo and e2e pages)', async () => {
    const shared = inject('apiUrl')
    const { nonce, token } = (await (await fetch(`${shared}/siwx/v1/nonce`, { method: 'POST' })).json()) as { nonce: string; token: string }
    const message = eip4361(nonce, { domain: 'localhost:5273', uri: 'http://localhost:5273/', issuedAt: new Date() })
    const response = await fetch(`${shared}/siwx/v1/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message, signature: await alice.signMessage({ message }), token }),
    })
    expect(response.status, await response.clone().text()).toBe(200)
  })
})

describe('refusals, each with a real signature', () => {
  it("refuses a wrong domain (WRONG_DOMAIN), and a scheme other than the origin's", async () => {
    expect(await signIn({ domain: 'evil.example' })).toMatchInlineSnapshot(`
      {
        "body": {
          "code": "WRONG_DOMAIN",
          "message": "The message is for evil.example; this server signs in for http://127.0.0.1:5173",
        },
        "status": 422,
      }
    `)
    expect(await signIn({ scheme: 'https' })).toMatchInlineSnapshot(`
      {
        "body": {
          "code": "WRONG_DOMAIN",
          "message": "The message is for https://127.0.0.1:5173; this server signs in for http://127.0.0.1:5173",
        },
        "status": 422,
      }
    `)
  })

  it('refuses a URI on another origin (WRONG_URI)', async () => {
    expect(await signIn({ uri: 'https://evil.example/login' })).toMatchInlineSnapshot(`
      {
        "body": {
          "code": "WRONG_URI",
          "message": "The message's URI https://evil.example/login is not on http://127.0.0.1:5173",
        },
        "status": 422,
      }
    `)
    expect(await signIn({ uri: 'http://127.0.0.1:5174/' })).toMatchInlineSnapshot(`
      {
        "body": {
          "code": "WRONG_URI",
          "message": "The message's URI http://127.0.0.1:5174/ is not on http://127.0.0.1:5173",
        },
        "status": 422,
      }
    `)
  })

  it("refuses a nonce token the server never issued, and one whose nonce is not the message's (UNKNOWN_NONCE)", async () => {
    const message = eip4361('abcdefgh12345678')
    const signature = await alice.signMessage({ message })
    expect(await verify({ message, signature, token: 'never-issued-token-0000000000000000000000000' })).toMatchInlineSnapshot(`
      {
        "body": {
          "code": "UNKNOWN_NONCE",
          "message": "The nonce token was never issued by this server or has expired: ask for a new nonce",
        },
        "status": 422,
      }
    `)

    const mine = await issueNonce()
    const other = await issueNonce()
    const foreign = eip4361(other.nonce)
    expect(await verify({ message: foreign, signature: await alice.signMessage({ message: foreign }), token: mine.token })).toMatchInlineSnapshot(`
      {
        "body": {
          "code": "UNKNOWN_NONCE",
          "message": "The message's nonce is not the nonce of this nonce token",
        },
        "status": 422,
      }
    `)
  })

  it('refuses a nonce older than 10 minutes as unknown (UNKNOWN_NONCE)', async () => {
    const { nonce, token } = await issueNonce()
    clock = start + siwxNonceTtl
    const message = eip4361(nonce)
    const { status, body } = await verify({ message, signature: await alice.signMessage({ message }), token })
    expect([status, (body as { code: string }).code]).toEqual([422, 'UNKNOWN_NONCE'])
  })

  it('refuses a reused nonce (NONCE_REUSED), after a success and after a refusal alike', async () => {
    const { nonce, token } = await issueNonce()
    const message = eip4361(nonce)
    const signature = await alice.signMessage({ message })
    expect((await verify({ message, signature, token })).status).toBe(200)
    expect(await verify({ message, signature, token })).toMatchInlineSnapshot(`
      {
        "body": {
          "code": "NONCE_REUSED",
          "message": "The nonce was used already: ask for a new nonce",
        },
        "status": 422,
      }
    `)

    const second = await issueNonce()
    const wrong = eip4361(second.nonce, { domain: 'evil.example' })
    expect((await verify({ message: wrong, signature: await alice.signMessage({ message: wrong }), token: second.token })).body).toMatchObject({ code: 'WRONG_DOMAIN' })
    const right = eip4361(second.nonce)
    expect((await verify({ message: right, signature: await alice.signMessage({ message: right }), token: second.token })).body).toMatchObject({ code: 'NONCE_REUSED' })
  })

  it('refuses an expired message (EXPIRED), also one that expires between signing and verification', async () => {
    expect(await signIn({ expirationTime: new Date(start - 1_000) })).toMatchInlineSnapshot(`
      {
        "body": {
          "code": "EXPIRED",
          "message": "The message expired at 2025-12-31T23:59:59.000Z",
        },
        "status": 422,
      }
    `)

    const { nonce, token } = await issueNonce()
    const message = eip4361(nonce, { expirationTime: new Date(start + 60_000) })
    const signature = await alice.signMessage({ message })
    clock = start + 60_000
    expect((await verify({ message, signature, token })).body).toMatchObject({ code: 'EXPIRED' })
  })

  it('refuses a message not yet valid (NOT_YET_VALID) and accepts it once its time has come', async () => {
    expect(await signIn({ notBefore: new Date(start + 60_000) })).toMatchInlineSnapshot(`
      {
        "body": {
          "code": "NOT_YET_VALID",
          "message": "The message is not valid before 2026-01-01T00:01:00.000Z",
        },
        "status": 422,
      }
    `)

    const { nonce, token } = await issueNonce()
    const message = eip4361(nonce, { notBefore: new Date(start + 60_000) })
    clock = start + 60_000
    expect((await verify({ message, signature: await alice.signMessage({ message }), token })).status).toBe(200)
  })

  it("refuses a signature from another address than the message's (BAD_SIGNATURE)", async () => {
    expect(await signIn({ address: alice.address }, { signer: bob })).toMatchInlineSnapshot(`
      {
        "body": {
          "code": "BAD_SIGNATURE",
          "message": "The signature is not 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 signing this message on eip155:31337",
        },
        "status": 422,
      }
    `)
  })

  it('refuses a signature of another message (BAD_SIGNATURE)', async () => {
    const { nonce, token } = await issueNonce()
    const message = eip4361(nonce)
    const signature = await alice.signMessage({ message: eip4361(nonce, { statement: 'Something else.' }) })
    expect((await verify({ message, signature, token })).body).toMatchObject({ code: 'BAD_SIGNATURE' })
  })

  it("refuses a chain the server does not verify on, and a message for another chain than the request's (CHAIN_MISMATCH)", async () => {
    expect(await signIn({ chainId: 1 })).toMatchInlineSnapshot(`
      {
        "body": {
          "code": "CHAIN_MISMATCH",
          "message": "The message names eip155:1, a chain this server does not verify on (eip155:31337, eip155:31338)",
        },
        "status": 422,
      }
    `)
    expect(await signIn({ chainId: 31337 }, { chainId: 'eip155:31338' })).toMatchInlineSnapshot(`
      {
        "body": {
          "code": "CHAIN_MISMATCH",
          "message": "The message names eip155:31337, not eip155:31338",
        },
        "status": 422,
      }
    `)
  })

  it('refuses a text that is not an EIP-4361 message (MALFORMED): plain text, version 2, a date that is not RFC 3339', async () => {
    const { token } = await issueNonce()
    expect(await verify({ message: 'Sign in please', signature: await alice.signMessage({ message: 'Sign in please' }), token })).toMatchInlineSnapshot(`
      {
        "body": {
          "code": "MALFORMED",
          "message": "The message is not an EIP-4361 message: domain, address, uri, version, chainId, nonce, issuedAt missing",
        },
        "status": 422,
      }
    `)
    expect(await signIn({}, { edit: (m) => m.replace('Version: 1', 'Version: 2') })).toMatchInlineSnapshot(`
      {
        "body": {
          "code": "MALFORMED",
          "message": "The message's version (2), nonce or address is not what EIP-4361 allows",
        },
        "status": 422,
      }
    `)
    expect(await signIn({}, { edit: (m) => m.replace('Issued At: 2026-01-01T00:00:00.000Z', 'Issued At: 1 Jan 2026') })).toMatchInlineSnapshot(`
      {
        "body": {
          "code": "MALFORMED",
          "message": "The message's Issued At is not an RFC 3339 date-time",
        },
        "status": 422,
      }
    `)
  })
})

describe('smart accounts (ERC-6492 before deployment, ERC-1271 after)', () => {
  /** A fresh owner's counterfactual dev smart account (SimpleAccount1271) on chain 31337. */
  async function smartAccount() {
    const owner = privateKeyToAccount(generatePrivateKey())
    return { owner, account: await toDevSimpleAccount({ client: devAaClient(rpc1, 31337), owner }) }
  }

  it('behavior: an undeployed smart account signs in with an ERC-6492 signature; the session is the account’s and nothing is deployed', async () => {
    const { account } = await smartAccount()
    const { nonce, token } = await issueNonce()
    const message = eip4361(nonce, { address: account.address })
    const signature = await account.signMessage({ message })
    expect(isErc6492Signature(signature)).toBe(true)

    const signedIn = await verify({ message, signature, token, chainId: 'eip155:31337' })

    expect(signedIn.status).toBe(200)
    expect((signedIn.body as { session: { address: string } }).session).toMatchObject({ address: account.address, signature })
    expect(await devAaClient(rpc1, 31337).getCode({ address: account.address })).toBeUndefined()
  })

  it('behavior: a deployed smart account signs in through ERC-1271', async () => {
    const { owner, account } = await smartAccount()
    const funder = createWalletClient({ chain: devAaClient(rpc1, 31337).chain!, transport: http(rpc1), account: alice })
    const client = devAaClient(rpc1, 31337)
    await client.waitForTransactionReceipt({
      hash: await funder.sendTransaction({ to: SIMPLE_ACCOUNT_FACTORY_ADDRESS, data: encodeFunctionData({ abi: simpleAccountFactoryAbi, functionName: 'createAccount', args: [owner.address, 0n] }) }),
    })
    const deployed = await toDevSimpleAccount({ client, owner })
    const { nonce, token } = await issueNonce()
    const message = eip4361(nonce, { address: account.address })
    const signature = await deployed.signMessage({ message })
    expect(isErc6492Signature(signature)).toBe(false)

    expect((await verify({ message, signature, token })).status).toBe(200)
  })

  it('refuses a forged ERC-6492 wrapper (BAD_SIGNATURE): the real factory call around another key’s signature, another account’s signature, the owner EOA’s signature', async () => {
    const { owner, account } = await smartAccount()
    const { account: theirs } = await smartAccount()
    const impostor = privateKeyToAccount(generatePrivateKey())
    const forgeries: Array<(message: string) => Promise<`0x${string}`>> = [
      async (message) => {
        const { data } = parseErc6492Signature(await account.signMessage({ message }))
        const inner = await impostor.signMessage({ message: { raw: replaySafeHash({ hash: hashMessage(message), account: account.address, chainId: 31337 }) } })
        return serializeErc6492Signature({ address: SIMPLE_ACCOUNT_FACTORY_ADDRESS, data: data!, signature: inner })
      },
      (message) => theirs.signMessage({ message }),
      (message) => owner.signMessage({ message }),
    ]
    for (const forge of forgeries) {
      const { nonce, token } = await issueNonce()
      const message = eip4361(nonce, { address: account.address })
      const refused = await verify({ message, signature: await forge(message), token })
      expect(refused).toMatchObject({ status: 422, body: { code: 'BAD_SIGNATURE' } })
    }
  })
})

describe('requests that break the contract', () => {
  it('answers 400 naming the problem: missing fields, a signature that is not hex, an unknown field, no body, not JSON', async () => {
    const { nonce, token } = await issueNonce()
    const message = eip4361(nonce)
    const signature = await alice.signMessage({ message })
    expect(await verify({ message, token })).toMatchInlineSnapshot(`
      {
        "body": {
          "message": "Invalid request to verifySignIn: body must have required property 'signature'",
        },
        "status": 400,
      }
    `)
    expect(await verify({ message, signature: 'signed', token })).toMatchInlineSnapshot(`
      {
        "body": {
          "message": "Invalid request to verifySignIn: body/signature must match pattern "^0x([0-9a-fA-F]{2})+$"",
        },
        "status": 400,
      }
    `)
    expect(await verify({ message, signature, token, extra: true })).toMatchInlineSnapshot(`
      {
        "body": {
          "message": "Invalid request to verifySignIn: body must NOT have additional properties",
        },
        "status": 400,
      }
    `)
    expect(await verify({ message, signature, token, chainId: '31337' })).toMatchInlineSnapshot(`
      {
        "body": {
          "message": "Invalid request to verifySignIn: body/chainId must match pattern "^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$"",
        },
        "status": 400,
      }
    `)
    expect(await answer(await fetch(`${api.url}/siwx/v1/verify`, { method: 'POST' }))).toMatchInlineSnapshot(`
      {
        "body": {
          "message": "Invalid request to verifySignIn: a JSON body is required",
        },
        "status": 400,
      }
    `)
    expect(await answer(await fetch(`${api.url}/siwx/v1/verify`, { method: 'POST', body: '{"message": ' }))).toMatchInlineSnapshot(`
      {
        "body": {
          "message": "The request body is not valid JSON",
        },
        "status": 400,
      }
    `)
    expect(await answer(await fetch(`${api.url}/siwx/v1/nonce`, { method: 'POST', body: '{}' }))).toMatchInlineSnapshot(`
      {
        "body": {
          "message": "Invalid request to createNonce: this operation takes no body",
        },
        "status": 400,
      }
    `)
    // None of these spent the nonce.
    expect((await verify({ message, signature, token })).status).toBe(200)
  })

  it('answers 405 for a method the contract does not declare', async () => {
    expect(await answer(await fetch(`${api.url}/siwx/v1/nonce`))).toMatchInlineSnapshot(`
      {
        "body": {
          "message": "GET is not allowed on /siwx/v1/nonce; use POST",
        },
        "status": 405,
      }
    `)
  })
})

describe('sessions', () => {
  async function openSession(fields: Partial<CreateSiweMessageParameters> = {}): Promise<string> {
    const { status, body } = await signIn(fields)
    expect(status).toBe(200)
    return (body as { session: { token: string } }).session.token
  }

  it('behavior: no bearer token, or one never issued, has no session (401 NO_SESSION)', async () => {
    expect(await session(undefined)).toMatchInlineSnapshot(`
      {
        "body": {
          "code": "NO_SESSION",
          "message": "No session token: send Authorization: Bearer <token>",
        },
        "status": 401,
      }
    `)
    expect(await session('never-issued-token-0000000000000000000000000')).toMatchInlineSnapshot(`
      {
        "body": {
          "code": "NO_SESSION",
          "message": "No session for this token: it was never issued or has signed out",
        },
        "status": 401,
      }
    `)
  })

  it('behavior: signing out ends the session; signing out again still answers 204', async () => {
    const token = await openSession()
    expect(await session(token, 'DELETE')).toEqual({ status: 204, body: undefined })
    expect((await session(token)).body).toMatchObject({ code: 'NO_SESSION' })
    expect(await session(token, 'DELETE')).toEqual({ status: 204, body: undefined })
    expect(await session(undefined, 'DELETE')).toMatchObject({ status: 401, body: { code: 'NO_SESSION' } })
  })

  it("behavior: a session ends at its message's expiration time (401 SESSION_EXPIRED, then NO_SESSION)", async () => {
    const token = await openSession({ expirationTime: new Date(start + 60_000) })
    clock = start + 59_999
    expect((await session(token)).status).toBe(200)
    clock = start + 60_000
    expect(await session(token)).toMatchInlineSnapshot(`
      {
        "body": {
          "code": "SESSION_EXPIRED",
          "message": "The session expired at 2026-01-01T00:01:00.000Z",
        },
        "status": 401,
      }
    `)
    expect((await session(token)).body).toMatchObject({ code: 'NO_SESSION' })
  })

  it('behavior: sessions are per server, and reset forgets them and the nonces', async () => {
    const token = await openSession()
    const pending = await issueNonce()
    const elsewhere = await fetch(`${inject('apiUrl')}/siwx/v1/session`, { headers: { authorization: `Bearer ${token}` } })
    expect(elsewhere.status).toBe(401)
    api.control.reset()
    expect((await session(token)).body).toMatchObject({ code: 'NO_SESSION' })
    const message = eip4361(pending.nonce)
    expect((await verify({ message, signature: await alice.signMessage({ message }), token: pending.token })).body).toMatchObject({ code: 'UNKNOWN_NONCE' })
  })

  it('behavior: a page on another origin may call every route (CORS preflight allows DELETE and Authorization)', async () => {
    const preflight = await fetch(`${api.url}/siwx/v1/session`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'authorization' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-methods')).toContain('DELETE')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization')
  })
})

describe('the contract', () => {
  it('mounts four operations under /siwx, every answer above checked against openapi/siwx.yaml by the server', () => {
    const operations = loadContracts().operations.filter((o) => o.contract === 'siwx')
    expect(operations.map((o) => `${o.method} ${o.mountedPath} ${o.operationId}`)).toEqual([
      'POST /siwx/v1/nonce createNonce',
      'POST /siwx/v1/verify verifySignIn',
      'GET /siwx/v1/session getSession',
      'DELETE /siwx/v1/session signOut',
    ])
  })

  it("a refusal body is the contract's Refusal and a session answer its SessionResponse", async () => {
    const contracts = loadContracts()
    expect(contracts.schemaValidator('siwx', '/components/schemas/Refusal')((await signIn({ domain: 'evil.example' })).body)).toBe(true)
    expect(contracts.schemaValidator('siwx', '/components/schemas/SessionResponse')((await signIn()).body)).toBe(true)
  })
})
