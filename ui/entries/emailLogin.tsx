import * as v from 'valibot'
import { displayEmail } from '../../machines/emailLogin.connect.ts'
import { authConnectorId } from '../../machines/emailLogin.feature.ts'
import { useModalInstance } from '../context.ts'
import type { SlotProps } from '../slots.ts'

/*
 * The email login's entry in Account (spec §2 Account), declared in its manifest (`machines/emailLogin.feature.ts`):
 * the email row of an email user, with the controls other features put on it (the `account.email` slot).
 */

const emailSchema = v.string()

/** The embedded wallet's email, stored at login (spec §3 storage keys); undefined for another connector. */
function useStoredEmail(connectorId: string | undefined): string | undefined {
  const storage = useModalInstance().storage
  return connectorId === authConnectorId ? storage.read('email', emailSchema) : undefined
}

/** Under the address (`account.identity`): the email (shortened, in full in its title) and the row's controls. */
export function EmailRow(props: SlotProps['account.identity']) {
  const email = useStoredEmail(props.connectorId)
  if (!email) return null
  return (
    <div className="lk-email-row">
      <span className="lk-muted" title={email} data-testid="account-email">
        {displayEmail(email)}
      </span>
      {props.slot('account.email', { email })}
    </div>
  )
}
