/**
 * Where the embedded wallet's frame shows its approval (spec §4 "Embedded-wallet RPC lifecycle"): the
 * ApproveTransaction view registers its body here while it is mounted, and the embedded wallet (`ui/embedded.ts`)
 * positions the secure site's iframe over it (z-index 999999, spec §9). A tiny module of its own so that the view's
 * chunk does not carry the embedded wallet, and the embedded wallet does not carry the view.
 */

let slot: HTMLElement | null = null
const listeners = new Set<() => void>()

/** Called by the ApproveTransaction view with its body element, or `null` when it unmounts. */
export function setApprovalSlot(el: HTMLElement | null): void {
  slot = el
  for (const l of [...listeners]) l()
}

/** The approval slot shown now, if any. */
export function approvalSlot(): HTMLElement | null {
  return slot
}

/** Calls `listener` whenever the slot appears or goes; returns the unsubscribe. */
export function onApprovalSlot(listener: () => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
