/**
 * Conditions the specs wait for instead of fixed sleeps: the modal's dialog at rest (its height transition, the sheet's
 * entrance and the view's arrivals over), and a barrier after which every request the page had started is known to
 * the test.
 */
import { expect, type Page } from '@playwright/test'

/** How many consecutive animation frames the dialog's box must keep to count as at rest. */
const STILL_FRAMES = 5

/**
 * Waits until the page is at rest: no finite animation or transition is running (looking into the modal's open shadow
 * root; an endless spinner does not count), and the open dialog's box (if a dialog is open) stays the same for
 * {@link STILL_FRAMES} consecutive animation frames. Frames, not milliseconds: it waits exactly as long as the motion
 * lasts.
 *
 * @throws (fails the test) when the page does not come to rest within the expect timeout.
 */
export async function untilSettled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          (frames) =>
            new Promise<boolean>((resolve) => {
              const host = document.querySelector('[data-testid="latchkey-modal"]')
              const dlg = host?.shadowRoot?.querySelector('[role="dialog"]') ?? null
              const box = () => {
                const r = dlg?.getBoundingClientRect()
                return r ? `${r.x},${r.y},${r.width},${r.height}` : ''
              }
              const moving = () => [...document.getAnimations(), ...(host?.shadowRoot?.getAnimations() ?? [])].some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity)
              const first = box()
              let seen = 0
              const tick = () => {
                if (box() !== first) return resolve(false)
                if (++seen >= frames) return resolve(!moving())
                requestAnimationFrame(tick)
              }
              requestAnimationFrame(tick)
            }),
          STILL_FRAMES,
        ),
      { message: 'the page comes to rest (no running animation, the dialog box unchanged over a few frames)' },
    )
    .toBe(true)
}

/**
 * A barrier for "nothing was requested": lets the page render and run its effects (two animation frames), then sends a
 * marker request from the page and waits for Playwright to report it. Request events arrive in the order the page
 * made them, so once the marker is seen every request the page had started before it has been reported too.
 *
 * @param url a URL the page may fetch (its answer does not matter), e.g. the reference API's `/health`.
 */
export async function requestsFlushed(page: Page, url: string): Promise<void> {
  const marker = `${url}${url.includes('?') ? '&' : '?'}barrier=${Date.now()}-${Math.random().toString(36).slice(2)}`
  const seen = page.waitForRequest(marker)
  await page.evaluate(
    (target) =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            void fetch(target, { mode: 'no-cors' }).catch(() => undefined)
            resolve()
          }),
        ),
      ),
    marker,
  )
  await seen
}
