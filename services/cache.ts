/**
 * A small TTL cache for API results (spec §9: identity 5 min, balances 30 s, names 5 min). Time comes
 * from `now` (ms) so tests control it. Failures are never cached.
 */
export function createTtlCache<T>(ttlMs: number, now: () => number = Date.now) {
  const entries = new Map<string, { value: T; expires: number }>()
  const inflight = new Map<string, Promise<T>>()
  return {
    /** The cached value for `key`, or the result of `load` (shared by concurrent callers), kept `ttlMs`. */
    async get(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key)
      if (hit && hit.expires > now()) return hit.value
      const pending = inflight.get(key)
      if (pending) return pending
      const promise = load().then(
        (value) => {
          entries.set(key, { value, expires: now() + ttlMs })
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
    delete: (key: string) => void entries.delete(key),
    clear: () => entries.clear(),
  }
}
