import { emailLoginMachine } from '../../machines/emailLogin.ts'
import type { FeatureHost } from './host.ts'
import { FeatureDependencyError } from '../errors.ts'

/** The email login machine on this instance's embedded wallet (its frame client and storage). */
export function assemble(host: FeatureHost) {
  const embedded = host.embeddedWallet
  if (!embedded) throw new FeatureDependencyError('Unable to load email login dependency')
  return emailLoginMachine.provide({ actors: embedded.loginActors })
}
