/**
 * Builds the package: `npm run build:lib`, run by `prepack` so `npm pack` and `npm publish` ship built
 * output only. Three steps:
 * 1. `vite build -c vite.lib.config.ts`: every public entry to ESM JavaScript in dist/lib (chunks kept, `'use client'`
 *    on the React entry); and `vite.element.config.ts` when present: the custom elements' single file in dist/element;
 *    and `vite.testing.config.ts`: the test wallet's page script, dist/lib/test-wallet.js (`latchkey/testing/playwright`).
 * 2. `tsc -p tsconfig.build.json --noCheck --singleThreaded` by TypeScript 7 (the devDependency `typescript7`, as
 *    `npm run typecheck`): declarations in dist/lib/types; their relative imports rewritten from `.ts`/`.tsx` to `.js`
 *    (tsc's rewriteRelativeImportExtensions rewrites emitted JS only, not declarations), so a consumer's TypeScript
 *    resolves them without allowImportingTsExtensions. `--noCheck` emits without the full type check: `npm run
 *    typecheck` checks the same sources (`npm test`, CI), declaration emit errors still fail the build, and the
 *    examples (tests/examples) check the emitted declarations with `skipLibCheck: false`. TypeScript 7 emits them in
 *    about 8 CPU-seconds (one thread: its default threads took 25 on a loaded 2-core machine) instead of TypeScript
 *    5.9's 46; the two emits declare the same types (every file compared with its unions' and object types' members
 *    sorted and its comments: the same, but for one name of the same interface, `bitcoin.Network` for
 *    `bitcoin.networks.Network`). TypeScript 7 also refuses what 5.9 emitted wrongly: an exported anonymous class's
 *    `#private` members (5.9 wrote them as `"__#private@#x"` properties), so exported functions returning local
 *    classes name their return type.
 * 3. Checks of the output: the React entry starts with `'use client'`, no chunk reads a bare `global` (a consumer has
 *    no `global` define), every entry has its declaration file.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { BaseError } from '../kernel/errors.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The package build failed: the declarations' compiler exited non-zero, or a check of the output found problems (`details`). */
class LibBuildError extends BaseError {
  override name = 'LibBuildError'
  constructor(shortMessage: string, details?: string) {
    super(shortMessage, details ? { details } : {})
  }
}
const out = join(root, 'dist/lib')

function files(dir: string, suffix: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path, suffix) : path.endsWith(suffix) ? [path] : []
  })
}

/** `'./x.ts'`, `"../y.tsx"` in `from …`, `import(…)` and `declare module …` of a declaration file → `.js`. */
export function rewriteDeclarationImports(source: string): string {
  return source.replace(/(['"])(\.{1,2}\/[^'"\n]*?)\.tsx?\1/g, (_m, quote: string, path: string) => `${quote}${path}.js${quote}`)
}

/** A bare `global` identifier read as a variable (not `globalThis`, not a property `.global`, not in a string key). */
export const bareGlobal = /(?<![.\w$'"`])global(?![\w$'"`:])/

/** Whether a line of built code reads a bare `global` outside its plain string literals (words in a message are no read). */
export function readsBareGlobal(line: string): boolean {
  return bareGlobal.test(line.replace(/`[^`$\\]*`|'[^'\\]*'|"[^"\\]*"/g, '""'))
}

export async function buildLib(): Promise<void> {
  const started = Date.now()
  const { libEntries } = await import('../vite.lib.config.ts')
  await build({ configFile: join(root, 'vite.lib.config.ts'), logLevel: 'warn' })
  // The custom elements' single ES module for pages without a bundler (vite.element.config.ts): shipped in
  // dist/element when its config is there (written beside this build; built only once it exists).
  if (existsSync(join(root, 'vite.element.config.ts'))) await build({ configFile: join(root, 'vite.element.config.ts'), logLevel: 'warn' })
  // The test wallet's page script beside the `latchkey/testing/playwright` entry (vite.testing.config.ts).
  await build({ configFile: join(root, 'vite.testing.config.ts'), logLevel: 'warn' })
  const { otherPageScripts } = await import('../vite.testing.config.ts')
  for (const config of otherPageScripts) await build({ ...config, configFile: false, logLevel: 'warn' })

  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript7/bin/tsc'), '-p', join(root, 'tsconfig.build.json'), '--noCheck', '--singleThreaded'], { stdio: 'inherit' })
  if (tsc.status !== 0) throw new LibBuildError(`tsc (TypeScript 7) -p tsconfig.build.json --noCheck failed (${tsc.status})`)
  for (const file of files(join(out, 'types'), '.d.ts')) {
    const source = readFileSync(file, 'utf8')
    const rewritten = rewriteDeclarationImports(source)
    if (rewritten !== source) writeFileSync(file, rewritten)
  }

  const problems: string[] = []
  if (!readFileSync(join(out, 'react.js'), 'utf8').startsWith(`"use client";`) && !readFileSync(join(out, 'react.js'), 'utf8').startsWith(`'use client';`)) {
    problems.push(`dist/lib/react.js does not start with 'use client'`)
  }
  for (const file of files(out, '.js')) {
    const lines = readFileSync(file, 'utf8').split('\n')
    lines.forEach((line, i) => {
      if (readsBareGlobal(line)) problems.push(`${file.slice(root.length)}:${i + 1} reads a bare \`global\`: ${line.trim().slice(0, 120)}`)
    })
  }
  for (const script of ['test-wallet.js', 'test-solana-wallet.js', 'test-bitcoin-wallet.js']) if (!existsSync(join(out, script))) problems.push(`dist/lib/${script} (a test wallet page script) was not built`)
  for (const [name, source] of Object.entries(libEntries)) {
    const declaration = join(out, 'types', source.slice(root.length).replace(/\.tsx?$/, '.d.ts'))
    try {
      statSync(declaration)
    } catch {
      problems.push(`entry ${name}: no declaration at ${declaration.slice(root.length)}`)
    }
  }
  if (problems.length) throw new LibBuildError('The package build is not right', problems.join('\n'))
  console.log(`latchkey: built ${Object.keys(libEntries).join(', ')} into dist/lib in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildLib().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
