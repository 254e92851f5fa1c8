// app/wallet.client.tsx: React Router leaves `.client` modules out of the server build, so this code (and the
// modal's) runs only in the browser. Module scope is fine here: there is one browser and no request to share it with.
import { createModal, mainnet } from 'latchkey'
import { AccountButton, ConnectButton, ModalProvider, NetworkButton } from 'latchkey/react'

const modal = createModal({ projectId: 'your-project-id', networks: [mainnet] })

export default function WalletPanel() {
  return (
    <ModalProvider modal={modal}>
      <ConnectButton />
      <AccountButton />
      <NetworkButton />
    </ModalProvider>
  )
}
