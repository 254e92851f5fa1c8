// After: latchkey in place of Web3-Onboard's init and hooks; ethers reads the wallet through latchkey/ethers.
import { parseEther } from 'ethers'
import { arbitrum, createModal, mainnet } from 'latchkey'
import { getEthersSigner } from 'latchkey/ethers'
import { AccountButton, ModalProvider, NetworkButton, useAccount, useDisconnect, useModal, useNetwork } from 'latchkey/react'
import { useEffect } from 'react'

// init({ wallets, chains, appMetadata, theme }): browser wallets are found without a module (EIP-6963),
// mobile wallets come through WalletConnect (the projectId), the rest from the wallet catalogue.
const modal = createModal({
  projectId: 'your-project-id',
  networks: [mainnet, arbitrum],
  metadata: { name: 'My dapp', description: 'What it does', url: 'https://example.org', icons: ['https://example.org/icon.png'] },
  themeMode: 'dark',
  locale: 'de', // i18n / setLocale
})

function Wallet() {
  const { open } = useModal() // connect()
  const disconnect = useDisconnect() // disconnect(wallet)
  const account = useAccount() // { wallet, connecting }
  const network = useNetwork() // useSetChain(): connectedChain, chains, settingChain, setChain
  if (!account.isConnected) {
    return (
      <button type="button" disabled={account.status === 'connecting'} onClick={() => open()}>
        {account.status === 'connecting' ? 'Connecting…' : 'Connect'}
      </button>
    )
  }
  return (
    <>
      <span>
        {account.displayAddress} on {network.active.name}
      </span>
      <select value={network.active.caipNetworkId} disabled={network.isSwitching} onChange={(event) => network.switchNetwork(event.target.value)}>
        {network.items.map((item) => (
          <option key={item.network.caipNetworkId} value={item.network.caipNetworkId}>
            {item.network.name}
          </option>
        ))}
      </select>
      <button type="button" onClick={disconnect}>
        Disconnect
      </button>
    </>
  )
}

// new BrowserProvider(wallet.provider).getSigner()
async function tip() {
  const signer = await getEthersSigner(modal) // throws NoConnectedWalletError when no eip155 wallet is connected
  await (await signer.sendTransaction({ to: '0x000000000000000000000000000000000000dEaD', value: parseEther('0.001') })).wait()
}

// onboard.state.select('wallets').subscribe(…)
function useWalletLog() {
  useEffect(() => modal.subscribe(({ account, caipNetworkId }) => console.log(account.status, account.address, caipNetworkId)), [])
}

export function App() {
  useWalletLog()
  return (
    <ModalProvider modal={modal}>
      <Wallet />
      <button type="button" onClick={() => void tip()}>
        Tip
      </button>
      {/* accountCenter: no floating widget; place the account and network buttons yourself */}
      <AccountButton />
      <NetworkButton />
    </ModalProvider>
  )
}
