/**
 * `npm run bench` without a mode flag: every page built, loaded and timed, the features' first uses and the lazy rule
 * (bench.ts describes the run), printed by fullReport.ts.
 */
import { CLICK_RUNS, PHONE_RUNS, BenchError, defer, log, describe, loadPage, originsOf, regroup, measurePhoneOf } from './harness.ts'
import type { Measured } from './harness.ts'
import { loadMultichain, measureWalletConnect, lazyRuleOf } from './lazyReport.ts'
import type { WalletConnectResults } from './lazyReport.ts'
import { report } from './fullReport.ts'
import type { FirstUseReport, AllWalletsResults } from './fullReport.ts'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AnvilStartError, devChains, repoRoot, startAnvil } from '../../dev/anvil.ts'
import { startApiServer } from '../../dev/api/server.ts'
import type { ApiServer } from '../../dev/api/server.ts'
import { startRelay } from '../../testing/node/relay/server.ts'
import { deployDevExchange } from '../../dev/dex/deploy.ts'
import { deployDevTokens } from '../../dev/tokens/deploy.ts'
import { openSecureDb } from '../../dev/secure-site/db.ts'
import type { SecureDb } from '../../dev/secure-site/db.ts'
import { startMailServer } from '../../dev/secure-site/mail.ts'
import type { MailServer } from '../../dev/secure-site/mail.ts'
import { TestFailure } from '../harness/failures.ts'
import { startSecureSite } from '../../dev/secure-site/server.ts'
import { inspectPeerWalletList, openAllWalletsBench } from './allWallets.ts'
import { folderOf } from './attribution.ts'
import { launchChromium, openClickToPaint } from './browser.ts'
import type { Browser } from 'playwright'
import type { ClickTiming, ClickToPaintPage, Step } from './browser.ts'
import { benchDir, buildBenchPage, buildDemo, readChunks } from './build.ts'
import { featureOrder, measureFirstUse, walletConnectRow } from './firstUse.ts'
import type { BenchSecureSite } from './firstUse.ts'
import { serveStatic } from './serve.ts'
import { measurePayPaint } from './payPaint.ts'
import type { StaticServer } from './serve.ts'
import { kB, weighFile } from './sizes.ts'
import jaWords from '../../ui/locales/ja.ts'

const ANVIL_PORTS = [38545, 38546] as const

/** AllWallets runs (each reloads the page, opens Connect, then All Wallets, then types one key). */
const ALL_WALLETS_RUNS = 10

/**
 * Starts the bench's anvils (stopped at clean-up), opens the secure site's database meanwhile, and deploys the dev
 * tokens and exchange on the first anvil.
 */
export async function startChains(): Promise<{ chains: Array<{ chainId: number; rpcUrl: string }>; secureDb: Promise<SecureDb> }> {
  const chains: Array<{ chainId: number; rpcUrl: string }> = []
  for (const [i, chain] of devChains.entries()) {
    const port = ANVIL_PORTS[i]
    if (port === undefined) throw new BenchError(`No bench port for ${chain.name}`)
    const anvil = await startAnvil({ port, chainId: chain.chainId }).catch((error: unknown) => {
      if (error instanceof AnvilStartError && error.reason === 'port-in-use') {
        throw new BenchError(`Port ${port} on 127.0.0.1 is in use; the bench runs its anvils on ${ANVIL_PORTS.join(' and ')}. Free it and run again.`)
      }
      throw error
    })
    defer(() => anvil.stop())
    process.env[chain.rpcEnvVar] = anvil.url
    chains.push({ chainId: chain.chainId, rpcUrl: anvil.url })
  }
  log(`anvils on ${ANVIL_PORTS.join(', ')}`)
  // The email login's secure site (first-use runs): PGlite compiles for seconds, so its database opens meanwhile.
  const secureDb = openSecureDb()
  secureDb.catch(() => undefined)
  defer(() => secureDb.then((db) => db.close()).catch(() => undefined))
  // Swap reads the dev exchange (Uniswap v2 and the DEV/dUSDT tokens, dev/dex) on the first anvil, which
  // the first-use runs' reference server reads for eip155:1.
  const first = chains[0]!
  const firstChainId = devChains[0]!.chainId
  await deployDevTokens({ rpcUrl: first.rpcUrl, chainId: firstChainId })
  await deployDevExchange({ rpcUrl: first.rpcUrl, chainId: firstChainId })
  log('deployed the dev tokens and exchange on the first anvil')
  return { chains, secureDb }
}

export async function main(): Promise<void> {
  console.log('\n  latchkey bench: initial JS and click-to-paint, latchkey vs RainbowKit measured in this run\n')
  const { chains, secureDb } = await startChains()
  const api: ApiServer = await startApiServer({ port: 0, chains })
  defer(() => api.stop())
  log(`reference API server on ${api.url}`)
  const relay = await startRelay({ port: 0 })
  defer(() => relay.stop())
  log(`loopback WalletConnect relay on ${relay.url}`)

  const demoDir = await buildDemo()
  log('built the demo (dist/demo)')
  const tmp = await mkdtemp(join(tmpdir(), 'latchkey-bench-'))
  defer(() => rm(tmp, { recursive: true, force: true }))
  const latchkeyDir = await buildBenchPage('fixture', join(tmp, 'latchkey'), { sourcemap: true })
  log('built the library-only page')
  const multichainDir = await buildBenchPage('fixture-multichain', join(tmp, 'multichain'), { sourcemap: true })
  log('built the multi-chain page')
  const siwxDir = await buildBenchPage('fixture-siwx', join(tmp, 'siwx'))
  log('built the library-only page with sign-in (SIWX)')
  const reactDir = await buildBenchPage('react-only', join(tmp, 'react-only'))
  log('built the React-only page')
  let peerError: unknown
  let peerDir: string | undefined
  try {
    peerDir = await buildBenchPage('peer-rainbowkit', join(tmp, 'rainbowkit'), { quiet: true })
    log('built the RainbowKit page')
  } catch (error) {
    peerError = error
    log(`could not build the RainbowKit page: ${describe(error)}`)
  }

  const browser = await launchChromium()
  defer(() => browser.close())
  log(`Chromium ${browser.version()}`)
  const load = (dir: string, root: string, steps: readonly Step[] = []): Promise<Measured> => loadPage(browser, dir, root, steps)
  const demo = await load(demoDir, join(repoRoot, 'demo'))
  const latchkey = await load(latchkeyDir, join(benchDir, 'fixture'), [
    { label: 'opening the modal', button: 'Connect Wallet', exact: true },
    { label: 'All Wallets', button: 'All Wallets' },
  ])
  const reactOnly = await load(reactDir, join(benchDir, 'react-only'))
  let peer: Measured | undefined
  if (peerDir) {
    try {
      peer = await load(peerDir, join(benchDir, 'peer-rainbowkit'), [{ label: 'opening the modal', button: 'Connect Wallet', exact: true }])
    } catch (error) {
      peerError = error
    }
  }
  log('loaded the pages')

  // Alternate the two pages so that any drift of the machine hits both alike.
  const japaneseClicks: ClickTiming[] = []
  const latchkeyPage = await openClickToPaint(browser, latchkey.server)
  defer(() => latchkeyPage.close())
  // The same page in Japanese (warm cache, its catalogue fetched at idle): opening must not cost more than a frame more.
  const japanesePage = await openClickToPaint(browser, latchkey.server, { query: '?locale=ja', button: jaWords.connectButton })
  defer(() => japanesePage.close())
  let peerPage: ClickToPaintPage | undefined
  if (peer) {
    try {
      peerPage = await openClickToPaint(browser, peer.server)
      defer(() => peerPage?.close())
    } catch (error) {
      peerError = error
      peer = undefined
    }
  }
  for (let run = 0; run < CLICK_RUNS; run++) {
    latchkey.clicks.push(await latchkeyPage.measure())
    japaneseClicks.push(await japanesePage.measure())
    if (peer && peerPage) {
      try {
        peer.clicks.push(await peerPage.measure())
      } catch (error) {
        peerError = error
        peer = undefined
      }
    }
  }
  log(`timed ${CLICK_RUNS} clicks per page`)
  const payPaint = await measurePayPaint(browser, latchkey.server, CLICK_RUNS).catch((error: unknown) => ({ error }))
  log(`timed ${CLICK_RUNS + 1} clicks to the Pay view`)
  const phone = await measurePhoneOf(browser, latchkey.server, peer?.server)
  log(`timed ${PHONE_RUNS} phone visits of each kind per page`)

  const allWallets = await measureAllWallets(browser, latchkey.server, api, peer?.server)
  log(`timed ${allWallets.runs.length} AllWallets runs`)

  const walletConnect = await measureWalletConnect(browser, latchkey, relay)
  log('checked the WalletConnect pick')
  const multichain = await loadMultichain(browser, multichainDir)
  const firstUse = await measureFirstUseOf(browser, { latchkey, multichain, siwxDir }, chains[0]!.rpcUrl, walletConnect, secureDb)
  log(`drove the features' first uses (${firstUse.rows.length} rows)`)

  const sources = await originsOf(latchkey)
  const origins = regroup(sources, folderOf)
  const lazy = await lazyRows(latchkey)
  const lazyRule = await lazyRuleOf(latchkey, sources, walletConnect, multichain)
  report({ demo, latchkey, reactOnly, peer, peerError, origins, lazy, allWallets, lazyRule, firstUse, phone, payPaint, chromium: browser.version(), japaneseClicks })
}

/**
 * Drives the features' first uses (firstUse.ts) on the library-only page, the same with sign-in (served here from
 * `siwxDir`) and the multi-chain page, against a reference API server of their own (free port): its eip155:1 reads the
 * bench's first anvil (`rpcUrl`, chain 31337 answering for mainnet: real balances and history for the stand-in
 * wallet's dev account, SIWX verified there), and it signs in and allows the pages' origins. The email login's run
 * gets a secure site of its own (dev/secure-site on a free port, with its SMTP server; its database `secureDb`, opened
 * early), whose embedded wallets use the same anvil as eip155:1 and whose frame the library-only page may embed. Adds
 * the WalletConnect row from the lazy-rule check. A failure is reported, not fatal; without the secure site the other
 * runs still go.
 */
export async function measureFirstUseOf(
  browser: Browser,
  pages: { latchkey: Measured; multichain: Measured | { error: unknown }; siwxDir: string },
  rpcUrl: string,
  walletConnect: WalletConnectResults,
  secureDb: Promise<SecureDb>,
): Promise<FirstUseReport> {
  const { latchkey } = pages
  const results: FirstUseReport = { rows: [], setupFetches: [], aborted: [], fetches: [] }
  let secure: BenchSecureSite | undefined
  try {
    const mail = await startMailServer({ port: 0 })
    defer(() => mail.stop())
    const site = await startSecureSite({ port: 0, mail, db: secureDb, chains: [{ chainId: 1, rpcUrl }], allowedAncestors: [new URL(latchkey.server.url).origin] })
    defer(() => site.stop())
    secure = { url: site.url, deviceLink: (to, timeoutMs) => deviceLinkTo(mail, to, timeoutMs) }
    log(`secure site (email login) on ${site.url}`)
  } catch (error) {
    results.secureError = error
  }
  try {
    const multichain = 'server' in pages.multichain ? pages.multichain : undefined
    const siwxServer = await serveStatic(pages.siwxDir)
    defer(() => siwxServer.close())
    const siwx = { server: siwxServer, chunks: await readChunks(pages.siwxDir, join(benchDir, 'fixture-siwx')) }
    const origins = [latchkey.server, siwxServer, ...(multichain ? [multichain.server] : [])].map((server) => new URL(server.url).origin)
    const api = await startApiServer({ port: 0, chains: [{ chainId: 1, rpcUrl }], siwx: { origins } })
    defer(() => api.stop())
    api.control.setAllowedOrigins(origins)
    Object.assign(results, await measureFirstUse(browser, { evm: latchkey, siwx, multichain }, api.url, rpcUrl, secure))
    await api.stop()
    await siwxServer.close()
  } catch (error) {
    results.error = error
  }
  if (walletConnect.pick) {
    results.rows.push(await walletConnectRow(latchkey.server, latchkey.chunks, walletConnect.pick.pick, walletConnect.pick.blocked))
  }
  results.rows.sort((a, b) => featureOrder(a.feature) - featureOrder(b.feature))
  return results
}

/**
 * Times AllWallets on the library-only page pointed at the reference server, {@link ALL_WALLETS_RUNS} times,
 * and inspects the RainbowKit page's modal for a comparable list (a failure there is reported, not fatal).
 */
async function measureAllWallets(browser: Browser, server: StaticServer, api: ApiServer, peerServer: StaticServer | undefined): Promise<AllWalletsResults> {
  const results: AllWalletsResults = { runs: [] }
  // The page's origin is on the project's allowlist, as a dapp's would be.
  api.control.setAllowedOrigins([new URL(server.url).origin])
  try {
    const query = new URLSearchParams({ page: '1', entries: '1', chains: 'eip155:1', st: 'appkit', sv: 'bench', projectId: 'latchkey-bench' })
    const answer = (await (await fetch(`${api.url}/directory/getWallets?${query}`)).json()) as { count?: number }
    results.catalogueCount = answer.count
    const page = await openAllWalletsBench(browser, server, api.url)
    defer(() => page.close())
    for (let run = 0; run < ALL_WALLETS_RUNS; run++) results.runs.push(await page.measure())
    await page.close()
  } catch (error) {
    results.error = error
  }
  if (peerServer) {
    try {
      results.peer = await inspectPeerWalletList(browser, peerServer)
    } catch (error) {
      results.peerError = error
    }
  }
  return results
}

/** Every JS chunk of the build that the initial load did not fetch, weighed, with the step that loaded it. */
async function lazyRows(page: Measured): Promise<string[][]> {
  const initial = new Set(page.load.initialJs.map((f) => f.file))
  const when = new Map<string, string>()
  for (const step of page.load.steps) for (const f of step.js) if (!when.has(f.file)) when.set(f.file, step.label)
  const lazy = [...page.chunks.values()].filter((chunk) => !initial.has(chunk.file)).sort((a, b) => a.file.localeCompare(b.file))
  return Promise.all(
    lazy.map(async (chunk) => {
      const weight = await weighFile(page.outDir, chunk.file)
      const label = chunk.shared ? `${chunk.label} (shared by ${chunk.usedBy.join(', ') || '?'})` : chunk.label
      return [chunk.file, label, kB(weight.bytes), kB(weight.gzip), when.get(chunk.file) ?? 'on demand, not clicked here']
    }),
  )
}

/**
 * The link of the newest device mail to `to` in `mail`'s mailbox: at once if one came, else when the mailbox receives it
 * (its `subscribe`, listened to before the mailbox is read, so a mail arriving between the two is not missed).
 * @throws TestFailure when no such mail came within `timeoutMs`.
 */
function deviceLinkTo(mail: MailServer, to: string, timeoutMs: number): Promise<string> {
  const wanted = to.trim().toLowerCase()
  return new Promise<string>((resolve, reject) => {
    const done = (settle: () => void) => {
      clearTimeout(timer)
      stop()
      settle()
    }
    const timer = setTimeout(() => done(() => reject(new TestFailure(`No device mail to ${to} within ${timeoutMs} ms`))), timeoutMs)
    const stop = mail.subscribe((m) => {
      if (m.link && m.to.includes(wanted)) done(() => resolve(m.link!))
    })
    const came = mail.messages(to).find((m) => m.link)?.link
    if (came) done(() => resolve(came))
  })
}
