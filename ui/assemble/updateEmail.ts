import { updateEmailMachine } from '../../machines/updateEmail.ts'
import type { FeatureHost } from './host.ts'
import { FeatureDependencyError } from '../errors.ts'

/** The email update machine on this instance's embedded wallet (its frame client and stored user). */
export function assemble(host: FeatureHost) {
  const embedded = host.embeddedWallet
  if (!embedded) throw new FeatureDependencyError('Unable to load email login dependency')
  return updateEmailMachine.provide({ actors: embedded.updateEmailActors })
}
