import { createFrameTransport, type FrameTransport } from '../../adapters/frame.ts'
import { frameError, frameSuccess, frameUrl, parseAppRequest, type AppRequest, type FrameErrorPayload, type FrameRequestKind, type FrameRequestResult } from '../../adapters/frame.protocol.ts'
import { TestFailure } from '../harness/failures.ts'

export const SECURE_ORIGIN = 'https://secure.test'

/**
 * The embedded wallet's frame for model walks in happy-dom (which loads no cross-origin page): the real transport,
 * whose iframe's window is a fake frame page that records the requests the dapp posts (parsed as the frame would) and
 * answers as the walk says, with messages from that window at the secure origin.
 */
export function frameFixture() {
  const requests: AppRequest[] = []
  const page = {
    postMessage: (data: unknown, targetOrigin: string) => {
      const parsed = parseAppRequest(data)
      if (parsed && targetOrigin === SECURE_ORIGIN) requests.push(parsed)
    },
  } as unknown as Window
  ;(window as any).happyDOM?.settings && ((window as any).happyDOM.settings.disableIframePageLoading = true)
  const transport: FrameTransport = createFrameTransport({ url: frameUrl({ secureSiteUrl: SECURE_ORIGIN, projectId: 'model', chainId: 31337, enableLogger: false }) })
  const mount = transport.mount.bind(transport)
  transport.mount = () => {
    const iframe = mount()
    Object.defineProperty(iframe, 'contentWindow', { configurable: true, get: () => page })
    return iframe
  }
  const say = (data: unknown) => window.dispatchEvent(new MessageEvent('message', { data, origin: SECURE_ORIGIN, source: page }))
  const last = (kind: FrameRequestKind) => [...requests].reverse().find((r) => r.type === `APP_${kind}`)
  return {
    transport,
    requests,
    /** The frame page says it is ready. */
    ready: () => say({ type: 'FRAME_READY', payload: { version: 4 } }),
    /** The frame answers the last request of `kind` with success. */
    succeed: <K extends FrameRequestKind>(kind: K, result: FrameRequestResult<K>) => {
      const r = last(kind)
      if (!r) throw new TestFailure(`no ${kind} request to answer`)
      say(frameSuccess(kind, r.id, result))
    },
    /** The frame answers the last request of `kind` with an error. */
    fail: (kind: FrameRequestKind, payload: FrameErrorPayload) => {
      const r = last(kind)
      if (!r) throw new TestFailure(`no ${kind} request to answer`)
      say(frameError(kind, r.id, payload))
    },
    last,
    say,
  }
}

/** The delay of an `xstate.after.<name>.<node>` event, from the named delays of `machine`. */
export function delayOf(eventType: string, delays: Record<string, number>): number {
  const name = eventType.replace(/^xstate\.after\./, '').split('.')[0]!
  const ms = delays[name]
  if (ms === undefined) throw new TestFailure(`unknown delay ${name}`)
  return ms
}
