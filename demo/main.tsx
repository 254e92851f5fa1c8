/**
 * The demo dapp: the modal with the two local anvil chains plus the built-in EVM networks, the page
 * buttons, the live account state, and the development wallet (announced through EIP-6963, with its own
 * approval panel). The dev wallet is part of the demo, never of the library.
 */
import { StrictMode, useState, useSyncExternalStore } from 'react'
import type { Bip122Adapter } from '../adapters/bip122.ts'
import { createRoot } from 'react-dom/client'
import { createInspectBridge } from '../dev/visualiser/bridge.ts'
import { announceDevWallet, anvilNetwork, devChains, DevWallet, mountWalletPanel } from '../dev/wallet/index.ts'
import { arbitrum, bsc, createModal, createSiwx, mainnet, type Features } from '../ui/index.ts'
import { solanaLocalnetAt } from '../dev/solana/network.ts'
import { bitcoinRegtest } from '../adapters/networks.ts'
import { AccountButton, ConnectButton, ModalProvider, NetworkButton, useAccount } from '../ui/react.tsx'

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
const anvil1 = anvilNetwork(chainA.chainId, chainA.name, rpc1)
const anvil2 = anvilNetwork(chainB.chainId, chainB.name, rpc2)

const wallet = new DevWallet({
  chains: [
    { chainId: chainA.chainId, name: chainA.name, rpcUrl: rpc1 },
    { chainId: chainB.chainId, name: chainB.name, rpcUrl: rpc2 },
  ],
  storage: localStorage,
})
announceDevWallet(wallet)
mountWalletPanel(wallet)

// The Solana and Bitcoin development wallets (Wallet Standard), with their panels; loaded after the page (their
// libraries are the demo's, not the library's: the modal itself loads web3.js / bitcoinjs-lib only when used).
void import('../dev/solana-wallet/index.ts').then(({ DevSolanaWallet, registerDevSolanaWallet, mountSolanaWalletPanel }) => {
  const solanaWallet = new DevSolanaWallet({ rpcUrl: solanaRpc, storage: localStorage })
  registerDevSolanaWallet(solanaWallet)
  mountSolanaWalletPanel(solanaWallet)
  ;(window as unknown as { latchkeySolanaWallet: unknown }).latchkeySolanaWallet = solanaWallet
})
void import('../dev/bitcoin-wallet/index.ts').then(({ BitcoinDevWallet, registerBitcoinWallet, mountBitcoinWalletPanel }) => {
  const bitcoinWallet = new BitcoinDevWallet({ apiUrl: `${apiUrl}/blockchain`, storage: localStorage })
  registerBitcoinWallet(bitcoinWallet)
  mountBitcoinWalletPanel(bitcoinWallet)
  ;(window as unknown as { latchkeyBitcoinWallet: unknown }).latchkeyBitcoinWallet = bitcoinWallet
})

const params = new URLSearchParams(location.search)
/** `?platform=mobile` shows the phone layout (AllWallets first with manual WalletConnect, wallet deep links). */
const platform = params.get('platform') === 'mobile' ? ('mobile' as const) : undefined
/** The development mobile wallet (demo/mobile-wallet.html) as a catalogue wallet: its universal link and web app. */
const devMobileWallet = {
  id: 'latchkey-dev-mobile-wallet',
  name: 'Latchkey Mobile (dev)',
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
const modal = createModal({
  projectId: 'latchkey-demo',
  networks: [anvil1, anvil2, mainnet, arbitrum, bsc, solanaLocal, bitcoinLocal],
  metadata: { name: 'Latchkey demo', description: 'Demo dapp', url: location.origin, icons: [] },
  themeMode: params.get('theme') === 'dark' ? 'dark' : 'light',
  debug: true,
  // The reference server (dev/api) implements the three contracts of openapi/.
  api: { blockchainUrl: `${apiUrl}/blockchain`, directoryUrl: `${apiUrl}/directory`, analyticsUrl: `${apiUrl}/analytics` },
  ...(params.get('featured') ? { featuredWalletIds: params.get('featured')!.split(',') } : {}),
  ...(params.get('exclude') ? { excludeWalletIds: params.get('exclude')!.split(',') } : {}),
  // Sign in with the wallet against the reference server's SIWX API (openapi/siwx.yaml).
  ...(signInMode !== 'off'
    ? { siwx: createSiwx({ url: `${apiUrl}/siwx`, projectId: 'latchkey-demo', statement: 'Sign in to the Latchkey demo.', required: signInMode === 'required' }) }
    : {}),
  // Mobile wallets over the loopback WalletConnect relay (dev/relay) started by `npm start`.
  walletConnect: { relayUrl },
  ...(platform ? { platform } : {}),
  ...(params.get('manualWalletConnect') === '1' ? { manualWalletConnect: true } : {}),
  customWallets: params.get('badLinkWallet') === '1' ? [devMobileWallet, badLinkWallet] : [devMobileWallet],
  ...(Object.keys(featureOptions).length ? { features: featureOptions } : {}),
  ...(params.get('basic') === '1' ? { basic: true } : {}),
  inspect: inspectBridge.inspect,
})
inspectBridge.attach(modal.actor)
// For the tests and for curious developers.
;(window as unknown as { latchkey: typeof modal }).latchkey = modal

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
    <section aria-label="Sign in with the wallet">
      <fieldset>
        <legend>Sign in with the wallet (SIWX)</legend>
        {(['off', 'optional', 'required'] as const).map((mode) => (
          <label key={mode} style={{ marginRight: 12 }}>
            <input type="radio" name="siwx-mode" value={mode} checked={signInMode === mode} onChange={() => choose(mode)} />{' '}
            {mode === 'off' ? 'Off' : mode === 'optional' ? 'Optional' : 'Require sign-in'}
          </label>
        ))}
      </fieldset>
      {state.siwx && (
        <p>
          Sign-in: <span data-testid="siwx-phase">{state.siwx.phase}</span>
          {session && (
            <>
              {' '}
              · Signed in as <span data-testid="siwx-session-address">{session.address}</span> on{' '}
              <span data-testid="siwx-session-network">{session.caipNetworkId}</span>
              {session.expirationTime && <> · until {new Date(session.expirationTime).toLocaleString()}</>}
            </>
          )}
        </p>
      )}
    </section>
  )
}

/**
 * What a dapp does with the connected wallet through the public API: sign a message (any namespace) and, on
 * Bitcoin, a transfer through the wallet's sendTransfer (`modal.getAdapter('bip122')`).
 */
function WalletActions() {
  const state = useSyncExternalStore(modal.subscribe, modal.getState)
  const [message, setMessage] = useState('Hello from the Latchkey demo')
  const [signature, setSignature] = useState('')
  const [recipient, setRecipient] = useState('')
  const [sats, setSats] = useState('10000')
  const [txid, setTxid] = useState('')
  const [error, setError] = useState('')
  const run = (task: () => Promise<void>) => {
    setError('')
    task().catch((e: unknown) => setError(e instanceof Error ? (e as Error & { shortMessage?: string }).shortMessage ?? e.message : String(e)))
  }
  if (!state.account.isConnected) return null
  return (
    <section aria-label="Wallet actions">
      <h2 style={{ fontSize: 16 }}>Wallet actions</h2>
      <label>
        Message <input value={message} onChange={(e) => setMessage(e.target.value)} />
      </label>{' '}
      <button type="button" onClick={() => run(async () => setSignature(await modal.signMessage({ message })))}>
        Sign message
      </button>
      {signature && (
        <p>
          Signature: <code data-testid="signed-message-signature" style={{ wordBreak: 'break-all' }}>{signature}</code>
        </p>
      )}
      {state.activeNamespace === 'bip122' && (
        <p>
          <label>
            Recipient <input value={recipient} onChange={(e) => setRecipient(e.target.value)} />
          </label>{' '}
          <label>
            Satoshis <input value={sats} onChange={(e) => setSats(e.target.value)} />
          </label>{' '}
          <button
            type="button"
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
            <>
              {' '}
              Sent: <code data-testid="bitcoin-txid">{txid}</code>
            </>
          )}
        </p>
      )}
      {error && (
        <p role="alert" data-testid="wallet-action-error">
          {error}
        </p>
      )}
    </section>
  )
}

function LiveState() {
  const state = useSyncExternalStore(modal.subscribe, modal.getState)
  const account = useAccount()
  return (
    <section aria-label="Live state">
      <h2 style={{ fontSize: 16 }}>Live state</h2>
      <p>
        Status: <span data-testid="state-status">{account.status}</span> · Address:{' '}
        <span data-testid="state-address">{account.address ?? '—'}</span> · Balance:{' '}
        <span data-testid="state-balance">{account.balance ?? '—'}</span> · Network:{' '}
        <span data-testid="state-network">{state.caipNetworkId}</span>
      </p>
      <pre>{JSON.stringify(state, null, 2)}</pre>
    </section>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ModalProvider modal={modal}>
      <div className="buttons">
        <ConnectButton />
        <AccountButton />
        <NetworkButton />
      </div>
      <p>
        <a href="./visualiser.html" target="_blank" rel="noopener">
          Statechart visualiser
        </a>{' '}
        (opens in a new tab: every machine of the modal, live)
      </p>
      <SignInPanel />
      <WalletActions />
      <LiveState />
    </ModalProvider>
  </StrictMode>,
)
