/**
 * Axe scans of the specs' pages: {@link axeFor} (a scan with its context and rules), {@link expectNoAxeViolations}
 * (the whole page, no violation) and {@link describeViolations} (the assertion message).
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import axeCore, { type AxeResults, type RunOptions } from 'axe-core'
import { BaseError } from '../../kernel/errors.ts'

/** axe-core was loaded in the page at `url` and is still not there to run (the document replaced meanwhile). */
class AxeNotLoadedError extends BaseError {
  override name = 'AxeNotLoadedError'
  constructor(url: string) {
    super(`axe-core is not in the page after loading it (${url})`)
  }
}

/**
 * axe-core's minified build (`axe.min.js`, 580 kB; the same version and rules as the 1.3 MB `axeCore.source` the
 * builder evaluates, a third less for the page to parse) with the configuration `@axe-core/playwright` gives a
 * one-frame scan (its `axeConfigure` in legacy mode): loaded in a page once, by the first scan of that page
 * ({@link AxeScan.analyze}).
 */
const AXE_SOURCE = `${readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')}
;axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`

let axeUrl: Promise<string> | undefined

/**
 * The URL of {@link AXE_SOURCE} (`http://127.0.0.1:<port>/axe-core-<version>.js`), served by a loopback server of this
 * worker started on the first call (it never keeps the worker alive). A page loads it as a script: its renderer keeps
 * the compiled script for its next documents (the HTTP cache answers the URL, V8 reuses its compilation), where an
 * evaluated string is compiled again in each document; and its parsing runs off the page's main thread. Measured (the
 * browser's CPU, a plain page): the first load in a page 450 ms (the full source evaluated, as before: 910 ms; the
 * minified one evaluated: 625 ms), a load after the page navigated 30–100 ms instead of 330–1,290 ms.
 */
function axeSourceUrl(): Promise<string> {
  axeUrl ??= new Promise((resolve, reject) => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable' })
      response.end(AXE_SOURCE)
    })
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.unref()
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/axe-core-${axeCore.version}.js`)
    })
  })
  return axeUrl
}

/**
 * Loads axe-core in `page`'s document: its script from {@link axeSourceUrl}, the element removed once run (the
 * document is left as it was); evaluated instead where the page's Content-Security-Policy refuses the script.
 */
async function loadAxe(page: Page): Promise<void> {
  const script = await page.addScriptTag({ url: await axeSourceUrl() }).catch(() => null)
  if (script) {
    await script.evaluate((element) => element.parentNode?.removeChild(element))
    await script.dispose()
  } else await page.evaluate(AXE_SOURCE)
}

/**
 * One axe scan of `page`, built as `@axe-core/playwright`'s `AxeBuilder` is (`include`, `withRules`, `options`,
 * then `analyze`), with the same results.
 *
 * - No frame inside the scanned context: axe-core is loaded in it by its first scan ({@link loadAxe}) and kept there
 *   (until the page navigates), and every scan is one `axe.run` over the context with the options (the builder's legacy
 *   mode), in one round trip once axe is there. The
 *   builder evaluates the whole source twice per scan: measured on visual.spec's phone walk of the connected views
 *   (18 scans), those evaluations took 3.0 CPU-seconds of the browser's and the scans themselves 3.3.
 * - With a frame inside the scanned context (the embedded wallet's, cross-origin, in a whole-page scan): the builder's
 *   cross-frame mode (`runPartial` in each frame, then `finishRun` in a blank page). A scan of the modal alone on a page
 *   with the wallet's frame beside it is the one-frame scan: on visual.spec's Sessions view (an email user, the frame
 *   loaded; one worker beside other work) its two scans took 12.0 s on the desktop and 6.8 s on the phone in the
 *   cross-frame mode, 2.9 s and 2.6 s in the one-frame mode.
 */
class AxeScan {
  readonly #page: Page
  readonly #include: string[] = []
  #options: RunOptions = {}

  constructor(page: Page) {
    this.#page = page
  }

  /** Scans only the elements `selector` matches (may be called again: their union). */
  include(selector: string): this {
    this.#include.push(selector)
    return this
  }

  /** Runs only these rules. */
  withRules(rules: string[]): this {
    this.#options = { ...this.#options, runOnly: { type: 'rule', values: rules } }
    return this
  }

  /** axe-core's run options (replacing any set before). */
  options(options: RunOptions): this {
    this.#options = options
    return this
  }

  /** Runs the scan. Rejects with axe-core's own error when axe fails (an unknown rule or tag, a selector that matches nothing is not one). */
  async analyze(): Promise<AxeResults> {
    const page = this.#page
    if (page.frames().length !== 1 && (await this.#holdsFrame())) {
      const builder = new AxeBuilder({ page }).options(this.#options)
      for (const selector of this.#include) builder.include(selector)
      return builder.analyze()
    }
    // The builder's context: `{ include, exclude }`, an empty include being the whole document.
    const scan = { context: { include: this.#include, exclude: [] }, options: this.#options }
    // One round trip when axe is already in the document; null when it is not (a new page, or one that navigated).
    const run = () =>
      page.evaluate(({ context, options }) => {
        const axe = (window as unknown as { axe?: { run?(context: unknown, options: unknown): Promise<AxeResults> } }).axe
        return typeof axe?.run === 'function' ? axe.run(context, options) : null
      }, scan)
    const results = await run()
    if (results) return results
    await loadAxe(page)
    const loaded = await run()
    if (!loaded) throw new AxeNotLoadedError(page.url())
    return loaded
  }

  /**
   * Whether a frame of the page lies inside the scanned context (an `include` element, its shadow roots included; the
   * whole document when nothing is included): only then does the scan need the cross-frame mode. A frame outside it
   * (the embedded wallet's beside the modal) is never scanned in either mode.
   */
  async #holdsFrame(): Promise<boolean> {
    if (this.#include.length === 0) return true
    const children = this.#page.mainFrame().childFrames()
    for (const frame of children) {
      // A frame on its way out has no element: it is in no context.
      const element = await frame.frameElement().catch(() => null)
      if (!element) continue
      const inside = await element.evaluate((el, selectors) => {
        const roots = selectors.flatMap((selector) => [...document.querySelectorAll(selector)])
        for (let node: Node | null = el; node; node = node.parentNode ?? (node instanceof ShadowRoot ? node.host : null)) if (roots.includes(node as Element)) return true
        return false
      }, this.#include)
      await element.dispose()
      if (inside) return true
    }
    return false
  }
}

/** An axe scan of `page` ({@link AxeScan}): add its context and rules, then `analyze()`. */
export function axeFor(page: Page): AxeScan {
  return new AxeScan(page)
}

/** One line per violation and node, for the assertion message. */
export function describeViolations(violations: AxeResults['violations']): string {
  return violations
    .map((v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.helpUrl}\n${v.nodes.map((n) => `    at ${JSON.stringify(n.target)}: ${n.failureSummary?.replace(/\n/g, ' ') ?? ''}`).join('\n')}`)
    .join('\n')
}

/**
 * Runs axe on the whole page (the modal's open shadow root included) and expects no violation. Every rule runs; the
 * results hold only the violations (axe's `resultTypes`): no selector or HTML snippet is built for each element that
 * passed, and less crosses back from the page.
 */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const results = await axeFor(page)
    .options({ resultTypes: ['violations'] })
    .analyze()
  expect(results.violations, `axe violations with ${what} open:\n${describeViolations(results.violations)}`).toEqual([])
}
