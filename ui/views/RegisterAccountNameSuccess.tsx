import { RegisteredGlyph } from '../components/glyphs.tsx'
import { useCopy } from '../copy.ts'
import { useNames } from '../hooks/names.ts'

/** RegisterAccountNameSuccess (spec §2, §4 "Name registration"): the name is registered; Done returns to Account. */
export default function RegisterAccountNameSuccess() {
  const copy = useCopy()
  const names = useNames()
  return (
    <div className="lk-center">
      <span className="lk-name-glyph lk-name-ok">
        <RegisteredGlyph size={48} />
      </span>
      <p style={{ margin: 0, fontWeight: 600 }} data-testid="name-registered">
        {copy.names.successHeading(names.registered ?? '')}
      </p>
      <p className="lk-muted">{copy.names.successBody}</p>
      <button type="button" className="lk-primary lk-wide" onClick={() => names.done()}>
        {copy.names.done}
      </button>
    </div>
  )
}
