// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest'
import { createEip155Adapter } from '../adapters/eip155.ts'
import { mainnet } from '../adapters/networks.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { createModal, InvalidOptionsError } from './createModal.ts'

const instances: Array<{ destroy(): void }> = []
afterEach(() => instances.splice(0).forEach((m) => m.destroy()))

function make(storage = createMemoryStorage()) {
  const modal = createModal({ projectId: 'p', networks: [mainnet], storage, adapter: createEip155Adapter({ window }) })
  instances.push(modal)
  return modal
}

describe('createModal', () => {
  test('behavior: no networks is a clear error', () => {
    expect(() => createModal({ projectId: 'p', networks: [] as never })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: At least one network is required
      Details: options.networks is empty.]
    `)
    expect(() => createModal({ projectId: 'p', networks: [{ name: 'x' }] as never })).toThrow(InvalidOptionsError)
  })

  test('behavior: opening an unknown view is refused and changes nothing', () => {
    const modal = make()
    expect(() => modal.open({ view: 'Nope' as never })).toThrow('Unknown view "Nope"')
    expect(modal.getState().open).toBe(false)
  })

  test('behavior: opens on Connect when disconnected; getState is stable until something changes', () => {
    const modal = make()
    const before = modal.getState()
    expect(modal.getState()).toBe(before)
    const seen: string[] = []
    modal.subscribe((s) => seen.push(`${s.open}:${s.view}`))
    modal.open()
    expect(modal.getState()).toMatchObject({ open: true, view: 'Connect', caipNetworkId: 'eip155:1' })
    expect(seen).toContain('true:Connect')
  })

  test('behavior: malformed storage is ignored: the modal starts disconnected on the default network', () => {
    const storage = createMemoryStorage({
      '@latchkey/eip155:connected_connector_id': '{"not":"a string"}',
      '@latchkey/active_caip_network_id': '"eip155:not-configured"',
      '@latchkey/recent_wallets': 'garbage',
      '@latchkey/connections': '[1,2,3]',
    })
    const modal = make(storage)
    expect(modal.getState()).toMatchObject({ open: false, caipNetworkId: 'eip155:1', account: { status: 'disconnected' } })
    modal.open()
    expect(modal.getState().view).toBe('Connect')
  })

  test('behavior: two instances share no state', () => {
    const a = make()
    const b = make()
    a.open()
    expect(a.getState().open).toBe(true)
    expect(b.getState().open).toBe(false)
  })
})

describe('createModal: the siwx option', () => {
  const siwx = {
    createMessage: async () => {
      throw new Error('unused')
    },
    addSession: async () => {},
    getSessions: async () => [],
    revokeSession: async () => {},
  }

  test('behavior: siweConfig together with siwx is refused with the spec message', () => {
    expect(() => createModal({ projectId: 'p', networks: [mainnet], siwx, siweConfig: {} })).toThrowErrorMatchingInlineSnapshot(
      `[InvalidOptionsError: Cannot set both \`siweConfig\` and \`siwx\` options]`,
    )
  })

  test('behavior: siweConfig alone points to siwx; a siwx without its methods names what is missing', () => {
    expect(() => createModal({ projectId: 'p', networks: [mainnet], siweConfig: {} })).toThrow('`siweConfig` is not supported')
    expect(() => createModal({ projectId: 'p', networks: [mainnet], siwx: { createMessage: siwx.createMessage } as never })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: Invalid \`siwx\` option
      Details: Missing methods: addSession, getSessions, revokeSession.]
    `)
  })

  test("behavior: without siwx the state has no sign-in and getSiwxSession throws 'SIWX is not enabled'", () => {
    const modal = make()
    expect(modal.getState().siwx).toBeUndefined()
    expect(() => modal.getSiwxSession()).toThrow('SIWX is not enabled')
  })

  test('behavior: with siwx the state reports the sign-in phase and whether it is required', () => {
    const modal = createModal({ projectId: 'p', networks: [mainnet], storage: createMemoryStorage(), adapter: createEip155Adapter({ window }), siwx: { ...siwx, required: true } })
    instances.push(modal)
    expect(modal.getState().siwx).toEqual({ phase: 'idle', required: true, session: undefined })
    expect(modal.getSiwxSession()).toBeUndefined()
  })
})
