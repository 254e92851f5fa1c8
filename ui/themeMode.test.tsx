// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { timing } from '../machines/timing.ts'
import { frameFixture } from '../tests/model/frameFixture.ts'
import { ModalProvider } from './react.tsx'
import { createEip155Adapter } from '../adapters/eip155.ts'
import { mainnet } from '../adapters/networks.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { createModal, InvalidOptionsError, type ModalOptions } from './createModal.ts'

/**
 * Spec §5 "Theme mode is light or dark": `themeMode` is typed `'light' | 'dark'`, but the option also arrives from
 * plain JavaScript (a query parameter, a config file), so `createModal` checks it at run time, and so does
 * `setThemeMode` (the theme changes at run time and the embedded wallet's frame follows it).
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
    expect(() => make('blue')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: options.themeMode: Invalid theme mode: expected 'light' or 'dark' but received "blue"
      Docs: https://latchkey.example/errors/InvalidOptionsError]
    `)
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

describe('the theme at run time (setThemeMode, setThemeVariables)', () => {
  afterEach(() => vi.useRealTimers())

  test('behavior: setThemeMode switches getTheme and tells subscribers; the same mode again tells nobody', () => {
    const modal = make('light')
    const seen: unknown[] = []
    const off = modal.subscribeTheme((t) => seen.push(t.themeMode))
    const before = modal.getTheme()
    modal.setThemeMode('dark')
    expect(modal.getTheme()).toEqual({ themeMode: 'dark', themeVariables: undefined })
    expect(modal.getTheme()).not.toBe(before)
    modal.setThemeMode('dark')
    expect(seen).toEqual(['dark'])
    off()
    modal.setThemeMode('light')
    expect(seen).toEqual(['dark'])
    expect(modal.getTheme().themeMode).toBe('light')
  })

  test('bad input: setThemeMode refuses anything but light or dark, naming the call; the theme stays', () => {
    const modal = make('dark')
    expect(() => modal.setThemeMode('blue' as never)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidOptionsError: setThemeMode(mode): Invalid theme mode: expected 'light' or 'dark' but received "blue"
      Docs: https://latchkey.example/errors/InvalidOptionsError]
    `)
    for (const mode of ['Dark', 'system', '', null, undefined, 1, {}]) {
      expect(() => modal.setThemeMode(mode as never), JSON.stringify(mode)).toThrow(InvalidOptionsError)
    }
    expect(modal.getTheme().themeMode).toBe('dark')
  })

  test('behavior: setThemeVariables replaces the given keys and keeps the others; undefined values are ignored', () => {
    const modal = createModal({ projectId: 'p', networks: [mainnet], storage: createMemoryStorage(), adapter: createEip155Adapter({ window }), themeVariables: { accent: '#111111', borderRadiusMaster: '2px' } })
    instances.push(modal)
    modal.setThemeVariables({ accent: '#ff0066', zIndex: 5000 })
    modal.setThemeVariables({ borderRadiusMaster: undefined })
    expect(modal.getTheme().themeVariables).toEqual({ accent: '#ff0066', borderRadiusMaster: '2px', zIndex: 5000 })
  })

  test('bad input: setThemeVariables refuses a non-object and a wrong type, naming the key; the theme stays', () => {
    const modal = make('light')
    expect(() => modal.setThemeVariables({ zIndex: 1.5 } as never)).toThrow(/^setThemeVariables\(variables\)\.zIndex: /)
    expect(() => modal.setThemeVariables({ accent: 12 } as never)).toThrow(/^setThemeVariables\(variables\)\.accent: /)
    for (const bad of [null, 'dark', 3, ['#fff']]) expect(() => modal.setThemeVariables(bad as never), JSON.stringify(bad)).toThrow(InvalidOptionsError)
    expect(modal.getTheme().themeVariables).toBeUndefined()
  })

  test('behavior: the rendered modal restyles when the theme changes (its --lk-* variables in the shadow root)', async () => {
    const modal = make('light')
    modal.setThemeVariables({ accent: '#123456' })
    const host = document.createElement('div')
    document.body.append(host)
    const root = createRoot(host)
    await act(async () => root.render(<ModalProvider modal={modal} />))
    // The shell's CSS is a constructable stylesheet adopted by the shadow root (ui/shadowStyles.tsx).
    const css = () =>
      document
        .querySelector('[data-testid="latchkey-modal"]')!
        .shadowRoot!.adoptedStyleSheets.map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join('\n'))
        .join('\n')
    expect(css()).toContain('#123456')
    const light = css()
    await act(async () => modal.setThemeMode('dark'))
    expect(css()).not.toBe(light)
    await act(async () => modal.setThemeVariables({ accent: '#abcdef' }))
    expect(css()).toContain('#abcdef')
    expect(css()).not.toContain('#123456')
    await act(async () => root.unmount())
    host.remove()
  })

  test("behavior: the embedded wallet's frame gets the new theme (spec §3 theme sync) once it is up, and each change after", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const f = frameFixture()
    const modal = createModal({
      projectId: 'p',
      networks: [mainnet],
      storage: createMemoryStorage(),
      themeMode: 'light',
      embeddedWallet: { secureSiteUrl: 'https://secure.test', createTransport: () => f.transport },
    } as ModalOptions)
    instances.push(modal)
    // Before the embedded wallet is loaded a change goes nowhere (and loads nothing).
    modal.setThemeMode('dark')
    expect(f.requests).toEqual([])
    const embedded = await modal.embedded!()
    void embedded.provider.request({ method: 'eth_accounts' }).catch(() => {})
    await vi.advanceTimersByTimeAsync(0)
    f.ready()
    await vi.advanceTimersByTimeAsync(timing.iframeReadyDelay)
    expect(f.last('SYNC_THEME')!.payload).toEqual({ themeMode: 'dark', themeVariables: {} })
    const count = () => f.requests.filter((r) => r.type === 'APP_SYNC_THEME').length
    const synced = count()
    modal.setThemeMode('light')
    await vi.advanceTimersByTimeAsync(0)
    expect(count()).toBe(synced + 1)
    expect(f.last('SYNC_THEME')!.payload).toEqual({ themeMode: 'light', themeVariables: {} })
    modal.setThemeVariables({ accent: '#ff0066' })
    await vi.advanceTimersByTimeAsync(0)
    expect(f.last('SYNC_THEME')!.payload).toEqual({ themeMode: 'light', themeVariables: { accent: '#ff0066' } })
  })
})
