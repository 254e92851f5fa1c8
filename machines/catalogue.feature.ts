import type { FeatureRegistration } from './features.ts'
import type { CatalogueOptions } from './catalogue.ts'
import { defineFeature } from './features.ts'
import type { catalogueMachine } from './catalogue.ts'

/** The wallet catalogue (spec §2 Connect, AllWallets) as a feature: spawned when Connect first needs it, with the dapp's wallet options. */
export function catalogueFeature(options: CatalogueOptions = {}): FeatureRegistration {
  return { id: 'catalogue', input: () => options }
}

/** The wallet catalogue behind Connect and AllWallets: no view of its own. */
export const catalogueManifest = defineFeature<typeof catalogueMachine>()({
  id: 'catalogue',
  register: (settings: { catalogue?: CatalogueOptions | undefined }) => catalogueFeature(settings.catalogue),
})
