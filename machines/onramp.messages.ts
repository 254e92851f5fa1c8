/**
 * The on-ramp form's messages as keys and values: the machine names a message, the views word it from the
 * copy catalogue (`ui/locales/en.ts` `onrampMessages`). In a module of its own so the views read the keys without the
 * machine.
 */

/**
 * What an on-ramp message is about:
 * - `invalidAmount`: the amount is not a positive decimal;
 * - `outOfLimits` (values `min`, `max`, `currency`, `method`): the amount is outside the payment method's limits;
 * - `checkoutFailed`: the provider's checkout could not be opened (the on-ramp URL call failed).
 */
export type OnrampMessageKey = 'invalidAmount' | 'outOfLimits' | 'checkoutFailed'

/** The values a message's words take. */
export type OnrampMessageValues = { min?: string; max?: string; currency?: string; method?: string }

/** A message the on-ramp machine carries: its key and the values its words need. */
export type OnrampMessage = { key: OnrampMessageKey; values?: OnrampMessageValues }

const invalidAmount: OnrampMessage = { key: 'invalidAmount' }
const checkoutFailed: OnrampMessage = { key: 'checkoutFailed' }

/**
 * The on-ramp machine's messages, by key.
 * @example onrampMessageRefs.outOfLimits({ min: '10.00', max: '7500.00', currency: 'USD', method: 'card' })
 */
export const onrampMessageRefs = {
  invalidAmount,
  outOfLimits: (values: Required<OnrampMessageValues>): OnrampMessage => ({ key: 'outOfLimits', values }),
  checkoutFailed,
}
