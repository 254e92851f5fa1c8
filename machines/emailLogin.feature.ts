import type { FeatureRegistration } from './features.ts'
import type { EmailLoginInput } from './emailLogin.ts'
import type { EmbeddedApprovalEvent } from './frame.ts'
import { defineFeature } from './features.ts'
import type { emailLoginMachine } from './emailLogin.ts'

/** The auth connector's id: the embedded wallet as the eip155 connection. */
export const authConnectorId = 'auth'

/**
 * Email login (spec §2 EmailLogin, §4 "Email connection") as a feature: exists when the dapp configured
 * `embeddedWallet`. Its machine arrives with the visitor's first keystroke in Connect's email field (shown with the
 * `email` flag: local option, remote config, off in basic mode), or with the embedded wallet's first approval (an email
 * or a social login's: whatever the flag). Its chart (`machines/emailLogin.ts`) does the rest: when the frame has a
 * session for the email, it tells the active namespace's connection (by systemId) to connect the auth connector, which
 * closes the modal like any connection; a connection or a disconnect (`root.account`) starts it over; the approvals
 * (`embedded.approvalRequested`, `embedded.approvalEnded`, delivered by `ui/core/embeddedBridge.ts`) move the router
 * and the modal.
 *
 * @param options.enabled whether `embeddedWallet` is configured.
 */
export function emailLoginFeature(options: { enabled: boolean }): FeatureRegistration {
  return {
    id: 'emailLogin',
    // Not gated by the `email` flag: the embedded wallet's approvals (a social login's too) need it; Connect shows the
    // email field only with the flag, so no other gesture reaches it without.
    available: () => options.enabled,
    // Spawned with the active namespace's connection and whether it has an account (later ones arrive as `root.account`).
    input: (facts): EmailLoginInput => ({ connection: facts.connection, connected: facts.account !== undefined }),
  }
}

/**
 * Email login (spec §4 "Email login"): the email field of Connect, with the embedded wallet configured; the secure
 * site's approval of an unsafe request shows as ApproveTransaction (spec §4 "Embedded-wallet RPC lifecycle").
 */
export const emailLoginManifest = defineFeature<typeof emailLoginMachine>()({
  id: 'emailLogin',
  flag: 'email',
  views: { ApproveTransaction: {} },
  loadsWith: ['embeddedWallet'],
  // The secure site's approvals of unsafe requests (`ui/core/embeddedBridge.ts`).
  takes: ['embedded.approvalRequested', 'embedded.approvalEnded'] satisfies EmbeddedApprovalEvent['type'][],
  // Account: the email row of an email user, shown even once the remote config turns the email login off.
  // Connect: the email field, in the email method's place (Connect shows it with the flag, the embedded wallet, on EVM).
  entries: [
    { slot: 'account.identity', order: 40, component: 'emailLogin', export: 'EmailRow', flag: null },
    { slot: 'connect.methods', order: 10, component: 'connect/emailLogin', export: 'EmailLogin', method: 'email', flag: null },
  ],
  register: (settings: { embeddedWallet?: boolean | undefined }) => emailLoginFeature({ enabled: settings.embeddedWallet === true }),
})
