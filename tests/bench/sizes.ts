import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/** One built file and what it weighs on disk and gzipped. */
export type WeighedFile = {
  /** Path relative to the served root, e.g. `assets/index-6OVF78qt.js`. */
  file: string
  /** Size on disk (minified), in bytes. */
  bytes: number
  /** gzip size at level 9, in bytes. */
  gzip: number
}

/** The gzip size of `data` at level 9, in bytes. */
export function gzipSize(data: Uint8Array): number {
  return gzipSync(data, { level: 9 }).length
}

/**
 * Reads `file` under `root` and weighs it.
 *
 * @param root the served directory (a build's outDir).
 * @param file a path relative to `root`.
 */
export async function weighFile(root: string, file: string): Promise<WeighedFile> {
  const data = await readFile(join(root, file))
  return { file, bytes: data.length, gzip: gzipSize(data) }
}

/** Sums the raw and gzip sizes of `files`. */
export function totalOf(files: readonly WeighedFile[]): { bytes: number; gzip: number } {
  return files.reduce((sum, f) => ({ bytes: sum.bytes + f.bytes, gzip: sum.gzip + f.gzip }), { bytes: 0, gzip: 0 })
}

/** `bytes` in kB (1 kB = 1000 bytes, as Vite and the documented peer figures count), one decimal. */
export function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`
}
