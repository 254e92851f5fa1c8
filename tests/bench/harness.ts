import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { repoRoot } from '../../dev/anvil.ts'
import { attributeByModules, attributeBySource, sourceOriginOf } from './attribution.ts'
import { launchChromium, measurePageLoad } from './browser.ts'
import type { Browser } from 'playwright'
import type { ClickTiming, PageLoad, Step } from './browser.ts'
import { buildBenchPage, readChunks } from './build.ts'
import type { BenchPage, ChunkInfo } from './build.ts'
import { renderTable } from './report.ts'
import { serveStatic } from './serve.ts'
import { measurePhone, reportPhone, type PhoneRun, type PhoneVisit } from './phone.ts'
import type { StaticServer } from './serve.ts'
import { kB, totalOf } from './sizes.ts'
import type { WeighedFile } from './sizes.ts'

export const CLICK_RUNS = 10

/** Fresh visits of each kind (idle, cold, as soon as the button shows) per page on the phone profile (phone.ts). */
export const PHONE_RUNS = 5

/** A failure the bench explains itself: printed as its message, without a stack. */
export class BenchError extends Error {
  override name = 'BenchError'
}

type Cleanup = () => Promise<unknown> | unknown

const cleanups: Cleanup[] = []

let cleaning: Promise<void> | undefined

/** Registers a cleanup; once cleaning has begun (Ctrl-C, time-out), runs it at once instead. */
export function defer(fn: Cleanup): void {
  if (cleaning)
    void Promise.resolve()
      .then(fn)
      .catch((error: unknown) => console.error('  cleanup failed:', error))
  else cleanups.push(fn)
}

/** Runs the registered cleanups, last first, once; a failing one is reported and the others still run. */
export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (let fn = cleanups.pop(); fn; fn = cleanups.pop()) {
      try {
        await fn()
      } catch (error) {
        console.error('  cleanup failed:', error)
      }
    }
  })()
  return cleaning
}

const started = performance.now()

export const elapsed = (): string => `${((performance.now() - started) / 1000).toFixed(1)} s`

export const log = (message: string): void => console.log(`  · ${message} (${elapsed()})`)

/** One page as measured: its build, its load, and for the pages that have a button its click-to-paint runs. */
export type Measured = { outDir: string; server: StaticServer; load: PageLoad; chunks: Map<string, ChunkInfo>; clicks: ClickTiming[] }

/** The value of `--name=value` on the command line, or undefined. */
export function argValue(name: string): string | undefined {
  const prefix = `--${name}=`
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length)
}

/** An error's message without stack frames or blank lines, on one line. */
export function describe(error: unknown): string {
  if (error === undefined) return 'unknown reason'
  const text = error instanceof Error ? error.message : String(error)
  return text
    .split('\n')
    .filter((line) => line.trim() && !/^\s+at /.test(line))
    .join(' ')
}

/** A page a single mode builds: its folder under tests/bench and {@link buildBenchPage}'s options. */
export type PageBuild = { page: BenchPage; sourcemap?: boolean; quiet?: boolean }

/**
 * Builds `pages` one after another, each into the folder of its key in a temp directory of the run (removed at
 * clean-up), logs `built <what>` when it built any, then launches Chromium (closed at clean-up). A page given as a
 * string is a folder built before (`--build-fixture`), taken as it is.
 *
 * @returns the browser and each page's build folder, by key.
 */
export async function buildAndLaunch<K extends string>(pages: Record<K, PageBuild | string>, what: string): Promise<{ browser: Browser; dirs: Record<K, string> }> {
  const dirs = {} as Record<K, string>
  let tmp: string | undefined
  for (const [key, build] of Object.entries(pages) as Array<[K, PageBuild | string]>) {
    if (typeof build === 'string') {
      dirs[key] = build
      continue
    }
    if (tmp === undefined) {
      const made = await mkdtemp(join(tmpdir(), 'latchkey-bench-'))
      defer(() => rm(made, { recursive: true, force: true }))
      tmp = made
    }
    const { page, ...options } = build
    dirs[key] = await buildBenchPage(page, join(tmp, key), options)
  }
  if (tmp !== undefined) log(`built ${what}`)
  const browser = await launchChromium()
  defer(() => browser.close())
  return { browser, dirs }
}

/**
 * {@link buildAndLaunch}, then each page's build served on 127.0.0.1 (serve.ts; closed at clean-up): what the single
 * modes that drive their own pages start with.
 *
 * @returns the browser, and each page's build folder and server, by key.
 */
export async function buildAndServe<K extends string>(pages: Record<K, PageBuild | string>, what: string): Promise<{ browser: Browser; dirs: Record<K, string>; servers: Record<K, StaticServer> }> {
  const { browser, dirs } = await buildAndLaunch(pages, what)
  const servers = {} as Record<K, StaticServer>
  for (const key of Object.keys(dirs) as K[]) {
    servers[key] = await serveStatic(dirs[key])
    defer(() => servers[key].close())
  }
  return { browser, dirs, servers }
}

/** Serves a build (stopped at clean-up), loads it in Chromium with `steps`, and reads its chunks. */
export async function loadPage(browser: Browser, dir: string, root: string, steps: readonly Step[] = []): Promise<Measured> {
  const server = await serveStatic(dir)
  defer(() => server.close())
  return { outDir: dir, server, load: await measurePageLoad(browser, server, steps), chunks: await readChunks(dir, root), clicks: [] }
}

export function fileRow(file: WeighedFile, chunks: Map<string, ChunkInfo>): string[] {
  const chunk = chunks.get(file.file)
  const label = chunk ? `${chunk.label}${chunk.shared ? ' (shared chunk)' : ''}` : ''
  return [file.file, label, kB(file.bytes), kB(file.gzip)]
}

/** A share of a page's initial JS: minified bytes, and gzip bytes shared out in proportion. */
export type Origin = { origin: string; bytes: number; gzip: number }

/**
 * Splits a latchkey page's initial JS by origin (package, or latchkey's own file) with the hidden source maps,
 * largest first.
 */
export async function originsOf(page: Measured): Promise<Origin[]> {
  const chars = new Map<string, number>()
  const label = sourceOriginOf(repoRoot)
  for (const file of page.load.initialJs) {
    const path = join(page.outDir, file.file)
    const split = await attributeBySource(path, label).catch(async (error: unknown) => {
      // No source map beside it (the bundler's own runtime chunk): split it by the bundler's module list.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !(error as NodeJS.ErrnoException).path?.endsWith('.map')) throw error
      return attributeByModules((await readFile(path, 'utf8')).length, page.chunks.get(file.file)?.modules ?? new Map(), repoRoot, label)
    })
    for (const [origin, count] of split) {
      chars.set(origin, (chars.get(origin) ?? 0) + count)
    }
  }
  const allChars = [...chars.values()].reduce((a, b) => a + b, 0)
  const total = totalOf(page.load.initialJs)
  return [...chars].map(([origin, count]) => ({ origin, bytes: (total.bytes * count) / allChars, gzip: (total.gzip * count) / allChars })).sort((a, b) => b.bytes - a.bytes)
}

/** Adds up origins under coarser names (`folderOf`: latchkey's files by folder), largest first. */
export function regroup(origins: readonly Origin[], name: (origin: string) => string): Origin[] {
  const groups = new Map<string, Origin>()
  for (const o of origins) {
    const key = name(o.origin)
    const sum = groups.get(key) ?? { origin: key, bytes: 0, gzip: 0 }
    groups.set(key, { origin: key, bytes: sum.bytes + o.bytes, gzip: sum.gzip + o.gzip })
  }
  return [...groups.values()].sort((a, b) => b.bytes - a.bytes)
}

/** Prints the library-only page's initial JS by origin: the packages and latchkey folders it holds. */
export function reportOrigins(origins: readonly Origin[]): void {
  console.log('\n  latchkey initial JS by origin (hidden source maps; gzip shared out in proportion to minified size)\n')
  const totalBytes = origins.reduce((sum, o) => sum + o.bytes, 0)
  console.log(
    renderTable(
      ['Origin', 'minified', 'share', '≈ gzip'],
      origins.map((o) => [o.origin, kB(o.bytes), `${((100 * o.bytes) / totalBytes).toFixed(1)} %`, kB(o.gzip)]),
    ),
  )
}

export type PhoneResults = { latchkey: Record<PhoneVisit, PhoneRun[]>; peer: Record<PhoneVisit, PhoneRun[]> | undefined; peerError?: unknown }

/** The phone profile on the library-only page and RainbowKit's (phone.ts); a failure on the peer's page leaves its column empty. */
export async function measurePhoneOf(browser: Browser, latchkey: StaticServer, peer: StaticServer | undefined): Promise<PhoneResults> {
  const lk = await measurePhone(browser, latchkey, PHONE_RUNS)
  if (!peer) return { latchkey: lk, peer: undefined }
  try {
    return { latchkey: lk, peer: await measurePhone(browser, peer, PHONE_RUNS) }
  } catch (error) {
    return { latchkey: lk, peer: undefined, peerError: error }
  }
}

/** Prints the phone rows, and why RainbowKit's are missing when they are. */
export function printPhone({ latchkey, peer, peerError }: PhoneResults): void {
  reportPhone(latchkey, peer, PHONE_RUNS)
  if (peerError) console.log(`  ! RainbowKit's phone runs failed: ${describe(peerError)}`)
}
