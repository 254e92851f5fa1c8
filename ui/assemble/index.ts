import type { FeatureId, FeatureMachines } from '../../machines/root.ts'
import type { FeatureHost } from './host.ts'

export type { FeatureHost } from './host.ts'

/** A feature's assembly module: its machine with this instance's actors. */
export type FeatureAssembly<K extends FeatureId> = { assemble(host: FeatureHost): FeatureMachines[K] }

/**
 * The feature machines and where each one's assembly lives (issue 15 §1): one `import()` each, fetched with the
 * feature's first use, never with the page. The views of each feature are registered in `ui/features.ts`; a new
 * feature machine adds its `ui/assemble/<feature>.ts` and one line here.
 */
export const featureAssemblies: { [K in FeatureId]: () => Promise<FeatureAssembly<K>> } = {
  send: () => import('./send.ts'),
  siwx: () => import('./siwx.ts'),
  pairing: () => import('./pairing.ts'),
  catalogue: () => import('./catalogue.ts'),
  account: () => import('./account.ts'),
  remoteConfig: () => import('./remoteConfig.ts'),
}
