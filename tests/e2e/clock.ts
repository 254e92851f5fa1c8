/**
 * The page's clock in journeys that pass a long timeout without waiting it out: Playwright's `page.clock`, installed
 * before the page opens and flowing with real time until {@link pauseAfter}.
 */
import type { Page } from '@playwright/test'
import { expect, toast } from './fixtures.ts'

/**
 * Pauses the page's clock (installed, flowing with real time until now) and moves it `ms` on. From here the page's timers
 * fire only when the test moves the clock, so a timeout's toast, which hides 2.5 s after it shows, waits for the test
 * however slow the machine. It stops 1 s ahead of the page's time (pausing needs a time to come).
 */
export async function pauseAfter(page: Page, ms: number) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
  await page.clock.fastForward(ms)
}

/**
 * Moves the page's paused clock on half a second at a time, firing every timer on the way, until the toast `title`
 * shows; fails when it has not shown after `withinMs` of the page's time. Half a second is well under the toast's 2.5 s,
 * so it cannot show and hide between two looks.
 */
export async function stepUntilToast(page: Page, title: string, withinMs: number) {
  const shown = toast(page, title)
  for (let moved = 0; !(await shown.isVisible()); moved += 500) {
    expect(moved, `"${title}" within ${withinMs} ms of the page's time`).toBeLessThan(withinMs)
    await page.clock.runFor(500)
  }
}
