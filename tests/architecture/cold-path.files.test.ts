import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { benchDir, buildBenchPage, readChunks, withStaticImports } from '../bench/build.ts'
import type { ChunkInfo } from '../bench/build.ts'
import { compileHintComment } from '../../ui/vite.ts'

/**
 * The files a cold first tap fetches before the first wallet row (spec §1 lazy rule, §2 "Opening the modal"), in the
 * bench's library-only page built as the bench builds it (tests/bench/vite.config.ts: the first-open group, the core's
 * adapters group): the chunks that hold the first opening's modules (`ui/core.ts`, `ui/firstOpen.ts`, `ui/Modal.tsx`,
 * what the facade `import()`s on the tap) with every chunk they import statically, minus the page's own first JS. The
 * bench's server, like many hosts, speaks HTTP/1.1, where a browser opens six connections to a host: each file past
 * them waits for one, a second wave of the network's latency (measured on the phone's network: about half a second),
 * and each file is a request's overhead on the phone either way (`npm run bench -- --cold-content` lists them).
 */

/**
 * The budget: the cold path's files when it was last cut (the first-open group, the core's adapters, xstate, xstate's
 * actors, WalletIcon with Connect's glyphs). Lower it when a change takes a file off; raise it only with the phone's
 * figures (`npm run bench -- --phone-compare=… --kinds=cold,asap`) showing the extra file costs nothing.
 */
const coldPathFileBudget = 5
/** A browser's HTTP/1.1 connections to one host. */
const http1Connections = 6

let outDir = ''
let chunks = new Map<string, ChunkInfo>()

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'latchkey-cold-path-'))
  await buildBenchPage('fixture', outDir, { quiet: true })
  chunks = await readChunks(outDir, join(benchDir, 'fixture'))
}, 180_000)

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true })
})

/** The chunks holding `module` (a path relative to the repository). */
const holding = (module: string) => [...chunks.values()].filter((c) => c.modules.has(module)).map((c) => c.file)

/** The page's first JS: its entry chunk with every chunk it imports statically (what loads before any intent). */
const initialFiles = () =>
  new Set(
    withStaticImports(
      chunks,
      [...chunks.values()].filter((c) => c.entry).map((c) => c.file),
    ),
  )

/** What a cold first tap fetches: the first opening's chunks and their static imports, less the page's first JS. */
function coldPath(): string[] {
  const initial = initialFiles()
  const starts = ['ui/core.ts', 'ui/firstOpen.ts', 'ui/Modal.tsx'].flatMap(holding)
  return withStaticImports(chunks, starts).filter((file) => !initial.has(file))
}

test(`behavior: a cold first tap fetches at most ${coldPathFileBudget} files before the first wallet row, fewer than a host's ${http1Connections} HTTP/1.1 connections`, () => {
  const cold = coldPath()
  const listed = cold.map((file) => `${file} (${[...(chunks.get(file)?.modules.keys() ?? [])].slice(0, 3).join(', ')}…)`)
  expect(cold.length, `the cold path's files:\n${listed.join('\n')}`).toBeLessThanOrEqual(coldPathFileBudget)
  expect(coldPathFileBudget).toBeLessThanOrEqual(http1Connections)
})

test('behavior: the walk finds the first opening in files of their own, not in the page’s first JS, and the files exist', () => {
  const initial = initialFiles()
  const cold = coldPath()
  // The core, the first opening and the shell are fetched on the tap: none of them is in the page's first JS.
  for (const module of ['ui/core.ts', 'ui/firstOpen.ts', 'ui/Modal.tsx', 'machines/root.ts', 'ui/views/Connect.tsx']) {
    expect(holding(module).length, module).toBeGreaterThan(0)
    expect(
      holding(module).every((file) => cold.includes(file) && !initial.has(file)),
      module,
    ).toBe(true)
  }
  // xstate comes with the core (the page's first JS holds none of it).
  expect(cold.some((file) => [...(chunks.get(file)?.modules.keys() ?? [])].some((m) => m.startsWith('node_modules/xstate/')))).toBe(true)
  expect(initial.size).toBeGreaterThan(0)
  for (const file of [...cold, ...initial]) expect(existsSync(join(outDir, file)), file).toBe(true)
})

test('behavior: the cold path’s chunks of the core, the first opening and xstate start with the compile hint (latchkey/vite, as a dapp’s build has it); the page’s first JS does not', () => {
  const firstLine = (file: string) => readFileSync(join(outDir, file), 'utf8').split('\n', 1)[0]
  const hinted = coldPath().filter((file) => firstLine(file) === compileHintComment)
  for (const module of ['ui/core.ts', 'ui/firstOpen.ts', 'machines/root.ts', 'adapters/eip155.ts', 'ui/components/WalletIcon.tsx'])
    expect(
      holding(module).every((file) => hinted.includes(file)),
      module,
    ).toBe(true)
  expect(hinted.some((file) => [...(chunks.get(file)?.modules.keys() ?? [])].some((m) => m.startsWith('node_modules/xstate/')))).toBe(true)
  for (const file of initialFiles()) expect(readFileSync(join(outDir, file), 'utf8'), file).not.toContain(compileHintComment)
})
