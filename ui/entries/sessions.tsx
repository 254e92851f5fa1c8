import { authConnectorId } from '../../machines/emailLogin.feature.ts'
import { useDeliver } from '../hooks.ts'
import type { SlotProps } from '../slots.ts'
import { useCopy } from '../copy.ts'

/*
 * Sessions' entry in Account (spec §3 "Smart session revocation"), declared in its manifest
 * (`machines/sessions.feature.ts`): "Sessions", for an eip155 account of the embedded wallet.
 */

/** Under the address (`account.identity`): "Sessions" for an eip155 account of the embedded wallet. */
export function SessionsEntry({ connectorId, namespace }: SlotProps['account.identity']) {
  const deliver = useDeliver('sessions')
  const copy = useCopy()
  if (connectorId !== authConnectorId || namespace !== 'eip155') return null
  return (
    <button type="button" className="lk-link" data-testid="account-sessions" onClick={() => deliver({ type: 'sessions.start' })}>
      {copy.titles.Sessions}
    </button>
  )
}
