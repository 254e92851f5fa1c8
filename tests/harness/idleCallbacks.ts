import { afterEach, beforeEach, vi } from 'vitest'

/**
 * The page's idle callbacks held for the test to fire: called at a file's or a describe's top, it stubs
 * `requestIdleCallback` / `cancelIdleCallback` before each test (handles never reused, as the browser's) and removes
 * every global stub after it. `fire()` runs the callbacks registered so far (those they register wait for the next
 * call); `pending` is how many wait.
 */
export function holdIdleCallbacks(): { fire(): void; readonly pending: number } {
  const idle = new Map<number, () => void>()
  let handles = 0
  beforeEach(() => {
    idle.clear()
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => {
      idle.set(++handles, cb)
      return handles
    })
    vi.stubGlobal('cancelIdleCallback', (handle: number) => void idle.delete(handle))
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })
  return {
    fire() {
      const due = [...idle.values()]
      idle.clear()
      for (const cb of due) cb()
    },
    get pending() {
      return idle.size
    },
  }
}
