import { messageOf } from './messages.ts'
import { to, type FeatureCommand, type FeatureFacts, type FeatureRegistration } from './features.ts'
import type { SiwxEmitted, SiwxInput } from './siwx.ts'
import { defineFeature } from './features.ts'
import type { siwxMachine } from './siwx.ts'

/** The sign-in view (spec §2 "Sign-in prompt"). */
const signView = { type: 'router.reset', view: 'SIWXSignMessage' } as const

/**
 * Sign in with the wallet (spec §4 "Sign-in (SIWX)") as a feature: exists when the `siwx` option is set, is spawned
 * with the first connection, holds SIWXSignMessage, keeps the modal open after a connection until the session check
 * answers, and turns the machine's outcomes into the modal's moves: the prompt opens the modal, a required sign-in
 * blocks closing, a cancel disconnects, returns the wallet to the signed-in network, or closes.
 *
 * @param options.enabled the `siwx` option is set.
 * @param options.input the option's flags (required, sign out on disconnect).
 */
export function siwxFeature(options: { enabled: boolean; input?: SiwxInput | undefined }): FeatureRegistration {
  return {
    id: 'siwx',
    available: () => options.enabled,
    input: () => options.input ?? {},
    // A sign-in waits for the visitor: opening shows its view, whatever else was asked.
    opensOn: { tag: 'awaitingSession', view: 'SIWXSignMessage' },
    holdsConnect: true,
    on: {
      account: (facts, change) => {
        if (change === 'switched') return []
        // Spec §4: SIWX signs out on disconnect (the machine knows whether it is configured to); with no connection no
        // sign-in can be required.
        if (!facts.account) return [to.self({ type: 'siwx.disconnected' }), to.modal({ type: 'modal.setCloseBlocked', blocked: false })]
        const a = facts.account
        const target = { address: a.address, caipNetworkId: a.caipNetworkId, namespace: a.namespace, connectorId: a.connectorId }
        // Sessions are per address and chain: the machine is spawned with the first connection.
        return [to.self({ type: 'siwx.connected', target }, true)]
      },
      // Not required (else the modal could not close): dismissing the prompt is a cancel.
      closed: (facts) => (facts.self?.hasTag('prompting') ? [to.self({ type: 'siwx.cancel' })] : []),
      network: (facts, event) => {
        // A required cancel returning the wallet to the signed-in network: refused, failed, or not configured → the prompt again.
        if (!facts.self?.hasTag('returning')) return []
        return ['network.switchRejected', 'network.switchFailed', 'network.notFound'].includes(event.type) ? [to.self({ type: 'siwx.returnFailed' })] : []
      },
      emitted: (facts, event: SiwxEmitted) => emitted(facts, event),
    },
  }
}

function emitted(facts: FeatureFacts, event: SiwxEmitted): FeatureCommand[] {
  switch (event.type) {
    // A sign-in waits for the visitor: the prompt, opening the modal if it was closed.
    case 'siwx.prompt':
      return [to.router(signView), to.modal({ type: 'modal.open' })]
    // The view reopens with the message (the modal may have been closed meanwhile when not required).
    case 'siwx.signFailed':
      return [to.router(signView), to.modal({ type: 'modal.open' }), to.toast('error', messageOf('siwxSignFailed'))]
    case 'siwx.closeBlocked':
      return [to.modal({ type: 'modal.setCloseBlocked', blocked: event.blocked })]
    // After a connection the connecting or sign view stays for the session check: a session found makes it pointless.
    case 'siwx.sessionFound':
      return facts.isConnecting || facts.holder === 'siwx' ? [to.modal({ type: 'modal.close' })] : []
    case 'siwx.signedIn':
      return [to.modal({ type: 'modal.close' }), to.root({ type: 'feature.track', name: 'SIWX_AUTH_SUCCESS', properties: { network: event.session.data.chainId } })]
    // Spec §4: an init failure disconnects, resets the view and shows the message.
    case 'siwx.initFailed':
      return [to.connection({ type: 'connection.disconnect' }), to.router({ type: 'router.reset', view: 'Connect' }), to.toast('error', messageOf('siwxInitFailed'))]
    case 'siwx.cancelled':
      if (event.disconnect) return [to.connection({ type: 'connection.disconnect' })]
      // Required cancel with an earlier session (spec §4): the wallet goes back to that session's network; the sign
      // view stays (it says so) and the modal stays unclosable until the chain change finds the session.
      if (event.returnTo !== undefined) return [to.network({ type: 'network.switch', caipNetworkId: event.returnTo, connectorId: facts.account?.connectorId })]
      return [to.modal({ type: 'modal.close' })]
    default:
      return []
  }
}

/** Sign in with the wallet (SIWX, spec §4): on with the `siwx` option, not a feature-set flag. */
export const siwxManifest = defineFeature<typeof siwxMachine>()({
  id: 'siwx',
  views: { SIWXSignMessage: { reachableWith: 'siwx' } },
  holdsViews: true,
  loadsWith: ['viewModel'],
  register: (settings: { siwx?: SiwxInput | undefined }) => siwxFeature({ enabled: settings.siwx !== undefined, input: settings.siwx }),
})
