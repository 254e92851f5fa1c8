// @vitest-environment happy-dom
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { arbitrum, mainnet } from '../adapters/networks.ts'
import { createMemoryStorage } from '../services/storage.ts'
import { createModal, InvalidOptionsError, type ModalOptions } from './createModal.ts'
import { holdIdleCallbacks } from '../tests/harness/idleCallbacks.ts'
import { forgetCoreForTests } from './coreModule.ts'
import { idleFallbackDelayMs, idleTimeoutMs, isConstrainedConnection, scheduleIdlePrefetch, type IdleEnvironment } from './idlePrefetch.ts'

/**
 * The idle prefetch of the first open (`prefetch` option): when it runs (after `load`, in an idle callback, or
 * 200 ms after `load` without one), when it never does (Save-Data, 2G, `prefetch: false`, cancelled), and the facade's
 * use of it (the first open's code requested at idle, nothing after `destroy` or an earlier intent). The page is a
 * controlled one: idle callbacks and timers run when the test says so.
 */

/** A page whose idle callbacks, timers and `load` the test fires itself. */
function controlledPage(init: { idle?: boolean; loaded?: boolean; connection?: IdleEnvironment['connection'] } = {}) {
  const idle = new Map<number, () => void>()
  const timers = new Map<number, { run: () => void; ms: number }>()
  const loads = new Set<() => void>()
  let next = 1
  let loaded = init.loaded ?? true
  const env: IdleEnvironment = {
    requestIdleCallback:
      init.idle === false
        ? undefined
        : (cb, options) => {
            expect(options?.timeout).toBe(idleTimeoutMs)
            idle.set(next, cb)
            return next++
          },
    cancelIdleCallback: (handle) => void idle.delete(handle),
    setTimeout: (cb, ms) => {
      timers.set(next, { run: cb, ms })
      return next++
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    readyState: () => (loaded ? 'complete' : 'interactive'),
    onLoad: (listener) => {
      loads.add(listener)
      return () => void loads.delete(listener)
    },
    connection: init.connection,
  }
  return {
    env,
    pendingIdle: () => idle.size,
    pendingTimers: () => [...timers.values()].map((t) => t.ms),
    fireIdle: () => {
      for (const [handle, cb] of [...idle]) {
        idle.delete(handle)
        cb()
      }
    },
    fireTimers: () => {
      for (const [handle, t] of [...timers]) {
        timers.delete(handle)
        t.run()
      }
    },
    load: () => {
      loaded = true
      for (const listener of [...loads]) listener()
      loads.clear()
    },
  }
}

describe('scheduleIdlePrefetch', () => {
  test('behavior: on a loaded page, run is called in the first idle callback, once', () => {
    const page = controlledPage()
    const run = vi.fn()
    scheduleIdlePrefetch('idle', page.env, run)
    expect(run).not.toHaveBeenCalled()
    expect(page.pendingIdle()).toBe(1)
    page.fireIdle()
    expect(run).toHaveBeenCalledTimes(1)
    page.fireIdle()
    expect(run).toHaveBeenCalledTimes(1)
  })

  test('behavior: the default (option undefined) is idle', () => {
    const page = controlledPage()
    const run = vi.fn()
    scheduleIdlePrefetch(undefined, page.env, run)
    page.fireIdle()
    expect(run).toHaveBeenCalledTimes(1)
  })

  test('behavior: before load, nothing is scheduled until load; then the idle callback', () => {
    const page = controlledPage({ loaded: false })
    const run = vi.fn()
    scheduleIdlePrefetch('idle', page.env, run)
    expect(page.pendingIdle()).toBe(0)
    page.fireIdle()
    expect(run).not.toHaveBeenCalled()
    page.load()
    expect(page.pendingIdle()).toBe(1)
    page.fireIdle()
    expect(run).toHaveBeenCalledTimes(1)
  })

  test(`behavior: without requestIdleCallback, run is called ${idleFallbackDelayMs} ms after load`, () => {
    const page = controlledPage({ idle: false, loaded: false })
    const run = vi.fn()
    scheduleIdlePrefetch('idle', page.env, run)
    expect(page.pendingTimers()).toEqual([])
    page.load()
    expect(page.pendingTimers()).toEqual([idleFallbackDelayMs])
    expect(run).not.toHaveBeenCalled()
    page.fireTimers()
    expect(run).toHaveBeenCalledTimes(1)
  })

  test.each([
    ['Save-Data on', { saveData: true, effectiveType: '4g' }],
    ['a 2g effective type', { effectiveType: '2g' }],
    ['a slow-2g effective type', { effectiveType: 'slow-2g' }],
  ])('behavior: %s: nothing is scheduled, nothing runs', (_name, connection) => {
    const page = controlledPage({ connection })
    const run = vi.fn()
    scheduleIdlePrefetch('idle', page.env, run)
    expect(page.pendingIdle()).toBe(0)
    page.fireIdle()
    page.load()
    page.fireIdle()
    expect(run).not.toHaveBeenCalled()
  })

  test('behavior: Save-Data turned on between scheduling and idle: run is not called', () => {
    const connection: { saveData?: boolean; effectiveType?: string } = { effectiveType: '4g' }
    const page = controlledPage({ connection })
    const run = vi.fn()
    scheduleIdlePrefetch('idle', page.env, run)
    connection.saveData = true
    page.fireIdle()
    expect(run).not.toHaveBeenCalled()
  })

  test('behavior: 3g, 4g, or no Network Information API: the prefetch runs', () => {
    expect(isConstrainedConnection(undefined)).toBe(false)
    expect(isConstrainedConnection({ effectiveType: '3g' })).toBe(false)
    expect(isConstrainedConnection({ effectiveType: '4g', saveData: false })).toBe(false)
  })

  test('behavior: prefetch false: nothing is scheduled, nothing runs', () => {
    const page = controlledPage()
    const run = vi.fn()
    scheduleIdlePrefetch(false, page.env, run)
    expect(page.pendingIdle()).toBe(0)
    page.fireIdle()
    expect(run).not.toHaveBeenCalled()
  })

  test('behavior: outside a browser (no environment) nothing is scheduled', () => {
    const run = vi.fn()
    expect(() => scheduleIdlePrefetch('idle', undefined, run)()).not.toThrow()
    expect(run).not.toHaveBeenCalled()
  })

  test('behavior: cancelled before idle (or before load): the callback is released and run is never called', () => {
    const page = controlledPage()
    const run = vi.fn()
    scheduleIdlePrefetch('idle', page.env, run)()
    expect(page.pendingIdle()).toBe(0)
    const before = controlledPage({ loaded: false, idle: false })
    scheduleIdlePrefetch('idle', before.env, run)()
    before.load()
    before.fireTimers()
    expect(run).not.toHaveBeenCalled()
  })
})

describe("the facade's idle prefetch", () => {
  const base = (extra: Partial<ModalOptions> = {}): ModalOptions =>
    ({ projectId: 'p', networks: [mainnet, arbitrum], storage: createMemoryStorage(), walletConnect: false, enableReconnect: false, ...extra }) as ModalOptions
  const idle = holdIdleCallbacks()
  /**
   * Each idle step waits on modules imported lazily (the core, Connect's, the feature machines): on a loaded machine
   * Vitest's transform of them can take seconds, so these waits get the test's own limit rather than waitFor's 1 s.
   */
  const imported = { timeout: 15_000, interval: 20 }
  beforeEach(() => {
    forgetCoreForTests()
  })
  const fireIdle = () => idle.fire()

  test("behavior: at idle the first open's code is fetched (core, shell, Connect); in the next idle period the core is created, with no intent", async () => {
    const modal = createModal(base())
    expect(modal.isCoreRequested()).toBe(false)
    fireIdle()
    expect(modal.isCoreRequested()).toBe(true)
    expect(modal.peekCore()).toBeUndefined()
    // The core's module arrives; its creation waits for an idle period of its own.
    await vi.waitFor(() => expect(idle.pending).toBe(1), imported)
    expect(modal.peekCore()).toBeUndefined()
    fireIdle()
    expect(modal.peekCore()).toBeDefined()
    // Created, not opened: nothing was asked of it.
    expect(modal.getState().open).toBe(false)
    modal.destroy()
  })

  test("behavior: in a third idle period Connect's feature machines (remote config, catalogue) are brought, with no request and no change of state", async () => {
    const fetches = vi.fn(globalThis.fetch)
    vi.stubGlobal('fetch', fetches)
    const modal = createModal(base())
    fireIdle()
    await vi.waitFor(() => expect(idle.pending).toBe(1), imported)
    fireIdle()
    const core = modal.peekCore()!
    const before = modal.getState()
    const listener = vi.fn()
    modal.subscribe(listener)
    expect(Object.keys(core.actor.getSnapshot().context.features)).toEqual([])
    await vi.waitFor(() => expect(idle.pending).toBe(1), imported)
    fireIdle()
    await vi.waitFor(() => expect(Object.keys(core.actor.getSnapshot().context.features).sort()).toEqual(['catalogue', 'remoteConfig']), imported)
    expect(fetches).not.toHaveBeenCalled()
    expect(modal.getState()).toBe(before)
    expect(listener).not.toHaveBeenCalled()
    // The opening then finds them there: the remote config loads on it, as it would have.
    modal.open()
    expect(modal.getState().open).toBe(true)
    modal.destroy()
  })

  test('behavior: an intent before the third idle period leaves the feature machines to the opening: the idle step brings none', async () => {
    const modal = createModal(base())
    fireIdle()
    await vi.waitFor(() => expect(idle.pending).toBe(1), imported)
    fireIdle()
    await vi.waitFor(() => expect(idle.pending).toBe(1), imported)
    modal.prefetch('Connect')
    modal.open()
    fireIdle()
    // The idle step would bring them once Connect's modules are in: they are, and it brought none.
    await import('./firstOpen.ts')
    await Promise.resolve()
    const { context } = modal.peekCore()!.actor.getSnapshot()
    // Neither spawned nor being fetched (Connect's view, not rendered here, would bring it).
    expect([...Object.keys(context.features), ...context.loading]).not.toContain('catalogue')
    expect(modal.getState().open).toBe(true)
    modal.destroy()
  })

  test('behavior: destroyed between the fetch and the next idle period: no core is created', async () => {
    const modal = createModal(base())
    fireIdle()
    await vi.waitFor(() => expect(idle.pending).toBe(1), imported)
    modal.destroy()
    fireIdle()
    expect(modal.peekCore()).toBeUndefined()
  })

  test('behavior: Save-Data turned on between the fetch and the next idle period: no core is created until an intent', async () => {
    const connection = { saveData: false }
    vi.stubGlobal('navigator', { ...navigator, connection })
    const modal = createModal(base())
    fireIdle()
    await vi.waitFor(() => expect(idle.pending).toBe(1), imported)
    connection.saveData = true
    fireIdle()
    expect(modal.peekCore()).toBeUndefined()
    await modal.ready()
    expect(modal.peekCore()).toBeDefined()
    modal.destroy()
  })

  test('behavior: prefetch false: nothing is requested at idle', () => {
    const modal = createModal(base({ prefetch: false }))
    expect(idle.pending).toBe(0)
    fireIdle()
    expect(modal.isCoreRequested()).toBe(false)
    modal.destroy()
  })

  test('behavior: Save-Data on: nothing is requested at idle', () => {
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } })
    const modal = createModal(base())
    fireIdle()
    expect(modal.isCoreRequested()).toBe(false)
    modal.destroy()
  })

  test('behavior: destroyed before idle: nothing is requested after destroy', () => {
    const modal = createModal(base())
    modal.destroy()
    fireIdle()
    expect(modal.isCoreRequested()).toBe(false)
  })

  test('behavior: an invalid prefetch option throws InvalidOptionsError naming it', () => {
    expect(() => createModal(base({ prefetch: 'eager' as unknown as false }))).toThrow(InvalidOptionsError)
    expect(() => createModal(base({ prefetch: 'eager' as unknown as false }))).toThrow(/prefetch/)
  })
})
