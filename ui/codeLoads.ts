/**
 * The code fetches the modal starts ahead of use (a view's chunk, the feature machines a view needs, the service
 * clients' module), so that something can wait until none is under way: a test that ends while the page still fetches
 * (the intent prefetch of a view it never opens) waits for them before its DOM is torn down. Product code only adds.
 */
const pending = new Set<Promise<unknown>>()

/** Records `load` as under way until it settles; returns it unchanged. */
export function trackCodeLoad<T>(load: Promise<T>): Promise<T> {
  pending.add(load)
  const settle = () => {
    pending.delete(load)
  }
  load.then(settle, settle)
  return load
}

/** Resolves once every recorded fetch has settled, those recorded while it waits included; never rejects. */
export async function codeLoadsSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending])
}
