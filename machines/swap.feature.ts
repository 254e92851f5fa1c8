import type { FeatureRegistration } from './features.ts'
import { defineFeature } from './features.ts'
import type { SwapInput, swapMachine } from './swap.ts'

/** The gestures of the swap views (`feature.deliver` to `swap`) that move views: the machine handles them too. */
export type SwapGesture =
  /** Account's Swap button: the form, or the preview of a swap still waiting. */
  | { type: 'swap.start' }
  /** A token button of the form: the picker for that side. */
  | { type: 'swap.chooseToken'; side: 'from' | 'to' }
  /** A token picked in the picker: selected, back to the form. */
  | { type: 'swap.pickToken'; side: 'from' | 'to'; address: string }

/**
 * Swap (spec §2 "Swap takes swap arguments", §6 `swaps`) as a feature: gated by the `swaps` flag, holds Swap,
 * SwapSelectToken and SwapPreview. Its machine does the rest in its own chart (`machines/swap.ts`): it follows the
 * root's account moments, answers Account's Swap, `open({ view: 'Swap', data })` (with its swap arguments) and Back,
 * and moves the views, the toasts, the balances and the transaction stack itself. The machine is fetched with the
 * first gesture; the gestures meanwhile wait for it.
 */
export const swapFeature: FeatureRegistration = {
  id: 'swap',
  available: (facts) => facts.flags.swaps,
  // Spawned with the connected account (later ones arrive as `root.account`).
  input: (facts): SwapInput => ({ target: facts.account }),
  opensWith: 'connected',
  busyTag: 'loading',
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
