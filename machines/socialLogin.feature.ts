import { to, type FeatureRegistration } from './features.ts'
import type { SocialLoginEmitted } from './socialLogin.ts'
import { defineFeature } from './features.ts'
import type { socialLoginMachine } from './socialLogin.ts'

/** The auth connector's id: the embedded wallet as the eip155 connection (the email login's too). */
const authConnectorId = 'auth'

/**
 * Social login (spec §2, §3, §6, §9) as a feature: exists with the `socials` flag (a non-empty list: local
 * option, remote config, off in basic mode) when the dapp configured `embeddedWallet`. Its machine arrives with the
 * visitor's first intent on a provider button (pointer over, focus) or with a redirect login's return. When the frame
 * has the session, the auth connector becomes the eip155 connection (`connection.request auth`), which closes the modal
 * like any connection. The modal closing cancels a popup login (the popup is closed).
 *
 * @param options.enabled whether `embeddedWallet` is configured.
 */
export function socialLoginFeature(options: { enabled: boolean }): FeatureRegistration {
  return {
    id: 'socialLogin',
    available: (facts) => options.enabled && Array.isArray(facts.flags.socials) && facts.flags.socials.length > 0,
    on: {
      emitted: (_facts, event: SocialLoginEmitted) => {
        if (event.type === 'socialLogin.connected') return [to.connection({ type: 'connection.request', connectorId: authConnectorId })]
        return []
      },
      closed: () => [to.self({ type: 'socialLogin.cancel' })],
      account: (_facts, change) => (change === 'connected' || change === 'disconnected' ? [to.self({ type: 'socialLogin.reset' })] : []),
    },
  }
}

/** Social login (spec §4): Connect's social buttons, with the embedded wallet configured. */
export const socialLoginManifest = defineFeature<typeof socialLoginMachine>()({
  id: 'socialLogin',
  loadsWith: ['embeddedWallet'],
  // Account: the username of a social login.
  entries: [{ slot: 'account.identity', order: 20, component: 'socialLogin', export: 'SocialUsername' }],
  register: (settings: { embeddedWallet?: boolean | undefined }) => socialLoginFeature({ enabled: settings.embeddedWallet === true }),
})
