import { to, type FeatureCommand, type FeatureFacts, type FeatureRegistration } from './features.ts'
import type { ViewData } from './views.ts'
import type { SwapRequest } from './swap.ts'
import { defineFeature } from './features.ts'
import type { swapMachine } from './swap.ts'

/** The gestures of the swap views (`feature.deliver` to `swap`) that are not the machine's own events. */
export type SwapGesture =
  /** Account's Swap button: the form. */
  | { type: 'swap.start' }
  /** A token button of the form: the picker for that side. */
  | { type: 'swap.chooseToken'; side: 'from' | 'to' }
  /** A token picked in the picker: selected, back to the form. */
  | { type: 'swap.pickToken'; side: 'from' | 'to'; address: string }

/** A swap waits for the wallet or the chain (the machine's `loading` tag). */
export const swapBusy = (facts: FeatureFacts) => facts.self?.hasTag('loading') ?? false
/** A sent transaction's end is not known (the machine's `unconfirmed` tag): its status view, never a new form. */
export const swapUnconfirmed = (facts: FeatureFacts) => facts.self?.hasTag('unconfirmed') ?? false
/** The swap arguments of `open({ view: 'Swap', data })` (spec §2), as the machine's request. */
const requestOf = (data: ViewData | undefined): SwapRequest | undefined => (data && (data.fromToken || data.toToken || data.amount) ? { fromToken: data.fromToken, toToken: data.toToken, amount: data.amount } : undefined)

/** Account's Swap: the preview of a swap still waiting (or sent, status unknown), else the form, the machine fetched if needed. */
export function startSwap(facts: FeatureFacts): FeatureCommand[] {
  if (swapBusy(facts) || swapUnconfirmed(facts)) return [to.router({ type: 'router.push', view: 'SwapPreview' })]
  return [to.router({ type: 'router.push', view: 'Swap' }), to.self({ type: 'swap.open' }, true)]
}

/**
 * Swap (spec §2 "Swap takes swap arguments", §6 `swaps`) as a feature: gated by the `swaps` flag, holds Swap,
 * SwapSelectToken and SwapPreview, opens with the swap arguments of `open({ view: 'Swap', data })`. The page holds only
 * what starts it; the rest arrives with the machine (`swap.outcomes.ts`: following the account, the review, the
 * approval and the swap on the transaction stack, the toasts, the balances).
 */
export const swapFeature: FeatureRegistration = {
  id: 'swap',
  available: (facts) => facts.flags.swaps,
  busyTag: 'loading',
  on: {
    open: (facts, { view, data }) => {
      // Asked for Swap while a swap waits for the wallet or the chain, or its end is unknown: its preview, not a form.
      if (swapBusy(facts) || swapUnconfirmed(facts)) return [to.router({ type: 'router.reset', view: 'Account' }), to.router({ type: 'router.push', view: 'SwapPreview' })]
      const request = requestOf(data)
      return view === 'Swap' && facts.account ? [to.self({ type: 'swap.open', ...(request ? { request } : {}) }, true)] : []
    },
    // Until the machine arrives: Swap starts it; anything else waits for it (`swap.outcomes.ts` answers from then on).
    gesture: (facts, event) => (event.type === 'swap.start' ? startSwap(facts) : [to.self(event, true)]),
  },
}

/** Swap (spec §2 Swap): the form, the token picker and the review; Account's Swap button (eip155 accounts). */
export const swapManifest = defineFeature<typeof swapMachine, SwapGesture>()({
  id: 'swap',
  flag: 'swaps',
  views: {
    Swap: { machines: ['swap'], next: ['SwapSelectToken', 'SwapPreview'] },
    SwapSelectToken: {},
    SwapPreview: {},
  },
  holdsViews: true,
  entries: [{ slot: 'account.actions', order: 40, label: 'swap.start', gesture: { event: { type: 'swap.start' } }, capability: 'swap' }],
  parts: { 'Account: Swap button': 'swaps' },
  register: () => swapFeature,
})
