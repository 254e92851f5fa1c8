/**
 * Checks the published package as a registry would serve it (STYLE.md rule 17, "ship what you test"):
 * `npm run check:package` packs once (`npm pack`, whose `prepack` runs `npm run build:lib`) into a temporary
 * directory and runs on that one tarball
 * - publint: package.json "exports", "types", "files" and "sideEffects" against what the tarball holds;
 * - arethetypeswrong (`attw`): every public entry's declarations resolve under node16 ESM and bundler resolution
 *   (profile `esm-only`: the package is ESM only, `"type": "module"`, so the CommonJS `require` view is not checked).
 * `npm run check:package -- path/to/latchkey.tgz` checks a tarball packed before instead of packing again.
 * Exits non-zero when either tool finds an error.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DevError } from './errors.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Runs a command in the repository; returns its exit code (its output goes to this process's). */
function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
  if (result.error) throw result.error
  return result.status ?? 1
}

const given = process.argv[2]
const work = given ? undefined : mkdtempSync(join(tmpdir(), 'latchkey-pack-'))
try {
  let tarball: string
  if (given) tarball = resolve(given)
  else {
    if (run('npm', ['pack', '--pack-destination', work!, '--silent']) !== 0) process.exit(1)
    const packed = readdirSync(work!).find((f) => f.endsWith('.tgz'))
    if (!packed) throw new DevError(`npm pack left no tarball in ${work}`)
    tarball = join(work!, packed)
  }
  const publint = run('npx', ['--no-install', 'publint', 'run', tarball, '--strict'])
  const attw = run('npx', ['--no-install', 'attw', tarball, '--profile', 'esm-only', '--format', 'table-flipped'])
  process.exitCode = publint || attw ? 1 : 0
} finally {
  if (work) rmSync(work, { recursive: true, force: true })
}
