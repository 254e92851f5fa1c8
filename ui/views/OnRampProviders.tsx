import { useCopy } from '../copy.ts'
import { useOnramp } from '../hooks/onramp.ts'
import { CardGlyph, CheckIcon } from '../components/glyphs.tsx'

/** The provider choice (spec §9 providers and their fee display): picking one returns to the form. */
export default function OnRampProviders() {
  const copy = useCopy()
  const flow = useOnramp()
  return (
    <ul className="lk-list" aria-label={copy.onrampProvider} style={{ width: '100%' }}>
      {flow.providers.map((p) => (
        <li key={p.id}>
          <button type="button" className="lk-row" aria-current={p.selected ? 'true' : undefined} onClick={() => flow.pickProvider(p.id)}>
            <CardGlyph />
            <span className="lk-row-name">{p.name}</span>
            <span className="lk-fiat">{copy.onrampProviderFees(p.fees)}</span>
            {p.selected && <CheckIcon />}
          </button>
        </li>
      ))}
    </ul>
  )
}
