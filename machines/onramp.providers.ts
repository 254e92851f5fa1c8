/**
 * The on-ramp's providers by default (spec §9), in a module of their own: the options (`machines/onramp.options.ts`,
 * in the page's first JS) default to them, and the machine and its view model read them, without one pulling the other.
 */

/** An on-ramp provider the visitor can choose (spec §9: meld and coinbase by default, fees shown as 1-2 %). */
export type OnrampProviderOption = { id: string; name: string; fees: string }

/** The providers of spec §9, the default of the `onrampProviders` option. */
export const defaultOnrampProviders: readonly OnrampProviderOption[] = [
  { id: 'meld', name: 'Meld', fees: '1-2%' },
  { id: 'coinbase', name: 'Coinbase', fees: '1-2%' },
]
