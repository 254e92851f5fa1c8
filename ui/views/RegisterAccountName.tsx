import { useId } from 'react'
import { NameTagGlyph } from '../components/glyphs.tsx'
import { useCopy } from '../copy.ts'
import type { Copy } from '../locales/en.ts'
import { useNames } from '../hooks/names.ts'
import type { NamesMessage } from '../../machines/names.messages.ts'

/**
 * The words of a names message (spec §8 word for word): a failed registration prefers the API's first reason
 * description, else 'Error registering name {name}'.
 * @example namesMessageText(copy, { key: 'registerFailed', values: { name: 'alice.reown.id' } }) // 'Error registering name alice.reown.id'
 */
export function namesMessageText(copy: Copy, message: NamesMessage): string {
  if (message.key === 'suggestionsFailed') return copy.names.messages.suggestionsFailed
  return message.values.reason ?? copy.names.messages.registerFailed(message.values.name)
}

/**
 * RegisterAccountName (spec §2, §5): the name field with the zone suffix, whether the name is free (after the visitor
 * stops typing), free names to pick, and Register: the wallet signs the registration message, then it is posted.
 * A cancel in the wallet or a failure keeps the typed name; a failure says why (spec §8).
 */
export default function RegisterAccountName() {
  const copy = useCopy()
  const names = useNames()
  const inputId = useId()
  const statusId = useId()
  const busy = names.phase === 'signing' || names.phase === 'registering'
  const status =
    names.status === 'invalid'
      ? copy.names.invalid
      : names.status === 'checking'
        ? copy.names.checking
        : names.status === 'available'
          ? copy.names.available(names.fullName)
          : names.status === 'taken'
            ? copy.names.taken(names.fullName)
            : copy.names.rule
  return (
    <form
      className="lk-center lk-form"
      noValidate
      aria-busy={busy ? 'true' : undefined}
      onSubmit={(e) => {
        e.preventDefault()
        names.register()
      }}
    >
      <span className="lk-name-glyph">
        <NameTagGlyph size={40} />
      </span>
      <p className="lk-muted">{copy.names.intro}</p>
      <div className="lk-field">
        <label htmlFor={inputId}>{copy.names.label}</label>
        <div className="lk-name-input">
          <input
            id={inputId}
            className="lk-search"
            type="text"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            placeholder={copy.names.placeholder}
            value={names.name}
            disabled={busy}
            aria-invalid={names.status === 'invalid' || names.status === 'taken' ? true : undefined}
            aria-describedby={statusId}
            onChange={(e) => names.setName(e.target.value)}
          />
          <span className="lk-name-suffix" aria-hidden="true">
            {names.suffix}
          </span>
        </div>
        <span id={statusId} role="status" data-testid="name-status" className={names.status === 'invalid' || names.status === 'taken' ? 'lk-error' : names.status === 'available' ? 'lk-name-ok' : 'lk-muted'}>
          {status}
        </span>
      </div>
      {names.suggestions.length > 0 && (
        <div className="lk-field">
          <span className="lk-muted">{copy.names.suggestionsHeading}</span>
          <ul className="lk-name-suggestions" data-testid="name-suggestions">
            {names.suggestions.map((s) => (
              <li key={s}>
                <button type="button" className="lk-secondary lk-name-chip" disabled={busy} onClick={() => names.setName(s)}>
                  {s}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {names.message && (
        <p className="lk-error" role="alert" data-testid="name-error">
          {namesMessageText(copy, names.message)}
        </p>
      )}
      {busy && (
        <p className="lk-muted" role="status">
          <span className="lk-spinner" aria-hidden="true" /> {names.phase === 'signing' ? copy.names.signing : copy.names.registering}
        </p>
      )}
      <button type="submit" className="lk-primary lk-wide" disabled={!names.canRegister}>
        {copy.names.register}
      </button>
    </form>
  )
}
