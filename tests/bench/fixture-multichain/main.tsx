/**
 * The multi-chain bench page: the library-only page (../fixture) with one network of each namespace configured,
 * mainnet, the dev stack's Solana localnet and Bitcoin regtest. The bench weighs its initial JS and
 * finds the lazy chunks of the Solana adapter + web3.js and of the Bitcoin adapter + bitcoinjs-lib, which a
 * build has only once `createModal` imports those adapters (dynamically) for the configured namespaces.
 * For the size runs no RPC is reachable: nothing here connects, the page is only loaded and the modal opened.
 *
 * `?api=<reference server>&firstUse`, as on ../fixture: the services on the reference server, and the modal handed to
 * the feature first-use runs (firstUse.ts), which answer the Solana and Bitcoin RPC URLs themselves (Playwright
 * routes), never the dev stack's ports.
 */
import { createRoot } from 'react-dom/client'
import { solanaLocalnet } from '../../../dev/solana/network.ts'
import { bitcoinRegtest, createModal, mainnet } from '../../../ui/index.ts'
import { ConnectButton, ModalProvider } from '../../../ui/react.tsx'

const query = new URLSearchParams(location.search)
const api = query.get('api')
const modal = createModal({
  projectId: 'latchkey-bench',
  networks: [mainnet, solanaLocalnet, bitcoinRegtest],
  ...(api ? { api: { directoryUrl: `${api}/directory`, blockchainUrl: `${api}/blockchain` } } : {}),
})
if (query.has('firstUse')) (window as { __benchModal?: unknown }).__benchModal = modal

createRoot(document.getElementById('root')!).render(
  <ModalProvider modal={modal}>
    <ConnectButton />
  </ModalProvider>,
)
