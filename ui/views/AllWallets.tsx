import { useState } from 'react'
import { useCopy } from '../context.ts'
import { useConnectors, useSend } from '../hooks.ts'
import { WalletRow } from './Connect.tsx'

/** AllWallets (spec §2): every wallet this build knows, with a search (trimmed, spec §5). The directory catalogue joins later. */
export default function AllWallets() {
  const copy = useCopy()
  const send = useSend()
  const { connectors } = useConnectors()
  const [query, setQuery] = useState('')
  const q = query.trim().toLowerCase()
  const shown = q ? connectors.filter((c) => c.name.toLowerCase().includes(q)) : connectors
  return (
    <>
      <input
        className="lk-search"
        type="search"
        aria-label={copy.searchWallets}
        placeholder={copy.searchWallets}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {shown.length === 0 ? (
        <p className="lk-muted">{copy.noMatch}</p>
      ) : (
        <ul className="lk-list">
          {shown.map((c) => (
            <li key={c.id}>
              <WalletRow connector={c} onSelect={() => send({ type: 'app.selectWallet', connectorId: c.id })} />
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
