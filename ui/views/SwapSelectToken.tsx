import { useId, useState } from 'react'
import { useCopy } from '../copy.ts'
import { useModalView } from '../hooks.ts'
import { useSwapFlow } from '../hooks/swap.ts'
import { WalletIcon } from '../components/WalletIcon.tsx'
import type { SwapTokenRow } from '../../machines/swap.connect.ts'

/** Whether a token matches a search: its symbol, name or address contains the text (case-insensitive). */
export function matchesToken(token: Pick<SwapTokenRow, 'symbol' | 'name' | 'address'>, query: string): boolean {
  const q = query.trim().toLowerCase()
  return q === '' || token.symbol.toLowerCase().includes(q) || token.name.toLowerCase().includes(q) || token.address.toLowerCase().includes(q)
}

/**
 * The swap's token picker: a search, the tokens the account holds (with balances) and the chain's other
 * swappable tokens; picking one selects it for its side and returns to the form.
 */
export default function SwapSelectToken() {
  const copy = useCopy()
  const flow = useSwapFlow()
  const { data } = useModalView()
  const side = data?.side ?? 'to'
  const [query, setQuery] = useState('')
  const searchId = useId()
  const held = flow.held.filter((t) => matchesToken(t, query))
  const popular = flow.popular.filter((t) => matchesToken(t, query))
  const list = (label: string, tokens: SwapTokenRow[]) =>
    tokens.length > 0 && (
      <section style={{ width: '100%' }}>
        <h3 className="lk-section-title">{label}</h3>
        <ul className="lk-list" aria-label={label}>
          {tokens.map((t) => (
            <li key={t.address}>
              <button type="button" className="lk-row" aria-current={t.selected ? 'true' : undefined} onClick={() => flow.pickToken(side, t.address)}>
                <WalletIcon src={t.logoUri} name={t.symbol} glyph="token" lazy />
                <span className="lk-row-name">
                  {t.symbol}
                  <br />
                  <span className="lk-muted">{t.name}</span>
                </span>
                {t.balance && <span className="lk-fiat">{t.balance}</span>}
                {t.selected && <span className="lk-sr-only">{copy.selectedToken}</span>}
              </button>
            </li>
          ))}
        </ul>
      </section>
    )
  return (
    <section className="lk-center" aria-label={copy.swap.tokensOf(side)}>
      <label htmlFor={searchId} className="lk-sr-only">
        {copy.swap.search}
      </label>
      <input id={searchId} className="lk-search" type="search" autoComplete="off" placeholder={copy.swap.search} value={query} onChange={(e) => setQuery(e.target.value)} />
      {list(copy.swap.yourTokens, held)}
      {list(copy.swap.popular, popular)}
      {held.length + popular.length === 0 && <p className="lk-muted">{flow.loaded ? copy.swap.noMatch(query) : copy.loading}</p>}
    </section>
  )
}
