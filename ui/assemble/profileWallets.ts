import { profileWalletsMachine } from '../../machines/profileWallets.ts'
import type { FeatureHost } from './host.ts'
import { FeatureDependencyError } from '../errors.ts'

/** ProfileWallets' machine on this instance's embedded wallet (its frame client). */
export function assemble(host: FeatureHost) {
  const embedded = host.embeddedWallet
  if (!embedded) throw new FeatureDependencyError('Unable to load email login dependency')
  return profileWalletsMachine.provide({ actors: embedded.profileWalletsActors })
}
