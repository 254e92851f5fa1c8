import type { FeatureRegistration } from './features.ts'
import { defineFeature } from './features.ts'
import { isEmbeddedAccount } from './updateEmail.feature.ts'
import type { SessionsInput, sessionsMachine } from './sessions.ts'

/**
 * Sessions (spec §3 "Smart session revocation", §7 `/v1/sessions`) as a feature: for an eip155 account of the embedded
 * wallet (the account that grants smart sessions) when the dapp configured `embeddedWallet`. Account's "Sessions"
 * (`sessions.start`) fetches its machine on first use, which pushes the view and does the rest in its own chart
 * (`machines/sessions.ts`).
 *
 * @param options.enabled whether `embeddedWallet` is configured.
 */
export function sessionsFeature(options: { enabled: boolean }): FeatureRegistration {
  return {
    id: 'sessions',
    available: (facts) => options.enabled && isEmbeddedAccount(facts.account) && facts.account?.namespace === 'eip155',
    input: (facts): SessionsInput => ({ target: facts.account }),
  }
}

/** The account's smart sessions, listed and revoked: Account's "Sessions", embedded-wallet accounts. */
export const sessionsManifest = defineFeature<typeof sessionsMachine>()({
  id: 'sessions',
  views: { Sessions: { machines: ['sessions'] } },
  holdsViews: true,
  // Account: "Sessions" under "Your wallets".
  entries: [{ slot: 'account.identity', order: 55, component: 'sessions', export: 'SessionsEntry' }],
  register: (settings: { embeddedWallet?: boolean | undefined }) => sessionsFeature({ enabled: settings.embeddedWallet === true }),
})
