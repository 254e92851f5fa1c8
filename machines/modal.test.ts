import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor } from 'xstate'
import { modalMachine, modalPresence } from './modal.ts'

describe('modal', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  function start() {
    const actor = createActor(modalMachine, { input: {} }).start()
    const emitted: string[] = []
    actor.on('*', (e) => emitted.push(e.type))
    return { actor, emitted }
  }

  test('behavior: starts closed and unmounted', () => {
    const { actor } = start()
    expect(actor.getSnapshot().value).toBe('closed')
    expect(modalPresence(actor.getSnapshot())).toBe('unmounted')
  })

  test('behavior: opening mounts with the loading flag until the view is loaded', () => {
    const { actor, emitted } = start()
    actor.send({ type: 'modal.open' })
    expect(modalPresence(actor.getSnapshot())).toBe('mounted')
    expect(actor.getSnapshot().matches({ open: { content: 'loading' } })).toBe(true)
    actor.send({ type: 'modal.loaded' })
    expect(actor.getSnapshot().matches({ open: { content: 'ready' } })).toBe(true)
    expect(emitted).toEqual(['modal.opened'])
  })

  test('behavior: closing emits closing at once, passes through unmountSuspended for the view transition, then emits closed', () => {
    const { actor, emitted } = start()
    actor.send({ type: 'modal.open' })
    actor.send({ type: 'modal.close' })
    expect(emitted).toEqual(['modal.opened', 'modal.closing'])
    expect(modalPresence(actor.getSnapshot())).toBe('unmountSuspended')
    vi.advanceTimersByTime(149)
    expect(actor.getSnapshot().value).toBe('closing')
    vi.advanceTimersByTime(1)
    expect(actor.getSnapshot().value).toBe('closed')
    expect(emitted).toEqual(['modal.opened', 'modal.closing', 'modal.closed'])
  })

  test('behavior: reopening while closing cancels the close', () => {
    const { actor, emitted } = start()
    actor.send({ type: 'modal.open' })
    actor.send({ type: 'modal.close' })
    actor.send({ type: 'modal.open' })
    vi.advanceTimersByTime(1000)
    expect(modalPresence(actor.getSnapshot())).toBe('mounted')
    expect(emitted).toEqual(['modal.opened', 'modal.closing', 'modal.opened'])
  })

  test('behavior: a refused close shakes for 500 ms, restarted by another refused close; the content stays loaded', () => {
    const { actor } = start()
    actor.send({ type: 'modal.open' })
    actor.send({ type: 'modal.loaded' })
    actor.send({ type: 'modal.setCloseBlocked', blocked: true })
    actor.send({ type: 'modal.close' })
    vi.advanceTimersByTime(300)
    actor.send({ type: 'modal.close' })
    expect(actor.getSnapshot().matches({ open: { content: 'ready', shake: 'shaking' } })).toBe(true)
    expect(actor.getSnapshot().matches({ open: { shake: 'shaking' } })).toBe(true)
    vi.advanceTimersByTime(499)
    expect(actor.getSnapshot().matches({ open: { shake: 'shaking' } })).toBe(true)
    vi.advanceTimersByTime(1)
    expect(actor.getSnapshot().matches({ open: { shake: 'still' } })).toBe(true)
  })

  test('behavior: closing is refused while a required sign-in has no session; the modal shakes instead', () => {
    const { actor, emitted } = start()
    actor.send({ type: 'modal.open' })
    actor.send({ type: 'modal.setCloseBlocked', blocked: true })
    actor.send({ type: 'modal.close' })
    expect(modalPresence(actor.getSnapshot())).toBe('mounted')
    expect(actor.getSnapshot().matches({ open: { shake: 'shaking' } })).toBe(true)
    actor.send({ type: 'modal.setCloseBlocked', blocked: false })
    actor.send({ type: 'modal.close' })
    vi.advanceTimersByTime(150)
    expect(emitted).toEqual(['modal.opened', 'modal.closing', 'modal.closed'])
  })
})
