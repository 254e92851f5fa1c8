/**
 * The idle prefetch of the first open (spec §1, lazy rule; §2 "Opening the modal"): once the page is idle, the facade
 * fetches what the first opening of Connect needs, so that a tap with no hover before it (a phone) does not pay the
 * whole cold path. Only the page's own files are fetched here (the core, the modal shell, Connect's chunk and its copy):
 * nothing is requested from another host before the visitor's intent, and nothing of WalletConnect's SDK.
 */

/** The `prefetch` option (`ModalOptions.prefetch`): `'idle'` (default) fetches the first open's files once the page is idle; `false` never. */
export type PrefetchOption = 'idle' | false

/** What the scheduling reads of the page: the browser's globals, or a test's stand-ins. */
export type IdleEnvironment = {
  /** `window.requestIdleCallback`; undefined where the browser lacks it (Safari). */
  requestIdleCallback?: ((callback: () => void, options?: { timeout?: number }) => number) | undefined
  cancelIdleCallback?: ((handle: number) => void) | undefined
  /** `setTimeout` / `clearTimeout`: the fallback's delay after `load`. */
  setTimeout: (callback: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
  /** `document.readyState`, read when the prefetch is scheduled (`'complete'` once `load` fired). */
  readyState: () => DocumentReadyState
  /** Listens once for the window's `load`; returns the removal. */
  onLoad: (listener: () => void) => () => void
  /** `navigator.connection` (Network Information API), undefined where the browser lacks it. */
  connection?: { saveData?: boolean; effectiveType?: string } | undefined
}

/** Without `requestIdleCallback`: the delay after `load` before the prefetch runs, in ms. */
export const idleFallbackDelayMs = 200
/** `requestIdleCallback`'s timeout: the prefetch runs by then even on a page that is never idle, in ms. */
export const idleTimeoutMs = 5_000

/**
 * Whether the visitor's connection asks us not to fetch ahead: Save-Data on, or an effective type of `slow-2g` or
 * `2g` (Network Information API). A browser without the API fetches ahead.
 * @example isConstrainedConnection({ saveData: true }) // true
 */
export function isConstrainedConnection(connection: IdleEnvironment['connection']): boolean {
  if (!connection) return false
  return connection.saveData === true || connection.effectiveType === 'slow-2g' || connection.effectiveType === '2g'
}

/** The browser's environment, or undefined outside a browser (SSR, Node): nothing is scheduled there. */
export function browserIdleEnvironment(): IdleEnvironment | undefined {
  if (typeof window === 'undefined' || typeof document === 'undefined') return undefined
  const w = window as Window & typeof globalThis
  return {
    requestIdleCallback: typeof w.requestIdleCallback === 'function' ? (cb, options) => w.requestIdleCallback(cb, options) : undefined,
    cancelIdleCallback: typeof w.cancelIdleCallback === 'function' ? (handle) => w.cancelIdleCallback(handle) : undefined,
    setTimeout: (cb, ms) => w.setTimeout(cb, ms),
    clearTimeout: (handle) => w.clearTimeout(handle as number),
    readyState: () => document.readyState,
    onLoad: (listener) => {
      w.addEventListener('load', listener, { once: true })
      return () => w.removeEventListener('load', listener)
    },
    connection: (navigator as Navigator & { connection?: IdleEnvironment['connection'] }).connection,
  }
}

/**
 * Runs `run` in the page's next idle period (`requestIdleCallback`, timeout {@link idleTimeoutMs}; where that is
 * missing, {@link idleFallbackDelayMs} later), unless the connection became constrained meanwhile
 * ({@link isConstrainedConnection}). Returns the cancel. For the second step of the idle prefetch: the core created
 * once its code is in, in an idle period of its own rather than in the task that evaluated its chunk.
 * @example const cancel = whenIdle(browserIdleEnvironment()!, () => createTheCore())
 */
export function whenIdle(env: IdleEnvironment, run: () => void): () => void {
  let cancelled = false
  const due = () => {
    if (cancelled || isConstrainedConnection(env.connection)) return
    cancelled = true
    run()
  }
  if (env.requestIdleCallback) {
    const handle = env.requestIdleCallback(due, { timeout: idleTimeoutMs })
    return () => {
      cancelled = true
      env.cancelIdleCallback?.(handle)
    }
  }
  const handle = env.setTimeout(due, idleFallbackDelayMs)
  return () => {
    cancelled = true
    env.clearTimeout(handle)
  }
}

/**
 * Schedules `run` once the page is idle: after `load`, in a `requestIdleCallback` (timeout {@link idleTimeoutMs});
 * where that is missing, {@link idleFallbackDelayMs} after `load`. Nothing is scheduled with `option` false, outside a
 * browser (`env` undefined), or on a constrained connection ({@link isConstrainedConnection}, read when scheduling and
 * again when `run` is due). Returns the cancel (the facade's `destroy` and the first intent call it): after it, `run`
 * is never called. `run` is called at most once; what it throws is its own to handle.
 * @example const cancel = scheduleIdlePrefetch('idle', browserIdleEnvironment(), () => modal.prefetch('Connect'))
 */
export function scheduleIdlePrefetch(option: PrefetchOption | undefined, env: IdleEnvironment | undefined, run: () => void): () => void {
  if (option === false || !env || isConstrainedConnection(env.connection)) return () => {}
  let cancelled = false
  let stop = () => {}
  const due = () => {
    if (cancelled || isConstrainedConnection(env.connection)) return
    cancelled = true
    run()
  }
  const afterLoad = () => {
    if (cancelled) return
    if (env.requestIdleCallback) {
      const handle = env.requestIdleCallback(due, { timeout: idleTimeoutMs })
      stop = () => env.cancelIdleCallback?.(handle)
    } else {
      const handle = env.setTimeout(due, idleFallbackDelayMs)
      stop = () => env.clearTimeout(handle)
    }
  }
  if (env.readyState() === 'complete') afterLoad()
  else stop = env.onLoad(afterLoad)
  return () => {
    if (cancelled) return
    cancelled = true
    stop()
  }
}
