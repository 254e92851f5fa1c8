import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createBip122Adapter, InvalidBitcoinAddressError } from '../../adapters/bip122.ts'
import type { CaipNetwork } from '../../adapters/networks.ts'
import { startApiServer } from '../../dev/api/server.ts'
import { bitcoinRegtestNetwork, DEV_BITCOIN_PAYMENT_ADDRESSES } from '../../dev/bitcoin/index.ts'
import { createBitcoinApi } from '../../services/bitcoin.ts'
import { createBlockchainApi } from '../../services/blockchain.ts'
import { balancesOf } from './account.ts'

/**
 * Account's token balances by namespace (spec §6 "Supported namespaces: balance eip155 and solana"; Bitcoin from its
 * UTXOs): the reference server's blockchain API and UTXO index, the real Bitcoin adapter. Every request the blockchain
 * API client sends is recorded on its way to the server.
 */
let server: Awaited<ReturnType<typeof startApiServer>>
let regtest: CaipNetwork
beforeAll(async () => {
  server = await startApiServer({ port: 0, chains: [] })
  regtest = bitcoinRegtestNetwork(server.url)
})
afterAll(() => server.stop())

function host() {
  const asked: string[] = []
  const recording: typeof fetch = (input, init) => {
    asked.push(new URL(input instanceof Request ? input.url : String(input)).pathname)
    return fetch(input, init)
  }
  const blockchain = createBlockchainApi({ baseUrl: `${server.url}/blockchain`, projectId: 'p-balances', fetch: recording })
  const bitcoin = createBip122Adapter({ source: createBitcoinApi({ projectId: 'p-balances' }) })
  return {
    asked,
    host: {
      blockchain: async () => blockchain,
      nativeBalance: async ({ address }: { caipNetworkId: string; address: string }) => ({ ...(await bitcoin.getBalance({ connectorId: 'x', address, network: regtest })), name: regtest.nativeCurrency.name }),
    },
  }
}

describe('spec §6 balance API namespaces', () => {
  test('spec §6: on Bitcoin the balance API is not asked; the tokens are the native balance from the UTXO index, unpriced', async () => {
    const { host: h, asked } = host()
    const tokens = await balancesOf(h, { address: DEV_BITCOIN_PAYMENT_ADDRESSES[3]!, caipNetworkId: regtest.caipNetworkId }, {})
    expect(asked).toEqual([])
    expect(tokens).toEqual([{ name: regtest.nativeCurrency.name, symbol: 'BTC', chainId: regtest.caipNetworkId, value: 0, price: 0, quantity: { decimals: '8', numeric: '1' } }])
  })

  test.each([
    ['eip155:1', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
    ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'],
  ])('spec §6: on %s the balance API is asked', async (caipNetworkId, address) => {
    const { host: h, asked } = host()
    await balancesOf(h, { address, caipNetworkId }, {})
    expect(asked).toEqual([`/blockchain/v1/account/${address}/balance`])
  })

  test('bad input: an address of another Bitcoin network is refused by the adapter, and the API is not asked', async () => {
    const { host: h, asked } = host()
    await expect(balancesOf(h, { address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', caipNetworkId: regtest.caipNetworkId }, {})).rejects.toBeInstanceOf(InvalidBitcoinAddressError)
    expect(asked).toEqual([])
  })
})
