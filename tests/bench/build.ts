import { readdir, readFile } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import type { InlineConfig } from 'vite'
import { repoRoot } from '../../dev/anvil.ts'
import { chunkModulesFile } from './vite.config.ts'

/** Folder of the bench (this file's folder), ending in a slash. */
export const benchDir = fileURLToPath(new URL('.', import.meta.url))

/** The bench pages: folders under tests/bench/, each an index.html + main.tsx. */
export type BenchPage = 'fixture' | 'fixture-inspect' | 'fixture-multichain' | 'fixture-siwx' | 'react-only' | 'peer-rainbowkit'

/** A chunk in a build's manifest (`.vite/manifest.json`), as far as the bench reads it. */
type ManifestChunk = { file: string; name?: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] }

/** A JS chunk of a build, named after the module it is the entry of, or the modules it shares. */
export type ChunkInfo = {
  /** Path relative to the outDir, e.g. `assets/SwitchNetwork-DKWHVz0b.js`. */
  file: string
  /** The entry module (relative to the repository), or the chunk's name for a shared chunk. */
  label: string
  /** True for a chunk of modules shared by several entries (no entry module of its own). */
  shared: boolean
  /** True for the page's entry (what its HTML loads). */
  entry: boolean
  /** Labels of the chunks that import it, statically or dynamically. */
  usedBy: string[]
  /** Files of the chunks it imports statically (they load with it). */
  imports: string[]
  /**
   * The modules it holds, as paths relative to the repository (`adapters/solana.ts`,
   * `node_modules/@solana/web3.js/lib/index.browser.esm.js`; bundler helpers keep their virtual id), each with
   * its rendered length in characters before minification. Modules tree-shaken to nothing are left out. Empty
   * for a build without the bench's `chunkModules` plugin (the demo).
   */
  modules: Map<string, number>
}

/**
 * Builds the demo (demo/ into dist/demo) for production with the repository's vite.config.ts. The caller
 * sets VITE_ANVIL_RPC_1/2 in process.env first; Vite reads them like the .env files.
 */
export async function buildDemo(): Promise<string> {
  await build({ configFile: join(repoRoot, 'vite.config.ts'), logLevel: 'warn' })
  return join(repoRoot, 'dist/demo')
}

/**
 * Builds one bench page for production with tests/bench/vite.config.ts into `outDir`, with a manifest.
 *
 * @param options.sourcemap write hidden source maps (the JS files stay byte-identical) for {@link attributeBySource}.
 * @param options.quiet log errors only (third-party peers warn about their own chunk sizes and Node built-ins).
 */
export async function buildBenchPage(page: BenchPage, outDir: string, options: { sourcemap?: boolean; quiet?: boolean } = {}): Promise<string> {
  const config: InlineConfig = {
    configFile: join(benchDir, 'vite.config.ts'),
    root: join(benchDir, page),
    logLevel: options.quiet ? 'error' : 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: options.sourcemap ? 'hidden' : false },
  }
  await build(config)
  return outDir
}

/**
 * Lists a build's JS chunks with the manifest's names, keyed by file. Reads `.vite/manifest.json`; a build
 * without a manifest (the demo) gets file names as labels.
 *
 * @param outDir the build's output folder.
 * @param root the build's root (sources in the manifest are relative to it).
 */
export async function readChunks(outDir: string, root: string): Promise<Map<string, ChunkInfo>> {
  const chunks = new Map<string, ChunkInfo>()
  const manifest = await readManifest(outDir)
  const held = await readChunkModules(outDir)
  const modulesOf = (file: string): Map<string, number> => held.get(file) ?? new Map()
  const labelOf = (chunk: ManifestChunk): string => (chunk.src ? relative(repoRoot, resolve(root, chunk.src)) : (chunk.name ?? chunk.file))
  for (const chunk of Object.values(manifest)) {
    if (!chunk.file.endsWith('.js')) continue
    const imports = (chunk.imports ?? []).flatMap((key) => (manifest[key] ? [manifest[key].file] : []))
    chunks.set(chunk.file, { file: chunk.file, label: labelOf(chunk), shared: !chunk.src, entry: chunk.isEntry === true, usedBy: [], imports, modules: modulesOf(chunk.file) })
  }
  for (const chunk of Object.values(manifest)) {
    for (const key of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) {
      const imported = manifest[key]
      const info = imported && chunks.get(imported.file)
      if (info && !info.usedBy.includes(labelOf(chunk))) info.usedBy.push(labelOf(chunk))
    }
  }
  for (const file of await readdir(join(outDir, 'assets')).catch(() => [])) {
    const path = `assets/${file}`
    if (file.endsWith('.js') && !chunks.has(path)) chunks.set(path, { file: path, label: file, shared: false, entry: false, usedBy: [], imports: [], modules: modulesOf(path) })
  }
  return chunks
}

/**
 * The chunks `files` load, with every chunk they import statically, transitively (what the browser fetches
 * when it runs them), in a stable order.
 */
export function withStaticImports(chunks: Map<string, ChunkInfo>, files: Iterable<string>): string[] {
  const seen = new Set<string>()
  const visit = (file: string): void => {
    if (seen.has(file)) return
    seen.add(file)
    for (const imported of chunks.get(file)?.imports ?? []) visit(imported)
  }
  for (const file of files) visit(file)
  return [...seen]
}

/** A module id of the bundler as a path relative to the repository: no `\0` prefix, no query, no absolute root. */
export function moduleIdOf(id: string): string {
  const path = id.replace(/^\0/, '').replace(/\?.*$/, '')
  return path.startsWith(repoRoot) ? path.slice(repoRoot.length) : path
}

async function readChunkModules(outDir: string): Promise<Map<string, Map<string, number>>> {
  let list: Record<string, Record<string, number>>
  try {
    list = JSON.parse(await readFile(join(outDir, chunkModulesFile), 'utf8')) as Record<string, Record<string, number>>
  } catch {
    return new Map()
  }
  return new Map(
    Object.entries(list).map(([file, modules]) => {
      const kept = new Map<string, number>()
      for (const [id, length] of Object.entries(modules)) if (length > 0) kept.set(moduleIdOf(id), (kept.get(moduleIdOf(id)) ?? 0) + length)
      return [file, kept]
    }),
  )
}

async function readManifest(outDir: string): Promise<Record<string, ManifestChunk>> {
  try {
    return JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>
  } catch {
    return {}
  }
}
