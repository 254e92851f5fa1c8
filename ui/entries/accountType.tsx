import { connectAccountType, type AccountTypeView } from '../../machines/accountType.connect.ts'
import { authConnectorId } from '../../machines/emailLogin.feature.ts'
import { useCopy } from '../copy.ts'
import { useDeliver, useFeatureActor } from '../hooks.ts'
import type { SlotProps } from '../slots.ts'
import { useSelector } from '../useSelector.ts'

/*
 * The embedded wallet's account type in Account (spec §3 account state, §4 smart accounts), declared in its manifest
 * (`machines/accountType.feature.ts`): the badge beside the address and the switch. Its machine follows the embedded
 * account (spawned when one connects): these read it, and show nothing until it is there.
 */

const sameAccountType = (a: AccountTypeView, b: AccountTypeView) => a.shown === b.shown && a.current === b.current && a.target === b.target && a.switching === b.switching

/** The switch's view model (nothing shown until the machine is there). */
function useAccountType(): AccountTypeView {
  return useSelector(useFeatureActor('accountType'), connectAccountType, sameAccountType)
}

/** Beside the address (`account.identity`): 'Smart account' while the embedded wallet acts with its smart account. */
export function AccountTypeBadge({ connectorId }: SlotProps['account.identity']) {
  const copy = useCopy()
  const accountType = useAccountType()
  if (connectorId !== authConnectorId || accountType.current !== 'smartAccount' || accountType.switching) return null
  return (
    <span className="lk-badge" data-testid="account-type">
      {copy.accountType.smartAccountActive}
    </span>
  )
}

/**
 * The switch (`account.identity`, spec §4): to the smart account only where the network has smart accounts and the type
 * is eoa; back to the EOA. While switching it waits, saying so.
 */
export function AccountTypeSwitch({ connectorId }: SlotProps['account.identity']) {
  const copy = useCopy()
  const deliver = useDeliver('accountType')
  const accountType = useAccountType()
  if (connectorId !== authConnectorId || !accountType.shown) return null
  return (
    <button
      type="button"
      className="lk-link"
      data-testid="account-switch-type"
      disabled={accountType.switching}
      aria-busy={accountType.switching || undefined}
      onClick={() => deliver({ type: 'accountType.switch', to: accountType.target })}
    >
      {accountType.switching ? copy.accountType.switching : accountType.target === 'smartAccount' ? copy.accountType.toSmartAccount : copy.accountType.toEoa}
    </button>
  )
}
