// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { createActor, createMachine, type EventObject } from 'xstate'
import { createMemoryStorage, createStorage } from '../services/storage.ts'
import { otherTabsActor } from './createModal.tabs.ts'

/** Runs the `watchTabs` actor under a parent that records what it sends back. */
function run(parameters: Parameters<typeof otherTabsActor>[0]) {
  const received: EventObject[] = []
  const parent = createActor(createMachine({ invoke: { src: 'watchTabs' }, on: { '*': { actions: ({ event }) => void received.push(event) } } }, { actors: { watchTabs: otherTabsActor(parameters) } } as never)).start()
  return { received, stop: () => parent.stop() }
}
const fire = (key: string, newValue: string | null, storageArea: unknown) => window.dispatchEvent(Object.assign(new Event('storage'), { key, newValue, storageArea }))

describe("otherTabsActor (the root's watchTabs)", () => {
  test("behavior: sends each change of this instance's storage as a tabs.* event, until the root stops", () => {
    const area = createMemoryStorage()
    const storage = createStorage({ storage: area })
    storage.setConnectedConnectorId('eip155', 'io.dev')
    const { received, stop } = run({ enabled: true, storage, ownStorage: area })
    fire('@latchkey/eip155:connected_connector_id', '"io.dev"', area)
    fire('@latchkey/connections', JSON.stringify({ eip155: [{ connectorId: 'io.dev', accounts: [{ address: '0xB' }] }] }), area)
    fire('@latchkey/active_caip_network_id', '"eip155:31338"', area)
    fire('@latchkey/eip155:connected_connector_id', null, area)
    stop()
    fire('@latchkey/eip155:connected_connector_id', '"io.dev"', area)
    expect(received).toEqual([
      { type: 'tabs.connected', namespace: 'eip155', connectorId: 'io.dev' },
      { type: 'tabs.accountChanged', namespace: 'eip155', connectorId: 'io.dev', address: '0xB' },
      { type: 'tabs.networkChanged', caipNetworkId: 'eip155:31338' },
      { type: 'tabs.disconnected', namespace: 'eip155' },
    ])
  })

  test('bad input: junk values and events of another storage area send nothing', () => {
    const area = createMemoryStorage()
    const { received, stop } = run({ enabled: true, storage: createStorage({ storage: area }), ownStorage: area })
    fire('@latchkey/eip155:connected_connector_id', '{"connectorId":', area)
    fire('@latchkey/active_caip_network_id', '"not a network"', area)
    fire('@latchkey/eip155:connected_connector_id', '"io.dev"', window.localStorage)
    stop()
    expect(received).toEqual([])
  })

  test("behavior: with reconnect off nothing is heard; by default the window's localStorage is the area", () => {
    const off = run({ enabled: false, storage: createStorage({ storage: createMemoryStorage() }) })
    fire('@latchkey/eip155:connected_connector_id', '"io.dev"', window.localStorage)
    off.stop()
    expect(off.received).toEqual([])
    const on = run({ enabled: true, storage: createStorage({ storage: window.localStorage }) })
    fire('@latchkey/eip155:connected_connector_id', '"io.dev"', window.localStorage)
    on.stop()
    expect(on.received).toEqual([{ type: 'tabs.connected', namespace: 'eip155', connectorId: 'io.dev' }])
  })

  test('behavior: two modal instances (two actors) are independent: stopping one leaves the other listening', () => {
    const area = createMemoryStorage()
    const one = run({ enabled: true, storage: createStorage({ storage: area }), ownStorage: area })
    const two = run({ enabled: true, storage: createStorage({ storage: area }), ownStorage: area })
    one.stop()
    fire('@latchkey/eip155:connected_connector_id', null, area)
    two.stop()
    expect(one.received).toEqual([])
    expect(two.received).toEqual([{ type: 'tabs.disconnected', namespace: 'eip155' }])
  })

  test('behavior: without a window (server rendering) nothing is watched', () => {
    const { received, stop } = run({ enabled: true, storage: createStorage({ storage: createMemoryStorage() }), target: {} })
    stop()
    expect(received).toEqual([])
  })
})
