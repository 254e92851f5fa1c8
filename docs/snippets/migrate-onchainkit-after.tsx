// After: latchkey on the app's wagmi config, with the modal's own views where OnchainKit had components.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createModal } from 'latchkey'
import { AccountButton, ConnectButton, ModalProvider, NetworkButton, useAccount, useModal, usePay, useSendCalls } from 'latchkey/react'
import { latchkeyConnector, syncWagmiChain, toLatchkeyNetworks } from 'latchkey/wagmi'
import { useEffect } from 'react'
import type { Hex } from 'viem'
import { createConfig, http, WagmiProvider } from 'wagmi'
import { base } from 'wagmi/chains'

const chains = [base] as const
const modal = createModal({
  projectId: 'your-project-id',
  networks: toLatchkeyNetworks(chains),
  metadata: { name: 'My dapp', description: 'What it does', url: 'https://example.org', icons: [] },
  themeVariables: { accent: '#0052ff' },
  termsConditionsUrl: 'https://example.org/terms', // config.wallet.termsUrl
  privacyPolicyUrl: 'https://example.org/privacy', // config.wallet.privacyUrl
})
const config = createConfig({
  chains,
  connectors: [latchkeyConnector(modal)],
  multiInjectedProviderDiscovery: false,
  transports: { [base.id]: http() },
})
syncWagmiChain(modal, config)
const queryClient = new QueryClient()

// config.appearance.mode 'auto': follow the system's colour scheme.
function useSystemThemeMode() {
  useEffect(() => {
    const query = window.matchMedia('(prefers-color-scheme: dark)')
    const follow = () => modal.setThemeMode(query.matches ? 'dark' : 'light')
    follow()
    query.addEventListener('change', follow)
    return () => query.removeEventListener('change', follow)
  }, [])
}

// <Identity><Avatar /><Name /><EthBalance /></Identity>: the account's own text, or <AccountButton />.
function Profile() {
  const account = useAccount()
  if (!account.isConnected) return null
  return (
    <p>
      {account.displayAddress} · {account.formattedBalance}
    </p>
  )
}

// <Transaction calls={…} />: batched when the wallet supports EIP-5792, one by one otherwise.
function Mint({ contract, data }: { contract: Hex; data: Hex }) {
  const { sendCalls, isPending, error } = useSendCalls()
  return (
    <>
      <button type="button" disabled={isPending} onClick={() => sendCalls({ calls: [{ to: contract, data }] })}>
        Mint
      </button>
      {error && <p role="alert">{error.message}</p>}
    </>
  )
}

// <Swap />, <FundButton />, <Checkout />: views of the modal.
function Shop({ recipient, usdc }: { recipient: string; usdc: string }) {
  const { open } = useModal()
  const { pay, status } = usePay()
  return (
    <>
      <button type="button" onClick={() => open({ view: 'Swap' })}>
        Swap
      </button>
      <button type="button" onClick={() => open({ view: 'OnRamp' })}>
        Buy crypto
      </button>
      <button type="button" disabled={status === 'pending'} onClick={() => pay({ recipient, amount: '5', asset: usdc })}>
        Pay 5 USDC
      </button>
    </>
  )
}

function Page() {
  useSystemThemeMode()
  return (
    <>
      {/* <Wallet><ConnectWallet /><WalletDropdown>…</WalletDropdown></Wallet> */}
      <ConnectButton />
      <AccountButton />
      <NetworkButton />
      <Profile />
      <Mint contract="0x0000000000000000000000000000000000000001" data="0x" />
      <Shop recipient="0x0000000000000000000000000000000000000002" usdc="eip155:8453/erc20:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" />
    </>
  )
}

export const App = () => (
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <ModalProvider modal={modal}>
        <Page />
      </ModalProvider>
    </QueryClientProvider>
  </WagmiProvider>
)
