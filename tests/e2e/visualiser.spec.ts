/**
 * The statechart visualiser beside the demo, in a second page of the same browser context
 * (the two talk over BroadcastChannel('latchkey-inspect')): live states while the demo is used, stepping back
 * through the history, driving the demo from the chart, bad commands refused, SVG and JSON exports, axe.
 */
import { readFile } from 'node:fs/promises'
import type { BrowserContext, Page } from '@playwright/test'
import { machineToGraph } from '../../inspect/graph.ts'
import { connectionMachine } from '../../machines/connection.ts'
import { sendMachine } from '../../machines/send.ts'
import { multiWalletMachine } from '../../machines/multiWallet.ts'
import { ACCOUNT_1, accountButton, anyDialog, API_URL, connectDevWallet, dialog, expect, expectNoAxeViolations, liveState, openConnected, test } from './fixtures.ts'
import { resumeConnected, resumeDisconnected, withSharedPage } from './sharedPage.ts'

/** Every machine of machines/ today (the visualiser finds them itself; a new one may be added to this list). */
const machineIds = ['root', 'account', 'catalogue', 'connection', 'modal', 'multiWallet', 'network', 'remoteConfig', 'router', 'send', 'siwx', 'toast', 'walletBalance', 'walletName']

/**
 * Opens the visualiser on `machine` in a new page beside the demo: a page of `from` (a browser context), or a window the
 * demo page `from` opens (a shared page's context takes no `newPage`: the page is opened as a link of the demo opens
 * it). With `linked`, waits until the demo answered.
 */
async function openVisualiser(from: BrowserContext | Page, machine?: string, { linked = true } = {}): Promise<Page> {
  const url = `/visualiser.html${machine ? `?machine=${machine}` : ''}`
  let page: Page
  if ('newPage' in from) {
    page = await from.newPage()
    await page.goto(url)
  } else {
    ;[page] = await Promise.all([from.waitForEvent('popup'), from.evaluate((href) => void window.open(href, '_blank'), url)])
  }
  if (linked) await expect(page.getByTestId('link-status')).toHaveText(/^Linked to the demo/)
  await expect(page.getByTestId('chart')).toHaveAttribute('data-machine', machine ?? 'root')
  return page
}

/** A state box of the chart. */
const state = (page: Page, id: string) => page.getByTestId('chart').locator(`[data-state-id="${id}"]`)
/** The history entries of an actor with an event type. */
const historyEntries = (page: Page, actor: string, event: string) => page.getByRole('list', { name: 'Event history' }).locator(`button[data-actor="${actor}"][data-event="${event}"]`)

// The demo page is shared (resumeDisconnected or resumeConnected at each start: no dialog, no wallet request, no toast);
// each test opens the visualiser in a page of its own beside it and closes it at its end. Connecting comes late.
test.describe('beside one demo page', () => {
  const shared = withSharedPage(test)

  shared('the demo links to the visualiser, which lists every machine with its running actors', async ({ page: demo }) => {
    await resumeDisconnected(demo)
    const link = demo.getByRole('link', { name: 'Statechart visualiser' })
    await expect(link).toHaveAttribute('target', '_blank')
    const [page] = await Promise.all([demo.context().waitForEvent('page'), link.click()])
    await expect(page.getByTestId('link-status')).toHaveText(/^Linked to the demo/)
    const machines = page.getByRole('navigation', { name: 'Machines' })
    for (const id of machineIds) await expect(machines.getByRole('button', { name: id, exact: true })).toBeVisible()
    // Several actors at once, each with its current state.
    await expect(page.getByTestId('actor-value-connection.eip155')).toHaveText('disconnected')
    await expect(page.getByTestId('actor-value-modal')).toHaveText('closed')
    await expect(page.getByTestId('actor-value-router')).toHaveText('Connect')
    // The root's two regions: the screen, and whether the features have been told of an opening (quiet while closed).
    await expect(page.getByTestId('actor-value-root')).toHaveText('{ announcing: quiet, screen: closed }')
    await page.close()
  })

  shared('events sent from the visualiser drive the demo', async ({ page: demo }) => {
    await resumeDisconnected(demo)
    const page = await openVisualiser(demo, 'root')
    const drive = page.getByRole('list', { name: 'Events accepted in this state' })
    await expect(page.getByLabel('Payload of app.open', { exact: true })).toHaveValue('{"view":"Connect"}')
    await drive.getByRole('button', { name: 'app.open', exact: true }).click()
    await expect(page.getByTestId('command-outcome')).toHaveText('Sent app.open to root')
    await expect(dialog(demo, 'Connect Wallet')).toBeVisible()

    // Another actor: the router, straight to All Wallets.
    await page.getByRole('navigation', { name: 'Machines' }).getByRole('button', { name: 'router', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Drive router' })).toBeVisible()
    await page.getByLabel('Payload of router.push', { exact: true }).fill('{ "view": "AllWallets" }')
    await drive.getByRole('button', { name: 'router.push', exact: true }).click()
    await expect(page.getByTestId('command-outcome')).toHaveText('Sent router.push to router')
    await expect(dialog(demo, 'All Wallets')).toBeVisible()
    await expect(page.getByTestId('drive-state')).toHaveText('AllWallets')
    await expect(state(page, 'router.AllWallets')).toHaveAttribute('data-active', 'true')

    // The modal actor closes the modal.
    await page.getByRole('navigation', { name: 'Machines' }).getByRole('button', { name: 'modal', exact: true }).click()
    await drive.getByRole('button', { name: 'modal.close', exact: true }).click()
    await expect(anyDialog(demo)).toHaveCount(0)
    await page.close()
  })

  shared('bad commands get a clear error in the visualiser and change nothing in the demo', async ({ page: demo }) => {
    await resumeDisconnected(demo)
    const page = await openVisualiser(demo, 'root')
    const drive = page.getByRole('list', { name: 'Events accepted in this state' })
    const payload = page.getByLabel('Payload of app.open', { exact: true })

    await payload.fill('{ "view": ')
    await drive.getByRole('button', { name: 'app.open', exact: true }).click()
    await expect(page.getByRole('alert')).toHaveText(/^Malformed JSON: /)

    await payload.fill('["Connect"]')
    await drive.getByRole('button', { name: 'app.open', exact: true }).click()
    await expect(page.getByRole('alert')).toHaveText("The payload must be a JSON object (the event's fields), got an array")

    // Commands the page's buttons cannot make, sent to the session as the buttons would: the demo refuses them.
    await page.evaluate(() => {
      const { session } = (window as unknown as { visualiser: { session: { send(e: unknown): void } } }).visualiser
      session.send({ type: 'command.send', actor: 'garage', event: { type: 'app.open' } })
    })
    await expect(page.getByRole('alert')).toHaveText('No running actor "garage" in this demo (unknown name or stopped)')
    await page.evaluate(() => {
      const { session } = (window as unknown as { visualiser: { session: { send(e: unknown): void } } }).visualiser
      session.send({ type: 'command.send', actor: 'modal', event: 'modal.open' })
    })
    await expect(page.getByRole('alert')).toHaveText('The event must be a JSON object with a string "type", got string')

    await expect(anyDialog(demo)).toHaveCount(0)
    await expect(page.getByTestId('actor-value-modal')).toHaveText('closed')
    await page.close()
  })

  shared('connecting in the demo moves the connection chart to connected; the history steps back to connecting', async ({ page: demo }) => {
    await resumeDisconnected(demo)
    const page = await openVisualiser(demo, 'connection')
    await expect(state(page, 'connection.disconnected')).toHaveAttribute('data-active', 'true')

    await connectDevWallet(demo)

    await expect(state(page, 'connection.connected')).toHaveAttribute('data-active', 'true')
    await expect(state(page, 'connection.disconnected')).toHaveAttribute('data-active', 'false')
    await expect(page.getByTestId('actor-value-connection.eip155')).toHaveText(/^connected\./)
    // The events as they happened, with the resulting state.
    const request = historyEntries(page, 'connection.eip155', 'connection.request')
    await expect(request).toHaveCount(1)
    await expect(request).toContainText('→ connecting')

    // Step back: the chart shows the state after that event, and the panel its payload.
    await request.click()
    await expect(page.getByTestId('history-mode')).toHaveText(/^At #\d+$/)
    await expect(state(page, 'connection.connecting')).toHaveAttribute('data-active', 'true')
    await expect(state(page, 'connection.connected')).toHaveAttribute('data-active', 'false')
    await expect(page.getByLabel('Event payload')).toContainText('"type": "connection.request"')
    await expect(page.getByLabel('Event payload')).toContainText('"connectorId"')

    await page.getByRole('button', { name: 'Back to live' }).click()
    await expect(page.getByTestId('history-mode')).toHaveText('Live')
    await expect(state(page, 'connection.connected')).toHaveAttribute('data-active', 'true')
    await page.close()
  })

  shared('the visualiser page has no axe violations', async ({ page: demo }) => {
    // Connected by the test before on this page (its dev wallet, dev account 0), or loaded connected.
    await resumeConnected(demo)
    const page = await openVisualiser(demo, 'connection')
    await expect(state(page, 'connection.connected')).toHaveAttribute('data-active', 'true')
    await expectNoAxeViolations(page, 'the visualiser')
  })
})

/**
 * The visualiser alone (no demo page) on `machine`: the page's first load, or the machine picked in its list on a page
 * that shows another. Either way the chart is that machine's.
 */
async function openVisualiserOn(page: Page, machine: string): Promise<void> {
  if (page.url() === 'about:blank') await page.goto(`/visualiser.html?machine=${machine}`)
  else await page.getByRole('navigation', { name: 'Machines' }).getByRole('button', { name: machine, exact: true }).click()
  await expect(page.getByTestId('chart')).toHaveAttribute('data-machine', machine)
}

// The exports share one visualiser page, each test picking its machine.
test.describe('on one visualiser page', () => {
  const shared = withSharedPage(test)

  shared('export: the SVG names every state of the machine and the JSON is the graph export', async ({ page }) => {
    // No demo page: the charts come from the machine definitions alone.
    await openVisualiserOn(page, 'send')
    await expect(state(page, 'send.flow.idle')).toBeVisible()

    const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download SVG' }).click()])
    expect(svgDownload.suggestedFilename()).toBe('send.statechart.svg')
    const svg = await readFile(await svgDownload.path(), 'utf8')
    expect(svg).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    // Self-contained: no stylesheet, no script, no external reference.
    expect(svg).not.toMatch(/<style|<script|href="http|class="/)
    // Every state's name in a <text> of its box.
    const graph = machineToGraph(sendMachine)
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml')
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        states: [...doc.querySelectorAll('[data-state-id]')].map((g) => ({ id: g.getAttribute('data-state-id')!, texts: [...g.querySelectorAll(':scope > text')].map((t) => t.textContent ?? '') })),
      }
    }, svg)
    expect(parsed.error).toBeNull()
    expect(parsed.states.map((s) => s.id).sort()).toEqual(graph.nodes.map((n) => n.id).sort())
    for (const node of graph.nodes) {
      const texts = parsed.states.find((s) => s.id === node.id)!.texts
      expect(
        texts.some((t) => t.split(' ')[0] === node.key),
        `${node.id} named in its box: ${JSON.stringify(texts)}`,
      ).toBe(true)
    }

    const [jsonDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download JSON' }).click()])
    expect(jsonDownload.suggestedFilename()).toBe('send.statechart.json')
    expect(JSON.parse(await readFile(await jsonDownload.path(), 'utf8'))).toEqual(JSON.parse(JSON.stringify(graph)))
  })

  shared('the connection chart export names every connection state', async ({ page }) => {
    await openVisualiserOn(page, 'connection')
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download SVG' }).click()])
    const svg = await readFile(await download.path(), 'utf8')
    for (const node of machineToGraph(connectionMachine).nodes) expect(svg).toContain(`>${node.key}<`)
  })
})

test('the multi-wallet chart follows the demo holding two wallets: several held, a switch in the switcher passes through switching, and the held row has its balance actor', async ({ page, context, request }) => {
  // A project of this test's own whose remote config turns multi-wallet on; the demo announces a second wallet.
  const project = 'latchkey-e2e-visualiser-multi-wallet'
  const response = await request.post(`${API_URL}/__control/features`, { data: { projectId: project, features: { multiWallet: true } } })
  expect(response.ok(), await response.text()).toBe(true)
  await openConnected(page, { path: `/?secondWallet=1&project=${project}` })
  await accountButton(page).address.click()
  await dialog(page, 'Account').getByRole('button', { name: 'Add wallet', exact: true }).click()
  await dialog(page, 'Connect Wallet').getByRole('button', { name: 'Second Dev Wallet' }).click()
  await expect(liveState(page).address).toHaveText(ACCOUNT_1)

  const chart = await openVisualiser(context, 'multiWallet')
  await expect(state(chart, 'multiWallet.list.holding.several')).toHaveAttribute('data-active', 'true')
  await expect(state(chart, 'multiWallet.restore.done')).toHaveAttribute('data-active', 'true')
  const machines = chart.getByRole('navigation', { name: 'Machines' })
  await expect(machines.getByRole('button', { name: 'multiWallet', exact: true })).toBeVisible()

  // The modal closed on the added wallet's connection: Account again, its switcher.
  await accountButton(page).address.click()
  await dialog(page, 'Account').getByRole('region', { name: 'Connected wallets' }).getByRole('button', { name: 'Switch to Latchkey Dev Wallet' }).click()
  await expect(liveState(page).address).not.toHaveText(ACCOUNT_1)
  const switched = historyEntries(chart, 'multiWallet', 'multiWallet.switch')
  await expect(switched).toHaveCount(1)
  await expect(switched).toContainText('switching')
  await expect(state(chart, 'multiWallet.list.holding.several')).toHaveAttribute('data-active', 'true')
  // Every state of the chart is drawn.
  for (const node of machineToGraph(multiWalletMachine).nodes) await expect(state(chart, node.id)).toBeAttached()
})
