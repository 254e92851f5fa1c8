// Before: RainbowKit 2 on wagmi 2.
import '@rainbow-me/rainbowkit/styles.css'
import { ConnectButton, darkTheme, getDefaultConfig, RainbowKitProvider, useChainModal, useConnectModal } from '@rainbow-me/rainbowkit'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { WagmiProvider } from 'wagmi'
import { mainnet, sepolia } from 'wagmi/chains'

const config = getDefaultConfig({ appName: 'My dapp', projectId: 'your-project-id', chains: [mainnet, sepolia] })
const queryClient = new QueryClient()

function Actions() {
  const { openConnectModal } = useConnectModal()
  const { openChainModal } = useChainModal()
  return (
    <>
      <button type="button" onClick={openConnectModal}>
        Sign in
      </button>
      <button type="button" onClick={openChainModal}>
        Network
      </button>
    </>
  )
}

export const App = () => (
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <RainbowKitProvider theme={darkTheme({ accentColor: '#7b61ff', borderRadius: 'small' })}>
        <ConnectButton />
        <Actions />
      </RainbowKitProvider>
    </QueryClientProvider>
  </WagmiProvider>
)
