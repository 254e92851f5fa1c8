import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { appRequest } from '../../../adapters/frame.protocol.ts'
import { frameCsp, rpcOrigin } from '../pages.ts'
import { createChainReader } from './api.ts'
import { createFrameHandler } from './handler.ts'
import type { FrameApi } from './contract.ts'
import { waitFor } from '../../../tests/harness/waitFor.ts'

/**
 * Spec §7: the frame URL's `rpcUrl` serves the frame's chain reads. A real JSON-RPC server on loopback
 * stands for the dapp's RPC (it answers values the secure site's API never would), read through the browser's reader
 * (`createChainReader`, fetch); the CSP admits that origin and nothing malformed.
 */
const dapp = 'http://127.0.0.1:5273'
const address = '0x1111111111111111111111111111111111111111'

let server: Server
let rpcUrl = ''
const seen: Array<{ method: string; params: unknown }> = []
beforeAll(async () => {
  server = createServer(async (req: IncomingMessage, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    const call = JSON.parse(body) as { id: number; method: string; params: unknown }
    seen.push({ method: call.method, params: call.params })
    res.writeHead(200, { 'content-type': 'application/json' })
    if (call.method === 'eth_call') res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, error: { code: 3, message: 'execution reverted: nope' } }))
    else res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: call.method === 'eth_blockNumber' ? '0x4d2' : '0xde0b6b3a7640000' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

function setup(withRpcUrl: boolean) {
  const posted: Array<{ message: { id?: string; type: string; payload?: unknown } }> = []
  const parent = { postMessage: (message: unknown) => void posted.push({ message: message as never }) }
  const api = { rpc: vi.fn(async (_t: string | undefined, r: { method: string }) => `api:${r.method}`) } as unknown as FrameApi & { rpc: ReturnType<typeof vi.fn> }
  const storage = new Map<string, string>()
  const frame = createFrameHandler({
    parent,
    allowedOrigins: [dapp],
    readyOrigins: [dapp],
    api,
    store: { get: (k) => storage.get(k) ?? null, set: (k, v) => void storage.set(k, v), remove: (k) => void storage.delete(k) },
    approval: { open: async () => false, close: () => {}, setTheme: () => {} },
    chainId: 31337,
    chainNames: {},
    newDeviceId: () => 'device0123456789abcdef',
    sleep: async () => undefined,
    reload: () => {},
    ...(withRpcUrl ? { rpcUrl, readChain: createChainReader() } : {}),
  })
  const rpc = (id: string, method: string, params: unknown = [], chainId = 31337) =>
    frame.onMessage({ data: appRequest('RPC_REQUEST', id, { method, params, chainId, chainNamespace: 'eip155' }), origin: dapp, source: parent })
  const answer = async (id: string) => {
    await waitFor(() => expect(posted.find((p) => p.message.id === id)).toBeDefined())
    return posted.find((p) => p.message.id === id)!.message
  }
  return { rpc, answer, api, send: (data: unknown) => frame.onMessage({ data, origin: dapp, source: parent }) }
}

describe('the frame reads the chain at the frame URL’s rpcUrl (spec §7)', () => {
  it('behavior: eth_blockNumber and eth_getBalance of the frame URL’s chain are answered by rpcUrl, not the API', async () => {
    seen.length = 0
    const s = setup(true)
    s.rpc('r1', 'eth_blockNumber')
    s.rpc('r2', 'eth_getBalance', [address, 'latest'])
    expect(await s.answer('r1')).toEqual({ id: 'r1', type: 'FRAME_RPC_REQUEST_SUCCESS', payload: '0x4d2' })
    expect((await s.answer('r2')).payload).toBe('0xde0b6b3a7640000')
    expect(seen).toEqual([
      { method: 'eth_blockNumber', params: [] },
      { method: 'eth_getBalance', params: [address, 'latest'] },
    ])
    expect(s.api.rpc).not.toHaveBeenCalled()
  })

  it('behavior: the node’s error answer reaches the dapp with its message', async () => {
    const s = setup(true)
    s.rpc('r1', 'eth_call', [{ to: address, data: '0x' }, 'latest'])
    expect((await s.answer('r1')).payload).toEqual({ message: 'execution reverted: nope' })
  })

  it('behavior: reads of another chain, and safe methods that are not reads, go to the API', async () => {
    seen.length = 0
    const s = setup(true)
    s.rpc('r1', 'eth_blockNumber', [], 1)
    s.rpc('r2', 'eth_sendRawTransaction', ['0x02'])
    expect((await s.answer('r1')).payload).toBe('api:eth_blockNumber')
    expect((await s.answer('r2')).payload).toBe('api:eth_sendRawTransaction')
    expect(seen).toEqual([])
  })

  it('behavior: without rpcUrl every read goes to the API', async () => {
    seen.length = 0
    const s = setup(false)
    s.rpc('r1', 'eth_blockNumber')
    expect((await s.answer('r1')).payload).toBe('api:eth_blockNumber')
    expect(seen).toEqual([])
  })

  it('bad input: an rpcUrl that does not answer is an error reply, not a hang or a throw', async () => {
    const s = createChainReader()
    await expect(s('http://127.0.0.1:1/', 'eth_blockNumber', [])).rejects.toThrow('Network error: the RPC did not answer')
  })

  it('behavior: the frame page’s CSP admits the rpcUrl origin in connect-src; a malformed or non-http rpcUrl adds nothing', () => {
    const connect = (csp: string) => /connect-src ([^;]+)/.exec(csp)![1]!.trim().split(/\s+/)
    expect(connect(frameCsp([dapp], 'http://127.0.0.1:8545/'))).toEqual(["'self'", 'http://127.0.0.1:8545'])
    expect(connect(frameCsp([dapp], 'https://rpc.example/v1?key=a;b'))).toEqual(["'self'", 'https://rpc.example'])
    for (const bad of [undefined, null, '', 'javascript:alert(1)', 'data:text/plain,x', 'ws://127.0.0.1:8545', 'http://user:pw@rpc.example/', 'not a url', 'http://a b; script-src *']) {
      expect(connect(frameCsp([dapp], bad)), String(bad)).toEqual(["'self'"])
      expect(rpcOrigin(bad)).toBeUndefined()
    }
  })
})
