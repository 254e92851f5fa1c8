import type { FeatureFlag } from '../services/features.ts'

/** A feature of Account's action row named by the `walletFeaturesOrder` option (spec §9): its feature flag. */
export type WalletFeaturesOrderItem = Extract<FeatureFlag, 'onramp' | 'swaps' | 'receive' | 'send'>

/**
 * The `walletFeaturesOrder` default (spec §9 "Local feature defaults"): onramp, swaps, receive, send, that is Account's
 * Buy, Swap, Receive, Send. In a module of its own so the options (`ui/options.ts`, in the page's first JS) do not pull
 * the slots and their entry components.
 * @example walletFeaturesOrder[1] // 'swaps'
 */
export const walletFeaturesOrder = ['onramp', 'swaps', 'receive', 'send'] as const satisfies readonly WalletFeaturesOrderItem[]
