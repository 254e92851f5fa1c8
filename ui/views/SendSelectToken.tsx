import { useCopy } from '../copy.ts'
import { useSendFlow } from '../hooks/send.ts'
import { WalletIcon } from '../components/WalletIcon.tsx'

/** The send form's token picker: the tokens with a balance (spec §5: decimals '0' left out); picking one returns to the form. */
export default function SendSelectToken() {
  const copy = useCopy()
  const flow = useSendFlow()
  if (flow.tokens.length === 0) {
    return <p className="lk-muted">{flow.isLoadingBalances ? copy.loading : flow.isBalanceUnavailable ? copy.balanceUnavailable : copy.noSendableTokens}</p>
  }
  return (
    <ul className="lk-list" aria-label={copy.sendTokens} style={{ width: '100%' }}>
      {flow.tokens.map((t) => (
        <li key={t.key}>
          <button type="button" className="lk-row" aria-current={t.selected ? 'true' : undefined} onClick={() => flow.pickToken(t.key)}>
            <WalletIcon src={t.iconUrl} name={t.symbol} glyph="token" lazy />
            <span className="lk-row-name">
              {t.name}
              <br />
              <span className="lk-muted">
                {t.balance} {t.symbol}
              </span>
            </span>
            {t.fiat !== undefined && <span className="lk-fiat">{t.fiat}</span>}
            {t.selected && <span className="lk-sr-only">{copy.selectedToken}</span>}
          </button>
        </li>
      ))}
    </ul>
  )
}
