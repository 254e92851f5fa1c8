// After: latchkey on the same wagmi config; the dapp's wagmi hooks stay as they were.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createModal } from 'latchkey'
import { AccountButton, ConnectButton, ModalProvider, NetworkButton, useModal } from 'latchkey/react'
import { latchkeyConnector, syncWagmiChain, toLatchkeyNetworks } from 'latchkey/wagmi'
import { createConfig, http, WagmiProvider } from 'wagmi'
import { mainnet, sepolia } from 'wagmi/chains'

const chains = [mainnet, sepolia] as const
const modal = createModal({
  projectId: 'your-project-id',
  networks: toLatchkeyNetworks(chains),
  metadata: { name: 'My dapp', description: 'What it does', url: 'https://example.org', icons: [] },
  themeMode: 'dark',
  themeVariables: { accent: '#7b61ff', borderRadiusMaster: '2px' },
})
const config = createConfig({
  chains,
  connectors: [latchkeyConnector(modal)],
  multiInjectedProviderDiscovery: false, // the modal finds and connects the wallets
  transports: { [mainnet.id]: http(), [sepolia.id]: http() },
})
syncWagmiChain(modal, config)
const queryClient = new QueryClient()

function Actions() {
  const { open } = useModal()
  return (
    <>
      <button type="button" onClick={() => open()}>
        Sign in
      </button>
      <button type="button" onClick={() => open({ view: 'SwitchNetwork' })}>
        Network
      </button>
    </>
  )
}

export const App = () => (
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <ModalProvider modal={modal}>
        <ConnectButton />
        <AccountButton />
        <NetworkButton />
        <Actions />
      </ModalProvider>
    </QueryClientProvider>
  </WagmiProvider>
)
