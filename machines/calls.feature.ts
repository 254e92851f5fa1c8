import type { FeatureRegistration } from './features.ts'
import { defineFeature } from './features.ts'
import type { CallsInput, callsMachine } from './calls.ts'

/**
 * Batched calls (EIP-5792) as a feature: no view and no flag of its own; its machine (`machines/calls.ts`) is fetched
 * with the first `modal.sendCalls` (a `feature.deliver` of `calls.send`), or when a stored connection comes back after
 * a reload (it then picks up the batches kept in storage). Nothing of it is in the page's first JS.
 */
export const callsFeature: FeatureRegistration = {
  id: 'calls',
  // Spawned with the connected account (later ones arrive as `root.account`).
  input: (facts): CallsInput => ({ target: facts.account }),
  // A reload with a connection: the batches stored before it are picked up again.
  wakesOn: { account: (_account, change) => change === 'restored' },
}

/** Batched calls (EIP-5792 `wallet_sendCalls`, `wallet_getCallsStatus`; spec §7): `modal.sendCalls` and its batches. */
export const callsManifest = defineFeature<typeof callsMachine>()({
  id: 'calls',
  // `modal.sendCalls` hands it the checked batch (the core finds it by this, never by its id).
  takes: ['calls.send'],
  register: () => callsFeature,
})
