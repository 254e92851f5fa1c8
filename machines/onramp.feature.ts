import { to, type FeatureCommand, type FeatureFacts, type FeatureRegistration } from './features.ts'
import type { OnrampInput } from './onramp.ts'
import { defineFeature } from './features.ts'
import type { onrampMachine } from './onramp.ts'

/** The gestures of the on-ramp views (`feature.deliver` to `onramp`) that are not the machine's own events. */
export type OnrampGesture =
  /** Account's Buy: the form (or the purchase being followed). */
  | { type: 'onramp.start' }
  /** The form's provider button: the provider choice. */
  | { type: 'onramp.chooseProvider' }
  /** A provider picked in the choice: selected, back to the form. */
  | { type: 'onramp.pickProvider'; provider: string }

/** A purchase is being followed (the machine's `busy` tag). */
export const onrampFollowing = (facts: FeatureFacts) => facts.self?.hasTag('busy') ?? false

/** Account's Buy: the purchase being followed, else the form, the machine fetched if needed. */
export function startOnramp(facts: FeatureFacts): FeatureCommand[] {
  if (onrampFollowing(facts)) return [to.router({ type: 'router.push', view: 'OnRamp' }), to.router({ type: 'router.push', view: 'OnRampCheckout' })]
  return [to.router({ type: 'router.push', view: 'OnRamp' }), to.self({ type: 'onramp.open' }, true)]
}

/**
 * The on-ramp as a feature: gated by the `onramp` flag, holds OnRamp (the buy form), OnRampProviders
 * (the provider choice) and OnRampCheckout (the purchase followed, then done). The page holds only what starts it;
 * the rest arrives with the machine (`onramp.outcomes.ts`: following the account, the checkout, the balances).
 *
 * @param input the providers to offer (the `onramp.providers` option; spec §9 default meld and coinbase).
 */
export function onrampFeature(input: OnrampInput = {}): FeatureRegistration {
  return {
    id: 'onramp',
    available: (facts) => facts.flags.onramp,
    input: () => input,
    on: {
      open: (facts, { view }) => (view === 'OnRamp' && facts.account ? [to.self({ type: 'onramp.open' }, true)] : []),
      // Until the machine arrives: Buy starts it; anything else waits for it.
      gesture: (facts, event) => (event.type === 'onramp.start' ? startOnramp(facts) : [to.self(event, true)]),
    },
  }
}

/** On-ramp (spec §2): the buy form, the provider choice and the purchase followed in the provider's checkout; Account's Buy button. */
export const onrampManifest = defineFeature<typeof onrampMachine, OnrampGesture>()({
  id: 'onramp',
  flag: 'onramp',
  views: {
    OnRamp: { machines: ['onramp'], next: ['OnRampProviders', 'OnRampCheckout'] },
    OnRampProviders: {},
    OnRampCheckout: {},
  },
  holdsViews: true,
  entries: [{ slot: 'account.actions', order: 10, label: 'buy', gesture: { event: { type: 'onramp.start' } } }],
  parts: { 'Account: Buy button': 'onramp' },
  register: (settings: { onramp?: OnrampInput | undefined }) => onrampFeature(settings.onramp),
})
