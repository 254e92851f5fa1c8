import { to, type FeatureRegistration } from './features.ts'
import type { EmailLoginEmitted } from './emailLogin.ts'

/** The auth connector's id: the embedded wallet as the eip155 connection. */
export const authConnectorId = 'auth'

/**
 * Email login (issue 18 §2–§3; spec §2 EmailLogin, §4 "Email connection") as a feature: exists with the `email` flag
 * (local option, remote config, off in basic mode) when the dapp configured `embeddedWallet`. Its machine arrives with
 * the visitor's first keystroke in Connect's email field (nothing before). When the frame has a session for the
 * email, the auth connector becomes the eip155 connection (`connection.request auth`: the embedded wallet's
 * `eth_requestAccounts`), which closes the modal like any connection.
 *
 * @param options.enabled whether `embeddedWallet` is configured.
 */
export function emailLoginFeature(options: { enabled: boolean }): FeatureRegistration {
  return {
    id: 'emailLogin',
    available: (facts) => options.enabled && facts.flags.email,
    on: {
      emitted: (_facts, event) => {
        const e = event as EmailLoginEmitted
        if (e.type === 'emailLogin.connected') return [to.connection({ type: 'connection.request', connectorId: authConnectorId })]
        return []
      },
      // A new visit starts from the email field, the typed email kept.
      account: (_facts, change) => (change === 'connected' || change === 'disconnected' ? [to.self({ type: 'emailLogin.reset' })] : []),
    },
  }
}
