import { getConfig } from '@testing-library/react'
import { TestFailure } from '../harness/failures.ts'

/**
 * The model walks' `waitFor`: Testing Library's (same call, same options, the same act environment through its
 * `asyncWrapper`, the callback's last error on time-out), but woken by what the walks wait for instead of its fixed
 * polls. Testing Library's own re-checks on the mutations of `document` only, and the modal renders into a shadow
 * root, which a mutation observer of the document does not see: most waits of a walk then lasted until its next
 * 50 ms poll, whatever the step needed. This one re-checks
 *
 * - on every mutation of the document and of every open shadow root in it (roots that appear while it waits are
 *   observed as they come),
 * - a task after any actor of a rendered modal takes a snapshot, or a held call reaches its gate ({@link wake}: the
 *   conditions that read a machine or a gate rather than the page),
 * - and still every `interval` ms (default 50), for anything else (a server's or a wallet's state).
 *
 * A condition that holds returns as soon as it holds, as before; the wakes only end the waits earlier.
 *
 * @param callback throws (or rejects) while the condition does not hold; its value is returned once it does.
 * @param options.timeout how long to wait at most (ms; default Testing Library's `asyncUtilTimeout`).
 * @param options.interval the fallback poll (ms; default 50, Testing Library's).
 * @throws the callback's last error when the time is up.
 */
export function waitFor<T>(callback: () => T | Promise<T>, options: { timeout?: number; interval?: number } = {}): Promise<T> {
  const { timeout = getConfig().asyncUtilTimeout, interval = 50 } = options
  return getConfig().asyncWrapper(() => wakeable(callback, timeout, interval)) as Promise<T>
}

/** What a pending {@link waitFor} re-checks on: a snapshot of a modal's actor, a call held at a gate. */
const sleepers = new Set<() => void>()

/**
 * Re-checks every pending {@link waitFor} a task later (tests/model/app.tsx calls it on each actor snapshot of the
 * modal it rendered and on each call held at a gate): the task lets React render what the machine now holds.
 */
export function wake(): void {
  for (const sleeper of sleepers) sleeper()
}

const observed: MutationObserverInit = { subtree: true, childList: true, attributes: true, characterData: true }

/** Every open shadow root under `root`, those inside other shadow roots included. */
function shadowRoots(root: Document | ShadowRoot, out: ShadowRoot[] = []): ShadowRoot[] {
  for (const element of Array.from(root.querySelectorAll('*'))) {
    if (element.shadowRoot) {
      out.push(element.shadowRoot)
      shadowRoots(element.shadowRoot, out)
    }
  }
  return out
}

function wakeable<T>(callback: () => T | Promise<T>, timeout: number, interval: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let lastError: unknown
    let finished = false
    let checking = false
    let wakePending = false
    const watched = new WeakSet<Node>()
    const observer = new MutationObserver(() => {
      watchShadowRoots()
      check()
    })
    const watch = (root: Node) => {
      if (watched.has(root)) return
      watched.add(root)
      observer.observe(root, observed)
    }
    const watchShadowRoots = () => {
      for (const root of shadowRoots(document)) watch(root)
    }
    const sleeper = () => {
      if (wakePending) return
      wakePending = true
      setTimeout(() => {
        wakePending = false
        check()
      }, 0)
    }
    const done = (error: unknown, value?: T) => {
      finished = true
      clearTimeout(overall)
      clearInterval(poll)
      observer.disconnect()
      sleepers.delete(sleeper)
      if (error === undefined) resolve(value as T)
      else reject(error)
    }
    function check() {
      if (finished || checking) return
      let result: T | Promise<T>
      try {
        result = callback()
      } catch (error) {
        lastError = error
        return
      }
      if (result instanceof Promise) {
        checking = true
        result.then(
          (value) => {
            checking = false
            if (!finished) done(undefined, value)
          },
          (error: unknown) => {
            checking = false
            lastError = error
          },
        )
      } else done(undefined, result)
    }
    const overall = setTimeout(() => done(lastError ?? new TestFailure(`Timed out in waitFor after ${timeout} ms.`)), timeout)
    const poll = setInterval(check, interval)
    watch(document)
    watchShadowRoots()
    sleepers.add(sleeper)
    check()
  })
}
