/**
 * In-memory PGlite databases for the development servers (the reference API's names and sessions, the secure site),
 * each a PGlite instance of its own, started as cheaply as PGlite allows. A start costs CPU, not waiting: on a 2-core
 * machine shared by a test run every CPU-second counts (measured with PGlite 0.5.16 on Node 20).
 *
 * - No `initdb` (Postgres's, compiled to WebAssembly: 7 to 11 CPU-seconds): a database starts from a saved copy of a
 *   freshly initialised, empty cluster (no schema: each server applies its own), an uncompressed tarball from
 *   `dumpDataDir` kept in `node_modules/.cache/latchkey/` under the PGlite version that wrote it. A copy that is
 *   missing, unreadable or refused by PGlite is made again from a fresh `initdb`.
 * - Read once per process and shared by every database it opens, as immutable inputs only: the compiled
 *   `pglite.wasm` (`pgliteWasmModule`, compiled once even when several databases start at once), the file-system
 *   bundle `pglite.data` (`fsBundle`) and the saved cluster (`loadDataDir`). The two files reach each database as a
 *   Blob whose `arrayBuffer()` resolves at once to bytes already in memory (Node 20's own `Blob#arrayBuffer` reads in
 *   64 KiB chunks, about a CPU-second for the 40 MB cluster): a copy of the bundle, whose bytes Emscripten keeps as
 *   the files' contents; the cluster itself, which PGlite only reads (it copies each file out of the tarball).
 * - A 16 MB buffer pool (`shared_buffers`) instead of 128 MB: Postgres zeroes the pool at start, about 0.8
 *   CPU-seconds for 128 MB in WebAssembly; a development database holds kilobytes.
 *
 * Together: a database after the first of its process starts in about 1 CPU-second instead of 3. Dev-only.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'

/**
 * The repository's root: from this module's file URL, or the working directory where the module is not loaded from a
 * file (a happy-dom test environment gives `import.meta.url` an http URL). Read on use, never at import.
 */
function repoRoot(): string {
  const here = new URL('..', import.meta.url)
  return here.protocol === 'file:' ? fileURLToPath(here) : `${process.cwd()}/`
}

/** The installed PGlite package's directory. */
function pgliteDir(): string {
  return `${repoRoot()}node_modules/@electric-sql/pglite/`
}

/** The installed PGlite's version (its package.json is not among the package's exports, so it is read as a file). */
function pgliteVersion(): string {
  try {
    const { version } = JSON.parse(readFileSync(`${pgliteDir()}package.json`, 'utf8')) as { version?: unknown }
    return typeof version === 'string' ? version : 'unknown'
  } catch {
    return 'unknown'
  }
}

/** Where the saved empty cluster of the installed PGlite version lives (an uncompressed tarball, about 40 MB). */
export function pgliteTemplatePath(): string {
  return `${repoRoot()}node_modules/.cache/latchkey/pglite-${pgliteVersion()}-empty.tar`
}

/**
 * A Blob of `bytes` whose `arrayBuffer()` resolves at once, instead of Node's chunked read: to a copy of them when
 * `copy` (the receiver may keep and write into what it gets), else to the bytes themselves (a receiver that only
 * reads them; a copy of 40 MB costs about 0.2 CPU-seconds here).
 */
function bytesBlob(bytes: Uint8Array, copy: boolean): Blob {
  const own = new Uint8Array(bytes)
  const blob = new Blob([own])
  blob.arrayBuffer = () => Promise.resolve(copy ? own.slice().buffer : own.buffer)
  return blob
}

/** The templates read by this process, by path. */
const templates = new Map<string, Promise<Blob | undefined>>()

function readTemplate(path: string): Promise<Blob | undefined> {
  let template = templates.get(path)
  if (!template) {
    template = (async () => {
      try {
        return bytesBlob(readFileSync(path), false)
      } catch {
        return undefined
      }
    })()
    templates.set(path, template)
  }
  return template
}

/** Saves a fresh database's empty cluster as the template (written aside, then renamed: readers never see half a file). */
async function saveTemplate(db: PGlite, path: string): Promise<void> {
  const dump = await db.dumpDataDir('none')
  const bytes = new Uint8Array(await dump.arrayBuffer())
  mkdirSync(dirname(path), { recursive: true })
  const partial = `${path}.${process.pid}.${Date.now()}.partial`
  writeFileSync(partial, bytes)
  renameSync(partial, path)
  templates.set(path, Promise.resolve(bytesBlob(bytes, false)))
}

/** The inputs every database of this process shares: read and compiled once. */
let sharedInputs: Promise<Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>> | undefined

/**
 * The compiled `pglite.wasm` and the `pglite.data` bundle of the installed PGlite; none (PGlite then loads its own)
 * where the files cannot be read.
 */
function readSharedInputs(): Promise<Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>> {
  sharedInputs ??= (async () => {
    try {
      const dist = `${pgliteDir()}dist/`
      // Emscripten keeps the bundle's bytes as the files' contents: each database gets a copy.
      const fsBundle = bytesBlob(readFileSync(`${dist}pglite.data`), true)
      const pgliteWasmModule = await WebAssembly.compile(readFileSync(`${dist}pglite.wasm`))
      return { pgliteWasmModule, fsBundle }
    } catch {
      return {}
    }
  })()
  return sharedInputs
}

/** The options of every database: the shared inputs, a 16 MB buffer pool. */
async function startOptions(): Promise<PGliteOptions> {
  return { ...(await readSharedInputs()), startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] }
}

/**
 * A new, empty in-memory PGlite database, ready for queries: an instance of its own (its own memory and files),
 * started from the saved empty cluster with the process's shared inputs. Where there is no usable copy (first use
 * on a machine, a new PGlite version, a copy PGlite refuses) it starts from `initdb`, and the cluster is then saved
 * for the next caller.
 *
 * @param templatePath where the empty cluster is kept (default {@link pgliteTemplatePath}; tests pass their own).
 * @param initdb makes the fresh database when there is no usable copy (default a new PGlite: `initdb`, 7 to 11
 *   CPU-seconds); a test that has already run a real `initdb` passes one started from that cluster, a fraction of the
 *   cost.
 * @returns the open database; close it with `db.close()`.
 * @example
 * const db = await openMemoryPglite()
 * await db.exec('create table t (id int)')
 */
export async function openMemoryPglite(templatePath = pgliteTemplatePath(), initdb?: () => PGlite | Promise<PGlite>): Promise<PGlite> {
  const [saved, options] = await Promise.all([readTemplate(templatePath), startOptions()])
  if (saved) {
    try {
      const db = new PGlite({ ...options, loadDataDir: saved })
      await db.waitReady
      return db
    } catch {
      // A copy this PGlite cannot read (truncated, another format): made again below.
      templates.delete(templatePath)
    }
  }
  const db = initdb ? await initdb() : new PGlite(options)
  await db.waitReady
  try {
    await saveTemplate(db, templatePath)
  } catch {
    // No cache (read-only tree, full disk): every database runs initdb, as before.
  }
  return db
}
