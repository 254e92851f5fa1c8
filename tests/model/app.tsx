import { MemoryKeyValueStorage } from '../../testing/walletConnect/storage.ts'
import { cleanup, configure, fireEvent, render, within, type waitForOptions } from '@testing-library/react'
import { describe, inject, test } from 'vitest'
import { createEip155Adapter } from '../../adapters/eip155.ts'
import type { CaipNetwork } from '../../adapters/networks.ts'
import { announceDevWallet, anvilNetwork, DevWallet, mountWalletPanel } from '../../dev/wallet/index.ts'
import { timing } from '../../machines/timing.ts'
import { createSiwx } from '../../services/siwxSessions.ts'
import { createMemoryStorage } from '../../services/storage.ts'
import { createModal } from '../../ui/createModal.ts'
import { AccountButton, ConnectButton, ModalProvider, NetworkButton } from '../../ui/react.tsx'
import { createManualClock } from '../harness/clock.ts'
import { deferred, type Deferred } from '../harness/deferred.ts'
import type { FeatureMachineId as FeatureId, FeatureRefs } from '../../ui/assemble/index.ts'
import type { AnyActorRef, InspectionEvent } from 'xstate'
import { stateKey, type ModelPath, type Step } from './coverage.ts'
import { frameFixture, SECURE_ORIGIN } from './frameFixture.ts'
import { frameSuccess, type FrameRequestKind } from '../../adapters/frame.protocol.ts'
import { ForeignError, TestFailure } from '../harness/failures.ts'
import { waitFor, wake } from './until.ts'
import { firstByRole, queryByRoleFast } from './byRole.ts'

// The real stack answers in seconds, not milliseconds, on a loaded two-core machine (a view's lazy chunk, a server's
// reply; more while the example apps build beside the integration files in `npm test`): Testing Library's conditions
// (waitFor, findBy…) wait up to 15 s for them instead of its default 1 s (a walk has 30 s). They still return as soon as
// the condition holds; 5 s was once too short for the Account view to appear under a load past 14.
configure({ asyncUtilTimeout: 15_000 })

export const RDNS = 'dev.latchkey.wallet'
export const WALLET_NAME = 'Latchkey Dev Wallet'
/** The second browser wallet's EIP-6963 rdns and name (fixture `secondWallet`). */
export const SECOND_RDNS = 'dev.latchkey.wallet.second'
export const SECOND_WALLET_NAME = 'Second Dev Wallet'
/** A chain the dev wallet knows and the dapp does not configure (the unsupported-chain fixture). */
export const UNKNOWN_CHAIN = 999

/**
 * The real modal rendered in happy-dom, with the real development wallet (announced through EIP-6963,
 * with its approval panel) whose reads go to the real anvil chains of the test global setup. XState
 * delays run on a manual clock. Walks drive it only through what a visitor or the wallet's user does.
 */
export async function renderApp(
  fixture: {
    stored?: boolean
    reconnect?: boolean
    announce?: boolean
    authorised?: boolean
    /** Wallet methods and API calls ({@link apiGateKey}) held until the test releases them. */
    hold?: readonly string[]
    /** The blockchain API of the reference server (`inject('apiUrl')`, or `apiUrl`). */
    api?: boolean
    apiUrl?: string
    /** The wallet's account (dev account index); default 0. */
    accountIndex?: number
    /** The wallet's accounts instead of the anvil dev accounts. */
    accounts?: ConstructorParameters<typeof DevWallet>[0]['accounts']
    /** How many of its accounts the wallet gives the site (the selected one first): several accounts inside one wallet. */
    exposedAccounts?: number
    /** The dapp configures the dev chains as mainnets (identity lookups happen). */
    mainnets?: boolean
    allowUnsupportedChain?: boolean
    /**
     * Sign in with the wallet: the default `siwx` option (`createSiwx`) on the reference server's SIWX API
     * (`apiUrl` or `inject('apiUrl')`, under `/siwx`), its sessions in the modal's storage, its calls through the
     * gates (`api:/siwx/v1/nonce`, `api:/siwx/v1/verify`, `api:/siwx/v1/session`). The message names an origin
     * the server signs in for (the demo's, `http://127.0.0.1:5173`): happy-dom's own page is not one.
     */
    siwx?: { required?: boolean; signOutOnDisconnect?: boolean }
    /**
     * The wallet directory of the reference server (`api.directoryUrl`: `apiUrl` or `inject('apiUrl')`, under
     * `/directory`): the catalogue and the remote config, their calls through the gates
     * (`api:/directory/getWallets`, `api:/directory/appkit/v1/config`, `api:/directory/projects/v1/origins`).
     */
    directory?: boolean
    /** The `projectId` option; default `'model-tests'` (`''`: not configured). */
    projectId?: string
    /** Debug mode: alerts are shown (as error toasts) and logged. */
    debug?: boolean
    /** The local `features` option. */
    features?: Parameters<typeof createModal>[0]['features']
    /** Basic mode: every remote feature off. */
    basic?: boolean
    /** Wallet ids the dapp features in the catalogue. */
    featuredWalletIds?: string[]
    /** Networks the dapp configures after the two anvil chains (e.g. `mainnet`: the catalogue lists the wallets of its chains). */
    extraNetworks?: CaipNetwork[]
    /** The `locale` option (the modal's language, numbers and fiat values). */
    locale?: string
    /** The `messages` option (per-key word overrides). */
    messages?: Parameters<typeof createModal>[0]['messages']
    /** Embedded mode (`enableEmbedded`): closing shows Account when connected. */
    embedded?: boolean
    /**
     * The embedded wallet (`embeddedWallet`) on a fake frame page (`frameFixture()`: happy-dom loads no cross-origin
     * page): the modal's default adapter with the auth connector and no WalletConnect; `app.frame` answers as the frame.
     */
    embeddedWallet?: boolean
    /**
     * An email user of the embedded wallet who signed in on an earlier visit (with `embeddedWallet`): the stored auth
     * connection and email; the fake frame says it is ready once mounted and answers the restore (IS_CONNECTED,
     * GET_USER with this user), the syncs and the chain requests by itself. Other requests wait for the test.
     */
    emailUser?: { email: string; address: string }
    /** A dapp's own `transferAdapter` (the `transferAdapter` option), made from the (gated) dev wallet's provider. */
    transferAdapter?: (provider: { request(args: { method: string; params?: unknown }): Promise<unknown> }) => NonNullable<Parameters<typeof createModal>[0]['transferAdapter']>
    /** XState inspection from the modal's creation (`createModal`'s `inspect`): the root's start is seen too. */
    inspect?: Parameters<typeof createModal>[0]['inspect']
    /**
     * WalletConnect on the loopback relay (`relayUrl`, e.g. `inject('relayUrl')`): the modal's default adapter is
     * used (browser wallets and the WalletConnect connector); the SDK keeps its data in `storage` (default a fresh
     * in-memory one) under a prefix of its own.
     */
    walletConnect?: { relayUrl: string; storage?: unknown; manual?: boolean }
    /** The `platform` option (`'mobile'`: a phone; the catalogue keeps wallets with a mobile link). */
    platform?: Parameters<typeof createModal>[0]['platform']
    /** The `customWallets` option: wallets the dapp adds to the catalogue itself. */
    customWallets?: Parameters<typeof createModal>[0]['customWallets']
    /** The `connectorTypeOrder` option (spec §9): the order of Connect's wallet groups. */
    connectorTypeOrder?: Parameters<typeof createModal>[0]['connectorTypeOrder']
    /** The `walletFeaturesOrder` option (spec §9): the order of Account's action buttons. */
    walletFeaturesOrder?: Parameters<typeof createModal>[0]['walletFeaturesOrder']
    /** The `ignoreSwitchConfirmation` option (spec §2): a switch while connected does not push SwitchNetwork. */
    ignoreSwitchConfirmation?: boolean
    /**
     * The Solana and Bitcoin namespaces beside the two anvil chains: the local Solana network
     * (`solanaLocalnetAt(inject('solanaRpc'))`, LiteSVM) and Bitcoin regtest on the reference server's UTXO index
     * (`${inject('apiUrl')}/blockchain`), whose adapters the modal loads lazily; the development Solana wallet
     * (`DevSolanaWallet`) and Bitcoin wallet (`BitcoinDevWallet`) registered through the Wallet Standard's window events,
     * each asking its user in its own panel (`solanaPanel()`, `bitcoinPanel()`). Unregistered by `dispose()`.
     */
    namespaces?: boolean
    /** The active network stored by an earlier visit (`active_caip_network_id`): the modal starts on its namespace. */
    activeNetworkId?: string
    /**
     * A second browser wallet (multi-wallet): another development wallet on dev account 1, announced under its own
     * EIP-6963 identity ({@link SECOND_RDNS}, {@link SECOND_WALLET_NAME}), that approved the site before; its methods go
     * through the gates as `second:<method>`. With `stored`, both wallets' connections are stored, the first active.
     */
    secondWallet?: boolean
  } = {},
) {
  const rpc1 = inject('anvilRpc1')
  const rpc2 = inject('anvilRpc2')
  const walletStorage = createMemoryStorage()
  const modalStorage = createMemoryStorage()
  const wallet = new DevWallet({
    chains: [
      { chainId: 31337, name: 'Anvil Local', rpcUrl: rpc1 },
      { chainId: 31338, name: 'Anvil Local 2', rpcUrl: rpc2 },
      { chainId: UNKNOWN_CHAIN, name: 'Unknown chain', rpcUrl: rpc1 },
    ],
    storage: walletStorage,
    autoApprove: false,
    ...(fixture.accounts ? { accounts: fixture.accounts } : {}),
    ...(fixture.exposedAccounts ? { exposedAccounts: fixture.exposedAccounts } : {}),
  })
  if (fixture.accountIndex !== undefined) wallet.setAccount(fixture.accountIndex)
  if (fixture.authorised) {
    wallet.setAutoApprove(true)
    await wallet.request({ method: 'eth_requestAccounts' })
    wallet.setAutoApprove(false)
  }
  const second = fixture.secondWallet
    ? new DevWallet({
        chains: [
          { chainId: 31337, name: 'Anvil Local', rpcUrl: rpc1 },
          { chainId: 31338, name: 'Anvil Local 2', rpcUrl: rpc2 },
        ],
        storage: createMemoryStorage(),
        autoApprove: true,
      })
    : undefined
  if (second) {
    second.setAccount(1)
    await second.request({ method: 'eth_requestAccounts' })
    second.setAutoApprove(false)
  }
  if (fixture.stored) {
    modalStorage.setItem('@latchkey/eip155:connected_connector_id', JSON.stringify(RDNS))
    const held = second ? [{ connectorId: SECOND_RDNS, accounts: [{ address: second.state.address }] }] : []
    modalStorage.setItem('@latchkey/connections', JSON.stringify({ eip155: [...held, { connectorId: RDNS, accounts: [{ address: wallet.state.address }] }] }))
  }
  if (fixture.emailUser) {
    modalStorage.setItem('@latchkey/eip155:connected_connector_id', JSON.stringify('auth'))
    modalStorage.setItem('@latchkey/connections', JSON.stringify({ eip155: [{ connectorId: 'auth', accounts: [{ address: fixture.emailUser.address }] }] }))
    modalStorage.setItem('@latchkey/email', JSON.stringify(fixture.emailUser.email))
  }
  const gates = createGates()
  const walletRequest = wallet.request.bind(wallet)
  wallet.request = (args: { method: string; params?: unknown }) => gates.run(args.method, () => walletRequest(args)) as Promise<any>
  const apiUrl = fixture.apiUrl ?? (fixture.api ? inject('apiUrl') : undefined)
  const gatedFetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined)
    return gates.run(apiGateKey(url), () => fetch(input, init), signal) as Promise<Response>
  }
  for (const method of fixture.hold ?? []) gates.close(method)
  let unannounce: (() => void) | undefined
  const announce = () => {
    unannounce ??= announceDevWallet(wallet, { rdns: RDNS, name: WALLET_NAME })
  }
  if (fixture.announce !== false) announce()
  let unannounceSecond: (() => void) | undefined
  if (second) {
    const secondRequest = second.request.bind(second)
    second.request = (args: { method: string; params?: unknown }) => gates.run(`second:${args.method}`, () => secondRequest(args)) as Promise<any>
    unannounceSecond = announceDevWallet(second, { rdns: SECOND_RDNS, name: SECOND_WALLET_NAME, uuid: '6f1e3a3c-2b8e-4c1a-9d7e-1f2a3b4c5d6e' })
  }
  const namespaces = fixture.namespaces ? await mountNamespaceWallets() : undefined
  if (fixture.activeNetworkId) modalStorage.setItem('@latchkey/active_caip_network_id', JSON.stringify(fixture.activeNetworkId))
  const clock = createManualClock()
  const frame = fixture.embeddedWallet ? frameFixture() : undefined
  const frameAnswers = frame && fixture.emailUser ? answerFrame(frame, { ...fixture.emailUser, chainId: 31337 }) : undefined
  const modal = createModal({
    projectId: fixture.projectId ?? 'model-tests',
    networks: [
      ...[anvilNetwork(31337, 'Anvil Local', rpc1), anvilNetwork(31338, 'Anvil Local 2', rpc2)].map((n) => (fixture.mainnets ? { ...n, testnet: false } : n)),
      ...(fixture.extraNetworks ?? []),
      ...(namespaces?.networks ?? []),
    ] as [CaipNetwork, ...CaipNetwork[]],
    ...(apiUrl && !fixture.directory ? { api: { blockchainUrl: `${apiUrl}/blockchain`, fetch: gatedFetch } } : {}),
    ...(fixture.directory
      ? {
          api: {
            ...(apiUrl ? { blockchainUrl: `${apiUrl}/blockchain` } : {}),
            directoryUrl: `${fixture.apiUrl ?? inject('apiUrl')}/directory`,
            fetch: gatedFetch,
          },
        }
      : {}),
    ...(fixture.debug ? { debug: true } : {}),
    ...(fixture.features ? { features: fixture.features } : {}),
    ...(fixture.basic ? { basic: true } : {}),
    ...(fixture.featuredWalletIds ? { featuredWalletIds: fixture.featuredWalletIds } : {}),
    ...(fixture.allowUnsupportedChain ? { allowUnsupportedChain: true } : {}),
    ...(fixture.embedded ? { enableEmbedded: true } : {}),
    ...(fixture.locale ? { locale: fixture.locale } : {}),
    ...(fixture.messages ? { messages: fixture.messages } : {}),
    ...(fixture.inspect ? { inspect: fixture.inspect } : {}),
    ...(fixture.platform ? { platform: fixture.platform } : {}),
    ...(fixture.customWallets ? { customWallets: fixture.customWallets } : {}),
    ...(fixture.connectorTypeOrder ? { connectorTypeOrder: fixture.connectorTypeOrder } : {}),
    ...(fixture.walletFeaturesOrder ? { walletFeaturesOrder: fixture.walletFeaturesOrder } : {}),
    ...(fixture.ignoreSwitchConfirmation ? { ignoreSwitchConfirmation: true } : {}),
    ...(fixture.siwx
      ? {
          siwx: createSiwx({
            url: `${fixture.apiUrl ?? inject('apiUrl')}/siwx`,
            projectId: 'model-tests',
            domain: '127.0.0.1:5173',
            uri: 'http://127.0.0.1:5173',
            ...(fixture.siwx.required !== undefined ? { required: fixture.siwx.required } : {}),
            ...(fixture.siwx.signOutOnDisconnect !== undefined ? { signOutOnDisconnect: fixture.siwx.signOutOnDisconnect } : {}),
            storage: modalStorage,
            fetch: gatedFetch as typeof fetch,
          }),
        }
      : {}),
    storage: modalStorage,
    ...(frame ? { embeddedWallet: { secureSiteUrl: SECURE_ORIGIN, createTransport: () => frame.transport } } : {}),
    ...(fixture.walletConnect
      ? {
          walletConnect: {
            relayUrl: fixture.walletConnect.relayUrl,
            storage: (fixture.walletConnect.storage ?? new MemoryKeyValueStorage()) as never,
            storagePrefix: `model-${Math.random().toString(36).slice(2, 10)}`,
          },
          ...(fixture.walletConnect.manual ? { manualWalletConnect: true } : {}),
        }
      : frame
        ? {}
        : { adapter: createEip155Adapter({ window }) }),
    ...(fixture.transferAdapter ? { transferAdapter: fixture.transferAdapter(wallet) } : {}),
    enableReconnect: fixture.reconnect ?? true,
    clock,
  })
  // A wait of the walk (./until.ts) re-checks once any actor of this modal takes a snapshot: its condition may read a
  // machine rather than the page. Through the system's inspection, not `createModal`'s `inspect` (which fetches the core).
  const waking = (modal.peekCore()?.actor as AnyActorRef | undefined)?.system.inspect((event: InspectionEvent) => {
    if (event.type === '@xstate.snapshot') wake()
  })
  const page = render(
    <ModalProvider modal={modal}>
      <ConnectButton />
      <AccountButton />
      <NetworkButton />
    </ModalProvider>,
  )
  const panelHost = document.createElement('div')
  document.body.appendChild(panelHost)
  const unmountPanel = mountWalletPanel(wallet, panelHost)

  const shadows = () =>
    Array.from(document.querySelectorAll('*'))
      .map((el) => el.shadowRoot)
      .filter((r): r is ShadowRoot => Boolean(r))
  /**
   * Queries across the page, every open shadow root included: the first element of that role and name (any name when
   * undefined) of the first root that has one (Testing Library's `queryAllByRole(…)[0]`, found for less: ./byRole.ts).
   */
  const find = (role: string, name?: string | RegExp) => {
    for (const root of [document.body, ...shadows()]) {
      const hit = firstByRole(root, role, name)
      if (hit) return hit
    }
    return null
  }
  const get = async (role: string, name: string | RegExp) => {
    let el: HTMLElement | null = null
    await waitFor(() => {
      el = find(role, name)
      if (!el) throw new TestFailure(`No ${role} named ${String(name)}`)
    })
    return el!
  }
  const dialog = () => find('dialog')
  const panel = () => within(panelHost)
  const namespacePanel = (host: HTMLElement | undefined) => {
    if (!host) throw new TestFailure('no such wallet: render the app with `namespaces: true`')
    return within(host)
  }

  const ui = {
    wallet,
    /** The second browser wallet of the `secondWallet` fixture. */
    second,
    /** The dev wallet's storage: the browser's, shared by the site's tabs (as an extension's state is). */
    walletStorage,
    /** The modal's storage: what another tab of the site writes to. */
    storage: modalStorage,
    /**
     * Another tab of the site stores `value` (JSON; `null` removes it) under the modal's `key` (without the prefix): the
     * value is written, then the `storage` event the browser fires in the other tabs is dispatched here.
     */
    async otherTabStores(key: string, value: unknown) {
      const full = `@latchkey/${key}`
      if (value === null) modalStorage.removeItem(full)
      else modalStorage.setItem(full, JSON.stringify(value))
      const newValue = value === null ? null : JSON.stringify(value)
      window.dispatchEvent(Object.assign(new Event('storage'), { key: full, newValue, storageArea: modalStorage }))
      await settle()
    },
    modal,
    clock,
    gates,
    announce,
    find,
    get,
    dialog,
    async click(role: string, name: string | RegExp) {
      fireEvent.click(await get(role, name))
      await settle()
    },
    /** Clicks a control inside the open dialog (the page may have a button of the same name). */
    async clickInDialog(role: string, name: string | RegExp) {
      let el: HTMLElement | undefined
      await waitFor(() => {
        const d = dialog()
        if (!d) throw new TestFailure('no dialog')
        // Testing Library's getByRole: exactly one.
        const found = queryByRoleFast(d, role, name, false)
        if (found.length !== 1) throw new TestFailure(`${found.length} ${role}s named ${String(name)} in the dialog`)
        el = found[0]
      })
      fireEvent.click(el!)
      await settle()
    },
    /** The dialog is open; opens it with the page button if needed. */
    async ensureOpen() {
      await settle()
      if (dialog()) return
      const button = find('button', /^(Connect Wallet|Connecting…)$/) ?? find('button', /0x/)
      if (!button) throw new TestFailure('no page button to open the modal')
      fireEvent.click(button)
      await settle()
    },
    async close() {
      if (!dialog()) return
      fireEvent.keyDown(dialog()!, { key: 'Escape' })
      clock.advance(timing.viewTransition)
      await waitFor(() => {
        if (dialog()) throw new TestFailure('dialog still open')
      })
    },
    /** The wallet user's answer to the pending request, in the wallet's own panel. */
    async walletAnswer(answer: 'Approve' | 'Reject') {
      let button: HTMLElement | undefined
      await waitFor(() => {
        button = panel().getAllByRole('region', { name: 'Wallet request' })[0]
        if (!button) throw new TestFailure('no pending wallet request')
      })
      fireEvent.click(within(button!).getByRole('button', { name: answer }))
      await settle()
    },
    panel,
    /** The development Solana wallet (`namespaces: true`). */
    solana: namespaces?.solana,
    /** The development Bitcoin wallet (`namespaces: true`). */
    bitcoin: namespaces?.bitcoin,
    /** The Solana wallet's own panel ('Dev Solana Wallet': 'Account', 'Disconnect site', 'Solana wallet request' regions). */
    solanaPanel: () => namespacePanel(namespaces?.solanaHost),
    /** The Bitcoin wallet's own panel ('Bitcoin Dev Wallet': 'Bitcoin account', 'Disconnect Bitcoin site', 'Bitcoin wallet request' regions). */
    bitcoinPanel: () => namespacePanel(namespaces?.bitcoinHost),
    /** Types into the dialog's text field labelled `label` (replaces its value, like a paste). */
    async type(label: string, text: string) {
      let input: HTMLElement | undefined
      await waitFor(() => {
        const d = dialog()
        if (!d) throw new TestFailure('no dialog')
        input = within(d).getByLabelText(label)
      })
      fireEvent.change(input!, { target: { value: text } })
      await settle()
    },
    async selectInPanel(label: string, value: string) {
      fireEvent.change(panel().getByLabelText(label), { target: { value } })
      await settle()
    },
  }

  /** Lets promises and React settle; a closing modal finishes its exit transition (manual clock). */
  async function settle() {
    await new Promise((r) => setTimeout(r, 0))
    if (modal.actor.getSnapshot().context.modal.getSnapshot().matches('closing')) {
      clock.advance(timing.viewTransition)
      await new Promise((r) => setTimeout(r, 0))
    }
  }

  return {
    ...ui,
    settle,
    /** The fake frame page of the `embeddedWallet` fixture. */
    frame,
    async dispose() {
      waking?.unsubscribe()
      frameAnswers?.stop()
      gates.releaseAll()
      unmountPanel()
      panelHost.remove()
      unannounce?.()
      unannounceSecond?.()
      namespaces?.dispose()
      page.unmount()
      cleanup()
      modal.destroy()
      // The wallets' node requests still in flight (a balance read the modal started) end before the test's window goes.
      await Promise.all([wallet.abandonNodeRequests(), second?.abandonNodeRequests()])
    },
  }
}

export type App = Awaited<ReturnType<typeof renderApp>>

/**
 * The Solana and Bitcoin side of the `namespaces` fixture: their networks (the local Solana RPC of the global setup,
 * Bitcoin regtest on the reference server), the development wallets registered with the page through the Wallet
 * Standard's window events, and their panels mounted. Their modules load only here (web3.js, bitcoinjs-lib), so the
 * other walks do not pay for them.
 */
async function mountNamespaceWallets() {
  const [{ DevSolanaWallet, registerDevSolanaWallet, mountSolanaWalletPanel }, { solanaLocalnetAt }, { BitcoinDevWallet, registerBitcoinWallet, mountBitcoinWalletPanel }, { bitcoinRegtest }] = await Promise.all([
    import('../../dev/solana-wallet/index.ts'),
    import('../../dev/solana/network.ts'),
    import('../../dev/bitcoin-wallet/index.ts'),
    import('../../adapters/networks.ts'),
  ])
  const solanaRpc = inject('solanaRpc')
  const blockchainUrl = `${inject('apiUrl')}/blockchain`
  const solana = new DevSolanaWallet({ rpcUrl: solanaRpc, autoApprove: false })
  const bitcoin = new BitcoinDevWallet({ apiUrl: blockchainUrl, autoApprove: false })
  const unregister = [registerDevSolanaWallet(solana, window), registerBitcoinWallet(bitcoin, window)]
  const solanaHost = document.createElement('div')
  const bitcoinHost = document.createElement('div')
  document.body.append(solanaHost, bitcoinHost)
  const unmount = [mountSolanaWalletPanel(solana, solanaHost), mountBitcoinWalletPanel(bitcoin, bitcoinHost)]
  return {
    networks: [solanaLocalnetAt(solanaRpc), { ...bitcoinRegtest, rpcUrls: { default: { http: [blockchainUrl] } } }] as CaipNetwork[],
    solana,
    bitcoin,
    solanaHost,
    bitcoinHost,
    dispose() {
      unmount.forEach((f) => f())
      unregister.forEach((f) => f())
      solanaHost.remove()
      bitcoinHost.remove()
    },
  }
}

// ---------------------------------------------------------------- gestures and views shared by the walks

/** Lets promises and React settle without moving the clock (a closing modal stays closing, timers stay where they are). */
export const tick = () => new Promise((r) => setTimeout(r, 0))

/** The account status the modal reports (`connected`, `connecting`, `disconnected`, …). */
export const status = (app: App) => app.modal.getState().account.status

/**
 * The first button named `name` in the open dialog, once it is there (the page may have a button of the same name).
 *
 * @param wait The `waitFor` options (default: testing-library's).
 */
export async function inDialog(app: App, name: string | RegExp, wait?: waitForOptions): Promise<HTMLElement> {
  let el: HTMLElement | undefined
  await waitFor(() => {
    const d = app.dialog()
    if (!d) throw new TestFailure('no dialog')
    el = firstByRole(d, 'button', name) ?? undefined
    if (!el) throw new TestFailure(`No button named ${String(name)} in the dialog`)
  }, wait)
  return el!
}

/**
 * Clicks the first control of that name in the dialog (the wallet may be listed as recent and as installed), then settles.
 *
 * @param wait The `waitFor` options of the wait for the control (default: testing-library's).
 */
export async function clickFirstInDialog(app: App, name: string | RegExp, wait?: waitForOptions) {
  fireEvent.click(await inDialog(app, name, wait))
  await app.settle()
}

/** Connect Wallet → the development wallet → the wallet's user approves. */
export async function connectWallet(app: App) {
  await app.ensureOpen()
  await clickFirstInDialog(app, WALLET_NAME)
  await app.walletAnswer('Approve')
}

/**
 * Once the machine has made the call of `key` (held at its gate), `act` on it (release, fail or answer it), then
 * settle.
 *
 * @param options.releaseRest Other held calls of the same key go through too (e.g. a view's own read of the same kind).
 * @param options.settle What to wait for afterwards; default `app.settle` (pass {@link tick} not to move the clock).
 * @param options.wait The `waitFor` options of the wait for the held call.
 */
export async function onHeld(app: App, key: string, act: () => Promise<void>, options: { releaseRest?: boolean; settle?: () => Promise<unknown>; wait?: waitForOptions } = {}) {
  await waitFor(() => {
    if (!app.gates.waiting(key)) throw new TestFailure(`no ${key} waiting`)
  }, options.wait)
  await act()
  if (options.releaseRest) while (app.gates.waiting(key)) await app.gates.release(key)
  await (options.settle ?? app.settle)()
}

/** Escape in the dialog, and the exit transition (or the shake) on the manual clock. */
export async function pressEscape(app: App) {
  fireEvent.keyDown(app.dialog()!, { key: 'Escape' })
  app.clock.advance(Math.max(timing.viewTransition, timing.shakeDuration))
  await app.settle()
}

/**
 * The dialog closes (its exit transition runs on the manual clock).
 *
 * @param wait The `waitFor` options (default: testing-library's).
 */
export async function dialogCloses(app: App, wait?: waitForOptions) {
  await waitFor(async () => {
    await app.settle()
    if (app.dialog()) throw new TestFailure('dialog still open')
  }, wait)
}

/** The toast area's text (it lives in the modal's shadow root, open or not). */
export function toastText(): string {
  const roots = [document, ...Array.from(document.querySelectorAll('*')).flatMap((el) => (el.shadowRoot ? [el.shadowRoot] : []))]
  return roots.flatMap((r) => Array.from(r.querySelectorAll('[role="status"][aria-live]')).map((el) => el.textContent ?? '')).join(' ')
}

// ---------------------------------------------------------------- features (spawned on intent)

/** A feature's actor (`context.features[id]` of the root), `undefined` until its first use spawned it. */
export function featureOf<K extends FeatureId>(app: App, id: K): FeatureRefs[K] {
  return app.modal.actor.getSnapshot().context.features[id] as FeatureRefs[K]
}

/**
 * A feature's actor once it is there: its module is imported with the intent (`createModal`'s loaders), so it arrives a
 * few ms after the gesture that needed it.
 *
 * @param wait The `waitFor` options (default: testing-library's).
 */
export async function arrived<K extends FeatureId>(app: App, id: K, wait?: waitForOptions): Promise<NonNullable<FeatureRefs[K]>> {
  let ref: FeatureRefs[K] | undefined
  await waitFor(() => {
    ref = featureOf(app, id)
    if (!ref) throw new TestFailure(`the ${id} feature has not arrived`)
  }, wait)
  return ref!
}

/**
 * The states (`stateKey`) a feature's actor goes through, from its spawn on, whenever that is (recorded through the
 * system's inspection, so a walk can start before the feature exists): `visited` is empty until it is spawned, then
 * starts with its initial state. `stop` ends the recording.
 */
export function followFeature(app: App, id: FeatureId) {
  const root = app.modal.actor as AnyActorRef
  const visited: string[] = []
  const sub = root.system.inspect((ev: InspectionEvent) => {
    if (ev.type !== '@xstate.snapshot' || (ev.actorRef as AnyActorRef).id !== id || (ev.actorRef as unknown as { _parent?: AnyActorRef })._parent !== root) return
    const snapshot = ev.snapshot as { value?: unknown; status?: string }
    if (snapshot.status !== 'active' || snapshot.value === undefined) return
    const key = stateKey(snapshot as { value: unknown })
    // The inspection reports every snapshot, also those of events that changed nothing: a state is listed once per visit.
    if (visited.at(-1) !== key) visited.push(key)
  })
  return {
    visited,
    /** The actor, once spawned. */
    get ref() {
      return featureOf(app, id)
    },
    stop: () => sub.unsubscribe(),
  }
}

/**
 * `visited` goes through `states` in that order (other states between them allowed; a state repeated in a row is one
 * visit, as {@link followFeature} records them).
 */
export function visitsInOrder(visited: readonly string[], states: readonly string[]): boolean {
  const wanted = states.filter((s, i) => s !== states[i - 1])
  let i = 0
  for (const v of visited) if (i < wanted.length && v === wanted[i]) i++
  return i === wanted.length
}

/**
 * The answer of a SIWX verifier that verifies on chain 999 (the reference server refuses chains it does not read):
 * the session of the message the wallet signed, as a `Response` for `app.gates.answer`.
 *
 * @param token The session token the answer carries.
 */
export function verifiedOn999(app: App, token: string): Response {
  const message = featureOf(app, 'siwx')!.getSnapshot().context.message!
  const session = {
    token,
    address: app.wallet.state.address,
    chainId: `eip155:${UNKNOWN_CHAIN}`,
    domain: message.domain,
    uri: message.uri,
    issuedAt: message.issuedAt,
    message: message.serializedMessage,
    signature: '0x01',
  }
  return new Response(JSON.stringify({ session }), { status: 200, headers: { 'content-type': 'application/json' } })
}

/**
 * Registers the walks of the coverage paths: one `describe` per run (named by its fixture), one test per path named
 * `walk: <its steps>` (`(initial)` for the empty path), each with a 30 s timeout.
 *
 * @param runs The runs of `buildModelPaths` (coverage.ts), each with its fixture.
 * @param stepName Names a step in a test's name (given the step and its index).
 * @param walk Walks one path of a fixture in the UI.
 */
export function describeWalks<F extends { name: string }>(runs: Array<{ fixture: F; paths: ModelPath[] }>, stepName: (step: Step, index: number) => string, walk: (fixture: F, path: ModelPath) => Promise<void>) {
  for (const run of runs) {
    describe(run.fixture.name, () => {
      for (const path of run.paths) {
        test(`walk: ${path.steps.map(stepName).join(' → ') || '(initial)'}`, () => walk(run.fixture, path), 30_000)
      }
    })
  }
}

/**
 * The gate key of a blockchain-API call: `api:` and the path's kind (`balance`, `history`, `identity`,
 * `name`, `reverse`, …), so a fixture can hold, fail or answer it like a wallet method.
 */
export function apiGateKey(url: string): string {
  const path = new URL(url).pathname
  if (/\/v1\/account\/[^/]+\/balance$/.test(path)) return 'api:balance'
  if (/\/v1\/account\/[^/]+\/history$/.test(path)) return 'api:history'
  if (path.includes('/v1/identity/')) return 'api:identity'
  if (path.includes('/v1/profile/account/')) return 'api:name'
  if (path.includes('/v1/profile/reverse/')) return 'api:reverse'
  return `api:${path}`
}

/**
 * Holds chosen calls (wallet methods by name, API calls by {@link apiGateKey}) until the test releases,
 * fails or answers them: the wallet's RPC or the server answering late, failing, or answering oddly. The
 * wallet, the chain and the server stay real; only the timing (and, with `answer`, that one reply) is the test's.
 */
function createGates() {
  type Held = { go: Deferred<void>; answer?: unknown; answered: boolean }
  const held = new Map<string, Held[]>()
  const closed = new Set<string>()
  const waitHeld = async (key: string) => {
    await waitFor(() => {
      if (!held.get(key)?.length) throw new TestFailure(`no ${key} waiting`)
    })
    return held.get(key)!.shift()!
  }
  return {
    /**
     * Runs `call` now, or once the gate of `key` lets it through. A held call whose `signal` aborts (the API client's
     * request timeout, the actor that asked stopped) leaves the gate and fails with the signal's reason, as a request
     * on a real network stops: it is never released later.
     */
    async run(key: string, call: () => Promise<unknown>, signal?: AbortSignal | null): Promise<unknown> {
      if (closed.has(key)) {
        const entry: Held = { go: deferred<void>(), answered: false }
        held.set(key, [...(held.get(key) ?? []), entry])
        wake()
        const onAbort = () => {
          const list = held.get(key) ?? []
          const at = list.indexOf(entry)
          if (at >= 0) list.splice(at, 1)
          entry.go.reject(signal?.reason)
        }
        if (signal?.aborted) onAbort()
        else signal?.addEventListener('abort', onAbort, { once: true })
        try {
          await entry.go.promise
        } finally {
          signal?.removeEventListener('abort', onAbort)
        }
        if (entry.answered) return entry.answer
      }
      return call()
    },
    close(key: string) {
      closed.add(key)
    },
    open(key: string) {
      closed.delete(key)
    },
    waiting: (key: string) => held.get(key)?.length ?? 0,
    /** The oldest held call goes through to the real wallet or server. */
    async release(key: string) {
      ;(await waitHeld(key)).go.resolve()
    },
    /** The oldest held call fails with `error`. */
    async fail(key: string, error: unknown) {
      ;(await waitHeld(key)).go.reject(error)
    },
    /** The oldest held call returns `value` instead (a wallet reply or a `Response`). */
    async answer(key: string, value: unknown) {
      const entry = await waitHeld(key)
      entry.answered = true
      entry.answer = value
      entry.go.resolve()
    },
    releaseAll() {
      for (const list of held.values()) list.splice(0).forEach((d) => d.go.reject(new ForeignError('test over')))
    },
  }
}

/**
 * The fake frame of a signed-in embedded-wallet user: FRAME_READY once the iframe is mounted, then every IS_CONNECTED,
 * GET_USER, SYNC_THEME, SYNC_DAPP_DATA, GET_CHAIN_ID and SWITCH_NETWORK answered as the secure site would for `user`.
 */
function answerFrame(frame: ReturnType<typeof frameFixture>, user: { email: string; address: string; chainId: number }) {
  const mount = frame.transport.mount.bind(frame.transport)
  frame.transport.mount = () => {
    const iframe = mount()
    setTimeout(() => frame.ready(), 0)
    return iframe
  }
  const answered = new Set<string>()
  const timer = setInterval(() => {
    for (const r of frame.requests) {
      if (answered.has(r.id)) continue
      const kind = r.type.slice(4) as FrameRequestKind
      const result =
        kind === 'IS_CONNECTED'
          ? { isConnected: true }
          : kind === 'GET_USER'
            ? { ...user, accounts: [{ address: user.address, type: 'eoa' as const }] }
            : kind === 'GET_CHAIN_ID'
              ? { chainId: user.chainId }
              : kind === 'SWITCH_NETWORK'
                ? { chainId: (r.payload as { chainId: number }).chainId }
                : kind === 'SYNC_THEME' || kind === 'SYNC_DAPP_DATA'
                  ? {}
                  : undefined
      if (result === undefined) continue
      answered.add(r.id)
      frame.say(frameSuccess(kind, r.id, result as never))
    }
  }, 10)
  return { stop: () => clearInterval(timer) }
}
