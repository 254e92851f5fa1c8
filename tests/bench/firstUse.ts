/**
 * What each feature's first use fetches: the fixture pages driven in Chromium with the gestures that
 * first use each feature of the registry (ui/features.ts) and the Solana and Bitcoin namespaces, recording the network
 * between the gesture and the view painted, then until the network is quiet.
 *
 * A run is a fresh browser context (empty cache) on a page built by the bench (`?firstUse&api=<reference server>`: the
 * page's services on the reference server, and its modal handed to the run's init script (firstUsePage.ts), which
 * adds a dapp's "Open Account" button: the pages render `<ConnectButton/>` alone, which renders nothing once
 * connected) and a list of {@link Step}s. Each step arms an in-page probe, performs its gesture (a click), waits until the probe saw its view
 * painted (the frame after the one in which the view's condition first held), then until the network is quiet.
 * Everything fetched in between is the step's:
 *
 * - JS and CSS files of the page's build, weighed from disk (gzip level 9) and named by their main module (the
 *   chunk's entry module, else the module the bundler named a shared chunk after, else the chunk's largest origin in
 *   the bundler's module list, build.ts `ChunkInfo.modules`);
 *   the chunks of the views the painted view leads to (the registry's `next`, prefetched while it shows) are kept
 *   apart from what the step needed itself;
 * - requests to the reference API server (dev/api) and to the wallets' RPC endpoints, by method and path;
 * - WebSockets opened.
 *
 * The wallets and the "Open Account" button are bench-only stand-ins, never part of a page's JS: an EIP-6963 provider
 * announced by an init script whose requests are answered in Node (`exposeBinding`: accounts and chain id locally,
 * `personal_sign` with anvil's dev account 0, reads forwarded to the bench's anvil), and Wallet Standard wallets for
 * Solana and Bitcoin that connect at once. The multi-chain page's RPC URLs (Solana localnet, Bitcoin regtest on the dev API port) are answered
 * by Playwright routes (Solana `getBalance` locally, Bitcoin through the bench's reference server); every other
 * request that would leave the page, the reference server and those routes is aborted and listed.
 *
 * This file has the runs and their rows; firstUseSteps.ts the gestures of each run, firstUsePage.ts a run's browser
 * context (stand-in wallets, paint probe, routes), firstUseFiles.ts the network log and the naming and weighing of
 * the files fetched.
 */
import type { Browser } from 'playwright'
import type { ViewName } from '../../machines/views.ts'
import { TIMEOUT_MS, trackNetwork } from './browser.ts'
import type { ChunkInfo } from './build.ts'
import { benchRegistry, fetchedBefore, recordTraffic, splitPrefetched, weighNamed } from './firstUseFiles.ts'
import type { FetchedFile } from './firstUseFiles.ts'
import { prepareContext } from './firstUsePage.ts'
import type { RunOptions } from './firstUsePage.ts'
import { emailSteps, evmSteps, farcasterSteps, multiWalletSteps, namespaceSteps, namesSteps, siwxSteps } from './firstUseSteps.ts'
import type { Step } from './firstUseSteps.ts'
import type { StaticServer } from './serve.ts'
import type { WeighedFile } from './sizes.ts'

/** What one step fetched, with when its view was painted. */
export type FirstUseRow = {
  feature: string
  label: string
  gesture: string
  views: readonly ViewName[]
  page: string
  /** Milliseconds from the gesture to the frame after the one that first showed the view, timed in the page; undefined when not painted. */
  paintedMs: number | undefined
  /**
   * In which animation frame after the gesture the view first showed (1: the first frame after the click, so painted
   * by it); undefined when not painted.
   */
  paintedFrame?: number | undefined
  /** Files the step needed (everything but the prefetched chunks of the next views). */
  files: FetchedFile[]
  /** Chunks of the views the painted view leads to, prefetched while it shows. */
  prefetched: FetchedFile[]
  /** The chunks of its views (with their static imports) that an earlier step had fetched already (prefetched), beyond the initial JS. */
  earlier: FetchedFile[]
  /** Requests beyond the page's own files: `GET /blockchain/v1/account/{address}/balance ×1`, … */
  requests: string[]
  sockets: string[]
  /** Why the step did not complete, if it did not (the run stops there). */
  error?: string
}

/** The result of {@link measureFirstUse}. */
export type FirstUseResults = {
  rows: FirstUseRow[]
  /** Files fetched by a setup step (a Back, a reopen): should be none; listed so nothing is hidden. */
  setupFetches: string[]
  /** Requests that would have left the page, the reference server and the routed RPC URLs, aborted. */
  aborted: string[]
  /**
   * The build's files each run fetched, in order: its page load (label `page load`), then every step, setup steps too;
   * for the lazy rule's "when fetched" (lazyReport.ts).
   */
  fetches: Array<{ page: string; label: string; files: string[] }>
}

/** Views no run here can paint, and why (printed under the table). */
const notDriven: Partial<Record<ViewName, string>> = {
  ConnectingWalletConnect: "the WalletConnect row is measured by the lazy-rule check (?relay=, loopback relay); see 'WalletConnect' above",
  ConnectingWalletConnectBasic: 'shown with the manualWalletConnect option only (same chunk as ConnectingWalletConnect)',
  UnsupportedChain: 'needs the wallet on a chain the dapp does not configure; its chunk is in the lazy chunks table (NetworkList shared with SwitchNetwork)',
  SwitchActiveChain: 'painted on the multi-chain page only (the Solana and Bitcoin rows)',
  OnRampCheckout: "follows a checkout popup on the provider's origin, which the bench does not serve; its chunk is in the lazy chunks table (tests/e2e/onramp.spec.ts drives it)",
}

// ------------------------------------------------------------------ the runs

/** A page the runs drive: its server and its build's chunk list. */
export type FirstUsePage = { server: StaticServer; chunks: Map<string, ChunkInfo> }

/**
 * The embedded wallet's secure site of the email run (dev/secure-site, started by the bench on a free port): its URL
 * (the page's `?secure=`) and the link of the newest "Verify this device" mail sent to an address (its SMTP mailbox):
 * at once if one came, else when the mailbox receives it; rejects with a TestFailure after `timeoutMs`.
 */
export type BenchSecureSite = { url: string; deviceLink(to: string, timeoutMs: number): Promise<string> }

/** The dev account whose name the names run registers: accounts 0–2 have seeded names on the reference server. */
export const NAMELESS_DEV_ACCOUNT = 3

/**
 * Runs the first-use steps on the library-only page (`fixture`: Account, Send, Buy, Swap with dev account 0; the
 * names with dev account {@link NAMELESS_DEV_ACCOUNT}, which has no name; the email login with `?secure=` when a
 * secure site is given), on the same page with sign-in (`fixture-siwx`) and on the multi-chain page (Solana, then
 * Bitcoin), each when given, against `apiUrl` (a reference server whose eip155:1 reads the bench's anvil at `rpcUrl`).
 * A run that fails stops at its failing step (the row says why); the other runs still go.
 */
export async function measureFirstUse(
  browser: Browser,
  pages: { evm: FirstUsePage; siwx?: FirstUsePage | undefined; multichain?: FirstUsePage | undefined },
  apiUrl: string,
  rpcUrl: string,
  secure?: BenchSecureSite,
): Promise<FirstUseResults> {
  const results: FirstUseResults = { rows: [], setupFetches: [], aborted: [], fetches: [] }
  await runSteps(browser, pages.evm, { apiUrl, rpcUrl, page: 'fixture' }, evmSteps(), results)
  await runSteps(browser, pages.evm, { apiUrl, rpcUrl, page: `fixture, dev account ${NAMELESS_DEV_ACCOUNT}`, account: NAMELESS_DEV_ACCOUNT }, namesSteps(), results)
  // Multi-wallet under its own project, whose remote config (which overrides the option, spec §6) has it on.
  const multiWalletProject = await fetch(`${apiUrl}/__control/features`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ projectId: 'latchkey-bench-multi-wallet', features: { multiWallet: true } }),
  })
  if (multiWalletProject.ok) await runSteps(browser, pages.evm, { apiUrl, rpcUrl, page: 'fixture ?multiWallet', query: { multiWallet: '' } }, multiWalletSteps(), results)
  else
    results.rows.push({
      feature: 'multiWallet',
      label: 'the run',
      gesture: '',
      views: [],
      page: 'fixture ?multiWallet',
      paintedMs: undefined,
      files: [],
      prefetched: [],
      earlier: [],
      requests: [],
      sockets: [],
      error: `the reference server refused its project's config (HTTP ${multiWalletProject.status})`,
    })
  if (secure) {
    const email = `bench-${Date.now()}@example.com`
    const withSecure = { apiUrl, rpcUrl, query: { secure: secure.url }, allow: [secure.url] }
    await runSteps(
      browser,
      pages.evm,
      { ...withSecure, page: 'fixture ?secure' },
      emailSteps(email, (timeoutMs) => secure.deviceLink(email, timeoutMs)),
      results,
    )
    await runSteps(browser, pages.evm, { ...withSecure, page: 'fixture ?secure (Farcaster)' }, farcasterSteps(), results)
  }
  if (pages.siwx) await runSteps(browser, pages.siwx, { apiUrl, rpcUrl, page: 'fixture-siwx' }, siwxSteps(), results)
  if (pages.multichain) await runSteps(browser, pages.multichain, { apiUrl, rpcUrl, page: 'fixture-multichain' }, namespaceSteps(), results)
  return results
}

/**
 * What of the registry the rows do not cover: each view no row painted, with why, and each feature with no view of
 * its own (nothing of it to fetch). A registration added without a step here shows up as 'NO STEP PAINTS IT'.
 */
export function registryCoverage(rows: readonly FirstUseRow[]): Array<{ feature: string; view?: ViewName; why: string }> {
  const painted = new Set(rows.filter((r) => r.paintedMs !== undefined && !r.error).flatMap((r) => r.views))
  const gaps: Array<{ feature: string; view?: ViewName; why: string }> = []
  for (const feature of benchRegistry) {
    const id = feature.id
    const views = Object.keys(feature.views) as ViewName[]
    if (!views.length) {
      const parts = Object.keys(feature.parts).join('; ')
      gaps.push({ feature: id, why: `no view of its own${parts ? ` (${parts})` : ''}: nothing of it is fetched on use` })
    }
    for (const view of views) if (!painted.has(view)) gaps.push({ feature: id, view, why: notDriven[view] ?? 'NO STEP PAINTS IT: add one to tests/bench/firstUse.ts' })
  }
  return gaps
}

/** Registry order of the features, then the namespaces: the order of the report's rows. */
export function featureOrder(feature: string): number {
  const ids = [...benchRegistry.map((feature) => feature.id), 'solana', 'bip122']
  const at = ids.indexOf(feature)
  return at < 0 ? ids.length : at
}

/**
 * The WalletConnect row, from the lazy-rule check's pick (lazyRule.ts `checkWalletConnectPick`, library-only page with
 * a loopback relay): the JS its click fetched, split like the other rows, the relay socket and the hosted calls
 * (aborted there). Its "painted" is the pairing QR code, timed from Node.
 */
export async function walletConnectRow(
  server: StaticServer,
  chunks: Map<string, ChunkInfo>,
  pick: { js: readonly WeighedFile[]; sockets: readonly string[]; qrAfterMs: number | undefined },
  blocked: readonly string[],
): Promise<FirstUseRow> {
  const files = pick.js.map((f) => f.file)
  const views: ViewName[] = ['ConnectingWalletConnect']
  const split = splitPrefetched(chunks, views, files)
  const hosts = [...new Set(blocked.map((url) => `${new URL(url).host} → aborted`))]
  return {
    feature: 'walletConnect',
    label: 'ConnectingWalletConnect (pairing QR)',
    gesture: "click 'WalletConnect' → QR code shown (ms from Node, after the SDK's verify wait)",
    views,
    page: 'fixture ?relay',
    paintedMs: pick.qrAfterMs,
    files: await weighNamed(server, chunks, split.own),
    prefetched: await weighNamed(server, chunks, split.prefetched),
    earlier: await weighNamed(server, chunks, fetchedBefore(chunks, views, files)),
    requests: hosts,
    sockets: pick.sockets.map((url) => url.replace(/\?.*$/, '')),
  }
}

/** One run: a fresh context with the stand-in wallets, the page loaded, then the steps in order. */
async function runSteps(browser: Browser, { server, chunks }: FirstUsePage, options: RunOptions, steps: readonly Step[], results: FirstUseResults): Promise<void> {
  const context = await browser.newContext()
  try {
    await prepareContext(context, server, options, results)
    const page = await context.newPage()
    page.setDefaultTimeout(TIMEOUT_MS)
    const network = trackNetwork(page, server, [options.apiUrl, ...(options.allow ?? [])])
    const log = recordTraffic(page, server, options.apiUrl, Object.fromEntries((options.allow ?? []).map((origin) => [origin, 'secure site'])))
    const query = new URLSearchParams({ firstUse: '', api: options.apiUrl, ...options.query })
    await page.goto(`${server.url}?${query}`, { waitUntil: 'load' })
    await page.getByRole('button', { name: 'Connect Wallet', exact: true }).waitFor()
    await network.quiet()
    results.fetches.push({ page: options.page, label: 'page load', files: log.take().files })
    for (const step of steps) {
      let paintedMs: number | undefined
      let paintedFrame: number | undefined
      let error: string | undefined
      let unquiet: string | undefined
      try {
        await page.evaluate(`window.__benchArmPaint(${JSON.stringify(step.painted)})`)
        await step.act(page)
        await page.waitForFunction('typeof window.__benchPainted === "number"', undefined, { timeout: TIMEOUT_MS })
        paintedMs = Number(await page.evaluate('window.__benchPainted'))
        paintedFrame = Number(await page.evaluate('window.__benchPaintedFrame'))
        // Painted: a request that never ends (seen once, not reproduced) is listed with the row, the run goes on.
        await network.quiet().catch((e: unknown) => {
          unquiet = `! ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`
        })
      } catch (e) {
        const shown = await page.evaluate('window.__benchShown()').catch(() => undefined)
        error = `${(e instanceof Error ? e.message : String(e)).split('\n')[0]}; the page showed: ${typeof shown === 'string' && shown ? shown.slice(0, 200) : 'no dialog'}`
      }
      const traffic = log.take()
      results.fetches.push({ page: options.page, label: step.label, files: traffic.files })
      if (!step.feature) {
        if (step.quiet && traffic.files.length) results.setupFetches.push(`${options.page}, ${step.label}: ${traffic.files.join(', ')}`)
        if (error) {
          results.rows.push({ feature: '(setup)', label: step.label, gesture: step.gesture, views: step.views, page: options.page, paintedMs, files: [], prefetched: [], earlier: [], requests: [], sockets: [], error })
          return
        }
        continue
      }
      const split = splitPrefetched(chunks, step.views, traffic.files)
      results.rows.push({
        feature: step.feature,
        label: step.label,
        gesture: step.gesture,
        views: step.views,
        page: options.page,
        paintedMs,
        paintedFrame,
        files: await weighNamed(server, chunks, split.own),
        prefetched: await weighNamed(server, chunks, split.prefetched),
        earlier: await weighNamed(server, chunks, fetchedBefore(chunks, step.views, traffic.files)),
        requests: unquiet ? [...traffic.requests, unquiet] : traffic.requests,
        sockets: traffic.sockets,
        ...(error ? { error } : {}),
      })
      if (error) return
    }
  } catch (error) {
    // Not a step's failure (the page did not load, the browser went away): one row says so, the other runs still go.
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? ''
    results.rows.push({ feature: '(run)', label: 'the run', gesture: '', views: [], page: options.page, paintedMs: undefined, files: [], prefetched: [], earlier: [], requests: [], sockets: [], error: message })
  } finally {
    await context.close()
  }
}
