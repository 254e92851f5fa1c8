// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createEip155Adapter } from '../adapters/eip155.ts'
import { mainnet } from '../adapters/networks.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { createModal, InvalidOptionsError, type ModalOptions } from './createModal.ts'
import { createModalLog } from './log.ts'

/** The modal's log (spec §9 log buffer): what the instance writes to the console is kept, bounded, for `getLogs()`. */
const instances: Array<{ destroy(): void }> = []
afterEach(() => {
  for (const m of instances.splice(0)) m.destroy()
  vi.restoreAllMocks()
})

const make = (options: Partial<ModalOptions>) => {
  const modal = createModal({ networks: [mainnet], storage: createMemoryStorage(), adapter: createEip155Adapter({ window }), walletConnect: false, ...options } as ModalOptions)
  instances.push(modal)
  return modal
}

describe('spec §9 log buffer on the modal', () => {
  test('spec §9 log buffer: by default (level error) a debug-mode warning reaches the console but is not kept', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const modal = make({ debug: true })
    expect(warn).toHaveBeenCalledWith('[latchkey] Project ID Not Configured: set options.projectId.')
    expect(modal.getLogs()).toEqual([])
  })

  test('spec §9 log buffer: with level warn the warning is kept with its level and time', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const before = Date.now()
    const modal = make({ debug: true, log: { level: 'warn' } })
    expect(modal.getLogs()).toEqual([{ level: 'warn', message: '[latchkey] Project ID Not Configured: set options.projectId.', time: expect.any(Number) }])
    expect(modal.getLogs()[0]!.time).toBeGreaterThanOrEqual(before)
  })

  test('behavior: each instance keeps its own log', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const a = make({ debug: true, log: { level: 'warn' } })
    const b = make({ debug: false, log: { level: 'warn' } })
    expect(a.getLogs()).toHaveLength(1)
    expect(b.getLogs()).toEqual([])
  })

  test('behavior: errors go to console.error and are kept at the default level; the buffer stays within its size', () => {
    const out = { error: vi.fn(), warn: vi.fn() }
    const log = createModalLog({ bufferSize: 64 }, out)
    log.error('first failure')
    log.error('second failure')
    log.error('third failure, which pushes out both earlier ones')
    expect(out.error).toHaveBeenCalledTimes(3)
    expect(log.entries().map((e) => e.message)).toEqual(['[latchkey] third failure, which pushes out both earlier ones'])
  })

  test.each([
    [{ level: 'verbose' }, 'options.log.level'],
    [{ bufferSize: 0 }, 'options.log.bufferSize'],
    [{ bufferSize: 1.5 }, 'options.log.bufferSize'],
    [{ bufferSize: '1024' }, 'options.log.bufferSize'],
    [{ size: 10 }, 'options.log.size'],
    ['error', 'options.log'],
  ])('bad input: log %j is refused at %s', (log, path) => {
    let error: unknown
    try {
      make({ log } as never)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(InvalidOptionsError)
    expect((error as InvalidOptionsError).shortMessage.startsWith(`${path}:`)).toBe(true)
  })

  test('bad input: the refusals say why', () => {
    expect(() => make({ log: { level: 'verbose' } } as never)).toThrow(/Invalid log level: expected one of silent, error, warn, info, debug but received "verbose"/)
    expect(() => make({ log: { bufferSize: 0 } })).toThrow(/Expected a positive number of bytes/)
    expect(() => make({ log: { size: 10 } } as never)).toThrow(/Invalid log option: expected \{ level, bufferSize \} but received "size"/)
  })
})
