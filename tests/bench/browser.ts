import { setTimeout as delay } from 'node:timers/promises'
import { chromium } from 'playwright'
import type { Browser, BrowserContext, Page, Request, Response } from 'playwright'
import { BaseError } from '../../kernel/errors.ts'
import type { StaticServer } from './serve.ts'
import { chromiumArgs, chromiumExecutable } from '../chromium.ts'
import { weighFile } from './sizes.ts'
import type { WeighedFile } from './sizes.ts'

export { chromiumArgs }

/** A page could not be measured: the click-to-paint probe reported no numbers, or the network did not go quiet in time. */
class PageMeasureError extends BaseError {
  override name = 'PageMeasureError'
}

/** Launches the system Chromium ({@link chromiumExecutable}) headless with {@link chromiumArgs}. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs, headless: true })
}

/** A click on a button, found by its accessible name (through open shadow roots), after the page loaded. */
export type Step = { label: string; button: string; exact?: boolean }

/**
 * What a page loaded: JS and CSS before the page was first idle (the initial JS: what the visitor waits for), the JS
 * fetched after that before any click (latchkey's idle prefetch of the first open), then the JS each {@link Step} loaded.
 */
export type PageLoad = {
  initialJs: WeighedFile[]
  initialCss: WeighedFile[]
  idleJs: WeighedFile[]
  steps: Array<{ label: string; js: WeighedFile[] }>
  /** Requests to anything other than the page's own server (there should be none). */
  foreignRequests: string[]
}

/** The network goes quiet when nothing is in flight and nothing started or ended for this long. */
const QUIET_MS = 500
export const TIMEOUT_MS = 20_000

/**
 * Opens `server`'s page in a fresh browser context (empty cache) and records every script and stylesheet
 * response until the network is quiet, then performs `steps` one by one, recording the scripts each one
 * loads. Sizes come from the files on disk under `server.root`, so they are what a CDN would gzip.
 *
 * @throws when a step's button does not appear, or a response is not a file under `server.root`.
 */
export async function measurePageLoad(browser: Browser, server: StaticServer, steps: readonly Step[] = []): Promise<PageLoad> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    page.setDefaultTimeout(TIMEOUT_MS)
    const network = trackNetwork(page, server)
    let js: string[] = []
    const css: string[] = []
    page.on('response', (response) => {
      const file = ownFile(response, server)
      if (file === undefined) return
      if (isScript(response)) js.push(file)
      else if (isStylesheet(response)) css.push(file)
    })
    // The first idle callback after `load` (registered before the page's own scripts run, so it runs before theirs):
    // every resource requested by then is the initial load; what comes after is fetched ahead, at idle.
    await context.addInitScript(beforeIdleProbe)
    await page.goto(server.url, { waitUntil: 'load' })
    await network.quiet()
    await page.waitForFunction('Array.isArray(window.__benchBeforeIdle)')
    const beforeIdle = new Set((await page.evaluate('window.__benchBeforeIdle')) as string[])
    const initialJs = js.filter((file) => beforeIdle.has(file))
    const idleJs = js.filter((file) => !beforeIdle.has(file))
    const initialCss = [...css]
    const done: PageLoad['steps'] = []
    for (const step of steps) {
      js = []
      await page
        .getByRole('button', { name: step.button, exact: step.exact ?? false })
        .first()
        .click()
      await network.quiet()
      done.push({ label: step.label, js: await weighAll(server, js) })
    }
    return {
      initialJs: await weighAll(server, initialJs),
      initialCss: await weighAll(server, initialCss),
      idleJs: await weighAll(server, idleJs),
      steps: done,
      foreignRequests: network.foreign,
    }
  } finally {
    await context.close()
  }
}

/**
 * Init script: at the first idle callback after `load`, the page's own files requested so far (paths without the
 * leading slash, as {@link ownFile} names them) go to `window.__benchBeforeIdle`. A string: tsx's keepNames helpers do
 * not exist in the page.
 */
const beforeIdleProbe = `addEventListener('load', () => requestIdleCallback(() => {
  window.__benchBeforeIdle = performance.getEntriesByType('resource').map((e) => new URL(e.name)).filter((u) => u.origin === location.origin).map((u) => decodeURIComponent(u.pathname).replace(/^\\/+/, ''))
}), { once: true })`

/** One click on "Connect Wallet", timed by the probe (probe.ts), in milliseconds from the click. */
export type ClickTiming = { toDom: number; toPaint: number }

/** A page kept open for repeated click-to-paint runs; see {@link openClickToPaint}. */
export type ClickToPaintPage = {
  /** Reloads the page, waits for a quiet network, clicks "Connect Wallet" and resolves what the probe measured. */
  measure(): Promise<ClickTiming>
  close(): Promise<void>
}

/**
 * Opens `server`'s page (with `options.query`, e.g. `?locale=ja`; its connect button named `options.button`; the first
 * load warms the HTTP stack and is not measured). Each `measure()` reloads
 * it and reads the probe that the bench's Vite config inlined (probe.ts): milliseconds from the click on
 * "Connect Wallet" to the `role=dialog` element in the DOM, and to the first frame after the one that painted it.
 */
export async function openClickToPaint(browser: Browser, server: StaticServer, options: { query?: string; button?: string | RegExp } = {}): Promise<ClickToPaintPage> {
  const context: BrowserContext = await browser.newContext()
  try {
    // A button in another language: the probe (probe.ts) arms on its words instead of English's.
    if (typeof options.button === 'string') await context.addInitScript(`window.__benchConnectLabel = ${JSON.stringify(options.button)}`)
    const page = await context.newPage()
    page.setDefaultTimeout(TIMEOUT_MS)
    const network = trackNetwork(page, server)
    await page.goto(`${server.url}${options.query ?? ''}`, { waitUntil: 'load' })
    await network.quiet()
    return {
      async measure() {
        await page.reload({ waitUntil: 'load' })
        await network.quiet()
        await page.getByRole('button', { name: options.button ?? 'Connect Wallet', exact: true }).click()
        // Strings, not functions: tsx compiles this file with keepNames, whose helpers do not exist in the page.
        await page.waitForFunction('typeof window.__benchClickToPaint === "number"')
        const timing: unknown = await page.evaluate('({ toDom: window.__benchClickToDom, toPaint: window.__benchClickToPaint })')
        const { toDom, toPaint } = (timing ?? {}) as Partial<Record<keyof ClickTiming, unknown>>
        if (typeof toDom !== 'number' || typeof toPaint !== 'number') throw new PageMeasureError(`The click-to-paint probe on ${server.url} reported ${JSON.stringify(timing)}`)
        return { toDom, toPaint }
      },
      close: () => context.close(),
    }
  } catch (error) {
    await context.close()
    throw error
  }
}

/**
 * Counts requests in flight; `quiet()` resolves once none has been in flight for {@link QUIET_MS}. Requests to
 * anything but `server` and the `alsoOwn` origins (the reference API of the AllWallets runs) are `foreign`.
 */
export function trackNetwork(page: Page, server: StaticServer, alsoOwn: readonly string[] = []): { quiet(): Promise<void>; foreign: string[] } {
  const inFlight = new Set<Request>()
  let lastActivity = Date.now()
  const foreign: string[] = []
  page.on('request', (request) => {
    inFlight.add(request)
    lastActivity = Date.now()
    const url = request.url()
    const own = url.startsWith(server.url) || url.startsWith('data:') || alsoOwn.some((origin) => url.startsWith(origin))
    if (!own && !foreign.includes(url)) foreign.push(url)
  })
  const settle = (request: Request): void => {
    inFlight.delete(request)
    lastActivity = Date.now()
  }
  page.on('requestfinished', settle)
  page.on('requestfailed', settle)
  return {
    foreign,
    async quiet() {
      const deadline = Date.now() + TIMEOUT_MS
      // Let a click's consequences start before judging the network quiet.
      await delay(50)
      while (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS) {
        if (Date.now() > deadline) {
          const urls = [...inFlight].map((r) => `${r.method()} ${r.url().replace(/\?.*$/, '')}`)
          throw new PageMeasureError(`The network of ${server.url} did not go quiet within ${TIMEOUT_MS} ms (${inFlight.size} in flight: ${urls.join(', ')}).`)
        }
        await delay(50)
      }
    },
  }
}

function ownFile(response: Response, server: StaticServer): string | undefined {
  const url = response.url()
  if (!url.startsWith(server.url) || response.status() !== 200) return undefined
  return decodeURIComponent(new URL(url).pathname).replace(/^\/+/, '') || 'index.html'
}

function isScript(response: Response): boolean {
  return /\.m?js$/.test(new URL(response.url()).pathname) || /javascript/.test(response.headers()['content-type'] ?? '')
}

function isStylesheet(response: Response): boolean {
  return /\.css$/.test(new URL(response.url()).pathname) || /text\/css/.test(response.headers()['content-type'] ?? '')
}

async function weighAll(server: StaticServer, files: readonly string[]): Promise<WeighedFile[]> {
  return Promise.all([...new Set(files)].map((file) => weighFile(server.root, file)))
}
