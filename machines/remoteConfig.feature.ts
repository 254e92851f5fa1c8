import { to, type FeatureRegistration } from './features.ts'
import type { RemoteConfigEmitted, RemoteConfigInput } from './remoteConfig.ts'
import { defineFeature } from './features.ts'
import type { remoteConfigMachine } from './remoteConfig.ts'

/**
 * The project's remote configuration (spec §6, §9) as a feature: fetched with the first opening (the machine ignores
 * later ones); its resolution becomes the root's feature set, its alerts the debug alerts (spec §8).
 */
export function remoteConfigFeature(input: RemoteConfigInput = { projectId: 'unset' }): FeatureRegistration {
  return {
    id: 'remoteConfig',
    input: () => input,
    on: {
      opened: () => [to.self({ type: 'remoteConfig.load' }, true)],
      emitted: (_facts, event: RemoteConfigEmitted) => {
        if (event.type === 'remoteConfig.ready') return [to.root({ type: 'feature.flags', features: event.features })]
        if (event.type === 'remoteConfig.alert') return [to.root({ type: 'feature.alert', key: event.key, title: event.title, message: event.message })]
        return []
      },
    },
  }
}

/** The project's remote configuration (spec §6): fetched with every opening; no view of its own. */
export const remoteConfigManifest = defineFeature<typeof remoteConfigMachine>()({
  id: 'remoteConfig',
  fetchedOnIntent: true,
  register: (settings: { remoteConfig?: RemoteConfigInput | undefined }) => remoteConfigFeature(settings.remoteConfig),
})
