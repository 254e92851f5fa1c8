/**
 * The kit's blockchain API against the test anvil and a local Solana RPC of its own (LiteSVM): the balances the modal's
 * Send view lists, read from the nodes; the empty answers of the rest; bad options refused before anything starts; the
 * behaviours a test sets (a status, garbage); `close()` frees the port.
 */
import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { DEV_SOLANA_ADDRESSES, SOLANA_LOCALNET_CAIP_NETWORK_ID, startSolanaRpc, type SolanaRpcServer } from '../../../dev/solana/index.ts'
import { TestWalletOptionsError } from '../../errors.ts'
import { isPortFree } from '../anvil.ts'
import { startBlockchainApi, type BlockchainApi } from './server.ts'

let solana: SolanaRpcServer
let api: BlockchainApi
beforeAll(async () => {
  solana = await startSolanaRpc({ port: 0 })
  api = await startBlockchainApi({ rpcUrl: inject('anvilRpc1'), solanaRpcUrl: solana.url })
})
afterAll(async () => {
  await api.close()
  await solana.stop()
})

const get = async (path: string) => {
  const response = await fetch(`${api.blockchainUrl}${path}`)
  return { status: response.status, body: (await response.json()) as any, cors: response.headers.get('access-control-allow-origin') }
}

describe('startBlockchainApi', () => {
  test('behavior: an EVM account’s balance is the node’s, on every chain id asked for', async () => {
    const address = privateKeyToAddress(generatePrivateKey())
    const node = createPublicClient({ transport: http(inject('anvilRpc1')) })
    await node.request({ method: 'anvil_setBalance' as never, params: [address, '0x1BC16D674EC80000'] as never }) // 2 ETH
    const { status, body, cors } = await get(`/v1/account/${address}/balance?currency=usd&chainId=eip155:31337`)
    expect({ status, cors }).toEqual({ status: 200, cors: '*' })
    expect(body.balances).toEqual([{ name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 6000, price: 3000, quantity: { decimals: '18', numeric: '2' } }])
    const other = await get(`/v1/account/${address}/balance?chainId=eip155:31338`)
    expect(other.body.balances[0]).toMatchObject({ chainId: 'eip155:31338', quantity: { numeric: '2' } })
    expect(api.requests.at(-1)).toEqual({ path: `/blockchain/v1/account/${address}/balance`, chainId: 'eip155:31338' })
  })

  test('behavior: a Solana account’s balance is the RPC’s SOL; the rest answers as an empty account', async () => {
    const sol = await get(`/v1/account/${DEV_SOLANA_ADDRESSES[0]}/balance?chainId=${SOLANA_LOCALNET_CAIP_NETWORK_ID}`)
    expect(sol.body.balances).toEqual([expect.objectContaining({ symbol: 'SOL', chainId: SOLANA_LOCALNET_CAIP_NETWORK_ID, quantity: { decimals: '9', numeric: expect.stringMatching(/^\d+(\.\d+)?$/) } })])
    expect((await get('/v1/identity/0x000000000000000000000000000000000000dEaD')).body).toEqual({ name: null, avatar: null })
    expect((await get('/v1/account/0x000000000000000000000000000000000000dEaD/history')).body).toEqual({ data: [], next: null })
    expect((await get('/v1/convert/gas-price?chainId=eip155:31337')).body.standard).toMatch(/^\d+$/)
    expect((await get('/v1/profile/account/alice.reown.id')).status).toBe(404)
    expect(await get('/v1/unknown')).toMatchObject({ status: 404, body: { message: expect.stringContaining('does not serve GET /blockchain/v1/unknown') } })
    expect((await get('/v1/account/not-an-address/balance')).status).toBe(400)
  })

  test('behavior: the behaviour a test sets: a status, garbage, then normal again', async () => {
    const path = `/v1/account/${privateKeyToAddress(generatePrivateKey())}/balance?chainId=eip155:31337`
    api.setBehaviour({ mode: 'status', status: 503 })
    expect((await get(path)).status).toBe(503)
    api.setBehaviour({ mode: 'garbage' })
    await expect(get(path)).rejects.toThrow(SyntaxError)
    api.setBehaviour({ mode: 'normal' })
    expect((await get(path)).status).toBe(200)
    expect(() => api.setBehaviour({ mode: 'status', status: 200 })).toThrow(TestWalletOptionsError)
  })

  test('bad input: each malformed option is refused naming its field, before anything starts', async () => {
    await expect(startBlockchainApi({ rpcUrl: 'ws://127.0.0.1:8545' })).rejects.toThrow(/rpcUrl/)
    await expect(startBlockchainApi({ rpcUrl: 'http://127.0.0.1:8545', solanaRpcUrl: 'nope' })).rejects.toThrow(/solanaRpcUrl/)
    await expect(startBlockchainApi({ rpcUrl: 'http://127.0.0.1:8545', port: 70_000 })).rejects.toThrow(/port/)
    await expect(startBlockchainApi({ rpcUrl: 'http://127.0.0.1:8545', chains: [0] })).rejects.toThrow(/chains\[0\]/)
    await expect(startBlockchainApi({ rpcUrl: 'http://127.0.0.1:8545', tokens: { 1: [{ address: '0x1', name: 'X', symbol: 'X', decimals: 18 } as never] } })).rejects.toBeInstanceOf(TestWalletOptionsError)
  })

  test('behavior: close() frees the port', async () => {
    const other = await startBlockchainApi({ rpcUrl: inject('anvilRpc1'), chains: [31337] })
    const port = Number(new URL(other.url).port)
    expect((await fetch(`${other.blockchainUrl}/v1/account/0x000000000000000000000000000000000000dEaD/balance?chainId=eip155:31338`).then((r) => r.json())) as unknown).toEqual({ balances: [] })
    await other.close()
    expect(await isPortFree(port)).toBe(true)
  })
})
