import { describe, expect, test, vi } from 'vitest'
import { createManualClock } from '../tests/harness/clock.ts'
import { bitcoin, defineEvmNetwork, mainnet, solana } from './networks.ts'
import { docsBaseUrl } from '../kernel/errors.ts'
import { createRpcTransport, rpcNodeUrl, RpcConnectionError, RpcHttpError, RpcInvalidResponseError, RpcNodeError, rpcRetryPolicy, RpcTimeoutError } from './rpc.ts'
import { waitFor } from '../tests/harness/waitFor.ts'
import { ForeignError } from '../tests/harness/failures.ts'

const url = 'https://node.example/v1/?chainId=eip155:1&projectId=p'

/** A fetch that answers each call with the next of `answers` (a function of the request, or a fixed reply). */
function scriptedFetch(answers: Array<(init: RequestInit) => Promise<Response> | Response>) {
  const calls: RequestInit[] = []
  const fetch = vi.fn(async (_input: string | URL | Request, init?: RequestInit) => {
    calls.push(init ?? {})
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!
    return answer(init ?? {})
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls }
}
const reply =
  (body: unknown, status = 200) =>
  () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
/** The reply to the request's own id. */
const result = (value: unknown) => (init: RequestInit) => reply({ jsonrpc: '2.0', id: JSON.parse(String(init.body)).id, result: value })()
/** An answer that never comes; the attempt's abort rejects it as fetch does. */
const never = (init: RequestInit) => new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')), { once: true }))

/** Lets pending promise callbacks and I/O callbacks run (event-loop turns, not time). */
const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve))
}

/** Runs `run` against a manual clock, moving it to each next timer once the transport is idle, until it settles. */
async function withClock<T>(run: (clock: ReturnType<typeof createManualClock>) => Promise<T>) {
  const clock = createManualClock()
  let settled = false
  const outcome: Promise<{ value?: T; error?: unknown }> = run(clock).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  )
  void outcome.then(() => (settled = true))
  for (;;) {
    await flush()
    if (settled) break
    const next = Math.min(...clock.pending())
    if (!Number.isFinite(next)) expect.fail('The transport waits on nothing the clock can move')
    clock.advance(next)
  }
  return { ...(await outcome), clock }
}

describe('rpcNodeUrl (spec §7.4)', () => {
  test('spec §7.4: a built-in network reads at {rpc host}/v1/?chainId={caip chain}&projectId={id}; the rpc host is an option', () => {
    expect(rpcNodeUrl({ network: mainnet, projectId: 'p 1' })).toBe('https://rpc.walletconnect.org/v1/?chainId=eip155:1&projectId=p%201')
    expect(rpcNodeUrl({ network: solana, projectId: 'p' })).toBe('https://rpc.walletconnect.org/v1/?chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp&projectId=p')
    expect(rpcNodeUrl({ network: mainnet, projectId: 'p', rpcHost: 'http://127.0.0.1:8600/rpc/' })).toBe('http://127.0.0.1:8600/rpc/v1/?chainId=eip155:1&projectId=p')
  })

  test("behavior: a network's own rpcUrls win (a dapp's chain, or a built-in given other rpcUrls); no project id or Bitcoin keep the network's URL", () => {
    const anvil = defineEvmNetwork({ id: 31337, name: 'Anvil', nativeCurrency: mainnet.nativeCurrency, rpcUrl: 'http://127.0.0.1:8545' })
    expect(rpcNodeUrl({ network: anvil, projectId: 'p' })).toBe('http://127.0.0.1:8545')
    expect(rpcNodeUrl({ network: { ...mainnet, rpcUrls: { default: { http: ['https://my.node/eth'] } } }, projectId: 'p' })).toBe('https://my.node/eth')
    expect(rpcNodeUrl({ network: { ...anvil, rpcUrls: { default: { http: [] } } }, projectId: 'p' })).toBe('https://rpc.walletconnect.org/v1/?chainId=eip155:31337&projectId=p')
    expect(rpcNodeUrl({ network: mainnet, projectId: '' })).toBe('https://eth.merkle.io')
    expect(rpcNodeUrl({ network: bitcoin, projectId: 'p' })).toBe('https://rpc.walletconnect.org/v1')
  })
})

describe('createRpcTransport (spec §7.4, §9)', () => {
  test('behavior: posts one JSON-RPC 2.0 request to the URL and resolves with its result', async () => {
    const { fetch, calls } = scriptedFetch([result('0x10')])
    const node = createRpcTransport({ url, fetch })
    await expect(node.request({ method: 'eth_getBalance', params: ['0xabc', 'latest'] })).resolves.toBe('0x10')
    expect(vi.mocked(fetch).mock.calls[0]![0]).toBe(url)
    expect(calls[0]).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json' } })
    expect(JSON.parse(String(calls[0]!.body))).toEqual({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: ['0xabc', 'latest'] })
  })

  test('spec §9: the RPC defaults are a 10 s timeout, 3 retries, a retry allowed after 1 s', () => {
    expect(rpcRetryPolicy).toEqual({ timeout: 10_000, retryCount: 3, retryDelay: 1_000 })
  })

  test('spec §9: an HTTP 503 is retried 3 times, each 1 s after the failure; the fourth is RpcHttpError', async () => {
    const times: number[] = []
    let clockRef: ReturnType<typeof createManualClock> | undefined
    const { fetch } = scriptedFetch([
      () => {
        times.push(clockRef!.now())
        return reply({ message: 'busy' }, 503)()
      },
    ])
    const { error } = await withClock((clock) => {
      clockRef = clock
      return createRpcTransport({ url, fetch, clock }).request({ method: 'eth_blockNumber' })
    })
    expect(times).toEqual([0, 1_000, 2_000, 3_000])
    expect(error).toBeInstanceOf(RpcHttpError)
    expect((error as RpcHttpError).status).toBe(503)
    expect((error as Error).message).toMatchInlineSnapshot(`
      "HTTP 503 from the node.
      Docs: https://latchkey.example/errors/RpcHttpError
      Details: https://node.example/v1/: {"message":"busy"}"
    `)
  })

  test('spec §9: an attempt without an answer is aborted after 10 s and retried after 1 s; after 4 attempts RpcTimeoutError', async () => {
    const { fetch, calls } = scriptedFetch([never])
    const { error, clock } = await withClock((c) => createRpcTransport({ url, fetch, clock: c }).request({ method: 'eth_chainId' }))
    expect(calls).toHaveLength(4)
    expect(calls.every((init) => init.signal?.aborted)).toBe(true)
    // Four attempts of 10 s and three waits of 1 s.
    expect(clock.now()).toBe(4 * 10_000 + 3 * 1_000)
    expect(error).toBeInstanceOf(RpcTimeoutError)
    expect((error as Error).message).toMatchInlineSnapshot(`
      "The node did not answer within 10000 ms.
      Docs: https://latchkey.example/errors/RpcTimeoutError
      Details: https://node.example/v1/: 4 attempts"
    `)
  })

  test('behavior: a retry that is answered resolves with its result (no answer, refused, 429, then the reply)', async () => {
    const { fetch, calls } = scriptedFetch([never, () => Promise.reject(new TypeError('Failed to fetch')), reply('slow down', 429), result('0x1')])
    const { value } = await withClock((clock) => createRpcTransport({ url, fetch, clock }).request({ method: 'eth_chainId' }))
    expect(value).toBe('0x1')
    expect(calls).toHaveLength(4)
  })

  test('bad input: a node that cannot be reached is RpcConnectionError once the retries are spent', async () => {
    const { fetch, calls } = scriptedFetch([() => Promise.reject(new TypeError('Failed to fetch'))])
    const { error } = await withClock((clock) => createRpcTransport({ url, fetch, clock }).request({ method: 'eth_chainId' }))
    expect(calls).toHaveLength(4)
    expect(error).toBeInstanceOf(RpcConnectionError)
    expect((error as Error).message).toMatchInlineSnapshot(`
      "The node could not be reached.
      https://node.example/v1/: 4 attempts
      Docs: https://latchkey.example/errors/RpcConnectionError
      Details: Failed to fetch"
    `)
  })

  test.each([
    ['a body that is not JSON', reply('<html>Bad gateway</html>'), 'not JSON: "<html>Bad gateway</html>"'],
    ['a batch (an array)', reply([{ jsonrpc: '2.0', id: 1, result: '0x1' }]), 'expected one JSON-RPC reply object'],
    ['no jsonrpc version', reply({ id: 1, result: '0x1' }), 'expected jsonrpc "2.0"'],
    ["another request's id", reply({ jsonrpc: '2.0', id: 7, result: '0x1' }), 'expected id 1, got 7'],
    ['neither result nor error', reply({ jsonrpc: '2.0', id: 1 }), 'neither result nor error'],
    ['an error without a code', reply({ jsonrpc: '2.0', id: 1, error: { message: 'x' } }), 'the error is not { code, message }'],
  ])('bad input: %s is RpcInvalidResponseError, not retried', async (_, answer, reason) => {
    const { fetch, calls } = scriptedFetch([answer])
    const error = await createRpcTransport({ url, fetch })
      .request({ method: 'eth_chainId' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcInvalidResponseError)
    expect((error as Error).message).toBe(`The node's answer to eth_chainId is not a JSON-RPC reply.\nDocs: ${docsBaseUrl}/errors/RpcInvalidResponseError\nDetails: https://node.example/v1/: ${reason}`)
    expect(calls).toHaveLength(1)
  })

  test("bad input: the node's JSON-RPC error is RpcNodeError with its code and data, not retried; an HTTP 400 is RpcHttpError, not retried", async () => {
    const refused = scriptedFetch([reply({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'invalid address', data: 'x' } })])
    const error = await createRpcTransport({ url, fetch: refused.fetch })
      .request({ method: 'eth_getBalance', params: ['x'] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcNodeError)
    expect(error).toMatchObject({ code: -32602, data: 'x' })
    expect((error as Error).message).toMatchInlineSnapshot(`
      "The node refused eth_getBalance.
      Docs: https://latchkey.example/errors/RpcNodeError
      Details: -32602: invalid address"
    `)
    expect(refused.calls).toHaveLength(1)

    const bad = scriptedFetch([reply('', 400)])
    const httpError = await createRpcTransport({ url, fetch: bad.fetch })
      .request({ method: 'eth_chainId' })
      .catch((e: unknown) => e)
    expect(httpError).toBeInstanceOf(RpcHttpError)
    expect((httpError as Error).message).toBe(`HTTP 400 from the node.\nDocs: ${docsBaseUrl}/errors/RpcHttpError\nDetails: https://node.example/v1/: (empty body)`)
    expect(bad.calls).toHaveLength(1)
  })

  test('behavior: an abort during the wait for a retry rejects with its reason; no further attempt', async () => {
    const { fetch, calls } = scriptedFetch([reply('down', 502)])
    const clock = createManualClock()
    const controller = new AbortController()
    const pending = createRpcTransport({ url, fetch, clock }).request({ method: 'eth_chainId' }, { signal: controller.signal })
    await waitFor(() => expect(clock.pending()).toEqual([1_000]))
    controller.abort(new ForeignError('stopped'))
    await expect(pending).rejects.toThrow('stopped')
    expect(clock.pending()).toEqual([])
    expect(calls).toHaveLength(1)
  })

  test("behavior: its fetch (web3.js Connection's) retries the same way and hands on the first answer not retried", async () => {
    const { fetch, calls } = scriptedFetch([reply('down', 500), reply({ jsonrpc: '2.0', id: 'web3', result: 5 })])
    const { value } = await withClock((clock) => createRpcTransport({ url, fetch, clock }).fetch(url, { method: 'POST', body: '{}' }))
    expect(calls).toHaveLength(2)
    await expect((value as Response).json()).resolves.toEqual({ jsonrpc: '2.0', id: 'web3', result: 5 })

    const notFound = scriptedFetch([reply('no such route', 404)])
    const response = await createRpcTransport({ url, fetch: notFound.fetch }).fetch(url, { method: 'POST', body: '{}' })
    expect(response.status).toBe(404)
    await expect(response.text()).resolves.toBe('no such route')
  })
})
