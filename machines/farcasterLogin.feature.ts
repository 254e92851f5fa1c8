import { to, type FeatureRegistration } from './features.ts'
import type { FarcasterLoginEmitted } from './farcasterLogin.ts'
import { defineFeature } from './features.ts'
import type { farcasterLoginMachine } from './farcasterLogin.ts'

/** The auth connector's id: the embedded wallet as the eip155 connection (email and social logins' too). */
const authConnectorId = 'auth'

/**
 * Farcaster login (spec §2 ConnectingFarcaster, §3, §9 socials) as a feature: exists when the dapp
 * configured `embeddedWallet` and the `socials` list names `farcaster`. The Farcaster entry among Connect's socials
 * pushes ConnectingFarcaster and starts the login (the machine arrives with that press); when the frame has the
 * session, the auth connector becomes the eip155 connection, which closes the modal like any connection. Leaving
 * ConnectingFarcaster (Back, or the modal closed) while not connected clears the Farcaster URL and reloads the auth
 * connector after 100 ms (the machine's `leaving`).
 *
 * @param options.enabled whether `embeddedWallet` is configured.
 */
export function farcasterLoginFeature(options: { enabled: boolean }): FeatureRegistration {
  return {
    id: 'farcasterLogin',
    available: (facts) => options.enabled && Array.isArray(facts.flags.socials) && facts.flags.socials.includes('farcaster'),
    on: {
      gesture: (_facts, event) => {
        if (event.type === 'farcasterLogin.start') return [to.router({ type: 'router.push', view: 'ConnectingFarcaster' }), to.self(event, true)]
        return [to.self(event, true)]
      },
      open: () => [to.self({ type: 'farcasterLogin.start' }, true)],
      back: () => [to.self({ type: 'farcasterLogin.leave' })],
      closed: (facts) => (facts.view === 'ConnectingFarcaster' ? [to.self({ type: 'farcasterLogin.leave' })] : []),
      emitted: (_facts, event: FarcasterLoginEmitted) => {
        if (event.type === 'farcasterLogin.connected') return [to.connection({ type: 'connection.request', connectorId: authConnectorId })]
        return []
      },
      account: (_facts, change) => (change === 'connected' || change === 'disconnected' ? [to.self({ type: 'farcasterLogin.reset' })] : []),
    },
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
