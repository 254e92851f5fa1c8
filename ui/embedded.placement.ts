/**
 * Where the embedded wallet's frame shows while its approval UI is open (spec §4 "Embedded-wallet RPC lifecycle"):
 * over ApproveTransaction's body (the modal's own header above it: one modal), at the height the frame asks for
 * (FRAME_APPROVAL_HEIGHT, at most {@link maxApprovalHeight}); centred over a dimmed page only when no ApproveTransaction
 * is on the page (the modal failed to show it). The frame follows the slot every animation frame while it shows.
 */
import type { FrameTransport } from '../adapters/frame.ts'
import type { FrameEvent } from '../adapters/frame.protocol.ts'
import { approvalSlot, onApprovalSlot } from './approvalSlot.ts'

/** The tallest ApproveTransaction body the frame's content height may ask for, in px (longer content scrolls in the frame). */
export const maxApprovalHeight = 560
/** The centred frame's largest size when no ApproveTransaction is on the page, in px, and its margin to the window. */
const centred = { width: 400, height: 480, margin: 16 }

/**
 * Creates the frame's placement on `win`, for the transport once it exists. `onFrameEvent` follows the approvals the
 * frame opens and closes and the heights it asks for; `place()` puts the frame where it belongs now.
 * @example
 * const placement = createApprovalPlacement(window, () => transport)
 * transport.onEvent((event) => { placement.onFrameEvent(event); placement.place() })
 */
export function createApprovalPlacement(win: Window | undefined, transport: () => FrameTransport | undefined) {
  const approvals = new Set<string>()
  /** The frame's approval content height (FRAME_APPROVAL_HEIGHT), ApproveTransaction's body height while it shows. */
  let approvalHeight: number | undefined
  let tracking = 0
  let lastRect = ''
  const place = () => {
    const t = transport()
    if (!t) return
    if (approvals.size === 0) {
      lastRect = ''
      return t.show(undefined)
    }
    const slot = approvalSlot()
    if (slot) {
      if (approvalHeight) slot.style.setProperty('--lk-approval-height', `${approvalHeight}px`)
      else slot.style.removeProperty('--lk-approval-height')
    }
    const r = slot?.getBoundingClientRect()
    if (r && r.width > 0 && r.height > 0) {
      const key = `${r.top},${r.left},${r.width},${r.height}`
      if (key !== lastRect) t.show({ top: r.top, left: r.left, width: r.width, height: r.height }, { inline: true })
      lastRect = key
    } else {
      const width = Math.min(centred.width, (win?.innerWidth ?? centred.width) - centred.margin)
      const height = Math.min(centred.height, (win?.innerHeight ?? centred.height) - centred.margin)
      lastRect = ''
      t.show({ top: ((win?.innerHeight ?? height) - height) / 2, left: ((win?.innerWidth ?? width) - width) / 2, width, height })
    }
    // The modal animates in and its body may move (a toast, a resize): the iframe follows the slot every frame.
    if (!tracking && win?.requestAnimationFrame) {
      const follow = () => {
        tracking = 0
        if (approvals.size > 0) place()
      }
      tracking = win.requestAnimationFrame(follow)
    }
  }
  const offSlot = onApprovalSlot(place)
  win?.addEventListener('resize', place)
  return {
    place,
    /** Follows the frame's approval events (open, closed, content height). */
    onFrameEvent(event: FrameEvent) {
      if (event.type === 'FRAME_RPC_APPROVAL_OPEN') approvals.add(event.payload.id)
      else if (event.type === 'FRAME_RPC_APPROVAL_CLOSED') {
        approvals.delete(event.payload.id)
        if (approvals.size === 0) approvalHeight = undefined
      } else if (event.type === 'FRAME_APPROVAL_HEIGHT' && approvals.has(event.payload.id)) approvalHeight = Math.min(event.payload.height, maxApprovalHeight)
    },
    /** Stops following the slot and the window. */
    destroy() {
      offSlot()
      if (tracking) win?.cancelAnimationFrame?.(tracking)
      win?.removeEventListener('resize', place)
    },
  }
}
