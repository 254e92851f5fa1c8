import { truncateAddress } from '../../machines/format.ts'
import { ListShell } from '../components/ListShell.tsx'
import { connectSessions, type SessionRow, type SessionsView } from '../../machines/sessions.connect.ts'
import { useDeliver, useFeatureActor, useLocale } from '../hooks.ts'
import { useSelector } from '../useSelector.ts'
import { useCopy } from '../copy.ts'

const same = (a: SessionsView, b: SessionsView) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Sessions (spec §3 "Smart session revocation", §7 `/v1/sessions`): the connected account's smart sessions, each with
 * its permissions, session key, chain and end, and a Revoke that asks the wallet to sign and the API to end it. A
 * failed revocation keeps its row with the reason; a failed read offers Try again.
 */
export default function Sessions() {
  const copy = useCopy()
  const deliver = useDeliver('sessions')
  const view = useSelector(useFeatureActor('sessions'), connectSessions, same)
  return (
    <ListShell copy={{ ...copy.sessions, retry: copy.tryAgain }} status={view.status} rows={view.rows} error={view.error ?? ''} onRetry={() => deliver({ type: 'sessions.retry' })} keepRows testId="sessions">
      {(row) => <SessionItem key={row.pci} row={row} busy={view.busy} onRevoke={() => deliver({ type: 'sessions.revoke', pci: row.pci })} />}
    </ListShell>
  )
}

function SessionItem({ row, busy, onRevoke }: { row: SessionRow; busy: boolean; onRevoke: () => void }) {
  const t = useCopy().sessions
  const locale = useLocale()
  const name = row.permissions.join(', ') || t.anyPermission
  // The end's date in the modal's locale (its `locale` option or `setLocale`), in UTC like the API's expiry.
  const ends = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(row.expiresAt))
  return (
    <li className="lk-profile-wallet lk-session" aria-label={name} data-pci={row.pci}>
      <span className="lk-profile-wallet-text">
        <span className="lk-profile-wallet-type">{name}</span>
        {row.signer && (
          <span className="lk-muted lk-small" title={row.signer}>
            {t.sessionKey} {truncateAddress(row.signer)}
          </span>
        )}
        <span className="lk-muted lk-small">
          {t.expires} {ends}
          {row.chainId ? ` · ${row.chainId}` : ''}
        </span>
        {row.revoking && (
          <span className="lk-muted lk-small" role="status">
            {row.revoking === 'signing' ? t.signing : t.submitting}
          </span>
        )}
        {row.error && (
          <span className="lk-error lk-small" role="alert">
            {t.revokeFailed} {row.error}
          </span>
        )}
      </span>
      <button type="button" className="lk-secondary" disabled={busy} aria-label={`${t.revoke} ${name}`} onClick={onRevoke}>
        {t.revoke}
      </button>
    </li>
  )
}
