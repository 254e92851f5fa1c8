import { describe, expect, test } from 'vitest'
import { forgetConfig, rememberConfig, rememberedConfig, rememberedProjectsLimit } from './remoteConfigMemory.ts'
import { createMemoryStorage, createStorage, type StorageLike } from './storage.ts'
import { ForeignError } from '../tests/harness/failures.ts'

const key = '@latchkey/remote_config'

function setup(stored?: unknown) {
  const raw = createMemoryStorage(stored === undefined ? {} : { [key]: typeof stored === 'string' ? stored : JSON.stringify(stored) })
  return { raw, storage: createStorage({ storage: raw }) }
}

describe('the remembered remote config', () => {
  test('behavior: the answer kept for a project is read back for that project only, under the one prefix', () => {
    const { raw, storage } = setup()
    rememberConfig(storage, 'p', { features: { email: false, socials: ['google', 'x'] } })
    expect(rememberedConfig(storage, 'p')).toEqual({ features: { email: false, socials: ['google', 'x'] } })
    expect(rememberedConfig(storage, 'other')).toBeUndefined()
    expect(Object.keys(raw.dump())).toEqual([key])
  })

  test('behavior: a newer answer replaces the kept one; a forgotten project reads as none, the last one forgotten removes the key', () => {
    const { raw, storage } = setup()
    rememberConfig(storage, 'p', { features: { email: false } })
    rememberConfig(storage, 'q', { features: { swaps: false } })
    rememberConfig(storage, 'p', { features: { email: true, socials: false } })
    expect(rememberedConfig(storage, 'p')).toEqual({ features: { email: true, socials: false } })
    forgetConfig(storage, 'p')
    expect(rememberedConfig(storage, 'p')).toBeUndefined()
    expect(rememberedConfig(storage, 'q')).toEqual({ features: { swaps: false } })
    forgetConfig(storage, 'q')
    expect(raw.dump()).toEqual({})
    // Forgetting what is not kept writes nothing.
    forgetConfig(storage, 'never')
    expect(raw.dump()).toEqual({})
  })

  test('behavior: at most 4 projects are kept, the one heard longest ago goes first', () => {
    expect(rememberedProjectsLimit).toBe(4)
    const { storage } = setup()
    for (const id of ['p0', 'p1', 'p2', 'p3', 'p4']) rememberConfig(storage, id, { features: { email: true } })
    expect(rememberedConfig(storage, 'p0')).toBeUndefined()
    // p1 heard again, then p0: p2 is the one heard longest ago and goes.
    rememberConfig(storage, 'p1', { features: { email: false } })
    rememberConfig(storage, 'p0', { features: { email: false } })
    expect(['p0', 'p1', 'p2', 'p3', 'p4'].filter((id) => rememberedConfig(storage, id) !== undefined)).toEqual(['p0', 'p1', 'p3', 'p4'])
  })

  test('bad input: a blank project id keeps nothing', () => {
    const { raw, storage } = setup()
    rememberConfig(storage, '  ', { features: { email: true } })
    expect(raw.dump()).toEqual({})
  })

  describe('bad input: what storage holds is read through its schema, dropped and never thrown', () => {
    test.each([
      ['text that is no JSON', '{"p": {"features":'],
      ['a list', [{ features: { email: true } }]],
      ['a string', 'enabled'],
      ['a number', 42],
      ['null', null],
    ])('the whole value is %s: none is remembered and the key is removed', (_, stored) => {
      const { raw, storage } = setup(stored)
      expect(rememberedConfig(storage, 'p')).toBeUndefined()
      expect(raw.dump()).toEqual({})
    })

    test.each([
      ['an entry that is no object', 'on'],
      ['an entry without features', { email: true }],
      ['features that are no object', { features: ['email'] }],
      ['a flag of the wrong type', { features: { email: 'yes' } }],
      ['socials turned on with no list', { features: { socials: true } }],
      ['a social provider this build does not know', { features: { socials: ['google', 'myspace'] } }],
    ])('%s is dropped alone; the other projects are kept and the key rewritten without it', (_, bad) => {
      const { raw, storage } = setup({ p: bad, q: { features: { email: false } } })
      expect(rememberedConfig(storage, 'p')).toBeUndefined()
      expect(rememberedConfig(storage, 'q')).toEqual({ features: { email: false } })
      expect(JSON.parse(raw.dump()[key]!)).toEqual({ q: { features: { email: false } } })
    })

    test('an entry under a blank project id is dropped; the only entry dropped removes the key', () => {
      const { raw, storage } = setup({ ' ': { features: { email: true } } })
      expect(rememberedConfig(storage, ' ')).toBeUndefined()
      expect(raw.dump()).toEqual({})
    })

    test("another library's keys inside an entry are not kept", () => {
      const { storage } = setup({ p: { features: { email: true, theirFlag: 1 }, savedBy: 'someone' } })
      expect(rememberedConfig(storage, 'p')).toEqual({ features: { email: true } })
    })
  })

  test('bad input: a storage that throws on every call (disabled, full) loses the answer and throws nothing', () => {
    const failing: StorageLike = {
      getItem: () => {
        throw new ForeignError('SecurityError: storage is disabled')
      },
      setItem: () => {
        throw new ForeignError('QuotaExceededError: storage is full')
      },
      removeItem: () => {
        throw new ForeignError('SecurityError: storage is disabled')
      },
    }
    const storage = createStorage({ storage: failing })
    expect(() => rememberConfig(storage, 'p', { features: { email: true } })).not.toThrow()
    expect(rememberedConfig(storage, 'p')).toBeUndefined()
    expect(() => forgetConfig(storage, 'p')).not.toThrow()
  })
})
