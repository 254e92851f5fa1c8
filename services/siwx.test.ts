import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, inject, it } from 'vitest'
import type { LocalAccount } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { devAccounts } from '../dev/accounts.ts'
import { startApiServer } from '../dev/api/server.ts'
import type { ApiServer } from '../dev/api/server.ts'
import type { components } from '../openapi/siwx.d.ts'
import { ApiError, InvalidResponseError } from './api.ts'
import { createSiwxApi, siwxErrorCode, siwxRefusalCodes, type siwxSessionErrorCodes } from './siwx.ts'
import type { SiwxNonce, SiwxSession } from './siwx.ts'
import { ForeignError } from '../tests/harness/failures.ts'

/**
 * The SIWX client against the reference server (`dev/api/siwx.ts`), which validates each request and its own
 * answers against `openapi/siwx.yaml`: a real nonce, a real EIP-4361 message signed by a dev account, a real
 * verification on the test anvil; then the failures (refusals, 401, 5xx, an answer that breaks the contract).
 */
const rpc1 = inject('anvilRpc1')
const origin = 'http://127.0.0.1:5173'
const projectId = 'siwx-client-tests'
const alice: LocalAccount = devAccounts()[0]!
const bob: LocalAccount = devAccounts()[1]!

let api: ApiServer
beforeAll(async () => {
  api = await startApiServer({ port: 0, chains: [{ chainId: 31337, rpcUrl: rpc1 }], siwx: { origins: [origin] } })
})
afterAll(() => api.stop())
afterEach(() => api.control.reset())

/** A real fetch that records each request's URL and Authorization header. */
function recordingFetch() {
  const requests: Array<{ method: string; url: string; authorization: string | null }> = []
  const f = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    requests.push({ method: request.method, url: request.url, authorization: request.headers.get('authorization') })
    return fetch(request)
  }
  return { fetch: f as typeof fetch, requests }
}

const siwxApi = (extra = {}) => createSiwxApi({ baseUrl: `${api.url}/siwx/`, projectId, ...extra })

function messageFor(nonce: string, account: LocalAccount = alice): string {
  return createSiweMessage({ address: account.address, chainId: 31337, domain: '127.0.0.1:5173', uri: `${origin}/`, version: '1', nonce, issuedAt: new Date() })
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('expected a rejection'),
    (error: unknown) => error,
  )
}

describe('the SIWX client against the reference server', () => {
  it('behavior: nonce, signed message, session, sign-out; the session token travels as a bearer token', async () => {
    const { fetch, requests } = recordingFetch()
    const siwx = siwxApi({ fetch })

    const { nonce, token } = await siwx.getNonce()
    const message = messageFor(nonce)
    const signature = await alice.signMessage({ message })
    const session = await siwx.verify({ message, signature, token, chainId: 'eip155:31337' })

    expect(session).toMatchObject({ address: alice.address, chainId: 'eip155:31337', domain: '127.0.0.1:5173', uri: `${origin}/`, message, signature })
    expect(await siwx.getSession(session.token)).toEqual(session)
    await siwx.signOut(session.token)
    const gone = await rejection(siwx.getSession(session.token))
    expect(gone).toBeInstanceOf(ApiError)
    expect([(gone as ApiError).status, siwxErrorCode(gone)]).toEqual([401, 'NO_SESSION'])

    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname} ${r.authorization ?? '-'}`)).toEqual([
      'POST /siwx/v1/nonce -',
      'POST /siwx/v1/verify -',
      `GET /siwx/v1/session Bearer ${session.token}`,
      `DELETE /siwx/v1/session Bearer ${session.token}`,
      `GET /siwx/v1/session Bearer ${session.token}`,
    ])
    // The common middleware: st, sv and projectId on the GETs.
    expect(new URL(requests[2]!.url).searchParams.get('projectId')).toBe(projectId)
  })

  it('behavior: a refusal rejects with an ApiError 422 whose code siwxErrorCode reads', async () => {
    const siwx = siwxApi()
    const { nonce, token } = await siwx.getNonce()
    const message = messageFor(nonce, alice)
    const error = await rejection(siwx.verify({ message, signature: await bob.signMessage({ message }), token }))

    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(422)
    expect(siwxErrorCode(error)).toBe('BAD_SIGNATURE')
    expect((error as ApiError).shortMessage).toMatchInlineSnapshot(`"HTTP 422 from /siwx/v1/verify"`)
    expect((error as ApiError).details).toMatchInlineSnapshot(`"The signature is not 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 signing this message on eip155:31337"`)

    const again = await rejection(siwx.verify({ message, signature: await alice.signMessage({ message }), token }))
    expect(siwxErrorCode(again)).toBe('NONCE_REUSED')
  })

  it('behavior: signing out an unknown token resolves (idempotent)', async () => {
    await expect(siwxApi().signOut('never-issued-token-0000000000000000000000000')).resolves.toBeUndefined()
  })

  it('behavior: an answer that breaks the contract rejects with InvalidResponseError, never half-read', async () => {
    const siwx = siwxApi()
    api.control.set({ mode: 'malformed', paths: ['/siwx'] })
    const malformed = await rejection(siwx.getNonce())
    expect(malformed).toBeInstanceOf(InvalidResponseError)
    expect((malformed as InvalidResponseError).shortMessage).toMatchInlineSnapshot(`"The createNonce response does not match the API contract."`)
    expect(await rejection(siwx.signOut('never-issued-token-0000000000000000000000000'))).toBeInstanceOf(InvalidResponseError)

    api.control.set({ mode: 'garbage', paths: ['/siwx'] })
    const garbage = await rejection(siwx.getSession('never-issued-token-0000000000000000000000000'))
    expect(garbage).toBeInstanceOf(InvalidResponseError)
    expect((garbage as InvalidResponseError).details).toMatch(/^not JSON/)
  })

  it('behavior: a server error rejects with an ApiError without a SIWX code', async () => {
    api.control.set({ mode: 'status', status: 503, paths: ['/siwx'] })
    const error = await rejection(siwxApi().getNonce())
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(503)
    expect(siwxErrorCode(error)).toBeUndefined()
  })
})

describe('siwxErrorCode', () => {
  it('reads only the codes of the contract, only from an ApiError', () => {
    const url = 'http://127.0.0.1/siwx/v1/verify'
    expect(siwxErrorCode(new ApiError({ status: 422, body: { code: 'EXPIRED', message: 'x' }, url }))).toBe('EXPIRED')
    expect(siwxErrorCode(new ApiError({ status: 422, body: { code: 'SOMETHING_ELSE', message: 'x' }, url }))).toBeUndefined()
    expect(siwxErrorCode(new ApiError({ status: 500, body: 'oops', url }))).toBeUndefined()
    expect(siwxErrorCode(new ForeignError('EXPIRED'))).toBeUndefined()
  })

  it("knows every code of openapi/siwx.yaml, and the answer types are the contract's", () => {
    expectTypeOf<(typeof siwxRefusalCodes)[number]>().toEqualTypeOf<components['schemas']['RefusalCode']>()
    expectTypeOf<(typeof siwxSessionErrorCodes)[number]>().toEqualTypeOf<components['schemas']['SessionErrorCode']>()
    expectTypeOf<SiwxSession>().toEqualTypeOf<components['schemas']['Session']>()
    expectTypeOf<SiwxNonce>().toEqualTypeOf<components['schemas']['Nonce']>()
    expect(siwxRefusalCodes).toHaveLength(9)
  })
})
