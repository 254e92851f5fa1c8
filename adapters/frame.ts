/**
 * The dapp side of the embedded-wallet frame (spec §7 "Embedded wallet iframe", §8 "Frame"): the iframe
 * of the secure site and the `postMessage` transport to it. It holds no lifecycle (loading, ready, timeouts: the
 * `frame` machine, `machines/frame.ts`) and no key material (the wallet lives behind the secure site).
 *
 * Trust boundary: requests are posted with `targetOrigin` = the secure site's origin; a message is read only when
 * its `event.source` is this iframe's `contentWindow` and its `event.origin` the secure site's, and only after
 * {@link parseFrameMessage} accepted it. A reply whose id this transport did not send (or already settled) is dropped.
 */
import { BaseError } from './errors.ts'
import { appRequest, parseFrameMessage, type FrameErrorPayload, type FrameEvent, type FrameRequestKind, type FrameRequestPayload, type FrameRequestResult } from './frame.protocol.ts'

/** The frame's own name, in place of the spec's "W3mFrame" prefix of its thrown strings (spec §8 "Frame"). */
export const FRAME_NAME = 'LatchkeyFrame'
/** The z-index of the iframe (above the modal, whose approval view it covers). */
export const FRAME_Z_INDEX = 999_999

/** Thrown when a request is posted before the iframe exists (spec §8: "W3mFrame: iframe is not set"). */
export class FrameNotSetError extends BaseError {
  static override docsPath = '/errors/FrameNotSetError'
  override name = 'FrameNotSetError'
  constructor() {
    super(`${FRAME_NAME}: iframe is not set`)
  }
}

/**
 * A frame error reply (spec §8: its message, or "An error occurred"); `retryAfterSeconds` for the email throttle, `code`
 * the EIP-1193 / EIP-5792 code of an RPC request's refusal when the frame gave one.
 */
export class FrameReplyError extends BaseError {
  static override docsPath = '/errors/FrameReplyError'
  override name = 'FrameReplyError'
  retryAfterSeconds: number | undefined
  code: number | undefined
  constructor(payload: Partial<FrameErrorPayload> = {}) {
    super(payload.message?.trim() ? payload.message : 'An error occurred')
    this.retryAfterSeconds = payload.retryAfterSeconds
    this.code = payload.code
  }
}

/** An aborted request (spec §8: "Request was aborted" for an RPC request, "Something went wrong" otherwise). */
export class FrameAbortError extends BaseError {
  static override docsPath = '/errors/FrameAbortError'
  override name = 'FrameAbortError'
  constructor(kind: FrameRequestKind) {
    super(kind === 'RPC_REQUEST' ? 'Request was aborted' : 'Something went wrong')
  }
}

/** Where the iframe shows while the frame's approval UI is open: a rectangle of the viewport, in CSS pixels. */
export type FrameRect = { top: number; left: number; width: number; height: number }

export type CreateFrameTransportParameters = {
  /** The full frame URL ({@link import('./frame.protocol.ts').frameUrl}); its origin is the only one trusted. */
  url: string
  /** The dapp's window (listens for `message`). Default: globalThis.window. */
  window?: Window | undefined
  /** Makes request ids. Default: `crypto.randomUUID()`. */
  createId?: (() => string) | undefined
}

export type FrameTransport = {
  /** The secure site's origin. */
  readonly origin: string
  /** The iframe once mounted. */
  readonly iframe: HTMLIFrameElement | undefined
  /** Creates the iframe (hidden) and appends it to the page's body; once only. */
  mount(): HTMLIFrameElement
  /**
   * Posts `APP_<kind>` and resolves with the checked result of the matching `FRAME_<kind>_SUCCESS`; rejects with
   * {@link FrameReplyError} on `FRAME_<kind>_ERROR`, {@link FrameAbortError} when `signal` aborts (an RPC request is
   * also aborted in the frame with APP_RPC_ABORT), {@link FrameNotSetError} before {@link FrameTransport.mount}.
   */
  request<K extends FrameRequestKind>(kind: K, payload: FrameRequestPayload<K>, options?: { id?: string; signal?: AbortSignal }): Promise<FrameRequestResult<K>>
  /** Calls `listener` with every frame event (FRAME_READY, FRAME_SESSION_UPDATE, approval open/closed). */
  onEvent(listener: (event: FrameEvent) => void): () => void
  /**
   * Shows the iframe over `rect` (the frame's approval UI), or hides it (undefined). `inline`: the rect is a view's body
   * inside the modal (ApproveTransaction): no backdrop, no shadow, square corners; otherwise a card over a dimmed page.
   */
  show(rect: FrameRect | undefined, options?: { inline?: boolean }): void
  /** How many requests wait for a reply. */
  pending(): number
  /** Removes the iframe (a failed load; {@link FrameTransport.mount} creates a new one); pending requests reject with {@link FrameAbortError}. */
  unmount(): void
  /** Removes the iframe and the listener; pending requests reject with {@link FrameAbortError}. */
  destroy(): void
}

const hiddenStyle: Partial<CSSStyleDeclaration> = {
  position: 'fixed',
  borderRadius: '0px',
  boxShadow: 'none',
  top: '0px',
  left: '0px',
  width: '0px',
  height: '0px',
  opacity: '0',
  pointerEvents: 'none',
  border: '0',
  zIndex: String(FRAME_Z_INDEX),
  colorScheme: 'normal',
}

/**
 * Creates the transport to the secure site's frame.
 * @example
 * const frame = createFrameTransport({ url: frameUrl({ secureSiteUrl, projectId, chainId: 1, enableLogger: false }) })
 * frame.mount()
 * const { action } = await frame.request('CONNECT_EMAIL', { email: 'ada@example.com' })
 */
export function createFrameTransport({ url, window: win = globalThis.window, createId = () => crypto.randomUUID() }: CreateFrameTransportParameters): FrameTransport {
  const origin = new URL(url).origin
  let iframe: HTMLIFrameElement | undefined
  /** Dims the page behind the iframe while it shows the frame's approval UI. */
  let backdrop: HTMLDivElement | undefined
  let destroyed = false
  const listeners = new Set<(event: FrameEvent) => void>()
  const waiting = new Map<string, { kind: FrameRequestKind; resolve: (v: unknown) => void; reject: (e: unknown) => void }>()

  function post(message: unknown) {
    const target = iframe?.contentWindow
    if (!target) throw new FrameNotSetError()
    target.postMessage(message, origin)
  }

  function onMessage(event: MessageEvent) {
    if (!iframe || event.source !== iframe.contentWindow || event.origin !== origin) return
    const message = parseFrameMessage(event.data)
    if (!message) return
    if (message.type === 'reply') {
      const entry = waiting.get(message.id)
      if (!entry || entry.kind !== message.kind) return
      waiting.delete(message.id)
      if (message.ok) entry.resolve(message.payload)
      else entry.reject(new FrameReplyError(message.payload))
      return
    }
    for (const listener of [...listeners]) {
      try {
        listener(message)
      } catch {
        // a listener's failure is its own
      }
    }
  }
  win?.addEventListener('message', onMessage)

  function unmount() {
    for (const [id, entry] of [...waiting]) {
      waiting.delete(id)
      entry.reject(new FrameAbortError(entry.kind))
    }
    iframe?.remove()
    iframe = undefined
    backdrop?.remove()
    backdrop = undefined
  }

  return {
    origin,
    get iframe() {
      return iframe
    },
    mount() {
      if (iframe) return iframe
      if (destroyed || !win) throw new FrameNotSetError()
      const el = win.document.createElement('iframe')
      el.src = url
      el.title = 'Embedded wallet'
      el.setAttribute('data-latchkey-frame', '')
      el.setAttribute('allow', 'clipboard-write')
      // The open modal makes the page behind it inert (ui/Modal.tsx), except elements with this attribute: the frame
      // shows its approval over the modal's ApproveTransaction and must stay usable.
      el.setAttribute('data-latchkey-interactive', '')
      Object.assign(el.style, hiddenStyle)
      const dim = win.document.createElement('div')
      dim.setAttribute('data-latchkey-frame-backdrop', '')
      dim.setAttribute('aria-hidden', 'true')
      Object.assign(dim.style, { position: 'fixed', inset: '0px', background: 'rgba(0, 0, 0, 0.45)', zIndex: String(FRAME_Z_INDEX - 1), display: 'none' })
      win.document.body.append(dim, el)
      backdrop = dim
      iframe = el
      return el
    },
    request(kind, payload, options = {}) {
      const id = options.id ?? createId()
      return new Promise((resolve, reject) => {
        if (options.signal?.aborted) return reject(new FrameAbortError(kind))
        waiting.set(id, { kind, resolve: resolve as (v: unknown) => void, reject })
        try {
          post(appRequest(kind, id, payload))
        } catch (error) {
          waiting.delete(id)
          return reject(error)
        }
        options.signal?.addEventListener(
          'abort',
          () => {
            if (!waiting.delete(id)) return
            if (kind === 'RPC_REQUEST') {
              try {
                post(appRequest('RPC_ABORT', createId(), { id }))
              } catch {
                // the frame is gone: nothing to abort there
              }
            }
            reject(new FrameAbortError(kind))
          },
          { once: true },
        )
      })
    },
    onEvent(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    show(rect, options = {}) {
      if (!iframe) return
      if (backdrop) backdrop.style.display = rect && !options.inline ? 'block' : 'none'
      if (!rect) return void Object.assign(iframe.style, hiddenStyle)
      Object.assign(iframe.style, {
        borderRadius: options.inline ? '0px' : '16px',
        boxShadow: options.inline ? 'none' : '0 8px 32px rgba(0, 0, 0, 0.35)',
        top: `${rect.top}px`,
        left: `${rect.left}px`,
        width: `${rect.width}px`,
        height: `${rect.height}px`,
        opacity: '1',
        pointerEvents: 'auto',
      })
    },
    pending: () => waiting.size,
    unmount,
    destroy() {
      destroyed = true
      win?.removeEventListener('message', onMessage)
      unmount()
      listeners.clear()
    },
  }
}
