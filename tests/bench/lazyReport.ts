/**
 * The bench's lazy rule (lazyRule.ts) as measured and printed: the lazy libraries and features' code in the library-only
 * page's initial JS, the chunks holding the WalletConnect SDK and the Solana and Bitcoin code, the Chromium check of the
 * WalletConnect pick, and the multi-chain page.
 */
import { log, describe, loadPage, fileRow, originsOf } from './harness.ts'
import type { Measured, Origin } from './harness.ts'
import { join } from 'node:path'
import type { Relay, RelayStats } from '../../testing/node/relay/server.ts'
import type { Browser } from 'playwright'
import { benchDir } from './build.ts'
import type { ChunkInfo } from './build.ts'
import type { FirstUseResults } from './firstUse.ts'
import { ms, renderTable } from './report.ts'
import { kB, totalOf } from './sizes.ts'
import { bytesText, checkWalletConnectPick, chunkSet, firstFetchOf, isUniversalProvider, lazyFeatureModules, lazyFigures, lazyLibraries, lazyOwnModules, loadVerdict, moduleOrigin } from './lazyRule.ts'
import type { ChunkSet, LazyFigure, LazyGroup, WalletConnectPick } from './lazyRule.ts'

/** Loads the multi-chain page and opens its modal; a failure is reported, not fatal. */
export async function loadMultichain(browser: Browser, dir: string): Promise<Measured | { error: unknown }> {
  try {
    const page = await loadPage(browser, dir, join(benchDir, 'fixture-multichain'), [{ label: 'opening the modal', button: 'Connect Wallet', exact: true }])
    log('loaded the multi-chain page')
    return page
  } catch (error) {
    log(`could not load the multi-chain page: ${describe(error)}`)
    return { error }
  }
}

/** The Chromium check of WalletConnect's lazy load on the library-only page, with the relay's counters after it. */
export type WalletConnectResults = { pick?: WalletConnectPick; error?: unknown; relayUrl: string; relay: RelayStats }

/** Runs {@link checkWalletConnectPick} against the loopback relay; a failure is reported, not fatal. */
export async function measureWalletConnect(browser: Browser, page: Measured, relay: Relay): Promise<WalletConnectResults> {
  try {
    const pick = await checkWalletConnectPick(browser, page.server, relay.url)
    return { pick, relayUrl: relay.url, relay: relay.stats() }
  } catch (error) {
    return { error, relayUrl: relay.url, relay: relay.stats() }
  }
}

/** The lazy rule's figures for the report. */
export type LazyRuleResults = {
  /** The library-only page's initial JS: each lazy library and latchkey's own modules around them. */
  initial: LazyFigure[]
  /** The same page's initial JS: the code of the features that load on first use. */
  features: LazyFigure[]
  /** The {@link lazyParts} in the library-only build. */
  sets: ChunkSet[]
  walletConnect: WalletConnectResults
  /** The multi-chain page's figures, or why it could not be measured. */
  multichain: MultichainResults | { error: unknown }
}

/** The multi-chain page: its load, the lazy groups in its initial JS, and the {@link lazyParts} in its build. */
type MultichainResults = {
  page: Measured
  initial: LazyFigure[]
  /** Whether createModal imports the Solana / Bitcoin adapter (some chunk of the build holds it). */
  wired: { solana: boolean; bip122: boolean }
  sets: ChunkSet[]
}

const isModule = (id: string) => (moduleId: string) => moduleId === id

const ofPackage = (name: string) => (moduleId: string) => moduleOrigin(moduleId) === name

/** The parts of a build whose chunks the lazy rule follows; the first is the WalletConnect SDK. */
const lazyParts: ReadonlyArray<{ label: string; kind: ChunkSet['kind']; holds: (moduleId: string) => boolean }> = [
  { label: '@walletconnect/universal-provider', kind: 'library', holds: isUniversalProvider },
  { label: 'Solana adapter (adapters/solana.ts)', kind: 'adapter', holds: isModule('adapters/solana.ts') },
  { label: '@solana/web3.js (the Solana adapter loads it on use)', kind: 'library', holds: ofPackage('@solana/web3.js') },
  { label: 'Bitcoin adapter (adapters/bip122.ts)', kind: 'adapter', holds: isModule('adapters/bip122.ts') },
  { label: 'bitcoinjs-lib (adapters/bip122.psbt.ts, loaded on use)', kind: 'library', holds: ofPackage('bitcoinjs-lib') },
]

const lazyGroups = [...lazyLibraries, ...lazyOwnModules]

export const initialChunks = (page: Measured): ChunkInfo[] => page.load.initialJs.flatMap((f) => page.chunks.get(f.file) ?? [])

const partsOf = (page: Measured): Promise<ChunkSet[]> => Promise.all(lazyParts.map((part) => chunkSet(page.outDir, page.chunks, part)))

/** The lazy rule's figures from the library-only page, the WalletConnect check and the multi-chain page. */
export async function lazyRuleOf(latchkey: Measured, sources: Origin[], walletConnect: WalletConnectResults, multichain: Measured | { error: unknown }): Promise<LazyRuleResults> {
  return {
    initial: lazyFigures(lazyGroups, sources, initialChunks(latchkey)),
    features: lazyFigures(lazyFeatureModules, sources, initialChunks(latchkey)),
    sets: await partsOf(latchkey),
    walletConnect,
    multichain: 'error' in multichain ? multichain : await multichainOf(multichain),
  }
}

/** The multi-chain page's figures: wiring, lazy groups in its initial JS, and its lazy chunk sets. */
async function multichainOf(page: Measured): Promise<MultichainResults> {
  const holdsAny = (holds: (moduleId: string) => boolean): boolean => [...page.chunks.values()].some((c) => [...c.modules.keys()].some(holds))
  return {
    page,
    initial: lazyFigures(lazyGroups, await originsOf(page), initialChunks(page)),
    wired: { solana: holdsAny(isModule('adapters/solana.ts')), bip122: holdsAny(isModule('adapters/bip122.ts')) },
    sets: await partsOf(page),
  }
}

/** The lazy-rule tables: the columns, a group's row, and its line (`0 B in the initial JS`, or its figure and verdict). */
const headers = ['In the initial JS', 'Concern', 'minified (source maps)', '≈ gzip', 'modules in the initial chunks (bundler)']

const figureRow = (f: LazyFigure): string[] => [
  f.group.name,
  f.group.concern,
  bytesText(f.bytes),
  bytesText(f.gzip),
  f.modules.length ? `${f.modules.length}: ${f.modules.slice(0, 3).join(', ')}${f.modules.length > 3 ? ', …' : ''}` : '0',
]

const statement = (f: LazyFigure): string => {
  const disagree = (f.bytes === 0) !== (f.modules.length === 0) ? ' (source maps and module list disagree: check)' : ''
  if (f.bytes === 0) return `  ${f.group.name}: 0 B in the initial JS${disagree}`
  const verdict = f.group.allowed ? `allowed: ${f.group.allowed}` : 'THE LAZY RULE IS BROKEN'
  return `  ${f.group.name}: ${bytesText(f.bytes)} minified, ≈ ${bytesText(f.gzip)} gzip in the initial JS (${verdict})${disagree}`
}

/** The first-use runs of the library-only build (the pages `fixture…`, not `fixture-siwx` or `fixture-multichain`). */
export function libraryOnlyFetches(firstUse: FirstUseResults): FirstUseResults['fetches'] {
  return firstUse.fetches.filter((f) => f.page === 'fixture' || f.page.startsWith('fixture ') || f.page.startsWith('fixture,'))
}

/**
 * The email, social and names features' code in the library-only page's initial JS (a line per group, `THE LAZY RULE IS
 * BROKEN` when there), and when the first-use runs of the same build first fetched it (`fetches`; none: not run).
 */
export function reportFeatureLazyRule(features: readonly LazyFigure[], latchkey: Measured, fetches: FirstUseResults['fetches'] | undefined): void {
  const firstFetch = (group: LazyGroup): { cell: string; broken: boolean } => {
    if (!fetches) return { cell: 'first-use runs not made (--lazy-rule)', broken: false }
    if (group.allowed) return { cell: 'with the page (allowed)', broken: false }
    const when = firstFetchOf(group, latchkey.chunks, fetches)
    const fetched = when.filter((w) => w.label !== undefined)
    const broken = fetched.some((w) => w.label === 'page load')
    const cell = fetched.length ? fetched.map((w) => `${w.label === 'page load' ? 'PAGE LOAD' : `'${w.label}'`} (${w.page})`).join('; ') : `not fetched by the runs (${when.map((w) => w.page).join('; ')})`
    return { cell, broken }
  }
  console.log(
    '\n  Feature code that loads on first use only, library-only page: in its initial JS, and the first\n' + '  fetch of a chunk holding it in the first-use runs of the same build (the email login run with ?secure=)\n',
  )
  console.log(
    renderTable(
      [...headers, 'First fetched on (first-use runs)'],
      features.map((f) => [...figureRow(f), firstFetch(f.group).cell]),
      ['left', 'right', 'right', 'right', 'left', 'left'],
    ),
  )
  for (const f of features) {
    const { broken } = firstFetch(f.group)
    console.log(`${statement(f)}${broken ? ' — FETCHED WITH THE PAGE: THE LAZY RULE IS BROKEN' : ''}`)
  }
}

/** Prints the lazy rule's figures; a broken rule is printed in capitals, not hidden. */
export function reportLazyRule({ initial, features, sets, walletConnect, multichain }: LazyRuleResults, latchkey: Measured, fetches?: FirstUseResults['fetches']): void {
  console.log('\n  Lazy rule, library-only page (tests/bench/fixture: EVM only, mainnet; WalletConnect on by\n  default, with the hosted relay): the WalletConnect, Solana and Bitcoin code in its initial JS\n')
  console.log(renderTable(headers, initial.map(figureRow), ['left', 'right', 'right', 'right', 'left']))
  for (const f of initial) console.log(statement(f))

  reportFeatureLazyRule(features, latchkey, fetches)

  const phases = (page: Measured): string => ['page load', ...page.load.steps.map((step) => step.label)].join(', ')
  console.log(`\n  The chunks of the library-only build that hold the WalletConnect SDK and the Solana and Bitcoin code, and\n  whether the page fetched them (${phases(latchkey)})\n`)
  printSets(sets, latchkey, false)

  const [wc] = sets
  console.log("\n  WalletConnect: the lazy chunks holding @walletconnect/universal-provider, with what they import\n  statically beyond the page's entry (what picking WalletConnect fetches for the SDK)\n")
  const wcFiles = wc?.files ?? []
  const total = totalOf(wcFiles)
  console.log(renderTable(['File', 'Chunk', 'minified', 'gzip'], [...wcFiles.map((f) => fileRow(f, latchkey.chunks)), ['Total', '', kB(total.bytes), kB(total.gzip)]], ['left', 'left']))
  if (!wc?.holders.length) console.log('  ! No chunk of the build holds @walletconnect/universal-provider.')
  reportWalletConnectPick(walletConnect, new Set(wc?.holders ?? []), latchkey)

  console.log('\n  Solana and Bitcoin, multi-chain page (tests/bench/fixture-multichain: mainnet + Solana localnet +\n  Bitcoin regtest)\n')
  if ('error' in multichain) {
    console.log(`  ! Not measured: ${describe(multichain.error)}`)
    return
  }
  const { page, wired } = multichain
  const evm = totalOf(latchkey.load.initialJs)
  const multi = totalOf(page.load.initialJs)
  const wiring = (name: string, module: string, yes: boolean): string =>
    yes ? `  ${name}: wired (the build has a chunk holding ${module})` : `  ${name}: NOT WIRED YET (no chunk of the build holds ${module}: createModal does not import it, so the page ignores that network)`
  console.log(wiring('Solana', 'adapters/solana.ts', wired.solana))
  console.log(wiring('Bitcoin', 'adapters/bip122.ts', wired.bip122))
  console.log(
    '\n' +
      renderTable(
        ['Page', 'JS files', 'minified', 'gzip', 'Δ gzip vs EVM only'],
        [
          ['EVM only (tests/bench/fixture)', String(latchkey.load.initialJs.length), kB(evm.bytes), kB(evm.gzip), ''],
          ['EVM + Solana + Bitcoin (tests/bench/fixture-multichain)', String(page.load.initialJs.length), kB(multi.bytes), kB(multi.gzip), `${multi.gzip >= evm.gzip ? '+' : '−'}${kB(Math.abs(multi.gzip - evm.gzip))}`],
        ],
      ),
  )
  console.log("\n  The multi-chain page's initial JS files\n")
  console.log(
    renderTable(
      ['File', 'Chunk', 'minified', 'gzip'],
      page.load.initialJs.map((f) => fileRow(f, page.chunks)),
      ['left', 'left'],
    ),
  )
  console.log("\n  What the multi-chain page's initial JS holds of the WalletConnect, Solana and Bitcoin code\n")
  console.log(renderTable(headers, multichain.initial.map(figureRow), ['left', 'right', 'right', 'right', 'left']))
  console.log(`\n  The multi-chain build's chunks for the same parts, and whether the page fetched them (${phases(page)})\n`)
  printSets(multichain.sets, page, true)
  if (!wired.solana || !wired.bip122) {
    console.log("  Rows reading 'no chunk in this build' get their figures once createModal import()s the adapter for a configured namespace.")
  }
}

/**
 * Prints each part's chunks (with their static imports beyond the entry's), weighed, and when the page fetched them.
 *
 * @param configured whether the page configures the Solana and Bitcoin namespaces (their adapters may then load with it).
 */
function printSets(sets: readonly ChunkSet[], page: Measured, configured: boolean): void {
  const rows = sets.map((set) => {
    const sum = totalOf(set.files)
    const verdict = loadVerdict(set, page.load, configured)
    return set.holders.length ? [set.label, set.files.map((f) => `${f.file.replace(/^assets\//, '')} ${kB(f.gzip)}`).join(', '), kB(sum.bytes), kB(sum.gzip), verdict.text] : [set.label, '', '', '', verdict.text]
  })
  console.log(renderTable(['Part', 'Files (assets/, each gzip)', 'minified', 'gzip', 'Fetched'], rows, ['left', 'left', 'right', 'right', 'left']))
  console.log(
    '  Each part: the chunks holding its modules with the chunks they import statically, less those the entry imports:\n' +
      '  what its first load fetches at most (a chunk fetched earlier for another part is not fetched again).',
  )
}

/**
 * Prints the Chromium check of WalletConnect's lazy load: what the page fetched and opened before and after picking WalletConnect.
 * `wcFiles`: the lazy chunks that hold @walletconnect/universal-provider's modules.
 */
function reportWalletConnectPick({ pick, error, relayUrl, relay }: WalletConnectResults, wcFiles: ReadonlySet<string>, latchkey: Measured): void {
  console.log(`\n  In Chromium, library-only page with ?relay=${relayUrl} (a loopback relay, dev/relay)\n`)
  if (!pick) {
    console.log(`  ! The check did not run to its end: ${describe(error)}`)
    return
  }
  const sdk = (files: readonly string[]): string[] => files.filter((file) => wcFiles.has(file))
  const quietRow = (phase: string, js: readonly string[], sockets: readonly string[]): string[] => {
    const ok = sdk(js).length === 0 && sockets.length === 0
    return [phase, String(new Set(js).size), String(sdk(js).length), sockets.length ? sockets.join(', ') : '0', ok ? 'as the rule says: nothing of WalletConnect' : 'THE LAZY RULE IS BROKEN']
  }
  const pickedFiles = pick.pick.js.map((f) => f.file)
  const fetchedSdk = sdk(pickedFiles)
  const pickOk = fetchedSdk.length === wcFiles.size && wcFiles.size > 0 && pick.pick.sockets.length > 0
  const picked = totalOf(pick.pick.js)
  console.log(
    renderTable(
      ['Phase', 'JS files fetched', 'of them chunks holding universal-provider', 'WebSockets opened', 'Verdict'],
      [
        quietRow('page load', pick.load.js, pick.load.sockets),
        quietRow(`'Connect Wallet' → Connect dialog${pick.open.dialogShown ? '' : ' (the dialog did NOT show)'}`, pick.open.js, pick.open.sockets),
        [
          "'WalletConnect' row clicked",
          `${pickedFiles.length} (${kB(picked.gzip)} gzip)`,
          `${fetchedSdk.length} of ${wcFiles.size}`,
          pick.pick.sockets.length ? pick.pick.sockets.map((url) => url.replace(/\?.*$/, '?…')).join(', ') : '0',
          pickOk ? 'as the rule says: the SDK and its socket load now' : 'NOT AS EXPECTED: the SDK chunks or the socket did not load',
        ],
      ],
      ['left', 'right', 'right', 'left', 'left'],
    ),
  )
  console.log("\n  JS fetched after the click on 'WalletConnect'\n")
  console.log(renderTable(['File', 'Chunk', 'minified', 'gzip'], [...pick.pick.js.map((f) => fileRow(f, latchkey.chunks)), ['Total', '', kB(picked.bytes), kB(picked.gzip)]], ['left', 'left']))
  const served = Object.entries(relay.served)
    .map(([method, count]) => `${method} ×${count}`)
    .join(', ')
  console.log(
    `  Pairing QR code shown: ${pick.pick.qrAfterMs === undefined ? 'NO (not within the time-out)' : `yes, ≈ ${ms(pick.pick.qrAfterMs)} after the click (timed from Node)`}.` +
      (pick.blocked.length ? " Not a visitor's figure: the SDK waits for the hosted verify attestation, aborted here (see the timeline)." : ''),
  )
  console.log(`  The relay served: ${served || 'no request'}.`)
  console.log("  After the click on 'WalletConnect' (ms from the click, timed from Node):")
  for (const { atMs, what } of pick.pick.timeline) console.log(`    ${atMs.toFixed(0).padStart(6)}  ${what}`)
  if (pick.blocked.length) {
    const hosts = [...new Set(pick.blocked.map((url) => new URL(url).host))]
    console.log(`  Requests to hosted services, aborted here (the SDK's own calls, after the click): ${hosts.join(', ')}`)
  }
}
