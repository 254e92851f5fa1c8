/**
 * The Pay view's paint (spec §1 Pay; issue 15 §4's rule for a feature: its view painted within a frame once its code is
 * in): on the library-only page with pay on (`fixture/?pay&firstUse`), a dapp's "Ask for payment" button (bench only,
 * added by the init script below: the page hands its modal over with `?firstUse`) calls `modal.pay` for 0.01 ETH on
 * mainnet with no wallet connected, so the view shows what is asked and the ways to pay. The view's one read, the
 * network's gas price on its node (`eth_gasPrice`), is answered by a Playwright route in Node (a bench stand-in for the
 * project's RPC; every other request leaving the page is aborted and listed), so what is timed is the modal's own work.
 *
 * The first click is cold (pay's chunks fetched with it); each later click is warm (pay's module and the view's chunk
 * are in, the modal closed with Escape in between, which resolves the payment `cancelled`). Each is timed in the page
 * like the click-to-paint probe (probe.ts): from the click (a capture listener) to the animation frame after the one in
 * which the dialog first showed the Pay view settled (`data-view="Pay"`, what is asked in it, nothing `aria-busy`), with
 * that frame's number after the click (frame 1: the first frame after the click painted it).
 */
import type { Browser, Route } from 'playwright'
import { BaseError } from '../../kernel/errors.ts'
import { TIMEOUT_MS } from './browser.ts'
import { ms, ratio, renderTable, summarize } from './report.ts'
import type { StaticServer } from './serve.ts'

/**
 * One click → Pay view painted: ms from the click, the frame after the click in which the view first showed, the node
 * reads it made; `toRead` ms from the click to the first read asked, `afterRead` ms from the last read's answer to the
 * paint (the modal's own work on each side of the node; undefined without a read).
 */
export type PayPaintTiming = { toPaint: number; frame: number; reads: number; toRead?: number | undefined; afterRead?: number | undefined }

/** The cold click and the warm ones; `foreign` the requests that left the page unanswered (aborted). */
export type PayPaintResults = { cold: PayPaintTiming; warm: PayPaintTiming[]; foreign: string[] }

/** The gas price the stand-in node answers (1 gwei). */
const GAS_PRICE = '0x3b9aca00'

/** The probe (what it reported, or why it did not) broke its own rule. */
class PayPaintProbeError extends BaseError {
  override name = 'PayPaintProbeError'
}

const pageScript = String.raw`
(() => {
  const dialog = () => document.querySelector('[data-testid=latchkey-modal]')?.shadowRoot?.querySelector('[role=dialog]') ?? null
  const shown = () => {
    const d = dialog()
    return !!d && d.getAttribute('data-view') === 'Pay' && !!d.querySelector('[data-testid=pay-asked]') && d.getAttribute('aria-busy') !== 'true' && !d.querySelector('[aria-busy=true]')
  }
  window.__benchPayShown = () => { const d = dialog(); return d ? '[' + d.getAttribute('data-view') + (d.getAttribute('aria-busy') === 'true' ? ', busy' : '') + '] ' + d.innerText.replace(/\s+/g, ' ') : 'no dialog' }
  window.__benchPayArm = () => {
    window.__benchPayPainted = undefined
    let start
    let frames = 0
    const frame = () => {
      frames += 1
      if (shown())
        requestAnimationFrame(() => {
          const now = performance.now()
          // The node's reads since the click (resource timing of the requests that left the page's origin).
          const reads = performance.getEntriesByType('resource').filter((e) => e.startTime >= start && !e.name.startsWith(location.origin))
          const asked = reads.length ? Math.min(...reads.map((e) => e.startTime)) - start : undefined
          const answered = reads.length ? Math.max(...reads.map((e) => e.responseEnd)) : undefined
          window.__benchPayPainted = { toPaint: now - start, frame: frames, toRead: asked, afterRead: answered === undefined ? undefined : now - answered }
        })
      else requestAnimationFrame(frame)
    }
    const begin = (event) => {
      if (start !== undefined || !event.composedPath().some((n) => n instanceof HTMLButtonElement && n.textContent === 'Ask for payment')) return
      start = performance.now()
      requestAnimationFrame(frame)
    }
    document.addEventListener('click', begin, { capture: true })
  }
  let benchModal
  Object.defineProperty(window, '__benchModal', {
    configurable: true,
    get: () => benchModal,
    set(modal) {
      benchModal = modal
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = 'Ask for payment'
      // How the last payment ended (the modal closed: cancelled), or why it was refused: the error's words, for the report.
      button.addEventListener('click', () =>
        void modal.pay({ recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '0.01', asset: 'eip155:1/slip44:60' }).then(
          (result) => { window.__benchPayOutcome = JSON.stringify(result) },
          (error) => { window.__benchPayOutcome = 'refused: ' + String(error && error.message) },
        ))
      document.body.append(button)
    },
  })
})()
`

/**
 * Times the Pay view's paint on `server`'s library-only page: one cold click, then `runs` warm ones, in one page (a
 * fresh browser context).
 * @throws PayPaintProbeError when the probe reports no timing; Playwright's errors past {@link TIMEOUT_MS}.
 */
export async function measurePayPaint(browser: Browser, server: StaticServer, runs: number): Promise<PayPaintResults> {
  const context = await browser.newContext()
  const foreign: string[] = []
  let reads = 0
  try {
    await context.addInitScript({ content: pageScript })
    await context.route(
      (url) => url.origin !== new URL(server.url).origin,
      async (route: Route) => {
        const request = route.request()
        const body = request.method() === 'POST' ? (request.postDataJSON() as { id?: unknown; method?: unknown } | null) : null
        if (body?.method === 'eth_gasPrice' || body?.method === 'eth_chainId') {
          reads += 1
          const result = body.method === 'eth_gasPrice' ? GAS_PRICE : '0x1'
          await route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify({ jsonrpc: '2.0', id: body.id ?? 1, result }) })
          return
        }
        if (request.method() === 'OPTIONS') {
          await route.fulfill({ status: 204, headers: { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'POST, GET' } })
          return
        }
        foreign.push(`${request.method()} ${request.url()}${body?.method ? ` (${String(body.method)})` : ''}`)
        await route.abort()
      },
    )
    const page = await context.newPage()
    page.setDefaultTimeout(TIMEOUT_MS)
    await page.goto(`${server.url}?pay&firstUse`, { waitUntil: 'load' })
    await page.waitForLoadState('networkidle')
    const once = async (which: string): Promise<PayPaintTiming> => {
      const before = reads
      await page.evaluate('window.__benchPayOutcome = undefined; window.__benchPayArm()')
      await page.getByRole('button', { name: 'Ask for payment', exact: true }).click()
      await page.waitForFunction('window.__benchPayPainted !== undefined').catch(async (cause: unknown) => {
        const shown: unknown = await page.evaluate('window.__benchPayShown() + "; the payment: " + window.__benchPayOutcome')
        throw new PayPaintProbeError(`The Pay view did not show settled after the ${which} click.`, { details: `The dialog: ${String(shown)}; requests that left the page: ${foreign.join(', ') || 'none'}.`, cause })
      })
      const painted: unknown = await page.evaluate('window.__benchPayPainted')
      const { toPaint, frame, toRead, afterRead } = (painted ?? {}) as { toPaint?: unknown; frame?: unknown; toRead?: unknown; afterRead?: unknown }
      if (typeof toPaint !== 'number' || typeof frame !== 'number') throw new PayPaintProbeError(`The Pay view probe on ${server.url} reported ${JSON.stringify(painted)}.`)
      // Closed, and the payment ended (cancelled: the dialog leaves before the modal has closed, and a payment asked
      // for while another is under way ends at once), before the next click; the page's network at rest.
      await page.keyboard.press('Escape')
      await page.waitForFunction("!document.querySelector('[data-testid=latchkey-modal]')?.shadowRoot?.querySelector('[role=dialog]') && window.__benchPayOutcome !== undefined")
      await page.waitForLoadState('networkidle')
      const ms = (value: unknown) => (typeof value === 'number' ? value : undefined)
      return { toPaint, frame, reads: reads - before, toRead: ms(toRead), afterRead: ms(afterRead) }
    }
    const cold = await once('cold')
    const warm: PayPaintTiming[] = []
    for (let run = 0; run < runs; run++) warm.push(await once(`warm #${run + 1}`))
    return { cold, warm, foreign }
  } finally {
    await context.close()
  }
}

/** The median of `values` (not empty). */
const median = (values: readonly number[]): number => summarize(values).median

/**
 * Prints the Pay view's row as a table like the bench's first one: latchkey's warm click → Pay view painted (median, with
 * its frame), against the peer's click → its modal painted measured in the same run (`peerClicks`, RainbowKit's Connect
 * dialog: it has no pay view), and their ratio; then each run's frame, the two sides of the node read, latchkey's own click
 * → Connect painted of the same run (`ownClicks`), the cold click and what left the page. `results` is the error when
 * the runs failed.
 */
export function reportPayPaint(results: PayPaintResults | { error: unknown }, peerClicks: readonly number[] | undefined, runs: number, ownClicks?: readonly number[]): void {
  console.log('\n  The Pay view (pay on; pay warm: its module and view in, the modal closed between clicks)\n')
  if ('error' in results) {
    console.log(`  ! The Pay view runs failed: ${results.error instanceof Error ? results.error.message.replace(/\s+/g, ' ').slice(0, 600) : String(results.error)}`)
    return
  }
  const lk = median(results.warm.map((r) => r.toPaint))
  const frame = median(results.warm.map((r) => r.frame))
  const rk = peerClicks?.length ? median(peerClicks) : undefined
  console.log(
    renderTable(
      ['Metric', 'latchkey', rk === undefined ? 'RainbowKit (NOT measured in this run)' : 'RainbowKit (measured now): click → its modal painted', 'latchkey / RainbowKit'],
      [[`Click → Pay view painted, pay warm, median of ${runs} (frame after the click)`, `${ms(lk)} (frame ${frame})`, rk === undefined ? 'not measured' : ms(rk), ratio(lk, rk)]],
    ),
  )
  console.log(`  Frame of each warm run (goal: 1, painted in the first frame after the click): ${results.warm.map((r) => r.frame).join('  ')}`)
  console.log(`  Each warm run: ${results.warm.map((r) => r.toPaint.toFixed(1)).join('  ')} ms; node reads per click: ${results.warm.map((r) => r.reads).join(' ')}`)
  const side = (key: 'toRead' | 'afterRead') => {
    const values = results.warm.flatMap((r) => (r[key] === undefined ? [] : [r[key]]))
    return values.length ? ms(median(values)) : 'not measured'
  }
  console.log(`  Warm, median: click → the node read asked ${side('toRead')}; its answer → painted ${side('afterRead')} (one frame is 16.7 ms).`)
  if (ownClicks?.length) console.log(`  latchkey's own click → Connect dialog painted, same run, median: ${ms(median(ownClicks))} (the modal opened from closed, no read).`)
  console.log(`  Cold (the first click: pay's chunks fetched with it): ${ms(results.cold.toPaint)}, frame ${results.cold.frame}.`)
  console.log("  The view's one node read (eth_gasPrice) is answered in Node by a route: the modal's own work is what is timed.")
  if (results.foreign.length) console.log(`  ! Requests that left the page (aborted): ${results.foreign.join(', ')}`)
}
