import { to, type FeatureCommand, type FeatureRegistration } from './features.ts'
import { supportsNamespace } from './namespaces.ts'
import { defineFeature } from './features.ts'
import type { namesMachine } from './names.ts'

/** The gestures of the names views (`feature.deliver` to `names`) that are not the machine's own events. */
export type NamesGesture =
  /** Account's "Register a name": RegisterAccountName, its machine fetched now (first use). */
  | { type: 'names.start' }
  /** RegisterAccountNameSuccess's Done: back to Account. */
  | { type: 'names.done' }

/** Account's "Register a name": the form, fresh, the machine fetched if needed. */
export const startNames = (): FeatureCommand[] => [to.router({ type: 'router.push', view: 'RegisterAccountName' }), to.self({ type: 'names.reset' }, true)]

/**
 * Name registration (spec §2 RegisterAccountName and RegisterAccountNameSuccess, §4, §6: eip155 only)
 * as a feature: its machine is fetched on the visitor's first "Register a name" in Account. The page holds only what
 * starts it; the rest arrives with the machine (`names.outcomes.ts`: following the account, success and failure).
 * While the wallet signs or the registration posts, Back waits.
 *
 * @param options.suffix the zone suffix of registered names (spec §9, default '.reown.id').
 */
export function namesFeature(options: { suffix?: string | undefined } = {}): FeatureRegistration {
  return {
    id: 'names',
    available: (facts) => supportsNamespace('names', facts.account?.namespace),
    input: () => ({ suffix: options.suffix }),
    busyTag: 'loading',
    on: {
      // Until the machine arrives: "Register a name" starts it; anything else waits for it.
      gesture: (facts, event) => (event.type === 'names.start' ? startNames() : facts.account ? [to.self(event, true)] : []),
    },
  }
}

/** Names (spec §2 RegisterAccountName): register a name for the eip155 account (Account's "Register a name" when it has none). */
export const namesManifest = defineFeature<typeof namesMachine, NamesGesture>()({
  id: 'names',
  views: {
    RegisterAccountName: { machines: ['names'], next: ['RegisterAccountNameSuccess'] },
    RegisterAccountNameSuccess: {},
  },
  holdsViews: true,
  // The name just registered on Account's address line; "Register a name" (or the reverse lookup's failure) under it.
  entries: [
    { slot: 'account.name', order: 10, component: 'names', export: 'RegisteredName' },
    { slot: 'account.identity', order: 30, component: 'names', export: 'RegisterName', capability: 'names' },
  ],
  register: (settings: { nameSuffix?: string | undefined }) => namesFeature({ suffix: settings.nameSuffix }),
})
