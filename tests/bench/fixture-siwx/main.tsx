/**
 * The library-only page (../fixture) of a dapp that signs its visitors in (SIWX): the same modal with
 * `siwx: createSiwx({ url: <api>/siwx })`, built apart so that the library-only page's chunks stay those of a dapp
 * without sign-in. Only the feature first-use runs load it (firstUse.ts), always with
 * `?api=<reference server>&firstUse` (services on the reference server, the modal handed to the bench as on
 * ../fixture).
 */
import { createRoot } from 'react-dom/client'
import { createModal, createSiwx, mainnet } from '../../../ui/index.ts'
import { ConnectButton, ModalProvider } from '../../../ui/react.tsx'

const query = new URLSearchParams(location.search)
const api = query.get('api') ?? location.origin
const modal = createModal({
  projectId: 'latchkey-bench',
  networks: [mainnet],
  api: { directoryUrl: `${api}/directory`, blockchainUrl: `${api}/blockchain` },
  siwx: createSiwx({ url: `${api}/siwx`, projectId: 'latchkey-bench' }),
})
if (query.has('firstUse')) (window as { __benchModal?: unknown }).__benchModal = modal

createRoot(document.getElementById('root')!).render(
  <ModalProvider modal={modal}>
    <ConnectButton />
  </ModalProvider>,
)
