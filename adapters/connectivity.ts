import { BaseError } from './errors.ts'

/**
 * The browser's connectivity, for the machines that fetch (spec §4 wallet catalogue): whether it says it is offline,
 * its `online` event, and the failures that are the network's rather than a server's. Machines never read `navigator`;
 * the assembly turns these into events (`catalogue.online`) and typed errors ({@link OfflineError}).
 */

/** What is read of the page: `navigator.onLine` and the window's `online`/`offline` events. */
export type ConnectivityTarget = {
  navigator?: { onLine?: boolean } | undefined
  addEventListener?: ((type: 'online' | 'offline', listener: () => void) => void) | undefined
  removeEventListener?: ((type: 'online' | 'offline', listener: () => void) => void) | undefined
}

/** A request failed because the browser is offline or the network did not carry it (no HTTP answer at all). */
export class OfflineError extends BaseError {
  static override docsPath = '/errors/OfflineError'
  override name = 'OfflineError'
  constructor(args: { cause?: unknown } = {}) {
    super('The network is unreachable: the browser is offline or the request got no answer.', args)
  }
}
export type OfflineErrorType = OfflineError

/**
 * Whether the browser says it is offline (`navigator.onLine === false`). Where there is no navigator (server rendering,
 * Node) it is not offline.
 * @example isOffline({ navigator: { onLine: false } }) // true
 */
export function isOffline(target: ConnectivityTarget | undefined = globalThis as ConnectivityTarget): boolean {
  return target?.navigator?.onLine === false
}

/**
 * Whether an error is the network's: a `TypeError` as `fetch` rejects with when no HTTP answer came (offline, DNS,
 * refused connection), found along the `cause` chain. An answer with an HTTP status (`ApiError`, which carries
 * `status`) or a timeout is not: the server, not the network, failed.
 * @example isNetworkFailure(new BaseError('The getWallets request failed.', { cause: new TypeError('Failed to fetch') })) // true
 */
export function isNetworkFailure(error: unknown): boolean {
  const seen = new Set<unknown>()
  for (let e = error; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e)
    if (e instanceof OfflineError) return true
    // An HTTP answer, or a request this side ended (a timeout, an abort): not the network's.
    const name = (e as { name?: unknown }).name
    if (typeof (e as { status?: unknown }).status === 'number' || (typeof name === 'string' && /TimeoutError$|AbortError$|AbandonedError$/.test(name))) return false
    if (e instanceof TypeError) return true
  }
  return false
}

/**
 * The error a request failed with, as the visitor should hear it: an {@link OfflineError} when the browser is offline or
 * the failure is the network's ({@link isNetworkFailure}), else the error unchanged.
 * @example await fetchWallets(p).catch((e) => { throw asOfflineError(e) })
 */
export function asOfflineError(error: unknown, target?: ConnectivityTarget): unknown {
  if (error instanceof OfflineError) return error
  return isOffline(target) || isNetworkFailure(error) ? new OfflineError({ cause: error }) : error
}

/**
 * Calls `onOnline` each time the browser comes back online (the window's `online` event). Returns the unsubscribe.
 * Without a window (server rendering) nothing is watched.
 * @example const stop = watchOnline(() => actor.send({ type: 'catalogue.online' }))
 */
export function watchOnline(onOnline: () => void, target: ConnectivityTarget | undefined = globalThis as ConnectivityTarget): () => void {
  if (!target?.addEventListener) return () => {}
  const listener = () => onOnline()
  target.addEventListener('online', listener)
  return () => target.removeEventListener?.('online', listener)
}
