// After: latchkey on the wagmi config the ConnectKit app already had; its wagmi hooks stay as they were.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createModal, createSiwx } from 'latchkey'
import { AccountButton, ConnectButton, ModalProvider, NetworkButton, useAccount, useModal } from 'latchkey/react'
import { latchkeyConnector, syncWagmiChain, toLatchkeyNetworks } from 'latchkey/wagmi'
import { useEffect } from 'react'
import { createConfig, http, WagmiProvider } from 'wagmi'
import { base, mainnet } from 'wagmi/chains'

const chains = [mainnet, base] as const
const modal = createModal({
  projectId: 'your-project-id',
  networks: toLatchkeyNetworks(chains),
  metadata: { name: 'My dapp', description: 'What it does', url: 'https://example.org', icons: [] },
  themeMode: 'dark', // ConnectKit's mode="dark"
  themeVariables: { accent: '#1a88f8', borderRadiusMaster: '8px', fontFamily: 'Inter, sans-serif' }, // customTheme
  siwx: createSiwx({ url: 'https://api.example.org/siwx', statement: 'Sign in to My dapp.' }), // SIWEProvider
})
const config = createConfig({
  chains,
  connectors: [latchkeyConnector(modal)],
  multiInjectedProviderDiscovery: false, // the modal finds the browser wallets (EIP-6963)
  transports: { [mainnet.id]: http(), [base.id]: http() },
})
syncWagmiChain(modal, config)
const queryClient = new QueryClient()

// ConnectKitButton.Custom: a button of your own over the same state.
function MyConnectButton() {
  const { open } = useModal()
  const account = useAccount()
  return (
    <button type="button" onClick={() => open()}>
      {account.isConnected ? account.displayAddress : 'Connect'}
    </button>
  )
}

// ConnectKitProvider's onConnect / onDisconnect: follow the instance's state.
function ConnectionLog() {
  useEffect(() => {
    let last: string | undefined
    return modal.subscribe(({ account }) => {
      if (account.address === last) return
      if (account.address) console.log('connected', account.caipAddress)
      else console.log('disconnected')
      last = account.address
    })
  }, [])
  return null
}

export const App = () => (
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <ModalProvider modal={modal}>
        <ConnectButton />
        <AccountButton />
        <NetworkButton />
        <MyConnectButton />
        <ConnectionLog />
      </ModalProvider>
    </QueryClientProvider>
  </WagmiProvider>
)
