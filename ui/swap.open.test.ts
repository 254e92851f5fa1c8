// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest'
import { createEip155Adapter } from '../adapters/eip155.ts'
import { mainnet } from '../adapters/networks.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { createModal, InvalidOptionsError } from './createModal.ts'
import { checkViewData } from './viewData.ts'
import { FeatureDisabledError } from './errors.ts'

const instances: Array<{ destroy(): void }> = []
afterEach(() => instances.splice(0).forEach((m) => m.destroy()))
const make = (features?: { swaps: boolean }) => {
  const modal = createModal({ projectId: 'p', networks: [mainnet], storage: createMemoryStorage(), adapter: createEip155Adapter({ window }), ...(features ? { features } : {}) })
  instances.push(modal)
  return modal
}

describe('open({ view: "Swap", data }): swap arguments (spec §2)', () => {
  test('good arguments open Swap with them', () => {
    const modal = make()
    modal.open({ view: 'Swap', data: { fromToken: 'ETH', toToken: 'eip155:1:0xdAC17F958D2ee523a2206206994597C13D831ec7', amount: '0.5' } })
    const router = modal.actor.getSnapshot().context.router.getSnapshot()
    expect(router.context.history.at(-1)).toEqual({ view: 'Swap', data: { fromToken: 'ETH', toToken: 'eip155:1:0xdAC17F958D2ee523a2206206994597C13D831ec7', amount: '0.5' } })
  })

  test.each([
    [{ amount: '-1' }, /data\.amount must be a positive number/],
    [{ amount: '0' }, /data\.amount must be a positive number/],
    [{ amount: '1e18' }, /data\.amount must be a positive number/],
    [{ amount: 0.5 }, /data\.amount must be a positive number of whole tokens as text/],
    [{ fromToken: '' }, /data\.fromToken must be a token symbol or address/],
    [{ toToken: 42 }, /data\.toToken must be a token symbol or address/],
  ])('bad arguments %j throw a clear InvalidOptionsError and open nothing', (data, message) => {
    const modal = make()
    expect(() => modal.open({ view: 'Swap', data: data as never })).toThrow(InvalidOptionsError)
    expect(() => modal.open({ view: 'Swap', data: data as never })).toThrow(message)
    expect(modal.getState().open).toBe(false)
  })

  test('swap arguments on another view are refused', () => {
    expect(() => checkViewData('Send', { amount: '1' })).toThrow(/are swap arguments: pass them with view 'Swap'/)
    expect(() => checkViewData('Connect', { connectorId: 'x' })).not.toThrow()
  })

  test('with swaps off, Swap throws FeatureDisabledError', () => {
    const modal = make({ swaps: false })
    expect(() => modal.open({ view: 'Swap' })).toThrow(FeatureDisabledError)
  })
})
