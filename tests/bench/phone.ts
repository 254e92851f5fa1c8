/**
 * The phone profile: a page on a throttled phone (390×844, touch, no hover, CPU ×4 slower, 150 ms latency, 1.6 Mbit/s
 * down), each run in a fresh browser context (empty cache). Three runs per visit kind, on latchkey's library-only page
 * and on RainbowKit's, in the same bench run:
 *
 * - `idle`: the page loads, its idle work is done and the network quiet (latchkey's idle prefetch has run: {@link
 *   idleWorkDone}), then a tap on "Connect Wallet";
 * - `cold`: the same with Save-Data on (CDP `Emulation.setDataSaverOverride`), so latchkey fetches nothing ahead: the
 *   whole path from the tap;
 * - `asap`: a tap as soon as the button shows, while the page may still be loading.
 *
 * An init script in the page times, in ms: navigation → the button painted (the frame after the one where it was first
 * seen with a size), tap (its `pointerdown`) → the first wallet row painted (latchkey's `.lk-row`, RainbowKit's
 * `rk-wallet-option-*`), navigation → that row. Bytes are what the network carried (CDP `encodedDataLength`, so gzip as
 * served), split at the tap; requests likewise; and of those after the tap, the ones finished when the row was seen
 * painted (what the row waited for, without the next views' chunks fetched after its paint).
 */
import type { Browser, CDPSession, Page } from 'playwright'
import { ratio, renderTable, summarize } from './report.ts'
import { TIMEOUT_MS, trackNetwork } from './browser.ts'
import type { StaticServer } from './serve.ts'

/**
 * The phone: its viewport, touch and no hover, a phone browser's user agent (so that the pages take their phone
 * platform: Chromium then reports `navigator.userAgentData.mobile`, which latchkey's `resolvePlatform` reads first;
 * without it the page saw the desktop Chromium of the machine); its CPU and network throttling (CDP).
 */
export const phoneProfile = {
  viewport: { width: 390, height: 844 },
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  deviceScaleFactor: 3,
  cpuRate: 4,
  latencyMs: 150,
  downloadBitsPerSecond: 1_600_000,
  uploadBitsPerSecond: 750_000,
} as const

export type PhoneVisit = 'idle' | 'cold' | 'asap'

/** One run, in ms (from navigation start, or from the tap), and bytes/requests before and after the tap. */
export type PhoneRun = {
  toButton: number
  tapToRow: number
  toRow: number
  bytesBefore: number
  bytesAfter: number
  requestsBefore: number
  requestsAfter: number
  /** The paths requested after the tap. */
  filesAfter: string[]
  /** Bytes carried by the requests after the tap that had finished when the row was seen painted (gzip as served). */
  bytesToRow: number
  /** The paths of those requests: what the first wallet row waited for (not the next views' chunks fetched after its paint). */
  filesToRow: string[]
  /** Round trips between the tap and the row painted (see {@link byteCounter}). */
  roundTrips: number
  /** The paths of the requests the row waited for after the first round trip, by round (2, 3, …): a latency more each. */
  laterRounds: Array<{ round: number; path: string }>
}

/**
 * Resolves once the page's idle work is done: three times, an idle callback registered now (the browser runs idle
 * callbacks in the order they were registered, so it runs after those the page registered before it), then a quiet
 * network. latchkey's idle prefetch fetches the first open's code in one idle callback and creates the core in a later
 * one, registered once that code is evaluated; on a loaded machine neither need have run when the network first looks
 * quiet, and a tap before them pays the cold path in a visit meant to measure the prefetched one.
 */
export async function idleWorkDone(page: Page, network: { quiet(): Promise<void> }): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await page.evaluate('new Promise((resolve) => requestIdleCallback(() => resolve(true)))')
    await network.quiet()
  }
}

/** The in-page probe (a string: tsx's keepNames helpers do not exist in the page). */
const probe = `(() => {
  const w = window
  const roots = () => {
    const out = [document]
    for (let i = 0; i < out.length; i++) for (const el of out[i].querySelectorAll('*')) if (el.shadowRoot) out.push(el.shadowRoot)
    return out
  }
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 }
  const isButton = (el) => el instanceof HTMLButtonElement && (el.textContent || '').trim().toLowerCase() === 'connect wallet'
  const findButton = () => { for (const r of roots()) for (const b of r.querySelectorAll('button')) if (isButton(b) && shown(b)) return b; return null }
  const findRow = () => { for (const r of roots()) for (const b of r.querySelectorAll('[role=dialog] .lk-row, [role=dialog] [data-testid^="rk-wallet-option"]')) if (shown(b)) return b; return null }
  const watchButton = () => {
    if (findButton()) { requestAnimationFrame(() => { w.__phoneButton = performance.now() }); return }
    requestAnimationFrame(watchButton)
  }
  requestAnimationFrame(watchButton)
  addEventListener('load', () => requestIdleCallback(() => { w.__phoneIdle = performance.now() }), { once: true })
  const watchRow = () => {
    if (findRow()) { requestAnimationFrame(() => { w.__phoneRow = performance.now() }); return }
    requestAnimationFrame(watchRow)
  }
  document.addEventListener('pointerdown', (event) => {
    if (w.__phoneTap !== undefined || !event.composedPath().some(isButton)) return
    w.__phoneTap = performance.now()
    requestAnimationFrame(watchRow)
  }, { capture: true })
})()`

/**
 * Counts what the network carried (CDP), split at the moment {@link tap} is called, and the round trips between the tap
 * and the row (`row()` called once it is painted): a request's round trip is one more than that of the latest request
 * after the tap that had finished when it was sent (1: sent before any came back). The longest such chain is what the
 * phone's latency is paid for, however many files travel side by side. (The initiators CDP gives do not tell it: the
 * modulepreload links a chunk's `import()` adds are the document's requests.)
 */
function byteCounter(cdp: CDPSession) {
  let tapped = false
  let painted = false
  const after = new Map<string, boolean>()
  const totals = { bytesBefore: 0, bytesAfter: 0, requestsBefore: 0, requestsAfter: 0, bytesToRow: 0 }
  const filesToRow: string[] = []
  const afterUrls: string[] = []
  /** The requests after the tap and before the row: when each was sent and came back (CDP monotonic seconds). */
  const timing = new Map<string, { url: string; sent: number; wallMs: number; finished?: number }>()
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string }; timestamp: number; wallTime: number }) => {
    if (e.request.url.startsWith('data:') || after.has(e.requestId)) return
    after.set(e.requestId, tapped)
    if (tapped && !painted) timing.set(e.requestId, { url: e.request.url, sent: e.timestamp, wallMs: e.wallTime * 1000 })
    if (tapped) afterUrls.push(new URL(e.request.url).pathname)
    if (tapped) totals.requestsAfter++
    else totals.requestsBefore++
  })
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number; timestamp: number }) => {
    const isAfter = after.get(e.requestId)
    if (isAfter === undefined) return
    const t = timing.get(e.requestId)
    if (t) t.finished = e.timestamp
    if (isAfter) totals.bytesAfter += e.encodedDataLength
    else totals.bytesBefore += e.encodedDataLength
    if (isAfter && !painted) {
      totals.bytesToRow += e.encodedDataLength
      if (t) filesToRow.push(new URL(t.url).pathname)
    }
  })
  /**
   * The round trips of the requests that had come back before the row was painted, by the page's clock (`rowWallMs`: the
   * paint's epoch ms; a request's CDP times put on that clock by its send's wall time): what the row waited for. Node sees
   * the row some time after its paint, and what the page asks meanwhile or just before it (the next views' chunks,
   * fetched once the opening's transition ends, which a loaded machine's late paint can follow) is not.
   */
  const rounds = (rowWallMs: number) => {
    const cameBack = (r: { sent: number; wallMs: number; finished?: number }) => r.finished !== undefined && r.wallMs + (r.finished - r.sent) * 1000 <= rowWallMs
    const requests = [...timing.values()].filter(cameBack).sort((x, y) => x.sent - y.sent)
    const depth = new Map<(typeof requests)[number], number>()
    for (const r of requests) depth.set(r, 1 + Math.max(0, ...requests.filter((q) => q.finished !== undefined && q.finished <= r.sent).map((q) => depth.get(q) ?? 0)))
    return {
      roundTrips: Math.max(0, ...depth.values()),
      laterRounds: [...depth].filter(([, d]) => d > 1).map(([r, round]) => ({ round, path: new URL(r.url).pathname })),
    }
  }
  return { tap: () => void (tapped = true), row: () => void (painted = true), totals, afterUrls, filesToRow, rounds }
}

/** One visit of `server`'s page on the phone, in a fresh context. */
async function visit(browser: Browser, server: StaticServer, kind: PhoneVisit): Promise<PhoneRun> {
  const context = await browser.newContext({ viewport: phoneProfile.viewport, deviceScaleFactor: phoneProfile.deviceScaleFactor, userAgent: phoneProfile.userAgent, hasTouch: true, isMobile: true })
  try {
    await context.addInitScript(probe)
    const page: Page = await context.newPage()
    page.setDefaultTimeout(TIMEOUT_MS * 3)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: phoneProfile.cpuRate })
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: phoneProfile.latencyMs,
      downloadThroughput: phoneProfile.downloadBitsPerSecond / 8,
      uploadThroughput: phoneProfile.uploadBitsPerSecond / 8,
    })
    if (kind === 'cold') await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true })
    const counter = byteCounter(cdp)
    const network = trackNetwork(page, server)
    await page.goto(server.url, { waitUntil: 'commit' })
    await page.waitForFunction('typeof window.__phoneButton === "number"', undefined, { polling: 'raf', timeout: TIMEOUT_MS * 3 })
    if (kind !== 'asap') {
      // The page's first idle callback after load (the probe's, registered before the page's own, so latchkey's idle
      // prefetch starts right after it), then a quiet network.
      await page.waitForFunction('typeof window.__phoneIdle === "number"', undefined, { timeout: TIMEOUT_MS * 3 })
      await idleWorkDone(page, network)
    }
    counter.tap()
    await page
      .getByRole('button', { name: 'Connect Wallet', exact: true })
      .first()
      .tap({ timeout: TIMEOUT_MS * 3 })
    await page.waitForFunction('typeof window.__phoneRow === "number"', undefined, { timeout: TIMEOUT_MS * 3 })
    counter.row()
    await network.quiet()
    const t = (await page.evaluate('({ button: window.__phoneButton, tap: window.__phoneTap, row: window.__phoneRow, origin: performance.timeOrigin })')) as { button: number; tap: number; row: number; origin: number }
    return { toButton: t.button, tapToRow: t.row - t.tap, toRow: t.row, ...counter.totals, filesAfter: counter.afterUrls, filesToRow: counter.filesToRow, ...counter.rounds(t.origin + t.row) }
  } finally {
    await context.close()
  }
}

/**
 * The phone runs of one page: `runs` visits of each of `kinds` (all three by default), alternating kinds so that drift
 * hits each alike; a kind left out has no runs.
 */
export async function measurePhone(browser: Browser, server: StaticServer, runs: number, kinds: readonly PhoneVisit[] = ['idle', 'cold', 'asap']): Promise<Record<PhoneVisit, PhoneRun[]>> {
  const out: Record<PhoneVisit, PhoneRun[]> = { idle: [], cold: [], asap: [] }
  for (let i = 0; i < runs; i++) for (const kind of kinds) out[kind].push(await visit(browser, server, kind))
  return out
}

/** The phone rows: latchkey and RainbowKit (measured in the same run), medians with min–max, and latchkey / RainbowKit. */
export function reportPhone(latchkey: Record<PhoneVisit, PhoneRun[]>, peer: Record<PhoneVisit, PhoneRun[]> | undefined, runs: number): void {
  const cell = (values: number[] | undefined, format: (n: number) => string): string => {
    if (!values?.length) return 'not measured'
    const s = summarize(values)
    return `${format(s.median)} (${format(s.min)}–${format(s.max)})`
  }
  const median = (values: number[] | undefined): number | undefined => (values?.length ? summarize(values).median : undefined)
  const msInt = (n: number) => `${Math.round(n)} ms`
  const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`
  const count = (n: number) => String(Math.round(n))
  const rows: Array<[string, PhoneVisit, Exclude<keyof PhoneRun, 'filesAfter' | 'filesToRow' | 'laterRounds'>, (n: number) => string]> = [
    ['navigation → Connect button painted', 'idle', 'toButton', msInt],
    ['tap → first wallet row painted, after the idle prefetch (page quiet)', 'idle', 'tapToRow', msInt],
    ['tap → first wallet row painted, cold (Save-Data: nothing fetched ahead)', 'cold', 'tapToRow', msInt],
    ['navigation → first wallet row, tapping as soon as the button shows', 'asap', 'toRow', msInt],
    ['bytes before the tap (page quiet)', 'idle', 'bytesBefore', kb],
    ['bytes after the tap until the row (page quiet)', 'idle', 'bytesAfter', kb],
    ['requests after the tap (page quiet)', 'idle', 'requestsAfter', count],
    ['bytes before the tap, cold', 'cold', 'bytesBefore', kb],
    ['bytes after the tap, cold', 'cold', 'bytesAfter', kb],
    ['bytes from the tap until the row painted, cold', 'cold', 'bytesToRow', kb],
    ['requests after the tap, cold', 'cold', 'requestsAfter', count],
    ['round trips from the tap to the row (page quiet)', 'idle', 'roundTrips', count],
    ['round trips from the tap to the row, cold', 'cold', 'roundTrips', count],
  ]
  const p = phoneProfile
  console.log(
    `\n  Phone profile (${p.viewport.width}×${p.viewport.height}, touch, no hover, CPU ×${p.cpuRate}, ${p.latencyMs} ms latency, ` +
      `${p.downloadBitsPerSecond / 1e6} Mbit/s down): median (min–max) of ${runs} fresh visits each; bytes as carried (gzip, as the bench server serves them)\n`,
  )
  console.log(
    renderTable(
      ['Measure', 'latchkey (library-only page)', peer ? 'RainbowKit (measured now)' : 'RainbowKit (NOT measured)', 'latchkey / RainbowKit'],
      rows.map(([label, kind, key, format]) => {
        const lk = latchkey[kind].map((r) => r[key])
        const rk = peer?.[kind].map((r) => r[key])
        return [label, cell(lk, format), cell(rk, format), ratio(median(lk), median(rk))]
      }),
    ),
  )
  const last = latchkey.idle.at(-1)
  if (last) console.log(`  latchkey, last idle visit, requested after the tap: ${last.filesAfter.join(', ') || 'nothing'}`)
  const cold = latchkey.cold.at(-1)
  if (cold) console.log(`  latchkey, last cold visit, requested after the tap: ${cold.filesAfter.join(', ') || 'nothing'}`)
  console.log(
    '  Painted = the animation frame after the one in which the element was first seen with a size. RainbowKit has no\n' + '  prefetch or Save-Data behaviour of its own: its idle and cold rows are the same visit twice.',
  )
}
