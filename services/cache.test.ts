import { describe, expect, test } from 'vitest'
import * as v from 'valibot'
import { createTtlCache } from './cache.ts'
import { createMemoryStorage, createStorage } from './storage.ts'
import { ForeignError } from '../tests/harness/failures.ts'

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
    await expect(cache.get('x', () => Promise.reject(new ForeignError('down')))).rejects.toThrow('down')
    expect(await cache.get('x', load)).toBe(3)
  })
  test('behavior: concurrent callers share one load', async () => {
    const cache = createTtlCache<number>(1000)
    let loads = 0
    const load = () => new Promise<number>((r) => setTimeout(() => r(++loads), 5))
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1])
  })

  test('spec §3 §9: caches in storage: a reload within the lifetime reads the stored value without loading; an expired or malformed one is dropped', async () => {
    const raw = createMemoryStorage()
    let t = 1_000
    let loads = 0
    const load = async () => ({ name: `load ${++loads}` })
    const schema = v.object({ name: v.string() })
    const make = () => createTtlCache<{ name: string }>(300_000, () => t, createStorage({ storage: raw }).cache('identityCache', schema))
    expect(await make().get('0xabc', load)).toEqual({ name: 'load 1' })
    expect(JSON.parse(raw.dump()['@latchkey/identity_cache']!)).toEqual({ '0xabc': { value: { name: 'load 1' }, expires: 301_000 } })
    // A reload (a new cache on the same storage) within 5 min: no load.
    t = 300_999
    expect(await make().get('0xabc', load)).toEqual({ name: 'load 1' })
    expect(loads).toBe(1)
    // At the expiry it is loaded again.
    t = 301_000
    expect(await make().get('0xabc', load)).toEqual({ name: 'load 2' })
    // A malformed stored value is dropped and loaded again.
    raw.setItem('@latchkey/identity_cache', JSON.stringify({ '0xabc': { value: { name: 42 }, expires: 999_999 } }))
    expect(await make().get('0xabc', load)).toEqual({ name: 'load 3' })
    raw.setItem('@latchkey/identity_cache', '{not json')
    expect(await make().get('0xabc', load)).toEqual({ name: 'load 4' })
    // delete (a forced read) drops the stored entry too.
    const cache = make()
    cache.delete('0xabc')
    expect(raw.dump()['@latchkey/identity_cache']).toBeUndefined()
  })
})
