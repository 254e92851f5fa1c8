// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest'
import { createEip155Adapter } from '../adapters/eip155.ts'
import { mainnet } from '../adapters/networks.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { createModal, InvalidOptionsError, type ModalOptions } from './createModal.ts'

/**
 * Spec §5 "Theme mode is light or dark": `themeMode` is typed `'light' | 'dark'`, but the option also arrives from
 * plain JavaScript (a query parameter, a config file), so `createModal` checks it at run time. It is the only way the
 * theme mode is set: the modal has no run-time setter.
 */
const instances: Array<{ destroy(): void }> = []
afterEach(() => instances.splice(0).forEach((m) => m.destroy()))
const make = (themeMode: unknown) => {
  const modal = createModal({ projectId: 'p', networks: [mainnet], storage: createMemoryStorage(), adapter: createEip155Adapter({ window }), themeMode } as ModalOptions)
  instances.push(modal)
  return modal
}

describe('spec §5: theme mode is light or dark', () => {
  test('spec §5: theme mode is light or dark: any other value is refused with a clear error naming the option', () => {
    expect(() => make('blue')).toThrowErrorMatchingInlineSnapshot(`[InvalidOptionsError: options.themeMode: Invalid theme mode: expected 'light' or 'dark' but received "blue"]`)
    for (const themeMode of ['Dark', 'LIGHT', ' light', 'system', '', null, 1, true, {}, ['dark']]) {
      let error: unknown
      try {
        make(themeMode)
      } catch (e) {
        error = e
      }
      expect(error, JSON.stringify(themeMode)).toBeInstanceOf(InvalidOptionsError)
      expect((error as InvalidOptionsError).option).toBe('options.themeMode')
      expect((error as InvalidOptionsError).shortMessage).toContain("expected 'light' or 'dark'")
    }
  })

  test("spec §5: theme mode is light or dark: 'light', 'dark' and no theme mode (light) are accepted", () => {
    expect(make('light').options.themeMode).toBe('light')
    expect(make('dark').options.themeMode).toBe('dark')
    expect(make(undefined).options.themeMode).toBeUndefined()
  })
})
