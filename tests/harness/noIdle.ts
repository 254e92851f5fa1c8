/**
 * Unit tests' setup: a test's page is never idle. The modal's idle prefetch (`prefetch: 'idle'`, ui/idlePrefetch.ts)
 * would otherwise fetch Connect's chunk 200 ms after load (happy-dom lacks requestIdleCallback, so the fallback timer
 * runs), in the middle of a test or after its environment is torn down (Vitest's EnvironmentTeardownError).
 * ui/idlePrefetch.test.ts replaces this with an idle callback it fires itself. Only where there is a window.
 */
if (typeof window !== 'undefined') {
  Object.assign(globalThis, { requestIdleCallback: () => 0, cancelIdleCallback: () => {} })
}
