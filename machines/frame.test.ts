import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, toPromise, type EventObject } from 'xstate'
import { deferred, type Deferred } from '../tests/harness/deferred.ts'
import { FrameAbortError, FrameReplyError } from '../adapters/frame.ts'
import { frameMachine, frameRequestMachine, type FrameRequestInput, providerAlertOf } from './frame.ts'
import { timing } from './timing.ts'

function frameHarness(debug = true) {
  const mounts: Array<{ sendBack: (e: EventObject) => void; removed: boolean }> = []
  const actor = createActor(
    frameMachine.provide({
      actors: {
        mount: fromCallback<EventObject>(({ sendBack }) => {
          const m = { sendBack, removed: false }
          mounts.push(m)
          return () => void (m.removed = true)
        }),
      },
    }),
    { input: { debug } },
  )
  const alerts: string[] = []
  actor.on('frame.alert', (e) => alerts.push(e.key))
  actor.start()
  return { actor, mounts, alerts, value: () => actor.getSnapshot().value }
}

describe('frame machine (spec §4 "Embedded frame")', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
  afterEach(() => vi.useRealTimers())

  test('behavior: nothing is mounted before frame.load; FRAME_READY then the 500 ms ready delay makes it ready', () => {
    const h = frameHarness()
    expect(h.mounts).toHaveLength(0)
    h.actor.send({ type: 'frame.load' })
    expect(h.mounts).toHaveLength(1)
    expect(h.value()).toEqual({ live: 'loading' })
    h.mounts[0]!.sendBack({ type: 'frame.ready' })
    expect(h.value()).toEqual({ live: 'settling' })
    vi.advanceTimersByTime(timing.iframeReadyDelay - 1)
    expect(h.value()).toEqual({ live: 'settling' })
    vi.advanceTimersByTime(1)
    expect(h.value()).toEqual({ live: 'ready' })
    expect(h.mounts[0]!.removed).toBe(false)
  })

  test('behavior: no FRAME_READY within 20 s → failed (iframe_load_failed), iframe removed, alert once; frame.load retries', () => {
    const h = frameHarness()
    h.actor.send({ type: 'frame.load' })
    vi.advanceTimersByTime(timing.iframeLoadTimeout)
    expect(h.value()).toBe('failed')
    expect(h.actor.getSnapshot().context.error).toBe('iframe_load_failed')
    expect(h.mounts[0]!.removed).toBe(true)
    expect(h.alerts).toEqual(['IFRAME_LOAD_FAILED'])
    h.actor.send({ type: 'frame.load' })
    expect(h.mounts).toHaveLength(2)
    expect(h.actor.getSnapshot().context.error).toBeUndefined()
    vi.advanceTimersByTime(timing.iframeLoadTimeout)
    expect(h.alerts).toEqual(['IFRAME_LOAD_FAILED'])
  })

  test('behavior: request timeouts alert once; nothing alerts outside debug mode', () => {
    const h = frameHarness()
    h.actor.send({ type: 'frame.requestTimedOut' })
    h.actor.send({ type: 'frame.requestTimedOut' })
    expect(h.alerts).toEqual(['IFRAME_REQUEST_TIMEOUT'])
    const quiet = frameHarness(false)
    quiet.actor.send({ type: 'frame.load' })
    vi.advanceTimersByTime(timing.iframeLoadTimeout)
    quiet.actor.send({ type: 'frame.requestTimedOut' })
    expect(quiet.value()).toBe('failed')
    expect(quiet.alerts).toEqual([])
  })

  test('behavior: a session not yet valid alerts SESSION_EXPIRED once in debug mode; nothing outside it', () => {
    const h = frameHarness()
    h.actor.send({ type: 'frame.providerError', key: 'SESSION_EXPIRED' })
    h.actor.send({ type: 'frame.providerError', key: 'SESSION_EXPIRED' })
    h.actor.send({ type: 'frame.requestTimedOut' })
    expect(h.alerts).toEqual(['SESSION_EXPIRED', 'IFRAME_REQUEST_TIMEOUT'])
    const quiet = frameHarness(false)
    quiet.actor.send({ type: 'frame.providerError', key: 'SESSION_EXPIRED' })
    expect(quiet.alerts).toEqual([])
  })

  test('spec §8 provider error mapping: each provider error alerts its own key, once each, in debug mode only', () => {
    const h = frameHarness()
    for (const key of ['ORIGIN_NOT_ALLOWED', 'INVALID_PROJECT_ID', 'ORIGIN_NOT_ALLOWED', 'SESSION_EXPIRED', 'INVALID_PROJECT_ID'] as const) h.actor.send({ type: 'frame.providerError', key })
    expect(h.alerts).toEqual(['ORIGIN_NOT_ALLOWED', 'INVALID_PROJECT_ID', 'SESSION_EXPIRED'])
    const quiet = frameHarness(false)
    quiet.actor.send({ type: 'frame.providerError', key: 'ORIGIN_NOT_ALLOWED' })
    expect(quiet.alerts).toEqual([])
  })

  test('spec §8 provider error mapping: the provider’s messages, word for word, and nothing else', () => {
    expect(providerAlertOf({ message: 'Unauthorized: origin not allowed' })).toBe('ORIGIN_NOT_ALLOWED')
    expect(providerAlertOf({ message: 'JWT validation error: JWT Token is not yet valid' })).toBe('SESSION_EXPIRED')
    expect(providerAlertOf({ message: 'Unauthorized: invalid key' })).toBe('INVALID_PROJECT_ID')
  })

  test.each([[{ message: 'unauthorized: origin not allowed' }], [{ message: 'Unauthorized: invalid key.' }], [{ message: 'toString' }], [{ message: 5 }], [{}], [null], [undefined], ['Unauthorized: invalid key']])(
    'bad input: %j raises no provider error alert',
    (error) => {
      expect(providerAlertOf(error)).toBeUndefined()
    },
  )

  test('bad input: a FRAME_READY before frame.load or a second one changes nothing', () => {
    const h = frameHarness()
    h.actor.send({ type: 'frame.ready' })
    expect(h.value()).toBe('notReady')
    h.actor.send({ type: 'frame.load' })
    h.actor.send({ type: 'frame.load' })
    expect(h.mounts).toHaveLength(1)
  })
})

function requestHarness(input: FrameRequestInput) {
  const sends: Array<{ input: FrameRequestInput; reply: Deferred<unknown>; signal: AbortSignal }> = []
  const actor = createActor(
    frameRequestMachine.provide({
      actors: {
        send: fromPromise<unknown, FrameRequestInput>(({ input, signal }) => {
          const reply = deferred<unknown>()
          sends.push({ input, reply, signal })
          return reply.promise
        }),
      },
    }),
    { input },
  ).start()
  return { actor, sends, done: toPromise(actor) }
}

describe('frame request machine (spec §7, §8)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }))
  afterEach(() => vi.useRealTimers())

  test('behavior: the request is sent with its id and ends with the reply', async () => {
    const h = requestHarness({ id: 'r1', kind: 'GET_USER', payload: {} })
    expect(h.sends[0]!.input).toEqual({ id: 'r1', kind: 'GET_USER', payload: {} })
    h.sends[0]!.reply.resolve({ address: '0x1' })
    await expect(h.done).resolves.toEqual({ status: 'succeeded', result: { address: '0x1' } })
  })

  test('behavior: an error reply ends failed with its error', async () => {
    const h = requestHarness({ id: 'r1', kind: 'CONNECT_OTP', payload: { otp: '1' } })
    const error = new FrameReplyError({ message: 'Invalid code' })
    h.sends[0]!.reply.reject(error)
    await expect(h.done).resolves.toEqual({ status: 'failed', error })
  })

  test('behavior: connect email/device/OTP/social and the social redirect URI time out after 120 s (iframe_request_timeout) and are aborted', async () => {
    for (const kind of ['CONNECT_EMAIL', 'CONNECT_DEVICE', 'CONNECT_OTP', 'CONNECT_SOCIAL', 'GET_SOCIAL_REDIRECT_URI'] as const) {
      const h = requestHarness({ id: 'r', kind, payload: {} })
      vi.advanceTimersByTime(timing.iframeRequestTimeout)
      await expect(h.done).resolves.toEqual({ status: 'timedOut', reason: 'iframe_request_timeout' })
      expect(h.sends[0]!.signal.aborted).toBe(true)
    }
  })

  test('behavior: other kinds do not time out; abort ends them and aborts the send', async () => {
    const h = requestHarness({ id: 'r', kind: 'RPC_REQUEST', payload: {} })
    vi.advanceTimersByTime(timing.iframeRequestTimeout * 2)
    expect(h.actor.getSnapshot().value).toBe('pending')
    h.actor.send({ type: 'frameRequest.abort' })
    await expect(h.done).resolves.toEqual({ status: 'aborted' })
    expect(h.sends[0]!.signal.aborted).toBe(true)
    expect(new FrameAbortError('RPC_REQUEST').shortMessage).toBe('Request was aborted')
  })
})
