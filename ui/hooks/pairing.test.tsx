// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { timing } from '../../machines/timing.ts'
import { useDeepLinkFallback } from './pairing.ts'

/**
 * The deep link's fallback: after the tap, "Copy link" and "Get the app" show only when the page is still
 * visible `timing.deepLinkFallbackDelay` later; the wallet app taking the screen (`visibilitychange` to hidden,
 * `pagehide`) means it opened.
 */
let visibility: DocumentVisibilityState = 'visible'
beforeEach(() => {
  vi.useFakeTimers()
  visibility = 'visible'
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility)
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

function hide() {
  visibility = 'hidden'
  document.dispatchEvent(new Event('visibilitychange'))
}

describe('useDeepLinkFallback', () => {
  test('behavior: nothing before the tap; the page still visible after the delay: the fallback shows', () => {
    const { result } = renderHook(() => useDeepLinkFallback())
    act(() => vi.advanceTimersByTime(timing.deepLinkFallbackDelay * 2))
    expect(result.current.showFallback).toBe(false)
    act(() => result.current.opened())
    act(() => vi.advanceTimersByTime(timing.deepLinkFallbackDelay - 1))
    expect(result.current.showFallback).toBe(false)
    act(() => vi.advanceTimersByTime(1))
    expect(result.current.showFallback).toBe(true)
  })

  test('behavior: the page went hidden (the app opened): no fallback, even once the visitor is back', () => {
    const { result } = renderHook(() => useDeepLinkFallback())
    act(() => result.current.opened())
    act(() => hide())
    visibility = 'visible'
    act(() => vi.advanceTimersByTime(timing.deepLinkFallbackDelay))
    expect(result.current.showFallback).toBe(false)
  })

  test('behavior: pagehide (the browser left for the app) counts as opened', () => {
    const { result } = renderHook(() => useDeepLinkFallback())
    act(() => result.current.opened())
    act(() => void window.dispatchEvent(new Event('pagehide')))
    act(() => vi.advanceTimersByTime(timing.deepLinkFallbackDelay))
    expect(result.current.showFallback).toBe(false)
  })

  test('behavior: another tap hides the fallback and watches again', () => {
    const { result } = renderHook(() => useDeepLinkFallback())
    act(() => result.current.opened())
    act(() => vi.advanceTimersByTime(timing.deepLinkFallbackDelay))
    expect(result.current.showFallback).toBe(true)
    act(() => result.current.opened())
    expect(result.current.showFallback).toBe(false)
    act(() => hide())
    act(() => vi.advanceTimersByTime(timing.deepLinkFallbackDelay))
    expect(result.current.showFallback).toBe(false)
  })

  test('behavior: unmounted before the delay: no timer or listener left behind', () => {
    const { result, unmount } = renderHook(() => useDeepLinkFallback())
    act(() => result.current.opened())
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })
})
