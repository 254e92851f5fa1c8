import { readdir, readFile } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import type { InlineConfig } from 'vite'
import { repoRoot } from '../../dev/anvil.ts'

/** Folder of the bench (this file's folder), ending in a slash. */
export const benchDir = fileURLToPath(new URL('.', import.meta.url))

/** The bench pages: folders under tests/bench/, each an index.html + main.tsx. */
export type BenchPage = 'fixture' | 'react-only' | 'peer-rainbowkit'

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
  /** Labels of the chunks that import it, statically or dynamically. */
  usedBy: string[]
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
  const labelOf = (chunk: ManifestChunk): string => (chunk.src ? relative(repoRoot, resolve(root, chunk.src)) : (chunk.name ?? chunk.file))
  for (const chunk of Object.values(manifest)) {
    if (chunk.file.endsWith('.js')) chunks.set(chunk.file, { file: chunk.file, label: labelOf(chunk), shared: !chunk.src, usedBy: [] })
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
    if (file.endsWith('.js') && !chunks.has(path)) chunks.set(path, { file: path, label: file, shared: false, usedBy: [] })
  }
  return chunks
}

async function readManifest(outDir: string): Promise<Record<string, ManifestChunk>> {
  try {
    return JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>
  } catch {
    return {}
  }
}
