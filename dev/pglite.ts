/**
 * In-memory PGlite databases for the development servers (the reference API's names, the secure site), started from a
 * saved copy of a freshly initialised data directory instead of running Postgres's `initdb` (compiled to WebAssembly)
 * each time. `initdb` is most of a PGlite's start: seconds, tens of seconds on a busy 2-core machine, paid by every
 * server a test or the e2e stack starts; loading the saved copy is a fraction of it.
 *
 * The copy is an empty cluster (no schema: each server applies its own), a gzip tarball from `dumpDataDir`, kept in
 * `node_modules/.cache/latchkey/` under the PGlite version that wrote it, and in memory for the process. A copy that is
 * missing, unreadable or refused by PGlite is made again from a fresh `initdb`. Dev-only.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'

/**
 * The repository's root: from this module's file URL, or the working directory where the module is not loaded from a
 * file (a happy-dom test environment gives `import.meta.url` an http URL). Read on use, never at import.
 */
function repoRoot(): string {
  const here = new URL('..', import.meta.url)
  return here.protocol === 'file:' ? fileURLToPath(here) : `${process.cwd()}/`
}

/** The installed PGlite's version (its package.json is not among the package's exports, so it is read as a file). */
function pgliteVersion(): string {
  try {
    const { version } = JSON.parse(readFileSync(`${repoRoot()}node_modules/@electric-sql/pglite/package.json`, 'utf8')) as { version?: unknown }
    return typeof version === 'string' ? version : 'unknown'
  } catch {
    return 'unknown'
  }
}

/** Where the saved empty cluster of the installed PGlite version lives. */
export function pgliteTemplatePath(): string {
  return `${repoRoot()}node_modules/.cache/latchkey/pglite-${pgliteVersion()}-empty.tar.gz`
}

/** The templates read by this process, by path. */
const templates = new Map<string, Promise<Blob | undefined>>()

function readTemplate(path: string): Promise<Blob | undefined> {
  let template = templates.get(path)
  if (!template) {
    template = (async () => {
      try {
        return new Blob([readFileSync(path)])
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
  const dump = await db.dumpDataDir('gzip')
  const bytes = Buffer.from(await dump.arrayBuffer())
  mkdirSync(dirname(path), { recursive: true })
  const partial = `${path}.${process.pid}.${Date.now()}.partial`
  writeFileSync(partial, bytes)
  renameSync(partial, path)
  templates.set(path, Promise.resolve(new Blob([bytes])))
}

/**
 * A new, empty in-memory PGlite database, ready for queries. Started from the saved empty cluster when there is one;
 * otherwise (first use on a machine, a new PGlite version, a copy PGlite refuses) from `initdb`, and the cluster is
 * then saved for the next caller.
 *
 * @param templatePath where the empty cluster is kept (default {@link pgliteTemplatePath}; tests pass their own).
 * @param initdb makes the fresh database when there is no usable copy (default a new PGlite: `initdb`, 7 CPU-seconds);
 *   a test that has already run a real `initdb` passes one started from that cluster, a fraction of the cost.
 * @returns the open database; close it with `db.close()`.
 * @example
 * const db = await openMemoryPglite()
 * await db.exec('create table t (id int)')
 */
export async function openMemoryPglite(templatePath = pgliteTemplatePath(), initdb: () => PGlite = () => new PGlite()): Promise<PGlite> {
  const saved = await readTemplate(templatePath)
  if (saved) {
    try {
      const db = new PGlite({ loadDataDir: saved })
      await db.waitReady
      return db
    } catch {
      // A copy this PGlite cannot read (truncated, another format): made again below.
      templates.delete(templatePath)
    }
  }
  const db = initdb()
  await db.waitReady
  try {
    await saveTemplate(db, templatePath)
  } catch {
    // No cache (read-only tree, full disk): every database runs initdb, as before.
  }
  return db
}
