/** A promise with its resolve/reject exposed: lets a test play the wallet's side at the moment it chooses. */
export type Deferred<T> = { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void }

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/**
 * A promise the test answers later: pushes a new {@link Deferred} onto `list` and returns its promise (an actor's
 * call held until the test resolves or rejects `list[i]`).
 */
export function held<T>(list: Deferred<T>[]): Promise<T> {
  const d = deferred<T>()
  list.push(d)
  return d.promise
}

/** {@link held} for calls whose input the test reads: pushes `{ input, d }` onto `list`. */
export function heldWithInput<I, T>(list: Array<{ input: I; d: Deferred<T> }>, input: I): Promise<T> {
  const d = deferred<T>()
  list.push({ input, d })
  return d.promise
}

/** Lets pending promise callbacks run. */
export const flush = () => new Promise<void>((r) => setTimeout(r, 0))
