import type { SnapshotFrom } from 'xstate'
import type { Features } from '../services/features.ts'
import type { remoteConfigMachine } from './remoteConfig.ts'

/**
 * The resolved feature set of a remote config snapshot (spec §6, §9; issue 15 §3): what the views gate their entry
 * points on. It changes when the remote config arrives, so a view selecting it updates without a reload.
 */
export function connectFeatures(snapshot: SnapshotFrom<typeof remoteConfigMachine>): Features {
  return snapshot.context.features
}
