/**
 * Which Vitest project a test file runs in (vitest.config.ts), decided from the file's own text so that a new test
 * file lands in the right project without editing a list (tests/README.md, "Vitest projects"):
 *
 * - `integration`: the file reads a server of the global setup (tests/harness/global-setup.ts: the test anvils, the
 *   reference API, the Solana RPC, the relay), that is, it calls `inject('…')` itself or imports a helper under
 *   tests/ that does (tests/model/app.tsx, the model walks' real UI on anvil).
 * - `servers`: a file that starts servers of its own and reads none of the global setup's: it calls a `start…(` function
 *   that a module under dev/ or testing/node/ exports (`startApiServer`, `startAnvil`, `startSecureSite`, …). No global setup.
 * - `unit`: every other test file: no server at all, so `npm run test:quick` runs it alone. No global setup. Its files
 *   share their worker's modules (not isolated), except `unitIsolated`: the files that reset or mock modules
 *   (`vi.resetModules(`, `vi.mock(`, `forgetCoreForTests(`), which would pull them from under the others.
 *
 * A unit file that calls `inject('…')` by mistake reads `undefined`; the rule above moves it to integration as soon as
 * the call is written, so that cannot happen.
 */
import { readdirSync, readFileSync, type Dirent } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/** The folders whose `*.test.ts` / `*.test.tsx` files Vitest runs (relative to the repository root). */
export const testFolders = ['openapi', 'kernel', 'machines', 'adapters', 'services', 'ui', 'testing', 'inspect', 'dev', 'tests'] as const

const testFile = /\.test\.tsx?$/
const sourceFile = /\.tsx?$/
/** A call that reads a value of the global setup: `inject('anvilRpc1')`, `inject("apiUrl")`. */
const injectCall = /\binject\(\s*['"`]/
/** A call that swaps the module registry under the file: such a file cannot share its worker's modules. */
const moduleRegistryCall = /\bvi\.(?:resetModules|mock|doMock|unmock|doUnmock)\(|\bforgetCoreForTests\(/
/** `export async function startRelay(`: a function of dev/ or testing/node/ that starts a server. */
const serverStarterExport = /^export (?:async )?function (start[A-Z]\w*)\(/gm
/** Relative imports of a file: `from './app.tsx'`, `import('../harness/x.ts')`. */
const relativeImport = /(?:from\s+|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g

/** The text without its block and line comments (a docstring that names `inject` is not a call). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
}

function walk(dir: string, out: string[]): string[] {
  let entries: Dirent[]
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return out
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) walk(path, out)
    else if (sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path)
  }
  return out
}

/**
 * A read of what a page keeps for its whole life: the cache of view code (ui/features.ts `viewCode`) or the custom
 * elements defined (`customElements`). A file that asserts a view's chunk is not fetched yet (ui/Modal.test.tsx) or no
 * element is defined yet (ui/element.test.ts) needs a fresh page and fresh modules; a file run before it in a worker
 * that shares them (its test environment too, with `isolate: false`) would have fetched or defined them.
 */
const pageCacheRead = /\bviewCode\(|\bcustomElements\b/

/**
 * Whether a `servers` or `integration` file may share its worker's modules with the files run before it (Vitest
 * `isolate: false`): no module-registry call, and no read of a page's lasting caches ({@link pageCacheRead}). Each file
 * renders modals of its own, and they pass in shuffled file orders (`--sequence.shuffle`). Measured on 2 cores: the 37
 * server files 80 instead of 133 CPU-seconds, the 14 model-walk files 132 instead of 175.
 *
 * @param source the file's text.
 */
export function sharesModules(source: string): boolean {
  const code = withoutComments(source)
  return !moduleRegistryCall.test(code) && !pageCacheRead.test(code)
}

/** The test files of each project, as paths relative to `root` (forward slashes), sorted. */
export type ProjectFiles = {
  unit: string[]
  /** The unit files that reset or mock modules (`vi.resetModules`, `vi.mock`, `forgetCoreForTests`): run isolated. */
  unitIsolated: string[]
  servers: string[]
  integration: string[]
  /** The `servers` and `integration` files that share their worker's modules ({@link sharesModules}). */
  shared: string[]
}

/**
 * Splits the repository's test files into the `unit`, `servers` and `integration` projects by the rule of this module's
 * header.
 *
 * @param root the repository root (absolute).
 * @returns the four lists, relative to `root`; together they are every test file of {@link testFolders}, each once.
 */
export function splitTestFiles(root: string): ProjectFiles {
  const files = testFolders.flatMap((folder) => walk(join(root, folder), []))
  const text = new Map(files.map((file) => [file, withoutComments(readFileSync(file, 'utf8'))]))
  // Helpers under tests/ (not test files themselves) that read the global setup's values.
  const injectingHelpers = new Set(files.filter((file) => !testFile.test(file) && file.startsWith(join(root, 'tests') + '/') && !file.endsWith('global-setup.ts') && injectCall.test(text.get(file)!)))
  const starters = new Set(
    files
      .filter((file) => !testFile.test(file) && (file.startsWith(join(root, 'dev') + '/') || file.startsWith(join(root, 'testing', 'node') + '/')))
      .flatMap((file) => [...text.get(file)!.matchAll(serverStarterExport)].map((m) => m[1]!)),
  )
  const startsServers = new RegExp(`\\b(?:${[...starters].join('|') || '(?!)'})\\(`)
  const needsGlobalSetup = (file: string): boolean => {
    const source = text.get(file)!
    if (injectCall.test(source)) return true
    for (const match of source.matchAll(relativeImport)) {
      if (injectingHelpers.has(resolve(dirname(file), match[1]!))) return true
    }
    return false
  }
  const split: ProjectFiles = { unit: [], unitIsolated: [], servers: [], integration: [], shared: [] }
  for (const file of files) {
    if (!testFile.test(file)) continue
    const source = text.get(file)!
    const project = needsGlobalSetup(file) ? 'integration' : startsServers.test(source) ? 'servers' : moduleRegistryCall.test(source) ? 'unitIsolated' : 'unit'
    const path = relative(root, file).split('\\').join('/')
    split[project].push(path)
    if ((project === 'servers' || project === 'integration') && sharesModules(source)) split.shared.push(path)
  }
  for (const list of Object.values(split)) list.sort()
  return split
}
