import type { FeatureRegistration } from './features.ts'
import { defineFeature } from './features.ts'
import type { SocialLoginEvent, SocialLoginInput, socialLoginMachine } from './socialLogin.ts'

/**
 * Social login (spec §2, §3, §6, §9) as a feature: exists with the `socials` flag (a non-empty list: local
 * option, remote config, off in basic mode) when the dapp configured `embeddedWallet`. Its machine arrives with the
 * visitor's first intent on a provider button (pointer over, focus) or with a redirect login's return, and does the
 * rest in its own chart (`machines/socialLogin.ts`): when the frame has the session it tells the active namespace's
 * connection (by systemId) to connect the auth connector, which closes the modal like any connection; the modal
 * closing (`root.closed`) cancels a popup login (the popup is closed); a connection or a disconnect (`root.account`)
 * starts it over.
 *
 * @param options.enabled whether `embeddedWallet` is configured.
 */
export function socialLoginFeature(options: { enabled: boolean }): FeatureRegistration {
  return {
    id: 'socialLogin',
    available: (facts) => options.enabled && Array.isArray(facts.flags.socials) && facts.flags.socials.length > 0,
    // Spawned with the active namespace's connection (later ones arrive as `root.account`).
    input: (facts): SocialLoginInput => ({ connection: facts.connection }),
  }
}

/** Social login (spec §4): Connect's social buttons, with the embedded wallet configured. */
export const socialLoginManifest = defineFeature<typeof socialLoginMachine>()({
  id: 'socialLogin',
  loadsWith: ['embeddedWallet'],
  // A login by redirect that came back to the page (`result_uri` or `social_error` in its address).
  takes: ['socialLogin.returned', 'socialLogin.refused'] satisfies SocialLoginEvent['type'][],
  // Account: the username of a social login.
  // Connect: the provider buttons, in the social method's place (Connect shows them with a non-empty `socials` list).
  entries: [
    { slot: 'account.identity', order: 20, component: 'socialLogin', export: 'SocialUsername' },
    { slot: 'connect.methods', order: 20, component: 'connect/socialLogin', export: 'SocialLogin', method: 'social' },
  ],
  register: (settings: { embeddedWallet?: boolean | undefined }) => socialLoginFeature({ enabled: settings.embeddedWallet === true }),
})
