/**
 * The example apps, tested as a dapp would use the package (`npm run test:examples`, part of `npm test`):
 *
 * 1. `npm pack` once (its `prepack` builds dist/lib) into the work directory as `latchkey.tgz`, and that tarball checked
 *    as a registry would serve it (dev/check-package.ts: publint, Are the Types Wrong): one build for both.
 * 2. Every `examples/<name>/` (a directory with a package.json) is copied to `<work>/<name>/` — outside the repository,
 *    so nothing resolves from the repository's own node_modules — and installed there with
 *    `npm install --prefer-offline --no-audit --no-fund --ignore-scripts` (the user's npm cache, shared by all examples;
 *    no dependency's install script: the native builds they make have pure-JS fallbacks; `latchkey` is
 *    `file:../latchkey.tgz`, reinstalled every run), then built with its own `npm run build` (the template's strict
 *    type check, then the bundler). Fewest dependencies first; in a new work directory an example's node_modules
 *    starts as a hard-linked copy of the installed example's that shares the most dependencies (seedNodeModules),
 *    which its own `npm install` then makes its own (about 30 of 115 CPU-seconds of extraction saved).
 * 3. One anvil (chain 31337, a free port; an example with a suite of its own gets another), the dev wallet's init script (tests/examples/wallet.ts as one IIFE file),
 *    and each example's `npm start` serving its build on a free port (`PORT`, 127.0.0.1). The local Solana RPC
 *    (LiteSVM, dev/solana/server.ts, a free port) starts before the builds: an example that has a Solana network reads
 *    its URL at build time (`VITE_SOLANA_RPC_URL`), its own suite from `LATCHKEY_TEST_SOLANA_RPC_URL`.
 * 4. Playwright (tests/examples/playwright.config.ts): one spec per example, `tests/examples/<name>.spec.ts`; an example
 *    with a `playwright.config.ts` of its own runs its own suite instead, beside that run.
 *
 * Arguments: example names to run only those (`npm run test:examples -- vite-react19`). Work directory: a new one per
 * run (`<tmpdir>/latchkey-examples-XXXXXX`, removed at the end; runs side by side share none), each example's
 * node_modules taken from and given back to a cache keyed by its package.json (nodeModulesCache.ts) so installs stay
 * quick. Environment: LATCHKEY_EXAMPLES_DIR, a work directory to use and keep instead (debugging; its node_modules stay
 * in it between runs).
 * Prints the time of each phase: its wall clock and the CPU (user + system) of the commands it ran, with all they
 * waited for (bash's `times`, as tests/ci/phases.ts); not counted: this process's own work (the dev wallet's build, the
 * Solana RPC) and the served examples (`npm start`, detached) while the suites drive them.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { findFreePort, startAnvil, type AnvilInstance } from '../../dev/anvil.ts'
import { startSolanaRpc, type SolanaRpcServer } from '../../dev/solana/server.ts'
import { chromiumExecutable } from '../chromium.ts'
import { BaseError } from '../../kernel/errors.ts'
import { giveBackNodeModules, takeNodeModules } from './nodeModulesCache.ts'

/** A step of the examples' run failed: a command, a copy, a server that did not answer, a missing spec. */
class ExampleRunError extends BaseError {
  override name = 'ExampleRunError'
}

const root = fileURLToPath(new URL('../..', import.meta.url))
/** LATCHKEY_EXAMPLES_DIR when set (kept, node_modules in it), else a new directory of this run's, removed at its end. */
const keptWork = process.env.LATCHKEY_EXAMPLES_DIR
const work = keptWork ?? mkdtempSync(join(tmpdir(), 'latchkey-examples-'))
const only = process.argv.slice(2).filter((a) => !a.startsWith('-'))

/** Every example: a directory of examples/ with a package.json (build and start scripts; see README.md here). */
export function listExamples(): string[] {
  const dir = join(root, 'examples')
  return readdirSync(dir)
    .filter((name) => existsSync(join(dir, name, 'package.json')))
    .sort()
}

/** Each phase's wall clock (s) and the CPU (user + system, s) of the commands it ran, in the order phases ended. */
const timings: Array<{ name: string; seconds: number; cpuSeconds: number }> = []
/** The phases a command runs in (outermost first): its CPU counts for each of them. */
const enclosing = new AsyncLocalStorage<string[]>()
const cpuOf = new Map<string, number>()
/** The CPU of every command the run ran (s). */
let cpuTotal = 0

async function phase<T>(name: string, run: () => T | Promise<T>): Promise<T> {
  const started = Date.now()
  console.log(`\n▶ ${name}`)
  try {
    return await enclosing.run([...(enclosing.getStore() ?? []), name], run)
  } finally {
    timings.push({ name, seconds: (Date.now() - started) / 1000, cpuSeconds: cpuOf.get(name) ?? 0 })
  }
}

/**
 * `command args` run by bash, which writes with `times` the CPU that the command and every process it waited for used
 * (the same measure as tests/ci/phases.ts); `done()` adds it to the current phases and removes the file.
 */
function underTimes(command: string, args: string[]): { command: string; args: string[]; env: NodeJS.ProcessEnv; done(): void } {
  const file = join(tmpdir(), `latchkey-examples-${process.pid}-${Math.random().toString(36).slice(2)}.times`)
  const phases = enclosing.getStore() ?? []
  return {
    command: 'bash',
    args: ['-c', '"$@"; status=$?; times > "$LATCHKEY_TIMES_FILE"; exit $status', 'bash', command, ...args],
    env: { LATCHKEY_TIMES_FILE: file },
    done() {
      try {
        const children = readFileSync(file, 'utf8').trim().split('\n')[1] ?? ''
        const cpu = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, m) => sum + Number(m[1]) * 60 + Number(m[2]), 0)
        for (const name of phases) cpuOf.set(name, (cpuOf.get(name) ?? 0) + cpu)
        cpuTotal += cpu
      } catch {
        // bash wrote no times (killed): the phase shows the CPU it could count.
      } finally {
        rmSync(file, { force: true })
      }
    },
  }
}

function sh(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): void {
  console.log(`$ (${cwd.replace(work, '<work>').replace(root, '<repo>/')}) ${command} ${args.join(' ')}`)
  const timed = underTimes(command, args)
  const result = spawnSync(timed.command, timed.args, { cwd, stdio: 'inherit', env: { ...process.env, ...env, ...timed.env } })
  timed.done()
  if (result.status !== 0) throw new ExampleRunError(`${command} ${args.join(' ')} failed in ${cwd} (exit ${result.status ?? result.signal})`)
}

/**
 * {@link sh} without blocking: the command's output is kept and printed in one piece when it ends, so two examples
 * prepared side by side do not interleave their logs. Rejects with the output when the command fails.
 */
function shAsync(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<void> {
  const header = `$ (${cwd.replace(work, '<work>').replace(root, '<repo>/')}) ${command} ${args.join(' ')}`
  const timed = underTimes(command, args)
  return new Promise((resolve, reject) => {
    const child = spawn(timed.command, timed.args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env, ...timed.env } })
    let output = ''
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()))
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()))
    child.once('error', reject)
    child.once('close', (code, signal) => {
      timed.done()
      console.log(`${header}\n${output}`)
      if (code === 0) resolve()
      else reject(new ExampleRunError(`${command} ${args.join(' ')} failed in ${cwd} (exit ${code ?? signal})`))
    })
  })
}

/** Runs `task` over `items`, at most `slots` at a time (the machine's cores); rejects with the first failure once all ended. */
async function inPool<T>(items: readonly T[], slots: number, task: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items]
  const failures: unknown[] = []
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item).catch((e: unknown) => void failures.push(e))
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(slots, items.length)) }, worker))
  if (failures.length) throw failures[0]
}

/** Copies an example's sources over its work copy, keeping the work copy's node_modules (and its cache). */
function copyExample(name: string): string {
  const from = join(root, 'examples', name)
  const to = join(work, name)
  mkdirSync(to, { recursive: true })
  for (const entry of readdirSync(to)) if (entry !== 'node_modules') rmSync(join(to, entry), { recursive: true, force: true })
  const skip = new Set(['node_modules', 'dist', '.next', 'package-lock.json', 'next-env.d.ts'])
  for (const entry of readdirSync(from)) if (!skip.has(entry)) cpSync(join(from, entry), join(to, entry), { recursive: true })
  if (!keptWork && takeNodeModules(name, to)) console.log(`${name}: node_modules from the cache`)
  // The tarball changes every run with the same version: npm must take it again.
  rmSync(join(to, 'node_modules', 'latchkey'), { recursive: true, force: true })
  rmSync(join(to, 'node_modules', '.package-lock.json'), { force: true })
  return to
}

/** The names of an example's `dependencies` and `devDependencies` (its package.json). */
function dependencyNames(dir: string): Set<string> {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: object; devDependencies?: object }
  return new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})])
}

/**
 * A work copy without node_modules (a new work directory) starts from a hard-linked copy of the node_modules of the
 * installed example that shares the most dependency names with it (`cp -al`: no file is written, the packages npm
 * would extract again are there already); its own `npm install` then resolves its own package.json, keeps what
 * satisfies it, replaces what does not (React 18 over 19, wagmi 2 over 3) and removes what it does not need. The
 * caches the builds write in node_modules (`.tmp`, `.vite`, `.cache`), npm's record of the other tree
 * (`.package-lock.json`) and `latchkey` are not copied. Returns the seed's name, or undefined (nothing to start from).
 */
function seedNodeModules(name: string, dir: string, installed: readonly string[], dirs: Record<string, string>): string | undefined {
  const target = join(dir, 'node_modules')
  if (existsSync(target)) return undefined
  const wanted = dependencyNames(dir)
  const overlap = (other: string) => [...dependencyNames(dirs[other]!)].filter((d) => wanted.has(d)).length
  const seed = [...installed].sort((a, b) => overlap(b) - overlap(a))[0]
  if (seed === undefined || overlap(seed) === 0) return undefined
  const source = join(dirs[seed]!, 'node_modules')
  mkdirSync(target)
  const skip = new Set(['.tmp', '.vite', '.cache', '.package-lock.json', 'latchkey'])
  const entries = readdirSync(source).filter((entry) => !skip.has(entry))
  const copy = spawnSync('cp', ['-al', ...entries.map((entry) => join(source, entry)), target], { stdio: 'inherit' })
  if (copy.status !== 0) throw new ExampleRunError(`${name}: cp -al of ${seed}'s node_modules failed (exit ${copy.status ?? copy.signal})`)
  return seed
}

/** Builds tests/examples/wallet.ts into one IIFE file (the page init script); returns its path. */
async function buildWalletScript(): Promise<string> {
  const outDir = join(work, '.dev-wallet')
  await build({
    configFile: false,
    logLevel: 'warn',
    root,
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: false,
      lib: { entry: join(root, 'tests/examples/wallet.ts'), formats: ['iife'], name: 'latchkeyExampleWallet', fileName: () => 'dev-wallet.js' },
    },
  })
  return join(outDir, 'dev-wallet.js')
}

type Server = { name: string; url: string; child: ChildProcess }

/** `npm start` of a built example on a free port, in its own process group; resolves once it answers HTTP. */
async function serve(name: string, dir: string): Promise<Server> {
  const port = await findFreePort()
  const url = `http://127.0.0.1:${port}/`
  const child = spawn('npm', ['start', '--silent'], { cwd: dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PORT: String(port), HOSTNAME: '127.0.0.1' } })
  let output = ''
  child.stdout?.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-4000)))
  child.stderr?.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-4000)))
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new ExampleRunError(`${name}: npm start exited (${child.exitCode}):\n${output}`)
    try {
      const response = await fetch(url)
      if (response.ok) return { name, url, child }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      stop(child)
      throw new ExampleRunError(`${name}: npm start did not answer on ${url} within 60 s:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
}

function stop(child: ChildProcess): void {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {
    // already gone
  }
}

async function main(): Promise<number> {
  const startedAt = Date.now()
  const examples = listExamples().filter((name) => only.length === 0 || only.includes(name))
  // The run's own work directory goes at its end, interrupted too; its node_modules go back to the cache first.
  const cleanUp = () => {
    if (keptWork) return
    for (const name of examples) giveBackNodeModules(name, join(work, name))
    rmSync(work, { recursive: true, force: true })
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      cleanUp()
      process.exit(130)
    })
  }
  try {
    if (examples.length === 0) throw new ExampleRunError(`No example matches ${only.join(', ')} (examples/: ${listExamples().join(', ')})`)
    mkdirSync(work, { recursive: true })
    console.log(`Examples: ${examples.join(', ')}; work directory ${work}${keptWork ? '' : ' (removed at the end; LATCHKEY_EXAMPLES_DIR keeps one)'}`)
    const solana = await phase('solana rpc (LiteSVM)', () => startSolanaRpc({ port: 0 }))
    try {
      return await runExamples(examples, solana, startedAt)
    } finally {
      await solana.stop()
    }
  } finally {
    cleanUp()
  }
}

/** Packs, prepares, serves and tests `examples` (see the module's comment), with the run's Solana RPC. */
async function runExamples(examples: string[], solana: SolanaRpcServer, startedAt: number): Promise<number> {
  await phase('npm pack (prepack: build:lib)', () => {
    for (const f of readdirSync(work)) if (f.endsWith('.tgz')) rmSync(join(work, f))
    sh('npm', ['pack', '--pack-destination', work, '--silent'], root)
    const packed = readdirSync(work).find((f) => f.startsWith('latchkey-') && f.endsWith('.tgz'))
    if (!packed) throw new ExampleRunError('npm pack made no tarball')
    renameSync(join(work, packed), join(work, 'latchkey.tgz'))
    console.log(`latchkey.tgz: ${(statSync(join(work, 'latchkey.tgz')).size / 1024).toFixed(1)} kB`)
  })
  await phase('check:package (publint, attw) on latchkey.tgz', () => sh('node', ['--import', 'tsx', 'dev/check-package.ts', join(work, 'latchkey.tgz')], root))

  // Each example is installed, built and its declarations checked; two examples at a time (the installs wait on the
  // disk, the builds on the CPU: side by side they share the two cores). Each step is timed on its own.
  const dirs: Record<string, string> = {}
  for (const name of examples) dirs[name] = copyExample(name)
  // Fewest dependencies first: the examples after them start from their installed node_modules (seedNodeModules).
  const order = [...examples].sort((a, b) => dependencyNames(dirs[a]!).size - dependencyNames(dirs[b]!).size)
  const installed: string[] = []
  let firstDone = () => {}
  const firstInstalled = new Promise<void>((resolve) => (firstDone = resolve))
  await phase(`examples prepared (${examples.length}, two at a time)`, () =>
    inPool(order, 2, async (name) => {
      // A new work directory: the first example's install ends before the others start, so each has a seed.
      if (name !== order[0] && !existsSync(join(dirs[name]!, 'node_modules'))) await firstInstalled
      try {
        const seed = seedNodeModules(name, dirs[name]!, installed, dirs)
        await phase(`${name}: npm install${seed ? ` (node_modules hard-linked from ${seed})` : ''}`, () => shAsync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], dirs[name]!))
        installed.push(name)
      } finally {
        if (name === order[0]) firstDone()
      }
      await phase(`${name}: npm run build`, () => shAsync('npm', ['run', 'build'], dirs[name]!, { NEXT_TELEMETRY_DISABLED: '1', VITE_SOLANA_RPC_URL: solana.url }))
      // The package's declarations checked too (the templates skip library checks): `typecheck:libs` when the example has one.
      await phase(`${name}: npm run typecheck:libs`, () => shAsync('npm', ['run', 'typecheck:libs', '--if-present'], dirs[name]!))
    }),
  )

  const walletScript = await phase('dev wallet init script', buildWalletScript)
  const anvils: AnvilInstance[] = []
  const servers: Server[] = []
  try {
    const anvil = await phase('anvil', async () => startAnvil({ port: await findFreePort(), chainId: 31337 }))
    anvils.push(anvil)
    for (const name of examples) servers.push(await phase(`${name}: npm start`, () => serve(name, dirs[name]!)))
    // An example with a Playwright suite of its own (examples/<name>/playwright.config.ts, e.g. qa-kit, which tests the
    // dapp with latchkey/testing/playwright from the tarball) runs it in its work copy (`npm test`: qa-kit's generates
    // its journeys with the package's `latchkey-testing` bin first and prints the charts' coverage after), against its
    // served build, with its own @playwright/test: nothing of the repository is on its resolution path. It runs beside
    // the repository's specs of the other examples (both mostly wait on their pages: qa-kit's 30 tests used 54 CPU-s in
    // 135 s, the others 21 CPU-s in 61 s, one after the other), on an anvil of its own, so that the two runs' sends
    // from the same dev accounts never race for a nonce. Only qa-kit reads the Solana RPC. Its output is printed in one
    // piece when it ends, after or between the other run's lines.
    const ownSuites = examples.filter((name) => existsSync(join(dirs[name]!, 'playwright.config.ts')))
    const ownRuns = ownSuites.map(async (name) => {
      const server = servers.find((s) => s.name === name)!
      const own = await startAnvil({ port: await findFreePort(), chainId: 31337 })
      anvils.push(own)
      return phase(`${name}: its own playwright suite`, () =>
        shAsync('npm', ['test'], dirs[name]!, { BASE_URL: server.url, LATCHKEY_TEST_RPC_URL: own.url, LATCHKEY_TEST_SOLANA_RPC_URL: solana.url, CHROMIUM_PATH: chromiumExecutable }),
      )
    })
    const shared = phase('playwright', async () => {
      const specs = examples
        .filter((name) => !ownSuites.includes(name))
        .map((name) => `${name}.spec.ts`)
        .filter((spec) => existsSync(join(root, 'tests/examples', spec)))
      const missing = examples.filter((name) => !ownSuites.includes(name) && !specs.includes(`${name}.spec.ts`))
      if (missing.length) throw new ExampleRunError(`No spec for ${missing.join(', ')}: add tests/examples/<name>.spec.ts (README.md here)`)
      if (specs.length === 0) return 0
      const timed = underTimes('npx', ['playwright', 'test', '-c', 'tests/examples/playwright.config.ts', ...specs.map((s) => `tests/examples/${s}`)])
      const child = spawn(timed.command, timed.args, {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          ...timed.env,
          LATCHKEY_EXAMPLES: JSON.stringify(Object.fromEntries(servers.map((s) => [s.name, s.url]))),
          LATCHKEY_EXAMPLES_RPC: anvil.url,
          LATCHKEY_EXAMPLES_WALLET: walletScript,
        },
      })
      const code = await new Promise<number>((resolve) => {
        child.once('error', () => resolve(1))
        child.once('close', (status) => resolve(status ?? 1))
      })
      timed.done()
      return code
    })
    // Both end before the servers stop; the first failure of an own suite is thrown once both ended.
    const [status, ...own] = await Promise.allSettled([shared, ...ownRuns])
    const failed = [status, ...own].find((r) => r.status === 'rejected')
    if (failed) throw failed.reason
    return status.status === 'fulfilled' ? status.value : 1
  } finally {
    for (const s of servers) stop(s.child)
    await Promise.all(anvils.map((a) => a.stop()))
    const total = (Date.now() - startedAt) / 1000
    console.log('\nExample apps, time per phase: wall clock, and CPU (user + system) of the commands it ran (two examples run side by side: their own steps overlap):')
    for (const { name, seconds, cpuSeconds } of timings) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${cpuSeconds ? `${cpuSeconds.toFixed(1).padStart(6)} CPU-s` : '          '}  ${name}`)
    console.log(`  ${total.toFixed(1).padStart(6)} s  ${cpuTotal.toFixed(1).padStart(6)} CPU-s  total, wall clock (${(total / 60).toFixed(1)} min)`)
    writeFileSync(join(work, 'timings.json'), JSON.stringify(timings, null, 2))
  }
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
