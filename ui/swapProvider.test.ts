// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest'
import { mainnet } from '../adapters/networks.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { createModal, InvalidOptionsError, type ModalOptions } from './createModal.ts'

const instances: Array<{ destroy(): void }> = []
afterEach(() => instances.splice(0).forEach((m) => m.destroy()))
const make = (options: Partial<ModalOptions> | Record<string, unknown> = {}) => {
  const modal = createModal({ projectId: 'p', networks: [mainnet], storage: createMemoryStorage(), ...options } as ModalOptions)
  instances.push(modal)
  return modal
}

describe('the swapProvider option (spec §9 "Swap provider by default 1inch")', () => {
  test('behavior: by default getState().swapProvider is 1inch, before the core and after it', async () => {
    const modal = make()
    expect(modal.getState().swapProvider).toBe('1inch')
    await modal.ready()
    expect(modal.getState().swapProvider).toBe('1inch')
  })

  test('behavior: the option set to a known provider is the setting in force', async () => {
    const modal = make({ swapProvider: '1inch' })
    await modal.ready()
    expect(modal.getState().swapProvider).toBe('1inch')
  })

  test('bad input: an unknown provider or a non-string is refused with InvalidOptionsError naming options.swapProvider; nothing starts', () => {
    for (const swapProvider of ['uniswap', '', 7, null]) {
      let error: unknown
      try {
        make({ swapProvider })
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(InvalidOptionsError)
      expect((error as InvalidOptionsError).option).toBe('options.swapProvider')
      expect((error as InvalidOptionsError).message).toContain('Invalid swap provider: expected one of 1inch but received')
    }
  })
})
