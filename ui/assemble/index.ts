import type { ActorRefFrom, AnyActorLogic, SnapshotFrom } from 'xstate'
import { BaseError } from '../../adapters/errors.ts'
import type { FeatureRegistration } from '../../machines/features.ts'
import { manifests, type AnyManifest, type FeatureId } from '../../machines/manifests.ts'
import type { FeatureHost, FeaturePublicFace } from './host.ts'

export type { FeatureHost, FeaturePublicFace } from './host.ts'

/**
 * The features' machines and their assembly, derived from the one list of manifests (`machines/manifests.ts`). A
 * feature with a machine declares it in its manifest (`register`, and the machine's type); its assembly is
 * `ui/assemble/<id>.ts` (its machine with this instance's actors, one `import()` fetched with the first use, never with
 * the page). A new feature adds its files and one line in the list: nothing here changes.
 */
/** The manifests that carry a machine. */
type WithMachine = { [K in AnyManifest as [NonNullable<K['machine']>] extends [never] ? never : K['id']]: K }
/** The id of a feature that has a machine (its actor's id and systemId). */
export type FeatureMachineId = keyof WithMachine
/** Each feature's machine, typed from its manifest. */
export type FeatureMachines = { [K in FeatureMachineId]: NonNullable<WithMachine[K]['machine']> }
/** The spawned feature actors, typed (absent until first used). */
export type FeatureRefs = { [K in FeatureMachineId]?: ActorRefFrom<FeatureMachines[K]> }
/** Gestures of a feature's views that are not its machine's own events, from the manifests. */
export type FeatureExtraGestures = { [K in FeatureMachineId]: NonNullable<WithMachine[K]['gestures']> }

/**
 * A feature's assembly module: its machine with this instance's actors, and what the machine answers of the modal's
 * public API (`publicFace`, when it answers any: see {@link FeaturePublicFace}).
 */
export type FeatureAssembly<K extends FeatureMachineId> = { assemble(host: FeatureHost): FeatureMachines[K]; publicFace?: FeaturePublicFace<SnapshotFrom<FeatureMachines[K]>> }

/** The assembly modules of this folder, by file: everything here but this list, the host's type and the frame client. */
const modules = import.meta.glob<FeatureAssembly<FeatureMachineId>>(['./*.ts', '!./index.ts', '!./host.ts', '!./frameClient.ts', '!./*.test.ts'])

/** The ids of the features that have a machine, in the list's order. */
export const featureMachineIds: readonly FeatureMachineId[] = manifests.flatMap((m) => (isMachineId(m.id) ? [m.id] : []))

function isMachineId(id: FeatureId): id is FeatureMachineId {
  return manifests.some((m) => m.id === id && 'register' in m)
}

/** A manifest declares a machine, and `ui/assemble/<id>.ts` is missing: the build would start without it. */
export class FeatureAssemblyMissingError extends BaseError {
  static override docsPath = '/errors/FeatureAssemblyMissingError'
  override name = 'FeatureAssemblyMissingError'
  constructor(id: string) {
    super(`The ${id} feature declares a machine and has no assembly: add ui/assemble/${id}.ts (its machine with this instance's actors).`)
  }
}

/** Where each feature's assembly lives: one `import()` each (`ui/assemble/<id>.ts`). */
export const featureAssemblies = Object.fromEntries(
  featureMachineIds.map((id) => {
    const load = modules[`./${id}.ts`]
    if (!load) throw new FeatureAssemblyMissingError(id)
    return [id, load]
  }),
) as { [K in FeatureMachineId]: () => Promise<FeatureAssembly<K>> }

/** The settings a feature's `register` takes (none: `object`). */
type SettingsOf<K extends FeatureMachineId> = Parameters<NonNullable<WithMachine[K]['register']>>[0] extends infer P ? (unknown extends P ? object : P) : never
/**
 * The options of one modal instance that the registrations read (already defaulted by `createModal`): every manifest's
 * settings at once (the union of setting functions, inferred in the parameter's place, is their intersection).
 */
export type FeatureSettings = { [K in FeatureMachineId]: (settings: SettingsOf<K>) => void }[FeatureMachineId] extends (settings: infer I) => void ? I : never

/** What a feature's module needs fetched beside it (its manifest's `loadsWith`). */
export function loadsWithOf(id: FeatureMachineId): readonly 'embeddedWallet'[] {
  const manifest: { loadsWith?: readonly 'embeddedWallet'[] } | undefined = manifests.find((m) => m.id === id)
  return manifest?.loadsWith ?? []
}

/**
 * The feature whose manifest takes events of `type` from outside the modal's views (its `takes`: the embedded wallet's
 * approvals, a social login's return), or undefined when none does.
 * @example featureTaking('embedded.approvalRequested') // the email login's id
 */
export function featureTaking(type: string): FeatureMachineId | undefined {
  const manifest = manifests.find((m) => 'takes' in m && (m.takes as readonly string[] | undefined)?.includes(type))
  return manifest && isMachineId(manifest.id) ? manifest.id : undefined
}

/** How a feature's machine arrives: fetched (`load`, the modal) or at hand (`logic`, tests). */
export type FeatureSupply = { load: () => Promise<AnyActorLogic> } | { logic: AnyActorLogic }

/** A registration with its supply: the machine's source. */
function supplied(registration: FeatureRegistration, supply: FeatureSupply): FeatureRegistration {
  return 'load' in supply ? { ...registration, load: supply.load } : { ...registration, logic: supply.logic }
}

/**
 * The registrations of one modal instance, in the list's order (the order the root tells them about an account
 * change: the account data, then send, then sign-in).
 * @param supply how each feature's machine arrives.
 */
export function featureRegistrations(settings: FeatureSettings, supply: (id: FeatureMachineId) => FeatureSupply): FeatureRegistration[] {
  const registrations: FeatureRegistration[] = []
  for (const manifest of manifests) {
    const register: ((s: FeatureSettings) => FeatureRegistration) | undefined = 'register' in manifest ? manifest.register : undefined
    if (register && isMachineId(manifest.id)) registrations.push(supplied(register(settings), supply(manifest.id)))
  }
  return registrations
}
