/**
 * The inspector's bench page (inspectOpen.ts): the library-only page's modal and Connect button, and a dapp's button
 * 'Open inspector' that calls `inspect(modal)` (latchkey/inspect). Its entry and the panel's chunk (React is shared,
 * the chart drawing and ELK are the panel's) load only on that click, as on a dapp that imports the entry lazily, so
 * the time measured is the visitor's first opening: fetch, record, mount, paint.
 */
import { createRoot } from 'react-dom/client'
import { createModal, mainnet } from '../../../ui/index.ts'
import { ConnectButton, ModalProvider } from '../../../ui/react.tsx'

const modal = createModal({ projectId: 'latchkey-bench', networks: [mainnet] })
const openInspector = () => void import('../../../inspect/index.ts').then(({ inspect }) => inspect(modal))

createRoot(document.getElementById('root')!).render(
  <ModalProvider modal={modal}>
    <ConnectButton />
    <button type="button" onClick={openInspector}>
      Open inspector
    </button>
  </ModalProvider>,
)
