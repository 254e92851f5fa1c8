import { useId } from 'react'
import { useCopy } from '../copy.ts'
import { useOnramp } from '../hooks/onramp.ts'
import { CardGlyph, ChevronGlyph } from '../components/glyphs.tsx'
import { CurrencyIcon } from '../components/NetworkIcon.tsx'

/**
 * The buy form: what to buy (the network's tokens), what to pay with (currency and method), the amount
 * checked against the method's limits (the limits in words under it), the quote refreshed on every change (purchase
 * amount, network fee, provider fee, subtotal, total; an estimate when the quote call failed), the payment currency's
 * image (spec §7 `/public/getCurrencyImage/{id}`) beside its code, the provider, and Continue, which opens the provider's checkout in a popup from the click itself.
 */
export default function OnRamp() {
  const copy = useCopy()
  const flow = useOnramp()
  const buyId = useId()
  const payId = useId()
  const amountId = useId()
  const methodId = useId()
  const limitsId = useId()
  const errorId = useId()
  if (!flow.loaded || flow.phase === 'loading' || flow.phase === 'idle') {
    return (
      <div className="lk-center" aria-busy="true">
        <span className="lk-spinner" aria-hidden="true" />
        <p className="lk-muted">{copy.loading}</p>
      </div>
    )
  }
  if (flow.purchaseCurrencies.length === 0) return <p className="lk-muted">{copy.onrampNoOptions}</p>
  const invalid = flow.phase === 'invalid'
  return (
    <form
      className="lk-center lk-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (flow.canContinue) flow.continue()
      }}
    >
      {flow.sampleOptions && (
        <p className="lk-notice" role="note" data-testid="onramp-sample">
          {copy.onrampSample}
        </p>
      )}
      <div className="lk-field">
        <label htmlFor={buyId}>{copy.onrampYouBuy}</label>
        <select id={buyId} className="lk-select" value={flow.purchaseCurrency ?? ''} onChange={(e) => flow.setPurchaseCurrency(e.target.value)}>
          {flow.purchaseCurrencies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.id})
            </option>
          ))}
        </select>
      </div>
      <div className="lk-field">
        <label htmlFor={amountId}>{copy.onrampYouPay}</label>
        <div className="lk-input-row">
          <input
            id={amountId}
            className="lk-search"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={flow.amount}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${limitsId} ${errorId}` : limitsId}
            onChange={(e) => flow.setAmount(e.target.value)}
          />
          {flow.paymentCurrency && (
            <span className="lk-input-icon" data-testid="onramp-currency-icon">
              <CurrencyIcon code={flow.paymentCurrency} />
            </span>
          )}
          <select id={payId} className="lk-select" aria-label={copy.onrampPaymentCurrency} value={flow.paymentCurrency ?? ''} onChange={(e) => flow.setPaymentCurrency(e.target.value)}>
            {flow.paymentCurrencies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.id}
              </option>
            ))}
          </select>
        </div>
        <span id={limitsId} className="lk-muted" data-testid="onramp-limits">
          {flow.limits ? copy.onrampLimits(flow.limits.min, flow.limits.max, flow.limits.currency, copy.onrampMethodName(flow.limits.method)) : ''}
        </span>
      </div>
      <div className="lk-field">
        <label htmlFor={methodId}>{copy.onrampPaymentMethod}</label>
        <select id={methodId} className="lk-select" value={flow.paymentMethod ?? ''} onChange={(e) => flow.setPaymentMethod(e.target.value)}>
          {flow.paymentMethods.map((m) => (
            <option key={m.id} value={m.id}>
              {copy.onrampMethods[m.id] ?? m.id}
            </option>
          ))}
        </select>
      </div>
      <p id={errorId} className="lk-error" role="alert" data-testid="onramp-error">
        {flow.message ? copy.onrampMessages[flow.message.key](flow.message.values ?? {}) : ''}
      </p>
      {flow.phase === 'quoting' && (
        <p className="lk-muted" role="status">
          {copy.onrampQuoting}
        </p>
      )}
      {flow.quote && (
        <section aria-label={copy.onrampQuote} style={{ width: '100%' }} data-testid="onramp-quote">
          {flow.quoteEstimate && (
            <p className="lk-notice" role="note" data-testid="onramp-estimate">
              {copy.onrampEstimate}
            </p>
          )}
          <dl className="lk-summary">
            <dt>{copy.onrampPurchaseAmount}</dt>
            <dd data-testid="onramp-purchase-amount">{flow.quoteEstimate ? '—' : flow.quote.purchaseAmount.text}</dd>
            <dt>{copy.onrampNetworkFee}</dt>
            <dd>{flow.quoteEstimate ? '—' : flow.quote.networkFee.text}</dd>
            <dt>{copy.onrampProviderFee}</dt>
            <dd>{flow.quoteEstimate ? '—' : flow.quote.providerFee.text}</dd>
            <dt>{copy.onrampSubtotal}</dt>
            <dd>{flow.quote.subtotal.text}</dd>
            <dt className="lk-strong">{copy.onrampTotal}</dt>
            <dd className="lk-strong" data-testid="onramp-total">
              {flow.quoteEstimate ? `≈ ${flow.quote.total.text}` : flow.quote.total.text}
            </dd>
          </dl>
        </section>
      )}
      <button type="button" className="lk-secondary lk-token-button" onClick={() => flow.chooseProvider()}>
        <CardGlyph />
        <span className="lk-row-name">
          <span className="lk-sr-only">{copy.onrampProvider}: </span>
          {flow.provider?.name}
          <br />
          <span className="lk-muted">{flow.provider ? copy.onrampProviderFees(flow.provider.fees) : ''}</span>
        </span>
        <ChevronGlyph />
      </button>
      {flow.failure && <p className="lk-muted">{flow.failure.message}</p>}
      <button type="submit" className="lk-primary lk-wide" disabled={!flow.canContinue}>
        {copy.onrampContinue(flow.provider?.name ?? '')}
      </button>
    </form>
  )
}
