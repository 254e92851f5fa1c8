// @vitest-environment happy-dom
import { fireEvent, within } from '@testing-library/react'
import { waitFor } from './until.ts'
import { createTestClient, http, keccak256, parseEther, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, test, vi } from 'vitest'
import { mainnet } from '../../adapters/networks.ts'
import { DEV_ADDRESSES } from '../../dev/accounts.ts'
import { DevMobileWallet, type DevMobileWalletOptions } from '../../testing/walletConnect/wallet.ts'
import { SOLANA_LOCALNET_CAIP_NETWORK_ID } from '../../dev/solana/network.ts'
import { rootMachine } from '../../machines/root.ts'
import { siwxMessages } from '../../machines/siwx.ts'
import { timing } from '../../machines/timing.ts'
import { en } from '../../ui/locales/en.ts'
import { clickFirstInDialog, dialogCloses, featureOf, onHeld as heldThen, pressEscape, RDNS, renderApp, toastText, UNKNOWN_CHAIN, verifiedOn999, WALLET_NAME, type App } from './app.tsx'
import { coverageReport, formatCoverage, transitionRecorder, type TransitionId } from './coverage.ts'
import { TestFailure } from '../harness/failures.ts'

/**
 * Model-based coverage of the root machine, the coordinator of one modal instance. Its chart
 * is small (`closed`, `open` with who holds the screen: `browsing`, `connecting`, `feature`, entered through
 * `routing`), but most of its transitions are guarded branches of handlers that react to the UI's `app.*` and
 * `feature.*` events and to what its children emit (a feature moves the router, the toast and the modal itself, by
 * systemId: what the root sees is its children's events), and their guards read the children's tags and the router's view
 * as the root heard it, so paths generated over the chart alone say little. So this file walks named scenarios instead, one behaviour each, every one a fresh
 * modal in happy-dom (`renderApp`: the real dev wallet, anvil, the reference API and SIWX server), driven only by
 * gestures: the visitor's (the page's buttons, the dialog's controls, Escape), the wallet's user's (approve,
 * reject, another chain or account, 'Disconnect site'), the wallet's RPC and the server (a call held, then let
 * through, failed or answered) and, where a dapp would, the public API (`open({ view })`, `switchNetwork`).
 * WalletConnect walks pair over the loopback relay of the global setup with the development mobile wallet (in Node):
 * the phone's user scans the URI (read behind the QR code, as the pairing walks do), approves, declines, or holds a
 * wallet that knows none of the dapp's chains. Namespace walks add the Solana and Bitcoin networks and their
 * development wallets (`namespaces`: the local LiteSVM RPC, the reference server's UTXO index), each answered in its
 * own panel; the EVM wallet's user acts in the background while another namespace is active.
 *
 * `connection.chainChanged` of a namespace that is not the active one comes from the EVM wallet in the background:
 * a Solana wallet cannot report a chain change (the Wallet Standard has no such event; the Solana adapter never
 * emits one), and the Bitcoin adapter reports one only after its own `switchChain`, which the root asks only of
 * the active namespace's connection.
 *
 * XState's inspection (`createModal`'s `inspect`, from creation, so `boot` is seen) records the branch of the root
 * each event fired ({@link transitionRecorder}: the microstep the root took, checked against `firedTransitions` on
 * the root's snapshot when the event was sent to it); each scenario asserts the branches it is about and what the
 * visitor sees, and the coverage over all of them must be complete but for {@link unreachable}.
 *
 * Regressions (found by these walks): a send the wallet was asked for used to stay pending after the wallet
 * disconnected with the modal open (99 such rounds made Send answer 'Too many pending transactions' with nothing
 * pending); and the dapp's `open({ view: 'Send' })` while the wallet was asked to send showed a form that, once the
 * send succeeded, stayed emptied and dead instead of Account. Another namespace's connection restored in the
 * background made its namespace the stored active one, and its wallet leaving stored the connection status as
 * 'disconnected' (and forgot the wallet) while the active namespace's wallet stayed connected.
 *
 * The sender is a key of this file's own (no other test sends from it), funded before the walks.
 */

/** Root transitions no gesture, wallet action, held or failed call or timer can fire in happy-dom, with the reason (and where they are covered, if elsewhere). */
const unreachable: Record<TransitionId, string> = {
  'root.screen --router.transactionStackFull[0]':
    "the router emits it only for a router.pushTransaction at the limit, and send's registration (machines/send.feature.ts) pushes one only after checking the stack is not full, in the same macrostep; and one send at a time: the send machine runs one transfer, and its stack entry leaves with its outcome, when the modal closes or when the wallet disconnects, so the stack never holds 99 (a defensive limit, spec §9; the send registration's refusal is covered in machines/send.feature.test.ts, the router's in its own walk)",
  'root.features --feature.loadFailed[0]':
    "a feature's module that cannot be fetched: createModal's loaders are `import()`s of the repository's own modules, which Node always resolves here, and the modal offers no seam to wrap them (vi.doMock intercepts only a module not yet imported, so it depends on the scenarios' order); walked in Chromium (tests/e2e/lazy-features.spec.ts aborts the send chunk: the toast, Back, the next try loads it) and in machines/root.test.ts with a failing loader",
}

const sender = privateKeyToAccount(keccak256(toHex('latchkey root model sender')))
const other = privateKeyToAccount(keccak256(toHex('latchkey root model other')))
const BOB = DEV_ADDRESSES[1]!
const A = 'eip155:31337'
const B = 'eip155:31338'
const SWITCH = 'wallet_switchEthereumChain'
const ADD = 'wallet_addEthereumChain'
const REVOKE = 'wallet_revokePermissions'
const SEND_TX = 'eth_sendTransaction'
const RECEIPT = 'eth_getTransactionReceipt'
const NONCE = 'api:/siwx/v1/nonce'
const VERIFY = 'api:/siwx/v1/verify'
const SESSION = 'api:/siwx/v1/session'
const rpcError = { code: -32603, message: 'Internal error' }
/** The names of the dapp's two networks (renderApp's anvil chains). */
const names: Record<string, string> = { [A]: 'Anvil Local', [B]: 'Anvil Local 2' }

type Fixture = Parameters<typeof renderApp>[0]
/** Transitions of the events a registration raises on the root (see `FeatureReport`). */
const raised = /^root\.features --feature\.(flags|alert|track|reportError)\[/
const runs: Array<ReturnType<typeof transitionRecorder> & { name: string }> = []
const started = Date.now()
/** What a scenario started besides the modal (phone wallets on the relay), stopped once it is over. */
const afterScenario: Array<() => Promise<void>> = []

/** Connected at start (a stored connection the wallet still authorises), on the file's own accounts, with the blockchain API. */
const restored: Fixture = { stored: true, authorised: true, api: true, accounts: [sender, other] }

/**
 * One scenario: a fresh modal (inspected from its creation), the gestures of `body`, and the root branches it must
 * fire (besides what `body` asserts the visitor sees).
 */
function scenario(name: string, fixture: Fixture, fires: TransitionId[], body: (app: App) => Promise<void>, timeout = 30_000) {
  test(
    name,
    async () => {
      const recorder = transitionRecorder({ machine: rootMachine })
      const app = await renderApp({ ...fixture, inspect: recorder.inspect })
      runs.push({ ...recorder, name })
      try {
        await body(app)
        await app.settle()
      } finally {
        await app.dispose()
        for (const stop of afterScenario.splice(0)) await stop()
      }
      const taken = [...recorder.coveredTransitions]
      expect(taken).toEqual(expect.arrayContaining(fires))
      // The branches recomputed from the root's snapshot when each event was sent to it are the ones it took.
      // Reports (feature.flags, .alert, .track, .reportError) reach the root from a feature's own chart (its parent),
      // not through the relay: they are left out on both sides.
      expect([...recorder.firedAtRelay].filter((t) => !raised.test(t)).sort()).toEqual(taken.filter((t) => !t.includes('--always[') && !raised.test(t)).sort())
    },
    timeout,
  )
}

// ---------------------------------------------------------------- what the visitor sees

const status = (app: App) => app.modal.getState().account.status
const rootOf = (app: App) => app.modal.actor.getSnapshot().context
const stack = (app: App) => rootOf(app).router.getSnapshot().context.transactionStack

/**
 * `waitFor` (./until.ts: re-checked on every mutation of the page and of the modal's shadow root, and on every
 * snapshot of the modal's actors), bounded at 5 s.
 */
const untilOptions = { timeout: 5_000 }
const until = <T,>(callback: () => T | Promise<T>) => waitFor(callback, untilOptions)

/** The dialog's title is `title` (the dialog is named by it). */
const shows = (app: App, title: string) =>
  until(() => {
    const dialog = app.find('dialog', title)
    if (!dialog) throw new TestFailure(`no dialog ${title}; the dialog is ${app.dialog()?.getAttribute('data-view') ?? 'closed'}`)
    return dialog
  })

/** The dialog closes (its exit transition on the manual clock). */
const closed = (app: App) => dialogCloses(app, untilOptions)

const toasts = (text: string) => until(() => expect(toastText()).toContain(text))

/** Pending wallet requests in the wallet's panel. */
const walletRequests = (app: App) => app.panel().queryAllByRole('region', { name: 'Wallet request' }).length

// ---------------------------------------------------------------- gestures

/** Clicks the first control of that name in the dialog (the wallet may be listed as recent and as installed). */
const press = (app: App, name: string | RegExp) => clickFirstInDialog(app, name, untilOptions)

/** A button named `name`, on the page or in the dialog, once it is there. */
const button = (app: App, name: string | RegExp) =>
  until(() => {
    const el = app.find('button', name)
    if (!el) throw new TestFailure(`no button ${String(name)}`)
    return el
  })

/** A button of the page (outside the modal). */
async function pressOnPage(app: App, name: string | RegExp) {
  fireEvent.click(await button(app, name))
  await app.settle()
}

/** The last control of that name in the dialog, once enabled (SendPreview's Send, not Account's). */
async function pressEnabled(app: App, name: string) {
  const el = await until(() => {
    const el = within(app.dialog()!).getAllByRole('button', { name }).at(-1)
    if (!el || el.hasAttribute('disabled')) throw new TestFailure(`${name} not enabled`)
    return el
  })
  fireEvent.click(el)
  await app.settle()
}

/** Types into the dialog's field labelled `label` (replaces its value, like a paste). */
async function type(app: App, label: string, text: string) {
  fireEvent.change(await until(() => within(app.dialog()!).getByLabelText(label)), { target: { value: text } })
  await app.settle()
}

/** The wallet user's answer to the oldest pending request, in the wallet's own panel. */
async function wallet(app: App, answer: 'Approve' | 'Reject') {
  const region = await until(() => app.panel().getAllByRole('region', { name: 'Wallet request' })[0]!)
  fireEvent.click(within(region).getByRole('button', { name: answer }))
  await app.settle()
}

/** Once the call of `key` is held at its gate, `act` on it. */
const onHeld = (app: App, key: string, act: () => Promise<void>) => heldThen(app, key, act, { wait: untilOptions })

/** The page's account button: Account. */
async function openAccount(app: App) {
  await pressOnPage(app, /0x/)
  await shows(app, en.titles.Account)
}

/** Account → Send → amount and receiver (the native token is preselected) → Review send → the fee estimated. */
async function fillSend(app: App, amount = '0.01') {
  await press(app, en.send)
  await shows(app, en.titles.Send)
  await button(app, /^Token: ETH/)
  await type(app, en.amount, amount)
  await type(app, en.receiver, BOB)
  await review(app)
}

async function review(app: App) {
  await press(app, en.reviewSend)
  await shows(app, en.titles.SendPreview)
  await until(() => expect(within(app.dialog()!).getAllByRole('button', { name: en.confirmSend }).at(-1)!.hasAttribute('disabled')).toBe(false))
}

/** SendPreview's Send: the wallet is asked (its `eth_sendTransaction` held at the gate). */
async function confirm(app: App) {
  const before = app.gates.waiting(SEND_TX)
  await pressEnabled(app, en.confirmSend)
  await until(() => expect(app.gates.waiting(SEND_TX)).toBe(before + 1))
}

/**
 * The wallet approved (the receipt held): the loading toast while the chain includes the send; the receipt let
 * through: 'Transaction sent' replaces it after the swap (spec §2 "Toasts", the manual clock).
 */
async function lands(app: App) {
  await toasts(en.messages.sendSubmitted)
  await onHeld(app, RECEIPT, () => app.gates.release(RECEIPT))
  await until(() => expect(rootOf(app).toast.getSnapshot().context.next?.message).toEqual({ key: 'sendSent' }))
  expect(toastText()).not.toContain(en.messages.sendSent)
  app.clock.advance(timing.toastSwap)
  await toasts(en.messages.sendSent)
  expect(toastText()).not.toContain(en.messages.sendSubmitted)
}

/** From Account: a send the wallet is asked for, then the wallet's 'Disconnect site' (the modal shows Connect). */
async function askThenDisconnect(app: App) {
  await fillSend(app)
  await confirm(app)
  await walletDisconnects(app)
  await shows(app, en.titles.Connect)
}

/** Connect Wallet → the dev wallet → the wallet's user approves. */
async function connect(app: App) {
  await pressOnPage(app, en.connectButton)
  await press(app, WALLET_NAME)
  await wallet(app, 'Approve')
}

/** Sign on the prompt; the wallet's user approves the message; the server verifies it. */
async function signIn(app: App) {
  await shows(app, en.titles.SIWXSignMessage)
  await press(app, en.signIn)
  await wallet(app, 'Approve')
  await until(() => expect(featureOf(app, 'siwx')?.getSnapshot().matches('signedIn')).toBe(true))
  await closed(app)
}

const walletChain = (app: App, chainId: number) => app.selectInPanel('Wallet chain', String(chainId))
const walletDisconnects = async (app: App) => {
  fireEvent.click(app.panel().getByRole('button', { name: 'Disconnect site' }))
  await app.settle()
}

// ---------------------------------------------------------------- WalletConnect: the loopback relay and a phone wallet

/** WalletConnect on the loopback relay of the global setup (the modal's default adapter: the dev wallet and the WalletConnect row). */
const wc: Fixture = { walletConnect: { relayUrl: inject('relayUrl') } }
/** A wallet the dapp adds itself (`customWallets`), with a universal mobile link. */
const PHONE_WALLET = { id: 'root-model-phone-wallet', name: 'Root Model Phone Wallet', mobile_link: 'https://phone-wallet.example/app/' }
/** The development mobile wallet's chains: the dapp's two anvils. */
const phoneChains = () => [
  { chainId: 31337, name: 'Anvil Local', rpcUrl: inject('anvilRpc1') },
  { chainId: 31338, name: 'Anvil Local 2', rpcUrl: inject('anvilRpc2') },
]

/** The development mobile wallet on a phone (in Node, on the loopback relay), stopped after the scenario. */
async function phoneWallet(options: Partial<DevMobileWalletOptions> = {}): Promise<DevMobileWallet> {
  const wallet = await DevMobileWallet.create({ relayUrl: inject('relayUrl'), chains: phoneChains(), autoApprove: true, ...options })
  afterScenario.push(() => wallet.close())
  return wallet
}

/**
 * The URI the QR code shows, once it shows (the e2e spec decodes the drawn QR code; here, as in the pairing walks,
 * the pairing's value behind it is read).
 */
async function scanQr(app: App): Promise<string> {
  // The SDK's first start and the relay's handshake: up to 15 s on a loaded machine, like the e2e walks allow.
  await waitFor(() => expect(app.find('img', en.pairingQr)).not.toBeNull(), { ...untilOptions, timeout: 15_000 })
  const uri = featureOf(app, 'pairing')?.getSnapshot().context.uri
  if (!uri) throw new TestFailure('no URI on show')
  return uri
}

/** The phone's user scans the QR code with a wallet that approves at once: connected, the modal closes. */
async function phoneApproves(app: App) {
  const phone = await phoneWallet()
  await phone.pair(await scanQr(app))
  await closed(app)
  await until(() => expect(status(app)).toBe('connected'))
  expect(app.modal.getState().account.address).toBe(phone.address)
  await button(app, /0x/)
}

// ---------------------------------------------------------------- namespaces: the Solana and Bitcoin dev wallets

/** Connected on EVM at start (a stored connection the dev wallet still authorises), the Solana and Bitcoin networks configured. */
const namespaces: Fixture = { stored: true, authorised: true, namespaces: true }
const SOLANA = 'Solana Localnet'
const BITCOIN = 'Bitcoin Regtest'
const SOLANA_WALLET = 'Latchkey Dev Solana Wallet'
const BITCOIN_WALLET = 'Latchkey Bitcoin Dev Wallet'

/** The Solana wallet's user answers the oldest request in its own panel. */
async function solanaWallet(app: App, answer: 'Approve' | 'Reject') {
  const region = await until(() => app.solanaPanel().getAllByRole('region', { name: 'Solana wallet request' })[0]!)
  fireEvent.click(within(region).getByRole('button', { name: answer }))
  await app.settle()
}

/** The Bitcoin wallet's user answers the oldest request in its own panel. */
async function bitcoinWallet(app: App, answer: 'Approve' | 'Reject') {
  const region = await until(() => app.bitcoinPanel().getAllByRole('region', { name: 'Bitcoin wallet request' })[0]!)
  fireEvent.click(within(region).getByRole('button', { name: answer }))
  await app.settle()
}

/** The wallet rows of the open dialog (Connect's list). */
const walletRows = (app: App) => Array.from(app.dialog()!.querySelectorAll('li > button')).map((b) => b.querySelector('.lk-row-name')?.textContent ?? '')

/** A namespace's connection is connected (`connections[namespace]` of the root). */
const connectedIn = (app: App, namespace: 'eip155' | 'solana' | 'bip122') => rootOf(app).connections[namespace]?.getSnapshot().hasTag('connected') ?? false

/**
 * Connected on EVM: the network button → Solana Localnet (SwitchActiveChain) → 'Connect a wallet' (Connect for Solana
 * wallets) → the Solana wallet, approved in its panel: Solana is the active namespace, the EVM wallet stays connected.
 */
async function connectSolanaBeside(app: App) {
  await button(app, /0x/)
  await pressOnPage(app, en.switchNetworkLabel(names[A]!))
  await shows(app, en.titles.SwitchNetwork)
  await press(app, SOLANA)
  await shows(app, en.titles.SwitchActiveChain)
  await until(() => expect(app.dialog()!.textContent).toContain(en.switchActiveChainBody(en.namespaceNames['solana']!, SOLANA)))
  await press(app, en.switchActiveChainConfirm)
  await shows(app, en.titles.Connect)
  expect(app.modal.getState().activeNamespace).toBe('solana')
  await until(() => expect(walletRows(app)).toContain(SOLANA_WALLET))
  expect(walletRows(app)).not.toContain(WALLET_NAME)
  await press(app, SOLANA_WALLET)
  await solanaWallet(app, 'Approve')
  await closed(app)
  await until(() => expect(app.modal.getState().account.address).toBe(app.solana!.state.address))
  expect(app.modal.getState().caipNetworkId).toBe(SOLANA_LOCALNET_CAIP_NETWORK_ID)
  expect(connectedIn(app, 'eip155')).toBe(true)
}

beforeAll(async () => {
  const anvil = createTestClient({ mode: 'anvil', transport: http(inject('anvilRpc1')) })
  await anvil.setBalance({ address: sender.address, value: parseEther('100') })
})

describe('root model: scenario walks in the UI', () => {
  afterAll(() => {
    const report = coverageReport(rootMachine, runs)
    console.log(formatCoverage('root (scenario walks in the UI)', report))
    console.log(
      `  ${runs.length} scenarios, ${Math.round((Date.now() - started) / 100) / 10} s; not reachable: ${Object.entries(unreachable)
        .map(([t, why]) => `${t} (${why})`)
        .join('; ')}`,
    )
  })

  // ------------------------------------------------------------ start, open, close

  scenario('boot: a stored connection with reconnect disabled is dropped', { stored: true, authorised: true, reconnect: false }, ['root.screen.boot --always[0]'], async (app) => {
    await button(app, en.connectButton)
    expect(status(app)).toBe('disconnected')
    expect(app.modal.storage.getConnections()).toEqual({})
  })

  scenario(
    'restored connection: the account button opens Account; copy, Receive and Back, Escape',
    restored,
    [
      'root.screen.boot --always[1]',
      'root.connections --connectors.changed[0]',
      'root.connections --connection.connected[1]',
      'root.screen --app.open[4]',
      'root.screen.closed --modal.opened[0]',
      'root.screen --app.viewLoaded[0]',
      'root.screen --app.notify[0]',
      'root.screen.open --app.push[0]',
      'root.screen.open.browsing --app.back[1]',
      'root.screen.open --app.close[0]',
      'root.screen.open --modal.closing[0]',
      'root.screen.open --modal.closed[1]',
    ],
    async (app) => {
      await openAccount(app)
      await press(app, en.copyAddress)
      await toasts(en.copied)
      await press(app, en.receive)
      await shows(app, en.titles.Receive)
      await press(app, en.back)
      await shows(app, en.titles.Account)
      await app.close()
      expect(app.modal.getState().view).toBe('Connect')
    },
  )

  scenario('embedded: closing while connected leaves Account as the view', { ...restored, embedded: true }, ['root.screen.open --modal.closed[0]'], async (app) => {
    await openAccount(app)
    await press(app, en.receive)
    await app.close()
    expect(app.modal.getState().view).toBe('Account')
    await openAccount(app)
  })

  scenario(
    'no project id, debug: the first opening raises the alert as a toast, once its first frame is painted',
    { projectId: '', debug: true },
    ['root.announcing.quiet --app.open[0]', 'root.announcing.awaitingFirstPaint --screen.painted[0]', 'root.features --feature.alert[0]', 'root.features --feature.flags[0]'],
    async (app) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
      try {
        await pressOnPage(app, en.connectButton)
        await toasts('Project ID Not Configured')
      } finally {
        warn.mockRestore()
      }
    },
  )

  scenario(
    'no project id, debug: the dapp opens and closes in one go (before a frame): the remote config hears the opening with the close',
    { projectId: '', debug: true },
    ['root.announcing.quiet --app.open[0]', 'root.announcing.awaitingFirstPaint --modal.closing[0]', 'root.features --feature.alert[0]'],
    async (app) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
      try {
        await button(app, en.connectButton)
        await app.modal.ready()
        void app.modal.open()
        void app.modal.close()
        // Heard in the close's own step, before any frame: nothing is left to tell.
        expect(app.modal.actor.getSnapshot().matches({ announcing: 'quiet' })).toBe(true)
        await closed(app)
        await toasts('Project ID Not Configured')
      } finally {
        warn.mockRestore()
      }
    },
  )

  // ------------------------------------------------------------ features spawned on intent

  scenario(
    'features load on intent: nothing of send before Send; the form works once it arrives',
    { ...restored, hold: [SEND_TX] },
    ['root.features --feature.ensure[0]', 'root.features --feature.deliver[0]', 'root.features --feature.loaded[0]'],
    async (app) => {
      await button(app, /0x/)
      // Before the first click: no feature machine, nothing being fetched.
      expect(rootOf(app).features).toEqual({})
      expect(rootOf(app).loading).toEqual([])
      // Opening: the remote config; Account (connected): the account data. Still nothing of send.
      await openAccount(app)
      await until(() => expect(featureOf(app, 'account')).toBeDefined())
      // The opening brought the remote config once its first frame was painted.
      await until(() => expect(featureOf(app, 'remoteConfig')).toBeDefined())
      expect(featureOf(app, 'send')).toBeUndefined()
      // Send: its machine arrives a few ms after the click; the form works then (typed values go through the root).
      await press(app, en.send)
      await shows(app, en.titles.Send)
      await until(() => expect(featureOf(app, 'send')).toBeDefined())
      expect(rootOf(app).loading).toEqual([])
      await button(app, /^Token: ETH/)
      await type(app, en.amount, '0.01')
      await type(app, en.receiver, BOB)
      expect(featureOf(app, 'send')!.getSnapshot().context.sendTokenAmount).toBe('0.01')
      await review(app)
      await confirm(app)
      // No pairing, catalogue or SIWX machine was ever needed.
      expect(Object.keys(rootOf(app).features).sort()).toEqual(['account', 'remoteConfig', 'send'])
    },
  )

  // ------------------------------------------------------------ connecting

  scenario(
    'connect from Connect Wallet without sign-in: the modal closes, connected',
    {},
    ['root.screen --app.open[7]', 'root.screen.open --app.selectWallet[1]', 'root.connections --connection.connected[3]'],
    async (app) => {
      await connect(app)
      await closed(app)
      expect(status(app)).toBe('connected')
      await button(app, /0x/)
    },
  )

  scenario(
    'All Wallets and Back; the wallet picked, Back while it asks: the connection is cancelled',
    {},
    ['root.screen.open --app.push[0]', 'root.screen.open.browsing --app.back[1]', 'root.screen.open.connecting --app.back[0]'],
    async (app) => {
      await pressOnPage(app, en.connectButton)
      await press(app, en.allWallets)
      await shows(app, en.titles.AllWallets)
      await press(app, en.back)
      await shows(app, en.titles.Connect)
      await press(app, WALLET_NAME)
      await shows(app, en.titles.ConnectingExternal)
      expect(status(app)).toBe('connecting')
      await press(app, en.back)
      await shows(app, en.titles.Connect)
      expect(status(app)).toBe('disconnected')
    },
  )

  scenario("the wallet fails the connection: 'Connection failed', Try again connects", { hold: ['eth_requestAccounts'] }, ['root.connections --connection.failed[0]'], async (app) => {
    await pressOnPage(app, en.connectButton)
    await press(app, WALLET_NAME)
    await onHeld(app, 'eth_requestAccounts', () => app.gates.fail('eth_requestAccounts', rpcError))
    await until(() => expect(app.dialog()!.textContent).toContain(en.failed))
    app.gates.open('eth_requestAccounts')
    await press(app, en.tryAgain)
    await wallet(app, 'Approve')
    await closed(app)
    expect(status(app)).toBe('connected')
  })

  // ------------------------------------------------------------ disconnecting

  scenario("Account's Disconnect: the modal closes, disconnected", restored, ['root.connections --app.disconnect[0]', 'root.connections --connection.disconnected[1]'], async (app) => {
    await openAccount(app)
    await press(app, en.disconnect)
    await closed(app)
    expect(status(app)).toBe('disconnected')
    await button(app, en.connectButton)
  })

  scenario("'Disconnect site' in the wallet while Account shows: the modal stays, on Connect", restored, ['root.connections --connection.disconnected[2]'], async (app) => {
    await openAccount(app)
    await walletDisconnects(app)
    await shows(app, en.titles.Connect)
    expect(status(app)).toBe('disconnected')
  })

  scenario("'Disconnect site' in the wallet while the modal is closed: it stays closed, disconnected", restored, ['root.connections --connection.disconnected[3]'], async (app) => {
    await button(app, /0x/)
    await walletDisconnects(app)
    await button(app, en.connectButton)
    expect(app.dialog()).toBeNull()
  })

  // ------------------------------------------------------------ networks

  scenario(
    'the network button opens SwitchNetwork; a network picked, the wallet approves: switched, the modal closes',
    restored,
    ['root.screen --app.open[2]', 'root.networks --app.selectNetwork[4]', 'root.networks --network.switched[0]', 'root.screen.open --router.closeRequested[0]', 'root.networks --network.changed[0]'],
    async (app) => {
      await pressOnPage(app, en.switchNetworkLabel(names[A]!))
      await shows(app, en.titles.SwitchNetwork)
      await press(app, names[B]!)
      await wallet(app, 'Approve')
      await closed(app)
      expect(app.wallet.state.chainId).toBe(31338)
      await button(app, en.switchNetworkLabel(names[B]!))
    },
  )

  scenario('Account → network → a network the wallet refuses to switch to: the list stays, no toast', { ...restored, hold: [SWITCH] }, ['root.networks --network.switchRejected[0]'], async (app) => {
    await openAccount(app)
    await press(app, en.switchNetworkLabel(names[A]!))
    await shows(app, en.titles.SwitchNetwork)
    await press(app, names[B]!)
    await onHeld(app, SWITCH, () => app.gates.release(SWITCH))
    await wallet(app, 'Reject')
    await shows(app, en.titles.SwitchNetwork)
    expect(app.wallet.state.chainId).toBe(31337)
    expect(toastText().trim()).toBe('')
  })

  scenario(
    'Account → network → the wallet never answers the switch: another pick asks it again; Back gives the switch up, the list is left',
    { ...restored, hold: [SWITCH] },
    ['root.networks --app.selectNetwork[4]', 'root.screen.open.browsing --app.back[0]'],
    async (app) => {
      await openAccount(app)
      await press(app, en.switchNetworkLabel(names[A]!))
      await shows(app, en.titles.SwitchNetwork)
      await press(app, names[B]!)
      await until(() => expect(app.gates.waiting(SWITCH)).toBe(1))
      // The wallet has not answered: the same pick again asks it afresh (the list is not locked).
      await press(app, names[B]!)
      await until(() => expect(app.gates.waiting(SWITCH)).toBe(2))
      await press(app, en.back)
      await shows(app, en.titles.Account)
      const network = rootOf(app).network
      await until(() => expect(network.getSnapshot().value).toBe('supported'))
      // Both abandoned requests answer late: nothing changes.
      await app.gates.release(SWITCH)
      await app.gates.release(SWITCH)
      await app.settle()
      expect(app.modal.getState().caipNetworkId).toBe(A)
      await shows(app, en.titles.Account)
      expect(toastText().trim()).toBe('')
    },
  )

  scenario("Account → network → the wallet's switch fails: the error as a toast, back to Account", { ...restored, hold: [SWITCH] }, ['root.networks --network.switchFailed[1]'], async (app) => {
    await openAccount(app)
    await press(app, en.switchNetworkLabel(names[A]!))
    await press(app, names[B]!)
    await onHeld(app, SWITCH, () => app.gates.fail(SWITCH, rpcError))
    await toasts(en.errors.byCode[-32603]!)
    await shows(app, en.titles.Account)
  })

  scenario(
    "the wallet moves to a chain the dapp does not configure: 'Wrong network' opens UnsupportedChain; a network picked, approved: the modal closes",
    restored,
    ['root.connections --connection.chainChanged[1]', 'root.screen --app.open[3]', 'root.networks --app.selectNetwork[2]', 'root.networks --network.switched[1]'],
    async (app) => {
      await button(app, /0x/)
      await walletChain(app, UNKNOWN_CHAIN)
      await pressOnPage(app, en.switchNetworkLabel(en.wrongNetwork))
      await shows(app, en.titles.UnsupportedChain)
      await press(app, names[A]!)
      await wallet(app, 'Approve')
      await closed(app)
      expect(app.wallet.state.chainId).toBe(31337)
      expect(app.modal.getState().isUnsupportedChain).toBe(false)
    },
  )

  scenario('not connected: a network picked in SwitchNetwork is just set, the modal closes', {}, ['root.networks --app.selectNetwork[5]'], async (app) => {
    await pressOnPage(app, en.switchNetworkLabel(names[A]!))
    await press(app, names[B]!)
    await closed(app)
    expect(app.modal.getState().caipNetworkId).toBe(B)
    expect(walletRequests(app)).toBe(0)
  })

  scenario(
    'the dapp adds a network at run time: the visitor picks it in SwitchNetwork; removed while active: the first remaining is active',
    {},
    ['root.reports --network.listChanged[0]', 'root.networks --app.selectNetwork[5]'],
    async (app) => {
      app.modal.addNetwork(mainnet)
      // The root keeps the network actor's list as it was told (its guards read this copy).
      await until(() => expect(rootOf(app).caipNetworks.map((n) => n.caipNetworkId)).toContain(mainnet.caipNetworkId))
      await pressOnPage(app, en.switchNetworkLabel(names[A]!))
      await press(app, mainnet.name)
      await closed(app)
      expect(app.modal.getState().caipNetworkId).toBe(mainnet.caipNetworkId)
      app.modal.removeNetwork(mainnet.caipNetworkId)
      await until(() => expect(app.modal.getState().caipNetworkId).toBe(A))
      expect(rootOf(app).caipNetworks.map((n) => n.caipNetworkId)).toEqual([A, B])
    },
  )

  scenario('on a wrong network, Disconnect on its way: a network picked in UnsupportedChain is just set', { ...restored, hold: [REVOKE] }, ['root.networks --app.selectNetwork[6]'], async (app) => {
    await openAccount(app)
    await walletChain(app, UNKNOWN_CHAIN)
    await press(app, en.disconnect)
    await until(() => expect(status(app)).toBe('connecting'))
    await pressEscape(app)
    await pressOnPage(app, en.switchNetworkLabel(en.wrongNetwork))
    await shows(app, en.titles.UnsupportedChain)
    await press(app, names[B]!)
    expect(app.modal.getState().caipNetworkId).toBe(B)
    expect(app.gates.waiting(SWITCH) + walletRequests(app)).toBe(0)
  })

  scenario(
    'spec §2 SwitchNetwork: with ignoreSwitchConfirmation the dapp switches the network while connected: the wallet switches, no SwitchNetwork shows',
    { ...restored, ignoreSwitchConfirmation: true },
    ['root.networks --app.selectNetwork[3]'],
    async (app) => {
      await button(app, /0x/)
      app.modal.switchNetwork(B)
      await wallet(app, 'Approve')
      await button(app, en.switchNetworkLabel(names[B]!))
      expect(app.wallet.state.chainId).toBe(31338)
      expect(app.dialog()).toBeNull()
    },
  )

  scenario("the dapp asks for a network it does not configure (switchNetwork('eip155:1')): nothing changes, debug logs it", { ...restored, debug: true }, ['root.networks --network.notFound[0]'], async (app) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      await button(app, /0x/)
      app.modal.switchNetwork('eip155:1')
      await app.settle()
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('Network Not Found: eip155:1'))
      expect(app.modal.getState().caipNetworkId).toBe(A)
      expect(walletRequests(app)).toBe(0)
    } finally {
      warn.mockRestore()
    }
  })

  // ------------------------------------------------------------ sending

  scenario(
    'send: token picker, Back, token picker, review, Cancel, review, Send, Back while the wallet is asked (stays), approve: the loading toast, sent, Account',
    { ...restored, hold: [SEND_TX, RECEIPT] },
    [
      'root.features --feature.deliver[0]',
      'root.features --feature.deliver[0]',
      'root.screen.open.feature --app.back[1]',
      'root.features --feature.deliver[0]',
      'root.features --feature.deliver[0]',
      'root.screen.open.feature --app.back[1]',
      'root.features --feature.deliver[0]',
      'root.screen.open.feature --app.back[0]',
    ],
    async (app) => {
      await openAccount(app)
      await press(app, en.send)
      await press(app, /^Token: ETH/)
      await shows(app, en.titles.SendSelectToken)
      // The header's Back from the picker: the form again (a plain back within the send views).
      await press(app, en.back)
      await shows(app, en.titles.Send)
      await press(app, /^Token: ETH/)
      await shows(app, en.titles.SendSelectToken)
      await press(app, /^Ether/)
      await shows(app, en.titles.Send)
      await type(app, en.amount, '0.01')
      await type(app, en.receiver, BOB)
      await review(app)
      await press(app, en.cancel)
      await shows(app, en.titles.Send)
      await review(app)
      await confirm(app)
      expect(stack(app)).toHaveLength(1)
      await press(app, en.back)
      await shows(app, en.titles.SendPreview)
      await app.gates.release(SEND_TX)
      await wallet(app, 'Approve')
      await lands(app)
      await shows(app, en.titles.Account)
      expect(stack(app)).toHaveLength(0)
    },
  )

  scenario('send rejected in the wallet: back to the form, which keeps its values', { ...restored, hold: [SEND_TX] }, [], async (app) => {
    await openAccount(app)
    await fillSend(app)
    await confirm(app)
    await app.gates.release(SEND_TX)
    await wallet(app, 'Reject')
    await shows(app, en.titles.Send)
    expect((within(app.dialog()!).getByLabelText(en.amount) as HTMLInputElement).value).toBe('0.01')
    expect(stack(app)).toHaveLength(0)
  })

  scenario('send failed by the wallet: the error as a toast, back to the form', { ...restored, hold: [SEND_TX] }, [], async (app) => {
    await openAccount(app)
    await fillSend(app)
    await confirm(app)
    await app.gates.fail(SEND_TX, rpcError)
    await toasts(en.errors.byCode[-32603]!)
    await shows(app, en.titles.Send)
    expect(stack(app)).toHaveLength(0)
  })

  /** Send, then Escape while the wallet is asked, the account button, Send: the preview again (no second form). */
  async function reopenWhileAsked(app: App) {
    await openAccount(app)
    await fillSend(app)
    await confirm(app)
    await pressEscape(app)
    await closed(app)
    expect(stack(app)).toHaveLength(0)
    await openAccount(app)
    await press(app, en.send)
    await shows(app, en.titles.SendPreview)
    expect(app.dialog()!.textContent).toContain(en.confirmInWallet)
  }

  scenario('closed and reopened while the wallet is asked, Send shows the preview; approved: sent, Account', { ...restored, hold: [SEND_TX, RECEIPT] }, ['root.features --feature.deliver[0]'], async (app) => {
    await reopenWhileAsked(app)
    await app.gates.release(SEND_TX)
    await wallet(app, 'Approve')
    await lands(app)
    await shows(app, en.titles.Account)
  })

  scenario('closed and reopened while the wallet is asked; rejected: the form', { ...restored, hold: [SEND_TX] }, [], async (app) => {
    await reopenWhileAsked(app)
    await app.gates.release(SEND_TX)
    await wallet(app, 'Reject')
    await shows(app, en.titles.Send)
    expect(toastText().trim()).toBe('')
  })

  scenario('closed and reopened while the wallet is asked; failed: the form and the error', { ...restored, hold: [SEND_TX] }, [], async (app) => {
    await reopenWhileAsked(app)
    await app.gates.fail(SEND_TX, rpcError)
    await shows(app, en.titles.Send)
    await toasts(en.errors.byCode[-32603]!)
  })

  scenario("the dapp opens the send form (open({ view: 'Send' })) while connected: the form, its balances loading", restored, ['root.screen --app.open[1]'], async (app) => {
    await button(app, /0x/)
    app.modal.open({ view: 'Send' })
    await shows(app, en.titles.Send)
    await button(app, /^Token: ETH/)
  })

  scenario('another account picked in the wallet while the send form shows: Account', restored, ['root.connections --connection.accountChanged[1]'], async (app) => {
    await openAccount(app)
    await press(app, en.send)
    await shows(app, en.titles.Send)
    await app.selectInPanel('Account', '1')
    await shows(app, en.titles.Account)
    await until(() => expect(app.modal.getState().account.address).toBe(other.address))
  })

  scenario('another chain picked in the wallet while the send form shows: Account', restored, ['root.connections --connection.chainChanged[1]'], async (app) => {
    await openAccount(app)
    await press(app, en.send)
    await shows(app, en.titles.Send)
    await walletChain(app, 31338)
    await shows(app, en.titles.Account)
    expect(app.modal.getState().caipNetworkId).toBe(B)
  })

  scenario('another account picked in the wallet while Account shows: Account of that account', restored, ['root.connections --connection.accountChanged[1]'], async (app) => {
    await openAccount(app)
    await app.selectInPanel('Account', '1')
    await until(() => expect(app.modal.getState().account.address).toBe(other.address))
    await shows(app, en.titles.Account)
  })

  // ------------------------------------------------------------ sign-in

  scenario(
    'optional sign-in: connect, the prompt, Sign, the wallet approves: signed in, the modal closes',
    { siwx: {} },
    ['root.connections --connection.connected[2]', 'root.features --feature.deliver[0]'],
    async (app) => {
      await connect(app)
      await signIn(app)
      expect(app.modal.getSiwxSession()?.data.chainId).toBe(A)
    },
  )

  scenario('optional sign-in: Escape on the prompt is a cancel; the wallet stays connected', { siwx: {} }, ['root.screen.open --modal.closed[1]'], async (app) => {
    await connect(app)
    await shows(app, en.titles.SIWXSignMessage)
    await pressEscape(app)
    await closed(app)
    expect(status(app)).toBe('connected')
    expect(featureOf(app, 'siwx')!.getSnapshot().matches('idle')).toBe(true)
  })

  scenario('optional sign-in: Cancel closes the modal; the wallet stays connected', { siwx: {} }, ['root.features --feature.deliver[0]'], async (app) => {
    await connect(app)
    await shows(app, en.titles.SIWXSignMessage)
    await press(app, en.cancel)
    await closed(app)
    expect(status(app)).toBe('connected')
  })

  scenario('closed while the wallet is asked to sign: the account button shows the sign view again; approved: signed in', { siwx: {}, hold: ['personal_sign'] }, ['root.screen --app.open[0]'], async (app) => {
    await connect(app)
    await shows(app, en.titles.SIWXSignMessage)
    await press(app, en.signIn)
    await until(() => expect(app.gates.waiting('personal_sign')).toBe(1))
    await pressEscape(app)
    await closed(app)
    await pressOnPage(app, /0x/)
    await shows(app, en.titles.SIWXSignMessage)
    expect(app.dialog()!.textContent).toContain(en.signInInWallet)
    await app.gates.release('personal_sign')
    await wallet(app, 'Approve')
    await closed(app)
    expect(app.modal.getSiwxSession()).toBeDefined()
  })

  scenario("the message cannot be prepared (nonce call fails): 'Error signing message', the prompt stays", { siwx: {}, hold: [NONCE] }, [], async (app) => {
    await connect(app)
    await shows(app, en.titles.SIWXSignMessage)
    await press(app, en.signIn)
    await onHeld(app, NONCE, () => app.gates.fail(NONCE, new TypeError('Failed to fetch')))
    await toasts(en.messages.siwxSignFailed)
    await shows(app, en.titles.SIWXSignMessage)
    expect(within(app.dialog()!).getByRole('alert').textContent).toBe(siwxMessages.signFailed)
  })

  scenario('signed in on one chain; the wallet moves to another (the prompt opens), then back: the session is found, the modal closes', { siwx: {} }, [], async (app) => {
    await connect(app)
    await signIn(app)
    await walletChain(app, 31338)
    await shows(app, en.titles.SIWXSignMessage)
    await walletChain(app, 31337)
    await closed(app)
    expect(app.modal.getSiwxSession()?.data.chainId).toBe(A)
  })

  scenario('signed in on one chain; on another the prompt is dismissed; back on the first the session is found and the modal stays closed', { siwx: {} }, [], async (app) => {
    await connect(app)
    await signIn(app)
    await walletChain(app, 31338)
    await shows(app, en.titles.SIWXSignMessage)
    await pressEscape(app)
    await closed(app)
    await walletChain(app, 31337)
    await until(() => expect(app.modal.getSiwxSession()?.data.chainId).toBe(A))
    await app.settle()
    expect(app.dialog()).toBeNull()
  })

  scenario("the session check fails (sessions kept on disconnect): the wallet is disconnected, Connect, 'A problem occurred…'", { siwx: { signOutOnDisconnect: false }, hold: [SESSION] }, [], async (app) => {
    await connect(app)
    await signIn(app)
    await walletChain(app, 31338)
    await shows(app, en.titles.SIWXSignMessage)
    await walletChain(app, 31337)
    await onHeld(app, SESSION, () => app.gates.fail(SESSION, new TypeError('Failed to fetch')))
    await toasts(en.messages.siwxInitFailed)
    await until(() => expect(status(app)).toBe('disconnected'))
    expect(app.modal.getState().view).toBe('Connect')
  })

  scenario('required sign-in: Escape is refused (the dialog shakes); Cancel disconnects the wallet and closes', { siwx: { required: true } }, ['root.connections --connection.disconnected[1]'], async (app) => {
    await connect(app)
    await shows(app, en.titles.SIWXSignMessage)
    fireEvent.keyDown(app.dialog()!, { key: 'Escape' })
    await app.settle()
    expect(app.dialog()!.getAttribute('data-shaking')).toBe('true')
    await press(app, en.cancel)
    await closed(app)
    expect(status(app)).toBe('disconnected')
  })

  scenario(
    'required sign-in, signed in on one chain, the wallet on another: Cancel asks the wallet back; refused, then failed: the prompt again; approved: signed in there, closed',
    { siwx: { required: true }, hold: [SWITCH] },
    ['root.networks --network.switchRejected[0]', 'root.networks --network.switchFailed[0]'],
    async (app) => {
      await connect(app)
      await signIn(app)
      await walletChain(app, 31338)
      await shows(app, en.titles.SIWXSignMessage)
      // Refused in the wallet: the prompt again.
      await press(app, en.cancel)
      await until(() => expect(app.dialog()!.textContent).toContain(en.signInReturning(names[A]!)))
      await onHeld(app, SWITCH, () => app.gates.release(SWITCH))
      await wallet(app, 'Reject')
      await until(() => expect(within(app.dialog()!).getByRole('button', { name: en.signIn }).hasAttribute('disabled')).toBe(false))
      // Failed: the error as a toast, the prompt again.
      await press(app, en.cancel)
      await onHeld(app, SWITCH, () => app.gates.fail(SWITCH, rpcError))
      await toasts(en.errors.byCode[-32603]!)
      await until(() => expect(within(app.dialog()!).getByRole('button', { name: en.signIn }).hasAttribute('disabled')).toBe(false))
      // Approved: back on the signed-in chain, its session found.
      await press(app, en.cancel)
      await onHeld(app, SWITCH, () => app.gates.release(SWITCH))
      await wallet(app, 'Approve')
      await closed(app)
      expect(app.wallet.state.chainId).toBe(31337)
      expect(app.modal.getSiwxSession()?.data.chainId).toBe(A)
      expect(status(app)).toBe('connected')
    },
  )

  scenario(
    'required sign-in, the newest session on a chain the dapp does not configure: Cancel cannot switch there, the prompt again',
    { siwx: { required: true }, hold: [VERIFY] },
    ['root.networks --network.notFound[0]'],
    async (app) => {
      // The wallet's user adds chain 998 in the wallet, then picks 999: two chains the dapp does not know.
      const adding = app.wallet.request({ method: ADD, params: [{ chainId: toHex(998), chainName: 'Another unknown chain', rpcUrls: [inject('anvilRpc1')] }] })
      await wallet(app, 'Approve')
      await adding
      await walletChain(app, UNKNOWN_CHAIN)
      // Connected and signed in on 999 (the reference server verifies only its own chains: the test answers for it).
      await connect(app)
      await shows(app, en.titles.SIWXSignMessage)
      await press(app, en.signIn)
      await wallet(app, 'Approve')
      await onHeld(app, VERIFY, () => app.gates.answer(VERIFY, verifiedOn999(app, 'root-model-session-on-999')))
      await closed(app)
      // On a chain with no session: the prompt; Cancel returns to 999, which the dapp does not configure.
      await walletChain(app, 998)
      await shows(app, en.titles.SIWXSignMessage)
      await press(app, en.cancel)
      await until(() => expect(featureOf(app, 'siwx')!.getSnapshot().matches({ awaitingSession: 'prompting' })).toBe(true))
      expect(within(app.dialog()!).getByRole('button', { name: en.signIn }).hasAttribute('disabled')).toBe(false)
      expect(app.gates.waiting(SWITCH) + walletRequests(app)).toBe(0)
      expect(status(app)).toBe('connected')
    },
  )

  /** Regression: the send is cleared with the connection, and so is its transaction stack entry. */
  scenario('a send the wallet was asked for leaves nothing pending once the wallet has disconnected', { ...restored, hold: [SEND_TX] }, ['root.connections --connection.disconnected[2]'], async (app) => {
    await openAccount(app)
    await askThenDisconnect(app)
    expect(status(app)).toBe('disconnected')
    expect(featureOf(app, 'send')!.getSnapshot().matches({ flow: 'idle' })).toBe(true)
    expect(stack(app)).toEqual([])
  })

  /**
   * Regression: the dapp's `open({ view: 'Send' })` while the wallet is asked to send shows that send's preview (as
   * Account → Send does), and its success returns to Account.
   */
  scenario("the dapp's open({ view: 'Send' }) while the wallet is asked: the pending preview, then Account once sent", { ...restored, hold: [SEND_TX, RECEIPT] }, ['root.screen --app.open[1]'], async (app) => {
    await openAccount(app)
    await fillSend(app)
    await confirm(app)
    await pressEscape(app)
    await closed(app)
    app.modal.open({ view: 'Send' })
    await shows(app, en.titles.SendPreview)
    await app.gates.release(SEND_TX)
    await wallet(app, 'Approve')
    await lands(app)
    await shows(app, en.titles.Account)
  })

  // ------------------------------------------------------------ WalletConnect (the loopback relay, the dev mobile wallet)

  scenario('the WalletConnect row: the QR code; Back: the pairing is cancelled, Connect', wc, ['root.screen.open --app.selectWallet[0]', 'root.screen.open.connecting --app.back[1]'], async (app) => {
    await pressOnPage(app, en.connectButton)
    await press(app, 'WalletConnect')
    await shows(app, en.titles.ConnectingWalletConnect)
    await scanQr(app)
    await press(app, en.back)
    await shows(app, en.titles.Connect)
    await until(() => expect(featureOf(app, 'pairing')!.getSnapshot().matches('idle')).toBe(true))
    expect(status(app)).toBe('disconnected')
  })

  scenario('the WalletConnect row; the phone wallet scans and approves: connected, the modal closes', wc, ['root.screen.open --app.selectWallet[0]', 'root.connections --connection.connected[3]'], async (app) => {
    await pressOnPage(app, en.connectButton)
    await press(app, 'WalletConnect')
    await phoneApproves(app)
  })

  scenario("the phone wallet declines: 'Connection declined'; Try again: a new QR code, approved: connected", wc, ['root.features --feature.deliver[0]'], async (app) => {
    await pressOnPage(app, en.connectButton)
    await press(app, 'WalletConnect')
    const phone = await phoneWallet({ autoApprove: false })
    const first = await scanQr(app)
    await phone.pair(first)
    const { pending } = await phone.waitFor((s) => s.pending.some((p) => p.kind === 'proposal'))
    await phone.reject(pending[0]!.id)
    await until(() => expect(app.dialog()!.textContent).toContain(en.pairingDeclined))
    await press(app, en.tryAgain)
    const second = await scanQr(app)
    expect(second).not.toBe(first)
    phone.setAutoApprove(true)
    await phone.pair(second)
    await closed(app)
    await until(() => expect(app.modal.getState().account.address).toBe(phone.address))
  })

  scenario("a phone wallet that knows none of the dapp's chains refuses (5100): 'Connection failed'; Back: Connect", wc, ['root.screen.open.connecting --app.back[1]'], async (app) => {
    await pressOnPage(app, en.connectButton)
    await press(app, 'WalletConnect')
    const phone = await phoneWallet({ chains: [{ chainId: 999_001, name: 'Elsewhere', rpcUrl: 'http://127.0.0.1:9' }] })
    await phone.pair(await scanQr(app))
    await until(() => expect(app.dialog()!.textContent).toContain(en.pairingFailed))
    expect(status(app)).toBe('disconnected')
    await press(app, en.back)
    await shows(app, en.titles.Connect)
  })

  scenario(
    'manual WalletConnect on a desktop: Connect Wallet opens ConnectingWalletConnectBasic with the QR code; approved on the phone: connected',
    { walletConnect: { relayUrl: inject('relayUrl'), manual: true } },
    ['root.screen --app.open[6]'],
    async (app) => {
      await pressOnPage(app, en.connectButton)
      await shows(app, en.titles.ConnectingWalletConnectBasic)
      expect(app.modal.getState().view).toBe('ConnectingWalletConnectBasic')
      await phoneApproves(app)
    },
  )

  scenario(
    "manual WalletConnect on a phone: Connect Wallet opens AllWallets; the dapp's own wallet: 'Continue in …' and Open, no QR code; tapped: the wallet's link opens, remembered as the deep-link choice",
    { walletConnect: { relayUrl: inject('relayUrl'), manual: true }, platform: 'mobile', customWallets: [PHONE_WALLET] },
    ['root.screen --app.open[5]', 'root.features --feature.deliver[0]', 'root.screen.open --app.openedWalletLink[0]'],
    async (app) => {
      await pressOnPage(app, en.connectButton)
      await shows(app, en.titles.AllWallets)
      await press(app, PHONE_WALLET.name)
      await shows(app, en.titles.ConnectingWalletConnect)
      // A phone never shows the QR code: 'Continue in …' and Open, the wallet's link on the URI.
      const link = await until(() => within(app.dialog()!).getByRole('link', { name: en.pairingOpen }))
      expect(within(app.dialog()!).getByText(en.pairingTapToOpen(PHONE_WALLET.name))).toBeTruthy()
      expect(app.find('img', en.pairingQr)).toBeNull()
      const uri = featureOf(app, 'pairing')!.getSnapshot().context.uri!
      const href = `${PHONE_WALLET.mobile_link}wc?uri=${encodeURIComponent(uri)}`
      expect(link.getAttribute('href')).toBe(href)
      // A universal link opens in a new tab: the dapp's tab and its pairing stay. happy-dom would open a
      // window for it: the tap's navigation is stopped here, after the modal's handler ran.
      expect(link.getAttribute('target')).toBe('_blank')
      const stop = (e: Event) => e.preventDefault()
      window.addEventListener('click', stop)
      try {
        fireEvent.click(link)
        await app.settle()
      } finally {
        window.removeEventListener('click', stop)
      }
      expect(app.modal.storage.getDeepLinkChoice()).toEqual({ href, name: PHONE_WALLET.name })
      await shows(app, en.titles.ConnectingWalletConnect)
    },
  )

  scenario(
    "a directory wallet picked with WalletConnect on: 'Scan with' that wallet; the phone approves: connected",
    { ...wc, directory: true, extraNetworks: [mainnet] },
    ['root.features --feature.deliver[0]'],
    async (app) => {
      await pressOnPage(app, en.connectButton)
      // The catalogue's rows below the installed ones (after its images load or time out, spec §9).
      const row = await waitFor(
        () => {
          const el = app.dialog()!.querySelector<HTMLElement>('button[data-wallet-id]')
          if (!el) throw new TestFailure('no directory wallet listed')
          return el
        },
        { interval: 20, timeout: 10_000 },
      )
      const walletName = row.querySelector('.lk-row-name')!.textContent!
      fireEvent.click(row)
      await app.settle()
      await shows(app, en.titles.ConnectingWalletConnect)
      await until(() => expect(app.dialog()!.textContent).toContain(en.pairingScanWith(walletName)))
      await phoneApproves(app)
    },
  )

  // ------------------------------------------------------------ namespaces (EVM, Solana, Bitcoin side by side)

  scenario(
    "connected on EVM, Solana Localnet picked: SwitchActiveChain; 'Connect a wallet': Connect for Solana wallets; approved: the Solana account, the EVM wallet still connected",
    namespaces,
    ['root.networks --app.selectNetwork[0]', 'root.screen.open --app.confirmNamespaceSwitch[0]', 'root.screen.open --app.selectWallet[1]', 'root.connections --connection.connected[3]'],
    connectSolanaBeside,
  )

  scenario(
    "Solana active; the EVM wallet picks another account, another chain, then 'Disconnect site': the Solana account stays, the EVM connection follows and is forgotten",
    namespaces,
    ['root.connections --connection.accountChanged[0]', 'root.connections --connection.chainChanged[0]', 'root.connections --connection.disconnected[0]'],
    async (app) => {
      await connectSolanaBeside(app)
      const evm = () => rootOf(app).connections.eip155!.getSnapshot().context
      await app.selectInPanel('Account', '1')
      await until(() => expect(evm().address).toBe(DEV_ADDRESSES[1]))
      await walletChain(app, 31338)
      await until(() => expect(String(evm().chainId)).toBe('31338'))
      await walletDisconnects(app)
      await until(() => expect(connectedIn(app, 'eip155')).toBe(false))
      expect(app.modal.storage.getConnectedConnectorId('eip155')).toBeUndefined()
      // Spec §3: the stored connection status is the active namespace's, where the Solana wallet is still connected.
      expect(app.modal.storage.getConnectionStatus()).toBe('connected')
      expect(app.modal.getState().account.address).toBe(app.solana!.state.address)
      expect(app.modal.getState().caipNetworkId).toBe(SOLANA_LOCALNET_CAIP_NETWORK_ID)
      expect(status(app)).toBe('connected')
    },
  )

  scenario('both connected, Solana active: Anvil Local picked in the network list: EVM active again, Account of the EVM wallet', namespaces, ['root.networks --app.selectNetwork[1]'], async (app) => {
    await connectSolanaBeside(app)
    await pressOnPage(app, en.switchNetworkLabel(SOLANA))
    await shows(app, en.titles.SwitchNetwork)
    await press(app, names[A]!)
    await shows(app, en.titles.Account)
    expect(app.modal.getState().activeNamespace).toBe('eip155')
    expect(app.modal.getState().account.address).toBe(app.wallet.state.address)
    expect(connectedIn(app, 'solana')).toBe(true)
  })

  scenario(
    'a stored EVM connection, Solana the stored active network: restored in the background (Connect Wallet shows); Anvil Local picked: Account of the EVM wallet',
    { ...namespaces, activeNetworkId: SOLANA_LOCALNET_CAIP_NETWORK_ID },
    ['root.connections --connection.connected[0]', 'root.networks --app.selectNetwork[1]'],
    async (app) => {
      await until(() => expect(connectedIn(app, 'eip155')).toBe(true))
      await button(app, en.connectButton)
      expect(app.modal.getState().activeNamespace).toBe('solana')
      expect(status(app)).toBe('disconnected')
      // Stored for its own namespace, the restored connection does not make it the stored active namespace (spec §3).
      expect(app.modal.storage.getConnectedConnectorId('eip155')).toBe(RDNS)
      expect(app.modal.storage.getActiveNamespace()).not.toBe('eip155')
      await pressOnPage(app, en.switchNetworkLabel(SOLANA))
      await press(app, names[A]!)
      await shows(app, en.titles.Account)
      expect(app.modal.getState().account.address).toBe(app.wallet.state.address)
    },
  )

  scenario(
    'not connected: Bitcoin Regtest picked: the list is left, Bitcoin active; Connect Wallet lists the Bitcoin wallet; approved: its account',
    { namespaces: true },
    ['root.networks --app.selectNetwork[1]', 'root.connections --connection.connected[3]'],
    async (app) => {
      await pressOnPage(app, en.switchNetworkLabel(names[A]!))
      await press(app, BITCOIN)
      await closed(app)
      expect(app.modal.getState().activeNamespace).toBe('bip122')
      await pressOnPage(app, en.connectButton)
      await until(() => expect(walletRows(app)).toContain(BITCOIN_WALLET))
      await press(app, BITCOIN_WALLET)
      await bitcoinWallet(app, 'Approve')
      await closed(app)
      await until(() => expect(app.modal.getState().account.address).toBe(app.bitcoin!.state.paymentAddress))
      expect(app.modal.getState().caipNetworkId).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
    },
  )

  /**
   * Tabs agree (spec §4): another tab of the site acts (its wallet is the browser's, so the dev wallet's shared state
   * changes there, adopted here silently) and stores what it did in the modal's storage; this tab hears the `storage`
   * event and applies it through its own paths.
   */
  const otherTabWallet = (app: App, change: Record<string, unknown>) => {
    const state = JSON.parse(app.walletStorage.getItem('latchkey-dev-wallet') ?? '{}')
    app.walletStorage.setItem('latchkey-dev-wallet', JSON.stringify({ ...state, ...change }))
    app.wallet.reload()
  }

  scenario(
    'another tab of the site picks Anvil Local 2, then connects the wallet: this tab follows the network, then restores the connection (no prompt)',
    { api: true },
    ['root.connections --tabs.networkChanged[0]', 'root.connections --tabs.connected[0]', 'root.connections --tabs.accountChanged[0]', 'root.connections --connection.connected[1]'],
    async (app) => {
      await button(app, en.connectButton)
      await app.otherTabStores('active_caip_network_id', B)
      await until(() => expect(app.modal.getState().caipNetworkId).toBe(B))
      otherTabWallet(app, { authorised: true, chainId: 31338 })
      await app.otherTabStores('eip155:connected_connector_id', RDNS)
      await app.otherTabStores('connections', { eip155: [{ connectorId: RDNS, accounts: [{ address: app.wallet.state.address }] }] })
      await until(() => expect(status(app)).toBe('connected'))
      expect(app.modal.getState().account.address).toBe(app.wallet.state.address)
      expect(walletRequests(app)).toBe(0)
      await button(app, /0x/)
    },
  )

  scenario(
    'another tab of the site picks another account, another network, then disconnects: this tab follows each, without asking its wallet',
    restored,
    ['root.connections --tabs.accountChanged[0]', 'root.connections --tabs.networkChanged[0]', 'root.connections --tabs.disconnected[0]', 'root.connections --connection.disconnected[3]'],
    async (app) => {
      await until(() => expect(status(app)).toBe('connected'))
      otherTabWallet(app, { accountIndex: 1 })
      await app.otherTabStores('connections', { eip155: [{ connectorId: RDNS, accounts: [{ address: other.address }, { address: sender.address }] }] })
      await until(() => expect(app.modal.getState().account.address).toBe(other.address))
      otherTabWallet(app, { chainId: 31338 })
      await app.otherTabStores('active_caip_network_id', B)
      await until(() => expect(app.modal.getState().caipNetworkId).toBe(B))
      otherTabWallet(app, { authorised: false })
      await app.otherTabStores('eip155:connected_connector_id', null)
      await app.otherTabStores('connections', { eip155: [] })
      await until(() => expect(status(app)).toBe('disconnected'))
      await button(app, en.connectButton)
      expect(walletRequests(app)).toBe(0)
      // Junk stored by another tab changes nothing and is left where it is.
      await app.otherTabStores('eip155:connected_connector_id', 42)
      expect(status(app)).toBe('disconnected')
      expect(app.storage.getItem('@latchkey/eip155:connected_connector_id')).toBe('42')
    },
  )

  test('coverage: the scenarios reach every state and fire every transition of the root machine a gesture can fire', () => {
    const report = coverageReport(rootMachine, runs)
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual(Object.keys(unreachable))
  })
})
