import * as v from 'valibot'
import { authConnectorId } from '../../machines/emailLogin.feature.ts'
import { displaySocialUsername } from '../../machines/socialLogin.connect.ts'
import { useModalInstance } from '../context.ts'
import type { SlotProps } from '../slots.ts'

/*
 * The social login's entry in Account (spec §2 Account), declared in its manifest (`machines/socialLogin.feature.ts`):
 * the username of a social login.
 */

const stringSchema = v.string()

/**
 * Under the address (`account.identity`): a social login's username with its provider's form (spec §9: a Discord
 * username ending in 0 loses it), for an embedded account without an email.
 */
export function SocialUsername({ connectorId }: SlotProps['account.identity']) {
  const storage = useModalInstance().storage
  if (connectorId !== authConnectorId || storage.read('email', stringSchema)) return null
  const username = storage.read('social_username', stringSchema)
  if (!username) return null
  return (
    <div className="lk-muted" title={username} data-testid="account-social-username">
      {displaySocialUsername(storage.read('social_provider', stringSchema), username)}
    </div>
  )
}
