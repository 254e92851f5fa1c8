import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { manifests } from '../../machines/manifests.ts'
import { views } from '../../machines/views.ts'
import { featureOptions } from '../../ui/options.ts'

/**
 * A feature is its own files and one line in the one list (STYLE rule 14, `machines/manifests.ts`): the files every
 * feature passes through (the root, the router, the views list, the registry, the assembly, the core, the dialog,
 * Connect) never name a feature, neither by its id in a string nor by importing one of its files. Everything they need
 * of a feature they read from its manifest.
 */
const root = fileURLToPath(new URL('../..', import.meta.url))

/** The central files: none names a feature. */
const central: readonly string[] = [
  'machines/root.ts',
  'machines/root.context.ts',
  'machines/router.ts',
  'machines/views.ts',
  'machines/root.tabs.ts',
  'machines/root.features.ts',
  'ui/features.ts',
  'ui/assemble/index.ts',
  'ui/createModal.core.ts',
  'ui/core/rootInput.ts',
  'ui/Modal.tsx',
  'ui/views/Account.tsx',
  'ui/slots.ts',
  'ui/createModal.ts',
  'ui/core/featureHost.ts',
  'ui/core/publicState.ts',
  'ui/core/modalCommands.ts',
  'ui/core/embeddedBridge.ts',
  'tests/harness/root.ts',
  'ui/options.ts',
  'ui/views/Connect.tsx',
]

/**
 * The central files that also name no view and import no feature's hooks (the core's own files still push Connect,
 * Account and the prompts; Account is the account feature's view and reads its hooks).
 */
const viewCentral: readonly string[] = ['ui/views/Connect.tsx']

/**
 * The files that read no feature's option by name: the central files, and the public types and defaults, where
 * `ModalOptions` is the modal's own keys and the manifests' (`ManifestOptions`).
 */
const optionCentral: readonly string[] = [...central, 'ui/types.ts', 'ui/createModal.defaults.ts']

/** Source without its comments (a comment may say what a feature does; code may not name it). */
function code(file: string): string {
  return readFileSync(`${root}${file}`, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
}

const ids = manifests.map((m) => m.id)
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const idInString = new RegExp(`['"\`](${ids.map(escapeRegExp).join('|')})['"\`]`, 'g')
/** A view named in a string (`'AllWallets'`): Connect pushes the views its entries name, never one of its own choosing. */
const viewInString = new RegExp(`['"\`](${views.map(escapeRegExp).join('|')})['"\`]`, 'g')
/** An import of a feature's hooks (`ui/hooks/<id>.ts`): its view model, which only its own views and entries read. */
const hookImport = new RegExp(`(?:from|import\\()\\s*['"][^'"]*/hooks/(?:${ids.map(escapeRegExp).join('|')})\\.tsx?['"]`, 'g')
/** An import of a feature's own file: its machine, manifest, rules, view model, assembly, entries, or one of its views. */
const featureImport = new RegExp(
  [
    `(?:from|import\\()\\s*['"](?:[^'"]*/machines/|[^'"]*/assemble/|[^'"]*/entries/|\\./)(?:${ids.map(escapeRegExp).join('|')})(?:\\.feature|\\.outcomes|\\.connect)?\\.tsx?['"]`,
    `(?:from|import\\()\\s*['"](?:[^'"]*/views/|\\./)(?:${views.map(escapeRegExp).join('|')})\\.tsx['"]`,
  ].join('|'),
  'g',
)

/** Each feature's own keys of `createModal`'s options (`machines/<id>.options.ts`), by feature. */
const optionKeys: ReadonlyArray<readonly [string, string]> = [...featureOptions].flatMap(([id, options]) => Object.keys(options.schemas).map((key) => [id, key] as const))
/**
 * The central files that may read the sign-in's option: `siwx` is also the modal's public API of spec §3 and §4
 * (`ModalState.siwx`, `getSiwxSession()`), which the facade answers from the option before any feature code arrives.
 */
const publicSiwx: readonly string[] = ['ui/types.ts', 'ui/createModal.ts', 'ui/createModal.defaults.ts', 'ui/core/publicState.ts', 'ui/core/featureHost.ts']
/** A feature's option key as a word of code (an import's path is not code: `kernel/siwx.ts` names no option). */
const optionKey = (key: string) => new RegExp(`\\b${escapeRegExp(key)}\\b`, 'g')
const withoutImportPaths = (source: string) => source.replace(/(from|import\()\s*(['"])[^'"]*\2/g, '$1')

/** The feature options `file` reads by name: `feature.key`. */
function optionNamings(file: string): string[] {
  const source = withoutImportPaths(code(file))
  return optionKeys.filter(([id, key]) => !(id === 'siwx' && publicSiwx.includes(file)) && optionKey(key).test(source)).map(([id, key]) => `${id}.${key}`)
}

/** What in `file` names a feature: ids in strings and imports of a feature's file. */
function namings(file: string): string[] {
  const source = code(file)
  return [...source.matchAll(idInString), ...source.matchAll(featureImport)].map((m) => m[0])
}

describe('architecture: no central file names a feature', () => {
  test('behavior: the manifests are one list of distinct ids, and every view belongs to one manifest', () => {
    expect(new Set(ids).size).toBe(ids.length)
    const declared = manifests.flatMap((m) => Object.keys(m.views ?? {}))
    expect(new Set(declared).size).toBe(declared.length)
    expect([...views].sort()).toEqual([...declared].sort())
  })

  test.each(central)('behavior: %s names no feature', (file) => {
    expect(namings(file)).toEqual([])
  })

  test.each(viewCentral)("behavior: %s names no view and reads no feature's hooks: its entries do", (file) => {
    const source = code(file)
    expect([...source.matchAll(viewInString), ...source.matchAll(hookImport)].map((m) => m[0])).toEqual([])
  })

  test.each(optionCentral)("behavior: %s reads no feature's option by name", (file) => {
    expect(optionNamings(file)).toEqual([])
  })

  test("behavior: the options the page checks are features' own, one file each (`machines/<id>.options.ts`, export `<id>Options`)", () => {
    // Each file is typed by what its manifest declares (`FeatureOptions<OptionsDeclaredBy<'<id>'>>`): tsc holds the rest.
    const ids = new Set<string>(manifests.map((m) => m.id))
    expect([...featureOptions.keys()].filter((id) => !ids.has(id))).toEqual([])
    for (const [id, options] of featureOptions) expect(Object.keys(options.schemas), id).not.toEqual([])
  })

  test("behavior: the check finds a feature's option key in code, not in an import's path nor in a longer name", () => {
    const source = withoutImportPaths("import { siwxMessages } from '../machines/siwx.messages.ts'\nconst s = options.nameSuffix")
    expect(source.match(optionKey('nameSuffix'))).toEqual(['nameSuffix'])
    expect(source.match(optionKey('siwx'))).toBeNull()
    expect('options.customWalletsCount'.match(optionKey('customWallets'))).toBeNull()
  })

  test('behavior: every entry Account renders comes from a manifest: its buttons, its name and the lines under the address', () => {
    const slots = new Set(manifests.flatMap((m) => ('entries' in m && m.entries ? m.entries.map((e) => e.slot) : [])))
    expect([...slots].sort()).toEqual(['account.actions', 'account.email', 'account.identity', 'account.name', 'connect.foot', 'connect.methods'])
    const source = code('ui/views/Account.tsx')
    for (const slot of ['account.actions', 'account.name', 'account.identity']) expect(source).toContain(`'${slot}'`)
  })

  test('behavior: the check finds a feature named in a string or imported by name', () => {
    expect("sendTo('send', e)".match(idInString)).toEqual(["'send'"])
    expect("import { x } from '../machines/swap.outcomes.ts'".match(featureImport)).toHaveLength(1)
    expect("import('./views/SendPreview.tsx')".match(featureImport)).toHaveLength(1)
    expect("import { Send } from './Send.tsx'".match(featureImport)).toHaveLength(1)
    expect("import { RegisterName } from '../entries/names.tsx'".match(featureImport)).toHaveLength(1)
    expect("import { useConnectView } from '../hooks/catalogue.ts'".match(hookImport)).toHaveLength(1)
    expect("import { useFeatures } from '../hooks.ts'".match(hookImport)).toBeNull()
    expect("send({ type: 'app.push', view: 'AllWallets' })".match(viewInString)).toEqual(["'AllWallets'"])
    expect("const to = { router: 'router' }".match(idInString)).toBeNull()
    expect("import { mainnet } from '../adapters/networks.ts'".match(featureImport)).toBeNull()
  })
})
