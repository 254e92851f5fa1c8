import { useCopy } from '../copy.ts'
import { useOnramp } from '../hooks/onramp.ts'
import { RegisteredGlyph } from '../components/glyphs.tsx'

/**
 * The purchase followed: while the provider's checkout window is open, what to do there and Cancel
 * (closes it); while its transfer is settled on the chain, a status (no Cancel: the payment is made); once the crypto
 * arrived, the amount and Buy more; a transfer that failed or whose end is not known, why, its hash and Buy more.
 */
export default function OnRampCheckout() {
  const copy = useCopy()
  const flow = useOnramp()
  if (flow.phase === 'done' && flow.purchase) {
    return (
      <div className="lk-center" data-testid="onramp-done">
        <span className="lk-done-glyph">
          <RegisteredGlyph size={48} />
        </span>
        <h3 className="lk-done-heading">{copy.onrampDone}</h3>
        <p role="status">{copy.onrampArrived(flow.purchase.amount, flow.purchase.symbol)}</p>
        <button type="button" className="lk-secondary" onClick={() => flow.open()}>
          {copy.onrampBuyMore}
        </button>
      </div>
    )
  }
  if (flow.phase === 'unsettled' && flow.unsettled) {
    return (
      <div className="lk-center" data-testid="onramp-unsettled">
        <h3 className="lk-done-heading">{copy.onrampUnsettled}</h3>
        <p role="alert">{copy.onrampUnsettledReasons[flow.unsettled.reason]}</p>
        <p className="lk-muted" style={{ wordBreak: 'break-all', fontFamily: 'ui-monospace, monospace' }} data-testid="onramp-unsettled-hash">
          {flow.unsettled.hash}
        </p>
        <button type="button" className="lk-secondary" onClick={() => flow.open()}>
          {copy.onrampBuyMore}
        </button>
      </div>
    )
  }
  if (flow.phase === 'settling') {
    return (
      <div className="lk-center" data-testid="onramp-settling">
        <span className="lk-spinner" role="progressbar" aria-label={copy.onrampSettling} />
        <p role="status">{copy.onrampSettling}</p>
      </div>
    )
  }
  return (
    <div className="lk-center" data-testid="onramp-following">
      <span className="lk-spinner" role="progressbar" aria-label={copy.onrampOpening} />
      <p role="status">{flow.phase === 'opening' ? copy.onrampOpening : copy.onrampFollowing(flow.provider?.name ?? '')}</p>
      {flow.quote && <p className="lk-muted">{`${flow.quote.purchaseAmount.text} · ${flow.quote.total.text}`}</p>}
      <button type="button" className="lk-secondary" onClick={() => flow.cancel()}>
        {copy.onrampCancel}
      </button>
    </div>
  )
}
