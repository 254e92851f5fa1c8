import type { Clock } from '../../ui/createModal.ts'

/**
 * A manual clock for XState's delays (`after`): timers fire only when the test advances time.
 * Real `setTimeout` (network, React) is untouched.
 */
export function createManualClock() {
  let now = 0
  let nextId = 1
  const timers = new Map<number, { at: number; fn: () => void }>()
  const clock: Clock & { advance(ms: number): void; now(): number; pending(): number[] } = {
    setTimeout(fn: (...args: any[]) => void, ms: number) {
      const id = nextId++
      timers.set(id, { at: now + ms, fn })
      return id
    },
    clearTimeout(id: any) {
      timers.delete(id)
    },
    advance(ms: number) {
      const until = now + ms
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0]
        if (!due) break
        timers.delete(due[0])
        now = due[1].at
        due[1].fn()
      }
      now = until
    },
    now: () => now,
    pending: () => [...timers.values()].map((t) => t.at - now),
  }
  return clock
}
