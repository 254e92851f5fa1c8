/**
 * `npm run new:feature -- <name>`: writes a working feature (STYLE rule 14) and adds it to the one list.
 *
 * For `tipJar` it writes `machines/tipJar.feature.ts` (the manifest: its view, its machine's registration, an entry in
 * Account's actions), `machines/tipJar.ts` (a chart built with `setup()`: idle → open → done), `ui/assemble/tipJar.ts`
 * (the machine for an instance, fetched with the first use), `ui/views/TipJar.tsx` and its words `ui/views/TipJar.copy.ts`
 * (beside the view: no shared locale file is edited), `machines/tipJar.test.ts` and `tests/model/tipJar.model.test.tsx`
 * (every state and transition walked from Account); and in `machines/manifests.ts` the manifest's import and its entry
 * at the end of the list. No other file changes.
 *
 * Refuses (a {@link NewFeatureError}, nothing written) a name that is not lower camelCase, a feature or file that exists,
 * or a reserved id. `--dry-run` prints the files it would write and writes none.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { BaseError } from '../kernel/errors.ts'
import { assemblyFile, copyFile, machineFile, manifestFile, modelTestFile, unitTestFile, viewFile, type FeatureNames } from './new-feature.templates.ts'

/** The ids a feature may not take: the root's own actors and event domains, and the modules of `machines/` that are not features. */
export const reservedIds: readonly string[] = [
  'root',
  'router',
  'toast',
  'modal',
  'network',
  'connection',
  'self',
  'app',
  'feature',
  'features',
  'manifests',
  'views',
  'timing',
  'namespaces',
  'messages',
  'transaction',
  'frame',
  'legal',
]

export type NewFeatureErrorParameters = {
  /** The name asked for. */
  name: string
  /** Why it is refused. */
  reason: 'notCamelCase' | 'exists' | 'reserved'
  /** The file that exists already (reason `exists`). */
  file?: string | undefined
}

/** A name `npm run new:feature` refuses: nothing is written. */
export class NewFeatureError extends BaseError {
  override name = 'NewFeatureError'
  readonly reason: NewFeatureErrorParameters['reason']
  constructor({ name, reason, file }: NewFeatureErrorParameters) {
    const why =
      reason === 'notCamelCase'
        ? `"${name}" is not a lower camelCase id (letters and digits, starting with a lower-case letter, e.g. tipJar).`
        : reason === 'exists'
          ? `"${name}" exists already${file ? ` (${file})` : ''}: choose another name.`
          : `"${name}" is reserved (the root's actors, event domains and the modules of machines/): choose another name.`
    super(why)
    this.reason = reason
  }
}

/** What the scaffold writes: new files by path (relative to the repository), and the new text of `machines/manifests.ts`. */
export type FeaturePlan = { names: FeatureNames; files: Record<string, string>; manifests: string }

const MANIFESTS = 'machines/manifests.ts'

/**
 * The files of a new feature `name` in the repository at `root`, and the list with it added (nothing written).
 * @throws {NewFeatureError} a name not lower camelCase, reserved, or whose feature or files exist.
 * @example planFeature('tipJar', process.cwd()).files['machines/tipJar.ts'] // the chart's source
 */
export function planFeature(name: string, root: string): FeaturePlan {
  if (!/^[a-z][a-zA-Z0-9]*$/.test(name)) throw new NewFeatureError({ name, reason: 'notCamelCase' })
  if (reservedIds.includes(name)) throw new NewFeatureError({ name, reason: 'reserved' })
  const Name = name[0]!.toUpperCase() + name.slice(1)
  const words = name[0]!.toUpperCase() + name.slice(1).replace(/([A-Z])/g, (c) => ` ${c.toLowerCase()}`)
  const names: FeatureNames = { id: name, Name, words }
  const files: Record<string, string> = {
    [`machines/${name}.feature.ts`]: manifestFile(names),
    [`machines/${name}.ts`]: machineFile(names),
    [`machines/${name}.test.ts`]: unitTestFile(names),
    [`ui/assemble/${name}.ts`]: assemblyFile(names),
    [`ui/views/${Name}.tsx`]: viewFile(names),
    [`ui/views/${Name}.copy.ts`]: copyFile(names),
    [`tests/model/${name}.model.test.tsx`]: modelTestFile(names),
  }
  const list = readFileSync(join(root, MANIFESTS), 'utf8')
  if (new RegExp(`\\b${name}Manifest\\b|id: '${name}'`).test(list)) throw new NewFeatureError({ name, reason: 'exists', file: MANIFESTS })
  const taken = [...Object.keys(files), `machines/${name}.outcomes.ts`, `machines/${name}.connect.ts`].find((file) => existsSync(join(root, file)))
  if (taken) throw new NewFeatureError({ name, reason: 'exists', file: taken })
  return { names, files, manifests: addToList(list, name) }
}

/** `list` (the source of `machines/manifests.ts`) with the manifest's import after the last import and its entry last in the array. */
function addToList(list: string, name: string): string {
  const lines = list.split('\n')
  const lastImport = lines.findLastIndex((line) => line.startsWith('import '))
  const end = lines.findIndex((line) => line.startsWith('] as const'))
  if (lastImport < 0 || end < 0) throw new BaseError(`${MANIFESTS} is not in the expected shape (imports, then \`export const manifests = [ … ] as const\`).`)
  lines.splice(end, 0, `  ${name}Manifest,`)
  lines.splice(lastImport + 1, 0, `import { ${name}Manifest } from './${name}.feature.ts'`)
  return lines.join('\n')
}

/**
 * Writes a plan into the repository at `root` (new files only, then the list).
 * @returns the paths written, the list last.
 */
export function writeFeature(plan: FeaturePlan, root: string): string[] {
  for (const [file, text] of Object.entries(plan.files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    writeFileSync(join(root, file), text, { flag: 'wx' })
  }
  writeFileSync(join(root, MANIFESTS), plan.manifests)
  return [...Object.keys(plan.files), MANIFESTS]
}

/** The command: `new-feature.ts <name> [--dry-run]`. Exits 1 with the error's message on a refused name. */
function main(argv: readonly string[]): number {
  const dryRun = argv.includes('--dry-run')
  const [name] = argv.filter((a) => a !== '--dry-run')
  const root = fileURLToPath(new URL('..', import.meta.url))
  if (!name) {
    console.error('Usage: npm run new:feature -- <name>   (a lower camelCase id, e.g. tipJar; --dry-run writes nothing)')
    return 1
  }
  try {
    const plan = planFeature(name, root)
    if (dryRun) {
      console.log([...Object.keys(plan.files), `${MANIFESTS} (import and list entry)`].join('\n'))
      return 0
    }
    const written = writeFeature(plan, root)
    console.log(`New feature ${name}:\n  ${written.join('\n  ')}\nNext: npx vitest run machines/${name}.test.ts tests/model/${name}.model.test.tsx`)
    return 0
  } catch (error) {
    if (!(error instanceof NewFeatureError)) throw error
    console.error(error.message)
    return 1
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main(process.argv.slice(2))
