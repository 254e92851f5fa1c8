// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFrameTransport, FrameAbortError, FrameNotSetError, FrameReplyError, FRAME_Z_INDEX, type FrameTransport } from './frame.ts'
import { frameError, frameSuccess, frameUrl } from './frame.protocol.ts'
import { waitFor } from '../tests/harness/waitFor.ts'

const ORIGIN = 'https://secure.test'
const url = frameUrl({ secureSiteUrl: ORIGIN, projectId: 'p', chainId: 1, enableLogger: false })

let transport: FrameTransport
let posted: Array<{ message: any; targetOrigin: string }>
let frameWindow: Window

beforeEach(() => {
  ;(window as any).happyDOM?.settings && ((window as any).happyDOM.settings.disableIframePageLoading = true)
  let n = 0
  transport = createFrameTransport({ url, createId: () => `id-${++n}` })
  const iframe = transport.mount()
  posted = []
  // The fake frame window (happy-dom loads no page here): what the dapp posts to it is recorded.
  frameWindow = { postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }) } as unknown as Window
  Object.defineProperty(iframe, 'contentWindow', { get: () => frameWindow })
})
afterEach(() => transport.destroy())

/** A message arriving at the dapp's window, from `source` at `origin`. */
function arrive(data: unknown, { source = frameWindow as unknown, origin = ORIGIN } = {}) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }))
}

describe('frame transport', () => {
  it('behavior: mounts one hidden iframe at the frame URL, above the modal', () => {
    const frames = document.querySelectorAll('iframe[data-latchkey-frame]')
    expect(frames).toHaveLength(1)
    const iframe = frames[0] as HTMLIFrameElement
    expect(iframe.src).toBe(url)
    expect(iframe.style.zIndex).toBe(String(FRAME_Z_INDEX))
    expect(iframe.style.opacity).toBe('0')
    expect(iframe.style.pointerEvents).toBe('none')
    expect(transport.mount()).toBe(iframe)
  })

  it('behavior: show places the iframe over a rect, show(undefined) hides it', () => {
    transport.show({ top: 10, left: 20, width: 300, height: 400 })
    const s = transport.iframe!.style
    expect([s.top, s.left, s.width, s.height, s.opacity, s.pointerEvents]).toEqual(['10px', '20px', '300px', '400px', '1', 'auto'])
    const dim = document.querySelector('[data-latchkey-frame-backdrop]') as HTMLElement
    expect(dim.style.display).toBe('block')
    transport.show(undefined)
    expect([transport.iframe!.style.width, transport.iframe!.style.opacity]).toEqual(['0px', '0'])
    expect(dim.style.display).toBe('none')
  })

  it('behavior: a request posts APP_<KIND> to the secure origin and resolves with the matching reply', async () => {
    const reply = transport.request('CONNECT_EMAIL', { email: 'ada@example.com' })
    expect(posted).toEqual([{ message: { id: 'id-1', type: 'APP_CONNECT_EMAIL', payload: { email: 'ada@example.com' } }, targetOrigin: ORIGIN }])
    arrive(frameSuccess('CONNECT_EMAIL', 'id-1', { action: 'VERIFY_OTP' }))
    await expect(reply).resolves.toEqual({ action: 'VERIFY_OTP' })
    expect(transport.pending()).toBe(0)
  })

  it('behavior: an error reply rejects with its message, or "An error occurred", and the throttle seconds', async () => {
    const a = transport.request('CONNECT_EMAIL', { email: 'ada@example.com' })
    const b = transport.request('SIGN_OUT', {})
    arrive(frameError('CONNECT_EMAIL', 'id-1', { message: 'Please try again after 12 seconds', retryAfterSeconds: 12 }))
    arrive(frameError('SIGN_OUT', 'id-2', { message: '' }))
    await expect(a).rejects.toMatchObject({ name: 'FrameReplyError', shortMessage: 'Please try again after 12 seconds', retryAfterSeconds: 12 })
    await expect(b).rejects.toThrowError(new FrameReplyError({}).message)
    expect(new FrameReplyError({}).shortMessage).toBe('An error occurred')
  })

  it('security: replies from another origin, another window, with an unknown id or of another kind are dropped', async () => {
    const settled = vi.fn()
    transport.request('IS_CONNECTED', {}).then(settled, settled)
    arrive(frameSuccess('IS_CONNECTED', 'id-1', { isConnected: true }), { origin: 'https://evil.test' })
    arrive(frameSuccess('IS_CONNECTED', 'id-1', { isConnected: true }), { source: window })
    arrive(frameSuccess('IS_CONNECTED', 'id-1', { isConnected: true }), { source: null })
    arrive(frameSuccess('IS_CONNECTED', 'id-9', { isConnected: true }))
    arrive(frameSuccess('GET_CHAIN_ID', 'id-1', { chainId: 1 }))
    arrive({ id: 'id-1', type: 'FRAME_IS_CONNECTED_SUCCESS', payload: { isConnected: 'yes' } })
    await Promise.resolve()
    expect(settled).not.toHaveBeenCalled()
    expect(transport.pending()).toBe(1)
    arrive(frameSuccess('IS_CONNECTED', 'id-1', { isConnected: false }))
    await waitFor(() => expect(settled).toHaveBeenCalledWith({ isConnected: false }))
    // a second reply to a settled id changes nothing
    arrive(frameSuccess('IS_CONNECTED', 'id-1', { isConnected: true }))
    expect(settled).toHaveBeenCalledTimes(1)
  })

  it('behavior: events reach the listeners only from the frame', () => {
    const seen = vi.fn()
    const off = transport.onEvent(seen)
    arrive({ type: 'FRAME_READY', payload: { version: 4 } }, { origin: 'https://evil.test' })
    arrive({ type: 'FRAME_READY', payload: { version: 4 } })
    expect(seen).toHaveBeenCalledTimes(1)
    expect(seen).toHaveBeenCalledWith({ type: 'FRAME_READY', payload: { version: 4 } })
    off()
    arrive({ type: 'FRAME_READY', payload: { version: 4 } })
    expect(seen).toHaveBeenCalledTimes(1)
  })

  it('behavior: an aborted RPC request rejects with "Request was aborted" and is aborted in the frame; others "Something went wrong"', async () => {
    const controller = new AbortController()
    const rpc = transport.request('RPC_REQUEST', { method: 'personal_sign', params: [], chainId: 1, chainNamespace: 'eip155' }, { signal: controller.signal })
    controller.abort()
    await expect(rpc).rejects.toThrowError('Request was aborted')
    expect(posted.at(-1)!.message).toEqual({ id: 'id-2', type: 'APP_RPC_ABORT', payload: { id: 'id-1' } })
    const other = new AbortController()
    const email = transport.request('CONNECT_EMAIL', { email: 'a@b.co' }, { signal: other.signal })
    other.abort()
    await expect(email).rejects.toBeInstanceOf(FrameAbortError)
    await expect(email).rejects.toThrowError('Something went wrong')
    expect(transport.pending()).toBe(0)
  })

  it('bad input: a request before mount rejects with "LatchkeyFrame: iframe is not set"', async () => {
    const unmounted = createFrameTransport({ url })
    await expect(unmounted.request('IS_CONNECTED', {})).rejects.toBeInstanceOf(FrameNotSetError)
    await expect(unmounted.request('IS_CONNECTED', {})).rejects.toThrowError('LatchkeyFrame: iframe is not set')
    unmounted.destroy()
  })

  it('behavior: destroy removes the iframe and rejects what is pending', async () => {
    const p = transport.request('GET_USER', {})
    transport.destroy()
    await expect(p).rejects.toBeInstanceOf(FrameAbortError)
    expect(document.querySelector('iframe[data-latchkey-frame]')).toBeNull()
    expect(document.querySelector('[data-latchkey-frame-backdrop]')).toBeNull()
  })

  it('security: 1000 fuzzed messages from the frame and elsewhere settle nothing, reach no listener, throw nothing', async () => {
    const settled = vi.fn()
    const seen = vi.fn()
    transport.onEvent(seen)
    transport.request('GET_USER', {}).then(settled, settled)
    let seed = 42
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!
    const types = ['FRAME_GET_USER_SUCCESS', 'FRAME_GET_USER_ERROR', 'FRAME_READY', 'FRAME_SESSION_UPDATE', 'FRAME_RPC_APPROVAL_OPEN', 'APP_GET_USER', 'FRAME_X_SUCCESS', '', '__proto__']
    const values = () => pick<unknown>([null, undefined, 1, -1, NaN, '', 'x'.repeat(200), [], {}, { version: 'four' }, { address: '0x1' }, { message: 5 }, { id: 7 }, true])
    for (let i = 0; i < 1000; i++) {
      const kind = rand()
      const data = kind < 0.2 ? values() : { id: pick(['id-1', 'id-2', '', 5, undefined, 'x'.repeat(300)]), type: pick(types), payload: values() }
      // valid shapes only arrive from the wrong origin or window
      const from = rand() < 0.5 ? { origin: 'https://evil.test' } : rand() < 0.5 ? { source: window } : {}
      const isValidReply = typeof data === 'object' && data !== null && (data as any).id === 'id-1' && (data as any).type === 'FRAME_GET_USER_ERROR' && typeof (data as any).payload?.message === 'string'
      if (isValidReply) continue
      expect(() => arrive(data, from as never)).not.toThrow()
    }
    await Promise.resolve()
    expect(settled).not.toHaveBeenCalled()
    expect(seen).not.toHaveBeenCalled()
    expect(transport.pending()).toBe(1)
  })
})
