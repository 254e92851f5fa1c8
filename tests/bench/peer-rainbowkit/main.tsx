/**
 * The peer page: RainbowKit's documented setup (WagmiProvider + QueryClientProvider + RainbowKitProvider)
 * showing its `<ConnectButton />`, on mainnet. Measured by the bench in the same run as latchkey's page.
 */
import '@rainbow-me/rainbowkit/styles.css'
import { ConnectButton, getDefaultConfig, RainbowKitProvider } from '@rainbow-me/rainbowkit'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'
import { mainnet } from 'wagmi/chains'

const config = getDefaultConfig({ appName: 'latchkey bench peer', projectId: 'latchkey-bench-dummy', chains: [mainnet], ssr: false })
const queryClient = new QueryClient()

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <RainbowKitProvider>
        <ConnectButton />
      </RainbowKitProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
