import type { FeatureRegistration } from './features.ts'
import { supportsNamespace } from './namespaces.ts'
import { defineFeature } from './features.ts'
import type { NamesInput, namesMachine } from './names.ts'
import type { NamesModalOptions } from './names.options.ts'
import { defaultNameSuffix } from './names.suffix.ts'

/**
 * Name registration (spec §2 RegisterAccountName and RegisterAccountNameSuccess, §4, §6: eip155 only)
 * as a feature: its machine is fetched on the visitor's first "Register a name" in Account and does the rest in its own
 * chart (`machines/names.ts`): it pushes the form, follows the account, reloads Account's data and shows the success
 * view on success (by the view it ends on), reports a failure to the root. While the wallet signs or the
 * registration posts, Back waits.
 *
 * @param options.suffix the zone suffix of registered names (spec §9, default '.reown.id').
 */
export function namesFeature(options: { suffix?: string | undefined } = {}): FeatureRegistration {
  return {
    id: 'names',
    available: (facts) => supportsNamespace('names', facts.account?.namespace),
    // Spawned with the connected account (later ones arrive as `root.account`).
    input: (facts): NamesInput => ({ suffix: options.suffix, target: facts.account }),
    busyTag: 'loading',
  }
}

/** Names (spec §2 RegisterAccountName): register a name for the eip155 account (Account's "Register a name" when it has none). */
export const namesManifest = defineFeature<typeof namesMachine, never, NamesModalOptions>()({
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
  optionDefaults: { nameSuffix: defaultNameSuffix },
  settingsFrom: ({ nameSuffix }) => ({ nameSuffix }),
  register: (settings: { nameSuffix?: string | undefined }) => namesFeature({ suffix: settings.nameSuffix }),
})
