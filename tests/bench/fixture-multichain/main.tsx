/**
 * The multi-chain bench page: the library-only page (../fixture) with one network of each namespace configured,
 * mainnet, the dev stack's Solana localnet and Bitcoin regtest (issue 7). The bench weighs its initial JS and
 * finds the lazy chunks of the Solana adapter + web3.js and of the Bitcoin adapter + bitcoinjs-lib, which a
 * build has only once `createModal` imports those adapters (dynamically) for the configured namespaces.
 * No RPC is reachable: nothing here connects, the page is only loaded and the modal opened.
 */
import { createRoot } from 'react-dom/client'
import { solanaLocalnet } from '../../../dev/solana/network.ts'
import { bitcoinRegtest, createModal, mainnet } from '../../../ui/index.ts'
import { ConnectButton, ModalProvider } from '../../../ui/react.tsx'

const modal = createModal({ projectId: 'latchkey-bench', networks: [mainnet, solanaLocalnet, bitcoinRegtest] })

createRoot(document.getElementById('root')!).render(
  <ModalProvider modal={modal}>
    <ConnectButton />
  </ModalProvider>,
)
