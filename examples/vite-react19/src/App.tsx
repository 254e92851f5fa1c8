import { createModal, defineEvmNetwork, mainnet } from 'latchkey'
import { AccountButton, ConnectButton, ModalProvider, NetworkButton, useAccount } from 'latchkey/react'
import { PayForOrder } from './Pay.tsx'

/**
 * A local chain (anvil's defaults). The RPC URL comes from `?rpc=` so the example's test can point it at its own anvil
 * (the modal reads a payment's balances and fee on the network's node); a real dapp writes its node's URL.
 */
const anvil = defineEvmNetwork({
  id: 31337,
  name: 'Anvil Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: new URLSearchParams(location.search).get('rpc') ?? 'http://127.0.0.1:8545',
})

// One instance for the page, created once at module level (outside render).
const modal = createModal({
  projectId: 'latchkey-example',
  networks: [anvil, mainnet],
  metadata: { name: 'latchkey example', description: 'Vite + React 19', url: location.origin, icons: [] },
  // An EVM-only dapp without WalletConnect needs none of the optional SDKs installed.
  walletConnect: false,
  // `usePay()` (below): pay is off by default.
  features: { pay: true },
})

// The inspector (latchkey/inspect) for testers who open the page with `?latchkey-inspect`: its code loads only then.
if (new URLSearchParams(location.search).has('latchkey-inspect')) void import('latchkey/inspect').then(({ inspect }) => inspect(modal, { urlOptIn: true }))

function Account() {
  const account = useAccount()
  if (!account.isConnected) return <p>Not connected</p>
  return (
    <p>
      Connected: <output data-testid="example-address">{account.address}</output> · balance{' '}
      <output data-testid="example-balance">
        {account.balance} {account.balanceSymbol}
      </output>
    </p>
  )
}

export default function App() {
  return (
    <ModalProvider modal={modal}>
      <h1>latchkey · Vite + React 19</h1>
      <ConnectButton />
      <AccountButton />
      <NetworkButton />
      <Account />
      <PayForOrder asset={`${anvil.caipNetworkId}/slip44:60`} />
    </ModalProvider>
  )
}
