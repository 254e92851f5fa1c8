import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { solana as solanaMainnet } from '../../adapters/networks.ts'
import { DEV_SOLANA_ADDRESSES } from '../solana/accounts.ts'
import { SOLANA_LOCALNET_CAIP_NETWORK_ID } from '../solana/network.ts'
import { startSolanaRpc } from '../solana/server.ts'
import type { SolanaRpcServer } from '../solana/server.ts'
import { formatLamports } from './solana.ts'
import { startApiServer } from './server.ts'
import type { ApiServer } from './server.ts'

/**
 * Solana balances of the reference server (spec §6: balances for eip155 and solana), read from a local Solana RPC
 * of this file's own (LiteSVM), through the contract route `/v1/account/{address}/balance`.
 */
let rpc: SolanaRpcServer
let api: ApiServer
const common = { currency: 'usd', st: 'appkit', sv: 'test', projectId: 'p' }

beforeAll(async () => {
  rpc = await startSolanaRpc({ port: 0 })
  api = await startApiServer({ port: 0, chains: [], solanaRpcUrl: rpc.url })
})
afterAll(async () => {
  await api.stop()
  await rpc.stop()
})

async function balances(address: string, query: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const url = new URL(`${api.url}/blockchain/v1/account/${encodeURIComponent(address)}/balance`)
  for (const [k, v] of Object.entries({ ...common, ...query })) url.searchParams.set(k, v)
  const response = await fetch(url)
  return { status: response.status, body: await response.json() }
}

describe('GET /v1/account/{address}/balance for Solana', () => {
  test('behavior: a dev account has 100 SOL on the local network, priced in USD', async () => {
    const { status, body } = await balances(DEV_SOLANA_ADDRESSES[0] as string, { chainId: SOLANA_LOCALNET_CAIP_NETWORK_ID })
    expect(status).toBe(200)
    expect(body).toEqual({
      balances: [
        {
          name: 'Solana',
          symbol: 'SOL',
          chainId: SOLANA_LOCALNET_CAIP_NETWORK_ID,
          value: 15_000,
          price: 150,
          quantity: { decimals: '9', numeric: '100' },
          // The coin's icon from the reference API's images, as EVM balances carry theirs.
          iconUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
        },
      ],
    })
  })

  test('behavior: the balance follows the chain (an airdrop shows at once); a fresh address holds 0 SOL', async () => {
    const fresh = Keypair.generate().publicKey.toBase58()
    expect((await balances(fresh)).body.balances.map((b: { quantity: { numeric: string } }) => b.quantity.numeric)).toEqual(['0'])
    rpc.airdrop(fresh, BigInt(1.5 * LAMPORTS_PER_SOL))
    expect((await balances(fresh, { chainId: SOLANA_LOCALNET_CAIP_NETWORK_ID })).body.balances[0]).toMatchObject({ value: 225, quantity: { numeric: '1.5' } })
  })

  test('behavior: a CAIP-10 solana account is read on its own network; another Solana network has no balances here', async () => {
    const address = DEV_SOLANA_ADDRESSES[1] as string
    expect((await balances(`${SOLANA_LOCALNET_CAIP_NETWORK_ID}:${address}`)).body.balances[0].quantity.numeric).toBe('100')
    expect((await balances(address, { chainId: solanaMainnet.caipNetworkId })).body).toEqual({ balances: [] })
    expect((await balances(`${solanaMainnet.caipNetworkId}:${address}`)).body).toEqual({ balances: [] })
  })

  test("behavior: an address that is not Solana's on a solana: chain is a 400 naming it", async () => {
    const { status, body } = await balances('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', { chainId: SOLANA_LOCALNET_CAIP_NETWORK_ID })
    expect(status).toBe(400)
    expect(body.message).toBe(`Invalid address: expected a Solana address for ${SOLANA_LOCALNET_CAIP_NETWORK_ID}, got '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'`)
    // 33 base58 characters that decode to 24 bytes: Solana-shaped text, but no public key.
    expect((await balances('1111111111111111111111111111111111', { chainId: SOLANA_LOCALNET_CAIP_NETWORK_ID })).status).toBe(400)
  })

  test('behavior: the local Solana network is among the supported chains', async () => {
    const url = new URL(`${api.url}/blockchain/v1/supported-chains`)
    for (const [k, v] of Object.entries({ st: 'appkit', sv: 'test', projectId: 'p' })) url.searchParams.set(k, v)
    const body = (await (await fetch(url)).json()) as { http: string[] }
    expect(body.http).toContain(SOLANA_LOCALNET_CAIP_NETWORK_ID)
  })

  test('behavior: a server without solanaRpcUrl answers Solana accounts with no balances', async () => {
    const bare = await startApiServer({ port: 0, chains: [] })
    try {
      const url = new URL(`${bare.url}/blockchain/v1/account/${DEV_SOLANA_ADDRESSES[0]}/balance`)
      for (const [k, v] of Object.entries(common)) url.searchParams.set(k, v)
      expect(await (await fetch(url)).json()).toEqual({ balances: [] })
    } finally {
      await bare.stop()
    }
  })

  test('behavior: a Solana RPC that stopped answering is a 502 naming the network', async () => {
    const gone = await startSolanaRpc({ port: 0, fundDevAccounts: false })
    const server = await startApiServer({ port: 0, chains: [], solanaRpcUrl: gone.url })
    try {
      await gone.stop()
      const url = new URL(`${server.url}/blockchain/v1/account/${DEV_SOLANA_ADDRESSES[0]}/balance`)
      for (const [k, v] of Object.entries(common)) url.searchParams.set(k, v)
      const response = await fetch(url)
      expect(response.status).toBe(502)
      expect(((await response.json()) as { message: string }).message).toMatch(new RegExp(`^The node of ${SOLANA_LOCALNET_CAIP_NETWORK_ID} \\(${gone.url}\\) did not answer`))
    } finally {
      await server.stop()
    }
  })

  test('behavior: formatLamports writes whole SOL without trailing zeros', () => {
    expect([0n, 1n, 1_000_000_000n, 1_500_000_000n, 123_456_789_012n].map(formatLamports)).toEqual(['0', '0.000000001', '1', '1.5', '123.456789012'])
  })
})
