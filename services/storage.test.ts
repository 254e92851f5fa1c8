import { describe, expect, test } from 'vitest'
import * as v from 'valibot'
import { balanceSummarySchema, connectorStatus, createMemoryStorage, createStorage, storagePrefix } from './storage.ts'
import { ForeignError } from '../tests/harness/failures.ts'

function setup(initial: Record<string, string> = {}) {
  const raw = createMemoryStorage(initial)
  return { raw, storage: createStorage({ storage: raw }) }
}

describe('storage', () => {
  test('behavior: every key is under the one prefix', () => {
    const { raw, storage } = setup()
    storage.setActiveNetworkId('eip155:1')
    storage.setConnectedConnectorId('eip155', 'io.metamask')
    expect(Object.keys(raw.dump()).every((k) => k.startsWith(storagePrefix))).toBe(true)
    expect(raw.dump()).toEqual({
      '@latchkey/active_caip_network_id': '"eip155:1"',
      '@latchkey/eip155:connected_connector_id': '"io.metamask"',
    })
  })

  test('behavior: connections merge accounts without case-insensitive duplicates', () => {
    const { storage } = setup()
    storage.addConnection('eip155', 'w', [{ address: '0xAbC' }])
    storage.addConnection('eip155', 'w', [{ address: '0xabc' }, { address: '0xDef' }])
    expect(storage.getConnections()).toEqual({ eip155: [{ connectorId: 'w', accounts: [{ address: '0xabc' }, { address: '0xDef' }] }] })
  })

  test("behavior: the account given last leads its connector's list (the current account, read by the other tabs)", () => {
    const { storage } = setup()
    storage.addConnection('eip155', 'w', [{ address: '0x1' }])
    storage.addConnection('eip155', 'w', [{ address: '0x2' }])
    expect(storage.getConnections().eip155?.[0]?.accounts).toEqual([{ address: '0x2' }, { address: '0x1' }])
    storage.addConnection('eip155', 'w', [{ address: '0x1' }])
    expect(storage.getConnections().eip155?.[0]?.accounts).toEqual([{ address: '0x1' }, { address: '0x2' }])
  })

  test('behavior: the auth connector replaces its account list', () => {
    const { storage } = setup()
    storage.addConnection('eip155', 'AUTH', [{ address: '0x1' }])
    storage.addConnection('eip155', 'AUTH', [{ address: '0x2' }], { replace: true })
    expect(storage.getConnections().eip155).toEqual([{ connectorId: 'AUTH', accounts: [{ address: '0x2' }] }])
  })

  test('behavior: connectors with no accounts left are removed', () => {
    const { storage } = setup()
    storage.addConnection('eip155', 'w', [{ address: '0x1' }])
    storage.addConnection('eip155', 'w', [], { replace: true })
    expect(storage.getConnections().eip155).toEqual([])
  })

  test('behavior: recent wallets keeps 2, newest first, without duplicates', () => {
    const { storage } = setup()
    storage.addRecentWallet({ id: 'a', name: 'A' })
    storage.addRecentWallet({ id: 'b', name: 'B' })
    storage.addRecentWallet({ id: 'a', name: 'A' })
    storage.addRecentWallet({ id: 'c', name: 'C' })
    expect(storage.getRecentWallets().map((w) => w.id)).toEqual(['c', 'a'])
  })

  test('behavior: malformed or foreign values are ignored and removed, never thrown', () => {
    const { raw, storage } = setup({
      '@latchkey/connections': '{not json',
      '@latchkey/recent_wallets': '[{"id":42}]',
      '@latchkey/eip155:connected_connector_id': '{"evil":true}',
      '@latchkey/connection_status': '"teleporting"',
      '@latchkey/active_caip_network_id': '""',
    })
    expect(storage.getConnections()).toEqual({})
    expect(storage.getRecentWallets()).toEqual([])
    expect(storage.getConnectedConnectorId('eip155')).toBeUndefined()
    expect(storage.getConnectionStatus()).toBeUndefined()
    expect(storage.getActiveNetworkId()).toBeUndefined()
    expect(raw.dump()).toEqual({})
    storage.addConnection('eip155', 'w', [{ address: '0x1' }])
    expect(storage.getConnections().eip155).toHaveLength(1)
  })

  test('bad input: a malformed stored connection drops alone (multi-wallet keeps the others); the key is rewritten without it', () => {
    const good = { connectorId: 'io.metamask', accounts: [{ address: '0x1' }] }
    const { raw, storage } = setup({
      '@latchkey/connections': JSON.stringify({
        eip155: [
          { connectorId: '', accounts: [{ address: '0x9' }] },
          good,
          { connectorId: 'no.accounts' },
          'a string',
          { connectorId: 'some.bad', accounts: [{ address: '0x2' }, { address: 42 }, null] },
          { connectorId: 'all.bad', accounts: [{ address: '' }] },
        ],
        solana: { not: 'a list' },
        bip122: [],
      }),
    })
    const expected = { eip155: [good, { connectorId: 'some.bad', accounts: [{ address: '0x2' }] }], bip122: [] }
    expect(storage.getConnections()).toEqual(expected)
    expect(JSON.parse(raw.dump()['@latchkey/connections']!)).toEqual(expected)
    // A well-formed value is read as it is, not rewritten.
    const { raw: clean, storage: cleanStorage } = setup({ '@latchkey/connections': JSON.stringify({ eip155: [good] }) })
    const written: string[] = []
    const setItem = clean.setItem
    clean.setItem = (k, value) => {
      written.push(k)
      setItem(k, value)
    }
    expect(cleanStorage.getConnections()).toEqual({ eip155: [good] })
    expect(written).toEqual([])
  })

  test('behavior: a storage that throws (disabled, full) is tolerated', () => {
    const throwing = {
      getItem: () => {
        throw new ForeignError('SecurityError')
      },
      setItem: () => {
        throw new ForeignError('QuotaExceededError')
      },
      removeItem: () => {
        throw new ForeignError('SecurityError')
      },
    }
    const storage = createStorage({ storage: throwing })
    expect(() => storage.addConnection('eip155', 'w', [{ address: '0x1' }])).not.toThrow()
    expect(storage.getConnections()).toEqual({})
  })

  test('behavior: clearConnections drops every stored connection', () => {
    const { storage } = setup()
    storage.addConnection('eip155', 'w', [{ address: '0x1' }])
    storage.setConnectionStatus('connected')
    storage.addConnectedNamespace('eip155')
    storage.clearConnections()
    expect(storage.getConnections()).toEqual({})
    expect(storage.getConnectionStatus()).toBeUndefined()
    expect(storage.getConnectedNamespaces()).toEqual([])
  })

  test('behavior: connector status is connected for the active connector, active when stored, else disconnected', () => {
    const connections = { eip155: [{ connectorId: 'b', accounts: [{ address: '0x1' }] }] }
    expect(connectorStatus('a', 'eip155', 'a', connections)).toBe('connected')
    expect(connectorStatus('b', 'eip155', 'a', connections)).toBe('active')
    expect(connectorStatus('c', 'eip155', 'a', connections)).toBe('disconnected')
  })

  test('spec §3 §9: caches in storage: each cache has its key; a malformed or expired entry is dropped, the others kept', () => {
    const { raw, storage } = setup({
      '@latchkey/balance_cache': JSON.stringify({
        'eip155|1|0xa': { value: { value: '10', decimals: 18, symbol: 'ETH' }, expires: 2_000 },
        'eip155|1|0xb': { value: { value: '-1', decimals: 18, symbol: 'ETH' }, expires: 2_000 },
        'eip155|1|0xc': { value: { value: '5', decimals: 18, symbol: 'ETH' }, expires: 500 },
        'eip155|1|0xd': 'garbage',
      }),
    })
    const balances = storage.cache('balanceCache', balanceSummarySchema)
    expect(balances.get('eip155|1|0xa', 1_000)).toEqual({ value: { value: '10', decimals: 18, symbol: 'ETH' }, expires: 2_000 })
    expect(balances.get('eip155|1|0xb', 1_000)).toBeUndefined()
    expect(balances.get('eip155|1|0xc', 1_000)).toBeUndefined()
    expect(Object.keys(JSON.parse(raw.dump()['@latchkey/balance_cache']!))).toEqual(['eip155|1|0xa'])
    storage.cache('portfolioCache', v.array(v.string())).set('0xa|eip155:1', ['x'], 31_000, 1_000)
    storage.cache('nameCache', v.string()).set('name|bob', 'bob', 301_000, 1_000)
    expect(Object.keys(raw.dump()).sort()).toEqual(['@latchkey/balance_cache', '@latchkey/name_cache', '@latchkey/portfolio_cache'])
    balances.delete('eip155|1|0xa', 1_000)
    expect(raw.dump()['@latchkey/balance_cache']).toBeUndefined()
  })

  test('spec §3 §4 §6: preferred account types: stored per namespace under preferred_account_types, defaults bip122 payment, eip155 smartAccount, polkadot eoa, solana eoa', () => {
    const { raw, storage } = setup()
    expect(['bip122', 'eip155', 'polkadot', 'solana'].map((ns) => storage.getPreferredAccountType(ns))).toEqual(['payment', 'smartAccount', 'eoa', 'eoa'])
    storage.setPreferredAccountType('eip155', 'eoa')
    storage.setPreferredAccountType('bip122', 'ordinals')
    expect(raw.dump()).toEqual({ '@latchkey/preferred_account_types': '{"eip155":"eoa","bip122":"ordinals"}' })
    expect(storage.getPreferredAccountType('eip155')).toBe('eoa')
    expect(storage.getPreferredAccountType('solana')).toBe('eoa')
    expect(storage.getPreferredAccountTypes()).toEqual({ eip155: 'eoa', bip122: 'ordinals' })
    expect(() => storage.setPreferredAccountType('eip155', 'payment')).toThrowErrorMatchingInlineSnapshot(`[TypeError: Invalid account type "payment" for the eip155 namespace]`)
  })

  test('spec §3: smart-account-enabled networks are stored under smart_account_enabled_networks; a malformed value is dropped and removed', () => {
    const { raw, storage } = setup()
    expect(storage.getSmartAccountEnabledNetworks()).toBeUndefined()
    storage.setSmartAccountEnabledNetworks([1, 8453, 1])
    expect(raw.dump()).toEqual({ '@latchkey/smart_account_enabled_networks': '[1,8453]' })
    expect(storage.getSmartAccountEnabledNetworks()).toEqual([1, 8453])
    for (const malformed of ['{"1":true}', '[1,"8453"]', '[0]', '[1.5]', '[-1]', 'not json', '"1"']) {
      const { raw: bad, storage: read } = setup({ '@latchkey/smart_account_enabled_networks': malformed })
      expect(read.getSmartAccountEnabledNetworks()).toBeUndefined()
      expect(bad.dump()).toEqual({})
    }
  })

  test('spec §3 §6: preferred account types: a malformed stored value is dropped, the valid ones kept', () => {
    const { raw, storage } = setup({ '@latchkey/preferred_account_types': JSON.stringify({ eip155: 'eoa', solana: 'teleport', bip122: 'smartAccount', polkadot: 7 }) })
    expect(storage.getPreferredAccountTypes()).toEqual({ eip155: 'eoa' })
    expect(storage.getPreferredAccountType('bip122')).toBe('payment')
    expect(raw.dump()).toEqual({ '@latchkey/preferred_account_types': '{"eip155":"eoa"}' })
    raw.setItem('@latchkey/preferred_account_types', '["eoa"]')
    expect(storage.getPreferredAccountType('eip155')).toBe('smartAccount')
    expect(raw.dump()).toEqual({})
  })
})
