/**
 * What each feature's first use fetches: the fixture pages driven in Chromium with the gestures that
 * first use each feature of the registry (ui/features.ts) and the Solana and Bitcoin namespaces, recording the network
 * between the gesture and the view painted, then until the network is quiet.
 *
 * A run is a fresh browser context (empty cache) on a page built by the bench (`?firstUse&api=<reference server>`: the
 * page's services on the reference server, and its modal handed to the init script below, which adds a dapp's "Open
 * Account" button: the pages render `<ConnectButton/>` alone, which renders nothing once connected) and a list of
 * {@link Step}s. Each step arms an in-page probe, performs its gesture (a click), waits until the probe saw its view
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
 */
import type { Browser, BrowserContext, Page, Request, Route } from 'playwright'
import { base58Decode } from '../../adapters/solana.base58.ts'
import { DEV_ADDRESSES, devAccounts } from '../../dev/accounts.ts'
import { devBitcoinAccounts } from '../../dev/bitcoin/accounts.ts'
import { DEV_SOLANA_ADDRESSES } from '../../dev/solana/accounts.ts'
import { SOLANA_LOCALNET_CAIP_NETWORK_ID } from '../../dev/solana/network.ts'
import type { ViewSpec } from '../../machines/features.ts'
import { manifests } from '../../machines/manifests.ts'
import { isViewName } from '../../machines/views.ts'
import type { ViewName } from '../../machines/views.ts'
import { bitcoinRegtest, mainnet } from '../../adapters/networks.ts'
import { TIMEOUT_MS, trackNetwork } from './browser.ts'
import { withStaticImports } from './build.ts'
import type { ChunkInfo } from './build.ts'
import { moduleOrigin } from './lazyRule.ts'
import type { StaticServer } from './serve.ts'
import { weighFile } from './sizes.ts'
import type { WeighedFile } from './sizes.ts'

/**
 * The view registry as the bench reads it, from the feature manifests (machines/manifests.ts): each feature's views
 * with their module and their `next` views, and its parts. Not ui/features.ts itself: its loaders come from Vite's
 * `import.meta.glob`, which the bench's plain Node does not have.
 */
const benchRegistry = manifests.map((manifest) => ({
  id: manifest.id as string,
  parts: (manifest.parts ?? {}) as Readonly<Record<string, unknown>>,
  views: Object.fromEntries(
    Object.entries<ViewSpec>(manifest.views ?? {})
      .filter(([name]) => isViewName(name))
      .map(([name, spec]) => [name, { module: `ui/views/${spec.component ?? name}.tsx`, next: (spec.next ?? []).filter(isViewName) }]),
  ) as Partial<Record<ViewName, { module: string; next: ViewName[] }>>,
}))

/** The stand-in wallets' names in Connect (EIP-6963 `info.name`, Wallet Standard `name`). */
const BENCH_WALLET = 'Bench Wallet (stand-in)'
/** A second EIP-6963 stand-in (dev account 1), for the multi-wallet run: held beside the first. */
const BENCH_WALLET_2 = 'Bench Wallet 2 (stand-in)'
const BENCH_SOLANA_WALLET = 'Bench Solana Wallet (stand-in)'
const BENCH_BITCOIN_WALLET = 'Bench Bitcoin Wallet (stand-in)'

/** What a step waits for, as a JS expression over the probe's helpers `lk` (see {@link pageScript}). */
type Painted = string
const viewPainted = (view: ViewName): Painted => `lk.view(${JSON.stringify(view)})`
const tabPainted = (tab: string): Painted => `lk.tab(${JSON.stringify(tab)})`
/** The modal closed with a wallet connected (the page's "Open Account" button shows). */
const connectedAndClosed: Painted = 'lk.closed()'

/** One gesture of a run. */
export type Step = {
  /** The registry id of the feature it first uses (`ui/features.ts`), or the namespace (`solana`, `bip122`); none: a setup step, not a row. */
  feature?: string
  /** What is first used, as printed (`Send`, `Account: NFTs tab`). */
  label: string
  /** The gesture, as printed. */
  gesture: string
  act(page: Page): Promise<void>
  painted: Painted
  /** The registry views the step paints (their `next` views' chunks count as prefetched). */
  views: readonly ViewName[]
  /** A setup step that should fetch nothing (a Back): whatever it fetches is listed under the table. */
  quiet?: boolean
}

/** A JS or CSS file of the build fetched during a step. */
export type FetchedFile = WeighedFile & { name: string }

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
 * (the page's `?secure=`) and the link of the newest "Verify this device" mail sent to an address (its SMTP mailbox).
 */
export type BenchSecureSite = { url: string; deviceLink(to: string): string | undefined }

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
      emailSteps(email, () => secure.deviceLink(email)),
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

const click =
  (name: string | RegExp, exact = true) =>
  async (page: Page) => {
    await page
      .getByRole('button', { name, exact: typeof name === 'string' ? exact : false })
      .first()
      .click()
  }
const clickTab = (name: string) => async (page: Page) => {
  await page.getByRole('tab', { name, exact: true }).click()
}
const back: Step = { label: 'Back', gesture: "click 'Back'", act: click('Back'), painted: 'true', views: [], quiet: true }

/** Connect, AllWallets, the browser wallet, Account and its tabs, SwitchNetwork, Receive, Send (library-only page). */
function evmSteps(): Step[] {
  return [
    { feature: 'connect', label: 'Connect (wallets list)', gesture: "click 'Connect Wallet'", act: click('Connect Wallet'), painted: viewPainted('Connect'), views: ['Connect'] },
    { feature: 'connect', label: 'AllWallets', gesture: "click 'All Wallets'", act: click('All Wallets'), painted: `${viewPainted('AllWallets')} && lk.rows() > 0`, views: ['AllWallets'] },
    { ...back, painted: viewPainted('Connect') },
    {
      feature: 'connect',
      label: 'Browser wallet (ConnectingExternal)',
      gesture: `click '${BENCH_WALLET}' → connected, modal closed`,
      act: click(BENCH_WALLET),
      painted: connectedAndClosed,
      views: ['ConnectingExternal'],
    },
    { feature: 'account', label: 'Account (Tokens tab)', gesture: "click the page's 'Open Account'", act: click('Open Account'), painted: viewPainted('Account'), views: ['Account'] },
    { feature: 'account', label: 'Account: NFTs tab', gesture: "click the 'NFTs' tab", act: clickTab('NFTs'), painted: tabPainted('NFTs'), views: ['Account'] },
    { feature: 'account', label: 'Account: Activity tab', gesture: "click the 'Activity' tab", act: clickTab('Activity'), painted: tabPainted('Activity'), views: ['Account'] },
    { feature: 'network', label: 'SwitchNetwork', gesture: "click Account's network button", act: click(/^Switch network/), painted: viewPainted('SwitchNetwork'), views: ['SwitchNetwork'] },
    { ...back, painted: viewPainted('Account') },
    { feature: 'receive', label: 'Receive', gesture: "click 'Receive'", act: click('Receive'), painted: viewPainted('Receive'), views: ['Receive'] },
    { ...back, painted: viewPainted('Account') },
    { feature: 'onramp', label: 'OnRamp (buy form, options)', gesture: "click 'Buy'", act: click('Buy'), painted: `${viewPainted('OnRamp')} && lk.text().includes('You buy')`, views: ['OnRamp'] },
    { feature: 'onramp', label: 'OnRampProviders', gesture: "click the form's provider button", act: click(/^Provider:/), painted: viewPainted('OnRampProviders'), views: ['OnRampProviders'] },
    { ...back, painted: viewPainted('OnRamp') },
    { ...back, painted: viewPainted('Account') },
    // Swap: its view comes prefetched with Account (a next view); its machine with the click.
    { feature: 'swap', label: 'Swap (form, tokens)', gesture: "click 'Swap'", act: click('Swap'), painted: `${viewPainted('Swap')} && lk.text().includes('You pay')`, views: ['Swap'] },
    { feature: 'swap', label: 'SwapSelectToken', gesture: "click the form's 'You receive' token button", act: click(/^You receive:/), painted: viewPainted('SwapSelectToken'), views: ['SwapSelectToken'] },
    {
      label: 'pick DEV',
      gesture: "click the 'DEV' row",
      act: async (page) =>
        page
          .getByRole('button', { name: /Dev Token/ })
          .first()
          .click(),
      painted: viewPainted('Swap'),
      views: ['Swap'],
      quiet: true,
    },
    {
      feature: 'swap',
      label: 'SwapPreview (quote, fee)',
      gesture: "type 0.01 (ETH → DEV), click 'Review swap' once the quote is in",
      act: async (page) => {
        await page.getByLabel('You pay', { exact: true }).fill('0.01')
        // Playwright's click waits until the button is enabled (the quote in).
        await page.getByRole('button', { name: 'Review swap', exact: true }).click()
      },
      painted: `${viewPainted('SwapPreview')} && !lk.text().includes('Preparing')`,
      views: ['SwapPreview'],
    },
    { ...back, painted: viewPainted('Swap') },
    { ...back, painted: viewPainted('Account') },
    { feature: 'send', label: 'Send (form)', gesture: "click 'Send'", act: click('Send'), painted: `${viewPainted('Send')} && lk.text().includes('ETH')`, views: ['Send'] },
    { feature: 'send', label: 'SendSelectToken', gesture: "click the form's token button", act: click(/^Token:/), painted: viewPainted('SendSelectToken'), views: ['SendSelectToken'] },
    { label: 'pick ETH', gesture: "click the 'Ether' row", act: click(/^Ether/), painted: viewPainted('Send'), views: ['Send'], quiet: true },
    {
      feature: 'send',
      label: 'SendPreview (fee estimate)',
      gesture: `type 0.01 and ${DEV_ADDRESSES[1]!.slice(0, 6)}…, click 'Review send'`,
      act: async (page) => {
        await page.getByLabel('Amount', { exact: true }).fill('0.01')
        await page.getByLabel('To', { exact: true }).fill(DEV_ADDRESSES[1]!)
        await page.getByRole('button', { name: 'Review send', exact: true }).click()
      },
      painted: `${viewPainted('SendPreview')} && !lk.text().includes('Loading')`,
      views: ['SendPreview'],
    },
  ]
}

/**
 * Multi-wallet on the library-only page with `?multiWallet` (spec §6): the first stand-in connected, Account's 'Add
 * wallet' → Connect over Account → the second stand-in held beside it, then Account's switcher, and one press on
 * 'Switch to' the first: painted when the first's row is marked active (the switcher's own paint of the switch), then
 * when the modal's account is the first's again (its wallet restored without a prompt).
 */
function multiWalletSteps(): Step[] {
  const first = DEV_ADDRESSES[0]!
  return [
    { label: 'Connect', gesture: "click 'Connect Wallet'", act: click('Connect Wallet'), painted: viewPainted('Connect'), views: ['Connect'] },
    { label: 'first wallet', gesture: `click '${BENCH_WALLET}' → connected, modal closed`, act: click(BENCH_WALLET), painted: connectedAndClosed, views: [] },
    { label: 'Account', gesture: "click the page's 'Open Account'", act: click('Open Account'), painted: viewPainted('Account'), views: ['Account'] },
    { feature: 'multiWallet', label: 'Add wallet (Connect over Account)', gesture: "click 'Add wallet'", act: click('Add wallet'), painted: viewPainted('Connect'), views: ['Connect'] },
    { feature: 'multiWallet', label: 'second wallet held', gesture: `click '${BENCH_WALLET_2}' → connected, modal closed`, act: click(BENCH_WALLET_2), painted: connectedAndClosed, views: [] },
    {
      feature: 'multiWallet',
      label: 'Account with the switcher',
      gesture: "click the page's 'Open Account'",
      act: click('Open Account'),
      painted: `${viewPainted('Account')} && lk.active().includes(${JSON.stringify(BENCH_WALLET_2)})`,
      views: ['Account'],
    },
    {
      feature: 'multiWallet',
      label: 'Switch: marked active',
      gesture: `click 'Switch to ${BENCH_WALLET}'`,
      act: click(`Switch to ${BENCH_WALLET}`),
      painted: `lk.active().includes(${JSON.stringify(BENCH_WALLET)})`,
      views: ['Account'],
    },
    {
      feature: 'multiWallet',
      label: 'Switch back: account restored',
      gesture: `click 'Switch to ${BENCH_WALLET_2}', until the modal's account is it and no switch is under way`,
      act: click(`Switch to ${BENCH_WALLET_2}`),
      painted: `lk.active().includes(${JSON.stringify(BENCH_WALLET_2)}) && window.__benchModal.getState().account.address !== ${JSON.stringify(first)} && window.__benchModal.getState().account.isConnected && !window.__benchModal.getState().connections?.isSwitching`,
      views: ['Account'],
    },
  ]
}

/**
 * Names, on the library-only page with the stand-in wallet on dev account {@link NAMELESS_DEV_ACCOUNT}
 * (Account offers 'Register a name' only to an account without one): the form, then a name typed, its availability
 * checked, and 'Register' (the stand-in signs) until the success view. Before connecting, onboarding's two views
 * (Connect's 'New to wallets?').
 */
function namesSteps(): Step[] {
  const name = 'bench-visitor'
  return [
    { label: 'Connect', gesture: "click 'Connect Wallet'", act: click('Connect Wallet'), painted: viewPainted('Connect'), views: ['Connect'] },
    // Onboarding: Connect's 'New to wallets?' link, not prefetched by Connect.
    { feature: 'onboarding', label: 'WhatIsAWallet', gesture: "click Connect's 'New to wallets?'", act: click('New to wallets?'), painted: viewPainted('WhatIsAWallet'), views: ['WhatIsAWallet'] },
    { feature: 'onboarding', label: "GetWallet (the directory's wallets)", gesture: "click 'Get a wallet'", act: click('Get a wallet'), painted: viewPainted('GetWallet'), views: ['GetWallet'] },
    { ...back, painted: viewPainted('WhatIsAWallet') },
    { ...back, painted: viewPainted('Connect') },
    { label: 'EVM wallet', gesture: `click '${BENCH_WALLET}'`, act: click(BENCH_WALLET), painted: connectedAndClosed, views: ['ConnectingExternal'] },
    { label: 'Open Account', gesture: "click 'Open Account'", act: click('Open Account'), painted: `${viewPainted('Account')} && lk.text().includes('Register a name')`, views: ['Account'] },
    { feature: 'names', label: 'RegisterAccountName (form)', gesture: "click 'Register a name'", act: click('Register a name'), painted: viewPainted('RegisterAccountName'), views: ['RegisterAccountName'] },
    {
      feature: 'names',
      label: 'RegisterAccountNameSuccess (check, sign, register)',
      gesture: `type '${name}', wait for 'available', click 'Register' → registered (ms from the click)`,
      act: async (page) => {
        await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
        await page.getByTestId('name-status').getByText('is available').waitFor()
        await page.getByRole('button', { name: 'Register', exact: true }).click()
      },
      painted: viewPainted('RegisterAccountNameSuccess'),
      views: ['RegisterAccountNameSuccess'],
    },
  ]
}

/**
 * The email login, on the library-only page with `?secure=` (the embedded wallet on the bench's secure
 * site): an email typed in Connect and submitted (the email login's machine, the embedded wallet and the frame load
 * with the typing; the frame page and the secure site's API on submit) until 'Approve this device', then the mailed
 * device link opened from Node until connected.
 */
function emailSteps(email: string, deviceLink: () => string | undefined): Step[] {
  return [
    { label: 'Connect', gesture: "click 'Connect Wallet'", act: click('Connect Wallet'), painted: `${viewPainted('Connect')} && lk.text().includes('Continue')`, views: ['Connect'] },
    {
      feature: 'embeddedWallet',
      label: "Email login (typed, submitted → 'Approve this device')",
      gesture: `type ${email} (fill), press Enter (ms from the Enter)`,
      act: async (page) => {
        const field = page.getByRole('textbox', { name: 'Email', exact: true })
        await field.fill(email)
        await field.press('Enter')
      },
      painted: `${viewPainted('Connect')} && lk.text().includes('Approve this device')`,
      views: [],
    },
    {
      feature: 'embeddedWallet',
      label: 'Email login: device link opened → connected',
      gesture: 'open the mailed link (from Node) → connected, modal closed',
      act: async (page) => {
        const deadline = Date.now() + TIMEOUT_MS
        let link = deviceLink()
        while (!link && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 100))
          link = deviceLink()
        }
        if (!link) throw new Error(`No device mail to ${email} within ${TIMEOUT_MS} ms`)
        await page.evaluate('window.__benchBegin()')
        const answer = await fetch(link)
        if (!answer.ok) throw new Error(`The device link answered ${answer.status}`)
      },
      painted: connectedAndClosed,
      views: [],
    },
    // The embedded wallet's profile and an unsafe request approved in the frame (ApproveTransaction).
    { label: 'Open Account', gesture: "click 'Open Account'", act: click('Open Account'), painted: `${viewPainted('Account')} && lk.text().includes('Your wallets')`, views: ['Account'] },
    {
      feature: 'profile',
      label: 'ProfileWallets',
      gesture: "click Account's 'Your wallets'",
      act: click('Your wallets'),
      painted: `${viewPainted('ProfileWallets')} && !lk.text().includes('Loading your wallets')`,
      views: ['ProfileWallets'],
    },
    { ...back, painted: viewPainted('Account') },
    { feature: 'profile', label: 'UpdateEmailWallet', gesture: "click Account's 'Change email'", act: click('Change email'), painted: viewPainted('UpdateEmailWallet'), views: ['UpdateEmailWallet'] },
    { ...back, painted: viewPainted('Account') },
    { label: 'Send', gesture: "click 'Send'", act: click('Send'), painted: `${viewPainted('Send')} && lk.text().includes('ETH')`, views: ['Send'] },
    {
      label: 'SendPreview',
      gesture: "type 0.01 and a receiver, click 'Review send'",
      act: async (page) => {
        await page.getByLabel('Amount', { exact: true }).fill('0.01')
        await page.getByLabel('To', { exact: true }).fill(DEV_ADDRESSES[1]!)
        await page.getByRole('button', { name: 'Review send', exact: true }).click()
      },
      painted: `${viewPainted('SendPreview')} && !lk.text().includes('Loading')`,
      views: ['SendPreview'],
    },
    {
      feature: 'embeddedWallet',
      label: 'ApproveTransaction (the frame asks)',
      gesture: "click 'Send' in the preview → the frame's approval shown",
      act: click('Send'),
      painted: viewPainted('ApproveTransaction'),
      views: ['ApproveTransaction'],
    },
  ]
}

/** Farcaster login, on the library-only page with `?secure=`: Connect's Farcaster entry until its QR code. */
function farcasterSteps(): Step[] {
  return [
    { label: 'Connect', gesture: "click 'Connect Wallet'", act: click('Connect Wallet'), painted: `${viewPainted('Connect')} && lk.text().includes('Continue')`, views: ['Connect'] },
    {
      feature: 'farcasterLogin',
      label: 'ConnectingFarcaster (QR code)',
      gesture: "click 'Continue with Farcaster'",
      act: click('Continue with Farcaster'),
      painted: `${viewPainted('ConnectingFarcaster')} && lk.has('[data-testid=farcaster-qr]')`,
      views: ['ConnectingFarcaster'],
    },
  ]
}

/** Sign-in (SIWX), on the library-only page with `siwx: createSiwx({ url: <reference server>/siwx })` (fixture-siwx). */
function siwxSteps(): Step[] {
  return [
    { label: 'Connect', gesture: "click 'Connect Wallet'", act: click('Connect Wallet'), painted: viewPainted('Connect'), views: ['Connect'] },
    {
      feature: 'siwx',
      label: 'SIWXSignMessage (prompt)',
      gesture: `click '${BENCH_WALLET}' → connected, sign-in asked`,
      act: click(BENCH_WALLET),
      painted: viewPainted('SIWXSignMessage'),
      // ConnectingExternal shows on the way (connect's, prefetched while Connect showed): only the prompt is sign-in's.
      views: ['SIWXSignMessage'],
    },
    { feature: 'siwx', label: 'Sign in (message, signature, verification)', gesture: "click 'Sign' → signed in, modal closed", act: click('Sign'), painted: connectedAndClosed, views: [] },
  ]
}

/** The Solana and Bitcoin namespaces on the multi-chain page, reached from an EVM connection through SwitchNetwork. */
function namespaceSteps(): Step[] {
  const toNetwork = (namespace: 'solana' | 'bip122', network: string, wallet: string): Step[] => [
    { label: 'Open Account', gesture: "click 'Open Account'", act: click('Open Account'), painted: viewPainted('Account'), views: ['Account'] },
    { label: 'SwitchNetwork', gesture: 'click the network button', act: click(/^Switch network/), painted: viewPainted('SwitchNetwork'), views: ['SwitchNetwork'] },
    { feature: namespace, label: `${network}: SwitchActiveChain`, gesture: `click '${network}'`, act: click(network), painted: viewPainted('SwitchActiveChain'), views: ['SwitchActiveChain'] },
    {
      feature: namespace,
      label: `${network}: Connect (its wallets)`,
      gesture: "click 'Connect a wallet'",
      act: click('Connect a wallet'),
      painted: `${viewPainted('Connect')} && lk.text().includes(${JSON.stringify(wallet)})`,
      views: ['Connect'],
    },
    // ConnectingExternal shows on the way (connect's, fetched for the EVM wallet): nothing of it is the namespace's.
    { feature: namespace, label: `${network}: connect a wallet (balance)`, gesture: `click '${wallet}' → connected, modal closed`, act: click(wallet), painted: connectedAndClosed, views: [] },
  ]
  return [
    { label: 'Connect', gesture: "click 'Connect Wallet'", act: click('Connect Wallet'), painted: viewPainted('Connect'), views: ['Connect'] },
    { label: 'EVM wallet', gesture: `click '${BENCH_WALLET}'`, act: click(BENCH_WALLET), painted: connectedAndClosed, views: ['ConnectingExternal'] },
    ...toNetwork('solana', 'Solana Localnet', BENCH_SOLANA_WALLET),
    ...toNetwork('bip122', 'Bitcoin Regtest', BENCH_BITCOIN_WALLET),
  ]
}

type RunOptions = {
  apiUrl: string
  rpcUrl: string
  /** As printed in the rows. */
  page: string
  /** The dev account the EVM stand-in answers with (default 0). */
  account?: number
  /** More of the page's query (`secure`). */
  query?: Record<string, string>
  /** More origins the page may reach (the secure site), beside its own, the reference server and the routed RPC URLs. */
  allow?: readonly string[]
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

/** The stand-in wallets, the paint probe, and the routes of the RPC URLs; everything else off the page is aborted. */
async function prepareContext(context: BrowserContext, server: StaticServer, options: RunOptions, results: FirstUseResults): Promise<void> {
  const evmAccount = devAccounts()[options.account ?? 0]!
  const bitcoin = devBitcoinAccounts()[0]!.payment
  const solanaAddress = DEV_SOLANA_ADDRESSES[0]!
  await context.exposeBinding('__benchWalletRequest', async (_source, request: { method: string; params?: unknown[]; wallet?: 'second' }) => {
    try {
      return { result: await evmWallet(request, request.wallet === 'second' ? devAccounts()[1]! : evmAccount, options.rpcUrl) }
    } catch (error) {
      const e = error as { code?: number; message?: string }
      return { error: { code: typeof e.code === 'number' ? e.code : -32603, message: e.message ?? String(error) } }
    }
  })
  await context.addInitScript({
    content: pageScript({
      evm: { name: BENCH_WALLET, second: BENCH_WALLET_2 },
      solana: { name: BENCH_SOLANA_WALLET, address: solanaAddress, publicKey: [...base58Decode(solanaAddress)], chain: SOLANA_LOCALNET_CAIP_NETWORK_ID },
      bitcoin: { name: BENCH_BITCOIN_WALLET, address: bitcoin.address, publicKey: [...bitcoin.publicKey], chain: 'bitcoin:regtest' },
    }),
  })
  const bitcoinApi = bitcoinRegtest.rpcUrls.default.http[0]!.replace(/\/blockchain$/, '')
  const mainnetRpc = mainnet.rpcUrls.default.http[0]!.replace(/\/$/, '')
  await context.route('**/*', async (route: Route) => {
    const url = route.request().url()
    if (url.startsWith(server.url) || url.startsWith(options.apiUrl) || url.startsWith('data:') || (options.allow ?? []).some((origin) => url.startsWith(origin))) return route.continue()
    // The multi-chain page's Bitcoin regtest reads the dev API port: answered by the bench's reference server.
    if (url.startsWith(`${bitcoinApi}/`)) {
      const response = await route.fetch({ url: options.apiUrl + url.slice(bitcoinApi.length) })
      return route.fulfill({ response })
    }
    if (url.startsWith('http://127.0.0.1:8899')) return route.fulfill(solanaRpc(route.request()))
    // Mainnet's public RPC (the page's network; the embedded wallet's frame reads through it): the bench's anvil.
    if (url === mainnetRpc || url === `${mainnetRpc}/`) {
      try {
        return await route.fulfill(await mainnetRpcAnswer(route.request(), options.rpcUrl))
      } catch (error) {
        // A route left unanswered would hang the request (and the quiet network) forever.
        results.aborted.push(`${url} (the bench could not answer it: ${error instanceof Error ? error.message : String(error)})`)
        return route.abort('failed').catch(() => undefined)
      }
    }
    if (!results.aborted.includes(url)) results.aborted.push(url)
    return route.abort('blockedbyclient')
  })
}

/** The stand-in EVM wallet's answers (a dev account, 0 unless the run says, on eip155:1; reads go to the bench's anvil). */
async function evmWallet(request: { method: string; params?: unknown[] }, account: ReturnType<typeof devAccounts>[number], rpcUrl: string): Promise<unknown> {
  const params = request.params ?? []
  switch (request.method) {
    case 'eth_requestAccounts':
    case 'eth_accounts':
      return [account.address]
    case 'eth_chainId':
      return '0x1'
    case 'personal_sign':
      return account.signMessage({ message: { raw: params[0] as `0x${string}` } })
    case 'wallet_switchEthereumChain':
      if ((params[0] as { chainId?: string } | undefined)?.chainId === '0x1') return null
      throw Object.assign(new Error('Unrecognized chain (bench stand-in: eip155:1 only)'), { code: 4902 })
    case 'wallet_revokePermissions':
      return null
    case 'eth_sendTransaction':
      throw Object.assign(new Error('The bench stand-in does not send'), { code: 4200 })
    default: {
      const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: request.method, params }) })
      const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
      if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code })
      return body.result
    }
  }
}

/**
 * Mainnet's public RPC URL, answered by the bench's anvil as chain 1: `eth_chainId` `0x1` and `net_version` `1` here,
 * every other call (or batch) forwarded.
 */
async function mainnetRpcAnswer(request: Request, rpcUrl: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' }
  if (request.method() === 'OPTIONS') return { status: 204, headers, body: '' }
  type Call = { id?: unknown; method?: string; params?: unknown[] }
  const answer = async (call: Call): Promise<unknown> => {
    if (call.method === 'eth_chainId') return { jsonrpc: '2.0', id: call.id, result: '0x1' }
    if (call.method === 'net_version') return { jsonrpc: '2.0', id: call.id, result: '1' }
    const response = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', ...call }) })
    return response.json()
  }
  const body = request.postDataJSON() as Call | Call[]
  const result = Array.isArray(body) ? await Promise.all(body.map(answer)) : await answer(body)
  return { status: 200, headers, body: JSON.stringify(result) }
}

/** The Solana localnet RPC, answered here: `getBalance` 1 SOL, anything else a JSON-RPC error. */
function solanaRpc(request: Request): { status: number; headers: Record<string, string>; body: string } {
  const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' }
  if (request.method() === 'OPTIONS') return { status: 204, headers, body: '' }
  const call = (request.postDataJSON() ?? {}) as { id?: unknown; method?: string }
  const body =
    call.method === 'getBalance'
      ? { jsonrpc: '2.0', id: call.id, result: { context: { slot: 1 }, value: 1_000_000_000 } }
      : { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: `The bench answers getBalance only, not ${call.method}` } }
  return { status: 200, headers, body: JSON.stringify(body) }
}

/**
 * The init script of a first-use run: the paint probe and the stand-in wallets. A string, not a function: tsx
 * compiles this file with keepNames, whose helpers do not exist in the page.
 *
 * - `window.__benchArmPaint(condition)`: the next click (or keydown) marks the start; every animation frame then
 *   evaluates `condition` (a JS expression over `lk`); the frame after the first one where it holds ends the
 *   measure (`window.__benchPainted`, ms). Arming again cancels the previous arm.
 * - `lk.view(name)`: the modal's dialog shows that view (`data-view`), settled: no `aria-busy` on it or inside it,
 *   no skeleton (the shell's progressbar while a view's chunk is fetched). `lk.tab(name)`: Account with that tab selected, settled. `lk.closed()`: no dialog, and the
 *   page's "Open Account" button shows (a wallet is connected). `lk.text()`: the dialog's text. `lk.rows()`: rows of
 *   the AllWallets list in the DOM. `lk.has(selector)`: the dialog holds an element matching it. `__benchBegin()`:
 *   starts the armed measure now (a gesture made from Node).
 * - The page's "Open Account" button (a dapp's account button: `modal.open()` while connected), added when the page
 *   hands its modal over (`window.__benchModal = modal`, with `?firstUse`). Plain DOM.
 * - The EIP-6963 stand-in: announced now and on every `eip6963:requestProvider`; `request()` goes to the Node
 *   binding `__benchWalletRequest` (an EIP-1193 error object on refusal); `on`/`removeListener` keep listeners.
 * - The Wallet Standard stand-ins (Solana, Bitcoin): registered the Wallet Standard way, they connect at once with
 *   one account (no signing: the runs never sign there).
 */
function pageScript(wallets: {
  evm: { name: string; second: string }
  solana: { name: string; address: string; publicKey: number[]; chain: string }
  bitcoin: { name: string; address: string; publicKey: number[]; chain: string }
}): string {
  return String.raw`
(() => {
  const wallets = ${JSON.stringify(wallets)}
  const icon = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#888"/></svg>')
  const shadow = () => document.querySelector('[data-testid=latchkey-modal]')?.shadowRoot ?? null
  const dialog = () => shadow()?.querySelector('[role=dialog]') ?? null
  const settled = (d) => d.getAttribute('aria-busy') !== 'true' && !d.querySelector('[aria-busy=true], .lk-body [role=progressbar]')
  const lk = {
    view: (name) => { const d = dialog(); return !!d && d.getAttribute('data-view') === name && settled(d) },
    tab: (name) => {
      const d = dialog()
      const tab = d?.querySelector('[role=tab][aria-selected=true]')
      return !!d && d.getAttribute('data-view') === 'Account' && (tab?.textContent ?? '').trim() === name && settled(d)
    },
    closed: () => !dialog() && Array.from(document.querySelectorAll('body > button')).some((b) => b.textContent === 'Open Account' && !b.hidden),
    text: () => dialog()?.textContent ?? '',
    has: (selector) => !!dialog()?.querySelector(selector),
    rows: () => shadow()?.querySelectorAll('[data-testid=wallet-list] li').length ?? 0,
    active: () => dialog()?.querySelector('[data-testid=wallet-switcher] li[aria-current]')?.textContent ?? '',
  }
  window.__benchShown = () => { const d = dialog(); return d ? '[' + d.getAttribute('data-view') + '] ' + d.innerText.replace(/\s+/g, ' ') : '' }
  let generation = 0
  window.__benchArmPaint = (condition) => {
    const mine = ++generation
    window.__benchPainted = undefined
    const holds = new Function('lk', 'return (' + condition + ')')
    let start
    let frames = 0
    window.__benchPaintedFrame = undefined
    const frame = () => {
      if (mine !== generation) return
      frames += 1
      if (holds(lk)) {
        window.__benchPaintedFrame = frames
        requestAnimationFrame(() => { if (mine === generation) window.__benchPainted = performance.now() - start })
      } else requestAnimationFrame(frame)
    }
    const begin = () => {
      if (mine !== generation || start !== undefined) return
      start = performance.now()
      requestAnimationFrame(frame)
    }
    document.addEventListener('click', begin, { capture: true })
    document.addEventListener('keydown', begin, { capture: true })
    // A gesture made outside the page (the device link opened from Node): the measure starts when the bench says so.
    window.__benchBegin = begin
  }

  // A dapp's account button (bench only): the page hands its modal over with ?firstUse.
  let benchModal
  Object.defineProperty(window, '__benchModal', {
    configurable: true,
    get: () => benchModal,
    set(modal) {
      benchModal = modal
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = 'Open Account'
      button.addEventListener('click', () => modal.open())
      const show = () => { button.hidden = !modal.getState().account.isConnected }
      modal.subscribe(show)
      show()
      document.body.append(button)
    },
  })

  // EIP-6963 stand-in (bench only): its answers come from Node.
  const listeners = new Map()
  const provider = {
    async request({ method, params }) {
      const answer = await window.__benchWalletRequest({ method, params })
      if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code })
      return answer.result
    },
    on(event, listener) { listeners.set(event, [...(listeners.get(event) ?? []), listener]) },
    removeListener(event, listener) { listeners.set(event, (listeners.get(event) ?? []).filter((l) => l !== listener)) },
  }
  const info = Object.freeze({ uuid: '6f1c8a52-3d4e-4b7a-9c21-8e5f0d2b7a13', name: wallets.evm.name, icon, rdns: 'dev.latchkey.bench' })
  const detail = Object.freeze({ info, provider })
  // The second one (multi-wallet run): the same answers for dev account 1.
  const second = { ...provider, async request({ method, params }) {
    const answer = await window.__benchWalletRequest({ method, params, wallet: 'second' })
    if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code })
    return answer.result
  } }
  const secondDetail = Object.freeze({ info: Object.freeze({ uuid: '0d3b5e7a-9c1f-4e2d-8b6a-4f7e1c9d2a85', name: wallets.evm.second, icon, rdns: 'dev.latchkey.bench.second' }), provider: second })
  const announce = () => {
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: secondDetail }))
  }
  window.addEventListener('eip6963:requestProvider', announce)
  announce()

  // Wallet Standard stand-ins (bench only).
  const standardWallet = (spec, connectFeature, connect) => {
    const account = Object.freeze({ address: spec.address, publicKey: new Uint8Array(spec.publicKey), chains: [spec.chain], features: [], ...(spec.extra ?? {}) })
    let accounts = []
    const wallet = {
      version: '1.0.0',
      name: spec.name,
      icon,
      chains: [spec.chain],
      get accounts() { return accounts },
      features: {
        [connectFeature]: { version: '1.0.0', async connect() { accounts = [account]; return connect(account) } },
        'standard:disconnect': { version: '1.0.0', async disconnect() { accounts = [] } },
        'standard:events': { version: '1.0.0', on: () => () => {} },
        ...(spec.more ?? {}),
      },
    }
    const register = (api) => api.register(wallet)
    window.addEventListener('wallet-standard:app-ready', (event) => register(event.detail))
    window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }))
  }
  standardWallet(
    { ...wallets.solana, more: { 'solana:signMessage': { version: '1.0.0', async signMessage() { throw new Error('The bench stand-in does not sign') } } } },
    'standard:connect',
    (account) => ({ accounts: [account] }),
  )
  standardWallet(
    { ...wallets.bitcoin, extra: { purpose: 'payment', addressType: 'p2wpkh' } },
    'bitcoin:connect',
    (account) => ({ accounts: [account] }),
  )
})()
`
}

// ------------------------------------------------------------------ the network log

type Traffic = { files: string[]; requests: string[]; sockets: string[] }

/**
 * Records, from the page, the build's JS and CSS files fetched (200 from `server`), the other requests (by method and
 * path, with JSON-RPC methods), and WebSockets; `take()` returns what came since the last `take()`.
 */
function recordTraffic(page: Page, server: StaticServer, apiUrl: string, labels: Record<string, string> = {}): { take(): Traffic } {
  type Call = { name: string; outcome?: string }
  let files: string[] = []
  let calls: Call[] = []
  let sockets: string[] = []
  const pending = new Map<Request, Call>()
  page.on('response', (response) => {
    const url = response.url()
    const call = pending.get(response.request())
    if (call) {
      const status = response.status()
      if (status >= 400) call.outcome = String(status)
      return
    }
    if (!url.startsWith(server.url) || response.status() !== 200) return
    const path = decodeURIComponent(new URL(url).pathname).replace(/^\/+/, '')
    if (/\.(m?js|css)$/.test(path)) files.push(path)
  })
  page.on('request', (request) => {
    const url = request.url()
    if (url.startsWith(server.url) || url.startsWith('data:')) return
    const call: Call = { name: requestName(request, apiUrl, labels) }
    pending.set(request, call)
    calls.push(call)
  })
  page.on('requestfailed', (request) => {
    const call = pending.get(request)
    if (call) call.outcome = request.failure()?.errorText === 'net::ERR_BLOCKED_BY_CLIENT' ? 'aborted' : 'failed'
  })
  page.on('websocket', (socket) => sockets.push(socket.url().replace(/\?.*$/, '')))
  return {
    take() {
      const done = { files: [...new Set(files)], requests: countSame(calls.map((c) => (c.outcome ? `${c.name} → ${c.outcome}` : c.name))), sockets }
      files = []
      calls = []
      sockets = []
      pending.clear()
      return done
    },
  }
}

/**
 * `GET /blockchain/v1/account/{address}/balance`, `POST solana-rpc getBalance`, `GET /directory/getWalletImage/{id}`,
 * `POST secure site/api/connect-email` (an origin of `labels` by its label).
 */
export function requestName(request: Pick<Request, 'url' | 'method' | 'postDataJSON'>, apiUrl: string, labels: Record<string, string> = {}): string {
  const url = new URL(request.url())
  const labelled = Object.entries(labels).find(([origin]) => request.url().startsWith(origin))?.[1]
  const where = request.url().startsWith(apiUrl) ? '' : labelled ? `${labelled} ` : url.host === '127.0.0.1:8899' ? 'Solana RPC' : url.host
  const path = url.pathname
    .split('/')
    .map((part) => (/^0x[0-9a-fA-F]{40}$/.test(part) || /^(bc|tb|bcrt)1[0-9a-z]{20,}$/.test(part) || /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(part) ? '{address}' : /[0-9]/.test(part) && part.length >= 16 ? '{id}' : part))
    .join('/')
  let rpc = ''
  try {
    const body = request.postDataJSON() as { method?: unknown } | null
    if (body && typeof body.method === 'string') rpc = ` ${body.method}`
  } catch {
    // not JSON
  }
  return `${request.method()} ${where}${where && path === '/' ? '' : path}${rpc}`.replace(/\s+/g, ' ')
}

/** `['a', 'b', 'a']` → `['a ×2', 'b ×1']`, in first-seen order. */
function countSame(items: readonly string[]): string[] {
  const counts = new Map<string, number>()
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1)
  return [...counts].map(([item, n]) => `${item} ×${n}`)
}

// ------------------------------------------------------------------ chunks, named and split

/** The module of a registry view's chunk (`ui/views/Send.tsx`), read from its loader (`() => import('./views/Send.tsx')`). */
export function viewModule(view: ViewName): string | undefined {
  for (const feature of benchRegistry) {
    const found = feature.views[view]
    if (found) return found.module
  }
  return undefined
}

/** The registry's `next` views of `view`. */
function nextOf(view: ViewName): ViewName[] {
  for (const feature of benchRegistry) {
    const next = feature.views[view]?.next
    if (next) return [...next]
  }
  return []
}

/** The files a view's chunk loads: its chunk and the chunks it imports statically, transitively. */
function viewFiles(chunks: Map<string, ChunkInfo>, view: ViewName): Set<string> {
  const module = viewModule(view)
  const chunk = module ? [...chunks.values()].find((c) => c.label === module) : undefined
  return new Set(chunk ? withStaticImports(chunks, [chunk.file]) : [])
}

/**
 * Splits a step's files: the chunks of the views its views lead to (the registry's `next`, prefetched while they show),
 * less what the views themselves load, are `prefetched`; everything else is the step's `own`.
 */
export function splitPrefetched(chunks: Map<string, ChunkInfo>, views: readonly ViewName[], files: readonly string[]): { own: string[]; prefetched: string[] } {
  const mine = new Set(views.flatMap((v) => [...viewFiles(chunks, v)]))
  const ahead = new Set(
    views
      .flatMap((v) => nextOf(v))
      .flatMap((v) => [...viewFiles(chunks, v)])
      .filter((f) => !mine.has(f)),
  )
  return { own: files.filter((f) => !ahead.has(f)), prefetched: files.filter((f) => ahead.has(f)) }
}

/** The files of `views`' chunks beyond the initial JS (the entry's static imports) that the step did not fetch: fetched before. */
export function fetchedBefore(chunks: Map<string, ChunkInfo>, views: readonly ViewName[], fetched: readonly string[]): string[] {
  const initial = new Set(
    withStaticImports(
      chunks,
      [...chunks.values()].filter((c) => c.entry).map((c) => c.file),
    ),
  )
  const now = new Set(fetched)
  return [...new Set(views.flatMap((v) => [...viewFiles(chunks, v)]))].filter((f) => !initial.has(f) && !now.has(f))
}

/**
 * A built file named by its main module: a chunk's entry module (`ui/views/Send.tsx`, a package for one in
 * node_modules), else the origin holding most of its modules (bundler's module list), with how many others it holds.
 */
export function mainModuleOf(chunks: Map<string, ChunkInfo>, file: string): string {
  const chunk = chunks.get(file)
  if (!chunk) return file.replace(/^assets\//, '')
  const short = (id: string): string => moduleOrigin(id).replace(/^latchkey /, '')
  if (!chunk.shared) return chunk.label.includes('node_modules/') ? short(chunk.label) : chunk.label
  const byOrigin = new Map<string, number>()
  for (const [id, length] of chunk.modules) byOrigin.set(short(id), (byOrigin.get(short(id)) ?? 0) + length)
  const ranked = [...byOrigin].sort((a, b) => b[1] - a[1]).map(([origin]) => origin)
  if (!ranked.length) return `${chunk.label} (shared)`
  // The bundler names a shared chunk after one of its modules (`eip155.transfer`, `QrCode`): that one is its main module.
  const named = [...chunk.modules.keys()].find((id) => id.replace(/^.*\//, '').replace(/\.[cm]?[jt]sx?$/, '') === chunk.label)
  const origin = named ? short(named) : ranked[0]!
  // A package's module keeps its file name (`@noble/hashes (sha256.js)`): packages have many chunks.
  const main = named?.includes('node_modules/') ? `${origin} (${named.replace(/^.*\//, '')})` : origin
  const others = ranked.filter((o) => o !== origin)
  return others.length ? `${main} (+ ${others.slice(0, 2).join(', ')}${others.length > 2 ? ', …' : ''})` : main
}

async function weighNamed(server: StaticServer, chunks: Map<string, ChunkInfo>, files: readonly string[]): Promise<FetchedFile[]> {
  return Promise.all(files.map(async (file) => ({ ...(await weighFile(server.root, file)), name: file.endsWith('.css') ? file.replace(/^assets\//, '') : mainModuleOf(chunks, file) })))
}
