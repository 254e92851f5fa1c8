/**
 * The `connectorTypeOrder` option's values (spec §9), in a module of their own: the options (`ui/options.ts`, in the
 * page's first JS) validate the option without pulling Connect's view model in. `catalogue.connect.ts`
 * re-exports them.
 */

/** A group of Connect's wallet rows (spec §9 connectorTypeOrder). */
export type ConnectorTypeOrderItem = 'walletConnect' | 'recent' | 'injected' | 'featured' | 'custom' | 'external' | 'recommended'

/**
 * connectorTypeOrder default (spec §9): walletConnect, recent, injected, featured, custom, external, recommended.
 * @example connectorTypeOrder[0] // 'walletConnect'
 */
export const connectorTypeOrder = ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'] as const satisfies readonly ConnectorTypeOrderItem[]
