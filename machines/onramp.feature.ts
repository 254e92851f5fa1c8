import { to, type ConnectedAccount, type FeatureCommand, type FeatureFacts, type FeatureRegistration } from './features.ts'
import type { OnrampEmitted, OnrampInput, OnrampTarget } from './onramp.ts'

/** The gestures of the on-ramp views (`feature.deliver` to `onramp`) that are not the machine's own events. */
export type OnrampGesture =
  /** Account's Buy: the form (or the purchase being followed). */
  | { type: 'onramp.start' }
  /** The form's provider button: the provider choice. */
  | { type: 'onramp.chooseProvider' }
  /** A provider picked in the choice: selected, back to the form. */
  | { type: 'onramp.pickProvider'; provider: string }

const target = (a: ConnectedAccount): OnrampTarget => ({ address: a.address, caipNetworkId: a.caipNetworkId, namespace: a.namespace, connectorId: a.connectorId })
const following = (facts: FeatureFacts) => facts.self?.hasTag('busy') ?? false
const back = (facts: FeatureFacts) => to.router({ type: 'router.back', isConnected: Boolean(facts.account) })

/**
 * The on-ramp (issue 21 §1) as a feature: gated by the `onramp` flag, holds OnRamp (the buy form), OnRampProviders
 * (the provider choice) and OnRampCheckout (the purchase followed, then done), follows the active account, and turns
 * the machine's outcomes into the modal's moves: the checkout view pushed when the checkout opens, back to the form
 * when it is cancelled, the balance and Account's data read again when the purchase arrived.
 *
 * @param input the providers to offer (the `onramp.providers` option; spec §9 default meld and coinbase).
 */
export function onrampFeature(input: OnrampInput = {}): FeatureRegistration {
  return {
    id: 'onramp',
    available: (facts) => facts.flags.onramp,
    input: () => input,
    views: ['OnRamp', 'OnRampProviders', 'OnRampCheckout'],
    on: {
      spawned: (facts) => (facts.account ? [to.self({ type: 'onramp.setTarget', target: target(facts.account) })] : []),
      account: (facts, change) => {
        const commands: FeatureCommand[] = [to.self(facts.account ? { type: 'onramp.setTarget', target: target(facts.account) } : { type: 'onramp.clear' })]
        if (change === 'changed' && facts.holder === 'onramp') commands.push(to.router({ type: 'router.reset', view: 'Account' }))
        return commands
      },
      open: (facts, { view }) => (view === 'OnRamp' && facts.account ? [to.self({ type: 'onramp.open' }, true)] : []),
      // Back from the purchase being followed cancels it (the root then goes back to the form).
      back: (facts) => (facts.view === 'OnRampCheckout' && following(facts) ? [to.self({ type: 'onramp.cancel' })] : []),
      gesture: (facts, event) => {
        switch (event.type) {
          case 'onramp.start':
            if (following(facts)) return [to.router({ type: 'router.push', view: 'OnRamp' }), to.router({ type: 'router.push', view: 'OnRampCheckout' })]
            return [to.router({ type: 'router.push', view: 'OnRamp' }), to.self({ type: 'onramp.open' }, true)]
          case 'onramp.chooseProvider':
            return [to.router({ type: 'router.push', view: 'OnRampProviders' })]
          case 'onramp.pickProvider':
            return [to.self({ type: 'onramp.selectProvider', provider: String(event.provider) }), back(facts)]
          default:
            return [to.self(event, true)]
        }
      },
      emitted: (facts, event) => {
        const e = event as OnrampEmitted
        switch (e.type) {
          case 'onramp.checkout':
            return [to.router({ type: 'router.push', view: 'OnRampCheckout' })]
          case 'onramp.succeeded':
            return [to.connection({ type: 'connection.refreshBalance' }), { to: 'feature', feature: 'account', event: { type: 'account.reload' } }]
          case 'onramp.cancelled':
            return facts.view === 'OnRampCheckout' ? [back(facts)] : []
          default:
            return []
        }
      },
    },
  }
}
