import { accountTypeMachine } from '../../machines/accountType.ts'
import type { FeatureHost } from './host.ts'
import { FeatureDependencyError } from '../errors.ts'

/** The account-type switch on this instance's embedded wallet (its frame client and user). */
export function assemble(host: FeatureHost) {
  const embedded = host.embeddedWallet
  if (!embedded) throw new FeatureDependencyError('Unable to load email login dependency')
  return accountTypeMachine.provide({ actors: embedded.accountTypeActors })
}
