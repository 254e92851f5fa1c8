import { Connection, Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { DEV_ADDRESSES } from '../dev/accounts.ts'
import { startApiServer, type ApiServer } from '../dev/api/server.ts'
import { solanaLocalnetAt } from '../dev/solana/network.ts'
import { createManualClock } from '../tests/harness/clock.ts'
import { defineEvmNetwork } from './networks.ts'
import { createRpcTransport, rpcNodeUrl, RpcHttpError, RpcInvalidResponseError, RpcNodeError } from './rpc.ts'
import { createSolanaAdapter } from './solana.ts'
import { waitFor } from '../tests/harness/waitFor.ts'

/**
 * The JSON-RPC transport (spec §7.4) against the reference server's node route (`<api>/rpc/v1/?chainId=…&projectId=…`,
 * dev/api/rpc.ts), which passes each request to the local chain of that CAIP-2 id: the test anvil (chain 31337) and the
 * LiteSVM Solana RPC of the global setup. Networks without `rpcUrls` of their own read at the project's node.
 */
const apiUrl = inject('apiUrl')
const anvilUrl = inject('anvilRpc1')
const solanaUrl = inject('solanaRpc')
const rpcHost = `${apiUrl}/rpc`
const projectId = 'rpc-node-test'
/** The anvil chain as a network that names no node of its own: its reads go to the project's node URL. */
const anvil = { ...defineEvmNetwork({ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: anvilUrl }), rpcUrls: { default: { http: [] } } }

async function direct(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return ((await response.json()) as { result: unknown }).result
}

describe('the JSON-RPC transport on the reference server (spec §7.4)', () => {
  test("spec §7.4: the project's node URL {rpc host}/v1/?chainId=eip155:31337&projectId={id} answers what the anvil answers", async () => {
    const url = rpcNodeUrl({ network: anvil, rpcHost, projectId })
    expect(url).toBe(`${apiUrl}/rpc/v1/?chainId=eip155:31337&projectId=${projectId}`)
    const node = createRpcTransport({ url })
    expect(await node.request({ method: 'eth_chainId' })).toBe('0x7a69')
    const [viaNode, onChain] = await Promise.all([node.request({ method: 'eth_getBalance', params: [DEV_ADDRESSES[4], 'latest'] }), direct(anvilUrl, 'eth_getBalance', [DEV_ADDRESSES[4], 'latest'])])
    expect(viaNode).toBe(onChain)
  })

  test("spec §7.4: the Solana adapter reads a balance through web3.js posting on the transport, at the project's node URL", async () => {
    const network = { ...solanaLocalnetAt(solanaUrl), rpcUrls: { default: { http: [] } } }
    const account = Keypair.generate()
    await new Connection(solanaUrl, 'confirmed').requestAirdrop(account.publicKey, 2 * LAMPORTS_PER_SOL)
    const solana = createSolanaAdapter({ networks: [network], rpc: { host: rpcHost, projectId } })
    expect(solana.nodeUrl(network)).toBe(`${apiUrl}/rpc/v1/?chainId=${network.caipNetworkId}&projectId=${projectId}`)
    await expect(solana.getBalance({ connectorId: 'any', address: account.publicKey.toBase58(), network })).resolves.toEqual({ value: 2_000_000_000n, decimals: 9, symbol: 'SOL' })
  })

  test("bad input: the node's own JSON-RPC error is RpcNodeError; a chain the host does not serve is RpcHttpError 400, not retried", async () => {
    const node = createRpcTransport({ url: rpcNodeUrl({ network: anvil, rpcHost, projectId }) })
    await expect(node.request({ method: 'eth_getBalance', params: ['not an address', 'latest'] })).rejects.toBeInstanceOf(RpcNodeError)
    const unknown = createRpcTransport({ url: rpcNodeUrl({ network: { ...anvil, caipNetworkId: 'eip155:999' }, rpcHost, projectId }) })
    const error = await unknown.request({ method: 'eth_chainId' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcHttpError)
    expect(error).toMatchObject({ status: 400 })
    expect((error as Error).message).toContain("Unknown chainId 'eip155:999'")
  })
})

describe('the transport when the node misbehaves (a reference server of its own)', () => {
  let api: ApiServer
  beforeAll(async () => {
    api = await startApiServer({ port: 0, chains: [{ chainId: 31337, rpcUrl: anvilUrl }] })
  })
  afterAll(() => api.stop())

  test('bad input: a reply that is not JSON is RpcInvalidResponseError at once; a 503 is retried 3 times 1 s apart, then RpcHttpError', async () => {
    const url = rpcNodeUrl({ network: anvil, rpcHost: `${api.url}/rpc`, projectId })
    api.control.set({ mode: 'garbage', paths: ['/rpc'] })
    await expect(createRpcTransport({ url }).request({ method: 'eth_chainId' })).rejects.toBeInstanceOf(RpcInvalidResponseError)

    api.control.set({ mode: 'status', status: 503, paths: ['/rpc'] })
    const clock = createManualClock()
    let settled = false
    const pending = createRpcTransport({ url, clock })
      .request({ method: 'eth_chainId' })
      .catch((e: unknown) => e)
      .finally(() => (settled = true))
    for (let wait = 0; wait < 3; wait++) {
      // The retry waits on the clock: 1 s after each failed attempt.
      await waitFor(() => expect(clock.pending()).toEqual([1_000]))
      clock.advance(1_000)
    }
    const error = await pending
    expect(settled).toBe(true)
    expect(error).toBeInstanceOf(RpcHttpError)
    expect(error).toMatchObject({ status: 503 })
    expect(clock.now()).toBe(3_000)
  })
})
