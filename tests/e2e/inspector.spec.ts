/**
 * The inspector (latchkey/inspect) docked on the demo with `?latchkey-inspect`: the actors and their states, the
 * connection's chart moving to connected with its coverage, the sequence of a connect with the snapshot around an
 * event, the log's filters, an export that imports back identically; keyboard, axe, no request off loopback.
 */
import type { Page } from '@playwright/test'
import { accountButton, connectButton, connectDevWallet, dialog, expect, expectNoAxeViolations, liveState, test } from './fixtures.ts'
import { openCleanDemo } from './fixtures.ts'

/** Screenshots for a person to look at (not compared) go to SHOTS_DIR when it is set; none otherwise. */
const shots = process.env.SHOTS_DIR

const panel = (page: Page) => page.locator('latchkey-inspector').getByRole('region', { name: 'latchkey inspector' })
const tab = (page: Page, name: string) => panel(page).getByRole('tab', { name })

test('the inspector docks on the demo, follows a connect in every view, and its export imports back identically', async ({ page }) => {
  const offLoopback: string[] = []
  page.on('request', (request) => {
    const host = new URL(request.url()).hostname
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(host) && !request.url().startsWith('data:') && !request.url().startsWith('blob:')) offLoopback.push(request.url())
  })
  await openCleanDemo(page, '/?latchkey-inspect')
  await expect(panel(page)).toBeVisible()
  await expect(panel(page).getByRole('list', { name: 'Actors' }).getByRole('button', { name: /^root/ })).toBeVisible()
  await connectDevWallet(page)

  // Actors: the connection's actor is connected.
  const connection = panel(page)
    .getByRole('list', { name: 'Actors' })
    .getByRole('button', { name: /^connection\.eip155/ })
  await expect(connection).toContainText('connected')
  await connection.click()

  // Chart: the connection machine, connected active, coverage counted; unvisited states drawn apart.
  await tab(page, 'Chart').click()
  const chart = panel(page).locator('svg[data-machine="connection"], svg').first()
  await expect(panel(page).locator('[data-state-id="connection.connected"]')).toHaveAttribute('data-active', 'true')
  await expect(panel(page).getByTestId('lki-coverage')).toHaveText(/Coverage: \d+\/\d+ states, \d+\/\d+ transitions/)
  await expect(panel(page).locator('[data-state-id="connection.disconnected"]')).not.toHaveAttribute('data-visited', 'false')
  expect(await panel(page).locator('[data-visited="false"]').count()).toBeGreaterThan(0)
  await expect(chart).toBeVisible()

  // Sequence: the connect's request event; picking it shows the snapshot before and after.
  await tab(page, 'Sequence').click()
  const request = panel(page)
    .getByRole('list', { name: 'Events in time order' })
    .getByRole('button', { name: /connection\.request$/ })
    .first()
  await request.click()
  const around = panel(page).getByRole('region', { name: 'Snapshot before and after' })
  await expect(around).toContainText('"disconnected"')
  await expect(around).toContainText('connecting')

  // Log: filtered to errors only there are none; by event type the request.
  await tab(page, 'Log').click()
  await panel(page).getByLabel('Event type').fill('connection.request')
  await expect(panel(page).getByRole('list', { name: 'Log' }).getByRole('listitem').first()).toContainText('connection.request')
  await panel(page).getByLabel('Errors only').check()
  await expect(panel(page).getByRole('list', { name: 'Log' }).getByRole('listitem')).toHaveCount(0)

  // Keyboard: the tabs move with the arrow keys.
  await tab(page, 'Log').focus()
  await page.keyboard.press('ArrowRight')
  await expect(tab(page, 'Export / Import')).toBeFocused()
  await expect(tab(page, 'Export / Import')).toHaveAttribute('aria-selected', 'true')
  await expectNoAxeViolations(page, 'the inspector')

  // Export, then import the file: the same session, drawn without the page.
  const download = page.waitForEvent('download')
  await panel(page).getByRole('button', { name: 'Download session (JSON)' }).click()
  const file = await (await download).path()
  await panel(page).getByLabel('Open a session file').setInputFiles(file)
  await expect(panel(page)).toContainText('Showing an imported session')
  const { exported, imported } = await page.evaluate(() => {
    const inspector = (window as unknown as { latchkeyInspector: { exportSession(): unknown; importSession(json: unknown): unknown } }).latchkeyInspector
    const exported = JSON.parse(JSON.stringify(inspector.exportSession()))
    return { exported, imported: inspector.importSession(JSON.stringify(exported)) }
  })
  expect(imported).toEqual(exported)
  expect(JSON.parse(await (await import('node:fs/promises')).readFile(file, 'utf8'))).toMatchObject({ format: 'latchkey-inspect', version: 1 })
  expect(offLoopback).toEqual([])
})

test('without ?latchkey-inspect the demo loads no inspector', async ({ page }) => {
  await openCleanDemo(page, '/')
  await expect(page.locator('#connect, body').first()).toBeVisible()
  await expect(page.locator('latchkey-inspector')).toHaveCount(0)
})

test("the drawings read: the root's chart opens at a readable scale and pans and zooms, the sequence's arrows have heads and its lifelines whole names", async ({ page }) => {
  await openCleanDemo(page, '/?latchkey-inspect')
  await connectDevWallet(page)

  // Sequence: every message an arrow with a head; no actor named by XState's made-up id (0.root); each name fits its lane.
  await tab(page, 'Sequence').click()
  const drawing = panel(page).getByRole('img', { name: 'Sequence of events between actors' })
  await expect(drawing).toBeVisible()
  await expect(drawing.locator('[data-arrow]')).not.toHaveCount(0)
  const arrows = await drawing.locator('[data-arrow]').evaluateAll((paths) => paths.map((p) => p.getAttribute('marker-end')))
  expect(arrows.length).toBeGreaterThan(5)
  expect(arrows.every((m) => m?.startsWith('url(#lki-seq-head'))).toBe(true)
  const names = await drawing.locator('[data-lifeline]').evaluateAll((lanes) => lanes.map((g) => g.getAttribute('data-lifeline') ?? ''))
  expect(names).toContain('watchConnectors')
  expect(names.filter((n) => /^\d+\.|^x:\d/.test(n))).toEqual([])
  const overlaps = await drawing.locator('[data-lifeline] text').evaluateAll((texts) => {
    const boxes = texts.map((t) => (t as SVGTextElement).getBBox())
    return boxes.slice(1).filter((b, i) => b.x < boxes[i]!.x + boxes[i]!.width).length
  })
  expect(overlaps).toBe(0)

  // The root's chart: drawn at 0.8 or more from its top, not shrunk whole; the keyboard pans and zooms it, 0 fits it whole.
  await tab(page, 'Actors').click()
  await panel(page).getByRole('list', { name: 'Actors' }).getByRole('button', { name: /^root/ }).click()
  await tab(page, 'Chart').click()
  const chart = panel(page).getByTestId('chart')
  await expect(chart).toHaveAttribute('data-machine', 'root')
  // Its width's fit at 1280 px (0.8 at least): its top in the frame, the rest below to be panned to.
  const scale = async () => Number(await chart.getAttribute('data-scale'))
  await expect.poll(scale).toBeGreaterThanOrEqual(0.8)
  const opening = await scale()
  const [frame, drawn] = [await chart.boundingBox(), await chart.locator('[data-chart-content]').boundingBox()]
  expect(drawn!.height).toBeGreaterThan(frame!.height)
  const shift = () => chart.locator(':scope > g').getAttribute('transform')
  const before = await shift()
  await chart.focus()
  await page.keyboard.press('ArrowDown')
  await expect.poll(shift).not.toBe(before)
  await page.keyboard.press('+')
  await expect.poll(scale).toBeCloseTo(opening * 1.25, 1)
  await page.keyboard.press('0')
  await expect.poll(scale).toBeLessThan(0.5)
  await panel(page).getByRole('button', { name: 'Readable size' }).click()
  await expect.poll(scale).toBeCloseTo(opening, 2)
  await panel(page).getByRole('button', { name: 'Zoom out' }).click()
  await expect.poll(scale).toBeCloseTo(opening * 0.8, 1)
  await expectNoAxeViolations(page, "the inspector's root chart")
})

test('the panel is drawn as the modal is (its theme mode, then setThemeMode), and on a phone its bar is one row whose tabs scroll', async ({ page }) => {
  const background = () => panel(page).evaluate((el) => getComputedStyle(el).backgroundColor)
  await openCleanDemo(page, '/?latchkey-inspect&theme=dark')
  await expect(panel(page)).toHaveAttribute('data-theme', 'dark')
  expect(await background()).toBe('rgb(22, 24, 29)')
  await connectDevWallet(page)
  await tab(page, 'Chart').click()
  await expect(panel(page).getByTestId('chart')).toBeVisible()
  // The chart is drawn dark too (not a white sheet in a dark panel).
  expect(
    await panel(page)
      .getByTestId('chart')
      .evaluate((el) => getComputedStyle(el).backgroundColor),
  ).toBe('rgb(22, 24, 29)')
  if (shots) await page.screenshot({ path: `${shots}/inspector-dark-desktop.png` })

  await page.evaluate(() => (window as unknown as { latchkey: { setThemeMode(mode: 'light' | 'dark'): void } }).latchkey.setThemeMode('light'))
  await expect(panel(page)).toHaveAttribute('data-theme', 'light')
  expect(await background()).toBe('rgb(255, 255, 255)')
  expect(
    await panel(page)
      .getByTestId('chart')
      .evaluate((el) => getComputedStyle(el).backgroundColor),
  ).toBe('rgb(255, 255, 255)')
  if (shots) await page.screenshot({ path: `${shots}/inspector-light-desktop.png` })

  // A 390 px phone: the title, the tabs and the three buttons share one row.
  await page.setViewportSize({ width: 390, height: 844 })
  const bar = panel(page).locator('.lki-bar')
  const rowTops = async () => {
    const boxes = await Promise.all(
      [panel(page).getByRole('tablist'), panel(page).getByRole('button', { name: 'Pause' }), panel(page).getByRole('button', { name: 'Collapse' }), panel(page).getByRole('button', { name: 'Close' })].map((l) =>
        l.boundingBox(),
      ),
    )
    return boxes.map((b) => Math.round(b!.y + b!.height / 2))
  }
  const centres = await rowTops()
  expect(Math.max(...centres) - Math.min(...centres)).toBeLessThanOrEqual(2)
  expect((await bar.boundingBox())!.height).toBeLessThan(48)
  // The tabs overflow their row and scroll; the last one, reached by End, is scrolled into sight.
  const list = panel(page).getByRole('tablist')
  expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
  await tab(page, 'Chart').focus()
  await page.keyboard.press('End')
  await expect(tab(page, 'Export / Import')).toBeFocused()
  await expect(tab(page, 'Export / Import')).toHaveAttribute('aria-selected', 'true')
  const [listBox, lastBox] = [await list.boundingBox(), await tab(page, 'Export / Import').boundingBox()]
  expect(lastBox!.x + lastBox!.width).toBeLessThanOrEqual(listBox!.x + listBox!.width + 1)
  await page.keyboard.press('Home')
  await expect(tab(page, 'Actors')).toHaveAttribute('aria-selected', 'true')
  expect(await list.evaluate((el) => el.scrollLeft)).toBe(0)
  if (shots) await page.screenshot({ path: `${shots}/inspector-light-phone.png` })
  await expectNoAxeViolations(page, 'the inspector on a phone, light')
  await page.evaluate(() => (window as unknown as { latchkey: { setThemeMode(mode: 'light' | 'dark'): void } }).latchkey.setThemeMode('dark'))
  await expect(panel(page)).toHaveAttribute('data-theme', 'dark')
  await tab(page, 'Chart').click()
  await expect(panel(page).getByTestId('chart')).toBeVisible()
  if (shots) await page.screenshot({ path: `${shots}/inspector-dark-phone.png` })
  await expectNoAxeViolations(page, 'the inspector on a phone, dark')
})

/** Downloads the inspector's session (Export / Import → Download session (JSON)); the file's path. */
async function downloadSession(page: Page): Promise<string> {
  await tab(page, 'Export / Import').click()
  const download = page.waitForEvent('download')
  await panel(page).getByRole('button', { name: 'Download session (JSON)' }).click()
  return (await download).path()
}

/** A fresh demo page (storage cleared: not connected, the wallet not authorised) with the session `file` opened in the inspector. */
async function openOnFreshPage(page: Page, file: string): Promise<void> {
  await page.evaluate(() => localStorage.clear())
  await openCleanDemo(page, '/?latchkey-inspect')
  await tab(page, 'Export / Import').click()
  await panel(page).getByLabel('Open a session file').setInputFiles(file)
}

test("an exported session replays step by step on a fresh page: the chart and the sequence follow the step, and the page's modal gets none of its events", async ({ page }) => {
  await openCleanDemo(page, '/?latchkey-inspect')
  await connectDevWallet(page)
  const file = await downloadSession(page)

  // A fresh page, not connected: the file is opened and replayed.
  await openOnFreshPage(page, file)
  await panel(page).getByRole('button', { name: 'Replay step by step' }).click()
  const replay = panel(page).getByRole('toolbar', { name: 'Replay' })
  await expect(replay).toContainText(/Step 1 of \d+/)
  await expect(replay.getByRole('button', { name: 'First step' })).toBeDisabled()

  // The connection's chart at the request: connecting; at the last step: connected.
  await tab(page, 'Actors').click()
  await panel(page)
    .getByRole('list', { name: 'Actors' })
    .getByRole('button', { name: /^connection\.eip155/ })
    .click()
  await tab(page, 'Sequence').click()
  const request = panel(page)
    .getByRole('list', { name: 'Events in time order' })
    .getByRole('button', { name: /connection\.request$/ })
    .first()
  await request.click()
  await expect(replay).toContainText('connection.request')
  await expect(request).toHaveAttribute('aria-pressed', 'true')
  await expect(panel(page).getByRole('region', { name: 'Snapshot before and after' })).toContainText('connecting')
  await tab(page, 'Chart').click()
  await expect(panel(page).locator('[data-state-id="connection.connecting"]')).toHaveAttribute('data-active', 'true')
  await replay.getByRole('button', { name: 'Last step' }).click()
  await expect(replay.getByRole('button', { name: 'Next step' })).toBeDisabled()
  await expect(panel(page).locator('[data-state-id="connection.connected"]')).toHaveAttribute('data-active', 'true')
  // The slider and the keys move it too.
  await replay.getByRole('slider', { name: 'Step' }).fill('0')
  await expect(replay).toContainText(/Step 1 of/)
  await replay.getByRole('slider', { name: 'Step' }).press('ArrowRight')
  await expect(replay).toContainText(/Step 2 of/)
  await replay.getByRole('button', { name: 'Next step' }).click()
  await expect(replay).toContainText(/Step 3 of/)
  await replay.getByRole('button', { name: 'Previous step' }).click()
  await expect(replay).toContainText(/Step 2 of/)
  await expectNoAxeViolations(page, 'the inspector replaying')

  // The page's own modal heard none of it: still disconnected, and the live recording holds no connect.
  await expect(liveState(page).status).toHaveText('disconnected')
  const liveTypes = await page.evaluate(() =>
    (window as unknown as { latchkeyInspector: { exportSession(): { entries: Array<{ kind: string; event?: { type: string } }> } } }).latchkeyInspector
      .exportSession()
      .entries.flatMap((e) => (e.kind === 'event' && e.event ? [e.event.type] : [])),
  )
  expect(liveTypes.filter((t) => t.startsWith('connection.'))).toEqual([])
  await replay.getByRole('button', { name: 'Stop replay' }).click()
  await expect(replay).toHaveCount(0)
})

/** The last recorded state value of each named machine actor of a session (root, router, connection.eip155, …). */
function lastStates(
  session: { actors: Array<{ sessionId: string; name: string; machineId: string | null }>; entries: Array<{ kind: string; actor: string; value?: unknown; source?: string | null; event?: { type: string } }> },
  names: string[],
) {
  const byId = new Map(session.actors.map((a) => [a.sessionId, a.name]))
  const out: Record<string, unknown> = {}
  for (const e of session.entries) if (e.kind === 'snapshot' && names.includes(byId.get(e.actor) ?? '')) out[byId.get(e.actor)!] = e.value
  return out
}
type Exported = Parameters<typeof lastStates>[0]
const exportLive = (page: Page) => page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as { latchkeyInspector: { exportSession(): unknown } }).latchkeyInspector.exportSession())) as Exported)

test('a recorded connect and Account, replayed on a fresh page against the dev wallet, ends in the same states; a step for an actor the page does not run is waited for, said, then stops the replay and sends nothing more', async ({
  page,
}) => {
  // Record: connect the dev wallet (its prompt approved in its panel), then open Account.
  await openCleanDemo(page, '/?latchkey-inspect')
  await connectDevWallet(page)
  await accountButton(page).address.click()
  await expect(dialog(page, 'Account')).toBeVisible()
  const names = ['router', 'modal', 'connection.eip155']
  // Recorded once the modal's content is loaded: a moment earlier its content region is still 'loading' (the view's
  // chunk on its way), which the replay passes through rather than ends in.
  await expect.poll(async () => (lastStates(await exportLive(page), ['modal']).modal as { open?: { content?: string } } | undefined)?.open?.content).toBe('ready')
  const recorded = lastStates(await exportLive(page), names)
  expect(recorded['connection.eip155']).toBeTruthy()
  const file = await downloadSession(page)

  // A fresh page: not connected, the wallet not authorised. The file's path is sent to this page's actors.
  await openOnFreshPage(page, file)
  await panel(page).getByRole('button', { name: 'Replay on this page' }).click()
  const live = panel(page).getByRole('toolbar', { name: 'Live replay' })
  await expect(live.getByTestId('lki-live-status')).toContainText(/^0 of \d+ steps sent; next: /)
  // One step by hand, then the rest at the recording's pace.
  await live.getByRole('button', { name: 'Send next step' }).click()
  await expect(live.getByTestId('lki-live-status')).toContainText(/^1 of \d+ steps sent/)
  await live.getByRole('button', { name: 'Run to the end' }).click()
  await expect(live.getByTestId('lki-live-status')).toContainText(/^All \d+ steps sent$/, { timeout: 45_000 })
  await expect(liveState(page).status).toHaveText('connected')
  await expect(dialog(page, 'Account')).toBeVisible()
  await expect.poll(async () => lastStates(await exportLive(page), names)).toEqual(recorded)
  await expectNoAxeViolations(page, 'the inspector replaying live')
  await live.getByRole('button', { name: 'End live replay' }).click()
  await expect(live).toHaveCount(0)

  // The same file with a step for an actor this page never runs put second: the first is sent, the second waits for its
  // actor (the bar says so) until the page has been quiet for the wait's limit, then stops the replay: no connect.
  const session = JSON.parse(await (await import('node:fs/promises')).readFile(file, 'utf8')) as Exported
  // An actor as the recording keeps one (the root's fields), under a name no actor of the demo has.
  session.actors.push({ ...session.actors.find((a) => a.name === 'root')!, sessionId: 'x:nowhere', name: 'nowhere' })
  const outside = session.entries.flatMap((e, i) => (e.kind === 'event' && e.source === null && !e.event!.type.startsWith('xstate.') ? [i] : []))
  session.entries.splice(outside[1]!, 0, { seq: 999_999, at: 0, kind: 'event', actor: 'x:nowhere', source: null, event: { type: 'app.unheardOf' } } as Exported['entries'][number])
  await page.evaluate(() => localStorage.clear())
  await openCleanDemo(page, '/?latchkey-inspect')
  await page.evaluate((json) => (window as unknown as { latchkeyInspector: { importSession(json: unknown): unknown } }).latchkeyInspector.importSession(json), JSON.stringify(session))
  await tab(page, 'Export / Import').click()
  await panel(page).getByRole('button', { name: 'Replay on this page' }).click()
  await live.getByRole('button', { name: 'Run to the end' }).click()
  await expect(live.getByTestId('lki-live-waiting')).toHaveText(/^Waiting for nowhere to appear on the page/)
  if (shots) await panel(page).screenshot({ path: `${shots}/live-replay-waiting.png` })
  await expect(live.getByRole('alert')).toHaveText('Step 2 (nowhere: app.unheardOf): no actor named nowhere on this page. The replay stopped; nothing more was sent.')
  await expect(live.getByTestId('lki-live-waiting')).toHaveCount(0)
  await expect(live.getByTestId('lki-live-status')).toHaveText(/^Stopped after 1 of \d+ steps$/)
  await expect(live.getByRole('button', { name: 'Send next step' })).toBeDisabled()
  const heard = (await exportLive(page)).entries.flatMap((e) => (e.kind === 'event' ? [e.event!.type] : []))
  expect(heard).not.toContain('app.unheardOf')
  expect(heard.filter((t) => t === 'connection.request')).toEqual([])
  await expect(liveState(page).status).toHaveText('disconnected')
})

test('the panel stays usable while the modal is open: its tabs take clicks and it shows the open view, the modal stays open', async ({ page }) => {
  await openCleanDemo(page, '/?latchkey-inspect')
  await connectButton(page).click()
  await expect(dialog(page, 'Connect Wallet')).toBeVisible()
  await expect(page.locator('latchkey-inspector')).not.toHaveAttribute('inert')
  await tab(page, 'Log').click()
  await expect(tab(page, 'Log')).toHaveAttribute('aria-selected', 'true')
  await panel(page).getByLabel('Event type').fill('modal.open')
  await expect(panel(page).getByRole('list', { name: 'Log' }).getByRole('listitem').first()).toContainText('modal.open')
  await expect(dialog(page, 'Connect Wallet')).toBeVisible()
})
