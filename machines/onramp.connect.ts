import type { SnapshotFrom } from 'xstate'
import type { ErrorSummary } from '../adapters/errors.ts'
import { defaultLocale } from './format.locale.ts'
import { formatAmount, formatFiat } from './format.ts'
import { limitsOf, purchaseCurrenciesFor, type onrampMachine, type OnrampContext, type OnrampMessage } from './onramp.ts'
import { defaultOnrampProviders, type OnrampProviderOption } from './onramp.providers.ts'

/** Where the on-ramp is (one value per state the views tell apart). */
export type OnrampPhase = 'idle' | 'loading' | 'empty' | 'invalid' | 'quoting' | 'quoted' | 'opening' | 'following' | 'settling' | 'done' | 'unsettled'

/** One line of the quote, as the form shows it: '$50.00', or '0.0166 ETH'. */
export type OnrampQuoteLine = { amount: string; currency: string; text: string }

/** The on-ramp views' model (the form, the provider choice, the checkout followed). */
export type OnrampView = {
  /** The on-ramp machine is there; false in the not-loaded model. */
  loaded: boolean
  phase: OnrampPhase
  /** The options are the built-in sample (the options call failed, spec §8). */
  sampleOptions: boolean
  purchaseCurrencies: Array<{ id: string; name: string; selected: boolean }>
  paymentCurrencies: Array<{ id: string; selected: boolean }>
  /** The chosen payment currency's methods with their limits (`min`, `max` as the options give them). */
  paymentMethods: Array<{ id: string; min: string; max: string; selected: boolean }>
  purchaseCurrency: string | undefined
  paymentCurrency: string | undefined
  paymentMethod: string | undefined
  /** The chosen method's limits, for the words under the amount ('Between 10.00 and 7500.00 USD by card'). */
  limits: { min: string; max: string; currency: string; method: string } | undefined
  amount: string
  message: OnrampMessage | undefined
  /** The quote's lines; undefined until quoted. */
  quote: { purchaseAmount: OnrampQuoteLine; networkFee: OnrampQuoteLine; providerFee: OnrampQuoteLine; subtotal: OnrampQuoteLine; total: OnrampQuoteLine } | undefined
  /** The quote is the placeholder of spec §8 (the quote call failed): shown as an estimate. */
  quoteEstimate: boolean
  providers: Array<OnrampProviderOption & { selected: boolean }>
  provider: OnrampProviderOption | undefined
  /** Continue is possible (a quote is in). */
  canContinue: boolean
  /** The purchase that arrived (done). */
  purchase: { amount: string; symbol: string; hash: string } | undefined
  /**
   * Why the purchase did not settle (`unsettled`): its transfer `failed` on the chain (reverted, or replaced by another
   * transaction) or its end is `unknown` (no end within the receipt timeout); `hash` the transfer's final one.
   */
  unsettled: { reason: 'failed' | 'unknown'; hash: string } | undefined
  failure: ErrorSummary | undefined
}

const notLoaded: OnrampView = {
  loaded: false,
  phase: 'idle',
  sampleOptions: false,
  purchaseCurrencies: [],
  paymentCurrencies: [],
  paymentMethods: [],
  purchaseCurrency: undefined,
  paymentCurrency: undefined,
  paymentMethod: undefined,
  limits: undefined,
  amount: '',
  message: undefined,
  quote: undefined,
  quoteEstimate: false,
  providers: defaultOnrampProviders.map((p, i) => ({ ...p, selected: i === 0 })),
  provider: defaultOnrampProviders[0],
  canContinue: false,
  purchase: undefined,
  unsettled: undefined,
  failure: undefined,
}

function phaseOf(s: SnapshotFrom<typeof onrampMachine>): OnrampPhase {
  if (s.matches('loading')) return 'loading'
  if (s.matches({ form: 'empty' })) return 'empty'
  if (s.matches({ form: 'invalid' })) return 'invalid'
  if (s.matches({ form: 'quoting' })) return 'quoting'
  if (s.matches({ form: 'quoted' })) return 'quoted'
  if (s.matches({ checkout: 'generating' })) return 'opening'
  if (s.matches('checkout')) return 'following'
  if (s.matches('settling')) return 'settling'
  if (s.matches('done')) return 'done'
  if (s.matches('unsettled')) return 'unsettled'
  return 'idle'
}

/** A money line: fiat as currency in the visitor's locale, crypto floored to 6 decimals with its symbol. */
function line(value: { amount: string; currency: string }, locale: string, fiat: boolean): OnrampQuoteLine {
  const text = fiat ? (formatFiat(Number(value.amount), locale, value.currency) ?? `${value.amount} ${value.currency}`) : `${formatAmount(value.amount, locale, 6)} ${value.currency}`
  return { ...value, text }
}

/**
 * The on-ramp views' model from the machine's snapshot: the options for the active network, the chosen currencies,
 * method and limits, the quote's lines (fiat in the payment currency, the purchase in its token), the providers, the
 * phase. Without the machine (not loaded yet) an empty form.
 *
 * @param locale the visitor's locale (numbers and fiat).
 * @example connectOnramp(actor.getSnapshot(), 'en-US').quote?.total.text // '$51.25'
 */
export function connectOnramp(snapshot: SnapshotFrom<typeof onrampMachine> | undefined, locale: string = defaultLocale): OnrampView {
  if (!snapshot) return notLoaded
  const c: OnrampContext = snapshot.context
  const options = c.options?.options
  const payment = options?.paymentCurrencies.find((p) => p.id === c.paymentCurrency)
  const limits = limitsOf(c)
  const q = c.quote
  const provider = c.providers.find((p) => p.id === c.provider)
  return {
    loaded: true,
    phase: phaseOf(snapshot),
    sampleOptions: c.options?.sample ?? false,
    purchaseCurrencies: options ? purchaseCurrenciesFor(options, c.target?.caipNetworkId).map((p) => ({ id: p.id, name: p.name ?? p.id, selected: p.id === c.purchaseCurrency })) : [],
    paymentCurrencies: (options?.paymentCurrencies ?? []).map((p) => ({ id: p.id, selected: p.id === c.paymentCurrency })),
    paymentMethods: (payment?.limits ?? []).map((l) => ({ ...l, selected: l.id === c.paymentMethod })),
    purchaseCurrency: c.purchaseCurrency,
    paymentCurrency: c.paymentCurrency,
    paymentMethod: c.paymentMethod,
    limits: limits && c.paymentCurrency ? { min: limits.min, max: limits.max, currency: c.paymentCurrency, method: limits.id } : undefined,
    amount: c.amount,
    message: c.message,
    quote: q
      ? {
          purchaseAmount: line(q.purchaseAmount, locale, false),
          networkFee: line(q.networkFee, locale, true),
          providerFee: line(q.coinbaseFee, locale, true),
          subtotal: line(q.paymentSubtotal, locale, true),
          total: line(q.paymentTotal, locale, true),
        }
      : undefined,
    quoteEstimate: c.quoteEstimate,
    providers: c.providers.map((p) => ({ ...p, selected: p.id === c.provider })),
    provider,
    canContinue: snapshot.matches({ form: 'quoted' }),
    purchase: c.purchase ? { amount: formatAmount(c.purchase.amount, locale, 6), symbol: c.purchase.symbol, hash: c.purchase.hash } : undefined,
    unsettled: unsettledOf(c),
    failure: c.failure,
  }
}

/** The settlement's end when it is not `confirmed` (see {@link OnrampView.unsettled}). */
function unsettledOf(c: OnrampContext): OnrampView['unsettled'] {
  const s = c.settlement
  if (!s || !('hash' in s) || s.status === 'confirmed') return undefined
  return { reason: s.status === 'unknown' ? 'unknown' : 'failed', hash: s.hash }
}
