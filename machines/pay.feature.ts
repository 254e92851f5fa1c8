import type { FeatureRegistration } from './features.ts'
import { defineFeature } from './features.ts'
import type { PayInput, payMachine } from './pay.ts'

/**
 * Pay (spec §1 optional features "… and pay") as a feature: gated by the `pay` flag (default off, spec §8; the remote
 * configuration overrides it), holds the Pay view. Its machine (`machines/pay.ts`) is fetched with the first
 * `modal.pay` (a `pay.request` it takes); nothing of it is in the page's first JS. While the wallet or the chain is
 * asked (`busy`), Back on the Pay view is ignored.
 */
export const payFeature: FeatureRegistration = {
  id: 'pay',
  available: (facts) => facts.flags.pay,
  // Spawned with the connected account (later ones arrive as `root.account`).
  input: (facts): PayInput => ({ target: facts.account, connection: facts.connection }),
  busyTag: 'busy',
  // While the payment waits for a wallet (Connect a wallet on the Pay view), a connection leaves the modal open: the
  // Pay view comes back with the wallet's balance.
  holdsConnect: { tag: 'holdsConnect' },
}

/** Pay (spec §1): `modal.pay` and the Pay view. */
export const payManifest = defineFeature<typeof payMachine>()({
  id: 'pay',
  flag: 'pay',
  views: { Pay: {} },
  holdsViews: true,
  // `modal.pay` hands it the checked request (the core finds it by this, never by its id).
  // `pay.resume`: the payment kept in storage, picked up after a reload.
  takes: ['pay.request', 'pay.resume'],
  register: () => payFeature,
})
