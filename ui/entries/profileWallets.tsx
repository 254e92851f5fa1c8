import { authConnectorId } from '../../machines/emailLogin.feature.ts'
import { useCopy } from '../copy.ts'
import { useDeliver } from '../hooks.ts'
import type { SlotProps } from '../slots.ts'

/*
 * ProfileWallets' entry in Account (spec §2 ProfileWallets), declared in its manifest
 * (`machines/profileWallets.feature.ts`): "Your wallets", for email and social users.
 */

/** Under the address (`account.identity`): "Your wallets" for an account of the embedded wallet. */
export function YourWallets({ connectorId }: SlotProps['account.identity']) {
  const copy = useCopy()
  const deliver = useDeliver('profileWallets')
  if (connectorId !== authConnectorId) return null
  return (
    <button type="button" className="lk-link" data-testid="account-profile-wallets" onClick={() => deliver({ type: 'profileWallets.start' })}>
      {copy.profileWallets.accountEntry}
    </button>
  )
}
