import { loadavg } from 'node:os'
import type { Browser, BrowserContext } from 'playwright'
import { TIMEOUT_MS, trackNetwork, type ClickToPaintPage } from './browser.ts'
import { ms, ratio, renderTable, summarize } from './report.ts'
import type { StaticServer } from './serve.ts'

/**
 * Opening the inspector (latchkey/inspect) on its bench page (fixture-inspect): from the click on the dapp's 'Open
 * inspector' button, which imports the entry and calls `inspect(modal)`, to the animation frame after the one in which
 * the panel's Actors list first holds a row (that frame painted it). The goal: at most 300 ms. Each run reloads the page
 * (a warm HTTP cache, as the peer's click → painted runs), and the peer's runs take turns with these.
 */

/** The most opening the inspector may take (ms). */
export const inspectOpenGoal = 300

/** Click → inspector painted times (ms), the peer's click → modal painted times (ms) of the same run, the load around. */
export type InspectOpenResults = { open: number[]; peer: number[]; load: { before: number[]; after: number[] } }

// A string, not a function: tsx compiles this file with keepNames, whose helpers do not exist in the page.
const armProbe = `(() => {
  window.__benchInspectOpen = undefined
  document.addEventListener('click', (event) => {
    if (!event.composedPath().some((n) => n instanceof HTMLButtonElement && n.textContent.trim() === 'Open inspector')) return
    const start = performance.now()
    const poll = () => {
      const root = document.querySelector('latchkey-inspector')?.shadowRoot
      if (root?.querySelector('[aria-label="Actors"] li')) requestAnimationFrame(() => { window.__benchInspectOpen = performance.now() - start })
      else requestAnimationFrame(poll)
    }
    requestAnimationFrame(poll)
  }, { capture: true, once: true })
})()`

/** The inspector's bench page, ready to time one opening per `measure()` (ms). */
async function openInspectPage(browser: Browser, server: StaticServer): Promise<{ measure(): Promise<number>; close(): Promise<void> }> {
  const context: BrowserContext = await browser.newContext()
  const page = await context.newPage()
  page.setDefaultTimeout(TIMEOUT_MS)
  const network = trackNetwork(page, server)
  await page.goto(server.url, { waitUntil: 'load' })
  await network.quiet()
  return {
    async measure() {
      await page.reload({ waitUntil: 'load' })
      await network.quiet()
      await page.evaluate(armProbe)
      await page.getByRole('button', { name: 'Open inspector', exact: true }).click()
      await page.waitForFunction('typeof window.__benchInspectOpen === "number"')
      return (await page.evaluate('window.__benchInspectOpen')) as number
    },
    close: () => context.close(),
  }
}

/**
 * Times `runs` openings of the inspector on `server` (fixture-inspect's build), taking turns with `peer`'s click →
 * modal painted (RainbowKit's page), so that any drift of the machine hits both alike.
 */
export async function measureInspectOpen(browser: Browser, server: StaticServer, peer: ClickToPaintPage, runs: number): Promise<InspectOpenResults> {
  const before = loadavg()
  const page = await openInspectPage(browser, server)
  try {
    const open: number[] = []
    const peerTimes: number[] = []
    for (let run = 0; run < runs; run++) {
      peerTimes.push((await peer.measure()).toPaint)
      open.push(await page.measure())
    }
    return { open, peer: peerTimes, load: { before, after: loadavg() } }
  } finally {
    await page.close()
  }
}

/** Prints the openings' median, min and max against the goal and the peer's click → painted of the same run. */
export function reportInspectOpen({ open, peer, load }: InspectOpenResults, runs: number): void {
  const own = summarize(open)
  const other = summarize(peer)
  console.log(`\n  Opening the inspector (click → panel painted, warm cache), ${runs} runs, taking turns with RainbowKit's click → modal painted:\n`)
  console.log(
    renderTable(
      ['Measure', 'Median', 'Min', 'Max', '/ RainbowKit', `Within ${inspectOpenGoal} ms`],
      [
        ['latchkey/inspect: click → inspector painted', ms(own.median), ms(own.min), ms(own.max), ratio(own.median, other.median), own.median <= inspectOpenGoal ? 'yes' : 'NO'],
        ['RainbowKit: click → modal painted', ms(other.median), ms(other.min), ms(other.max), '1.00', ''],
      ],
    ),
  )
  const avg = (values: number[]) => values.map((v) => v.toFixed(2)).join(', ')
  console.log(`\n  Load average (1, 5, 15 min): ${avg(load.before)} before, ${avg(load.after)} after.`)
}
