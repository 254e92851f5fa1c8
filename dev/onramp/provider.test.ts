import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startApiServer } from '../api/server.ts'
import type { ApiServer } from '../api/server.ts'
import { TREASURY_ADDRESS, createOnrampLedger, startOnrampProvider } from './provider.ts'
import type { OnrampProvider } from './provider.ts'

const rpc1 = inject('anvilRpc1')
const common = 'st=appkit&sv=1&projectId=p'
let api: ApiServer
let provider: OnrampProvider
const ledger = createOnrampLedger()
const reader = createPublicClient({ transport: http(rpc1) })

beforeAll(async () => {
  provider = await startOnrampProvider({ port: 0, chains: [{ chainId: 31337, rpcUrl: rpc1 }], ledger })
  api = await startApiServer({ port: 0, chains: [{ chainId: 31337, rpcUrl: rpc1 }], dataset: { onrampCheckoutUrl: provider.url }, onrampLedger: ledger })
})
afterAll(async () => {
  await api.stop()
  await provider.stop()
})

const post = (path: string, body: unknown) => fetch(`${api.url}/blockchain${path}?projectId=p`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
const order = (address: string, extra: Record<string, unknown> = {}) => ({
  destinationWallets: [{ address, blockchains: ['anvil'], assets: ['ETH'] }],
  defaultNetwork: 'anvil',
  partnerUserId: 'visitor-1',
  defaultExperience: 'buy',
  presetFiatAmount: 50,
  presetFiatCurrency: 'USD',
  presetCryptoAmount: 0.01625,
  provider: 'meld',
  ...extra,
})
const form = (url: string) => new URL(url).searchParams.toString()

describe('development on-ramp provider', () => {
  it('the on-ramp URL opens its checkout with the order; Pay sends the quoted ETH from the treasury and history with onramp lists it', async () => {
    const buyer = privateKeyToAccount(generatePrivateKey()).address
    const generated = await post('/v1/generators/onrampurl', order(buyer))
    expect(generated.status).toBe(200)
    const { url } = (await generated.json()) as { url: string }
    expect(url.startsWith(`${provider.url}/checkout?`)).toBe(true)
    const page = await (await fetch(url)).text()
    expect(page).toContain('0.01625000 ETH')
    expect(page).toContain('50.00 USD')
    expect(page).toContain(buyer)
    expect(page).toContain('Anvil Local')

    const paid = await fetch(`${provider.url}/checkout/pay`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form(url) })
    expect(paid.status).toBe(200)
    expect(await reader.getBalance({ address: buyer })).toBe(parseEther('0.01625'))

    const history = (await (await fetch(`${api.url}/blockchain/v1/account/${buyer}/history?${common}&chainId=eip155:31337&onramp=meld`)).json()) as {
      data: Array<{ metadata: { status: string; hash: string; operationType: string }; transfers: Array<{ quantity: { numeric: string }; direction: string }> }>
    }
    expect(history.data).toHaveLength(1)
    expect(history.data[0]?.metadata.status).toBe('confirmed')
    expect(history.data[0]?.transfers[0]).toMatchObject({ direction: 'in', quantity: { numeric: '0.01625000' } })
    const receipt = await reader.getTransactionReceipt({ hash: history.data[0]?.metadata.hash as `0x${string}` })
    expect(receipt.to?.toLowerCase()).toBe(buyer.toLowerCase())
    // Another provider sold nothing to this buyer; the plain history reads the same transfer from the chain.
    const other = (await (await fetch(`${api.url}/blockchain/v1/account/${buyer}/history?${common}&chainId=eip155:31337&onramp=coinbase`)).json()) as { data: unknown[] }
    expect(other.data).toEqual([])
    const plain = (await (await fetch(`${api.url}/blockchain/v1/account/${buyer}/history?${common}&chainId=eip155:31337`)).json()) as { data: Array<{ metadata: { hash: string } }> }
    expect(plain.data.map((t) => t.metadata.hash)).toContain(history.data[0]?.metadata.hash)
  })

  it('without a crypto amount the order is the fiat amount at the price (ETH 3000 USD)', async () => {
    const buyer = privateKeyToAccount(generatePrivateKey()).address
    const { presetCryptoAmount: _, ...withoutCrypto } = order(buyer)
    const { url } = (await (await post('/v1/generators/onrampurl', withoutCrypto)).json()) as { url: string }
    expect(new URL(url).searchParams.get('amount')).toBe((50 / 3000).toFixed(8))
  })

  it('Cancel sends nothing and records nothing', async () => {
    const buyer = privateKeyToAccount(generatePrivateKey()).address
    const { url } = (await (await post('/v1/generators/onrampurl', order(buyer, { provider: 'coinbase' }))).json()) as { url: string }
    const cancelled = await fetch(`${provider.url}/checkout/cancel`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form(url) })
    expect(cancelled.status).toBe(200)
    expect(await cancelled.text()).toContain('Purchase cancelled')
    expect(await reader.getBalance({ address: buyer })).toBe(0n)
    expect(ledger.list({ address: buyer, provider: 'coinbase' })).toEqual([])
  })

  it.each([
    ['an unknown provider', { provider: 'acme' }, /Unknown on-ramp provider 'acme'/],
    ['a network the currency is not sold on', { defaultNetwork: 'solana' }, /cannot be bought on network 'solana'/],
    ['no fiat amount', { presetFiatAmount: 0 }, /presetFiatAmount/],
    ['no destination', { destinationWallets: [] }, /destinationWallets is empty/],
  ])('the on-ramp URL of an order with %s is a 400', async (_, extra, message) => {
    const response = await post('/v1/generators/onrampurl', order('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', extra))
    expect(response.status).toBe(400)
    expect(((await response.json()) as { message: string }).message).toMatch(message)
  })

  it('history with an unknown onramp provider is a 400', async () => {
    const response = await fetch(`${api.url}/blockchain/v1/account/0x70997970C51812dc3A010C7d01b50e0d17dc79C8/history?${common}&onramp=acme`)
    expect(response.status).toBe(400)
  })

  it.each([
    ['an unknown provider', { provider: 'acme' }],
    ['a malformed address', { address: '0x123' }],
    ['a chain it does not deliver on', { chainId: '1' }],
    ['a negative amount', { amount: '-1' }],
  ])('the checkout refuses %s (400) and Pay sends nothing', async (_, change) => {
    const params = new URLSearchParams({ provider: 'meld', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainId: '31337', amount: '0.01', fiat: '50', fiatCurrency: 'USD', ...change })
    expect((await fetch(`${provider.url}/checkout?${params.toString()}`)).status).toBe(400)
    // The anvil is shared with other files: the treasury's nonce, not the block number, shows that nothing was sent.
    const before = await reader.getTransactionCount({ address: TREASURY_ADDRESS, blockTag: 'pending' })
    const paid = await fetch(`${provider.url}/checkout/pay`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: params.toString() })
    expect(paid.status).toBe(400)
    expect(await reader.getTransactionCount({ address: TREASURY_ADDRESS, blockTag: 'pending' })).toBe(before)
  })

  it('the quote has amounts from the price and a provider fee of 1–2 % of the subtotal', async () => {
    const response = await post('/v1/onramp/quote', { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '50', network: 'anvil' })
    const quote = (await response.json()) as Record<string, { amount: string }>
    expect(Number(quote.purchaseAmount?.amount)).toBeCloseTo(50 / 3000, 8)
    const fee = Number(quote.coinbaseFee?.amount) / 50
    expect(fee).toBeGreaterThanOrEqual(0.01)
    expect(fee).toBeLessThanOrEqual(0.02)
    expect(Number(quote.paymentTotal?.amount)).toBeCloseTo(50 + Number(quote.coinbaseFee?.amount) + Number(quote.networkFee?.amount), 2)
  })
})
