import { describe, expect, test } from 'vitest'
import { ApiError } from '../services/api.ts'
import { BaseError, RequestTimeoutError } from './errors.ts'
import { asOfflineError, isNetworkFailure, isOffline, OfflineError, watchOnline, type ConnectivityTarget } from './connectivity.ts'
import { ForeignError } from '../tests/harness/failures.ts'

/** A window-like target whose `onLine` and listeners the test controls. */
function target(onLine: boolean) {
  const listeners = new Set<() => void>()
  const t = {
    navigator: { onLine },
    addEventListener: (type: string, l: () => void) => void (type === 'online' && listeners.add(l)),
    removeEventListener: (type: string, l: () => void) => void (type === 'online' && listeners.delete(l)),
    fire: () => listeners.forEach((l) => l()),
    listeners,
  }
  return t satisfies ConnectivityTarget
}

describe('connectivity', () => {
  test('behavior: offline only when the browser says so; no navigator is not offline', () => {
    expect(isOffline(target(false))).toBe(true)
    expect(isOffline(target(true))).toBe(false)
    expect(isOffline({})).toBe(false)
  })

  test("behavior: a fetch's TypeError along the cause chain is the network's; an HTTP status or a timeout is the server's", () => {
    const failed = new BaseError('The getWallets request failed.', { cause: new TypeError('Failed to fetch') })
    expect(isNetworkFailure(failed)).toBe(true)
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true)
    expect(isNetworkFailure(new ApiError({ status: 500, body: '', url: 'http://127.0.0.1/x' }))).toBe(false)
    expect(isNetworkFailure(new RequestTimeoutError('getWallets', 10_000, { cause: new TypeError('x') }))).toBe(false)
    expect(isNetworkFailure(new ForeignError('down'))).toBe(false)
    // The API client's own timeout (and an abort) are this side's, whatever their cause.
    const timeout = Object.assign(new BaseError('No answer within 10000 ms.', { cause: new TypeError('x') }), { name: 'ApiTimeoutError' })
    expect(isNetworkFailure(timeout)).toBe(false)
    expect(isNetworkFailure(new BaseError('The getWallets request failed.', { cause: new DOMException('aborted', 'AbortError') }))).toBe(false)
    expect(isNetworkFailure(undefined)).toBe(false)
    // A cause cycle ends.
    const a = new BaseError('a') as BaseError & { cause: unknown }
    a.cause = a
    expect(isNetworkFailure(a)).toBe(false)
  })

  test('behavior: asOfflineError wraps network failures and any failure while offline; others pass unchanged', () => {
    const http = new ApiError({ status: 500, body: '', url: 'http://127.0.0.1/x' })
    expect(asOfflineError(http, target(true))).toBe(http)
    expect(asOfflineError(http, target(false))).toBeInstanceOf(OfflineError)
    const net = asOfflineError(new TypeError('Failed to fetch'), target(true)) as OfflineError
    expect(net).toBeInstanceOf(OfflineError)
    expect(net.cause).toBeInstanceOf(TypeError)
    expect(net.shortMessage).toMatchInlineSnapshot(`"The network is unreachable: the browser is offline or the request got no answer."`)
    const offline = new OfflineError()
    expect(asOfflineError(offline, target(true))).toBe(offline)
  })

  test("behavior: watchOnline calls back on each 'online' event until unsubscribed; no window, no listener", () => {
    const t = target(false)
    let calls = 0
    const stop = watchOnline(() => calls++, t)
    t.fire()
    t.fire()
    expect(calls).toBe(2)
    stop()
    expect(t.listeners.size).toBe(0)
    t.fire()
    expect(calls).toBe(2)
    expect(() => watchOnline(() => calls++, {})()).not.toThrow()
  })
})
