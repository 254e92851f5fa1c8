/**
 * The demo dapp: the modal with the two local anvil chains plus the built-in EVM networks, the page
 * buttons, the live account state, and the development wallet (announced through EIP-6963, with its own
 * approval panel). The dev wallet is part of the demo, never of the library.
 */
import { StrictMode, useSyncExternalStore } from 'react'
import { createRoot } from 'react-dom/client'
import { announceDevWallet, anvilNetwork, devChains, DevWallet, mountWalletPanel } from '../dev/wallet/index.ts'
import { arbitrum, bsc, createModal, mainnet } from '../ui/index.ts'
import { AccountButton, ConnectButton, ModalProvider, NetworkButton, useAccount } from '../ui/react.tsx'

const rpc1 = import.meta.env.VITE_ANVIL_RPC_1 ?? 'http://127.0.0.1:8545'
const rpc2 = import.meta.env.VITE_ANVIL_RPC_2 ?? 'http://127.0.0.1:8546'
const apiUrl = import.meta.env.VITE_API_URL ?? 'http://127.0.0.1:8600'
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

const params = new URLSearchParams(location.search)
const modal = createModal({
  projectId: 'latchkey-demo',
  networks: [anvil1, anvil2, mainnet, arbitrum, bsc],
  metadata: { name: 'Latchkey demo', description: 'Demo dapp', url: location.origin, icons: [] },
  themeMode: params.get('theme') === 'dark' ? 'dark' : 'light',
  debug: true,
  // The reference server (dev/api) implements the three contracts of openapi/.
  api: { blockchainUrl: `${apiUrl}/blockchain`, directoryUrl: `${apiUrl}/directory`, analyticsUrl: `${apiUrl}/analytics` },
  ...(params.get('featured') ? { featuredWalletIds: params.get('featured')!.split(',') } : {}),
  ...(params.get('exclude') ? { excludeWalletIds: params.get('exclude')!.split(',') } : {}),
})
// For the tests and for curious developers.
;(window as unknown as { latchkey: typeof modal }).latchkey = modal

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
      <LiveState />
    </ModalProvider>
  </StrictMode>,
)
