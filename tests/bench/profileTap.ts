/**
 * Where a phone's tap goes (`npm run bench -- --profile-tap`): the library-only page on the phone's CPU (×4 slower,
 * touch, no hover; no network throttling, so the time is the page's own work), left idle until latchkey's idle prefetch
 * has run, then a tap on "Connect Wallet" under V8's sampling profiler until the first wallet row is painted. The
 * samples are mapped through the build's source maps to their source files: the report lists the files by inclusive
 * time (a sample counts once for each file on its stack) and by self time, per tap (mean of the runs). A guide to
 * what to cut in the tap path; the timed rows are the phone profile's (phone.ts).
 *
 * `cold` (`--profile-tap=cold`): Save-Data on, so nothing is fetched or created ahead, and the phone's network (150 ms
 * latency, 1.6 Mbit/s) on, so the tap pays the first-open group's round trip: the report then splits the tap's time into
 * `(idle)` (waiting for bytes), `(program)` and the files' own work (parse and compile show as `(program)` and as the
 * first samples of each file).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import type { Browser, CDPSession } from 'playwright'
import { SourceMapConsumer } from 'source-map-js'
import { repoRoot } from '../../dev/anvil.ts'
import { trackNetwork } from './browser.ts'
import { idleWorkDone, phoneProfile, type PhoneVisit } from './phone.ts'
import type { StaticServer } from './serve.ts'

/** One V8 CPU profile node (CDP `Profiler.ProfileNode`), the fields read here. */
type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

/** What the taps cost: tap → first row painted per run (ms), and ms per tap by source file, inclusive and self. */
export type TapProfile = { kind: TapKind; tapToRow: number[]; inclusive: Map<string, number>; self: Map<string, number>; inclusiveLines: Map<string, number>; browserWork: BrowserWork[] }

/** `idle`: after the idle prefetch, no network throttling; `cold`: Save-Data and the phone's network (see the module's docstring). */
export type TapKind = Extract<PhoneVisit, 'idle' | 'cold'>

/**
 * The renderer's own counters over one tap (CDP `Performance.getMetrics`, read before the tap and once the row is
 * painted), in ms: style recalculation, layout, script, and every task of the main thread. Unlike the samples, they
 * tell the style and layout the tap's frame pays (the bench's own probe included, as RainbowKit's figure pays it too).
 */
export type BrowserWork = { style: number; layout: number; script: number; tasks: number }

const browserMetrics = { style: 'RecalcStyleDuration', layout: 'LayoutDuration', script: 'ScriptDuration', tasks: 'TaskDuration' } as const

/** {@link browserMetrics} now, in seconds as CDP gives them. */
async function readBrowserWork(cdp: CDPSession): Promise<BrowserWork> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> }
  const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0
  return { style: value(browserMetrics.style), layout: value(browserMetrics.layout), script: value(browserMetrics.script), tasks: value(browserMetrics.tasks) }
}

const firstRowPainted = `new Promise((resolve) => {
  const roots = () => { const out = [document]; for (let i = 0; i < out.length; i++) for (const el of out[i].querySelectorAll('*')) if (el.shadowRoot) out.push(el.shadowRoot); return out }
  const seen = () => roots().some((r) => [...r.querySelectorAll('[role=dialog] .lk-row')].some((b) => b.getBoundingClientRect().width > 0))
  const check = () => (seen() ? requestAnimationFrame(() => resolve(performance.now() - window.__profileTap)) : requestAnimationFrame(check))
  check()
})`

/**
 * Profiles `runs` taps on `server`'s library-only page, each in a fresh context (empty cache).
 * @param outDir the page's build folder, holding the `.map` files next to the chunks (build with `sourcemap: true`).
 */
export async function profileTap(browser: Browser, server: StaticServer, outDir: string, runs: number, kind: TapKind = 'idle'): Promise<TapProfile> {
  const result: TapProfile = { kind, tapToRow: [], inclusive: new Map(), self: new Map(), inclusiveLines: new Map(), browserWork: [] }
  const maps = new Map<string, SourceMapConsumer | null>()
  /** The frame's source file, and its function's source file and line (`file:line`, where the function starts). */
  const placeOf = (frame: ProfileNode['callFrame']): { source: string; line: string } => {
    if (!frame.url) return { source: frame.functionName || '(native)', line: frame.functionName || '(native)' }
    const file = frame.url.split('/').pop() ?? frame.url
    if (!maps.has(file)) {
      const path = join(outDir, 'assets', `${file}.map`)
      maps.set(file, existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8'))) : null)
    }
    const original = maps.get(file)?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber })
    if (!original?.source) return { source: file, line: `${file}:${frame.lineNumber + 1} ${frame.functionName}` }
    const source = relative(repoRoot, resolve(outDir, 'assets', original.source)).replace(/^.*node_modules\//, '')
    return { source, line: `${source}:${original.line} ${frame.functionName}` }
  }
  const places = new Map<number, { source: string; line: string }>()
  /** Whether a frame is the library's own code (not a package's, nor the browser's): the functions listed by line. */
  const own = (frame: ProfileNode['callFrame']): boolean => {
    if (!frame.url) return false
    const file = frame.url.split('/').pop() ?? frame.url
    const source = maps.get(file)?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber }).source
    return source !== undefined && source !== null && !source.includes('node_modules/')
  }
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms / runs)
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: phoneProfile.viewport, deviceScaleFactor: phoneProfile.deviceScaleFactor, userAgent: phoneProfile.userAgent, hasTouch: true, isMobile: true })
    try {
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: phoneProfile.cpuRate })
      if (kind === 'cold') {
        await cdp.send('Network.enable')
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: phoneProfile.latencyMs,
          downloadThroughput: phoneProfile.downloadBitsPerSecond / 8,
          uploadThroughput: phoneProfile.uploadBitsPerSecond / 8,
        })
        await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true })
      }
      const network = trackNetwork(page, server)
      await page.addInitScript(`document.addEventListener('pointerdown', () => { window.__profileTap ??= performance.now() }, { capture: true })`)
      await page.goto(server.url)
      const button = page.getByRole('button', { name: 'Connect Wallet', exact: true }).first()
      await button.waitFor()
      await idleWorkDone(page, network)
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
      await cdp.send('Performance.enable')
      const before = await readBrowserWork(cdp)
      await cdp.send('Profiler.start')
      await button.tap()
      result.tapToRow.push((await page.evaluate(firstRowPainted)) as number)
      const after = await readBrowserWork(cdp)
      result.browserWork.push({ style: (after.style - before.style) * 1000, layout: (after.layout - before.layout) * 1000, script: (after.script - before.script) * 1000, tasks: (after.tasks - before.tasks) * 1000 })
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile }
      const byId = new Map(profile.nodes.map((n) => [n.id, n]))
      places.clear()
      const parent = new Map<number, number>()
      for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id)
      profile.samples.forEach((id, k) => {
        const ms = (profile.timeDeltas[k] ?? 0) / 1000
        const onStack = new Set<string>()
        for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
          if (!places.has(node)) places.set(node, placeOf(byId.get(node)!.callFrame))
          const { source, line } = places.get(node)!
          if (node === id) add(result.self, source, ms)
          if (!onStack.has(source)) add(result.inclusive, source, ms)
          if (!onStack.has(line) && own(byId.get(node)!.callFrame)) add(result.inclusiveLines, line, ms)
          onStack.add(source)
          onStack.add(line)
        }
      })
    } finally {
      await context.close()
    }
  }
  return result
}

/** Prints {@link profileTap}'s result: the taps, then the `top` files by inclusive and by self time. */
export function reportTapProfile(profile: TapProfile, top = 25): void {
  const rows = (map: Map<string, number>, count = top) =>
    [...map]
      .filter(([source]) => !['(root)', '(program)', '(idle)'].includes(source))
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([source, ms]) => `    ${ms.toFixed(1).padStart(7)} ms  ${source}`)
      .join('\n')
  const how = profile.kind === 'cold' ? `cold: Save-Data, ${phoneProfile.latencyMs} ms latency, ${phoneProfile.downloadBitsPerSecond / 1e6} Mbit/s` : 'after the idle prefetch, no network throttling'
  console.log(`  tap → first wallet row painted (CPU ×${phoneProfile.cpuRate}, ${how}): ${profile.tapToRow.map((ms) => ms.toFixed(0)).join(', ')} ms`)
  const work = (key: keyof BrowserWork) => profile.browserWork.map((w) => w[key].toFixed(0)).join(', ')
  console.log(`  the renderer's counters over each tap (ms): style ${work('style')}; layout ${work('layout')}; script ${work('script')}; all tasks ${work('tasks')}`)
  console.log(`  (program) ${(profile.self.get('(program)') ?? 0).toFixed(1)} ms per tap: the browser's own work and compilation, sampled until the profiler stopped.`)
  console.log(`  (idle) ${(profile.self.get('(idle)') ?? 0).toFixed(1)} ms per tap: nothing to run (waiting for bytes or a frame).`)
  console.log(`  (garbage collector) ${(profile.self.get('(garbage collector)') ?? 0).toFixed(1)} ms per tap.`)
  console.log(`\n  By source file, inclusive (ms per tap):\n${rows(profile.inclusive)}`)
  console.log(`\n  By source file, self (ms per tap):\n${rows(profile.self)}`)
  console.log(`\n  The library's own functions (source file and first line, the minified name), inclusive (ms per tap):\n${rows(profile.inclusiveLines, 2 * top)}\n`)
}
