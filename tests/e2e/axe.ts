/**
 * Axe scans of the specs' pages: {@link axeFor} (a scan with its context and rules), {@link expectNoAxeViolations}
 * (the whole page, no violation) and {@link describeViolations} (the assertion message).
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import axeCore, { type AxeResults, type RunOptions } from 'axe-core'

/**
 * axe-core's source (about 580 kB) with the configuration `@axe-core/playwright` gives a one-frame scan (its
 * `axeConfigure` in legacy mode): evaluated in a page once, by the first scan of that page ({@link AxeScan.analyze}).
 */
const AXE_SOURCE = `${axeCore.source}
;axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`

/**
 * One axe scan of `page`, built as `@axe-core/playwright`'s `AxeBuilder` is (`include`, `withRules`, `options`,
 * then `analyze`), with the same results.
 *
 * - No frame inside the scanned context: axe-core is evaluated in it by its first scan and kept there (until the page
 *   navigates), and every scan is one `axe.run` over the context with the options (the builder's legacy mode). The
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
    const loaded = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function')
    if (!loaded) await page.evaluate(AXE_SOURCE)
    // The builder's context: `{ include, exclude }`, an empty include being the whole document.
    const context = { include: this.#include, exclude: [] }
    return page.evaluate(({ context, options }) => (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } }).axe.run(context, options), { context, options: this.#options })
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

/** Runs axe on the whole page (the modal's open shadow root included) and expects no violation. */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const results = await axeFor(page).analyze()
  expect(results.violations, `axe violations with ${what} open:\n${describeViolations(results.violations)}`).toEqual([])
}
