import { afterAll, beforeAll, describe, expect, inject, test, vi } from 'vitest'
import { createPublicClient, formatEther, http } from 'viem'
import { startApiServer } from '../../dev/api/server.ts'
import { createBlockchainApi } from '../../services/blockchain.ts'
import type { TokenBalance } from '../../services/schemas.ts'
import { DEV_ADDRESSES } from '../../testing/wallet/accounts.ts'
import { DevWallet } from '../../testing/wallet/provider.ts'
import type { DevWalletAssetsMode } from '../../testing/wallet/calls.ts'
import { balancesOf, walletBalancesOf } from './account.ts'

/**
 * Account's tokens from the wallet's own list (EIP-7811 `wallet_getAssets`) with the real parts: the dev wallet on the
 * Vitest anvil (its list: the native balance read from the node and a wallet-only asset) and the reference server's
 * blockchain API reading the same anvil (its prices, names, icons, and its own list when the wallet has none).
 */
const rpc = inject('anvilRpc1')
const address = DEV_ADDRESSES[0]!
const network = 'eip155:31337'
let server: Awaited<ReturnType<typeof startApiServer>>
beforeAll(async () => {
  server = await startApiServer({ port: 0, chains: [{ chainId: 31337, rpcUrl: rpc }] })
})
afterAll(() => server.stop())

/** The dev wallet connected to the site on 31337 with its `wallet_getAssets` in `assets`, and the host of the assembly. */
async function setup(assets: DevWalletAssetsMode, api: 'up' | 'down' = 'up') {
  const wallet = new DevWallet({ chains: [{ chainId: 31337, name: 'Anvil', rpcUrl: rpc }], autoApprove: true })
  await wallet.request({ method: 'eth_requestAccounts' })
  wallet.calls.assets = assets
  const blockchain = createBlockchainApi({ baseUrl: `${api === 'up' ? server.url : 'http://127.0.0.1:9'}/blockchain`, projectId: 'p-assets' })
  const host = {
    blockchain: async () => blockchain,
    eip1193: (connectorId: string) => (connectorId === 'dev' ? wallet : undefined),
    nativeBalance: async () => ({ value: 0n, decimals: 18, symbol: 'ETH', name: 'Ether' }),
  }
  const input = { address, caipNetworkId: network, connectorId: 'dev' }
  return { host, input, api: () => balancesOf(host, input, {}) }
}

const onChain = async () => formatEther(await createPublicClient({ transport: http(rpc) }).getBalance({ address }))
const row = (tokens: TokenBalance[] | undefined, symbol: string) => tokens?.find((t) => t.symbol === symbol)

describe("Account's tokens from the wallet's asset list (EIP-7811)", () => {
  test("behavior: a wallet that advertises it lists Account's tokens: its native balance priced by the API, its own asset, none of the API's other tokens", async () => {
    const s = await setup('on')
    const tokens = await walletBalancesOf(s.host, s.input, s.api)
    const fromApi = await s.api()
    const apiEth = row(fromApi, 'ETH')!
    expect(tokens?.map((t) => t.symbol)).toEqual(['ETH', 'DWP'])
    expect(row(tokens, 'ETH')).toMatchObject({ name: apiEth.name, chainId: network, price: apiEth.price, quantity: { decimals: '18', numeric: await onChain() } })
    expect(row(tokens, 'ETH')!.price).toBeGreaterThan(0)
    expect(row(tokens, 'DWP')).toEqual({
      name: 'Dev Wallet Points',
      symbol: 'DWP',
      chainId: network,
      address: `${network}:0x00000000000000000000000000000000000d3e70`,
      value: 0,
      price: 0,
      quantity: { decimals: '2', numeric: '100' },
    })
    // The API has the dev tokens; the wallet's list does not name them.
    expect(fromApi.some((t) => t.symbol === 'DEV')).toBe(true)
    expect(row(tokens, 'DEV')).toBeUndefined()
  })

  test("behavior: a wallet without it (4200, no assetDiscovery) leaves Account's tokens to the API", async () => {
    const s = await setup('off')
    expect(await walletBalancesOf(s.host, s.input, s.api)).toBeUndefined()
    expect(await walletBalancesOf(s.host, { ...s.input, connectorId: 'another' }, s.api)).toBeUndefined()
    expect(await walletBalancesOf(s.host, { ...s.input, caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }, s.api)).toBeUndefined()
  })

  test("bad input: a list that is not EIP-7811's is refused with a clear warning, and the API's list stands (nothing lost)", async () => {
    const s = await setup('garbled')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(await walletBalancesOf(s.host, s.input, s.api)).toBeUndefined()
    expect(warn).toHaveBeenCalledWith(
      "InvalidWalletAssetsError: The wallet answered its assets with something unreadable (0x7a69[0].balance: a hex quantity (0x and 1 to 64 hex digits)); Account's tokens come from the API instead.",
    )
    warn.mockRestore()
  })

  test("behavior: the API down, the wallet's list still shows, unpriced (its words for the native currency from the node's network)", async () => {
    const s = await setup('on', 'down')
    const tokens = await walletBalancesOf(s.host, s.input, s.api)
    expect(tokens?.map((t) => [t.name, t.symbol, t.price])).toEqual([
      ['Ether', 'ETH', 0],
      ['Dev Wallet Points', 'DWP', 0],
    ])
    expect(row(tokens, 'ETH')!.quantity.numeric).toBe(await onChain())
  })
})
