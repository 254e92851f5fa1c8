import type { FeatureRegistration } from './features.ts'
import type { RemoteConfigInput } from './remoteConfig.ts'
import { defineFeature } from './features.ts'
import type { remoteConfigMachine } from './remoteConfig.ts'
import type { Features } from '../services/features.ts'

/**
 * The project's remote configuration (spec §6, §9) as a feature: brought by the first opening (`root.opened`, which
 * its machine loads the config on and ignores later); its machine reports the resolution to the root as its feature
 * set (`feature.flags`) and its alerts as the debug alerts (`feature.alert`, spec §8).
 */
export function remoteConfigFeature(input: RemoteConfigInput = { projectId: 'unset' }): FeatureRegistration {
  return {
    id: 'remoteConfig',
    input: () => input,
    wakesOn: { opened: 'always' },
  }
}

/** The project's remote configuration (spec §6): fetched with every opening; no view of its own. */
export const remoteConfigManifest = defineFeature<typeof remoteConfigMachine>()({
  id: 'remoteConfig',
  fetchedOnIntent: true,
  // The project's config, over the dapp's own feature options (spec §6).
  settingsFrom: (o: { projectId?: string; features?: Partial<Features>; basic?: boolean }, host) => ({
    remoteConfig: { projectId: o.projectId ?? '', local: o.features ?? {}, basic: o.basic ?? false, origin: host.origin, remembered: host.rememberedConfig(o.projectId ?? '') },
  }),
  register: (settings: { remoteConfig?: RemoteConfigInput | undefined }) => remoteConfigFeature(settings.remoteConfig),
})
