/**
 * Run by `npm run test:e2e` (and the examples and the bench) before Playwright: makes sure the system Chromium the
 * tests use is there (tests/chromium.ts).
 *
 * - The executable (env CHROMIUM_PATH, default /usr/bin/chromium-headless-shell) exists: exit 0.
 * - Missing and running as root (a CI machine, a container): `apt-get update` and
 *   `apt-get install -y chromium-headless-shell`, then check again.
 * - Missing otherwise: print how to install it and exit 1.
 *
 * Never `npx playwright install`: it cannot download its browsers here.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chromiumExecutable, chromiumPackages } from '../chromium.ts'

const chromiumPath = chromiumExecutable

function run(command: string, args: string[]): void {
  console.log(`$ ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  if (result.error) {
    console.error(`Could not run ${command}: ${result.error.message}`)
    process.exit(1)
  }
  if (result.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`)
    process.exit(1)
  }
}

if (existsSync(chromiumPath)) {
  process.exit(0)
}

if (process.getuid?.() === 0) {
  console.log(`Chromium is missing (${chromiumPath}); installing the Debian package…`)
  run('apt-get', ['update'])
  run('apt-get', ['install', '-y', ...chromiumPackages])
  if (!existsSync(chromiumPath)) {
    console.error(`apt-get installed ${chromiumPackages.join(' ')}, but ${chromiumPath} still does not exist. Set CHROMIUM_PATH to its executable.`)
    process.exit(1)
  }
  console.log(`Chromium installed: ${chromiumPath}`)
  process.exit(0)
}

console.error(`Chromium is missing. Install it with: sudo apt-get install -y ${chromiumPackages.join(' ')}`)
console.error(`(Looked for ${chromiumPath}; set CHROMIUM_PATH to use another Chromium executable.)`)
process.exit(1)
