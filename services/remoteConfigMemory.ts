import * as v from 'valibot'
import { featuresSchema, type RemoteFeatures } from './features.schema.ts'
import { storageKeys, type ModalStorage } from './storage.ts'

/*
 * The project's remote config as the modal last heard it (spec §6 "A found remote config overrides local settings"),
 * kept in the modal's storage under `@latchkey/remote_config`: `{ [projectId]: { features } }`, oldest first.
 *
 * Why: the config is asked once the opened modal's first frame is painted (the tap's frame carries only the modal), so
 * its answer always comes a frame or more after Connect shows, and on a real network a round trip later. What it
 * decides (the email field, the social buttons, the branding footer) would pop in or out under the visitor's finger on
 * every first open of a page. A page that remembers the last answer paints Connect with it from the first frame; the
 * fresh answer still decides (it overrides the remembered one, spec §6), and only a project whose config changed since
 * shows a change, once.
 *
 * A first visit (nothing kept) paints the local options, as spec §6 has it until a config is fetched, and an answer that
 * differs changes the view once. Measured in the demo (local options with the email field and the social buttons off,
 * the project's config turning them on; tests/e2e/connect.spec.ts): 'New to wallets?' went from 467 to 641 px after the
 * first frame on that first visit, and stayed at 641 px from the first frame on the next page. On a phone the sheet grows
 * upward from the bottom edge, so there every wallet row moved (174 px up, 385 → 211 px from the top of the viewport).
 * The alternatives were
 * weighed against that once-per-browser-and-project move:
 * - keeping room for what the config may add: its height is the answer's (the email field and its divider 76 px; the
 *   social buttons one to two rows, about 100 px; 174 px together in the demo), and the config may as well remove what
 *   the local options show; every first open of a dapp whose project keeps them off would show an empty gap of a guessed
 *   height, for a change most visitors never see;
 * - waiting for the answer before painting Connect: a round trip more on the tap (150 ms at the phone profile's latency),
 *   which is what the opening's first frame is kept free of;
 * - animating the insertion (spec §2's 150 ms height animation): the rows below still move, more slowly, and a visitor
 *   who prefers reduced motion sees the same jump.
 * A project config that differs from the local options is a misconfiguration the debug alert 'Local configuration
 * ignored' (spec §8) names to the developer where the dapp set the option.
 */

/** How many projects' answers are kept, the most recently heard last: a site has one project id, a few pages more. */
export const rememberedProjectsLimit = 4

/** A remembered answer: the project config's features, as `/appkit/v1/config` gave them. */
export type RememberedConfig = { features: RemoteFeatures }

/** A plain object: valibot's `object` and `record` take a list for one (its indices as keys), which is foreign here. */
const plainObject = v.custom<object>((value) => typeof value === 'object' && value !== null && !Array.isArray(value))
const rememberedSchema = v.object({ features: v.pipe(plainObject, featuresSchema) })
const allSchema = v.pipe(plainObject, v.record(v.string(), v.unknown()))
/** A project id worth keeping an answer for (the machine asks nothing for a blank one: spec §8 'Project ID Not Configured'). */
const isProjectId = (projectId: string) => projectId.trim() !== ''

/**
 * Every remembered answer, read through valibot at the boundary: a malformed or foreign entry (features of the wrong
 * type, a social provider this build does not know, no `features`) is dropped alone and the key rewritten without it;
 * a value that is no record (bad JSON, a list, another library's text) is removed. Never throws.
 */
function readAll(storage: ModalStorage): Record<string, RememberedConfig> {
  const all = storage.read(storageKeys.remoteConfig, allSchema)
  if (!all) return {}
  const kept: Record<string, RememberedConfig> = {}
  for (const [projectId, raw] of Object.entries(all)) {
    const entry = v.safeParse(rememberedSchema, raw)
    if (entry.success && isProjectId(projectId)) kept[projectId] = { features: entry.output.features }
  }
  if (Object.keys(kept).length !== Object.keys(all).length) write(storage, kept)
  return kept
}

function write(storage: ModalStorage, all: Record<string, RememberedConfig>) {
  if (Object.keys(all).length === 0) storage.remove(storageKeys.remoteConfig)
  else storage.write(storageKeys.remoteConfig, all)
}

/**
 * The remote config last heard for `projectId`, or undefined (none heard, forgotten, or what storage held was malformed:
 * dropped, never thrown).
 *
 * @example
 * rememberedConfig(storage, 'p') // { features: { email: true, socials: ['google'] } }
 */
export function rememberedConfig(storage: ModalStorage, projectId: string): RememberedConfig | undefined {
  return readAll(storage)[projectId]
}

/**
 * Keeps `config` as the last answer for `projectId` (the most recently heard last; past {@link rememberedProjectsLimit}
 * projects the oldest goes). An empty project id keeps nothing. A full or disabled storage loses it silently.
 *
 * @example rememberConfig(storage, 'p', { features: { email: false } })
 */
export function rememberConfig(storage: ModalStorage, projectId: string, config: RememberedConfig): void {
  if (!isProjectId(projectId)) return
  const { [projectId]: _, ...others } = readAll(storage)
  const entries = [...Object.entries(others), [projectId, { features: config.features }] as const]
  write(storage, Object.fromEntries(entries.slice(-rememberedProjectsLimit)))
}

/**
 * Forgets the answer kept for `projectId`: the last call found no config (it failed, or no directory answers any more),
 * so the next page starts from the local options, as this one ended (spec §6).
 *
 * @example forgetConfig(storage, 'p')
 */
export function forgetConfig(storage: ModalStorage, projectId: string): void {
  const all = readAll(storage)
  if (!(projectId in all)) return
  const { [projectId]: _, ...others } = all
  write(storage, others)
}
