import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiTimeoutError, InvalidResponseError, call, createApiClient, defaultRequestTimeout } from './api.ts'
import { createBlockchainApi, RequestAbandonedError } from './blockchain.ts'
import * as v from 'valibot'

/**
 * Every API request has an end (spec §9 "RPC default timeout 10 s"): a real HTTP server on loopback that accepts the
 * request and never answers stands for the hung API; the client's timeout aborts it with a typed error, and the caller's
 * signal aborts it at once (the server sees the socket close).
 */
let server: Server
let base: string
/** Requests the silent route holds, and whether their socket was closed by the client. */
const held: Array<{ req: IncomingMessage; res: ServerResponse; closed: Promise<void> }> = []

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.startsWith('/malformed')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"nope":1}')
      return
    }
    if (req.url?.startsWith('/ok')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"balances":[]}')
      return
    }
    // Accepts and stays silent.
    const closed = new Promise<void>((resolve) => res.on('close', () => resolve()))
    held.push({ req, res, closed })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  for (const h of held) h.res.destroy()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const schema = v.object({ balances: v.array(v.unknown()) })

describe('services/api: every request is bounded', () => {
  test('spec §9: the default request timeout is the RPC default of 10 s', () => {
    expect(defaultRequestTimeout).toBe(10_000)
  })

  test('behavior: a request with no answer ends with ApiTimeoutError after the timeout, and its socket is closed', async () => {
    // 1 s: long enough for the request to reach the server first on a loaded machine (its socket's close is asserted).
    const client = createApiClient<any>({ baseUrl: base, projectId: 'p', timeout: 1_000 })
    const before = held.length
    const started = performance.now()
    const error = await call('silent', schema, () => client.GET('/silent', {})).catch((e: unknown) => e)
    expect(performance.now() - started).toBeGreaterThanOrEqual(990)
    expect(error).toBeInstanceOf(ApiTimeoutError)
    expect((error as ApiTimeoutError).timeout).toBe(1_000)
    expect((error as ApiTimeoutError).shortMessage).toMatchInlineSnapshot(`"No answer from /silent within 1000 ms."`)
    expect(held.length).toBe(before + 1)
    await held.at(-1)!.closed
  })

  test("behavior: the caller's signal aborts the request at once (the server sees the socket close), not as a timeout", async () => {
    const client = createApiClient<any>({ baseUrl: base, projectId: 'p', timeout: 60_000 })
    const controller = new AbortController()
    const before = held.length
    const pending = call('silent', schema, () => client.GET('/silent', { signal: controller.signal })).catch((e: unknown) => e)
    await expect.poll(() => held.length).toBe(before + 1)
    controller.abort()
    const error = await pending
    expect(error).not.toBeInstanceOf(ApiTimeoutError)
    await held.at(-1)!.closed
  })

  test('behavior: a POST body still arrives through the bounded fetch', async () => {
    let body = ''
    const echo = createServer((req, res) => {
      req.on('data', (c: Buffer) => (body += c.toString()))
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"balances":[]}'))
    })
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve))
    try {
      const client = createApiClient<any>({ baseUrl: `http://127.0.0.1:${(echo.address() as AddressInfo).port}`, projectId: 'p', timeout: 5_000 })
      await expect(call('post', schema, () => client.POST('/x', { body: { a: 1 } }))).resolves.toEqual({ balances: [] })
      expect(JSON.parse(body)).toEqual({ a: 1 })
    } finally {
      await new Promise<void>((resolve) => echo.close(() => resolve()))
    }
  })

  test('behavior: a malformed answer keeps its schema error (InvalidResponseError), not a timeout', async () => {
    const client = createApiClient<any>({ baseUrl: base, projectId: 'p', timeout: 5_000 })
    await expect(call('malformed', schema, () => client.GET('/malformed', {}))).rejects.toBeInstanceOf(InvalidResponseError)
  })

  test("behavior: the blockchain API's balances end with ApiTimeoutError when the API is silent", async () => {
    const api = createBlockchainApi({ baseUrl: base, projectId: 'p', timeout: 150 })
    await expect(api.getBalances({ address: '0xabc', chainId: 'eip155:1' })).rejects.toBeInstanceOf(ApiTimeoutError)
  })

  test('behavior: a caller that stops waiting gets RequestAbandonedError; the shared cached load is not aborted for the others', async () => {
    const api = createBlockchainApi({ baseUrl: base, projectId: 'p', timeout: 300 })
    const controller = new AbortController()
    const first = api.getBalances({ address: '0xdef', chainId: 'eip155:1' }, { signal: controller.signal }).catch((e: unknown) => e)
    const second = api.getBalances({ address: '0xdef', chainId: 'eip155:1' }).catch((e: unknown) => e)
    controller.abort()
    expect(await first).toBeInstanceOf(RequestAbandonedError)
    // The other caller still gets the request's own end: the timeout.
    expect(await second).toBeInstanceOf(ApiTimeoutError)
  })

  test('bad input: a caller whose signal was already aborted gets RequestAbandonedError; the load it started ends without an unhandled rejection', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      const api = createBlockchainApi({ baseUrl: base, projectId: 'p', timeout: 300 })
      const aborted = AbortSignal.abort()
      const first = api.getBalances({ address: '0x0ab', chainId: 'eip155:1' }, { signal: aborted }).catch((e: unknown) => e)
      // Shares the load the first caller started (same cache key) and waits for its end.
      const second = api.getBalances({ address: '0x0ab', chainId: 'eip155:1' }).catch((e: unknown) => e)
      expect(await first).toBeInstanceOf(RequestAbandonedError)
      expect(await second).toBeInstanceOf(ApiTimeoutError)
      // Node reports unhandled rejections once the microtasks of a macrotask are drained: one macrotask turn is enough.
      await new Promise((resolve) => setImmediate(resolve))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })
})
