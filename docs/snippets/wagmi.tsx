import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createModal } from 'latchkey'
import { AccountButton, ConnectButton, ModalProvider } from 'latchkey/react'
import { latchkeyConnector, syncWagmiChain, syncWagmiConnections, toLatchkeyNetworks } from 'latchkey/wagmi'
import { createConfig, http, useAccount, useSendTransaction, WagmiProvider } from 'wagmi'
import { mainnet, sepolia } from 'wagmi/chains'

const chains = [mainnet, sepolia] as const
const modal = createModal({ projectId: 'your-project-id', networks: toLatchkeyNetworks(chains) }) // one list of chains for both
const config = createConfig({
  chains,
  connectors: [latchkeyConnector(modal)],
  multiInjectedProviderDiscovery: false, // wallets are found and connected by the modal
  transports: { [mainnet.id]: http(), [sepolia.id]: http() },
})
syncWagmiChain(modal, config) // the chain, while no wallet is connected (below)
syncWagmiConnections(modal, config) // multi-wallet: every held wallet is a wagmi connection (below)
const queryClient = new QueryClient()

export const App = () => (
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <ModalProvider modal={modal}>
        <ConnectButton />
        <AccountButton />
        <Dapp />
      </ModalProvider>
    </QueryClientProvider>
  </WagmiProvider>
)

function Dapp() {
  const { address } = useAccount() // the address the modal connected
  const { sendTransaction } = useSendTransaction()
  return (
    <button type="button" onClick={() => sendTransaction({ to: '0x000000000000000000000000000000000000dEaD', value: 1n })}>
      Send from {address}
    </button>
  )
}
