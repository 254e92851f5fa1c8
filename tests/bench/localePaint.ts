import { loadavg } from 'node:os'
import type { Browser } from 'playwright'
import deWords from '../../ui/locales/de.ts'
import jaWords from '../../ui/locales/ja.ts'
import { openClickToPaint, type ClickToPaintPage } from './browser.ts'
import { ms, ratio, renderTable, summarize } from './report.ts'
import type { StaticServer } from './serve.ts'

/**
 * Click → Connect painted in other languages against English, on the library-only page (`fixture/?locale=<tag>`): the
 * goal is that opening in a language other than English costs at most one frame more on a warm cache (the locale's
 * words fetched at idle, before the click). Each language has a page of its own, reloaded before each click; the
 * pages take turns run by run, so that any drift of the machine hits them alike.
 */

/** One frame at 60 Hz (ms): the most a language may add to the click → painted median. */
const oneFrame = 1000 / 60

/** The languages timed: English first (the reference), then the ones compared with it, each with its button's name. */
const benchLocales = [
  { tag: 'en', button: 'Connect Wallet' },
  { tag: 'ja', button: jaWords.connectButton },
  { tag: 'de', button: deWords.connectButton },
] as const

/** Each language's click → painted times (ms), in {@link benchLocales}' order, and the machine's load around them. */
type LocalePaintResults = { runs: Array<{ tag: string; toPaint: number[] }>; load: { before: number[]; after: number[] } }

/**
 * Times `runs` clicks per language of {@link benchLocales} on `server` (the library-only page's build), the languages
 * taking turns. `load` is the 1, 5 and 15 minute load averages before and after (os.loadavg).
 */
export async function measureLocalePaint(browser: Browser, server: StaticServer, runs: number): Promise<LocalePaintResults> {
  const before = loadavg()
  const pages: ClickToPaintPage[] = []
  try {
    for (const { tag, button } of benchLocales) pages.push(await openClickToPaint(browser, server, { query: tag === 'en' ? '' : `?locale=${tag}`, button }))
    const times = benchLocales.map(() => [] as number[])
    for (let run = 0; run < runs; run++) for (const [i, page] of pages.entries()) times[i]!.push((await page.measure()).toPaint)
    return { runs: benchLocales.map(({ tag }, i) => ({ tag, toPaint: times[i]! })), load: { before, after: loadavg() } }
  } finally {
    await Promise.all(pages.map((page) => page.close()))
  }
}

/** Prints the languages' medians, min and max, each one's ratio to English and its difference against one frame. */
export function reportLocalePaint({ runs, load }: LocalePaintResults, count: number): void {
  const english = summarize(runs[0]!.toPaint)
  const rows = runs.map(({ tag, toPaint }) => {
    const s = summarize(toPaint)
    const more = s.median - english.median
    return [tag, ms(s.median), ms(s.min), ms(s.max), ratio(s.median, english.median), tag === 'en' ? '' : `${more >= 0 ? '+' : ''}${more.toFixed(1)} ms`, tag === 'en' ? '' : more <= oneFrame ? 'yes' : 'NO']
  })
  console.log(`\n  Click → Connect painted by language (library-only page, warm cache), ${count} runs each, the languages taking turns:\n`)
  console.log(renderTable(['Locale', 'Median', 'Min', 'Max', '/ en', 'vs en', `Within one frame (${oneFrame.toFixed(1)} ms)`], rows))
  const avg = (values: number[]) => values.map((v) => v.toFixed(2)).join(', ')
  console.log(`\n  Load average (1, 5, 15 min): ${avg(load.before)} before, ${avg(load.after)} after.`)
}
