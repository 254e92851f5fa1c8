import { describe, expect, test } from 'vitest'
import { createLogBuffer, logDefaults, LogBufferSizeError, LogLevelError } from './log.ts'

describe('createLogBuffer (spec §9 log buffer)', () => {
  test('spec §9: log buffer default 1,024,000 bytes, default level error', () => {
    expect(logDefaults).toEqual({ bufferSize: 1_024_000, level: 'error' })
    const log = createLogBuffer({ now: () => 7 })
    expect(log.write('warn', 'a warning')).toBe(false)
    expect(log.write('info', 'some info')).toBe(false)
    expect(log.write('error', 'it failed')).toBe(true)
    expect(log.entries()).toEqual([{ level: 'error', message: 'it failed', time: 7 }])
    // 1,000 messages of 1,024 bytes fill the default buffer exactly; one more drops the oldest.
    log.clear()
    for (let i = 0; i < 1000; i++) log.write('error', String(i).padStart(1024, '.'))
    expect(log.bytes()).toBe(1_024_000)
    log.write('error', 'x'.repeat(1024))
    expect(log.bytes()).toBe(1_024_000)
    expect(log.entries()).toHaveLength(1000)
    expect(log.entries()[0]!.message.endsWith('.1')).toBe(true)
  })

  test('behavior: a level lets through its own and the more severe messages; silent records nothing', () => {
    const warn = createLogBuffer({ level: 'warn' })
    expect(['error', 'warn', 'info', 'debug'].map((l) => warn.write(l as 'error', l))).toEqual([true, true, false, false])
    const debug = createLogBuffer({ level: 'debug' })
    expect(['error', 'warn', 'info', 'debug'].every((l) => debug.write(l as 'error', l))).toBe(true)
    const silent = createLogBuffer({ level: 'silent' })
    expect(silent.write('error', 'e')).toBe(false)
    expect(silent.entries()).toEqual([])
  })

  test('behavior: the oldest messages are dropped first, counted in UTF-8 bytes', () => {
    const log = createLogBuffer({ bufferSize: 10 })
    log.write('error', 'abcd')
    log.write('error', 'éé') // 4 bytes
    expect(log.bytes()).toBe(8)
    log.write('error', 'xyz')
    expect(log.entries().map((e) => e.message)).toEqual(['éé', 'xyz'])
    expect(log.bytes()).toBe(7)
  })

  test('behavior: a message longer than the buffer is kept cut to it, ending with …, on whole characters', () => {
    const log = createLogBuffer({ bufferSize: 8 })
    log.write('error', 'old')
    log.write('error', 'ééééé') // 10 bytes
    expect(log.entries().map((e) => e.message)).toEqual(['éé…'])
    expect(log.bytes()).toBe(7)
  })

  test.each([[0], [-1], [1.5], [Number.NaN], ['1024' as unknown as number]])('bad input: a buffer size of %j is refused with the reason', (bufferSize) => {
    expect(() => createLogBuffer({ bufferSize })).toThrow(LogBufferSizeError)
  })

  test('bad input: an unknown level is refused with the levels it takes', () => {
    expect(() => createLogBuffer({ level: 'verbose' as 'error' })).toThrow(LogLevelError)
    expect(() => createLogBuffer({ level: 'verbose' as 'error' })).toThrowErrorMatchingInlineSnapshot(`
      [LogLevelError: The log level must be one of silent, error, warn, info, debug (default error).
      Docs: https://latchkey.example/errors/LogLevelError
      Details: Received: verbose]
    `)
    expect(() => createLogBuffer({ bufferSize: 0 })).toThrowErrorMatchingInlineSnapshot(`
      [LogBufferSizeError: The log buffer size must be a positive whole number of bytes (default 1024000).
      Docs: https://latchkey.example/errors/LogBufferSizeError
      Details: Received: 0]
    `)
  })
})
