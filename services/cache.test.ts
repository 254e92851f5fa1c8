import { describe, expect, test } from 'vitest'
import { createTtlCache } from './cache.ts'

describe('ttl cache', () => {
  test('behavior: a value is reused until its ttl, then loaded again; failures are not cached', async () => {
    let t = 0
    const cache = createTtlCache<number>(30_000, () => t)
    let loads = 0
    const load = async () => ++loads
    expect(await cache.get('k', load)).toBe(1)
    t = 29_999
    expect(await cache.get('k', load)).toBe(1)
    t = 30_000
    expect(await cache.get('k', load)).toBe(2)
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.get('x', load)).toBe(3)
  })
  test('behavior: concurrent callers share one load', async () => {
    const cache = createTtlCache<number>(1000)
    let loads = 0
    const load = () => new Promise<number>((r) => setTimeout(() => r(++loads), 5))
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1])
  })
})
