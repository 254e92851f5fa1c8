import { describe, expect, test } from 'vitest'
import { timing } from '../machines/timing.ts'
import { blockchainCacheTtl, createBlockchainApi } from './blockchain.ts'
import { createMemoryStorage, createStorage } from './storage.ts'

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const answers: Record<string, unknown> = {
  balance: { balances: [{ name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 10, price: 2, quantity: { decimals: '18', numeric: '5' } }] },
  identity: { name: 'bob.reown.id', avatar: null },
  account: { name: 'bob.reown.id', addresses: { '60': { address } } },
}

/** A fetch that answers the three cached calls and counts the requests by path segment. */
function countingFetch() {
  const seen: string[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(new Request(input, init).url)
    const kind = url.pathname.includes('/balance') ? 'balance' : url.pathname.includes('/identity/') ? 'identity' : 'account'
    seen.push(kind)
    return new Response(JSON.stringify(answers[kind]), { headers: { 'content-type': 'application/json' } })
  }
  return { seen, fetch }
}

describe('blockchain API caches', () => {
  test('spec §3 §9: caches in storage: a reload within the lifetimes (portfolio 30 s, identity and names 5 min) sends no request', async () => {
    const raw = createMemoryStorage()
    let t = 0
    const { seen, fetch } = countingFetch()
    const make = () => createBlockchainApi({ baseUrl: 'http://api.test/blockchain', projectId: 'p', fetch, now: () => t, storage: createStorage({ storage: raw }) })
    const read = async (api: ReturnType<typeof make>) => [await api.getBalances({ address, chainId: 'eip155:1' }), await api.getIdentity({ address }), await api.lookupName({ name: 'bob.reown.id' })]
    const first = await read(make())
    expect(seen).toEqual(['balance', 'identity', 'account'])
    expect(Object.keys(raw.dump()).sort()).toEqual(['@latchkey/identity_cache', '@latchkey/name_cache', '@latchkey/portfolio_cache'])
    // The page reloads: a new client on the same storage, 29 s later.
    t = 29_999
    expect(await read(make())).toEqual(first)
    expect(seen).toHaveLength(3)
    // 30 s: the portfolio is read again; identity and name are still stored.
    t = 30_000
    await read(make())
    expect(seen).toEqual(['balance', 'identity', 'account', 'balance'])
    // 5 min: everything again.
    t = 300_000
    await read(make())
    expect(seen.slice(4)).toEqual(['balance', 'identity', 'account'])
  })

  test('spec §3 §9: caches in storage: a malformed stored portfolio is dropped and fetched again; force bypasses it', async () => {
    const raw = createMemoryStorage({
      '@latchkey/portfolio_cache': JSON.stringify({ [`${address.toLowerCase()}|eip155:1`]: { value: [{ name: 'Ether', value: -1 }], expires: 1e15 } }),
    })
    const { seen, fetch } = countingFetch()
    const api = createBlockchainApi({ baseUrl: 'http://api.test/blockchain', projectId: 'p', fetch, storage: createStorage({ storage: raw }) })
    expect(await api.getBalances({ address, chainId: 'eip155:1' })).toHaveLength(1)
    expect(seen).toEqual(['balance'])
    await api.getBalances({ address, chainId: 'eip155:1', force: true })
    expect(seen).toEqual(['balance', 'balance'])
  })

  test('spec §9: the cache lifetimes are the timing constants', () => {
    expect(blockchainCacheTtl).toEqual({ identity: timing.identityTtl, balances: timing.portfolioTtl, names: timing.nameCacheTtl })
    expect([timing.portfolioTtl, timing.nativeBalanceTtl, timing.nameCacheTtl, timing.identityTtl]).toEqual([30_000, 30_000, 300_000, 300_000])
  })
})
