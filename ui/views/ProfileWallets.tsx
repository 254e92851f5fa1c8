import { connectProfileWallets, type ProfileWalletsView } from '../../machines/profileWallets.connect.ts'
import { Avatar } from '../components/Avatar.tsx'
import { ListShell } from '../components/ListShell.tsx'
import { useCopy } from '../copy.ts'
import { useAccount, useDeliver, useFeatureActor } from '../hooks.ts'
import { useSelector } from '../useSelector.ts'

const same = (a: ProfileWalletsView, b: ProfileWalletsView) => JSON.stringify(a) === JSON.stringify(b)
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/**
 * ProfileWallets (spec §2): the embedded wallet's accounts as the frame reports them (the EOA, and the
 * smart account when the frame has one, marked when not deployed yet), the active one marked.
 */
export default function ProfileWallets() {
  const copy = useCopy()
  const t = copy.profileWallets
  const deliver = useDeliver('profileWallets')
  const account = useAccount()
  const actor = useFeatureActor('profileWallets')
  const view = useSelector(actor, (s) => connectProfileWallets(s, account.address), same)
  return (
    <ListShell copy={t} status={view.status} rows={view.rows} onRetry={() => deliver({ type: 'profileWallets.retry' })} testId="profile-wallets">
      {(row) => (
        <li key={row.address} className="lk-profile-wallet" aria-current={row.active ? 'true' : undefined} data-active={row.active ? 'true' : undefined}>
          <Avatar address={row.address} size={32} />
          <span className="lk-profile-wallet-text">
            <span className="lk-profile-wallet-type">{row.type === 'smartAccount' ? t.smartAccount : t.eoa}</span>
            <span className="lk-muted" title={row.address}>
              {short(row.address)}
            </span>
            {row.notDeployed && <span className="lk-muted lk-small">{t.notDeployed}</span>}
          </span>
          {row.active && <span className="lk-badge">{t.active}</span>}
        </li>
      )}
    </ListShell>
  )
}
