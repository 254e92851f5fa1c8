import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { createPublicClient, createWalletClient, erc20Abi, formatEther, formatUnits, http, parseUnits } from 'viem'
import type { Address, Hash } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { DEV_ADDRESSES, devAccounts } from '../accounts.ts'
import { findFreePort } from '../anvil.ts'
import { DEV_BITCOIN_PAYMENT_ADDRESSES, devBitcoinAccounts } from '../bitcoin/accounts.ts'
import { rawTransfer } from '../bitcoin/testing.ts'
import { createDevUtxoIndex } from '../bitcoin/utxoIndex.ts'
import { devTetherTokenAbi } from '../tokens/artifacts.ts'
import { DEV_TETHER_ADDRESS, DEV_TOKEN_ADDRESS, DEV_TOKEN_DEPLOYER, devTetherToken, devToken } from '../tokens/tokens.ts'
import { smartSessionGrantMessage, smartSessionRevokeMessage } from '../../kernel/smartSession.ts'
import { loadContracts } from './contract.ts'
import type { Operation } from './contract.ts'
import { defaultDataset, devWalletName, devWalletRdns, nativeTokenAddress, networkImageId } from './dataset.ts'
import type { Wallet } from './dataset.ts'
import { realWallets } from './realWallets.ts'
import { startApiServer } from './server.ts'
import type { ApiServer } from './server.ts'
import { TestFailure } from '../../tests/harness/failures.ts'

const rpc1 = inject('anvilRpc1')
const rpc2 = inject('anvilRpc2')
const common = { st: 'appkit', sv: 'latchkey-test', projectId: 'test-project' }
const contracts = loadContracts()
const dataset = defaultDataset()
const alice = DEV_ADDRESSES[0]
/** Native ETH and Dev Token on the first anvil chain, tokens of the exchange's pools (dev/dex). */
const ethAnvil = `eip155:31337:${nativeTokenAddress}`
const devAnvil = `eip155:31337:${DEV_TOKEN_ADDRESS}`

const publicClient = createPublicClient({ transport: http(rpc1), cacheTime: 0 })
const walletClient = createWalletClient({ transport: http(rpc1) })

let api: ApiServer

beforeAll(async () => {
  api = await startApiServer({
    port: 0,
    chains: [
      { chainId: 31337, rpcUrl: rpc1 },
      { chainId: 31338, rpcUrl: rpc2 },
    ],
  })
})
afterAll(() => api.stop())
afterEach(() => api.control.reset())

type Query = Record<string, string | number | undefined>

function url(path: string, query: Query = {}): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value))
  const text = search.toString()
  return `${api.url}${path}${text ? `?${text}` : ''}`
}

/** A GET with st, sv and projectId (what the client middleware adds), plus `query`. */
function get(path: string, query: Query = {}): Promise<Response> {
  return fetch(url(path, { ...common, ...query }))
}

async function getJson<T>(path: string, query: Query = {}): Promise<T> {
  const response = await get(path, query)
  const body = await response.text()
  expect(response.status, body).toBe(200)
  return JSON.parse(body) as T
}

/** The USD prices of ETH, DEV and dUSDT on an anvil chain, as `/v1/fungible/price` derives them from the exchange's pools. */
async function poolPrices(chainId: number): Promise<Record<string, number>> {
  const addresses = [nativeTokenAddress, DEV_TOKEN_ADDRESS, DEV_TETHER_ADDRESS].map((address) => `eip155:${chainId}:${address}`)
  const response = await post('/blockchain/v1/fungible/price', { currency: 'usd', addresses, projectId: 'p' })
  const { fungibles } = (await response.json()) as { fungibles: Array<{ symbol: string; price: number }> }
  return Object.fromEntries(fungibles.map((f) => [f.symbol, f.price]))
}

function post(path: string, body: unknown, query: Query = {}): Promise<Response> {
  return fetch(url(path, query), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
}

function operation(operationId: string): Operation {
  const found = contracts.operations.find((o) => o.operationId === operationId)
  if (!found) throw new TestFailure(`no operation ${operationId}`)
  return found
}

/** True when `body` matches the contract's 200 schema of the operation. */
function matchesContract(operationId: string, body: unknown): boolean {
  const validate = contracts.responseFor(operation(operationId), 200)?.validateJson
  if (!validate) throw new TestFailure(`${operationId} has no JSON 200`)
  return validate(body)
}

async function sendEth(from: number, to: Address, value: bigint): Promise<Hash> {
  const account = devAccounts()[from]
  if (!account) throw new TestFailure(`no dev account ${from}`)
  const hash = await walletClient.sendTransaction({ account, to, value, chain: null })
  await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  return hash
}

/** Sends `amount` (smallest unit) of a dev token from dev account `from` with `transfer`; dUSDT through its own no-return ABI. */
async function sendToken(token: typeof devToken | typeof devTetherToken, from: number, to: Address, amount: bigint): Promise<Hash> {
  const account = devAccounts()[from]
  if (!account) throw new TestFailure(`no dev account ${from}`)
  const hash = token.transferReturnsBool
    ? await walletClient.writeContract({ account, chain: null, address: token.address, abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
    : await walletClient.writeContract({ account, chain: null, address: token.address, abi: devTetherTokenAbi, functionName: 'transfer', args: [to, amount] })
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  expect(receipt.status).toBe('success')
  return hash
}

type WalletsPage = { data: Wallet[]; count: number }
type HistoryTransfer = { direction: string; fungible_info?: { name?: string; symbol?: string }; quantity?: { numeric: string; decimals: string }; price?: number; value?: number }
type HistoryPage = {
  data: Array<{
    id: string
    metadata: { hash: string; minedAt: string; chain: string; sentFrom: string; sentTo: string; status: string; operationType: string }
    transfers: HistoryTransfer[]
  }>
  next?: string | null
}

/** A grant of a smart session by dev account 0 (an EOA) on 31337, signed, for an hour. */
async function sessionGrant() {
  const grant = { chainId: 'eip155:31337', expiry: Math.floor(Date.now() / 1000) + 3600, signer: DEV_ADDRESSES[1], permissions: [{ type: 'native-token-recurring-allowance', data: { allowance: '0x1' } }] }
  return { ...grant, signature: await devAccounts()[0]!.signMessage({ message: smartSessionGrantMessage({ address: alice, ...grant }) }) }
}

/** Dev account 0 grants a smart session on the suite's server. */
async function grantSession(): Promise<{ pci: string }> {
  const response = await post(`/blockchain/v1/sessions/${alice}`, await sessionGrant(), { projectId: 'p' })
  expect(response.status).toBe(200)
  return (await response.json()) as { pci: string }
}

const analyticsEvent = {
  eventId: '7d3c1c1e-0000-4000-8000-000000000001',
  url: 'http://127.0.0.1:5173/',
  domain: '127.0.0.1',
  timestamp: 1_767_225_600_000,
  props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
}

/** Samples of the `/v1/bitcoin/…` operations (dev/bitcoin): dev account 0's genesis UTXO, spent by the broadcast sample. */
function bitcoinSamples() {
  const [payment] = DEV_BITCOIN_PAYMENT_ADDRESSES
  const utxo = createDevUtxoIndex().utxos(payment)[0]!
  return {
    getBitcoinAddress: () => ({ method: 'GET' as const, path: `/blockchain/v1/bitcoin/address/${payment}` }),
    getBitcoinUtxos: () => ({ method: 'GET' as const, path: `/blockchain/v1/bitcoin/address/${payment}/utxo` }),
    getBitcoinTransactions: () => ({ method: 'GET' as const, path: `/blockchain/v1/bitcoin/address/${payment}/txs` }),
    getBitcoinTransaction: () => ({ method: 'GET' as const, path: `/blockchain/v1/bitcoin/tx/${utxo.txid}` }),
    broadcastBitcoinTransaction: () => ({
      method: 'POST' as const,
      path: '/blockchain/v1/bitcoin/tx',
      body: { hex: rawTransfer([{ utxo, key: devBitcoinAccounts()[0]!.payment }], [{ address: DEV_BITCOIN_PAYMENT_ADDRESSES[1], value: 99_999_000n }]) },
    }),
  }
}

describe('every operation of the three contracts', () => {
  type Sample = { method: 'GET' | 'POST'; path: string; query?: Query; body?: unknown }
  const samples: Record<string, () => Sample | Promise<Sample>> = {
    getSupportedChains: () => ({ method: 'GET', path: '/blockchain/v1/supported-chains' }),
    getIdentity: () => ({ method: 'GET', path: `/blockchain/v1/identity/${alice}`, query: { sender: DEV_ADDRESSES[1] } }),
    getHistory: () => ({ method: 'GET', path: `/blockchain/v1/account/${alice}/history`, query: { chainId: 'eip155:31337' } }),
    getSwapQuotes: () => ({ method: 'GET', path: '/blockchain/v1/convert/quotes', query: { amount: '1000000000000000000', userAddress: alice, from: ethAnvil, to: devAnvil } }),
    getSwapTokens: () => ({ method: 'GET', path: '/blockchain/v1/convert/tokens', query: { chainId: 'eip155:31337' } }),
    getTokenPrices: () => ({ method: 'POST', path: '/blockchain/v1/fungible/price', body: { currency: 'usd', addresses: [devAnvil, ethAnvil], projectId: 'p' } }),
    getSwapAllowance: () => ({ method: 'GET', path: '/blockchain/v1/convert/allowance', query: { tokenAddress: devAnvil, userAddress: alice } }),
    getGasPrice: () => ({ method: 'GET', path: '/blockchain/v1/convert/gas-price', query: { chainId: 'eip155:31337' } }),
    buildSwapTransaction: () => ({
      method: 'POST',
      path: '/blockchain/v1/convert/build-transaction',
      body: { amount: '1000000', eip155: { slippage: '1' }, projectId: 'p', from: devAnvil, to: ethAnvil, userAddress: `eip155:31337:${alice}`, disableEstimate: true },
    }),
    buildSwapApprove: () => ({ method: 'GET', path: '/blockchain/v1/convert/build-approve', query: { userAddress: alice, from: devAnvil, to: ethAnvil } }),
    getBalances: () => ({ method: 'GET', path: `/blockchain/v1/account/${alice}/balance`, query: { currency: 'usd', chainId: 'eip155:31337' } }),
    lookupName: () => ({ method: 'GET', path: '/blockchain/v1/profile/account/alice.reown.id', query: { apiVersion: '2' } }),
    reverseLookupName: () => ({ method: 'GET', path: `/blockchain/v1/profile/reverse/${alice}`, query: { apiVersion: '2' } }),
    getNameSuggestions: () => ({ method: 'GET', path: '/blockchain/v1/profile/suggestions/latchkey', query: { zone: 'reown.id' } }),
    registerName: async () => {
      const account = devAccounts()[3]!
      const message = JSON.stringify({ name: 'table-sample.reown.id', attributes: {}, timestamp: 1_767_225_600 })
      return { method: 'POST', path: '/blockchain/v1/profile/account', body: { coin_type: 60, address: account.address, message, signature: await account.signMessage({ message }) } }
    },
    generateOnrampUrl: () => ({
      method: 'POST',
      path: '/blockchain/v1/generators/onrampurl',
      query: { projectId: 'p' },
      body: { destinationWallets: [{ address: alice, blockchains: ['ethereum'], assets: ['ETH'] }], defaultNetwork: 'ethereum', partnerUserId: alice, defaultExperience: 'buy', presetFiatAmount: 100 },
    }),
    getOnrampOptions: () => ({ method: 'GET', path: '/blockchain/v1/onramp/options' }),
    getOnrampQuote: () => ({ method: 'POST', path: '/blockchain/v1/onramp/quote', query: { projectId: 'p' }, body: { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: 'ethereum' } }),
    getSessions: () => ({ method: 'GET', path: `/blockchain/v1/sessions/${alice}` }),
    createSession: async () => ({ method: 'POST', path: `/blockchain/v1/sessions/${alice}`, query: { projectId: 'p' }, body: await sessionGrant() }),
    revokeSession: async () => {
      const { pci } = await grantSession()
      const signature = await devAccounts()[0]!.signMessage({ message: smartSessionRevokeMessage({ address: alice, pci }) })
      return { method: 'POST', path: `/blockchain/v1/sessions/${alice}/revoke`, query: { projectId: 'p' }, body: { pci, signature } }
    },
    getSessionContext: async () => ({ method: 'GET', path: `/blockchain/v1/sessions/${alice}/${(await grantSession()).pci}`, query: { projectId: 'p' } }),
    getProjectConfig: () => ({ method: 'GET', path: '/directory/appkit/v1/config' }),
    getAllowedOrigins: () => ({ method: 'GET', path: '/directory/projects/v1/origins' }),
    getWallets: () => ({ method: 'GET', path: '/directory/getWallets', query: { page: 1, entries: 40 } }),
    getWalletImage: () => ({ method: 'GET', path: `/directory/getWalletImage/${dataset.wallets[0]?.image_id}` }),
    getAssetImage: () => ({ method: 'GET', path: `/directory/public/getAssetImage/${networkImageId('eip155:1')}` }),
    getCurrencyImage: () => ({ method: 'GET', path: '/directory/public/getCurrencyImage/USD' }),
    getTokenImage: () => ({ method: 'GET', path: '/directory/public/getTokenImage/ETH' }),
    getAnalyticsConfig: () => ({ method: 'GET', path: '/directory/getAnalyticsConfig' }),
    sendEvent: () => ({ method: 'POST', path: '/analytics/e', query: common, body: analyticsEvent }),
    ...bitcoinSamples(),
  }

  // The SIWX operations need signed messages and a session token: dev/api/siwx.test.ts runs each of them; the exchange's
  // need a session: dev/exchange/deposits.test.ts runs each of them.
  const sampled = contracts.operations.filter((o) => o.contract !== 'siwx' && o.contract !== 'exchange')
  it('has a sample request for each operation of the YAML contracts but SIWX and the exchange (36 operations)', () => {
    expect(Object.keys(samples).sort()).toEqual(sampled.map((o) => o.operationId).sort())
    expect(sampled).toHaveLength(36)
  })

  for (const [operationId, makeSample] of Object.entries(samples)) {
    it(`${operationId}: answers a valid request with a success the contract declares`, async () => {
      const sample = await makeSample()
      const op = operation(operationId)
      expect(op.method).toBe(sample.method)
      const response = sample.method === 'GET' ? await get(sample.path, sample.query) : await post(sample.path, sample.body, sample.query)
      const text = await response.text()
      expect([200, 204], text).toContain(response.status)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      const spec = contracts.responseFor(op, response.status)
      if (response.status === 204) {
        expect(text).toBe('')
      } else if (spec?.validateJson) {
        expect(response.headers.get('content-type')).toMatch(/^application\/json/)
        expect(spec.validateJson(JSON.parse(text)), JSON.stringify(spec.validateJson.errors)).toBe(true)
      } else {
        expect(spec?.contentTypes).toContain(response.headers.get('content-type'))
      }
    })
  }
})

describe('balances (real, from anvil)', () => {
  it('the native balance of a dev account is what viem getBalance reads, followed by its DEV and dUSDT, on each chain', async () => {
    for (const [chainId, rpcUrl] of [
      [31337, rpc1],
      [31338, rpc2],
    ] as const) {
      const client = createPublicClient({ transport: http(rpcUrl), cacheTime: 0 })
      // Another test file may move funds meanwhile: compare only when the balance held still around the call.
      for (let attempt = 0; ; attempt++) {
        const prices = await poolPrices(chainId)
        const before = await client.getBalance({ address: DEV_ADDRESSES[2] })
        const { balances } = await getJson<{ balances: Array<Record<string, unknown>> }>(`/blockchain/v1/account/${DEV_ADDRESSES[2]}/balance`, { currency: 'usd', chainId: `eip155:${chainId}` })
        const after = await client.getBalance({ address: DEV_ADDRESSES[2] })
        if (before !== after && attempt < 3) continue
        expect(balances).toEqual([
          {
            name: 'Ether',
            symbol: 'ETH',
            chainId: `eip155:${chainId}`,
            price: prices.ETH,
            iconUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
            value: Math.round(Number(formatEther(before)) * prices.ETH! * 100) / 100,
            quantity: { decimals: '18', numeric: formatEther(before) },
          },
          // Nobody moves account 2's tokens: the 1 000 000 each the deployment minted.
          {
            name: 'Dev Token',
            symbol: 'DEV',
            chainId: `eip155:${chainId}`,
            address: `eip155:${chainId}:${DEV_TOKEN_ADDRESS}`,
            price: prices.DEV,
            iconUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
            value: Math.round(1_000_000 * prices.DEV! * 100) / 100,
            quantity: { decimals: '18', numeric: '1000000' },
          },
          {
            name: 'Dev Tether',
            symbol: 'dUSDT',
            chainId: `eip155:${chainId}`,
            address: `eip155:${chainId}:${DEV_TETHER_ADDRESS}`,
            price: 1,
            iconUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
            value: 1_000_000,
            quantity: { decimals: '6', numeric: '1000000' },
          },
        ])
        break
      }
    }
  })

  it('a fresh address has a zero native balance; an unknown chain has no balances; no chainId means every chain', async () => {
    const fresh = privateKeyToAccount(generatePrivateKey()).address
    const one = await getJson<{ balances: Array<{ quantity: { numeric: string }; value: number }> }>(`/blockchain/v1/account/${fresh}/balance`, { currency: 'usd', chainId: 'eip155:31337' })
    expect(one.balances.map((b) => [b.quantity.numeric, b.value])).toEqual([['0', 0]])
    expect(await getJson(`/blockchain/v1/account/${fresh}/balance`, { currency: 'usd', chainId: 'eip155:1' })).toEqual({ balances: [] })
    const all = await getJson<{ balances: Array<{ chainId: string }> }>(`/blockchain/v1/account/${fresh}/balance`, { currency: 'usd' })
    expect(all.balances.map((b) => b.chainId)).toEqual(['eip155:31337', 'eip155:31338'])
  })

  it('token balances follow transfers (balanceOf), and a listed token without code on the chain is left out', async () => {
    const fresh = privateKeyToAccount(generatePrivateKey()).address
    await sendToken(devTetherToken, 1, fresh, parseUnits('2.5', 6))
    const { balances } = await getJson<{ balances: Array<{ symbol: string; address?: string; value: number; quantity: { numeric: string; decimals: string } }> }>(`/blockchain/v1/account/${fresh}/balance`, {
      currency: 'usd',
      chainId: 'eip155:31337',
    })
    // Zero balances (ETH is listed anyway, DEV is not) are left out.
    expect(balances.map((b) => [b.symbol, b.address, b.quantity, b.value])).toEqual([
      ['ETH', undefined, { decimals: '18', numeric: '0' }, 0],
      ['dUSDT', `eip155:31337:${DEV_TETHER_ADDRESS}`, { decimals: '6', numeric: '2.5' }, 2.5],
    ])

    const ghost = privateKeyToAccount(generatePrivateKey()).address
    const other = await startApiServer({
      port: 0,
      chains: [{ chainId: 31337, rpcUrl: rpc1 }],
      dataset: { erc20Tokens: { 'eip155:31337': [{ address: ghost, name: 'Ghost', symbol: 'GHO', decimals: 18 }, { ...devToken }] } },
    })
    try {
      const response = await fetch(`${other.url}/blockchain/v1/account/${alice}/balance?currency=usd&chainId=eip155:31337&${new URLSearchParams(common)}`)
      expect(response.status).toBe(200)
      expect(((await response.json()) as { balances: Array<{ symbol: string }> }).balances.map((b) => b.symbol)).toEqual(['ETH', 'DEV'])
    } finally {
      await other.stop()
    }
  })

  it('answers 502 naming the chain when its node does not answer', async () => {
    const port = await findFreePort()
    const orphan = await startApiServer({ port: 0, chains: [{ chainId: 31337, rpcUrl: `http://127.0.0.1:${port}` }] })
    try {
      const response = await fetch(`${orphan.url}/blockchain/v1/account/${alice}/balance?currency=usd&${new URLSearchParams(common)}`)
      expect(response.status).toBe(502)
      expect(((await response.json()) as { message: string }).message).toContain(`The node of eip155:31337 (http://127.0.0.1:${port}) did not answer`)
    } finally {
      await orphan.stop()
    }
  })

  it('rejects a currency other than usd and an address that is not one', async () => {
    const wrongCurrency = await get(`/blockchain/v1/account/${alice}/balance`, { currency: 'eur' })
    expect(wrongCurrency.status).toBe(400)
    expect(((await wrongCurrency.json()) as { message: string }).message).toContain("query parameter 'currency' must be equal to constant")
    const notAnAddress = await get('/blockchain/v1/account/0x1234/balance', { currency: 'usd' })
    expect(notAnAddress.status).toBe(400)
    expect(((await notAnAddress.json()) as { message: string }).message).toMatchInlineSnapshot(`"Invalid address: expected a 0x address or a CAIP-10 account, got '0x1234'"`)
  })
})

describe('history (real transactions on anvil)', () => {
  it('lists a transfer from dev account 4 to dev account 3 in both histories, newest first', async () => {
    const value = 1_000_000_000_000_000n + BigInt(Math.floor(Math.random() * 1_000_000))
    const hash = await sendEth(4, DEV_ADDRESSES[3], value)

    const incoming = await getJson<HistoryPage>(`/blockchain/v1/account/${DEV_ADDRESSES[3]}/history`, { chainId: 'eip155:31337' })
    const received = incoming.data.find((tx) => tx.metadata.hash === hash)
    expect(received).toMatchObject({
      metadata: { chain: 'eip155:31337', status: 'confirmed', sentFrom: DEV_ADDRESSES[4], sentTo: DEV_ADDRESSES[3] },
      transfers: [{ direction: 'in', quantity: { decimals: '18', numeric: formatEther(value) } }],
    })
    const outgoing = await getJson<HistoryPage>(`/blockchain/v1/account/${DEV_ADDRESSES[4]}/history`, { chainId: 'eip155:31337' })
    expect(outgoing.data.find((tx) => tx.metadata.hash === hash)?.transfers[0]?.direction).toBe('out')
    for (const page of [incoming, outgoing]) {
      const times = page.data.map((tx) => Date.parse(tx.metadata.minedAt))
      expect(times).toEqual([...times].sort((a, b) => b - a))
    }
  })

  it('pages 10 at a time with an opaque cursor, newest first, until next is null', async () => {
    const fresh = privateKeyToAccount(generatePrivateKey()).address
    const sent: Hash[] = []
    for (let i = 0; i < 12; i++) sent.push(await sendEth(4, fresh, BigInt(i + 1)))

    const first = await getJson<HistoryPage>(`/blockchain/v1/account/${fresh}/history`, { chainId: 'eip155:31337' })
    expect(first.data).toHaveLength(10)
    expect(typeof first.next).toBe('string')
    const second = await getJson<HistoryPage>(`/blockchain/v1/account/${fresh}/history`, { chainId: 'eip155:31337', cursor: first.next ?? '' })
    expect(second.data).toHaveLength(2)
    expect(second.next).toBeNull()
    expect([...first.data, ...second.data].map((tx) => tx.metadata.hash)).toEqual([...sent].reverse())
    expect(first.data.every((tx) => tx.transfers[0]?.direction === 'in')).toBe(true)
  })

  it('lists ERC-20 transfers (Transfer logs) merged with native ones, newest first, on both sides', async () => {
    const fresh = privateKeyToAccount(generatePrivateKey()).address
    const dev = parseUnits('12.5', 18) + BigInt(Math.floor(Math.random() * 1_000_000))
    const devHash = await sendToken(devToken, 1, fresh, dev)
    const ethHash = await sendEth(1, fresh, 1_000n)
    const usdtHash = await sendToken(devTetherToken, 1, fresh, 4_200_000n)

    const prices = await poolPrices(31337)
    const incoming = await getJson<HistoryPage>(`/blockchain/v1/account/${fresh}/history`, { chainId: 'eip155:31337' })
    expect(incoming.data.map((tx) => tx.metadata.hash)).toEqual([usdtHash, ethHash, devHash])
    expect(incoming.next).toBeNull()
    const [usdtTx, ethTx, devTx] = incoming.data
    expect(usdtTx).toMatchObject({
      metadata: { chain: 'eip155:31337', status: 'confirmed', operationType: 'receive', sentFrom: DEV_ADDRESSES[1], sentTo: DEV_TETHER_ADDRESS },
      transfers: [{ operation_type: 'transfer', direction: 'in', fungible_info: { name: 'Dev Tether', symbol: 'dUSDT' }, quantity: { decimals: '6', numeric: '4.2' }, price: 1, value: 4.2 }],
    })
    expect(ethTx?.transfers).toMatchObject([{ direction: 'in', fungible_info: { symbol: 'ETH' }, quantity: { decimals: '18', numeric: formatEther(1_000n) } }])
    expect(devTx?.transfers).toEqual([
      {
        operation_type: 'transfer',
        direction: 'in',
        fungible_info: { name: 'Dev Token', symbol: 'DEV' },
        quantity: { decimals: '18', numeric: formatUnits(dev, 18) },
        price: prices.DEV,
        value: Math.round(Number(formatUnits(dev, 18)) * prices.DEV! * 100) / 100,
      },
    ])

    // The sender's side: one outgoing DEV transfer, no 0 ETH entry beside it.
    const outgoing = await getJson<HistoryPage>(`/blockchain/v1/account/${DEV_ADDRESSES[1]}/history`, { chainId: 'eip155:31337' })
    const sent = outgoing.data.find((tx) => tx.metadata.hash === devHash)
    expect(sent?.metadata).toMatchObject({ operationType: 'send', sentFrom: DEV_ADDRESSES[1], sentTo: DEV_TOKEN_ADDRESS })
    expect(sent?.transfers.map((t) => [t.direction, t.fungible_info?.symbol, t.quantity?.numeric])).toEqual([['out', 'DEV', formatUnits(dev, 18)]])
  })

  it('shows the tokens minted at deployment as received by each dev account', async () => {
    const mints: HistoryPage['data'] = []
    let cursor: string | undefined
    for (let page = 0; page < 50; page++) {
      const body = await getJson<HistoryPage>(`/blockchain/v1/account/${DEV_ADDRESSES[2]}/history`, { chainId: 'eip155:31338', cursor })
      mints.push(...body.data.filter((tx) => tx.metadata.sentFrom === DEV_TOKEN_DEPLOYER))
      if (!body.next) break
      cursor = body.next
    }
    expect(mints.map((tx) => [tx.metadata.operationType, tx.metadata.sentTo, tx.transfers])).toEqual([
      ['receive', DEV_TETHER_ADDRESS, [expect.objectContaining({ direction: 'in', fungible_info: { name: 'Dev Tether', symbol: 'dUSDT' }, quantity: { decimals: '6', numeric: '1000000' } })]],
      ['receive', DEV_TOKEN_ADDRESS, [expect.objectContaining({ direction: 'in', fungible_info: { name: 'Dev Token', symbol: 'DEV' }, quantity: { decimals: '18', numeric: '1000000' } })]],
    ])
  })

  it('answers an empty page for a chain without a node and 400 for a cursor it did not make', async () => {
    expect(await getJson(`/blockchain/v1/account/${alice}/history`, { chainId: 'eip155:1' })).toEqual({ data: [], next: null })
    const response = await get(`/blockchain/v1/account/${alice}/history`, { chainId: 'eip155:31337', cursor: 'not-a-cursor' })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { message: string }).message).toMatchInlineSnapshot(`"Invalid cursor 'not-a-cursor': pass the 'next' of the previous page"`)
  })
})

describe('identity and names', () => {
  it('knows the dev names with a generated avatar, and nothing about other addresses', async () => {
    const identity = await getJson<{ name: string; avatar: string }>(`/blockchain/v1/identity/${alice}`)
    expect(identity.name).toBe('alice.reown.id')
    expect(identity.avatar).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Buffer.from(identity.avatar.split(',')[1] ?? '', 'base64').toString()).toContain('>AL</text>')
    expect(await getJson(`/blockchain/v1/identity/${DEV_ADDRESSES[4]}`)).toEqual({ name: null, avatar: null })
  })

  it('registers a name signed by its owner, then suggests it as taken and refuses it again', async () => {
    const account = devAccounts()[3]!
    const message = JSON.stringify({ name: 'latchkey-dev.reown.id', attributes: { bio: 'test' }, timestamp: 1_767_225_600 })
    const body = { coin_type: 60, address: account.address, message, signature: await account.signMessage({ message }) }

    const suggestionsBefore = await getJson<{ suggestions: Array<{ name: string; registered: boolean }> }>('/blockchain/v1/profile/suggestions/latchkey-dev')
    expect(suggestionsBefore.suggestions[0]).toEqual({ name: 'latchkey-dev.reown.id', registered: false })
    expect(suggestionsBefore.suggestions.every((s) => s.name.endsWith('.reown.id'))).toBe(true)

    const first = await post('/blockchain/v1/profile/account', body)
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ success: true })

    const suggestionsAfter = await getJson<{ suggestions: Array<{ name: string; registered: boolean }> }>('/blockchain/v1/profile/suggestions/latchkey-dev')
    expect(suggestionsAfter.suggestions[0]).toEqual({ name: 'latchkey-dev.reown.id', registered: true })
    const profile = await getJson<{ addresses: Record<string, { address: string }>; attributes: Record<string, string> }>('/blockchain/v1/profile/account/latchkey-dev.reown.id', { apiVersion: '2' })
    expect(profile.addresses['60']?.address).toBe(account.address)
    expect(profile.attributes).toEqual({ bio: 'test' })
    expect((await getJson<{ name: string }>(`/blockchain/v1/identity/${account.address}`)).name).toBe('latchkey-dev.reown.id')

    const again = await post('/blockchain/v1/profile/account', body)
    expect(again.status).toBe(400)
    expect(await again.json()).toEqual({ message: 'Name latchkey-dev.reown.id is already registered', reasons: [{ description: 'Name is already registered' }] })
  })

  it('refuses a registration whose signature is not the address owner’s, and a name shorter than 4', async () => {
    const signer = devAccounts()[2]!
    const message = JSON.stringify({ name: 'forged-name.reown.id', timestamp: 1 })
    const forged = await post('/blockchain/v1/profile/account', { coin_type: 60, address: DEV_ADDRESSES[3], message, signature: await signer.signMessage({ message }) })
    expect(forged.status).toBe(401)
    expect(((await forged.json()) as { reasons: unknown }).reasons).toEqual([{ description: 'The signature does not match the address' }])
    const short = await get('/blockchain/v1/profile/suggestions/abc')
    expect(short.status).toBe(400)
    expect(await short.json()).toEqual({ message: 'Name must be at least 4 characters', reasons: [{ description: 'Name must be at least 4 characters' }] })
    expect((await get('/blockchain/v1/profile/account/nobody-here.reown.id', { apiVersion: '2' })).status).toBe(404)
  })

  it('registers under the coin type of a served chain (ENSIP-11), refuses another chain’s, and the reverse lookup reads the database', async () => {
    const account = devAccounts()[4]!
    const register = async (name: string, coinType: number) => {
      const message = JSON.stringify({ name, attributes: {}, timestamp: 1_767_225_600 })
      return post('/blockchain/v1/profile/account', { coin_type: coinType, address: account.address, message, signature: await account.signMessage({ message }) })
    }
    const anvilCoinType = (0x80000000 | 31337) >>> 0
    expect((await register('coin-anvil.reown.id', anvilCoinType)).status).toBe(200)
    const foreign = await register('coin-foreign.reown.id', (0x80000000 | 10) >>> 0)
    expect(foreign.status).toBe(400)
    expect(((await foreign.json()) as { reasons: Array<{ description: string }> }).reasons[0]?.description).toMatch(/^Coin type 2147483658 is not an EVM chain/)
    const bad = await post('/blockchain/v1/profile/account', { coin_type: 'sixty', address: account.address, message: '{}', signature: '0x00' })
    expect(bad.status).toBe(400)
    const profile = await getJson<{ addresses: Record<string, { address: string }> }>('/blockchain/v1/profile/account/coin-anvil.reown.id', { apiVersion: '2' })
    expect(Object.keys(profile.addresses)).toEqual([String(anvilCoinType)])
    const reverse = await getJson<Array<{ name: string }>>(`/blockchain/v1/profile/reverse/${account.address.toLowerCase()}`, { apiVersion: '2' })
    expect(reverse.map((p) => p.name)).toEqual(['coin-anvil.reown.id'])
    // Two registrations of one free name at once: the database's key lets exactly one through.
    const racing = await Promise.all([register('race-name.reown.id', 60), register('race-name.reown.id', 60)])
    expect(racing.map((r) => r.status).sort()).toEqual([200, 400])
    // A reset forgets the registrations and keeps the dataset's names.
    await api.control.reset()
    expect(await getJson(`/blockchain/v1/profile/reverse/${account.address}`, { apiVersion: '2' })).toEqual([])
    expect((await getJson<Array<{ name: string }>>(`/blockchain/v1/profile/reverse/${alice}`, { apiVersion: '2' })).map((p) => p.name)).toEqual(['alice.reown.id'])
  })

  it('refuses a name with other characters than letters, digits and hyphens, and a message that is not the registration', async () => {
    const account = devAccounts()[4]!
    const message = JSON.stringify({ name: 'bad_name!.reown.id', timestamp: 1 })
    const refused = await post('/blockchain/v1/profile/account', { coin_type: 60, address: account.address, message, signature: await account.signMessage({ message }) })
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { reasons: Array<{ description: string }> }).reasons[0]?.description).toBe('Name can only contain lower-case letters, digits and hyphens')
    const notJson = await post('/blockchain/v1/profile/account', { coin_type: 60, address: account.address, message: 'hello', signature: await account.signMessage({ message: 'hello' }) })
    expect(notJson.status).toBe(400)
  })
})

describe('gas prices, images, on-ramp and sessions', () => {
  it('serves every network of the demo by its own imageId: its own mark from the icon set, a monogram only for the anvils', async () => {
    const { bitcoinRegtest, builtInNetworks } = await import('../../adapters/networks.ts')
    const { anvilNetwork } = await import('../chains.ts')
    const { solanaLocalnet } = await import('../solana/network.ts')
    const networks = [...builtInNetworks, bitcoinRegtest, solanaLocalnet, anvilNetwork(31337, 'Anvil Local', rpc1), anvilNetwork(31338, 'Anvil Local 2', rpc2)]
    const images = new Map<string, string>()
    for (const network of networks) {
      expect(network.imageId, network.name).toBeDefined()
      const image = await get(`/directory/public/getAssetImage/${network.imageId}`, common)
      expect(image.status, network.name).toBe(200)
      expect(image.headers.get('content-type'), network.name).toBe('image/svg+xml')
      images.set(network.name, await image.text())
    }
    for (const [name, text] of images) {
      expect(text, name).toContain('<svg')
      if (name.startsWith('Anvil')) expect(text, name).not.toContain('web3icons')
      else expect(text, name).toContain('class="web3icons"')
    }
    // The EVM networks no longer share one drawing; each anvil has its own letters.
    const evm = ['Ethereum', 'Arbitrum One', 'BNB Smart Chain'].map((name) => images.get(name))
    expect(new Set(evm).size).toBe(3)
    expect(images.get('Anvil Local')).toContain('>AL</text>')
    expect(images.get('Anvil Local 2')).toContain('>A2</text>')
    // Every Solana cluster is drawn with Solana's mark, every Bitcoin network with Bitcoin's.
    expect(images.get('Solana Devnet')).toBe(images.get('Solana'))
    expect(images.get(bitcoinRegtest.name)).toBe(images.get('Bitcoin'))
  })

  it('serves the token and fiat currency images from the icon sets: the Ether token is drawn like Ethereum, a dev token is a coin with its symbol', async () => {
    const { mainnet } = await import('../../adapters/networks.ts')
    const ether = await (await get('/directory/public/getTokenImage/ETH', common)).text()
    const ethereum = await (await get(`/directory/public/getAssetImage/${mainnet.imageId}`, common)).text()
    const colours = (svg: string) => new Set(svg.match(/#[0-9A-Fa-f]{6}/g))
    expect(ether).toContain('class="web3icons"')
    expect(colours(ether)).toEqual(colours(ethereum))
    expect(await (await get('/directory/public/getTokenImage/usdc', common)).text()).toContain('class="web3icons"')
    expect(await (await get('/directory/public/getTokenImage/DEV', common)).text()).toContain('>DEV</text>')
    const currencies = new Set<string>()
    for (const code of ['USD', 'eur', 'GBP']) {
      const image = await get(`/directory/public/getCurrencyImage/${code}`, common)
      expect(image.status, code).toBe(200)
      const text = await image.text()
      expect(text, code).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 32 32">/)
      expect(text, code).not.toContain('<text')
      currencies.add(text)
    }
    expect(currencies.size).toBe(3)
    expect((await get('/directory/public/getCurrencyImage/XYZ', common)).status).toBe(404)
  })

  it('reads the gas price of an anvil chain and refuses a non-EVM network', async () => {
    const gas = await getJson<{ standard: string; fast: string; instant: string }>('/blockchain/v1/convert/gas-price', { chainId: 'eip155:31337' })
    expect(BigInt(gas.standard)).toBeGreaterThan(0n)
    expect(BigInt(gas.fast)).toBeGreaterThanOrEqual(BigInt(gas.standard))
    expect(BigInt(gas.instant)).toBeGreaterThanOrEqual(BigInt(gas.fast))
    const solana = await get('/blockchain/v1/convert/gas-price', { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
    expect(solana.status).toBe(400)
    expect(await solana.json()).toEqual({ message: 'Network not supported for Gas Price' })
  })
})

describe('wallet directory', () => {
  const wallets = (query: Query) => getJson<WalletsPage>('/directory/getWallets', { page: 1, entries: 200, ...query })
  let catalogue: Wallet[] = []
  beforeAll(async () => {
    const first = await wallets({})
    catalogue = [...first.data]
    for (let page = 2; catalogue.length < first.count; page++) catalogue.push(...(await wallets({ page })).data)
  })

  it('holds the dev wallet, every real wallet, then the test wallets (more than three pages of 40), in catalogue order, with unique 64-hex ids', async () => {
    expect(catalogue.length).toBe(1 + realWallets.length + 9)
    expect(catalogue.length).toBeGreaterThan(120)
    expect((await wallets({ entries: 1 })).count).toBe(catalogue.length)
    expect(new Set(catalogue.map((w) => w.id)).size).toBe(catalogue.length)
    expect(catalogue.every((w) => /^[0-9a-f]{64}$/.test(w.id))).toBe(true)
    expect(catalogue.map((w) => w.order)).toEqual([...catalogue.map((w) => w.order)].sort((a, b) => (a ?? 0) - (b ?? 0)))
    expect(catalogue[0]).toMatchObject({ name: devWalletName, rdns: devWalletRdns, order: 1 })
  })

  it('has wallets with universal and with native mobile links, without a mobile link, web-only, Solana-only and Bitcoin-only', () => {
    expect(catalogue.some((w) => w.mobile_link?.startsWith('https://'))).toBe(true)
    expect(catalogue.some((w) => w.mobile_link && /^[a-z0-9-]+:\/\/$/.test(w.mobile_link))).toBe(true)
    expect(catalogue.some((w) => !w.mobile_link)).toBe(true)
    expect(catalogue.some((w) => !w.mobile_link && !w.desktop_link && w.webapp_link)).toBe(true)
    expect(catalogue.some((w) => w.chains.length === 1 && w.chains[0] === 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(true)
    expect(catalogue.some((w) => w.chains.length === 1 && w.chains[0] === 'bip122:000000000019d6689c085ae165831e93')).toBe(true)
    expect(catalogue.every((w) => w.rdns && /^[a-z0-9-]+(\.[a-zA-Z0-9-]+)+$/.test(w.rdns))).toBe(true)
    expect(new Set(catalogue.map((w) => w.rdns)).size).toBe(catalogue.length)
  })

  it('lists real wallets after the dev wallet (their names, rdns and public links), with their marks where the icon set has one; the invented test wallets come last', async () => {
    const firstRows = catalogue.slice(0, 8).map((w) => w.name)
    expect(firstRows).toEqual([devWalletName, 'MetaMask', 'Trust Wallet', 'Coinbase Wallet', 'Phantom', 'Rainbow', 'OKX Wallet', 'Rabby Wallet'])
    expect(catalogue.slice(1, 1 + realWallets.length).map((w) => w.name)).toEqual(realWallets.map((w) => w.name))
    expect(catalogue.slice(1 + realWallets.length).every((w) => w.homepage?.endsWith('.example'))).toBe(true)
    const metamask = catalogue.find((w) => w.name === 'MetaMask')!
    expect(metamask).toMatchObject({ rdns: 'io.metamask', mobile_link: 'metamask://', app_store: 'https://apps.apple.com/app/id1438144202', badge_type: 'certified' })
    const mark = await (await get(`/directory/getWalletImage/${metamask.image_id}`)).text()
    expect(mark).toContain('class="web3icons"')
    // A real wallet the icon set has no mark of gets its monogram.
    const uniswap = catalogue.find((w) => w.name === 'Uniswap Wallet')!
    expect(await (await get(`/directory/getWalletImage/${uniswap.image_id}`)).text()).toContain('>UW</text>')
  })

  it('searches names case-insensitively, trimming the text', async () => {
    const lower = await wallets({ search: 'meta' })
    expect(lower.data.map((w) => w.name)).toEqual(['MetaMask', 'Metaverse Wallet', 'Metal Pay', 'Cosmeta Wallet', 'META Sphere'])
    expect(lower.count).toBe(5)
    expect(await wallets({ search: '  mEtA ' })).toEqual(lower)
    expect((await wallets({ search: 'no wallet is called this' })).count).toBe(0)
  })

  it('pages with page and entries, count being the total after filtering', async () => {
    const page1 = await getJson<WalletsPage>('/directory/getWallets', { page: 1, entries: 40 })
    const page2 = await getJson<WalletsPage>('/directory/getWallets', { page: 2, entries: 40 })
    expect(page1.data).toEqual(catalogue.slice(0, 40))
    expect(page2.data).toEqual(catalogue.slice(40, 80))
    expect(page2.count).toBe(catalogue.length)
    const beyond = await getJson<WalletsPage>('/directory/getWallets', { page: 100, entries: 40 })
    expect(beyond).toEqual({ data: [], count: catalogue.length })
    expect((await get('/directory/getWallets', { page: 1, entries: 201 })).status).toBe(400)
  })

  it('include keeps only the given ids, exclude drops them', async () => {
    const [a, b] = [catalogue[10]!, catalogue[20]!]
    const included = await wallets({ include: `${b.id},${a.id}` })
    expect(included).toEqual({ data: [a, b], count: 2 })
    const excluded = await wallets({ exclude: a.id })
    expect(excluded.count).toBe(catalogue.length - 1)
    expect(excluded.data.some((w) => w.id === a.id)).toBe(false)
  })

  it('filters by chains (any of them), badge and platform', async () => {
    const solana = await wallets({ chains: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
    expect(solana.data.map((w) => w.name)).toContain('Sunflare Wallet')
    expect(solana.data.every((w) => w.chains.includes('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))).toBe(true)
    const either = await wallets({ chains: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp,bip122:000000000019d6689c085ae165831e93' })
    expect(either.data.map((w) => w.name)).toEqual(expect.arrayContaining(['Sunflare Wallet', 'Satoshi Pocket']))
    expect(either.count).toBeGreaterThan(solana.count)

    const certified = await wallets({ badge_type: 'certified' })
    expect(certified.count).toBeGreaterThan(0)
    expect(certified.data.every((w) => w.badge_type === 'certified')).toBe(true)

    const mobile = await wallets({ platform: 'mobile', entries: 200 })
    expect(mobile.count).toBe(catalogue.filter((w) => w.mobile_link).length)
    expect(mobile.data.every((w) => w.mobile_link)).toBe(true)
    const links = await wallets({ platform: 'links', search: 'b' })
    expect(links.data.map((w) => w.name)).toContain('Browserbank Web')
    expect((await wallets({ platform: 'mobile', search: 'Browserbank' })).count).toBe(0)
    expect((await wallets({ platform: 'links', search: 'Offline Vault' })).count).toBe(0)
    expect((await wallets({ platform: 'links', search: devWalletName })).count).toBe(0)
    expect((await get('/directory/getWallets', { page: 1, entries: 1, platform: 'tablet' })).status).toBe(400)
  }, 30_000)

  it('serves a cacheable SVG per wallet image id and 404 for an unknown id', async () => {
    const wallet = catalogue.find((w) => w.name === 'Metal Pay')!
    const response = await get(`/directory/getWalletImage/${wallet.image_id}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(response.headers.get('cache-control')).toContain('max-age=')
    const svg = await response.text()
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svg).toContain('>MP</text>')
    expect(await (await get(`/directory/getWalletImage/${wallet.image_id}`)).text()).toBe(svg)

    // The development wallet's image is the key it announces (EIP-6963), not a monogram.
    const { devWalletIconSvg } = await import('../../testing/wallet/announce.ts')
    const devWallet = catalogue.find((w) => w.rdns === devWalletRdns)!
    expect(await (await get(`/directory/getWalletImage/${devWallet.image_id}`)).text()).toBe(devWalletIconSvg)

    const unknown = await get('/directory/getWalletImage/no-such-image')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ message: "No wallet image 'no-such-image'" })
    for (const path of ['/directory/public/getTokenImage/ETH', '/directory/public/getCurrencyImage/eur', `/directory/public/getAssetImage/${networkImageId('eip155:31337')}`]) {
      const image = await get(path)
      expect(image.headers.get('content-type'), path).toBe('image/svg+xml')
    }
    expect((await get('/directory/public/getTokenImage/NOPE')).status).toBe(404)
  })

  it('answers the project config, allowed origins and analytics config, overridable per project', async () => {
    expect(await getJson('/directory/appkit/v1/config')).toEqual({
      features: { email: true, socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'], swaps: true, onramp: true, activity: true, reownBranding: true, multiWallet: false, analytics: true },
    })
    api.control.setFeatures('basic-project', { email: false, socials: false, swaps: false })
    expect(await getJson('/directory/appkit/v1/config', { projectId: 'basic-project' })).toEqual({ features: { email: false, socials: false, swaps: false } })
    expect((await getJson<{ features: { email: boolean } }>('/directory/appkit/v1/config')).features.email).toBe(true)
    expect(() => api.control.setFeatures('p', { socials: ['myspace'] } as never)).toThrow(/Invalid features/)

    expect((await getJson<{ allowedOrigins: string[] }>('/directory/projects/v1/origins')).allowedOrigins).toEqual(expect.arrayContaining(['http://127.0.0.1:5173', 'http://localhost:5273']))
    api.control.setAllowedOrigins(['https://dapp.example'])
    expect(await getJson('/directory/projects/v1/origins')).toEqual({ allowedOrigins: ['https://dapp.example'] })
    expect(await getJson('/directory/getAnalyticsConfig')).toEqual({ isAnalyticsEnabled: true })
  })
})

describe('analytics', () => {
  it('records a valid event (204) and refuses an invalid one (400)', async () => {
    const accepted = await post('/analytics/e', analyticsEvent, common)
    expect(accepted.status).toBe(204)
    const invalid = await post('/analytics/e', { ...analyticsEvent, props: { type: 'track' } }, common)
    expect(invalid.status).toBe(400)
    expect(((await invalid.json()) as { message: string }).message).toMatchInlineSnapshot(`"Invalid request to sendEvent: body/props must have required property 'event'"`)
    expect(api.control.events()).toEqual([analyticsEvent])
    expect(await (await fetch(`${api.url}/__control/events`)).json()).toEqual([analyticsEvent])
  })
})

describe('request validation', () => {
  it('answers 400 naming st, sv or projectId when one is missing or empty', async () => {
    for (const [name, path, query] of [
      ['st', '/blockchain/v1/supported-chains', {}],
      ['sv', '/directory/getWallets', { page: 1, entries: 1 }],
      ['projectId', `/blockchain/v1/identity/${alice}`, {}],
      ['projectId', '/directory/getWalletImage/x', {}],
    ] as const) {
      const response = await fetch(url(path, { ...common, ...query, [name]: undefined }))
      expect(response.status, path).toBe(400)
      expect(((await response.json()) as { message: string }).message).toContain(`query parameter '${name}' is required`)
      const empty = await fetch(url(path, { ...common, ...query, [name]: '' }))
      expect(empty.status, path).toBe(400)
    }
    const noProject = await post('/analytics/e', analyticsEvent, { st: 'appkit', sv: '1' })
    expect(noProject.status).toBe(400)
    expect(await noProject.json()).toEqual({ message: "Invalid request to sendEvent: query parameter 'projectId' is required" })
  })

  it('answers 400 for a missing required parameter, a wrong type, a bad body or no body', async () => {
    const noPage = await get('/directory/getWallets', { entries: 10 })
    expect(await noPage.json()).toEqual({ message: "Invalid request to getWallets: query parameter 'page' is required" })
    const notInteger = await get('/directory/getWallets', { page: 'one', entries: 10 })
    expect(await notInteger.json()).toEqual({ message: "Invalid request to getWallets: query parameter 'page' must be integer" })
    const badEnum = await get('/directory/getWallets', { page: 1, entries: 10, badge_type: 'gold' })
    expect(((await badEnum.json()) as { message: string }).message).toContain(`query parameter 'badge_type' must be equal to one of the allowed values ("none", "certified")`)
    const badBody = await post('/blockchain/v1/fungible/price', { currency: 'eur', addresses: 'x' })
    expect(badBody.status).toBe(400)
    expect(((await badBody.json()) as { message: string }).message).toMatchInlineSnapshot(
      `"Invalid request to getTokenPrices: body must have required property 'projectId'; body/currency must be equal to constant ("usd"); body/addresses must be array"`,
    )
    const notJson = await fetch(url('/analytics/e', common), { method: 'POST', body: '{nope' })
    expect(await notJson.json()).toEqual({ message: 'The request body is not valid JSON' })
    const noBody = await fetch(url('/analytics/e', common), { method: 'POST' })
    expect(await noBody.json()).toEqual({ message: 'Invalid request to sendEvent: a JSON body is required' })
  })

  it('answers 404 for an unknown path and 405 for a known path with another method', async () => {
    const unknown = await get('/directory/nope')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ message: 'No route GET /directory/nope' })
    expect((await get('/getWallets')).status).toBe(404)
    const wrongMethod = await post('/directory/getWallets', {})
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get('allow')).toBe('GET')
  })

  it('answers CORS preflights and allows any origin', async () => {
    const preflight = await fetch(`${api.url}/analytics/e`, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type')
    expect((await get('/nope')).headers.get('access-control-allow-origin')).toBe('*')
  })
})

describe('response validation', () => {
  it('answers 500 and logs when the server itself breaks the contract', async () => {
    const broken = defaultDataset()
    const buggy = await startApiServer({ port: 0, chains: [], dataset: { wallets: [{ ...broken.wallets[0]!, chains: 'eip155:1' as never }] } })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const response = await fetch(`${buggy.url}/directory/getWallets?page=1&entries=1&st=a&sv=b&projectId=c`)
      expect(response.status).toBe(500)
      expect(await response.json()).toEqual({ message: 'The reference API broke its contract on getWallets (HTTP 200): response/data/0/chains must be array' })
      expect(errors).toHaveBeenCalledWith(expect.stringContaining('broke its contract on getWallets'))
    } finally {
      errors.mockRestore()
      await buggy.stop()
    }
  })

  it('listens on loopback only', async () => {
    await expect(startApiServer({ port: 0, host: '0.0.0.0', chains: [] })).rejects.toThrow(RangeError)
  })
})

describe('control modes', () => {
  const walletsPath = '/directory/getWallets'
  const walletsQuery = { page: 1, entries: 5 }

  it('slow delays the answer by delayMs, then answers normally', async () => {
    api.control.set({ mode: 'slow', delayMs: 400 })
    const started = performance.now()
    const body = await getJson<WalletsPage>(walletsPath, walletsQuery)
    expect(performance.now() - started).toBeGreaterThanOrEqual(390)
    expect(body.data).toHaveLength(5)
  })

  it('status answers 403, 429, 500 and 503 with { message }', async () => {
    for (const status of [403, 429, 500, 503]) {
      api.control.set({ mode: 'status', status })
      const response = await get('/directory/projects/v1/origins')
      expect(response.status).toBe(status)
      expect(await response.json()).toEqual({ message: `Simulated HTTP ${status} (reference API control mode 'status')` })
      const analytics = await post('/analytics/e', analyticsEvent, common)
      expect(analytics.status).toBe(status)
    }
    expect(api.control.events()).toEqual([])
    expect(() => api.control.set({ mode: 'status', status: 200 })).toThrow(/from 400 to 599/)
  })

  it('malformed answers 200 with JSON that does not match the contract', async () => {
    api.control.set({ mode: 'malformed' })
    const cases = [
      ['getWallets', walletsPath, walletsQuery],
      ['getBalances', `/blockchain/v1/account/${alice}/balance`, { currency: 'usd', chainId: 'eip155:31337' }],
      ['getIdentity', `/blockchain/v1/identity/${alice}`, {}],
      ['getProjectConfig', '/directory/appkit/v1/config', {}],
      ['reverseLookupName', `/blockchain/v1/profile/reverse/${alice}`, { apiVersion: '2' }],
      ['getHistory', `/blockchain/v1/account/${alice}/history`, { chainId: 'eip155:31337' }],
    ] as const
    for (const [operationId, path, query] of cases) {
      const response = await get(path, query)
      expect(response.status, operationId).toBe(200)
      const body = (await response.json()) as unknown
      expect(matchesContract(operationId, body), `${operationId}: ${JSON.stringify(body)}`).toBe(false)
    }
    const event = await post('/analytics/e', analyticsEvent, common)
    expect(event.status).toBe(200)
    expect(await event.json()).toEqual({ malformed: true })
  })

  it('garbage answers 200 with a body that is not JSON', async () => {
    api.control.set({ mode: 'garbage' })
    const response = await get(walletsPath, walletsQuery)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json')
    const text = await response.text()
    expect(() => JSON.parse(text)).toThrow(SyntaxError)
  })

  it('paths limits the misbehaviour to routes starting with one of the prefixes', async () => {
    api.control.set({ mode: 'status', status: 503, paths: [walletsPath] })
    expect((await get(walletsPath, walletsQuery)).status).toBe(503)
    expect((await get('/directory/appkit/v1/config')).status).toBe(200)
    api.control.set({ mode: 'garbage', paths: ['/blockchain'] })
    const garbage = await (await get('/blockchain/v1/supported-chains')).text()
    expect(() => JSON.parse(garbage)).toThrow(SyntaxError)
    expect((await getJson<WalletsPage>(walletsPath, walletsQuery)).data).toHaveLength(5)
    api.control.set({ mode: 'slow', delayMs: 1_000, paths: ['/blockchain/v1/identity'] })
    const started = performance.now()
    await getJson(walletsPath, walletsQuery)
    expect(performance.now() - started).toBeLessThan(900)
  })

  it('still validates requests first: a bad request is 400 whatever the mode', async () => {
    api.control.set({ mode: 'status', status: 503 })
    expect((await fetch(url(walletsPath, walletsQuery))).status).toBe(400)
  })

  it('works over HTTP for Playwright: POST /__control, GET /__control, reset, features, origins', async () => {
    const set = await fetch(`${api.url}/__control`, { method: 'POST', body: JSON.stringify({ mode: 'status', status: 429, paths: ['/directory'] }) })
    expect(await set.json()).toEqual({ behaviour: { mode: 'status', status: 429, paths: ['/directory'] } })
    expect((await get(walletsPath, walletsQuery)).status).toBe(429)
    expect(api.control.behaviour()).toEqual({ mode: 'status', status: 429, paths: ['/directory'] })

    const invalid = await fetch(`${api.url}/__control`, { method: 'POST', body: JSON.stringify({ mode: 'sleepy' }) })
    expect(invalid.status).toBe(400)
    expect(await invalid.json()).toEqual({ message: 'Unknown mode "sleepy"; use one of normal, slow, status, malformed, garbage' })

    const features = await fetch(`${api.url}/__control/features`, { method: 'POST', body: JSON.stringify({ projectId: 'no-email', features: { email: false } }) })
    expect(features.status).toBe(200)
    const origins = await fetch(`${api.url}/__control/origins`, { method: 'POST', body: JSON.stringify({ allowedOrigins: [] }) })
    expect(origins.status).toBe(200)

    expect((await fetch(`${api.url}/__control/reset`, { method: 'POST' })).status).toBe(200)
    expect(await (await fetch(`${api.url}/__control`)).json()).toEqual({ behaviour: { mode: 'normal' } })
    expect((await get(walletsPath, walletsQuery)).status).toBe(200)
    expect(await getJson('/directory/appkit/v1/config', { projectId: 'no-email' })).toEqual({ features: dataset.features })
    expect((await fetch(`${api.url}/__control/nope`)).status).toBe(404)
  })
})

describe('shared server of the global setup', () => {
  // Other test files switch its modes: only the control routes, which never misbehave, are asserted here.
  it('is provided as apiUrl on loopback and answers its control route', async () => {
    expect(inject('apiUrl')).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const response = await fetch(`${inject('apiUrl')}/__control`)
    expect(response.status).toBe(200)
    expect(await response.json()).toHaveProperty('behaviour.mode')
  })
})
