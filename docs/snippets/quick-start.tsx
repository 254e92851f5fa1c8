// src/App.tsx of the stock Vite `react-ts` template (examples/vite-react19)
import { createModal, mainnet } from 'latchkey'
import { AccountButton, ConnectButton, ModalProvider } from 'latchkey/react'

const modal = createModal({ projectId: 'your-project-id', networks: [mainnet], walletConnect: false })

export default function App() {
  return (
    <ModalProvider modal={modal}>
      <ConnectButton />
      <AccountButton />
    </ModalProvider>
  )
}
