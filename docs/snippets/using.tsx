import { arbitrum, createModal, mainnet } from 'latchkey'
import { AccountButton, ConnectButton, ModalProvider, NetworkButton, useAccount } from 'latchkey/react'

const modal = createModal({
  projectId: 'your-project-id',
  networks: [mainnet, arbitrum], // the first is the default network
  metadata: { name: 'My dapp', description: 'What it does', url: 'https://example.org', icons: [] },
  themeMode: 'dark', // 'light' (default) or 'dark'
  themeVariables: { accent: '#7b61ff', borderRadiusMaster: '6px' },
})

function Header() {
  const account = useAccount() // { status, address, caipAddress, balance, balanceSymbol, … }
  return (
    <>
      <ConnectButton /> {/* "Connect Wallet"; hidden once connected */}
      <AccountButton /> {/* balance and 0x1234…abcd; hidden while disconnected */}
      <NetworkButton /> {/* active network, or "Wrong network" */}
      {account.isConnected && <span>{account.caipAddress}</span>}
    </>
  )
}

export const App = () => (
  <ModalProvider modal={modal}>
    <Header />
  </ModalProvider>
)
