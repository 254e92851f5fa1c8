/**
 * The static module graph of the sources, as the bundler follows it for a chunk: from a module, every module it imports
 * or re-exports for a value (`import type`, `export type` and imports whose specifiers are all types are erased), with
 * the eager `import.meta.glob`s of a module, never through `import()`. Bare specifiers are packages, kept by name.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/** What a walk reached: the repository's modules (paths relative to `root`) and the packages (`xstate`, `@walletconnect/core`). */
export type StaticGraph = { modules: Set<string>; packages: Set<string> }

const importFrom = /(?:^|[\n;])\s*(import|export)\s+([^'";]*?)\s+from\s+['"]([^'"]+)['"]/g
const bareImport = /(?:^|[\n;])\s*import\s+['"]([^'"]+)['"]/g
const eagerGlob = /import\.meta\.glob(?:<[^(]*>)?\(\s*(\[[^\]]*\]|'[^']*')\s*,\s*\{[^}]*eager:\s*true[^}]*\}\s*\)/g

/** Whether an import or export clause names only types (`type { A }`, `{ type A, type B }`), so nothing of it is bundled. */
function typeOnly(kind: string, clause: string): boolean {
  if (/^type\s/.test(clause)) return true
  const braces = /^\{([^}]*)\}$/.exec(clause.trim())
  if (!braces) return false
  const names = braces[1]!
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  return kind === 'import' && names.length > 0 && names.every((n) => n.startsWith('type '))
}

/** The files a glob of one folder names (`./entries/connect/*.tsx`), relative to `cwd`: a `*` in the file name only. */
function globOneFolder(pattern: string, cwd: string): string[] {
  const folder = dirname(pattern)
  const name = new RegExp(
    `^${pattern
      .slice(folder.length + 1)
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '[^/]*')}$`,
  )
  const path = join(cwd, folder)
  return existsSync(path)
    ? readdirSync(path)
        .filter((f) => name.test(f))
        .map((f) => `${folder}/${f}`)
    : []
}

/** The package of a bare specifier (`@walletconnect/core/dist/x` → `@walletconnect/core`). */
function packageOf(specifier: string): string {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!
}

/** The value imports of one module's source: relative specifiers resolved against `file`, and bare ones as packages. */
function importsOf(root: string, file: string): { modules: string[]; packages: string[] } {
  const source = readFileSync(join(root, file), 'utf8')
  const specifiers: string[] = []
  for (const [, kind, clause, specifier] of source.matchAll(importFrom)) if (!typeOnly(kind!, clause!)) specifiers.push(specifier!)
  for (const [, specifier] of source.matchAll(bareImport)) specifiers.push(specifier!)
  const modules: string[] = []
  const packages: string[] = []
  for (const s of specifiers) {
    if (s.startsWith('.')) modules.push(relative(root, resolve(root, dirname(file), s)))
    else if (!s.startsWith('node:') && !s.startsWith('virtual:')) packages.push(packageOf(s))
  }
  for (const [, patterns] of source.matchAll(eagerGlob)) {
    const list = [...patterns!.matchAll(/'([^']+)'/g)].map((m) => m[1]!)
    const included = list.filter((p) => !p.startsWith('!')).flatMap((p) => globOneFolder(p, join(root, dirname(file))))
    const excluded = new Set(list.filter((p) => p.startsWith('!')).flatMap((p) => globOneFolder(p.slice(1), join(root, dirname(file)))))
    for (const match of included) if (!excluded.has(match)) modules.push(relative(root, resolve(root, dirname(file), match)))
  }
  return { modules: modules.filter((m) => existsSync(join(root, m))), packages }
}

/**
 * Every module and package reached statically from `starts` (paths relative to `root`).
 * @example staticGraph(root, ['ui/core.ts']).modules.has('machines/root.ts') // true
 */
export function staticGraph(root: string, starts: readonly string[]): StaticGraph {
  const modules = new Set<string>()
  const packages = new Set<string>()
  const queue = [...starts]
  while (queue.length) {
    const file = queue.pop()!
    if (modules.has(file)) continue
    modules.add(file)
    const found = importsOf(root, file)
    for (const p of found.packages) packages.add(p)
    queue.push(...found.modules)
  }
  return { modules, packages }
}
