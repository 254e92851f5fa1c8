import { accountTypeMachine } from '../../machines/accountType.ts'
import type { SnapshotFrom } from 'xstate'
import type { FeatureHost, FeaturePublicFace } from './host.ts'
import { FeatureDependencyError } from '../errors.ts'

/** The account-type switch on this instance's embedded wallet (its frame client and user). */
export function assemble(host: FeatureHost) {
  const embedded = host.embeddedWallet
  if (!embedded) throw new FeatureDependencyError('Unable to load email login dependency')
  return accountTypeMachine.provide({ actors: embedded.accountTypeActors })
}

/**
 * The account type's share of the public state (spec §3 account state): `preferredAccountType` and
 * `smartAccountDeployed` on the embedded wallet's EVM account, once read (pushed by the frame after that).
 */
export const publicFace: FeaturePublicFace<SnapshotFrom<typeof accountTypeMachine>> = {
  state(snapshot, state) {
    const { account } = state
    const typeState = snapshot.context.state
    if (!typeState || account.connectorId !== 'auth' || !account.isConnected || !account.caipAddress?.startsWith('eip155:')) return state
    return { ...state, account: { ...account, preferredAccountType: typeState.preferredAccountType, smartAccountDeployed: typeState.smartAccountDeployed } }
  },
}
