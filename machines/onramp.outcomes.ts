import { to, type ConnectedAccount, type FeatureCommand, type FeatureFacts, type FeatureRegistration } from './features.ts'
import { onrampFollowing, startOnramp } from './onramp.feature.ts'
import type { OnrampEmitted, OnrampTarget } from './onramp.ts'

const target = (a: ConnectedAccount): OnrampTarget => ({ address: a.address, caipNetworkId: a.caipNetworkId, namespace: a.namespace, connectorId: a.connectorId })
const back = (facts: FeatureFacts) => to.router({ type: 'router.back', isConnected: Boolean(facts.account) })

/**
 * The on-ramp's hooks that arrive with its machine ({@link import('./features.ts').LoadedFeature}): it
 * follows the active account, and turns the machine's outcomes into the modal's moves: the checkout view pushed when
 * the checkout opens, back to the form when it is cancelled or Buy more is chosen at the purchase's end, the balance
 * and Account's data read again when the purchase arrived.
 */
export const onrampOutcomes: NonNullable<FeatureRegistration['on']> = {
  spawned: (facts) => (facts.account ? [to.self({ type: 'onramp.setTarget', target: target(facts.account) })] : []),
  account: (facts, change) => {
    const commands: FeatureCommand[] = [to.self(facts.account ? { type: 'onramp.setTarget', target: target(facts.account) } : { type: 'onramp.clear' })]
    if (change === 'changed' && facts.holder === 'onramp') commands.push(to.router({ type: 'router.reset', view: 'Account' }))
    return commands
  },
  // Back from the purchase being followed cancels it (the root then goes back to the form).
  back: (facts) => (facts.view === 'OnRampCheckout' && onrampFollowing(facts) ? [to.self({ type: 'onramp.cancel' })] : []),
  gesture: (facts, event) => {
    switch (event.type) {
      case 'onramp.start':
        return startOnramp(facts)
      case 'onramp.chooseProvider':
        return [to.router({ type: 'router.push', view: 'OnRampProviders' })]
      case 'onramp.pickProvider':
        return [to.self({ type: 'onramp.selectProvider', provider: String(event.provider) }), back(facts)]
      // Buy more, from the purchase's end (done or not settled): the form again, under the checkout view.
      case 'onramp.open':
        return facts.view === 'OnRampCheckout' ? [to.self(event, true), back(facts)] : [to.self(event, true)]
      default:
        return [to.self(event, true)]
    }
  },
  emitted: (facts, event: OnrampEmitted) => {
    switch (event.type) {
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
}
