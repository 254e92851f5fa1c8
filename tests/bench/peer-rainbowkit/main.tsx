/**
 * The peer page: RainbowKit's documented setup (WagmiProvider + QueryClientProvider + RainbowKitProvider)
 * showing its `<ConnectButton />`, on mainnet. Measured by the bench in the same run as latchkey's page.
 *
 * Wallets: injected only, like latchkey's page (EIP-6963 / window.ethereum). `getDefaultConfig` is not
 * used because its WalletConnect connector calls pulse.walletconnect.org and api.web3modal.org on load,
 * which this machine cannot reach (and which latchkey's page does not do either). The RPC transport
 * points at the bench's local anvil, though nothing reads the chain before a wallet connects.
 */
import '@rainbow-me/rainbowkit/styles.css'
import { ConnectButton, connectorsForWallets, RainbowKitProvider } from '@rainbow-me/rainbowkit'
import { injectedWallet } from '@rainbow-me/rainbowkit/wallets'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { createConfig, http, WagmiProvider } from 'wagmi'
import { mainnet } from 'wagmi/chains'

const connectors = connectorsForWallets([{ groupName: 'Installed', wallets: [injectedWallet] }], {
  appName: 'latchkey bench peer',
  projectId: 'latchkey-bench-dummy',
})
const config = createConfig({
  connectors,
  chains: [mainnet],
  transports: { [mainnet.id]: http('http://127.0.0.1:38545') },
  ssr: false,
})
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
