import type { Browser, BrowserContext, Page } from 'playwright'
import { TIMEOUT_MS, trackNetwork } from './browser.ts'
import type { StaticServer } from './serve.ts'
import { TestFailure } from '../harness/failures.ts'

/** Rows the AllWallets list must hold to count as "the first 40 wallets" (one page of the catalogue). */
export const FIRST_PAGE_ROWS = 40
/** The keystroke timed in the search box: one character that narrows the catalogue. */
export const SEARCH_KEY = 'm'

/** One AllWallets run, in milliseconds. */
export type AllWalletsTiming = {
  /** Click on 'All Wallets' → the list holds ≥ 40 wallets with its rows in the DOM, + one animation frame. */
  open: number
  /** The same after Back, in the same page: the AllWallets chunk is loaded already (no skeleton). */
  reopen: number
  /** Keydown of {@link SEARCH_KEY} in the empty search box → every rendered row matches it, + one animation frame. */
  keystroke: number
  /** Rows of the list before and after the keystroke (aria-setsize), to show that it narrowed. */
  rowsBefore: number
  rowsAfter: number
}

/** A page kept open for repeated AllWallets runs; see {@link openAllWalletsBench}. */
export type AllWalletsBenchPage = {
  measure(): Promise<AllWalletsTiming>
  close(): Promise<void>
}

/**
 * The in-page probes, installed before the page's modules run (`addInitScript`). A string, not a function:
 * tsx compiles this file with keepNames, whose helpers do not exist in the page.
 *
 * - `__benchArmAllWallets(minRows)`: the next click whose composed path holds the button named 'All Wallets'
 *   marks the start; every animation frame then looks in the modal's shadow root for the AllWallets list
 *   (`[data-testid=wallet-list]`) with at least `minRows` rows (`aria-setsize`) and its `li`s in the DOM. The
 *   frame that finds them paints them; the next frame's callback ends the measure (`__benchAllWallets`).
 * - `__benchArmKeystroke(key)`: the next keydown of `key` marks the start; every frame then checks that the
 *   search box holds `key` and that every rendered row's wallet name contains it (case-insensitive); the next
 *   frame ends the measure (`__benchKeystroke`).
 */
const probes = String.raw`
(() => {
  const shadow = () => document.querySelector('[data-testid=latchkey-modal]')?.shadowRoot ?? null
  const rows = () => Array.from(shadow()?.querySelectorAll('[data-testid=wallet-list] li') ?? [])
  // A row is named by its content (the accessible name holds the visible label), its name in .lk-row-name.
  const nameOf = (button) => (button?.getAttribute('aria-label') ?? button?.querySelector('.lk-row-name')?.textContent ?? '').trim()
  const rowName = (li) => nameOf(li.querySelector('button')).toLowerCase()
  const watch = (ready, done) => {
    const frame = () => {
      if (ready()) requestAnimationFrame(() => done(performance.now()))
      else requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
  }
  window.__benchArmAllWallets = (minRows) => {
    window.__benchAllWallets = undefined
    const onClick = (event) => {
      const hit = event.composedPath().some((n) => n instanceof HTMLElement && n.tagName === 'BUTTON' && nameOf(n) === 'All Wallets')
      if (!hit) return
      document.removeEventListener('click', onClick, true)
      const start = performance.now()
      watch(
        () => {
          const list = rows()
          return list.length > 0 && Number(list[0].getAttribute('aria-setsize')) >= minRows
        },
        (end) => { window.__benchAllWallets = end - start },
      )
    }
    document.addEventListener('click', onClick, true)
  }
  window.__benchArmKeystroke = (key) => {
    window.__benchKeystroke = undefined
    const onKey = (event) => {
      if (event.key !== key) return
      document.removeEventListener('keydown', onKey, true)
      const start = performance.now()
      watch(
        () => {
          const input = shadow()?.querySelector('input[type=search]')
          const list = rows()
          return input?.value === key && list.length > 0 && list.every((li) => rowName(li).includes(key.toLowerCase()))
        },
        (end) => { window.__benchKeystroke = end - start },
      )
    }
    document.addEventListener('keydown', onKey, true)
  }
})()
`

/** Reads a number the probe left on `window`, or fails with what it found. */
async function readProbe(page: Page, name: string): Promise<number> {
  await page.waitForFunction(`typeof window.${name} === "number"`, undefined, { timeout: TIMEOUT_MS })
  const value: unknown = await page.evaluate(`window.${name}`)
  if (typeof value !== 'number') throw new TestFailure(`The AllWallets probe reported ${JSON.stringify(value)} for ${name}`)
  return value
}

/** `aria-setsize` of the AllWallets list's first row: how many rows the list holds (0 without a list). */
async function listSize(page: Page): Promise<number> {
  const value: unknown = await page.evaluate(`Number(document.querySelector('[data-testid=latchkey-modal]')?.shadowRoot?.querySelector('[data-testid=wallet-list] li')?.getAttribute('aria-setsize') ?? 0)`)
  return typeof value === 'number' ? value : 0
}

/** The names of the rows the AllWallets list has in the DOM. */
async function renderedNames(page: Page): Promise<string[]> {
  const value: unknown = await page.evaluate(
    `Array.from(document.querySelector('[data-testid=latchkey-modal]')?.shadowRoot?.querySelectorAll('[data-testid=wallet-list] li button') ?? []).map((b) => b.getAttribute('aria-label') ?? '')`,
  )
  return Array.isArray(value) ? value.map(String) : []
}

/**
 * Opens the library-only page (`server`) pointed at the reference server (`?api=<apiUrl>`). Each `measure()`
 * reloads it, opens Connect and lets its network settle (Connect asks for the catalogue's first page and its
 * images, as a visitor's browser would while they read it), then times the click on 'All Wallets' (which
 * also loads the AllWallets chunk), a keystroke in the search box, and, after Back, a second click on
 * 'All Wallets' (chunk loaded), with the in-page probes.
 *
 * @throws when the list does not appear, the keystroke would not narrow the rendered rows, or a probe times out.
 */
export async function openAllWalletsBench(browser: Browser, server: StaticServer, apiUrl: string): Promise<AllWalletsBenchPage> {
  const context: BrowserContext = await browser.newContext()
  try {
    await context.addInitScript({ content: probes })
    const page = await context.newPage()
    page.setDefaultTimeout(TIMEOUT_MS)
    const network = trackNetwork(page, server, [apiUrl])
    const url = `${server.url}?api=${encodeURIComponent(apiUrl)}`
    await page.goto(url, { waitUntil: 'load' })
    await network.quiet()
    return {
      async measure() {
        await page.reload({ waitUntil: 'load' })
        await network.quiet()
        await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
        await page.getByRole('dialog', { name: 'Connect Wallet', exact: true }).waitFor()
        await network.quiet()

        await page.evaluate(`window.__benchArmAllWallets(${FIRST_PAGE_ROWS})`)
        await page.getByRole('button', { name: 'All Wallets', exact: true }).click()
        const open = await readProbe(page, '__benchAllWallets')

        const search = page.getByRole('searchbox', { name: 'Search wallet', exact: true })
        await search.fill('')
        await search.focus()
        // Let the rows' icons load, so that only the keystroke's own work is timed.
        await network.quiet()
        const rowsBefore = await listSize(page)
        const before = await renderedNames(page)
        if (before.every((name) => name.toLowerCase().includes(SEARCH_KEY))) {
          throw new TestFailure(`Every rendered wallet already contains '${SEARCH_KEY}'; the keystroke would not narrow the list (${before.join(', ')})`)
        }
        await page.evaluate(`window.__benchArmKeystroke(${JSON.stringify(SEARCH_KEY)})`)
        await page.keyboard.press(SEARCH_KEY)
        const keystroke = await readProbe(page, '__benchKeystroke')
        const rowsAfter = await listSize(page)
        if (!(rowsAfter > 0 && rowsAfter < rowsBefore)) throw new TestFailure(`The keystroke did not narrow the list: ${rowsBefore} rows before, ${rowsAfter} after`)

        // Back to Connect (the server search for the key has answered by then), and All Wallets again.
        await network.quiet()
        await page.getByRole('button', { name: 'Back', exact: true }).click()
        await page.getByRole('dialog', { name: 'Connect Wallet', exact: true }).waitFor()
        await network.quiet()
        await page.evaluate(`window.__benchArmAllWallets(${FIRST_PAGE_ROWS})`)
        await page.getByRole('button', { name: 'All Wallets', exact: true }).click()
        const reopen = await readProbe(page, '__benchAllWallets')
        return { open, reopen, keystroke, rowsBefore, rowsAfter }
      },
      close: () => context.close(),
    }
  } catch (error) {
    await context.close()
    throw error
  }
}

/** What the peer's modal offers in place of an AllWallets view, as seen in the browser (no source read). */
export type PeerWalletList = { searchBoxes: number; buttons: string[] }

/**
 * Opens the peer page, clicks 'Connect Wallet' and reports the search boxes and the buttons of its dialog,
 * so the report can say from this run whether the peer has a searchable catalogue comparable to AllWallets.
 */
export async function inspectPeerWalletList(browser: Browser, server: StaticServer): Promise<PeerWalletList> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    page.setDefaultTimeout(TIMEOUT_MS)
    await page.goto(server.url, { waitUntil: 'load' })
    await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    await page.waitForTimeout(500)
    const searchBoxes = (await page.getByRole('searchbox').count()) + (await page.getByRole('textbox').count())
    const buttons: unknown = await page.evaluate(`Array.from(document.querySelector('[role=dialog]')?.querySelectorAll('button') ?? []).map((b) => (b.getAttribute('aria-label') || b.textContent || '').trim())`)
    return { searchBoxes, buttons: Array.isArray(buttons) ? buttons.map(String) : [] }
  } finally {
    await context.close()
  }
}
