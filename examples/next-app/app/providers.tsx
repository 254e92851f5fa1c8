'use client'

import { createModal, defineEvmNetwork, mainnet } from 'latchkey'
import { ModalProvider } from 'latchkey/react'
import { useState, type ReactNode } from 'react'

/** A local chain (anvil's defaults); the example's test points the development wallet at its own anvil. */
const anvil = defineEvmNetwork({
  id: 31337,
  name: 'Anvil Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrl: 'http://127.0.0.1:8545',
})

/**
 * The modal instance lives in a client component. On the server (prerendering) createModal touches no window,
 * document or storage; one instance per render tree (useState), so requests never share one.
 */
export function Providers({ children }: { children: ReactNode }) {
  const [modal] = useState(() =>
    createModal({
      projectId: 'latchkey-example',
      networks: [anvil, mainnet],
      metadata: { name: 'latchkey example', description: 'Next.js App Router', url: 'http://127.0.0.1', icons: [] },
      // An EVM-only dapp without WalletConnect needs none of the optional SDKs installed.
      walletConnect: false,
    }),
  )
  return <ModalProvider modal={modal}>{children}</ModalProvider>
}
