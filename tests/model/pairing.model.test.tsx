// @vitest-environment happy-dom
import { waitFor } from './until.ts'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { WebSocketServer } from 'ws'
import { UserRejectedRequestError } from '../../adapters/errors.ts'
import { DevMobileWallet, type DevMobileWalletOptions } from '../../testing/walletConnect/wallet.ts'
import { startRelay, type Relay } from '../../testing/node/relay/server.ts'
import { sha256Hex } from '../../dev/api/dataset.ts'
import { pairingMachine } from '../../machines/pairing.ts'
import { timing } from '../../machines/timing.ts'
import { en } from '../../ui/locales/en.ts'
import { featureOf, followFeature, renderApp, type App } from './app.tsx'
import { buildModelPaths, coverageReport, delayedEvents, formatCoverage, stateKey, type ModelPath } from './coverage.ts'
import { ForeignError, TestFailure } from '../harness/failures.ts'

/**
 * Model-based tests of the pairing machine (spec §4 "Wallet pairing", §2 ConnectingWalletConnect): paths generated
 * from the production chart reach every state and fire every transition, and each path is walked through the real
 * UI (happy-dom) with the real universal provider, the loopback relay (`dev/relay`) and the development mobile
 * wallet (`dev/mobile-wallet`, in Node). Each event is one gesture:
 * - the visitor: the WalletConnect row of Connect (`root.select`), a wallet of the directory (`pairing.start` with it),
 *   the dapp's `open({ view: 'ConnectingWalletConnect' })` (`root.open`), Back (`root.back`), closing the modal
 *   (`root.closed`), Try again (retry); and, while a pairing runs, Connect opened again by the dapp and the row or the
 *   wallet picked again (the QR view shown again, the pairing going on);
 * - the phone's user: scanning the URI and approving, rejecting, or holding a wallet that knows none of the
 *   dapp's chains (the wallet refuses the proposal: a failure, not a rejection);
 * - the page by itself: the provider loads, the relay answers with the URI, the connection connects the session after
 *   approval (`root.account`) and closes the modal (`root.closed`); or cannot load (the SDK's storage refuses: the `storage refused` fixture);
 * - the manual clock: 3 min 50 s after a URI is shown it counts as expired (10 s before the 4 minutes); and the
 *   bounds of the waits: a relay that accepts the socket and stays silent (a WebSocket server that never answers:
 *   the `silent relay` fixture) gives no URI within `pairingUriTimeout`; an SDK storage that never answers (IndexedDB
 *   held by another tab's upgrade: the `storage never answers` fixture) keeps the provider from loading within
 *   `pairingLoadTimeout`. Each ends in 'Connection failed' with its words and Try again.
 */
type ModelEvent = { type: string; [key: string]: unknown }

/** The SDK's key-value storage refusing every write (quota, privacy mode): the provider cannot start. */
const refusingStorage = {
  getKeys: async () => [],
  getEntries: async () => [],
  getItem: async () => undefined,
  setItem: async () => {
    throw new ForeignError('QuotaExceededError: storage refused')
  },
  removeItem: async () => {},
}

/** The SDK's key-value storage never answering (IndexedDB blocked by another tab's version change): the provider never loads. */
const silentStorage = {
  getKeys: () => new Promise<string[]>(() => {}),
  getEntries: () => new Promise<[]>(() => {}),
  getItem: () => new Promise<undefined>(() => {}),
  setItem: () => new Promise<void>(() => {}),
  removeItem: () => new Promise<void>(() => {}),
}

let relay: Relay
/** A relay that accepts the socket and never says a word. */
let silentRelay: WebSocketServer
let silentRelayUrl: string
beforeAll(async () => {
  relay = await startRelay({ port: 0 })
  silentRelay = new WebSocketServer({ port: 0, host: '127.0.0.1' })
  await new Promise<void>((resolve) => silentRelay.on('listening', () => resolve()))
  silentRelayUrl = `ws://127.0.0.1:${(silentRelay.address() as { port: number }).port}`
})
afterAll(async () => {
  await relay?.stop()
  for (const client of silentRelay?.clients ?? []) client.terminate()
  await new Promise<void>((resolve) => (silentRelay ? silentRelay.close(() => resolve()) : resolve()))
})

const uriReady = { type: 'pairing.uriReady', uri: 'wc:model', createdAt: 0 }

type Fixture = { name: string; loadFails?: boolean; loadHangs?: boolean; relaySilent?: boolean; directory?: boolean }

/** A wallet of the reference directory, featured in Connect (dev/api/dataset.ts). */
const DIRECTORY_WALLET = 'MetaMask'
const select: ModelEvent = { type: 'root.select', connectorId: 'walletConnect' }
const back: ModelEvent = { type: 'root.back', view: 'ConnectingWalletConnect' }
const closed: ModelEvent = { type: 'root.closed', view: 'ConnectingWalletConnect' }
const pickWallet: ModelEvent = { type: 'pairing.start', wallet: { id: sha256Hex(DIRECTORY_WALLET), name: DIRECTORY_WALLET } }

function eventsFor({ loadFails = false, loadHangs = false, relaySilent = false, directory = false }: Fixture) {
  return (snapshot: any): ModelEvent[] => {
    const key = stateKey(snapshot)
    const loading: ModelEvent[] = loadHangs ? [] : loadFails ? [{ type: 'xstate.error.actor.load', error: new ForeignError('storage refused') }] : [{ type: 'xstate.done.actor.load', output: undefined }]
    const byState: Record<string, ModelEvent[]> = {
      '"idle"': [select, ...(directory ? [pickWallet, { type: 'root.open', view: 'ConnectingWalletConnect' }] : [])],
      '"loading"': loading,
      '{"proposing":"requestingUri"}': relaySilent ? [back] : [uriReady, back],
      '{"proposing":"showingUri"}': [
        { type: 'pairing.walletApproved' },
        { type: 'pairing.walletFailed', error: new UserRejectedRequestError() },
        { type: 'pairing.walletFailed', error: { code: 5100, message: 'Unsupported chains.' } },
        back,
        closed,
        // Connect opened again by the dapp while the pairing runs, and the row or the wallet picked again.
        ...(directory
          ? [
              { ...select, again: true },
              { ...pickWallet, again: true },
            ]
          : []),
      ],
      // The connection connects the approved session (the account moment), then closes the modal.
      '"approved"': [
        { type: 'root.account', change: 'connected', account: undefined, holder: undefined, auto: true },
        { ...closed, auto: true },
      ],
      '"rejected"': [{ type: 'pairing.retry' }, back],
      '"failed"': [{ type: 'pairing.retry' }, back],
    }
    // A bound is reached only where its wait never ends: the provider's load with a storage that never answers, the
    // URI with a silent relay.
    const delays = delayedEvents(snapshot).filter((e) => (!e.type.includes('pairingLoadTimeout') || loadHangs) && (!e.type.includes('pairingUriTimeout') || relaySilent))
    return [...(byState[key] ?? []), ...delays]
  }
}

const fixtures: readonly Fixture[] = [
  { name: 'the relay and a phone wallet', directory: true },
  { name: 'storage refused (the provider cannot start)', loadFails: true },
  { name: 'a silent relay (accepts the socket, never answers)', relaySilent: true },
  { name: 'storage never answers (the provider never loads)', loadHangs: true },
]

const runs: Array<{ fixture: Fixture } & ReturnType<typeof buildModelPaths>> = []
for (const fixture of fixtures) {
  runs.push({ fixture, ...buildModelPaths(pairingMachine, { events: eventsFor(fixture), serialize: (s: any) => stateKey(s), covered: runs }) })
}

/** Everything a walk starts, stopped at its end. */
type Walk = { app: App; wallets: DevMobileWallet[] }

async function phone(walk: Walk, options: Partial<DevMobileWalletOptions> = {}): Promise<DevMobileWallet> {
  const wallet = await DevMobileWallet.create({
    relayUrl: relay.url,
    chains: [
      { chainId: 31337, name: 'Anvil Local', rpcUrl: inject('anvilRpc1') },
      { chainId: 31338, name: 'Anvil Local 2', rpcUrl: inject('anvilRpc2') },
    ],
    autoApprove: true,
    ...options,
  })
  walk.wallets.push(wallet)
  return wallet
}

/** The URI the QR code shows (the e2e spec decodes the drawn QR code; here the view model's value is read). */
function shownUri(app: App): string {
  const uri = featureOf(app, 'pairing')?.getSnapshot().context.uri
  if (!uri) throw new TestFailure('no URI on show')
  return uri
}

async function perform(walk: Walk, event: any): Promise<void> {
  const { app } = walk
  const type: string = event.type
  if (type === 'root.select' || type === 'pairing.start') {
    // Again: the dapp opens Connect over the running pairing.
    if (event.again) await app.modal.open({ view: 'Connect' })
    else await app.ensureOpen()
    if (type === 'root.select') return app.click('button', 'WalletConnect')
    return app.click('button', new RegExp(DIRECTORY_WALLET))
  }
  if (type === 'root.open') return app.modal.open({ view: 'ConnectingWalletConnect' })
  if (type === 'xstate.done.actor.load' || type === 'xstate.error.actor.load' || type === 'pairing.uriReady') return app.settle()
  if (type.startsWith('xstate.after.pairingRefreshTimeout')) return app.clock.advance(timing.pairingTtl - timing.pairingExpiryMargin)
  if (type.startsWith('xstate.after.pairingLoadTimeout')) return app.clock.advance(timing.pairingLoadTimeout)
  if (type.startsWith('xstate.after.pairingUriTimeout')) return app.clock.advance(timing.pairingUriTimeout)
  if (type === 'pairing.walletApproved') return (await phone(walk)).pair(shownUri(app))
  if (type === 'pairing.walletFailed') {
    if (event.error instanceof UserRejectedRequestError) {
      const wallet = await phone(walk, { autoApprove: false })
      await wallet.pair(shownUri(app))
      const { pending } = await wallet.waitFor((s) => s.pending.some((p) => p.kind === 'proposal'))
      await wallet.reject(pending[0]!.id)
      return
    }
    // A wallet that knows none of the dapp's chains refuses the proposal (5100): a failure.
    return (await phone(walk, { chains: [{ chainId: 999_001, name: 'Elsewhere', rpcUrl: 'http://127.0.0.1:9' }] })).pair(shownUri(app))
  }
  // After approval the connection reads the session and closes the modal: the view is left by itself.
  if (event.auto) return app.settle()
  if (type === 'root.back') return app.click('button', 'Back')
  if (type === 'root.closed') return app.close()
  if (type === 'pairing.retry') return app.click('button', 'Try again')
  throw new TestFailure(`No gesture for ${type}: every event of the model needs one`)
}

/** What the visitor sees in each state. */
async function expectUi(app: App, state: string, fixture: Fixture): Promise<void> {
  const text = () => app.dialog()?.textContent ?? ''
  // A bound reached: the failure says the service did not answer, and Try again is there.
  if (state === '"failed"' && (fixture.relaySilent || fixture.loadHangs)) {
    await waitFor(() => expect(text()).toContain(en.errors.byName.PairingTimeoutError!))
    await app.get('button', 'Try again')
  }
  if (state === '{"proposing":"showingUri"}') await app.get('img', 'WalletConnect QR code')
  if (state === '"rejected"') await waitFor(() => expect(text()).toContain('Connection declined'))
  if (state === '"failed"') await waitFor(() => expect(text()).toContain('Connection failed'))
  if (state === '"idle"') await waitFor(() => expect(app.dialog() === null || /Connect Wallet|Account/.test(app.dialog()!.getAttribute('aria-label') ?? text())).toBe(true))
}

async function walk(fixture: Fixture, path: ModelPath): Promise<void> {
  const storage = fixture.loadFails ? { storage: refusingStorage } : fixture.loadHangs ? { storage: silentStorage } : {}
  const directory = fixture.directory ? { directory: true, featuredWalletIds: [sha256Hex(DIRECTORY_WALLET)] } : {}
  const app = await renderApp({ walletConnect: { relayUrl: fixture.relaySilent ? silentRelayUrl : relay.url, ...storage }, ...directory })
  const state: Walk = { app, wallets: [] }
  // The pairing machine is spawned when WalletConnect is first picked: followed from then on.
  const pairing = followFeature(app, 'pairing')
  const visited = pairing.visited
  try {
    for (const step of path.steps) {
      const from = Math.max(0, visited.length - 1)
      await perform(state, step.event)
      await waitFor(
        () => {
          if (!visited.slice(from).includes(step.state)) throw new TestFailure(`after ${step.event.type} expected ${step.state}, visited ${visited.slice(from).join(' > ')}`)
        },
        { timeout: 10_000 },
      )
      // The pick (the row, a wallet of the directory, again over a running pairing) shows the QR view, pushed by the
      // pairing itself; the approved session is connected by the active connection.
      if (step.event.type === 'root.select' || step.event.type === 'pairing.start') await waitFor(() => expect(app.dialog()?.getAttribute('data-view')).toBe('ConnectingWalletConnect'))
      if (step.event.type === 'root.account') await waitFor(() => expect(app.modal.getState().account.status).toBe('connected'))
    }
    // Before WalletConnect is picked there is no pairing machine (the initial path).
    if (path.steps.length === 0) expect(pairing.ref).toBeUndefined()
    await expectUi(app, path.target, fixture)
  } finally {
    pairing.stop()
    await app.dispose()
    await Promise.all(state.wallets.map((w) => w.close()))
  }
}

describe('pairing model', () => {
  afterAll(() => {
    console.log(
      formatCoverage(
        'pairing (model paths walked in the UI)',
        coverageReport(pairingMachine, runs, () => true),
      ),
    )
  })

  test('coverage: the paths reach every state and fire every transition of the chart', () => {
    const report = coverageReport(pairingMachine, runs, () => true)
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })

  for (const run of runs) {
    describe(run.fixture.name, () => {
      for (const path of run.paths) {
        const name = path.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ') || '(initial)'
        test(`walk: ${name} ⇒ ${path.target}`, () => walk(run.fixture, path), 40_000)
      }
    })
  }
})
