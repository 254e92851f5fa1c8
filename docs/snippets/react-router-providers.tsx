// app/wallet.tsx: the modal and its provider, rendered by app/root.tsx around <Outlet /> (server and browser).
import { createModal, mainnet } from 'latchkey'
import { ModalProvider, useAccount, useHydrated } from 'latchkey/react'
import { type ReactNode, useState } from 'react'

export function WalletProvider({ children, nonce }: { children: ReactNode; nonce?: string }) {
  // One instance per rendered tree: two requests on the server never share one; the browser keeps its own.
  const [modal] = useState(() => createModal({ projectId: 'your-project-id', networks: [mainnet], ...(nonce ? { nonce } : {}) }))
  return <ModalProvider modal={modal}>{children}</ModalProvider>
}

// Markup that shows the account waits for hydration: the server never knows the stored connection.
export function AccountLine() {
  const hydrated = useHydrated()
  const account = useAccount()
  return <p>{hydrated && account.isConnected ? account.displayAddress : 'Not connected'}</p>
}
