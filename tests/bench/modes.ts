/**
 * The bench's single modes (`npm run bench -- --size`, `--phone`, `--phone-compare=<dir>`, …): each builds and measures
 * only its part; bench.ts picks one by its flag.
 */
import { CLICK_RUNS, BenchError, defer, elapsed, log, argValue, buildAndLaunch, buildAndServe, loadPage, fileRow, originsOf, regroup, reportOrigins, measurePhoneOf, printPhone } from './harness.ts'
import { loadMultichain, measureWalletConnect, initialChunks, lazyRuleOf, libraryOnlyFetches, reportFeatureLazyRule, reportLazyRule } from './lazyReport.ts'
import type { WalletConnectResults } from './lazyReport.ts'
import { reportFirstUse } from './fullReport.ts'
import { startChains, measureFirstUseOf } from './fullRun.ts'
import { join } from 'node:path'
import { startRelay } from '../../testing/node/relay/server.ts'
import type { RelayStats } from '../../testing/node/relay/server.ts'
import { folderOf } from './attribution.ts'
import { openClickToPaint } from './browser.ts'
import { benchDir, buildBenchPage } from './build.ts'
import { renderTable } from './report.ts'
import type { PhoneVisit } from './phone.ts'
import { profileTap, reportTapProfile } from './profileTap.ts'
import { measureColdContent, reportColdContent } from './coldContent.ts'
import { readChunks } from './build.ts'
import { measurePhoneCompared, reportPhoneCompared } from './phoneCompare.ts'
import { measurePayPaint, reportPayPaint } from './payPaint.ts'
import { kB, totalOf } from './sizes.ts'
import { lazyFeatureModules, lazyFigures } from './lazyRule.ts'
import { measureLocalePaint, reportLocalePaint } from './localePaint.ts'
import { measureInspectOpen, reportInspectOpen } from './inspectOpen.ts'

/**
 * `npm run bench -- --first-use`: only the features' first uses (the library-only, sign-in and multi-chain pages, the
 * anvils, the reference server, the secure site; no demo, timings, peer, AllWallets or WalletConnect check) and the
 * lazy rule's feature lines with their first fetches; about a minute.
 */
export async function firstUseMain(): Promise<void> {
  console.log("\n  latchkey bench, --first-use: the features' first uses only\n")
  const { chains, secureDb } = await startChains()
  const { browser, dirs } = await buildAndLaunch(
    { latchkey: { page: 'fixture', sourcemap: true }, multichain: { page: 'fixture-multichain', sourcemap: true }, siwx: { page: 'fixture-siwx' } },
    'the library-only, multi-chain and sign-in pages',
  )
  const latchkey = await loadPage(browser, dirs.latchkey, join(benchDir, 'fixture'))
  const multichain = await loadMultichain(browser, dirs.multichain)
  const siwxDir = dirs.siwx
  const noPick: WalletConnectResults = { relayUrl: 'not started (--first-use)', relay: { served: {} } as RelayStats }
  const firstUse = await measureFirstUseOf(browser, { latchkey, multichain, siwxDir }, chains[0]!.rpcUrl, noPick, secureDb)
  log(`drove the features' first uses (${firstUse.rows.length} rows)`)
  const sources = await originsOf(latchkey)
  console.log(`\n  Chromium ${browser.version()}, Node ${process.versions.node}; gzip level 9 of the files on disk; 1 kB = 1000 bytes.`)
  reportFirstUse(firstUse)
  reportFeatureLazyRule(lazyFigures(lazyFeatureModules, sources, initialChunks(latchkey)), latchkey, libraryOnlyFetches(firstUse))
  console.log(`\n  Done in ${elapsed()}.\n`)
}

/**
 * `npm run bench -- --pay`: only the Pay view's paint (payPaint.ts) on the library-only page, beside RainbowKit's
 * click → modal painted and latchkey's own click → Connect painted, measured in the same run (the builds of the two
 * pages, no anvils); about a minute.
 */
export async function payMain(): Promise<void> {
  console.log("\n  latchkey bench, --pay: the Pay view's paint only, latchkey vs RainbowKit measured in this run\n")
  const { browser, servers } = await buildAndServe({ latchkey: { page: 'fixture' }, rainbowkit: { page: 'peer-rainbowkit', quiet: true } }, 'the library-only and RainbowKit pages')
  const { latchkey, rainbowkit: peer } = servers
  const peerPage = await openClickToPaint(browser, peer)
  defer(() => peerPage.close())
  const ownPage = await openClickToPaint(browser, latchkey)
  defer(() => ownPage.close())
  const peerClicks: number[] = []
  const ownClicks: number[] = []
  // Alternated, so that any drift of the machine hits both alike.
  for (let run = 0; run < CLICK_RUNS; run++) {
    peerClicks.push((await peerPage.measure()).toPaint)
    ownClicks.push((await ownPage.measure()).toPaint)
  }
  const payPaint = await measurePayPaint(browser, latchkey, CLICK_RUNS).catch((error: unknown) => ({ error }))
  console.log(`\n  Chromium ${browser.version()}, Node ${process.versions.node}.`)
  reportPayPaint(payPaint, peerClicks, CLICK_RUNS, ownClicks)
  console.log(`\n  Done in ${elapsed()}.\n`)
}

/**
 * `npm run bench -- --locale`: only click → Connect painted in ja and de against en on the library-only page
 * (localePaint.ts), 10 runs each taking turns, with each one's ratio to English and the load average; no anvils, no
 * peer; under a minute.
 */
export async function localeMain(): Promise<void> {
  console.log('\n  latchkey bench, --locale: opening in ja and de against en, measured in this run\n')
  const { browser, servers } = await buildAndServe({ latchkey: { page: 'fixture' } }, 'the library-only page')
  const results = await measureLocalePaint(browser, servers.latchkey, CLICK_RUNS)
  console.log(`\n  Chromium ${browser.version()}, Node ${process.versions.node}.`)
  reportLocalePaint(results, CLICK_RUNS)
  console.log(`\n  Done in ${elapsed()}.\n`)
}

/**
 * `npm run bench -- --inspect`: only opening the inspector (inspectOpen.ts) on its own page (fixture-inspect), 10 runs
 * taking turns with RainbowKit's click → modal painted, against the 300 ms goal, with the load average; no anvils.
 */
export async function inspectMain(): Promise<void> {
  console.log('\n  latchkey bench, --inspect: opening the inspector, against RainbowKit measured in this run\n')
  const { browser, servers } = await buildAndServe({ inspect: { page: 'fixture-inspect' }, rainbowkit: { page: 'peer-rainbowkit', quiet: true } }, 'the inspector and RainbowKit pages')
  const peerPage = await openClickToPaint(browser, servers.rainbowkit)
  defer(() => peerPage.close())
  const results = await measureInspectOpen(browser, servers.inspect, peerPage, CLICK_RUNS)
  console.log(`\n  Chromium ${browser.version()}, Node ${process.versions.node}.`)
  reportInspectOpen(results, CLICK_RUNS)
  console.log(`\n  Done in ${elapsed()}.\n`)
}

/**
 * `npm run bench -- --lazy-rule`: only the lazy rule (builds of the library-only and multi-chain
 * pages, their loads, the WalletConnect check), no anvils, no timings, no peer; about 20 s.
 */
export async function lazyRuleMain(): Promise<void> {
  console.log('\n  latchkey bench, --lazy-rule: the lazy rule only\n')
  const relay = await startRelay({ port: 0 })
  defer(() => relay.stop())
  log(`loopback WalletConnect relay on ${relay.url}`)
  const { browser, dirs } = await buildAndLaunch({ latchkey: { page: 'fixture', sourcemap: true }, multichain: { page: 'fixture-multichain', sourcemap: true } }, 'the library-only and multi-chain pages')
  log(`Chromium ${browser.version()}`)
  const latchkey = await loadPage(browser, dirs.latchkey, join(benchDir, 'fixture'), [{ label: 'opening the modal', button: 'Connect Wallet', exact: true }])
  const walletConnect = await measureWalletConnect(browser, latchkey, relay)
  log('checked the WalletConnect pick')
  const multichain = await loadMultichain(browser, dirs.multichain)
  const sources = await originsOf(latchkey)
  const lazyRule = await lazyRuleOf(latchkey, sources, walletConnect, multichain)
  console.log(`\n  Chromium ${browser.version()}, Node ${process.versions.node}; gzip level 9 of the files on disk; 1 kB = 1000 bytes.`)
  const total = totalOf(latchkey.load.initialJs)
  console.log(`  Library-only page: initial JS ${latchkey.load.initialJs.length} files, ${kB(total.bytes)} minified, ${kB(total.gzip)} gzip.`)
  reportOrigins(regroup(sources, folderOf))
  reportLazyRule(lazyRule, latchkey)
  const multichainPage = 'page' in lazyRule.multichain ? lazyRule.multichain.page : undefined
  const foreign = [latchkey, multichainPage].flatMap((page) => page?.load.foreignRequests ?? [])
  if (foreign.length) console.log(`\n  ! Requests that left 127.0.0.1 (blocked here, they cost time): ${foreign.join(', ')}`)
  console.log(`\n  Done in ${elapsed()}.\n`)
}

/**
 * `npm run bench -- --phone`: only the phone profile (phone.ts) on the library-only page and RainbowKit's, with the
 * library-only page's initial JS before idle; no anvils, desktop timings, lazy rule or first uses; about 3 minutes.
 */
export async function phoneMain(): Promise<void> {
  console.log('\n  latchkey bench, --phone: the phone profile only, latchkey vs RainbowKit measured in this run\n')
  const { browser, dirs } = await buildAndLaunch({ latchkey: { page: 'fixture', sourcemap: true }, rainbowkit: { page: 'peer-rainbowkit', quiet: true } }, 'the library-only and RainbowKit pages')
  const latchkey = await loadPage(browser, dirs.latchkey, join(benchDir, 'fixture'))
  const peer = await loadPage(browser, dirs.rainbowkit, join(benchDir, 'peer-rainbowkit'))
  console.log(`  Library-only page: initial JS before idle ${kB(totalOf(latchkey.load.initialJs).gzip)} gzip (budget ≤ 100 kB); RainbowKit ${kB(totalOf(peer.load.initialJs).gzip)}.`)
  console.log(`  Library-only page: fetched at idle, before any intent: ${latchkey.load.idleJs.length} JS files, ${kB(totalOf(latchkey.load.idleJs).gzip)} gzip.`)
  printPhone(await measurePhoneOf(browser, latchkey.server, peer.server))
  console.log(`\n  Done in ${elapsed()}.\n`)
}

/**
 * `npm run bench -- --build-fixture=<dir>`: only builds the library-only page (with its source maps) into `<dir>`, for
 * `--phone-compare` run from another checkout.
 */
export async function buildFixtureMain(): Promise<void> {
  const dir = argValue('build-fixture')!
  await buildBenchPage('fixture', dir, { sourcemap: true })
  console.log(`\n  Built the library-only page into ${dir}.\n`)
}

/**
 * `npm run bench -- --phone-compare=<dir> [--rounds=N] [--kinds=idle,cold,asap]`: the phone profile (phoneCompare.ts)
 * on this checkout's library-only page, the one built in `<dir>` (`--build-fixture`, from another checkout) and
 * RainbowKit's, visits taking turns in one browser; 5 rounds of every kind by default, about 8 minutes.
 */
export async function phoneCompareMain(): Promise<void> {
  const other = argValue('phone-compare')!
  const rounds = Number(argValue('rounds') ?? 5)
  const kinds = (argValue('kinds') ?? 'idle,cold,asap').split(',') as PhoneVisit[]
  if (!Number.isInteger(rounds) || rounds < 1 || kinds.some((k) => !['idle', 'cold', 'asap'].includes(k))) throw new BenchError('--rounds takes a whole number ≥ 1, --kinds a list of idle, cold, asap')
  console.log(`\n  latchkey bench, --phone-compare: this checkout against ${other} and RainbowKit, taking turns\n`)
  const { browser, servers } = await buildAndServe({ other, latchkey: { page: 'fixture', sourcemap: true }, rainbowkit: { page: 'peer-rainbowkit', quiet: true } }, 'the library-only and RainbowKit pages')
  const pages = [
    { name: 'other build', server: servers.other },
    { name: 'this checkout', server: servers.latchkey },
    { name: 'RainbowKit', server: servers.rainbowkit },
  ]
  reportPhoneCompared(await measurePhoneCompared(browser, pages, rounds, kinds), kinds)
  console.log(`\n  Done in ${elapsed()}.\n`)
}

/**
 * `npm run bench -- --cold-content[=<dir>] [--rounds=N]`: what a cold first tap waits for on the library-only page
 * (coldContent.ts): N cold visits on the phone profile (3 by default), then the files and modules fetched between the
 * tap and the first wallet row, by gzip size. Builds this checkout's page, or reads the one built in `<dir>`
 * (`--build-fixture`); about a minute.
 */
export async function coldContentMain(): Promise<void> {
  const rounds = Number(argValue('rounds') ?? 3)
  if (!Number.isInteger(rounds) || rounds < 1) throw new BenchError('--rounds takes a whole number ≥ 1')
  console.log("\n  latchkey bench, --cold-content: what the library-only page's cold first tap waits for\n")
  const { browser, dirs, servers } = await buildAndServe({ latchkey: argValue('cold-content') || { page: 'fixture', sourcemap: true } }, 'the library-only page')
  const dir = dirs.latchkey
  reportColdContent(await measureColdContent(browser, servers.latchkey, dir, await readChunks(dir, join(benchDir, 'fixture')), rounds))
  console.log(`\n  Done in ${elapsed()}.\n`)
}

/**
 * `npm run bench -- --profile-tap[=cold] [--rounds=N] [--fixture=<dir>]`: where the phone's tap goes on the
 * library-only page (profileTap.ts): five taps (or N) under V8's profiler, by source file, with the renderer's style,
 * layout and script counters, after the idle prefetch or cold (Save-Data, the phone's network); this checkout's page, or
 * the one built in `<dir>` (`--build-fixture`, from another checkout); about a minute.
 */
export async function profileTapMain(): Promise<void> {
  const kind = argValue('profile-tap') || 'idle'
  const rounds = Number(argValue('rounds') ?? 5)
  if ((kind !== 'idle' && kind !== 'cold') || !Number.isInteger(rounds) || rounds < 1) throw new BenchError('--profile-tap takes idle or cold, --rounds a whole number ≥ 1')
  console.log(`\n  latchkey bench, --profile-tap=${kind}: the phone's tap on the library-only page, by source file\n`)
  const { browser, dirs, servers } = await buildAndServe({ latchkey: argValue('fixture') || { page: 'fixture', sourcemap: true } }, 'the library-only page')
  reportTapProfile(await profileTap(browser, servers.latchkey, dirs.latchkey, rounds, kind))
  console.log(`  Done in ${elapsed()}.\n`)
}

/**
 * `npm run bench -- --size`: only the initial JS of the library-only page (the first size budget): builds it and
 * the React-only floor, loads both in Chromium (no click), and prints the total, the split by origin (folders and
 * packages), and latchkey's own files one by one; no anvils, timings, peer, lazy rule or first uses; about 15 s.
 */
export async function sizeMain(): Promise<void> {
  console.log("\n  latchkey bench, --size: the library-only page's initial JS only\n")
  const { browser, dirs } = await buildAndLaunch({ latchkey: { page: 'fixture', sourcemap: true }, 'react-only': { page: 'react-only' } }, 'the library-only and React-only pages')
  const latchkey = await loadPage(browser, dirs.latchkey, join(benchDir, 'fixture'))
  const reactOnly = await loadPage(browser, dirs['react-only'], join(benchDir, 'react-only'))
  log('loaded the pages')
  const sources = await originsOf(latchkey)
  const total = totalOf(latchkey.load.initialJs)
  const floor = totalOf(reactOnly.load.initialJs)
  console.log(`\n  Chromium ${browser.version()}; gzip level 9 of the files on disk; 1 kB = 1000 bytes.`)
  console.log(
    `  Library-only page: initial JS ${latchkey.load.initialJs.length} files, ${kB(total.bytes)} minified, ${kB(total.gzip)} gzip (budget ≤ 100 kB); React-only floor ${kB(floor.gzip)}; above it ${kB(total.gzip - floor.gzip)}.`,
  )
  console.log(`  Initial CSS: ${kB(totalOf(latchkey.load.initialCss).gzip)} gzip.`)
  console.log(
    renderTable(
      ['File', 'Chunk', 'minified', 'gzip'],
      latchkey.load.initialJs.map((f) => fileRow(f, latchkey.chunks)),
      ['left', 'left'],
    ),
  )
  reportOrigins(regroup(sources, folderOf))
  const own = sources.filter((o) => o.origin.startsWith('latchkey '))
  console.log("\n  latchkey's own files in the initial JS\n")
  console.log(
    renderTable(
      ['File', 'minified', '≈ gzip'],
      own.map((o) => [o.origin, kB(o.bytes), kB(o.gzip)]),
    ),
  )
  console.log(`\n  Done in ${elapsed()}.\n`)
}
