import type { FeatureRegistration } from './features.ts'
import { defineFeature } from './features.ts'
import type { FarcasterLoginInput, farcasterLoginMachine } from './farcasterLogin.ts'

/**
 * Farcaster login (spec §2 ConnectingFarcaster, §3, §9 socials) as a feature: exists when the dapp
 * configured `embeddedWallet` and the `socials` list names `farcaster`. The Farcaster entry among Connect's socials
 * starts the login (the machine arrives with that press); its machine does the rest in its own chart
 * (`machines/farcasterLogin.ts`): it pushes ConnectingFarcaster, answers `open({ view: 'ConnectingFarcaster' })`, and
 * when the frame has the session tells the active namespace's connection (by systemId) to connect the auth connector,
 * which closes the modal like any connection. Leaving ConnectingFarcaster (Back, or the modal closed) while not
 * connected clears the Farcaster URL and reloads the auth connector after 100 ms (the machine's `leaving`).
 *
 * @param options.enabled whether `embeddedWallet` is configured.
 */
export function farcasterLoginFeature(options: { enabled: boolean }): FeatureRegistration {
  return {
    id: 'farcasterLogin',
    available: (facts) => options.enabled && Array.isArray(facts.flags.socials) && facts.flags.socials.includes('farcaster'),
    // Spawned with the active namespace's connection (later ones arrive as `root.account`).
    input: (facts): FarcasterLoginInput => ({ connection: facts.connection }),
    opensWith: 'always',
  }
}

/** Farcaster login (spec §2 ConnectingFarcaster): the Sign In With Farcaster request as a QR code and a deep link. */
export const farcasterLoginManifest = defineFeature<typeof farcasterLoginMachine>()({
  id: 'farcasterLogin',
  flag: 'socials',
  views: { ConnectingFarcaster: { machines: ['farcasterLogin'] } },
  holdsViews: true,
  loadsWith: ['embeddedWallet'],
  register: (settings: { embeddedWallet?: boolean | undefined }) => farcasterLoginFeature({ enabled: settings.embeddedWallet === true }),
})
