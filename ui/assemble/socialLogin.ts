import { socialLoginMachine } from '../../machines/socialLogin.ts'
import type { FeatureHost } from './host.ts'
import { FeatureDependencyError } from '../errors.ts'

/** The social login machine on this instance's embedded wallet (its frame client and the page's window). */
export function assemble(host: FeatureHost) {
  const embedded = host.embeddedWallet
  if (!embedded) throw new FeatureDependencyError('Unable to load social login dependency')
  return socialLoginMachine.provide({ actors: embedded.socialActors })
}
