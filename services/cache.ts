import type { CacheStore } from './storage.ts'

/**
 * A small TTL cache for API results (spec §9: identity 5 min, balances 30 s, names 5 min). Time comes
 * from `now` (ms) so tests control it. Failures are never cached. With `store` (a {@link CacheStore} of
 * services/storage.ts) every value is also written to storage with its expiry and read from there when memory has
 * none, so a reload within the lifetime needs no request (spec §3 caches in storage).
 *
 * @example
 * const identities = createTtlCache<Identity>(300_000, Date.now, storage.cache('identityCache', identitySchema))
 * await identities.get('0xabc…', () => api.getIdentity(…)) // a second call within 5 min, or after a reload, is not sent
 */
export function createTtlCache<T>(ttlMs: number, now: () => number = Date.now, store?: CacheStore<T>) {
  const entries = new Map<string, { value: T; expires: number }>()
  const inflight = new Map<string, Promise<T>>()
  return {
    /** The cached value for `key`, or the result of `load` (shared by concurrent callers), kept `ttlMs`. */
    async get(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key)
      if (hit && hit.expires > now()) return hit.value
      const stored = store?.get(key, now())
      if (stored) {
        entries.set(key, stored)
        return stored.value
      }
      const pending = inflight.get(key)
      if (pending) return pending
      const promise = load().then(
        (value) => {
          const expires = now() + ttlMs
          entries.set(key, { value, expires })
          store?.set(key, value, expires, now())
          inflight.delete(key)
          return value
        },
        (error: unknown) => {
          inflight.delete(key)
          throw error
        },
      )
      inflight.set(key, promise)
      return promise
    },
    delete(key: string) {
      entries.delete(key)
      store?.delete(key, now())
    },
    clear: () => entries.clear(),
  }
}
