/**
 * The demo dapp: a small dapp page, its header with the page buttons (network, connect / account),
 * a panel that uses the connection (sign a message, send a small amount, the current state in a readable form with
 * the raw JSON folded away), the modal with the two local anvil chains, the built-in EVM networks, Solana and
 * Bitcoin, and the development wallets (EVM through EIP-6963, Solana and Bitcoin through the Wallet Standard) in one
 * dock (dev/dock.ts) that never covers the page or the modal. The dev wallets are part of the demo, never of the library.
 */
import { StrictMode, useState, useSyncExternalStore, type ReactNode } from 'react'
import { parseEther } from 'viem'
import type { Bip122Adapter } from '../adapters/bip122.ts'
import { createRoot } from 'react-dom/client'
import { createInspectBridge } from '../dev/visualiser/bridge.ts'
import { mountWalletDock } from '../dev/dock.ts'
import { announceDevWallet, anvilNetwork, devChains, devMobileWalletIcon, DevWallet, mountWalletPanel } from '../dev/wallet/index.ts'
import { arbitrum, bsc, createModal, createSiwx, mainnet, type Features } from '../ui/index.ts'
import { solanaLocalnetAt } from '../dev/solana/network.ts'
import { lazyDevSolanaWallet, mountLazySolanaWalletPanel } from '../dev/solana-wallet/lazy.ts'
import { registerDevSolanaWallet } from '../dev/solana-wallet/register.ts'
import { lazyBitcoinDevWallet, mountLazyBitcoinWalletPanel } from '../dev/bitcoin-wallet/lazy.ts'
import { registerBitcoinWallet } from '../dev/bitcoin-wallet/register.ts'
import { bitcoinRegtest } from '../adapters/networks.ts'
import { NoConnectedWalletError } from '../ui/bridge.ts'
import { PayRequest } from './pay.tsx'
import { registerSecondWallets } from './secondWallets.ts'
import { AccountButton, ConnectButton, ModalProvider, NetworkButton, useAccount, useCallsStatus, useSendCalls } from '../ui/react.tsx'

const rpc1 = import.meta.env.VITE_ANVIL_RPC_1 ?? 'http://127.0.0.1:8545'
const rpc2 = import.meta.env.VITE_ANVIL_RPC_2 ?? 'http://127.0.0.1:8546'
const apiUrl = import.meta.env.VITE_API_URL ?? 'http://127.0.0.1:8600'
const relayUrl = import.meta.env.VITE_RELAY_URL ?? 'ws://127.0.0.1:8700'
const solanaRpc = import.meta.env.VITE_SOLANA_RPC ?? 'http://127.0.0.1:8899'
/** The local Solana network (LiteSVM behind dev/solana) and Bitcoin regtest (the reference server's UTXO index). */
const solanaLocal = solanaLocalnetAt(solanaRpc)
const bitcoinLocal = { ...bitcoinRegtest, rpcUrls: { default: { http: [`${apiUrl}/blockchain`] } } }
// MOCKED (cannot run here): the WalletConnect SDK verifies the dapp's origin through a hosted verify page in a
// hidden iframe and waits 5 s for it on each proposal and request. The SDK skips it in its own test mode, which
// this switch turns on for the demo page only (dev stack, never the library).
;(globalThis as { process?: unknown }).process ??= { env: { IS_VITEST: 'true' } }
const [chainA, chainB] = devChains
/**
 * The anvil chains have no block explorer: the demo names a placeholder one (`.invalid`, RFC 2606: never resolves) so that
 * the views linking a transaction to its explorer page (CallsStatus, an unconfirmed send) show their links as with a
 * real network, and the e2e specs assert them.
 */
const devExplorer = (chainId: number) => ({ default: { name: 'Dev Explorer', url: `https://explorer-${chainId}.invalid` } })
const anvil1 = { ...anvilNetwork(chainA.chainId, chainA.name, rpc1), blockExplorers: devExplorer(chainA.chainId) }
const anvil2 = { ...anvilNetwork(chainB.chainId, chainB.name, rpc2), blockExplorers: devExplorer(chainB.chainId) }
const params = new URLSearchParams(location.search)
// `?walletAccounts=N`: the dev wallet gives the site N of its accounts (several accounts of one wallet connected).
const wallet = new DevWallet({
  exposedAccounts: Number(params.get('walletAccounts') ?? 1),
  chains: [
    { chainId: chainA.chainId, name: chainA.name, rpcUrl: rpc1 },
    { chainId: chainB.chainId, name: chainB.name, rpcUrl: rpc2 },
  ],
  storage: localStorage,
})
// `?walletAssets=on|garbled`: the dev wallet lists the account's assets itself (EIP-7811 `wallet_getAssets`), or a
// list that is not EIP-7811's; off by default, so that Account's tokens come from the API.
const walletAssets = params.get('walletAssets')
if (walletAssets === 'on' || walletAssets === 'garbled') wallet.calls.assets = walletAssets
announceDevWallet(wallet)
/**
 * `?secondWallet=1` announces a second browser wallet (multi-wallet): another development wallet on dev account 1 under
 * its own EIP-6963 identity, approving by itself (it has no panel), its state kept in the browser as an extension's is
 * (so a reload finds its approval of the site, or its revocation).
 */
if (params.get('secondWallet') === '1') {
  const storageKey = 'latchkey-dev-wallet-second'
  const fresh = localStorage.getItem(storageKey) === null
  const second = new DevWallet({
    chains: [
      { chainId: chainA.chainId, name: chainA.name, rpcUrl: rpc1 },
      { chainId: chainB.chainId, name: chainB.name, rpcUrl: rpc2 },
    ],
    storage: localStorage,
    storageKey,
    autoApprove: true,
  })
  if (fresh) second.setAccount(1)
  announceDevWallet(second, { name: 'Second Dev Wallet', rdns: 'dev.latchkey.wallet.second' })
}
// The wallet's state is the browser's (an extension's would be): another tab's approval, chain or account is adopted here.
window.addEventListener('storage', (event) => {
  if (event.key === wallet.storageKey) wallet.reload()
})
/** The system's colour scheme, which the demo follows unless `?theme=light|dark` names one. */
const darkScheme = window.matchMedia?.('(prefers-color-scheme: dark)')
const themeParam = params.get('theme')
/** The modal's theme mode at start (`?theme=dark`, else the system's); the page and the dock follow it as it changes. */
const themeMode = themeParam === 'dark' || themeParam === 'light' ? themeParam : darkScheme?.matches ? ('dark' as const) : ('light' as const)
document.documentElement.dataset.theme = themeMode
/** The modal's dialog (in its open shadow root): the dock leaves room for it on narrow screens. */
const findDialog = (): Element | null => document.querySelector('[data-testid="latchkey-modal"]')?.shadowRoot?.querySelector('[role="dialog"]') ?? null
// One dock for the three development wallets: a column on wide screens, a bar at the bottom on narrow ones.
const dock = mountWalletDock({ avoid: findDialog, theme: themeMode, order: ['evm', 'solana', 'bitcoin'] })
dock.add({ id: 'evm', label: 'EVM', wallet, mount: (el) => mountWalletPanel(wallet, el) })

// The Solana and Bitcoin development wallets (Wallet Standard), with their panels: stand-ins that register at once and
// load the wallets' code (web3.js, bitcoinjs-lib: the demo's libraries, not the library's) when a site first calls one
// of their features or the visitor opens one in the dock; at once when a site is already authorised.
const solanaWallet = lazyDevSolanaWallet({ rpcUrl: solanaRpc, storage: localStorage })
void solanaWallet.ready.then(() => registerDevSolanaWallet(solanaWallet.wallet))
dock.add({ id: 'solana', label: 'Solana', wallet: solanaWallet.wallet, mount: (el) => mountLazySolanaWalletPanel(solanaWallet, el) })
const bitcoinWallet = lazyBitcoinDevWallet({ apiUrl: `${apiUrl}/blockchain`, storage: localStorage })
void bitcoinWallet.ready.then(() => registerBitcoinWallet(bitcoinWallet.wallet))
dock.add({ id: 'bitcoin', label: 'Bitcoin', wallet: bitcoinWallet.wallet, mount: (el) => mountLazyBitcoinWalletPanel(bitcoinWallet, el) })
registerSecondWallets(params, { solanaRpc, apiUrl })

/** `?platform=mobile` shows the phone layout (AllWallets first with manual WalletConnect, wallet deep links). */
const platform = params.get('platform') === 'mobile' ? ('mobile' as const) : undefined
/** The development mobile wallet (demo/mobile-wallet.html) as a catalogue wallet: its universal link and web app. */
const devMobileWallet = {
  id: 'latchkey-dev-mobile-wallet',
  name: 'Latchkey Mobile (dev)',
  imageUrl: devMobileWalletIcon,
  mobile_link: `${location.origin}/mobile-wallet/`,
  desktop_link: `${location.origin}/mobile-wallet/`,
  webapp_link: `${location.origin}/mobile-wallet.html`,
}
/** `?badLinkWallet=1` adds a wallet whose links could run script: the modal must refuse them (spec §5). */
const badLinkWallet = { id: 'latchkey-bad-link-wallet', name: 'Bad Link Wallet (test)', mobile_link: 'javascript:alert(document.domain)//', desktop_link: 'data:text/html,<script>alert(1)</script>' }

/**
 * `?features=send:off,activity:off` sets the modal's local `features` option (any key of the feature set, `on` or
 * `off`); `?basic=1` is basic mode. The reference server's project config (`POST /__control/features`) still overrides
 * the remote-controlled keys once it arrives (spec §6).
 */
const featureOptions = Object.fromEntries(
  (params.get('features') ?? '')
    .split(',')
    .map((pair) => pair.split(':'))
    .filter(([key, value]) => key && (value === 'on' || value === 'off'))
    .map(([key, value]) => [key!, value === 'on']),
) as Partial<Features>

/** The demo's "Sign in with the wallet" switch: off, optional or required; `?siwx=` wins, else the last choice. */
type SignInMode = 'off' | 'optional' | 'required'
const signInModeKey = 'latchkey-demo:siwx'
const isSignInMode = (v: unknown): v is SignInMode => v === 'off' || v === 'optional' || v === 'required'
const signInMode: SignInMode = [params.get('siwx'), localStorage.getItem(signInModeKey)].find(isSignInMode) ?? 'off'
localStorage.setItem(signInModeKey, signInMode)
// The statechart visualiser (demo/visualiser.html) follows this page's actors over BroadcastChannel('latchkey-inspect').
const inspectBridge = createInspectBridge()
/** The demo dapp's icon (a key in a rounded square), sent to wallets and drawn in the pairing QR code’s centre. */
const demoIcon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="#5b6cff"/><circle cx="25" cy="32" r="9" fill="none" stroke="#fff" stroke-width="5"/><path d="M34 32h18M46 32v7M52 32v5" stroke="#fff" stroke-width="5" stroke-linecap="round"/></svg>',
)}`
const modal = createModal({
  // `?project=` names another project of the reference server (a spec's own remote config, read by no other spec).
  projectId: params.get('project') ?? 'latchkey-demo',
  networks: [anvil1, anvil2, mainnet, arbitrum, bsc, solanaLocal, bitcoinLocal],
  metadata: { name: 'Latchkey demo', description: 'Demo dapp', url: location.origin, icons: [demoIcon] },
  themeMode,
  // `?locale=ar-XB` (or any tag): the modal's language, numbers and dates; default 'auto', the browser's.
  ...(params.get('locale') ? { locale: params.get('locale')! } : {}),
  // `?messages={"titles.Connect":"…"}`: per-key overrides of the modal's words (the `messages` option), as JSON.
  ...(params.get('messages') ? { messages: JSON.parse(params.get('messages')!) } : {}),
  debug: true,
  // The reference server (dev/api) implements the three contracts of openapi/.
  api: { blockchainUrl: `${apiUrl}/blockchain`, directoryUrl: `${apiUrl}/directory`, analyticsUrl: `${apiUrl}/analytics` },
  ...(params.get('featured') ? { featuredWalletIds: params.get('featured')!.split(',') } : {}),
  ...(params.get('exclude') ? { excludeWalletIds: params.get('exclude')!.split(',') } : {}),
  // Sign in with the wallet against the reference server's SIWX API (openapi/siwx.yaml).
  ...(signInMode !== 'off' ? { siwx: createSiwx({ url: `${apiUrl}/siwx`, projectId: 'latchkey-demo', statement: 'Sign in to the Latchkey demo.', required: signInMode === 'required' }) } : {}),
  // Mobile wallets over the loopback WalletConnect relay (dev/relay) started by `npm start`.
  walletConnect: { relayUrl },
  // Email login through the secure site's frame (dev/secure-site) that `npm start` runs on its own origin:
  // on whenever the secure site is there (spec §9 `email` defaults to true); `?email=0` leaves the embedded wallet out
  // (`?features=email:off` keeps it configured and turns the email flag off).
  ...(import.meta.env?.VITE_SECURE_SITE_URL && params.get('email') !== '0' ? { embeddedWallet: { secureSiteUrl: String(import.meta.env.VITE_SECURE_SITE_URL) } } : {}),
  // An email or social login keeps its EOA here (spec §4's eip155 default is the smart account, which would
  // change every embedded login's address and SIWX signature: README "Smart accounts"); `?accountType=smartAccount`
  // starts on the smart account as the spec's default does.
  defaultAccountTypes: { eip155: params.get('accountType') === 'smartAccount' ? 'smartAccount' : 'eoa' },
  ...(platform ? { platform } : {}),
  ...(params.get('manualWalletConnect') === '1' ? { manualWalletConnect: true } : {}),
  customWallets: params.get('badLinkWallet') === '1' ? [devMobileWallet, badLinkWallet] : [devMobileWallet],
  ...(Object.keys(featureOptions).length ? { features: featureOptions } : {}),
  ...(params.get('basic') === '1' ? { basic: true } : {}),
  inspect: inspectBridge.inspect,
})
// The modal's core (its root actor) is fetched at once with `inspect`: attached when it is in.
void modal.ready().then(() => inspectBridge.attach(modal.actor))
// The dock moves out of the dialog's way while the modal is open (narrow screens).
modal.subscribe((state) => dock.setModalOpen(state.open))
// The page and the dock take the modal's theme mode whenever it changes (`setThemeMode`), and the modal the system's
// colour scheme when it changes, unless `?theme=` fixed it.
modal.subscribeTheme(({ themeMode: mode }) => {
  const next = mode ?? 'light'
  document.documentElement.dataset.theme = next
  dock.setTheme(next)
})
if (themeParam !== 'dark' && themeParam !== 'light')
  darkScheme?.addEventListener?.('change', (event) => modal.setThemeMode(event.matches ? 'dark' : 'light'))
  // For the tests and for curious developers.
;(window as unknown as { latchkey: typeof modal }).latchkey = modal
// `?latchkey-inspect`: the inspector (latchkey/inspect) docked on the demo; its code loads only when the address asks.
// A live replay's wallet prompts are approved by the EVM dev wallet's own control.
if (params.has('latchkey-inspect'))
  void import('../inspect/index.ts')
    .then(({ inspect }) => inspect(modal, { urlOptIn: true, wallets: [wallet] }))
    .then((inspector) => {
      ;(window as unknown as { latchkeyInspector: typeof inspector }).latchkeyInspector = inspector
    })

/** The switch (the page reloads: `required` is read when the modal is created) and the session, if any. */
function SignInPanel() {
  const state = useSyncExternalStore(modal.subscribe, modal.getState)
  const choose = (mode: SignInMode) => {
    localStorage.setItem(signInModeKey, mode)
    const url = new URL(location.href)
    url.searchParams.set('siwx', mode)
    location.assign(url)
  }
  const session = state.siwx?.session
  return (
    <section className="card" aria-label="Sign in with the wallet">
      <h2>Sign in with the wallet</h2>
      <fieldset>
        <legend>Sign-in mode (SIWX)</legend>
        {(['off', 'optional', 'required'] as const).map((mode) => (
          <label key={mode}>
            <input type="radio" name="siwx-mode" value={mode} checked={signInMode === mode} onChange={() => choose(mode)} />
            {mode === 'off' ? 'Off' : mode === 'optional' ? 'Optional' : 'Require sign-in'}
          </label>
        ))}
      </fieldset>
      {state.siwx && (
        <p className="muted">
          Sign-in: <span data-testid="siwx-phase">{state.siwx.phase}</span>
          {session && (
            <>
              {' '}
              · Signed in as{' '}
              <span className="mono" data-testid="siwx-session-address" style={{ overflowWrap: 'anywhere' }}>
                {session.address}
              </span>{' '}
              on{' '}
              <span className="mono" data-testid="siwx-session-network">
                {session.caipNetworkId}
              </span>
              {session.expirationTime && <> · until {new Date(session.expirationTime).toLocaleString()}</>}
            </>
          )}
        </p>
      )}
    </section>
  )
}

/** A labelled text field of the demo's forms (the label names the textbox). */
function Field({ label, value, onChange, placeholder, inputMode }: { label: string; value: string; onChange: (value: string) => void; placeholder?: string; inputMode?: 'decimal' | 'numeric' }) {
  const id = `field-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} placeholder={placeholder} inputMode={inputMode} autoComplete="off" spellCheck={false} onChange={(e) => onChange(e.target.value)} />
    </div>
  )
}

/**
 * What a dapp does with the connected wallet through the public API: sign a message (any namespace) and send a small
 * amount: ETH through the wallet's EIP-1193 provider (`modal.getProvider('eip155')`), bitcoin through the wallet's
 * sendTransfer (`modal.getAdapter('bip122')`), SOL through the modal's own Send view; and ETH twice in one batch of
 * calls (EIP-5792: `useSendCalls`, its status followed with `useCallsStatus`).
 */
function WalletActions() {
  const state = useSyncExternalStore(modal.subscribe, modal.getState)
  const [message, setMessage] = useState('Hello from the Latchkey demo')
  const [signature, setSignature] = useState('')
  const [recipient, setRecipient] = useState('')
  const [ether, setEther] = useState('0.001')
  const [sats, setSats] = useState('10000')
  const [txid, setTxid] = useState('')
  const [txHash, setTxHash] = useState('')
  const [error, setError] = useState('')
  const batch = useSendCalls()
  const batchStatus = useCallsStatus(batch.data?.id)
  const run = (task: () => Promise<void>) => {
    setError('')
    task().catch((e: unknown) => setError(e instanceof Error ? ((e as Error & { shortMessage?: string }).shortMessage ?? e.message) : String(e)))
  }
  if (!state.account.isConnected) {
    return (
      <section className="card" aria-label="Wallet actions">
        <h2>Use your wallet</h2>
        <p className="muted">Connect a wallet with the button at the top to sign a message and send a small amount.</p>
        {/* Pay needs no wallet: an exchange account can pay. Keyed: the same panel (its usePay) once a wallet connects. */}
        {state.features.pay && <PayRequest key="pay" />}
      </section>
    )
  }
  const namespace = state.activeNamespace
  return (
    <section className="card" aria-label="Wallet actions">
      <h2>Use your wallet</h2>
      <h3>Sign a message</h3>
      <Field label="Message" value={message} onChange={setMessage} />
      <button type="button" className="btn" onClick={() => run(async () => setSignature(await modal.signMessage({ message })))}>
        Sign message
      </button>
      {signature && (
        <p className="result">
          Signature: <code data-testid="signed-message-signature">{signature}</code>
        </p>
      )}

      <h3>Send a small amount</h3>
      {namespace === 'eip155' && (
        <>
          <div className="row">
            <Field label="Recipient" value={recipient} onChange={setRecipient} placeholder="0x…" />
            <Field label="Amount (ETH)" value={ether} onChange={setEther} inputMode="decimal" />
          </div>
          <button
            type="button"
            className="btn"
            onClick={() =>
              run(async () => {
                const provider = modal.getProvider('eip155')
                if (!provider) throw new NoConnectedWalletError()
                const value = `0x${parseEther(ether).toString(16)}`
                const hash = (await provider.request({ method: 'eth_sendTransaction', params: [{ from: state.account.address, to: recipient, value }] })) as string
                setTxHash(hash)
                modal.refreshBalance()
              })
            }
          >
            Send ETH
          </button>
          {txHash && (
            <p className="result">
              Sent: <code data-testid="evm-tx-hash">{txHash}</code>
            </p>
          )}
          <h3>Send two calls at once</h3>
          <p className="muted">The amount above twice to the recipient, in one batch (EIP-5792 `wallet_sendCalls`).</p>
          <button
            type="button"
            className="btn"
            onClick={() =>
              run(async () => {
                const value = parseEther(ether)
                await batch.sendCalls({
                  calls: [
                    { to: recipient, value },
                    { to: recipient, value },
                  ],
                })
              })
            }
          >
            Send two calls
          </button>
          {batch.data && (
            <p className="result">
              Batch status: <code data-testid="batch-status">{batchStatus.data?.status ?? batchStatus.error?.name ?? 'asking'}</code>
            </p>
          )}
        </>
      )}
      {namespace === 'bip122' && (
        <>
          <div className="row">
            <Field label="Recipient" value={recipient} onChange={setRecipient} placeholder="bcrt1…" />
            <Field label="Satoshis" value={sats} onChange={setSats} inputMode="numeric" />
          </div>
          <button
            type="button"
            className="btn"
            onClick={() =>
              run(async () => {
                const btc = (await modal.getAdapter('bip122')) as Bip122Adapter
                const result = await btc.sendTransfer({ connectorId: state.account.connectorId!, network: state.network, recipient, amount: BigInt(sats) })
                setTxid(result.txid)
                modal.refreshBalance()
              })
            }
          >
            Send bitcoin
          </button>
          {txid && (
            <p className="result">
              Sent: <code data-testid="bitcoin-txid">{txid}</code>
            </p>
          )}
        </>
      )}
      {namespace === 'solana' && (
        <>
          <p className="muted">The modal’s own Send form sends SOL and tokens.</p>
          <button type="button" className="btn" onClick={() => modal.open({ view: 'Send' })}>
            Open the send form
          </button>
        </>
      )}
      {state.features.pay && namespace !== 'bip122' && <PayRequest key="pay" />}
      {error && (
        <p role="alert" className="error" data-testid="wallet-action-error">
          {error}
        </p>
      )}
    </section>
  )
}

/** One line of the state's description list. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  )
}

/** The current state in a readable form (namespace, CAIP-10 address, network, balance); the raw JSON folded away. */
function LiveState() {
  const state = useSyncExternalStore(modal.subscribe, modal.getState)
  const account = useAccount()
  return (
    <section className="card" aria-label="Live state">
      <h2>Your connection</h2>
      <dl className="facts">
        <Fact term="Status">
          <span className="pill" data-status={account.status} data-testid="state-status">
            {account.status}
          </span>
        </Fact>
        <Fact term="Namespace">
          <span className="mono" data-testid="state-namespace">
            {state.activeNamespace}
          </span>
        </Fact>
        <Fact term="Network">
          {state.network.name} ·{' '}
          <span className="mono" data-testid="state-network">
            {state.caipNetworkId}
          </span>
        </Fact>
        <Fact term="Address">
          <span className="mono" data-testid="state-address">
            {account.address ?? '—'}
          </span>
        </Fact>
        <Fact term="CAIP-10">
          <span className="mono" data-testid="state-caip-address">
            {account.caipAddress ?? '—'}
          </span>
        </Fact>
        <Fact term="Balance">
          {/* Written as the modal writes it (grouped, trailing zeros trimmed); the plain value is in the raw state below. */}
          <span data-testid="state-balance">{account.formattedBalance ?? '—'}</span>
          {account.balance !== undefined && account.balanceSymbol ? ` ${account.balanceSymbol}` : ''}
        </Fact>
      </dl>
      <details>
        <summary>Raw state (JSON)</summary>
        <pre>{JSON.stringify(state, null, 2)}</pre>
      </details>
    </section>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ModalProvider modal={modal}>
      <header className="topbar">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true" />
          <span>
            Latchkey <small>demo dapp</small>
          </span>
        </div>
        <div className="buttons">
          <NetworkButton />
          <ConnectButton />
          <AccountButton />
        </div>
      </header>
      <main className="content">
        <div className="intro">
          <h1>Latchkey demo dapp</h1>
          <p>
            Connect one of the development wallets (they live in the dock), then sign and send on the local chains. The{' '}
            <a href="./visualiser.html" target="_blank" rel="noopener">
              Statechart visualiser
            </a>{' '}
            opens in a new tab and follows every machine of the modal, live.
          </p>
        </div>
        <LiveState />
        <WalletActions />
        <SignInPanel />
      </main>
    </ModalProvider>
  </StrictMode>,
)
