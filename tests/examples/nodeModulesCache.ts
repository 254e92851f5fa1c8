/**
 * The examples' node_modules kept between runs, keyed by content, while each run works in a directory of its own
 * (tests/examples/run.ts). A work copy takes its example's entry out of the cache by a rename (nothing is copied, and
 * no other run sees it while this one installs, builds and serves with it) and the run gives it back at its end,
 * under the hash of the example's package.json, replacing the example's entries of other hashes. A run that finds no
 * entry (the first one, a changed package.json, another run holding it) installs as in a new work directory.
 * The cache is `<tmpdir>/latchkey-examples-cache/<name>-<hash>`; renames need the work directory on the same file
 * system (tmpdir), and without it the run simply installs afresh.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const cacheRoot = join(tmpdir(), 'latchkey-examples-cache')

/** `<name>-<first 16 hex digits of the sha-256 of its package.json>`: the entry of the example copied to `dir`. */
function entryOf(name: string, dir: string): string {
  return `${name}-${createHash('sha256')
    .update(readFileSync(join(dir, 'package.json')))
    .digest('hex')
    .slice(0, 16)}`
}

/**
 * Moves the cached node_modules of example `name` into its work copy `dir` (which has none).
 * @returns whether there was one to take.
 */
export function takeNodeModules(name: string, dir: string): boolean {
  const target = join(dir, 'node_modules')
  if (existsSync(target)) return false
  try {
    renameSync(join(cacheRoot, entryOf(name, dir)), target)
    return true
  } catch {
    // None cached for this package.json, another run holds it, or another file system.
    return false
  }
}

/**
 * Gives the node_modules of example `name`'s work copy `dir` back to the cache under its package.json's hash and
 * removes the example's entries of other hashes. Leaves it where it is when another run gave one back first.
 */
export function giveBackNodeModules(name: string, dir: string): void {
  const source = join(dir, 'node_modules')
  if (!existsSync(source)) return
  const entry = entryOf(name, dir)
  mkdirSync(cacheRoot, { recursive: true })
  const sameExample = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-[0-9a-f]{16}$`)
  for (const old of readdirSync(cacheRoot).filter((e) => sameExample.test(e) && e !== entry)) {
    // Renamed first, so that no run takes it half removed.
    const doomed = join(cacheRoot, `.removing-${process.pid}-${old}`)
    try {
      renameSync(join(cacheRoot, old), doomed)
      rmSync(doomed, { recursive: true, force: true })
    } catch {
      // Another run took or removed it.
    }
  }
  try {
    renameSync(source, join(cacheRoot, entry))
  } catch {
    // Another run gave one back first (or another file system): this one goes with the work directory.
  }
}
