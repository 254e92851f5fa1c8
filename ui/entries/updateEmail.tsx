import { useCopy } from '../copy.ts'
import { EditIcon } from '../components/glyphs.tsx'
import { useDeliver } from '../hooks.ts'
import type { SlotProps } from '../slots.ts'

/*
 * The email update's entry in Account (spec §2 UpdateEmailWallet), declared in its manifest
 * (`machines/updateEmail.feature.ts`): the edit button on the email row.
 */

/** On the email row (`account.email`): edit the email; the machine is fetched with this press. */
export function EditEmail({ email }: SlotProps['account.email']) {
  const copy = useCopy()
  const deliver = useDeliver('updateEmail')
  return (
    <button
      type="button"
      className="lk-icon-button"
      aria-label={copy.updateEmail.accountEntry}
      title={copy.updateEmail.accountEntry}
      data-testid="account-edit-email"
      onClick={() => deliver({ type: 'updateEmail.start', currentEmail: email })}
    >
      <EditIcon />
    </button>
  )
}
