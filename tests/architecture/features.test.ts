import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { manifests } from '../../machines/manifests.ts'
import { views } from '../../machines/views.ts'

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

/** Source without its comments (a comment may say what a feature does; code may not name it). */
function code(file: string): string {
  return readFileSync(`${root}${file}`, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
}

const ids = manifests.map((m) => m.id)
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const idInString = new RegExp(`['"\`](${ids.map(escapeRegExp).join('|')})['"\`]`, 'g')
/** An import of a feature's own file: its machine, manifest, rules, view model, assembly, entries, or one of its views. */
const featureImport = new RegExp(
  [
    `(?:from|import\\()\\s*['"](?:[^'"]*/machines/|[^'"]*/assemble/|[^'"]*/entries/|\\./)(?:${ids.map(escapeRegExp).join('|')})(?:\\.feature|\\.outcomes|\\.connect)?\\.tsx?['"]`,
    `(?:from|import\\()\\s*['"](?:[^'"]*/views/|\\./)(?:${views.map(escapeRegExp).join('|')})\\.tsx['"]`,
  ].join('|'),
  'g',
)

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

  test('behavior: every entry Account renders comes from a manifest: its buttons, its name and the lines under the address', () => {
    const slots = new Set(manifests.flatMap((m) => ('entries' in m && m.entries ? m.entries.map((e) => e.slot) : [])))
    expect([...slots].sort()).toEqual(['account.actions', 'account.email', 'account.identity', 'account.name', 'connect.methods'])
    const source = code('ui/views/Account.tsx')
    for (const slot of ['account.actions', 'account.name', 'account.identity']) expect(source).toContain(`'${slot}'`)
  })

  test('behavior: the check finds a feature named in a string or imported by name', () => {
    expect("sendTo('send', e)".match(idInString)).toEqual(["'send'"])
    expect("import { x } from '../machines/swap.outcomes.ts'".match(featureImport)).toHaveLength(1)
    expect("import('./views/SendPreview.tsx')".match(featureImport)).toHaveLength(1)
    expect("import { Send } from './Send.tsx'".match(featureImport)).toHaveLength(1)
    expect("import { RegisterName } from '../entries/names.tsx'".match(featureImport)).toHaveLength(1)
    expect("const to = { router: 'router' }".match(idInString)).toBeNull()
    expect("import { mainnet } from '../adapters/networks.ts'".match(featureImport)).toBeNull()
  })
})
