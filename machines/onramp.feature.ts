import type { FeatureRegistration } from './features.ts'
import type { OnrampInput } from './onramp.ts'
import { defineFeature } from './features.ts'
import type { onrampMachine } from './onramp.ts'
import type { OnrampModalOptions } from './onramp.options.ts'
import { defaultOnrampProviders } from './onramp.providers.ts'

/** The gestures of the on-ramp views (`feature.deliver` to `onramp`) that move views: the machine handles them too. */
export type OnrampGesture =
  /** Account's Buy: the form (or the purchase being followed). */
  | { type: 'onramp.start' }
  /** The form's provider button: the provider choice. */
  | { type: 'onramp.chooseProvider' }
  /** A provider picked in the choice: selected, back to the form. */
  | { type: 'onramp.pickProvider'; provider: string }

/**
 * The on-ramp as a feature: gated by the `onramp` flag, holds OnRamp (the buy form), OnRampProviders
 * (the provider choice) and OnRampCheckout (the purchase followed, then done). Its machine does the rest in its own
 * chart (`machines/onramp.ts`): it follows the root's account moments, answers Account's Buy, `open({ view: 'OnRamp' })`
 * and Back, and moves the views and the balances itself. The machine is fetched with the first gesture.
 *
 * @param input the providers to offer (the `onramp.providers` option; spec §9 default meld and coinbase).
 */
export function onrampFeature(input: OnrampInput = {}): FeatureRegistration {
  return {
    id: 'onramp',
    available: (facts) => facts.flags.onramp,
    // Spawned with the providers and the connected account (later ones arrive as `root.account`).
    input: (facts): OnrampInput => ({ ...input, target: facts.account }),
    opensWith: 'connected',
  }
}

/** On-ramp (spec §2): the buy form, the provider choice and the purchase followed in the provider's checkout; Account's Buy button. */
export const onrampManifest = defineFeature<typeof onrampMachine, OnrampGesture, OnrampModalOptions>()({
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
  optionDefaults: { onrampProviders: [...defaultOnrampProviders] },
  settingsFrom: ({ onrampProviders }) => ({ onramp: { providers: onrampProviders } }),
  register: (settings: { onramp?: OnrampInput | undefined }) => onrampFeature(settings.onramp),
})
