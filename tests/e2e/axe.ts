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
 * - A page with no frame but its own: axe-core is evaluated in it by its first scan and kept there (until the page
 *   navigates), and every scan is one `axe.run` over the context with the options (the builder's legacy mode). The
 *   builder evaluates the whole source twice per scan: measured on visual.spec's phone walk of the connected views
 *   (18 scans), those evaluations took 3.0 CPU-seconds of the browser's and the scans themselves 3.3.
 * - With frames (the embedded wallet's, cross-origin): the builder's cross-frame mode (`runPartial` in each frame, then
 *   `finishRun` in a blank page).
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
    if (page.frames().length !== 1) {
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
