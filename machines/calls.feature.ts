import type { FeatureRegistration } from './features.ts'
import { defineFeature } from './features.ts'
import type { CallsInput, callsMachine } from './calls.ts'

/** Where the batches the wallet runs are kept until their end (a reload picks them up again; spec §3 storage). */
export const pendingBatchesKey = 'pending_batches'

/**
 * Batched calls (EIP-5792) as a feature: no flag of its own, one view (CallsStatus, what happened to each call); its machine (`machines/calls.ts`) is fetched
 * with the first `modal.sendCalls` (a `calls.send` it takes), or when a stored connection comes back after a reload
 * while storage holds batches the wallet was running (it then picks them up again). Nothing of it is in the page's
 * first JS, and an ordinary reload fetches nothing of it.
 *
 * @param options.hasStoredBatches whether storage holds batches to pick up (read at the restore); none: never.
 */
export function callsFeature(options: { hasStoredBatches: () => boolean } = { hasStoredBatches: () => false }): FeatureRegistration {
  return {
    id: 'calls',
    // Spawned with the connected account (later ones arrive as `root.account`).
    input: (facts): CallsInput => ({ target: facts.account }),
    // `open({ view: 'CallsStatus' })` and a batch toast's Details reach the chart as `root.open`.
    opensWith: 'connected',
    wakesOn: { account: (_account, change) => change === 'restored' && options.hasStoredBatches() },
  }
}

/** Batched calls (EIP-5792 `wallet_sendCalls`, `wallet_getCallsStatus`; spec §7): `modal.sendCalls` and its batches. */
export const callsManifest = defineFeature<typeof callsMachine>()({
  id: 'calls',
  views: { CallsStatus: {} },
  holdsViews: true,
  // `modal.sendCalls` hands it the checked batch (the core finds it by this, never by its id).
  takes: ['calls.send'],
  settingsFrom: (_options, host) => ({ calls: { hasStoredBatches: () => host.hasStored(pendingBatchesKey) } }),
  register: (settings: { calls?: { hasStoredBatches: () => boolean } | undefined }) => callsFeature(settings.calls),
})
