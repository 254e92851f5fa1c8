import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor } from 'xstate'
import { timing } from './timing.ts'
import { toastMachine } from './toast.ts'
import { messageOf } from './messages.ts'

describe('toast', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())
  const current = (a: ReturnType<typeof createActor<typeof toastMachine>>) => (a.getSnapshot().matches('visible') ? a.getSnapshot().context.current : undefined)

  test('behavior: shows a message at once when none is open', () => {
    const a = createActor(toastMachine).start()
    a.send({ type: 'toast.show', variant: 'success', message: 'Copied' })
    expect(current(a)).toEqual({ variant: 'success', message: 'Copied' })
  })

  test('behavior: an open toast closes and the next appears after 150 ms', () => {
    const a = createActor(toastMachine).start()
    a.send({ type: 'toast.show', variant: 'loading', message: 'Waiting' })
    a.send({ type: 'toast.show', variant: 'error', message: 'Failed' })
    expect(a.getSnapshot().value).toBe('swapping')
    expect(current(a)).toBeUndefined()
    vi.advanceTimersByTime(149)
    expect(current(a)).toBeUndefined()
    vi.advanceTimersByTime(1)
    expect(current(a)).toEqual({ variant: 'error', message: 'Failed' })
  })

  test('behavior: success and error hide after the toast ttl; loading stays', () => {
    const a = createActor(toastMachine).start()
    a.send({ type: 'toast.show', variant: 'loading', message: 'Waiting' })
    vi.advanceTimersByTime(timing.toastTtl * 3)
    expect(current(a)?.variant).toBe('loading')
    a.send({ type: 'toast.hide' })
    a.send({ type: 'toast.show', variant: 'success', message: 'Done' })
    vi.advanceTimersByTime(timing.toastTtl)
    expect(a.getSnapshot().value).toBe('hidden')
    expect(a.getSnapshot().context.current).toBeUndefined()
  })

  test('behavior: a success or error toast with a Details button stays for toastActionTtl, then hides; one without, toastTtl', () => {
    const a = createActor(toastMachine).start()
    a.send({ type: 'toast.show', variant: 'success', message: 'Calls confirmed', opens: 'CallsStatus' })
    vi.advanceTimersByTime(timing.toastActionTtl - 1)
    expect(current(a)).toEqual({ variant: 'success', message: 'Calls confirmed', opens: 'CallsStatus' })
    vi.advanceTimersByTime(1)
    expect(a.getSnapshot().value).toBe('hidden')
    // The next one, without a button, keeps the short ttl (the delay is read from the toast that shows).
    a.send({ type: 'toast.show', variant: 'error', message: 'Failed' })
    vi.advanceTimersByTime(timing.toastTtl)
    expect(a.getSnapshot().value).toBe('hidden')
    expect(timing.toastActionTtl).toBeGreaterThan(timing.toastTtl)
  })

  test('behavior: the last of several quick messages wins', () => {
    const a = createActor(toastMachine).start()
    a.send({ type: 'toast.show', variant: 'success', message: 'one' })
    a.send({ type: 'toast.show', variant: 'success', message: 'two' })
    a.send({ type: 'toast.show', variant: 'error', message: 'three' })
    vi.advanceTimersByTime(150)
    expect(current(a)?.message).toBe('three')
  })

  test('behavior: a hide naming a loading toast hides only that one, shown or about to show; another toast stays', () => {
    const a = createActor(toastMachine).start()
    a.send({ type: 'toast.show', variant: 'success', message: 'Address copied' })
    a.send({ type: 'toast.hide', loading: 'sendSubmitted' })
    expect(current(a)?.message).toBe('Address copied')
    a.send({ type: 'toast.show', variant: 'loading', message: messageOf('sendSubmitted') })
    expect(a.getSnapshot().value).toBe('swapping')
    a.send({ type: 'toast.hide', loading: 'sendSubmitted' })
    expect(a.getSnapshot().value).toBe('hidden')
    a.send({ type: 'toast.show', variant: 'loading', message: messageOf('sendSubmitted') })
    a.send({ type: 'toast.hide', loading: 'sendSubmitted' })
    expect(a.getSnapshot().value).toBe('hidden')
  })
})
