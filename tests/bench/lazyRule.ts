/**
 * The lazy rule, checked on the bench's production builds:
 *
 * - WalletConnect: the WalletConnect universal provider's code and its socket load only when the visitor picks
 *   WalletConnect (or a stored session is restored), never with the page or with the modal;
 * - Solana and Bitcoin: the Solana (`@solana/web3.js`, `@wallet-standard/*`) and Bitcoin (`bitcoinjs-lib`,
 *   `@bitcoinerlab/secp256k1`) libraries load only when their namespace is configured and used; an EVM-only
 *   dapp ships none of their code.
 *
 * Two independent sources say what a built chunk holds: the hidden source maps (attribution.ts, minified
 * characters per package) and the bundler's own module list per chunk (vite.config.ts `chunkModules`). The
 * Chromium check ({@link checkWalletConnectPick}) says what a visitor's browser actually fetches and opens.
 */
import type { Browser } from 'playwright'
import { TIMEOUT_MS, trackNetwork } from './browser.ts'
import { packageOf } from './attribution.ts'
import type { PageLoad } from './browser.ts'
import { withStaticImports } from './build.ts'
import type { ChunkInfo } from './build.ts'
import type { StaticServer } from './serve.ts'
import { weighFile } from './sizes.ts'
import type { WeighedFile } from './sizes.ts'

/** A group of modules the lazy rule keeps out of the initial JS. */
export type LazyGroup = {
  /** As printed: `@walletconnect/*`, `latchkey adapters/solana*.ts`. */
  name: string
  /** What keeps it lazy, as the table's second column prints it. */
  concern: 'WalletConnect' | 'Solana and Bitcoin' | 'features on use'
  /** Whether an origin of attribution.ts `sourceOriginOf` (a package, or `latchkey <path>`) belongs to the group. */
  matches(origin: string): boolean
  /** Printed beside a figure that is not zero and is allowed (latchkey's own loaders). */
  allowed?: string
}

/** The libraries of the lazy rule: each must weigh 0 B in an EVM-only page's initial JS. */
export const lazyLibraries: readonly LazyGroup[] = [
  { name: '@walletconnect/*', concern: 'WalletConnect', matches: (o) => o.startsWith('@walletconnect/') },
  { name: '@solana/web3.js', concern: 'Solana and Bitcoin', matches: (o) => o === '@solana/web3.js' },
  { name: '@solana/* besides web3.js', concern: 'Solana and Bitcoin', matches: (o) => o.startsWith('@solana/') && o !== '@solana/web3.js' },
  { name: '@wallet-standard/*', concern: 'Solana and Bitcoin', matches: (o) => o.startsWith('@wallet-standard/') },
  { name: 'bitcoinjs-lib', concern: 'Solana and Bitcoin', matches: (o) => o === 'bitcoinjs-lib' },
  { name: '@bitcoinerlab/secp256k1', concern: 'Solana and Bitcoin', matches: (o) => o === '@bitcoinerlab/secp256k1' },
]

/**
 * latchkey's own modules around those libraries. The WalletConnect client (adapters/walletconnect.ts) is the
 * loader that `createModal` creates at once and that `import()`s the SDK on use, so it may be in the initial JS;
 * the Solana and Bitcoin adapters may not, on an EVM-only page.
 */
export const lazyOwnModules: readonly LazyGroup[] = [
  {
    name: 'latchkey adapters/walletconnect.ts',
    concern: 'WalletConnect',
    matches: (o) => o === 'latchkey adapters/walletconnect.ts',
    allowed: 'the loader: created with the modal, it import()s the SDK on use',
  },
  { name: 'latchkey adapters/solana*.ts', concern: 'Solana and Bitcoin', matches: (o) => /^latchkey adapters\/solana[^/]*\.ts$/.test(o) },
  { name: 'latchkey adapters/bip122*.ts', concern: 'Solana and Bitcoin', matches: (o) => /^latchkey adapters\/bip122[^/]*\.ts$/.test(o) },
]

/** A latchkey source origin (`latchkey machines/swap.ts`) matching one of `patterns` (paths), never a `.feature.ts` registration. */
const featureCode =
  (...patterns: RegExp[]) =>
  (origin: string): boolean => {
    if (!origin.startsWith('latchkey ') || origin.endsWith('.feature.ts')) return false
    const path = origin.slice('latchkey '.length)
    return patterns.some((p) => p.test(path))
  }

/**
 * The features whose code loads on their first use only (the email login and the frame behind it:
 * swap: names and the on-ramp; multi-wallet, whose switcher comes with Account's chunk). Their machines and assemblies must weigh 0 B in a page's initial JS and be
 * fetched on the visitor's intent; their views and view models must weigh 0 B there too, but may come earlier than the
 * first use, with the view that leads to them (Swap's view with Account; the email section with Connect's chunk). Their
 * registrations (`machines/<feature>.feature.ts`, plain objects the root reads) may be in the initial JS: the last
 * group weighs them, allowed.
 */
export const lazyFeatureModules: readonly LazyGroup[] = [
  { name: 'latchkey machines/emailLogin.ts, ui/assemble/emailLogin.ts (the email login machine)', concern: 'features on use', matches: featureCode(/^machines\/emailLogin\.ts$/, /^ui\/assemble\/emailLogin\.ts$/) },
  {
    name: "latchkey machines/emailLogin.connect.ts, ui/views/EmailLogin.tsx (its view model and section, in Connect's chunk)",
    concern: 'features on use',
    matches: featureCode(/^machines\/emailLogin\.connect\.ts$/, /^ui\/views\/EmailLogin\.tsx$/),
  },
  { name: 'latchkey machines/frame.ts, machines/frameRpc.ts (the frame, frame request and frame RPC machines)', concern: 'features on use', matches: featureCode(/^machines\/frame(Rpc)?(\.[\w.]+)?\.ts$/) },
  {
    name: 'latchkey ui/embedded.ts, ui/assemble/frameClient.ts, adapters/frame*.ts (the embedded wallet: RPC provider, frame client, transport, protocol)',
    concern: 'features on use',
    matches: featureCode(/^ui\/embedded(\.[\w.]+)?\.ts$/, /^ui\/assemble\/frameClient\.ts$/, /^adapters\/frame(\.[\w.]+)?\.ts$/),
  },
  { name: 'latchkey machines/swap.ts, machines/swap.setup.ts, ui/assemble/swap.ts (the swap machine)', concern: 'features on use', matches: featureCode(/^machines\/swap(\.setup)?\.ts$/, /^ui\/assemble\/swap\.ts$/) },
  {
    name: 'latchkey ui/views/Swap*.tsx, ui/hooks/swap.ts, machines/swap.{connect,tokens,messages}.ts (its views and view model, prefetched with Account)',
    concern: 'features on use',
    matches: featureCode(/^ui\/views\/Swap(SelectToken|Preview)?\.tsx$/, /^machines\/swap\.(connect|tokens|messages)\.ts$/, /^ui\/hooks\/swap\.ts$/),
  },
  {
    name: 'latchkey machines/names*.ts, ui/assemble/names.ts, ui/hooks/names.ts, ui/views/RegisterAccountName*.tsx (names)',
    concern: 'features on use',
    matches: featureCode(/^machines\/names(\.[\w.]+)?\.ts$/, /^ui\/assemble\/names\.ts$/, /^ui\/views\/RegisterAccountName(Success)?\.tsx$/, /^ui\/hooks\/names\.ts$/),
  },
  {
    name: 'latchkey machines/onramp*.ts, ui/assemble/onramp.ts, ui/hooks/onramp.ts, ui/views/OnRamp*.tsx (on-ramp)',
    concern: 'features on use',
    matches: featureCode(/^machines\/onramp(\.[\w.]+)?\.ts$/, /^ui\/assemble\/onramp\.ts$/, /^ui\/views\/OnRamp(Providers|Checkout)?\.tsx$/, /^ui\/hooks\/onramp\.ts$/),
  },
  {
    name: "latchkey machines/multiWallet*.ts, machines/walletBalance*.ts, machines/walletName.ts, ui/assemble/multiWallet.ts, ui/entries/multiWallet.tsx (multi-wallet: its charts and Account's switcher, with Account's chunk)",
    concern: 'features on use',
    matches: featureCode(/^machines\/multiWallet(\.connect)?\.ts$/, /^machines\/walletBalance(\.connect)?\.ts$/, /^machines\/walletName\.ts$/, /^ui\/assemble\/multiWallet\.ts$/, /^ui\/entries\/multiWallet\.tsx$/),
  },
  {
    name: 'latchkey machines/pay*.ts, ui/assemble/pay*.ts, ui/hooks/payFlow.ts, ui/views/Pay.tsx (pay: its chart, boundary check, exchange and storage, view)',
    concern: 'features on use',
    matches: featureCode(/^machines\/pay(\.(setup|input|exchange|stored|connect|wallets))?\.ts$/, /^ui\/assemble\/pay(\.solana|Exchange|Stored)?\.ts$/, /^ui\/hooks\/payFlow\.ts$/, /^ui\/views\/Pay\.tsx$/),
  },
  {
    name: 'latchkey machines/{emailLogin,swap,names,onramp,multiWallet,pay}.feature.ts (their registrations)',
    concern: 'features on use',
    matches: (o) => /^latchkey machines\/(emailLogin|swap|names|onramp|multiWallet|pay)\.feature\.ts$/.test(o),
    allowed: 'the registrations: plain objects the root reads',
  },
]

/** The origin of a module id of build.ts `ChunkInfo.modules`, named as attribution.ts `sourceOriginOf` names sources. */
export function moduleOrigin(moduleId: string): string {
  const inPackages = moduleId.lastIndexOf('node_modules/')
  if (inPackages >= 0) return packageOf(moduleId.slice(inPackages + 'node_modules/'.length)) ?? moduleId
  if (/(^|\/)(vite|rolldown)\//.test(moduleId)) return 'bundler runtime'
  if (moduleId.startsWith('/') || moduleId.startsWith('tests/') || !/\.[cm]?[jt]sx?$/.test(moduleId)) return 'not latchkey'
  return `latchkey ${moduleId}`
}

/** Whether a built chunk holds a module of `group` (by the bundler's module list). */
export function chunkHolds(chunk: ChunkInfo | undefined, group: LazyGroup): boolean {
  return !!chunk && [...chunk.modules.keys()].some((id) => group.matches(moduleOrigin(id)))
}

/**
 * When runs of one build first fetched code of `group`: per run (its `page`, in order of appearance), the label of the
 * first of its fetches (`page load`, then its steps) that fetched a chunk holding one of the group's modules, or
 * undefined when none did.
 *
 * @example firstFetchOf(swapGroup, chunks, [{ page: 'fixture', label: 'page load', files: [] }, { page: 'fixture', label: 'Swap', files: ['assets/swap-1.js'] }])
 * // [{ page: 'fixture', label: 'Swap' }]
 */
export function firstFetchOf(group: LazyGroup, chunks: Map<string, ChunkInfo>, fetches: ReadonlyArray<{ page: string; label: string; files: readonly string[] }>): Array<{ page: string; label: string | undefined }> {
  const found = new Map<string, string | undefined>()
  for (const { page, label, files } of fetches) {
    if (!found.has(page)) found.set(page, undefined)
    if (found.get(page) === undefined && files.some((file) => chunkHolds(chunks.get(file), group))) found.set(page, label)
  }
  return [...found].map(([page, label]) => ({ page, label }))
}

/** A {@link LazyGroup} in a page's initial JS. */
export type LazyFigure = {
  group: LazyGroup
  /** Minified bytes from the source maps (0 means no character of the group). */
  bytes: number
  /** Its share of the initial JS's gzip size, in proportion to the minified size. */
  gzip: number
  /** The group's modules that the bundler put into the initial chunks (an independent cross-check). */
  modules: string[]
}

/**
 * Weighs each group in a page's initial JS.
 *
 * @param origins the initial JS split by `sourceOriginOf` origin, in bytes and gzip bytes.
 * @param initialChunks the chunks of the initial JS.
 */
export function lazyFigures(groups: readonly LazyGroup[], origins: ReadonlyArray<{ origin: string; bytes: number; gzip: number }>, initialChunks: readonly ChunkInfo[]): LazyFigure[] {
  return groups.map((group) => {
    const mine = origins.filter((o) => group.matches(o.origin))
    const modules = initialChunks.flatMap((chunk) => [...chunk.modules.keys()].filter((id) => group.matches(moduleOrigin(id))))
    return {
      group,
      bytes: mine.reduce((sum, o) => sum + o.bytes, 0),
      gzip: mine.reduce((sum, o) => sum + o.gzip, 0),
      modules: [...new Set(modules)].sort(),
    }
  })
}

/**
 * A part of a build (the WalletConnect SDK, the Solana adapter, web3.js…): the chunks holding its modules, and
 * what fetching them costs.
 */
export type ChunkSet = {
  label: string
  /**
   * `library`: a third-party library of the lazy rule, which loads only when used; `adapter`: latchkey's own adapter,
   * which may load with the page when its namespace is configured (and never on a page without it).
   */
  kind: 'library' | 'adapter'
  /** Chunks holding at least one of its modules. */
  holders: string[]
  /**
   * The holders with the chunks they import statically, less the chunks the page's entry imports statically:
   * what loading it fetches at most (a shared chunk already fetched for something else is not fetched again).
   */
  files: WeighedFile[]
}

/** Finds the chunks holding a module that matches `holds` (a module id of build.ts `ChunkInfo.modules`), and weighs them. */
export async function chunkSet(outDir: string, chunks: Map<string, ChunkInfo>, part: { label: string; kind: ChunkSet['kind']; holds: (moduleId: string) => boolean }): Promise<ChunkSet> {
  const entry = new Set(
    withStaticImports(
      chunks,
      [...chunks.values()].filter((chunk) => chunk.entry).map((chunk) => chunk.file),
    ),
  )
  const holders = [...chunks.values()]
    .filter((chunk) => [...chunk.modules.keys()].some(part.holds))
    .map((chunk) => chunk.file)
    .sort()
  const files = withStaticImports(chunks, holders).filter((file) => !entry.has(file) || holders.includes(file))
  return { label: part.label, kind: part.kind, holders, files: await Promise.all(files.map((file) => weighFile(outDir, file))) }
}

/**
 * When a page fetched one of the set's holders: `page load`, the label of the first step that fetched one, or
 * undefined when none was fetched.
 */
export function whenFetched(set: ChunkSet, load: PageLoad): string | undefined {
  const fetched = (files: readonly WeighedFile[]): boolean => files.some((f) => set.holders.includes(f.file))
  if (fetched(load.initialJs)) return 'page load'
  return load.steps.find((step) => fetched(step.js))?.label
}

/**
 * The verdict on a set's loading: a library fetched before its use, or an adapter fetched on a page that does not
 * configure its namespace, breaks the rule; an adapter fetched with the page of a configured namespace does not.
 *
 * @param configured whether the page configures the namespace of an `adapter` set.
 */
export function loadVerdict(set: ChunkSet, load: PageLoad, configured: boolean): { text: string; broken: boolean } {
  if (!set.holders.length) return { text: 'no chunk in this build', broken: false }
  const when = whenFetched(set, load)
  if (!when) return { text: 'not fetched (loads on use)', broken: false }
  if (set.kind === 'adapter' && configured) return { text: `fetched on ${when} (its namespace is configured)`, broken: false }
  return { text: `FETCHED ON ${when.toUpperCase()}: THE LAZY RULE IS BROKEN`, broken: true }
}

/** True for a module of `@walletconnect/universal-provider`. */
export const isUniversalProvider = (moduleId: string): boolean => moduleOrigin(moduleId) === '@walletconnect/universal-provider'

/** What a page did in one phase of {@link checkWalletConnectPick}. */
export type PhaseTraffic = {
  /** JS files fetched from the page's server (paths relative to the build). */
  js: string[]
  /** WebSocket URLs opened. */
  sockets: string[]
}

/** The result of {@link checkWalletConnectPick}. */
export type WalletConnectPick = {
  /** The page's load, until its network was quiet. */
  load: PhaseTraffic
  /** The click on 'Connect Wallet', until the dialog showed and the network was quiet. */
  open: PhaseTraffic & { dialogShown: boolean }
  /** The click on the 'WalletConnect' row, until the QR code showed (or not) and the network was quiet. */
  pick: Omit<PhaseTraffic, 'js'> & {
    js: WeighedFile[]
    /** Milliseconds from the click to the pairing QR code in the page, timed from Node (includes Playwright's round trips); undefined if it never showed. */
    qrAfterMs: number | undefined
    /** What happened after the click, in order: milliseconds from the click (timed from Node) and what. */
    timeline: Array<{ atMs: number; what: string }>
  }
  /** Requests to anything but the page's server, aborted (hosted services the SDK calls). */
  blocked: string[]
}

/**
 * Loads the library-only page with `?relay=<relayUrl>` (the page passes it as `walletConnect.relayUrl`) in a
 * fresh context, records the JS files fetched and WebSockets opened while the page loads, while 'Connect Wallet'
 * opens the modal, and after a click on the Connect view's 'WalletConnect' row (until the pairing QR code shows
 * or {@link TIMEOUT_MS} passes, then a quiet network). Requests that leave the page's server are aborted and
 * listed; a WebSocket is not a request, so the relay socket goes through.
 *
 * @throws when 'Connect Wallet' or the 'WalletConnect' row is not found, or the network never goes quiet.
 */
export async function checkWalletConnectPick(browser: Browser, server: StaticServer, relayUrl: string): Promise<WalletConnectPick> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    page.setDefaultTimeout(TIMEOUT_MS)
    await context.route('**/*', (route) => (route.request().url().startsWith(server.url) ? route.continue() : route.abort('blockedbyclient')))
    const network = trackNetwork(page, server)
    let traffic: PhaseTraffic = { js: [], sockets: [] }
    let clicked: number | undefined
    const timeline: WalletConnectPick['pick']['timeline'] = []
    const note = (what: string): void => {
      if (clicked !== undefined) timeline.push({ atMs: performance.now() - clicked, what })
    }
    page.on('websocket', (socket) => {
      traffic.sockets.push(socket.url())
      note(`WebSocket opened: ${socket.url().replace(/\?.*$/, '')}`)
    })
    page.on('response', (response) => {
      const url = new URL(response.url())
      if (response.url().startsWith(server.url) && response.status() === 200 && /\.m?js$/.test(url.pathname)) {
        const file = decodeURIComponent(url.pathname).replace(/^\/+/, '')
        traffic.js.push(file)
        note(`fetched ${file}`)
      }
    })
    page.on('requestfailed', (request) => {
      if (!request.url().startsWith(server.url)) note(`aborted (hosted service) ${request.url().replace(/\?.*$/, '')}`)
    })
    const phase = (): PhaseTraffic => {
      const done = traffic
      traffic = { js: [], sockets: [] }
      return done
    }

    await page.goto(`${server.url}?${new URLSearchParams({ relay: relayUrl })}`, { waitUntil: 'load' })
    await network.quiet()
    const load = phase()

    await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
    const dialogShown = await page
      .getByRole('dialog')
      .waitFor({ state: 'visible' })
      .then(
        () => true,
        () => false,
      )
    await network.quiet()
    const open = { ...phase(), dialogShown }

    const start = performance.now()
    clicked = start
    await page.getByRole('button', { name: 'WalletConnect', exact: true }).click()
    const qrAfterMs = await page
      .getByTestId('pairing-qr')
      .waitFor({ state: 'visible' })
      .then(
        () => performance.now() - start,
        () => undefined,
      )
    if (qrAfterMs !== undefined) note('pairing QR code shown')
    await network.quiet()
    const picked = phase()
    const js = await Promise.all([...new Set(picked.js)].map((file) => weighFile(server.root, file)))
    return { load, open, pick: { sockets: picked.sockets, js, qrAfterMs, timeline }, blocked: network.foreign }
  } finally {
    await context.close()
  }
}

/** `bytes` as `0 B` when nothing, `N B` under a kilobyte, else kB with one decimal (1 kB = 1000 bytes). */
export function bytesText(bytes: number): string {
  if (bytes === 0) return '0 B'
  if (bytes < 1000) return `${Math.round(bytes)} B`
  return `${(bytes / 1000).toFixed(1)} kB`
}
