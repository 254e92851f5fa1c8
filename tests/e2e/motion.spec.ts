/**
 * Motion (spec §2): the modal's height follows its view with a 150 ms transition instead of a jump, the header's
 * title text fades in over 120 ms when it changes (`timing.headerTextTransition`),
 * `prefers-reduced-motion` turns it off, nothing under the pointer moves when the Account's tabs switch, and focus on
 * arrival is quiet (no ring around the whole dialog; All Wallets focuses its search field).
 */
import type { Page } from '@playwright/test'
import { timing } from '../../machines/timing.ts'
import { accountButton, dialog, expect, openConnectDialog, rejectWalletRequest, test, walletRequests } from './fixtures.ts'
import { resumeDisconnected, withSharedPage } from './sharedPage.ts'
import { untilSettled } from './settle.ts'

// Motion is the subject: these pages do not prefer reduced motion (the suite's pages do, playwright.config.ts).
test.use({ reducedMotion: 'no-preference' })

/** The dialog's height at each animation frame for `frames` frames, starting now. */
function dialogHeights(page: Page, frames: number): Promise<number[]> {
  return page.evaluate(
    (count) =>
      new Promise<number[]>((resolve) => {
        const host = document.querySelector('[data-testid="latchkey-modal"]')
        const dlg = host?.shadowRoot?.querySelector('[role="dialog"]') as HTMLElement | null
        const heights: number[] = []
        const tick = () => {
          heights.push(dlg ? Math.round(dlg.getBoundingClientRect().height) : -1)
          if (heights.length >= count) resolve(heights)
          else requestAnimationFrame(tick)
        }
        tick()
      }),
    frames,
  )
}

/**
 * Clicks a control inside the modal from the page (no Playwright waits between the click and the frames measured).
 * CSS animations and transitions play at a tenth of their speed meanwhile (DevTools' `Animation.setPlaybackRate`): the
 * 150 ms height transition then lasts 1.5 s, so frames of a busy machine (a frame can take longer than 150 ms there)
 * still land inside it; a jump stays a jump at any rate.
 */
async function clickThenMeasure(page: Page, name: string, frames: number): Promise<number[]> {
  const devtools = await page.context().newCDPSession(page)
  await devtools.send('Animation.enable')
  await devtools.send('Animation.setPlaybackRate', { playbackRate: 0.1 })
  const before = await dialogHeights(page, 1)
  const heights = await page.evaluate(
    ({ label, count }) =>
      new Promise<number[]>((resolve) => {
        const host = document.querySelector('[data-testid="latchkey-modal"]')
        const root = host?.shadowRoot
        const dlg = root?.querySelector('[role="dialog"]') as HTMLElement | null
        const target = [...(root?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim().startsWith(label))
        if (!target || !dlg) return resolve([])
        target.click()
        const heights: number[] = []
        const tick = () => {
          heights.push(Math.round(dlg.getBoundingClientRect().height))
          if (heights.length >= count) resolve(heights)
          else requestAnimationFrame(tick)
        }
        requestAnimationFrame(tick)
      }),
    { label: name, count: frames },
  )
  await devtools.send('Animation.setPlaybackRate', { playbackRate: 1 })
  await devtools.detach()
  return [before[0]!, ...heights]
}

test('the dialog keeps its top edge when its height changes: rows above a change never move under the pointer', async ({ demo: page }) => {
  await openConnectDialog(page)
  const connect = dialog(page, 'Connect Wallet')
  const before = await connect.boundingBox()
  // The directory's wallets arrive (the list grows), then a much shorter view.
  await expect(connect.getByRole('button', { name: 'All Wallets' })).toBeVisible()
  await untilSettled(page)
  expect((await connect.boundingBox())!.y).toBeCloseTo(before!.y, 0)
  await connect.getByRole('button', { name: 'Latchkey Dev Wallet', exact: true }).click()
  const connecting = dialog(page, 'Connecting')
  await expect(connecting).toBeVisible()
  await untilSettled(page)
  expect((await connecting.boundingBox())!.y).toBeCloseTo(before!.y, 0)
})

test('switching the Account tabs leaves the tab bar where it was (nothing moves under the pointer)', async ({ page, connectedPage }) => {
  await connectedPage()
  await accountButton(page).address.click()
  const account = dialog(page, 'Account')
  await expect(account).toBeVisible()
  const tokens = account.getByRole('tab', { name: 'Tokens' })
  await expect(account.getByRole('tabpanel'))
    .toHaveAttribute('aria-busy', /.*/, { timeout: 100 })
    .catch(() => undefined)
  await expect(account.getByRole('tabpanel')).not.toHaveAttribute('aria-busy', 'true')
  await untilSettled(page)
  // What stands above the tab bar, with heights: a failure says which part moved it.
  const layout = () =>
    page.evaluate(() => {
      const view = document.querySelector('[data-testid="latchkey-modal"]')?.shadowRoot?.querySelector('[role="dialog"] .lk-center')
      const dialog = document.querySelector('[data-testid="latchkey-modal"]')?.shadowRoot?.querySelector<HTMLElement>('[role="dialog"]')
      // The dialog's own box and every scrolled box inside it: a bar that moves with the same heights above it moved with these.
      const scrolled = [...(dialog?.querySelectorAll<HTMLElement>('*') ?? [])].filter((e) => e.scrollTop > 0).map((e) => `${e.className || e.tagName} scrollTop ${e.scrollTop}`)
      const box = dialog?.getBoundingClientRect()
      const parts = [...(view?.children ?? [])].map((e) => `${e.tagName.toLowerCase()}.${e.className || '-'} ${Math.round(e.getBoundingClientRect().height)}px`)
      return [...parts, `dialog top ${Math.round(box?.top ?? -1)} height ${Math.round(box?.height ?? -1)}`, ...scrolled].join(', ')
    })
  const before = await tokens.boundingBox()
  const layoutBefore = await layout()
  for (const name of ['NFTs', 'Activity', 'Tokens']) {
    await account.getByRole('tab', { name }).click()
    await expect(account.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true')
    await expect(account.getByRole('tabpanel')).not.toHaveAttribute('aria-busy', 'true')
    await untilSettled(page)
    const after = await tokens.boundingBox()
    expect(Math.abs(after!.y - before!.y), `tab bar moved after ${name}\nbefore: ${layoutBefore}\nafter: ${await layout()}`).toBeLessThanOrEqual(1)
  }
})

/**
 * The motion of the header's title, the sizer (the modal's height) and the view body, as the page computes it: the
 * title's text, whether it is another element than the one {@link markTitle} marked (a changed title is a new element,
 * so its fade plays again), its animation's name and duration, the sizer's transition and the body's animation.
 */
function headerMotion(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('[data-testid="latchkey-modal"]')?.shadowRoot
    const title = root?.querySelector<HTMLElement>('[role="dialog"] .lk-title')
    const sizer = root?.querySelector<HTMLElement>('[data-testid="modal-sizer"]')
    const body = root?.querySelector<HTMLElement>('[role="dialog"] .lk-body')
    if (!title || !sizer || !body) return undefined
    const t = getComputedStyle(title)
    const z = getComputedStyle(sizer)
    return {
      text: title.textContent,
      fresh: title.dataset.seen !== 'true',
      title: `${t.animationName} ${t.animationDuration}`,
      sizer: `${z.transitionProperty} ${z.transitionDuration}`,
      body: getComputedStyle(body).animationDuration,
    }
  })
}

/** Marks the header's current title element (see {@link headerMotion}'s `fresh`). */
function markTitle(page: Page) {
  return page.evaluate(() => {
    const title = document.querySelector('[data-testid="latchkey-modal"]')?.shadowRoot?.querySelector<HTMLElement>('[role="dialog"] .lk-title')
    if (title) title.dataset.seen = 'true'
  })
}

const seconds = (ms: number) => `${ms / 1000}s`

// The tests of one opening of the modal (its height, its title's fade, its focus on arrival) share one clean demo page
// (resumeDisconnected: no dialog, no wallet request, no toast, disconnected at each start), each setting the motion it
// needs. The top edge's test keeps a page of its own: its subject is the first opening, as the directory's wallets arrive.
test.describe('on one disconnected page', () => {
  const shared = withSharedPage(test)

  shared('the modal height moves through in-between heights when the view changes, then settles', async ({ page }) => {
    await resumeDisconnected(page)
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    await openConnectDialog(page)
    const connect = dialog(page, 'Connect Wallet')
    await expect(connect.getByRole('button', { name: 'All Wallets' })).toBeVisible()
    // Let the opening settle (its list may still grow as wallets arrive).
    await untilSettled(page)
    // Connect (a list of wallets) → Connecting (one wallet's icon and a line): a much shorter view.
    const heights = await clickThenMeasure(page, 'Latchkey Dev Wallet', 40)
    await expect(dialog(page, 'Connecting')).toBeVisible()
    const start = heights[0]!
    const end = heights[heights.length - 1]!
    expect(Math.abs(end - start), `heights ${heights.join(',')}`).toBeGreaterThan(20)
    const between = heights.filter((h) => (h - start) * (end - h) > 0 && Math.abs(h - start) > 2 && Math.abs(end - h) > 2)
    expect(between.length, `in-between heights among ${heights.join(',')}`).toBeGreaterThan(0)
    // Leaves the page as the next test needs it: the wallet's request answered.
    await rejectWalletRequest(page, 'Connect to this site?')
    await expect(walletRequests(page)).toHaveCount(0)
  })

  shared('with prefers-reduced-motion the height changes in one step', async ({ page }) => {
    await resumeDisconnected(page)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await openConnectDialog(page)
    await expect(dialog(page, 'Connect Wallet').getByRole('button', { name: 'All Wallets' })).toBeVisible()
    await untilSettled(page)
    const heights = await clickThenMeasure(page, 'Latchkey Dev Wallet', 20)
    await expect(dialog(page, 'Connecting')).toBeVisible()
    const start = heights[0]!
    const end = heights[heights.length - 1]!
    expect(Math.abs(end - start)).toBeGreaterThan(20)
    // Only the view's own arrival (its chunk, its list) may take frames: no height between two steady values for long.
    const distinct = [...new Set(heights)]
    const transitional = distinct.filter((h) => h !== start && h !== end)
    expect(transitional.length, `heights ${heights.join(',')}`).toBeLessThanOrEqual(2)
    // Leaves the page as the next test needs it: the wallet's request answered.
    await rejectWalletRequest(page, 'Connect to this site?')
    await expect(walletRequests(page)).toHaveCount(0)
  })

  shared('opened from the keyboard, the dialog draws no focus ring around itself; All Wallets focuses its search field', async ({ page }) => {
    await resumeDisconnected(page)
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    await page.getByRole('button', { name: 'Connect Wallet', exact: true }).focus()
    await page.keyboard.press('Enter')
    const connect = dialog(page, 'Connect Wallet')
    await expect(connect).toBeVisible()
    const outline = await page.evaluate(() => {
      const dlg = document.querySelector('[data-testid="latchkey-modal"]')?.shadowRoot?.querySelector('[role="dialog"]') as HTMLElement
      return getComputedStyle(dlg).outlineStyle
    })
    expect(outline).toBe('none')
    await connect.getByRole('button', { name: 'All Wallets' }).click()
    const all = dialog(page, 'All Wallets')
    await expect(all.getByRole('searchbox', { name: 'Search wallet' })).toBeFocused()
  })

  shared('the header title text fades in over 120 ms (timing.headerTextTransition) each time it changes; height and view move over 150 ms', async ({ page }) => {
    await resumeDisconnected(page)
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    expect(timing.headerTextTransition).toBe(120)
    expect(timing.viewTransition).toBe(150)
    await openConnectDialog(page)
    const connect = dialog(page, 'Connect Wallet')
    await expect(connect.getByRole('button', { name: 'All Wallets' })).toBeVisible()
    await untilSettled(page)
    const titleFade = `lk-fade ${seconds(timing.headerTextTransition)}`
    expect(await headerMotion(page)).toEqual({ text: 'Connect Wallet', fresh: true, title: titleFade, sizer: `height ${seconds(timing.viewTransition)}`, body: seconds(timing.viewTransition) })
    await markTitle(page)
    await connect.getByRole('button', { name: 'All Wallets' }).click()
    const all = dialog(page, 'All Wallets')
    await expect(all).toBeVisible()
    expect(await headerMotion(page)).toMatchObject({ text: 'All Wallets', fresh: true, title: titleFade })
    await markTitle(page)
    // The same title (a list arriving, a search typed) is the same element: nothing replays.
    await all.getByRole('searchbox', { name: 'Search wallet' }).fill('dev')
    await untilSettled(page)
    expect(await headerMotion(page)).toMatchObject({ text: 'All Wallets', fresh: false })
  })

  shared('with prefers-reduced-motion the header title, the height and the view do not animate', async ({ page }) => {
    await resumeDisconnected(page)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await openConnectDialog(page)
    await expect(dialog(page, 'Connect Wallet').getByRole('button', { name: 'All Wallets' })).toBeVisible()
    await untilSettled(page)
    expect(await headerMotion(page)).toMatchObject({ text: 'Connect Wallet', title: 'none 0s', body: '0s' })
    expect((await headerMotion(page))?.sizer).toMatch(/ 0s$/)
  })
})
