// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { createMemoryStorage, createStorage } from './storage.ts'
import { readTabChanges, watchOtherTabs, type StorageChangeEvent, type TabChange } from './tabSync.ts'

const key = (k: string) => `@latchkey/${k}`
/** This tab's storage with the eip155 connector stored (as the other tab left it). */
function setup() {
  const area = createMemoryStorage()
  const storage = createStorage({ storage: area })
  storage.setConnectedConnectorId('eip155', 'io.dev')
  return { area, storage, read: (event: StorageChangeEvent) => readTabChanges({ event, storage, storageArea: area }) }
}

describe('tabSync: what another tab stored', () => {
  test('behavior: a stored connector is a connection; its removal is a disconnection', () => {
    const { read } = setup()
    expect(read({ key: key('eip155:connected_connector_id'), newValue: '"io.dev"' })).toEqual([{ type: 'connected', namespace: 'eip155', connectorId: 'io.dev' }])
    expect(read({ key: key('solana:connected_connector_id'), newValue: null })).toEqual([{ type: 'disconnected', namespace: 'solana' }])
  })

  test("behavior: the connections key gives each namespace's current account (first) of its connected connector", () => {
    const { read } = setup()
    const connections = {
      eip155: [
        { connectorId: 'other', accounts: [{ address: '0xOther' }] },
        { connectorId: 'io.dev', accounts: [{ address: '0xB' }, { address: '0xA' }] },
      ],
      solana: [{ connectorId: 'x', accounts: [{ address: 'S' }] }],
    }
    expect(read({ key: key('connections'), newValue: JSON.stringify(connections) })).toEqual([{ type: 'account', namespace: 'eip155', connectorId: 'io.dev', address: '0xB' }])
    // The connector left the list (a disconnection): no account.
    expect(read({ key: key('connections'), newValue: JSON.stringify({ eip155: [] }) })).toEqual([])
  })

  test("bad input: a malformed connection among the stored ones is passed over alone: the connected connector's account is still read", () => {
    const { read } = setup()
    const connections = {
      eip155: [{ connectorId: 42, accounts: 'x' }, { connectorId: 'other' }, { connectorId: 'io.dev', accounts: [{ nope: 1 }, { address: '0xB' }] }],
      solana: 'not a list',
    }
    expect(read({ key: key('connections'), newValue: JSON.stringify(connections) })).toEqual([{ type: 'account', namespace: 'eip155', connectorId: 'io.dev', address: '0xB' }])
  })

  test('behavior: the active network is a CAIP-2 id; its removal changes nothing', () => {
    const { read } = setup()
    expect(read({ key: key('active_caip_network_id'), newValue: '"eip155:31338"' })).toEqual([{ type: 'network', caipNetworkId: 'eip155:31338' }])
    expect(read({ key: key('active_caip_network_id'), newValue: null })).toEqual([])
  })

  test.each([
    ['bad JSON connector', key('eip155:connected_connector_id'), '{not json'],
    ['empty connector', key('eip155:connected_connector_id'), '""'],
    ['connector not a string', key('eip155:connected_connector_id'), '42'],
    ['namespace not a namespace', key('EIP 155!:connected_connector_id'), '"io.dev"'],
    ['connections not a record of lists', key('connections'), '{"eip155":{"connectorId":"io.dev"}}'],
    ['connections with an empty address', key('connections'), '{"eip155":[{"connectorId":"io.dev","accounts":[{"address":""}]}]}'],
    ['connections bad JSON', key('connections'), '[['],
    ['connections removed', key('connections'), null],
    ['network not CAIP-2', key('active_caip_network_id'), '"mainnet"'],
    ['network not JSON', key('active_caip_network_id'), 'eip155:1'],
    ['another key of ours', key('recent_wallets'), '[]'],
    ["another library's key", 'wagmi.store', '{}'],
    ["another instance's prefix", '@other/eip155:connected_connector_id', '"io.dev"'],
    ['storage cleared (no key)', null, null],
  ] as const)('bad input: %s is ignored, and nothing is removed for it', (_, k, newValue) => {
    const { read, area } = setup()
    const before = JSON.stringify((area as ReturnType<typeof createMemoryStorage>).dump())
    expect(read({ key: k, newValue })).toEqual([])
    expect(JSON.stringify((area as ReturnType<typeof createMemoryStorage>).dump())).toBe(before)
  })

  test('bad input: an event of another storage area (sessionStorage) is ignored', () => {
    const { storage, area } = setup()
    expect(readTabChanges({ event: { key: key('eip155:connected_connector_id'), newValue: '"io.dev"', storageArea: createMemoryStorage() }, storage, storageArea: area })).toEqual([])
  })

  test("behavior: watchOtherTabs reports each change of the window's storage events, in order, until stopped", () => {
    const { storage, area } = setup()
    const changes: TabChange[] = []
    const stop = watchOtherTabs({ target: window as never, storage, storageArea: area, onChange: (c) => changes.push(c) })
    const fire = (k: string, newValue: string | null) => window.dispatchEvent(Object.assign(new Event('storage'), { key: k, newValue, storageArea: area }))
    fire(key('eip155:connected_connector_id'), '"io.dev"')
    fire(key('eip155:connected_connector_id'), 'junk')
    fire(key('active_caip_network_id'), '"eip155:1"')
    stop()
    fire(key('eip155:connected_connector_id'), null)
    expect(changes).toEqual([
      { type: 'connected', namespace: 'eip155', connectorId: 'io.dev' },
      { type: 'network', caipNetworkId: 'eip155:1' },
    ])
  })

  test('behavior: two watchers (two modals on one page) each hear only their own prefix', () => {
    const area = createMemoryStorage()
    const one: TabChange[] = []
    const two: TabChange[] = []
    const stopOne = watchOtherTabs({ target: window as never, storage: createStorage({ storage: area }), storageArea: area, onChange: (c) => one.push(c) })
    const stopTwo = watchOtherTabs({ target: window as never, storage: createStorage({ storage: area, prefix: '@two/' }), prefix: '@two/', storageArea: area, onChange: (c) => two.push(c) })
    window.dispatchEvent(Object.assign(new Event('storage'), { key: '@two/eip155:connected_connector_id', newValue: null, storageArea: area }))
    stopOne()
    stopTwo()
    expect(one).toEqual([])
    expect(two).toEqual([{ type: 'disconnected', namespace: 'eip155' }])
  })
})
